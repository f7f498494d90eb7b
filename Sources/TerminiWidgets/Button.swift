import TerminiCore
/// A push button: `[ Restart ]`; with the focus `▸ Restart ◂` in the focus style, so the
/// focus shows in monochrome too; disabled buttons are dimmed.
public struct Button: Widget {
    public var title: String
    public var isFocused: Bool
    public var isEnabled: Bool

    public init(_ title: String, focused: Bool = false, enabled: Bool = true) {
        self.title = title
        self.isFocused = focused
        self.isEnabled = enabled
    }

    public func text(glyphs: Glyphs) -> String {
        isFocused ? "\(glyphs.pointer) \(title) \(glyphs.pointerLeft)" : "[ \(title) ]"
    }

    /// Cells the button takes.
    public func width(glyphs: Glyphs) -> Int { DisplayWidth.of(text(glyphs: glyphs)) }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let style: Style = !isEnabled ? theme[.disabled] : isFocused ? theme[.focus] : theme[.text]
        canvas.put(text(glyphs: theme.glyphs), in: rect.row(0), alignment: .center, style: style,
                   ellipsis: theme.glyphs.ellipsis)
    }

    /// Enter and Space press a focused button.
    public static func isActivation(_ key: Key) -> Bool {
        key == .enter || key == .char(" ")
    }
}
