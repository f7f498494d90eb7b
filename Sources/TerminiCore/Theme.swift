/// The semantic roles a theme gives a style to. Widgets and apps ask for roles, never colours.
public enum Role: String, CaseIterable, Sendable, Hashable {
    /// Empty space behind everything.
    case background
    /// Ordinary text.
    case text
    /// Secondary text: descriptions, units, hints that should not shout.
    case muted
    /// Highlights: headings, numbers worth a glance.
    case accent
    /// Window titles.
    case title
    /// Window and box borders, dividers.
    case border
    /// The widget that has the keyboard focus.
    case focus
    /// The chosen item of a group when it does not have the focus.
    case selected
    /// Controls that cannot be used now (a stepper's `−` at its minimum).
    case disabled
    /// The key of a key-hint bar entry (`F1`, `q`).
    case hintKey = "hint-key"
    /// The label of a key-hint bar entry and the bar itself.
    case hintLabel = "hint-label"
    /// The inside of dialogs and overlays.
    case dialog
    /// The border of dialogs and overlays.
    case dialogBorder = "dialog-border"
    /// The first team or player (badminton's red side in the original).
    case team1
    /// The second team or player (blue).
    case team2
    /// Good news: a match won, a full card, a pair found.
    case success
    /// Attention: game point, an interval's last 20 seconds.
    case warning
    /// Trouble: errors, a corrupt file, a destructive choice.
    case danger

    /// Compared and hashed by case: a raw-valued enum otherwise compares and hashes its raw
    /// string, and a frame looks the theme up by role a hundred times.
    public static func == (a: Role, b: Role) -> Bool { a.ordinal == b.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's place in the declaration.
    var ordinal: Int {
        switch self {
        case .background: return 0
        case .text: return 1
        case .muted: return 2
        case .accent: return 3
        case .title: return 4
        case .border: return 5
        case .focus: return 6
        case .selected: return 7
        case .disabled: return 8
        case .hintKey: return 9
        case .hintLabel: return 10
        case .dialog: return 11
        case .dialogBorder: return 12
        case .team1: return 13
        case .team2: return 14
        case .success: return 15
        case .warning: return 16
        case .danger: return 17
        }
    }

    /// One line for the manual and `--list-themes`.
    public var purpose: String {
        switch self {
        case .background: return "empty space behind everything"
        case .text: return "ordinary text"
        case .muted: return "secondary text, descriptions"
        case .accent: return "headings and highlights"
        case .title: return "window titles"
        case .border: return "borders and dividers"
        case .focus: return "the widget with the keyboard focus"
        case .selected: return "the chosen item when not focused"
        case .disabled: return "controls that cannot be used now"
        case .hintKey: return "keys in the key-hint bar"
        case .hintLabel: return "labels in the key-hint bar"
        case .dialog: return "inside of dialogs and overlays"
        case .dialogBorder: return "border of dialogs and overlays"
        case .team1: return "first team or player"
        case .team2: return "second team or player"
        case .success: return "good news: won, full, matched"
        case .warning: return "attention: game point, last seconds"
        case .danger: return "errors and destructive choices"
        }
    }
}

/// Styles for every role plus the glyph set (Unicode or ASCII) to draw with.
public struct Theme: Sendable, Equatable {
    public var name: String
    public var styles: [Role: Style]
    public var glyphs: Glyphs

    public init(name: String, styles: [Role: Style], glyphs: Glyphs = .unicode) {
        self.name = name
        self.styles = styles
        self.glyphs = glyphs
    }

    public subscript(role: Role) -> Style {
        styles[role] ?? Theme.builtinDefault.styles[role] ?? .plain
    }

    /// The same theme drawn with attributes only (`NO_COLOR`, `--no-color`, no colour support).
    /// Roles whose look came from colour alone take the `mono` theme's attributes.
    public var monochrome: Theme {
        var t = self
        for role in Role.allCases {
            let own = self[role]
            let mono = Theme.mono[role]
            t.styles[role] = Style(background: mono.background, attributes: own.attributes.union(mono.attributes))
        }
        return t
    }

    /// The same theme in the colours a terminal of `depth` has: `#rrggbb` and indexes beyond
    /// its palette become the nearest entry, once, instead of at every cell drawn.
    /// A foreground never lands on the same entry as the background it is drawn on (the
    /// role's own, else the theme's), so nothing that had contrast loses it all.
    public func resolved(for depth: ColorDepth) -> Theme {
        var t = self
        // Roles share colours (the default theme's gold is four roles'): each colour is
        // searched for once. A search is about 60,000 instructions, at every start.
        var found: [(color: Color, avoiding: Int?, resolved: Color)] = []
        func resolve(_ color: Color, avoiding: Int? = nil) -> Color {
            if let f = found.first(where: { $0.color == color && $0.avoiding == avoiding }) { return f.resolved }
            let r = Palette.resolve(color, depth: depth, avoiding: avoiding)
            found.append((color, avoiding, r))
            return r
        }
        let ground = resolve(self[.background].background)
        for role in Role.allCases {
            var s = self[role]
            s.background = resolve(s.background)
            let under = s.background == .inherit ? ground : s.background
            var avoid: Int?
            if case .indexed(let i) = under { avoid = Int(i) }
            s.foreground = resolve(s.foreground, avoiding: avoid)
            t.styles[role] = s
        }
        return t
    }

