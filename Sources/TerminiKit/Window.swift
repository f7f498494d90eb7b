/// One entry of a key-hint bar: the key as shown (`←/a`, `F1`, `q`) and what it does.
public struct KeyHint: Sendable, Hashable {
    public var key: String
    public var label: String
    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }
}

/// htop-style bar: each key as a key cap in the hint-key style (reverse in monochrome),
/// followed by its label: ` ? Help  ← Left `. Entries that do not fit are left out whole.
public struct KeyHintBar: Widget {
    public var hints: [KeyHint]
    public init(_ hints: [KeyHint]) { self.hints = hints }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let row = rect.row(0)
        guard !row.isEmpty else { return }
        canvas.fill(row, style: theme[.hintLabel])
        var x = row.x
        for hint in hints {
            let key = TextLayout.sanitized(hint.key)
            let label = TextLayout.sanitized(hint.label)
            // A key cap " key " then the label; the one-cell gap is needed only before another entry.
            let need = DisplayWidth.of(key) + 2 + DisplayWidth.of(label)
            if x + need > row.maxX { break }
            x = canvas.put(" " + key + " ", x: x, y: row.y, style: theme[.hintKey], clip: row)
            x = canvas.put(label, x: x, y: row.y, style: theme[.hintLabel], clip: row)
            x += 1
        }
    }
}

/// An app's frame: a border with the title in its top edge, and the key-hint bar on the
/// bottom line of the screen (below the border), as htop does.
public struct Window: Widget {
    public var title: String
    public var hints: [KeyHint]
    /// A short status shown at the right of the top border (e.g. "read-only").
    public var status: String?
    public var content: any Widget

    public init(title: String, hints: [KeyHint], status: String? = nil, content: any Widget = Empty()) {
        self.title = title
        self.hints = hints
        self.status = status
        self.content = content
    }

    /// Where the content goes for a window drawn in `rect`.
    public static func contentRect(_ rect: Rect) -> Rect {
        frameRect(rect).inset(by: 1)
    }

    static func frameRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1)
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let frame = Window.frameRect(rect)
        canvas.fill(frame, style: theme[.background])
        Box.draw(frame, on: &canvas, glyphs: theme.glyphs, style: theme[.border], title: title, titleStyle: theme[.title])
        if let status, frame.width > DisplayWidth.of(title) + DisplayWidth.of(status) + 10 {
            let s = " " + TextLayout.sanitized(status) + " "
            let w = DisplayWidth.of(s)
            canvas.put(s, x: frame.maxX - 2 - w, y: frame.y, style: theme[.warning], clip: frame)
        }
        content.render(in: Window.contentRect(rect), on: &canvas, theme: theme)
        KeyHintBar(hints).render(in: rect.bottom(1), on: &canvas, theme: theme)
    }
}
