import TerminiCore
/// A number with a minimum, a maximum and a step. Drawn as `[−]  3 [+]`; the `−` side is
/// disabled at the minimum, `+` at the maximum, so the bounds show. The value never leaves
/// its range. The keys that step it are its screen's (Coffee's key table), not the widget's.
public struct Stepper: Widget, Sendable, Equatable {
    public private(set) var value: Int
    public let minimum: Int
    public let maximum: Int
    public let step: Int
    public var isFocused: Bool

    public init(value: Int = 0, minimum: Int = 0, maximum: Int = 99, step: Int = 1, focused: Bool = false) {
        self.minimum = min(minimum, maximum)
        self.maximum = max(minimum, maximum)
        self.step = max(1, step)
        self.value = min(self.maximum, max(self.minimum, value))
        self.isFocused = focused
    }

    public var canDecrement: Bool { value > minimum }
    public var canIncrement: Bool { value < maximum }

    public mutating func set(_ v: Int) { value = min(maximum, max(minimum, v)) }
    public mutating func increment() { set(value + step) }
    public mutating func decrement() { set(value - step) }

    /// Width needed to show numbers up to the maximum.
    public var digits: Int { max(String(maximum).count, String(minimum).count) }
    public var width: Int { 3 + 1 + digits + 1 + 3 }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let row = rect.row(0)
        guard !row.isEmpty else { return }
        let x = row.x + max(0, (row.width - width) / 2)
        let minusStyle = canDecrement ? (isFocused ? theme[.focus] : theme[.accent]) : theme[.disabled]
        let plusStyle = canIncrement ? (isFocused ? theme[.focus] : theme[.accent]) : theme[.disabled]
        // At a bound the sign stays, dimmed: a blank "[ ]" would read as an empty checkbox.
        let minus = String(theme.glyphs.minus)
        let plus = "+"
        var cx = canvas.put("[\(minus)]", x: x, y: row.y, style: minusStyle, clip: row)
        let number = TextLayout.pad(String(value), to: digits, alignment: .right)
        // The value keeps the text style even with the focus (the buttons show the focus):
        // a step then sends only the digits that change, not an attribute switch around them.
        cx = canvas.put(" " + number + " ", x: cx, y: row.y, style: theme[.text], clip: row)
        canvas.put("[\(plus)]", x: cx, y: row.y, style: plusStyle, clip: row)
    }
}
