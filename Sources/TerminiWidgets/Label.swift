import TerminiCore
/// Text in a role's style, aligned and word-wrapped inside its rectangle.
public struct Label: Widget {
    public var text: String
    public var role: Role
    public var alignment: Alignment
    public var wraps: Bool
    public var extraAttributes: Attributes

    public init(_ text: String, role: Role = .text, alignment: Alignment = .left, wraps: Bool = true, attributes: Attributes = []) {
        self.text = text
        self.role = role
        self.alignment = alignment
        self.wraps = wraps
        self.extraAttributes = attributes
    }

    /// The lines this label takes at a given width.
    public func lines(width: Int) -> [String] {
        let clean = TextLayout.sanitizedKeepingNewlines(text)
        return wraps ? TextLayout.wrap(clean, width: width) : clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let style = theme[role].with(extraAttributes)
        for (i, line) in lines(width: rect.width).prefix(rect.height).enumerated() {
            canvas.put(line, in: rect.row(i), alignment: alignment, style: style, ellipsis: theme.glyphs.ellipsis)
        }
    }
}

extension TextLayout {
    /// Wrapped into as few lines as at `width`, but as even as they can be: the narrowest
    /// width that needs no more lines, so the last line is never one word left alone
    /// ("Songshan" / "Dist.").
    public static func balancedWrap(_ text: String, width: Int) -> [String] {
        let lines = wrap(text, width: width)
        guard lines.count > 1 else { return lines }
        var w = width
        while w > 1, wrap(text, width: w - 1).count == lines.count { w -= 1 }
        return wrap(text, width: w)
    }

    /// Like `sanitized` but keeps line breaks.
    public static func sanitizedKeepingNewlines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }.joined(separator: "\n")
    }
}
