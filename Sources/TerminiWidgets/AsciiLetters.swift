import TerminiCore

/// Capitals and digits three rows high drawn with `_ | / \ ( )`, for a terminal without
/// Unicode: where half blocks would give `GAME POINT` or `SERVES` in three rows, these give the
/// same size in plain ASCII (`--ascii` doubles at 80×24, where five-row `#` letters do not fit).
///
///      _   _   _         _   _
///     (_  |_  |_) \ /   |_  (_
///      _) |_  | \  V    |_   _)
public struct AsciiLetters: Widget {
    public static let rows = 3

    public var text: String
    public var role: Role
    public var alignment: Alignment

    public init(_ text: String, role: Role = .text, alignment: Alignment = .center) {
        self.text = text
        self.role = role
        self.alignment = alignment
    }

    /// Each character's three rows, all of one width; lower case is drawn as capitals.
    static let glyphs: [Character: [String]] = [
        "A": [" _ ", "|_|", "| |"], "B": [" _ ", "|_)", "|_)"], "C": [" _", "/ ", "\\_"], "D": [" _ ", "| \\", "|_/"],
        "E": [" _", "|_", "|_"], "F": [" _", "|_", "| "], "G": [" __", "/ _", "\\_|"], "H": ["   ", "|_|", "| |"],
        "I": [" ", "|", "|"], "J": ["   ", "  |", "\\_|"], "K": ["   ", "|_/", "| \\"], "L": ["  ", "| ", "|_"],
        "M": ["    ", "|\\/|", "|  |"], "N": ["    ", "|\\ |", "| \\|"], "O": [" _ ", "/ \\", "\\_/"], "P": [" _ ", "|_)", "|  "],
        "Q": [" _ ", "/ \\", "\\_X"], "R": [" _ ", "|_)", "| \\"], "S": [" _ ", "(_ ", " _)"], "T": ["___", " | ", " | "],
        "U": ["   ", "| |", "|_|"], "V": ["   ", "\\ /", " V "], "W": ["    ", "|  |", "|/\\|"], "X": ["   ", "\\_/", "/ \\"],
        "Y": ["   ", "\\_/", " | "], "Z": ["__", " /", "/_"],
        "0": [" _ ", "| |", "|_|"], "1": [" ", "|", "|"], "2": [" _ ", " _)", "(__"], "3": ["_ ", "_)", "_)"],
        "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _)"], "6": [" _ ", "|_ ", "|_)"], "7": ["__", " /", "/ "],
        "8": [" _ ", "(_)", "(_)"], "9": [" _ ", "(_|", "  |"],
        " ": ["  ", "  ", "  "], "-": ["  ", "__", "  "], "/": ["  ", " /", "/ "], ":": [" ", ".", "."], ".": [" ", " ", "."],
        "!": [" ", "|", "."], "?": ["_ ", " )", "! "], "+": ["   ", "_|_", " | "],
    ]

    static func glyph(_ c: Character) -> [String]? { glyphs[Character(c.uppercased())] }

    /// Whether every character of `text` has a glyph.
    public static func canShow(_ text: String) -> Bool { text.allSatisfy { glyph($0) != nil } }

    /// Size in cells: the glyphs one column apart, three rows; zero for text it cannot show.
    public static func measure(_ text: String) -> Size {
        guard !text.isEmpty, canShow(text) else { return .zero }
        let w = text.reduce(0) { $0 + (glyph($1)?[0].count ?? 0) } + text.count - 1
        return Size(width: w, height: rows)
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let m = AsciiLetters.measure(text)
        guard !rect.isEmpty, m.width > 0 else { return }
        let (x0, y0) = rect.origin(of: m, alignment: alignment)
        let style = theme[role]
        var x = x0
        for c in text {
            guard let g = AsciiLetters.glyph(c) else { continue }
            for (r, line) in g.enumerated() {
                var cx = x
                for ch in line {
                    if ch != " " { _ = canvas.put(ch, x: cx, y: y0 + r, style: style, clip: rect) }
                    cx += 1
                }
            }
            x += g[0].count + 1
        }
    }
}
