import TerminiCore
/// `● ○ ○ ○ ○` for n pages with the current one filled (`* . . . .` in ASCII), the current
/// one in the focus style while its screen has the focus. The keys that turn the pages are
/// the screen's (a key table's), not the dots'.
public struct PageDots: Widget, Sendable, Equatable {
    public let count: Int
    public private(set) var current: Int
    public var isFocused: Bool
    public var spaced: Bool

    public init(count: Int, current: Int = 0, focused: Bool = false, spaced: Bool = true) {
        self.count = max(1, count)
        self.current = min(max(0, current), max(1, count) - 1)
        self.isFocused = focused
        self.spaced = spaced
    }

    public func text(glyphs: Glyphs) -> String {
        (0..<count).map { String($0 == current ? glyphs.dotOn : glyphs.dotOff) }.joined(separator: spaced ? " " : "")
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let row = rect.row(0)
        guard !row.isEmpty else { return }
        let g = theme.glyphs
        let w = DisplayWidth.of(text(glyphs: g))
        var x = row.x + max(0, (row.width - w) / 2)
        for i in 0..<count {
            let on = i == current
            let style = on ? (isFocused ? theme[.focus] : theme[.accent]) : theme[.muted]
            x = canvas.put(String(on ? g.dotOn : g.dotOff), x: x, y: row.y, style: style, clip: row)
            if spaced && i < count - 1 { x += 1 }
        }
    }
}
