// Made from themes/*.theme by scripts/update-docs (BuiltinThemesTests): change the files there.

/// The shipped themes, built into the binary: a copy of it anywhere has them all. A theme
/// file of the same name in a theme directory wins over its built-in copy.
enum BuiltinThemes {
    static let files: [String: String] = [
        "court": #"""
# Termini theme: court — badminton-court green with white lines.

background    = #f0f0f0 on #0b4a26
text          = #f0f0f0
muted         = #a8d8b0
accent        = #ffd75f bold
title         = #ffffff bold
border        = #ffffff
focus         = #0b4a26 on #ffd75f bold
selected      = #ffd75f bold underline
disabled      = #5f8f6f
hint-key      = #0b4a26 on #ffffff
hint-label    = #ffffff
dialog        = #ffffff on #08361c
dialog-border = #ffd75f on #08361c bold
team1         = #ff6f6f bold
team2         = #8fc8ff bold
success       = #9fff9f bold
warning       = #ffd700 bold
danger        = #ffffff on #c02020 bold

"""#,
        "default": #"""
# Termini theme: default (dark)
# One "role = value" per line. A value is colours and attributes:
#   a foreground colour, "on" and a background colour, and attributes
#   (bold dim reverse underline italic). Colours are #rrggbb, a palette
#   index 0-255, an ANSI name (red, bright-blue, ...) or "default" (the
#   terminal's own). A role without a background keeps the one beneath.
# Roles left out fall back to the built-in default theme.

background    = on default
text          = default
muted         = 245
accent        = #d7af00 bold
title         = #d7af00 bold
border        = 244
focus         = reverse bold
selected      = #d7af00 bold underline
disabled      = 240 dim
hint-key      = black on cyan
hint-label    = default
dialog        = on default
dialog-border = #d7af00 on default bold
team1         = #e03030 bold
team2         = #3080f0 bold
success       = #30c050 bold
warning       = #ffaf00 bold
danger        = #ff4040 bold

"""#,
        "high-contrast": #"""
# Termini theme: high-contrast — for a laptop in a bright sports hall.
# White and strong colours on black, no subtle greys, no dim text; what matters is bold.
# Black text is #000000, not "black": many terminals draw bold black as dark grey.

background    = bright-white on black
text          = bright-white
muted         = bright-white
accent        = bright-yellow bold
title         = bright-yellow bold
border        = bright-white
focus         = #000000 on bright-yellow bold
selected      = bright-yellow bold underline
disabled      = #5f87ff
hint-key      = #000000 on bright-white bold
hint-label    = bright-white
dialog        = bright-white on black
dialog-border = bright-yellow on black bold
team1         = #ff2020 bold
team2         = #00e0ff bold
success       = bright-green bold
warning       = #000000 on #ff8700 bold
danger        = bright-white on red bold

"""#,
        "light": #"""
# Termini theme: light — dark text on a light ground it paints itself, so it reads the
# same on a dark terminal as on a light one.

background    = #1c1c1c on #fcfcfc
text          = #1c1c1c
muted         = #6c6c6c
accent        = #875f00 bold
title         = #005f87 bold
border        = #8a8a8a
focus         = #1c1c1c on #fcfcfc reverse bold
selected      = #005f87 bold underline
disabled      = #a8a8a8
hint-key      = #ffffff on #005f87
hint-label    = #1c1c1c
dialog        = #1c1c1c on #fcfcfc
dialog-border = #005f87 on #fcfcfc bold
team1         = #c00000 bold
team2         = #0040c0 bold
success       = #008700 bold
warning       = #af5f00 bold
danger        = #d70000 bold

"""#,
        "mono": #"""
# Termini theme: mono — attributes only, no colour at all.
# Every state is shown by bold, dim, reverse and underline (and by text).

background    = on default
text          = default
muted         = dim
accent        = bold
title         = bold
border        = default
focus         = reverse bold
selected      = bold underline
disabled      = dim
hint-key      = reverse
hint-label    = default
dialog        = on default
dialog-border = on default bold
team1         = bold
team2         = bold
success       = bold
warning       = bold underline
danger        = bold reverse

"""#,
        "solarized-dark": #"""
# Termini theme: solarized-dark — Ethan Schoonover's Solarized palette.
# base03 #002b36  base02 #073642  base01 #586e75  base0 #839496  base1 #93a1a1
# yellow #b58900  orange #cb4b16  red #dc322f  blue #268bd2  cyan #2aa198  green #859900

background    = #839496 on #002b36
text          = #839496
muted         = #586e75
accent        = #b58900 bold
title         = #93a1a1 bold
border        = #586e75
focus         = #002b36 on #268bd2 bold
selected      = #b58900 bold underline
disabled      = #586e75 dim
hint-key      = #002b36 on #2aa198
hint-label    = #93a1a1 on #073642
dialog        = #93a1a1 on #073642
dialog-border = #268bd2 on #073642 bold
team1         = #dc322f bold
team2         = #268bd2 bold
success       = #859900 bold
warning       = #cb4b16 bold
danger        = #dc322f bold reverse

"""#,
    ]
}
