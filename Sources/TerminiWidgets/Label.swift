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
        balancedWraps.value(TextAtWidth(text, width)) { balancedWrapWorkedOut(text, width: width) }
    }
    static let balancedWraps = Memo<TextAtWidth, [String]>()

    static func balancedWrapWorkedOut(_ text: String, width: Int) -> [String] {
        // The words are measured once; each narrower width is then tried by counting lines
        // (as `wrap` would cut them), and only the chosen one is cut into strings.
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            paragraph.split(separator: " ", omittingEmptySubsequences: true).map { $0.map { DisplayWidth.of($0) } }
        }
        let count = lineCount(paragraphs, width: width)
        guard count > 1 else { return wrap(text, width: width) }
        var w = width
        while w > 1, lineCount(paragraphs, width: w - 1) == count { w -= 1 }
        return wrap(text, width: w)
    }

    /// How many lines `wrap` makes at `width` of paragraphs given as words of character widths.
    static func lineCount(_ paragraphs: [[[Int]]], width: Int) -> Int {
        guard width > 0 else { return 0 }
        var lines = 0
        for words in paragraphs {
            var lineWidth = 0
            for word in words {
                var ww = word.reduce(0, +)
                if lineWidth > 0 && lineWidth + 1 + ww <= width {
                    lineWidth += 1 + ww
                    continue
                }
                if lineWidth > 0 { lines += 1 }
                // A word longer than a line is broken where the next character would not fit.
                var rest = word[...]
                while ww > width {
                    var head = 0, k = rest.startIndex
                    while k < rest.endIndex && head + rest[k] <= width {
                        head += rest[k]
                        k += 1
                    }
                    if k == rest.startIndex { break }
                    lines += 1
                    rest = rest[k...]
                    ww -= head
                }
                lineWidth = ww
            }
            lines += 1
        }
        return lines
    }

    /// Like `sanitized` but keeps line breaks.
    public static func sanitizedKeepingNewlines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }.joined(separator: "\n")
    }
}
