import TerminiCore

/// A small picture: rows of text runs, each run in a theme role. Every character is one
/// cell wide, so the width of a row is its character count.
struct Art: Equatable {
    struct Run: Equatable {
        var text: String
        var role: Role
    }

    let rows: [[Run]]
    /// Characters in the longest row: worked out once, since every frame asks for it.
    let width: Int

    var height: Int { rows.count }
    var size: Size { Size(width: width, height: height) }

    /// The rows as plain text (for tests).
    var lines: [String] { rows.map { $0.map(\.text).joined() } }

    init(rows: [[Run]]) {
        self.rows = rows
        width = rows.map { $0.reduce(0) { $0 + $1.text.count } }.max() ?? 0
    }

    /// One role for every character.
    init(_ lines: [String], role: Role) {
        self.init(rows: lines.map { [Run(text: $0, role: role)] })
    }

    /// Draws the picture (or only `rows` of it, in place) with its top-left corner at (x, y).
    /// Spaces are drawn too, unless `transparent`: then they leave what is behind. `look`
    /// may change each role's style (e.g. to colour only).
    func draw(at x: Int, _ y: Int, rows: Range<Int>? = nil, on canvas: inout Canvas, theme: Theme, clip: Rect,
              transparent: Bool = false, attributes: Attributes = [], look: (Style) -> Style = { $0 }) {
        let range = (rows ?? 0..<height).clamped(to: 0..<height)
        for dy in range {
            var cx = x
            for run in self.rows[dy] {
                let style = look(theme[run.role]).with(attributes)
                for c in run.text {
                    if !(transparent && c == " ") {
                        canvas.put(c, x: cx, y: y + dy, style: style, clip: clip)
                    }
                    cx += 1
                }
            }
        }
    }
}

/// The pictures of Boxing Time, each in a Unicode and an ASCII form of the same shape.
enum BoxingArt {
    // MARK: Boxers

    /// A boxer, fresh (in guard) or tired (on the stool in the corner, arms on the ropes),
    /// small (about 19×8) or large (about 35×16, for a large terminal). Drawn from ASCII
    /// sources; the Unicode form swaps in rounder glyphs cell for cell.
    static func boxer(_ who: Boxer, tired: Bool, unicode: Bool, large: Bool = false) -> Art {
        let source: [String]
        switch (who, tired, large) {
        case (.woman, false, false): source = womanFresh
        case (.woman, true, false): source = womanTired
        case (.man, false, false): source = manFresh
        case (.man, true, false): source = manTired
        case (.woman, false, true): source = largeWomanFresh
        case (.woman, true, true): source = largeWomanTired
        case (.man, false, true): source = largeManFresh
        case (.man, true, true): source = largeManTired
        }
        return paint(source, tired: tired, unicode: unicode)
    }

    /// The largest boxer of each size, for layout.
    static func boxerSize(large: Bool) -> Size {
        let all = large ? [largeWomanFresh, largeWomanTired, largeManFresh, largeManTired]
                        : [womanFresh, womanTired, manFresh, manTired]
        return Size(width: all.flatMap { $0 }.map(\.count).max() ?? 0, height: all.map(\.count).max() ?? 0)
    }

    static let womanFresh = [
        "       .---.~",
        "   (@)( o o )~(@)",
        "    \\\\ \\ - / //",
        "     \\\\_| |_//",
        "       /###\\",
        "       \\###/",
        "       /   \\",
        "     _/     \\_",
    ]

    static let womanTired = [
        "|#|(@)  .---.~ (@)",
        "|#|=\\\\=( - - )=//==",
        "|#|  \\\\ \\ o / //",
        "|#|===\\\\_| |_//====",
        "|#|     |###|  z z",
        "|#|====_|___|_=====",
        "|#|   [=======]",
        "|#|     |   |",
    ]

    static let manFresh = [
        "      _____",
        "     |#####|",
        "  (@)( o o )(@)",
        "   \\\\ \\ = / //",
        "    \\\\_| |_//",
        "     |=====|",
        "     |__|__|",
        "      |   |",
        "    __|   |__",
    ]

    static let manTired = [
        "|#|(@)  _____  (@)",
        "|#|=\\\\=|#####|=//==",
        "|#|  \\\\( - - )//",
        "|#|===\\\\\\ o ///====",
        "|#|     |===|  z z",
        "|#|====_|___|_=====",
        "|#|   [=======]",
        "|#|     |   |",
    ]

    // The large boxers: the same people drawn twice as big, with real gloves (`%`).
    static let largeWomanFresh = [
        "            .-----.  ~",
        "           /       \\~ ~",
        "          (  o   o  ) ~~",
        "   .---.   \\   -   /   .---.",
        "  (%%%%%)   '.___.'   (%%%%%)",
        "  (%%%%%)\\\\   | |   //(%%%%%)",
        "   '---'  \\\\__| |__//  '---'",
        "           |#######|",
        "           |#######|",
        "            \\#####/",
        "            /#####\\",
        "           /       \\",
        "          /    |    \\",
        "         /     |     \\",
        "       _/      |      \\_",
        "      (________|________)",
    ]

