import TerminiCore
/// `● ○ ○ ○ ○` for n pages with the current one filled (`* . . . .` in ASCII). ←/→ (with the
/// focus) move one page, wrapping around or stopping at the ends as configured; number keys
/// 1–9 jump to a page.
public struct PageDots: Widget, Sendable, Equatable {
    public let count: Int
    public private(set) var current: Int
    public var wraps: Bool
    public var isFocused: Bool
    public var spaced: Bool

    public init(count: Int, current: Int = 0, wraps: Bool = true, focused: Bool = false, spaced: Bool = true) {
        self.count = max(1, count)
        self.current = min(max(0, current), max(1, count) - 1)
        self.wraps = wraps
        self.isFocused = focused
        self.spaced = spaced
    }

    public mutating func go(to page: Int) { current = min(max(0, page), count - 1) }

    public mutating func next() {
        if current + 1 < count { current += 1 } else if wraps { current = 0 }
    }
    public mutating func previous() {
        if current > 0 { current -= 1 } else if wraps { current = count - 1 }
    }

    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left where isFocused: previous(); return true
        case .right where isFocused: next(); return true
        default:
            if let d = key.digit, d >= 1, d <= count {
                go(to: d - 1)
                return true
            }
            return false
        }
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
