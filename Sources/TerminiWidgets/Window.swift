import TerminiCore
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
    /// How many entries at the end always stay (e.g. `Esc Menu`, `q Quit`): when the bar is
    /// too narrow, entries before them are left out first.
    public var pinnedTrailing: Int

    public init(_ hints: [KeyHint], pinnedTrailing: Int = 0) {
        self.hints = hints
        self.pinnedTrailing = min(max(0, pinnedTrailing), hints.count)
    }

    static func width(_ h: KeyHint) -> Int {
        DisplayWidth.of(TextLayout.sanitized(h.key)) + 2 + DisplayWidth.of(TextLayout.sanitized(h.label))
    }

    /// The entries shown in `width` cells: as many leading ones as fit beside the pinned ones.
    public func visible(width: Int) -> [KeyHint] {
        func total(_ list: ArraySlice<KeyHint>) -> Int {
            list.isEmpty ? 0 : list.reduce(0) { $0 + KeyHintBar.width($1) } + list.count - 1
        }
        let trailing = hints.suffix(pinnedTrailing)
        let leading = hints.dropLast(pinnedTrailing)
        if total(hints[...]) <= width { return hints }
        if trailing.isEmpty || total(trailing) > width {
            // Nothing pinned (or even that does not fit): drop from the end.
            var shown: [KeyHint] = []
            for h in hints where total(ArraySlice(shown + [h])) <= width { shown.append(h) }
            return shown
        }
        var shown: [KeyHint] = []
        for h in leading {
            if total(ArraySlice(shown + [h] + trailing)) > width { break }
            shown.append(h)
        }
        return shown + trailing
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let row = rect.row(0)
        guard !row.isEmpty else { return }
        canvas.fill(row, style: theme[.hintLabel])
        var x = row.x
        for hint in visible(width: row.width) {
            // A key cap " key " then the label, one cell before the next entry.
            x = canvas.put(" " + TextLayout.sanitized(hint.key) + " ", x: x, y: row.y, style: theme[.hintKey], clip: row)
            x = canvas.put(TextLayout.sanitized(hint.label), x: x, y: row.y, style: theme[.hintLabel], clip: row)
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
    /// Hint entries at the end that stay when the bar is narrow (see `KeyHintBar`).
    public var pinnedHints: Int

    public init(title: String, hints: [KeyHint], status: String? = nil, pinnedHints: Int = 0, content: any Widget = Empty()) {
        self.title = title
        self.hints = hints
        self.status = status
        self.pinnedHints = pinnedHints
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
        KeyHintBar(hints, pinnedTrailing: pinnedHints).render(in: rect.bottom(1), on: &canvas, theme: theme)
    }
}