    static let largeWomanTired = [
        "|#|",
        "|#| .---.     .-----.  ~   .---.",
        "|#|(%%%%%)   /       \\~ ~ (%%%%%)",
        "|#|=(%%%%%)=(  -   -  )===(%%%%%)==",
        "|#|  '---'\\\\ \\   o   / //'---'",
        "|#|        \\\\ '.___.' //",
        "|#|=========\\\\__| |__//============",
        "|#|          |#######|    z",
        "|#|          |#######|  z   z",
        "|#|==========\\#######/=============",
        "|#|          /#######\\",
        "|#|      [=================]",
        "|#|         |     |     |",
        "|#|         |     |     |",
        "|#|       __|     |     |__",
        "|#|",
    ]

    static let largeManFresh = [
        "            _______",
        "           |#######|",
        "          (  o   o  )",
        "   .---.  (    =    )  .---.",
        "  (%%%%%)  \\  ___  /  (%%%%%)",
        "  (%%%%%)\\\\ '.___.' //(%%%%%)",
        "   '---'  \\\\__| |__//  '---'",
        "          |=========|",
        "          |#########|",
        "          |#########|",
        "          |====|====|",
        "          |    |    |",
        "          |    |    |",
        "          |    |    |",
        "        __|    |    |__",
        "       (_______|_______)",
    ]

    static let largeManTired = [
        "|#|",
        "|#| .---.     _______      .---.",
        "|#|(%%%%%)   |#######|    (%%%%%)",
        "|#|=(%%%%%)=(  -   -  )===(%%%%%)==",
        "|#|  '---'\\\\(    o    )//'---'",
        "|#|        \\\\'._____.'//",
        "|#|=========\\\\__| |__//============",
        "|#|         |=========|   z",
        "|#|         |#########| z   z",
        "|#|=========|#########|============",
        "|#|         |====|====|",
        "|#|      [=================]",
        "|#|         |     |     |",
        "|#|         |     |     |",
        "|#|       __|     |     |__",
        "|#|",
    ]

    /// Gives every character its role (gloves, corner post and ropes, snores, the rest) and,
    /// for Unicode, its rounder glyph.
    static func paint(_ source: [String], tired: Bool, unicode: Bool) -> Art {
        var rows: [[Art.Run]] = []
        for line in source {
            let chars = Array(line)
            var runs: [Art.Run] = []
            for (i, c) in chars.enumerated() {
                let prev: Character? = i > 0 ? chars[i - 1] : nil
                let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
                let role: Role
                let glove: Set<Character> = ["@", "%"]
                if glove.contains(c) || (c == "(" && next.map(glove.contains) == true) || (c == ")" && prev.map(glove.contains) == true) {
                    role = .team1
                } else if tired && i < 3 {
                    role = .border
                } else if tired && c == "=" && !isBody(chars, i, from: 3) {
                    role = .border
                } else if c == "z" {
                    role = .muted
                } else {
                    role = .text
                }
                let glyph = unicode ? (tired && i < 3 ? Array("▐█▌")[i] : uni(c)) : (c == "%" ? "@" : c)
                if let last = runs.last, last.role == role {
                    runs[runs.count - 1].text.append(glyph)
                } else {
                    runs.append(Art.Run(text: String(glyph), role: role))
                }
            }
            rows.append(runs)
        }
        return Art(rows: rows)
    }

    /// True when the `=` at `i` lies between the boxer's outlines (a belt, a stool), not on a
    /// rope; outlines before `from` (the corner post) do not count.
    private static func isBody(_ chars: [Character], _ i: Int, from: Int) -> Bool {
        let left = chars[..<i].lastIndex(where: { $0 != "=" }).flatMap { $0 >= from ? $0 : nil }
        let right = chars[(i + 1)...].firstIndex(where: { $0 != "=" })
        guard let l = left, let r = right else { return false }
        return ["|", "["].contains(chars[l]) && ["|", "]"].contains(chars[r])
    }

    private static func uni(_ c: Character) -> Character {
        switch c {
        case "@": return "●"
        case "%": return "█"
        case "#": return "▓"
        case "=": return "═"
        case "|": return "│"
        case "-": return "─"
        case "\\": return "╲"
        case "/": return "╱"
        default: return c
        }
    }

    // MARK: Targets

    /// How many rows of chain the sandbag for `size` hangs from (the top rows of its art).
    static func sandbagChain(fitting size: Size) -> Int { size.height >= 12 ? 2 : 1 }