    public func withGlyphs(_ g: Glyphs) -> Theme {
        var t = self
        t.glyphs = g
        return t
    }

    /// The dark default, built in so Termini works with no theme files at all.
    public static let builtinDefault = Theme(name: "default", styles: [
        .background: Style(background: .default),
        .text: Style(),
        .muted: Style(foreground: .indexed(245)),
        .accent: Style(foreground: .rgb(0xd7, 0xaf, 0x00), attributes: .bold),
        .title: Style(foreground: .rgb(0xd7, 0xaf, 0x00), attributes: .bold),
        .border: Style(foreground: .indexed(244)),
        .focus: Style(attributes: [.reverse, .bold]),
        .selected: Style(foreground: .rgb(0xd7, 0xaf, 0x00), attributes: [.bold, .underline]),
        .disabled: Style(foreground: .indexed(240), attributes: .dim),
        .hintKey: Style(foreground: .black, background: .cyan),
        .hintLabel: Style(),
        .dialog: Style(background: .default),
        .dialogBorder: Style(foreground: .rgb(0xd7, 0xaf, 0x00), background: .default, attributes: .bold),
        .team1: Style(foreground: .rgb(0xe0, 0x30, 0x30), attributes: .bold),
        .team2: Style(foreground: .rgb(0x30, 0x80, 0xf0), attributes: .bold),
        .success: Style(foreground: .rgb(0x30, 0xc0, 0x50), attributes: .bold),
        .warning: Style(foreground: .rgb(0xff, 0xaf, 0x00), attributes: .bold),
        .danger: Style(foreground: .rgb(0xff, 0x40, 0x40), attributes: .bold),
    ])

    /// Attributes only: every state visible without a single colour.
    public static let mono = Theme(name: "mono", styles: [
        .background: Style(background: .default),
        .text: Style(),
        .muted: Style(attributes: .dim),
        .accent: Style(attributes: .bold),
        .title: Style(attributes: .bold),
        .border: Style(),
        .focus: Style(attributes: [.reverse, .bold]),
        .selected: Style(attributes: [.bold, .underline]),
        .disabled: Style(attributes: .dim),
        .hintKey: Style(attributes: .reverse),
        .hintLabel: Style(),
        .dialog: Style(background: .default),
        .dialogBorder: Style(background: .default, attributes: .bold),
        .team1: Style(attributes: .bold),
        .team2: Style(attributes: .bold),
        .success: Style(attributes: .bold),
        .warning: Style(attributes: [.bold, .underline]),
        .danger: Style(attributes: [.bold, .reverse]),
    ])
}

/// The characters widgets draw with, in a Unicode and an ASCII set (no UTF-8 locale, `--ascii`).
public struct Glyphs: Sendable, Equatable {
    public var isUnicode: Bool
    public var horizontal: Character
    public var vertical: Character
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
    public var teeDown: Character
    public var teeUp: Character
    public var teeRight: Character
    public var teeLeft: Character
    public var cross: Character
    public var dotOn: Character
    public var dotOff: Character
    public var block: Character
    public var upperHalf: Character
    public var lowerHalf: Character
    public var shade: Character
    public var pointer: Character
    public var pointerLeft: Character
    public var minus: Character
    public var check: Character
    public var ellipsis: String
    public var bullet: Character
    public var arrowUp: String
    public var arrowDown: String
    public var arrowLeft: String
    public var arrowRight: String
    public var middleDot: Character

    public static let unicode = Glyphs(
        isUnicode: true, horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
        bottomRight: "┘", teeDown: "┬", teeUp: "┴", teeRight: "├", teeLeft: "┤", cross: "┼",
        dotOn: "●", dotOff: "○", block: "█", upperHalf: "▀", lowerHalf: "▄", shade: "░",
        pointer: "▸", pointerLeft: "◂", minus: "−", check: "✓", ellipsis: "…", bullet: "•",
        arrowUp: "↑", arrowDown: "↓", arrowLeft: "←", arrowRight: "→", middleDot: "·")

    public static let ascii = Glyphs(
        isUnicode: false, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
        bottomRight: "+", teeDown: "+", teeUp: "+", teeRight: "+", teeLeft: "+", cross: "+",
        dotOn: "*", dotOff: ".", block: "#", upperHalf: "\"", lowerHalf: "_", shade: ":",
        pointer: ">", pointerLeft: "<", minus: "-", check: "v", ellipsis: "~", bullet: "*",
        arrowUp: "Up", arrowDown: "Down", arrowLeft: "Left", arrowRight: "Right", middleDot: "-")
}
