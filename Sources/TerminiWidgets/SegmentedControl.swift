import TerminiCore
/// Labelled segments with exactly one selected: `│ ● Sandbag │ ○ Trash can │`. The marks show
/// the selection without colour; with the focus the selected segment takes the focus style.
/// ←/→ move the selection (stopping at the ends); number keys 1–9 pick a segment.
public struct SegmentedControl: Widget, Sendable, Equatable {
    public var segments: [String]
    public private(set) var selected: Int
    public var isFocused: Bool
    /// Whether number keys select segments (off when the app uses digits for something else).
    public var numberKeys: Bool

    public init(_ segments: [String], selected: Int = 0, focused: Bool = false, numberKeys: Bool = true) {
        self.segments = segments
        self.selected = segments.isEmpty ? 0 : min(max(0, selected), segments.count - 1)
        self.isFocused = focused
        self.numberKeys = numberKeys
    }

    public mutating func select(_ i: Int) {
        guard !segments.isEmpty else { return }
        selected = min(max(0, i), segments.count - 1)
    }

    /// The control's arrows, as data: the key table holding it binds these (`keyMap.keys`);
    /// with `numberKeys`, the digits 1 to the number of segments pick one too.
    public enum Step: Sendable, Equatable { case previous, next }
    public static let keyMap = KeyMap<Step>([(.left, .previous), (.right, .next)])

    /// Returns true when the key belonged to the control. ←/→ count only with the focus.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        if let step = SegmentedControl.keyMap.action(for: key) {
            guard isFocused else { return false }
            select(step == .next ? selected + 1 : selected - 1)
            return true
        }
        if numberKeys, let d = key.digit, d >= 1, d <= segments.count {
            select(d - 1)
            return true
        }
        return false
    }

    func segmentText(_ i: Int, glyphs: Glyphs) -> String {
        " \(i == selected ? glyphs.dotOn : glyphs.dotOff) \(TextLayout.sanitized(segments[i])) "
    }

    public func width(glyphs: Glyphs) -> Int {
        segments.indices.reduce(1) { $0 + DisplayWidth.of(segmentText($1, glyphs: glyphs)) + 1 }
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let row = rect.row(0)
        guard !row.isEmpty else { return }
        let g = theme.glyphs
        var x = row.x + max(0, (row.width - width(glyphs: g)) / 2)
        x += canvas.put(g.vertical, x: x, y: row.y, style: theme[.border], clip: row)
        for i in segments.indices {
            let style: Style = i == selected ? (isFocused ? theme[.focus] : theme[.selected]) : theme[.muted]
            x = canvas.put(segmentText(i, glyphs: g), x: x, y: row.y, style: style, clip: row)
            x += canvas.put(g.vertical, x: x, y: row.y, style: theme[.border], clip: row)
        }
    }
}