    /// A sandbag hanging on its chain, as large as fits `size` (at least 7×6). The bag is
    /// drawn in one role, outline and filling alike.
    static func sandbag(fitting size: Size, unicode: Bool) -> Art {
        let chain = sandbagChain(fitting: size)
        let bagH = max(4, min(size.height - chain, 40))
        let bagW = max(7, min(size.width, bagH * 7 / 8 + 2, 36)) | 1  // odd: the chain hangs in the middle
        let inner = bagW - 2
        let mid = inner / 2
        let g = unicode
            ? (chain: "│", left: "╭", right: "╮", hook: "┴", h: "─", v: "│", bl: "╰", br: "╯", fill: "░", band: "▓")
            : (chain: "|", left: ".", right: ".", hook: "+", h: "-", v: "|", bl: "'", br: "'", fill: ":", band: "=")
        var rows: [[Art.Run]] = []
        let pad = String(repeating: " ", count: mid + 1)
        for _ in 0..<chain { rows.append([Art.Run(text: pad + g.chain, role: .muted)]) }
        rows.append([Art.Run(text: g.left + String(repeating: g.h, count: mid) + g.hook + String(repeating: g.h, count: inner - mid - 1) + g.right, role: .team1)])
        let body = bagH - 2
        // Bands a quarter from the top and from the bottom, a label in the middle when it fits.
        let bandRows: Set<Int> = body >= 5 ? [body / 4, body - 1 - body / 4] : []
        let label = "BOX"
        for r in 0..<body {
            var text: String
            if bandRows.contains(r) {
                text = String(repeating: g.band, count: inner)
            } else if r == body / 2 && body >= 7 && inner >= label.count + 2 {
                let l = (inner - label.count) / 2
                text = String(repeating: g.fill, count: l) + label + String(repeating: g.fill, count: inner - l - label.count)
            } else {
                text = String(repeating: g.fill, count: inner)
            }
            rows.append([Art.Run(text: g.v + text + g.v, role: .team1)])
        }
        rows.append([Art.Run(text: g.bl + String(repeating: g.h, count: inner) + g.br, role: .team1)])
        return Art(rows: rows)
    }

    /// A closed plastic trash can with its lid and ribs, as large as fits `size` (at least 11×6).
    static func trashCan(fitting size: Size, unicode: Bool) -> Art {
        let w = max(11, min(size.width, 40, (size.height * 8) / 5))
        let h = max(6, min(size.height, w * 3 / 5 + 2))
        let g = unicode
            ? (tl: "╭", tr: "╮", h: "─", v: "│", teeUp: "┴", rimL: "╞", rim: "═", rimR: "╡", bl: "╰", br: "╯", rib: "┃")
            : (tl: ".", tr: ".", h: "-", v: "|", teeUp: "'", rimL: "[", rim: "=", rimR: "]", bl: "\\", br: "/", rib: "|")
        var rows: [[Art.Run]] = []
        // The handle on the lid, a third of the width.
        let handleW = max(3, w / 3) | 1
        let handleX = (w - handleW) / 2
        rows.append([Art.Run(text: String(repeating: " ", count: handleX) + g.tl + String(repeating: g.h, count: handleW - 2) + g.tr, role: .team2)])
        rows.append([Art.Run(text: g.tl + String(repeating: g.h, count: handleX - 1) + g.teeUp + String(repeating: g.h, count: handleW - 2)
                             + g.teeUp + String(repeating: g.h, count: w - handleX - handleW - 1) + g.tr, role: .team2)])
        rows.append([Art.Run(text: g.rimL + String(repeating: g.rim, count: w - 2) + g.rimR, role: .team2)])
        // The body is a little narrower than the lid; ribs every few cells.
        let bodyW = w - 2
        let inner = bodyW - 2
        // Ribs every four cells, placed symmetrically about the middle.
        var ribs = ""
        let spanned = ((inner - 3) / 4) * 4
        let first = (inner - 1 - spanned) / 2
        for i in 0..<inner {
            ribs += i >= first && i <= first + spanned && (i - first) % 4 == 0 ? g.rib : " "
        }
        for _ in 0..<(h - 4) {
            rows.append([Art.Run(text: " " + g.v, role: .team2), Art.Run(text: ribs, role: .team2), Art.Run(text: g.v, role: .team2)])
        }
        rows.append([Art.Run(text: " " + g.bl + String(repeating: g.h, count: inner) + g.br, role: .team2)])
        return Art(rows: rows)
    }

    // MARK: The ring bell

    static func bell(unicode: Bool) -> Art {
        if unicode {
            return Art(rows: [
                [Art.Run(text: "        ▄▄▄", role: .accent)],
                [Art.Run(text: "  ((  ▄█████▄  ))", role: .accent)],
                [Art.Run(text: " (((  ███████  )))", role: .accent)],
                [Art.Run(text: "  (( ▐███████▌ ))", role: .accent)],
                [Art.Run(text: "    ▀▀▀▀▀▀▀▀▀▀▀", role: .accent)],
            ])
        }
        return Art(rows: [
            [Art.Run(text: "        ___", role: .accent)],
            [Art.Run(text: "  ((  .'   '.  ))", role: .accent)],
            [Art.Run(text: " (((  |     |  )))", role: .accent)],
            [Art.Run(text: "  (( /       \\ ))", role: .accent)],
            [Art.Run(text: "    '---------'", role: .accent)],
        ])
    }
}
