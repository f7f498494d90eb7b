import Synchronization
import TerminiCore
/// One entry of a key-hint bar: the key as shown (`←/→`, `F1`, `q`) and what it does.
public struct KeyHint: Sendable, Hashable {
    public var key: String
    public var label: String
    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }
}

/// htop-style bar: each key as a key cap in the hint-key style (reverse in monochrome),
/// followed by its label: ` ? Help  ← Left `. Entries that do not fit are left out whole, and
/// then the bar says so: it ends with `more` (`? more`: the help lists every key).
public struct KeyHintBar: Widget, Equatable, Sendable {
    public var hints: [KeyHint]
    /// How many entries at the end always stay (e.g. `Esc Menu`, `q Quit`): when the bar is
    /// too narrow, entries before them are left out first.
    public var pinnedTrailing: Int
    /// The entry that says keys were left out, drawn last in their place (`? more`); nil
    /// for a bar that simply drops them.
    public var more: KeyHint?
    /// Shown first when every entry fits (`? Help`), and left out (the `more` entry names
    /// the same key) when they do not.
    public var lead: KeyHint?

    public init(_ hints: [KeyHint], pinnedTrailing: Int = 0, lead: KeyHint? = nil, more: KeyHint? = nil) {
        self.hints = hints
        self.pinnedTrailing = min(max(0, pinnedTrailing), hints.count)
        self.lead = lead
        self.more = more
    }

    static func width(_ h: KeyHint) -> Int {
        DisplayWidth.of(TextLayout.sanitized(h.key)) + 2 + DisplayWidth.of(TextLayout.sanitized(h.label))
    }

    static func total<C: Collection>(_ list: C) -> Int where C.Element == KeyHint {
        list.isEmpty ? 0 : list.reduce(0) { $0 + KeyHintBar.width($1) } + list.count - 1
    }

    /// The entries shown in `width` cells: all of them when they fit; else as many leading
    /// ones as fit beside the pinned ones and the `more` entry.
    public func visible(width: Int) -> [KeyHint] {
        let all = (lead.map { [$0] } ?? []) + hints
        if KeyHintBar.total(all) <= width { return all }
        let end = Array(hints.suffix(pinnedTrailing)) + (more.map { [$0] } ?? [])
        let leading = hints.dropLast(pinnedTrailing)
        if end.isEmpty || KeyHintBar.total(end) > width {
            // Nothing pinned (or even that does not fit): drop from the end.
            var shown: [KeyHint] = []
            for h in all where KeyHintBar.total(shown + [h]) <= width { shown.append(h) }
            return shown
        }
        var shown: [KeyHint] = []
        for h in leading {
            if KeyHintBar.total(shown + [h] + end) > width { break }
            shown.append(h)
        }
        return shown + end
    }

    /// A bar as drawn: the same hints at the same width in the same styles, over the same
    /// background, draw the same cells, so the last few bars drawn are kept and copied in (a
    /// bar changes when the moment's keys do, not every frame).
    struct Drawn: Equatable, Sendable {
        var bar: KeyHintBar
        var width: Int
        var keyStyle: Style
        var labelStyle: Style
        /// What a style that leaves its background unset takes from beneath.
        var beneath: Color
    }
    static let drawn = Mutex<[(key: Drawn, row: Canvas)]>([])

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let row = rect.row(0).intersection(canvas.bounds)
        guard !row.isEmpty else { return }
        // The row beneath must be of one background for its cells to be kept apart from it.
        let first = canvas.compactCell(x: row.x, y: row.y).style
        for x in row.x..<row.maxX where !canvas.compactCell(x: x, y: row.y).style.hasBackground(of: first) {
            return draw(in: row, on: &canvas, theme: theme)
        }
        let beneath = first.background
        let key = Drawn(bar: self, width: row.width, keyStyle: theme[.hintKey], labelStyle: theme[.hintLabel], beneath: beneath)
        if let cells = KeyHintBar.drawn.withLock({ list in list.first { $0.key == key }?.row }) {
            canvas.blit(cells, x: row.x, y: row.y)
            return
        }
        var cells = Canvas(width: row.width, height: 1, fill: Cell(" ", style: Style(background: beneath)))
        draw(in: cells.bounds, on: &cells, theme: theme)
        KeyHintBar.drawn.withLock { list in
            list.insert((key, cells), at: 0)
            if list.count > 8 { list.removeLast() }
        }
        canvas.blit(cells, x: row.x, y: row.y)
    }

    private func draw(in row: Rect, on canvas: inout Canvas, theme: Theme) {
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

/// An app's frame: a border with the title in its top edge, the key-hint bar on the bottom
/// line of the screen (below the border), as htop does, and the notice line in the bottom
/// edge of the border: a row kept for notices, so one never covers the content and nothing
/// moves when one appears.
public struct Window: Widget {
    public var title: String
    public var bar: KeyHintBar
    /// A short status shown at the right of the top border (e.g. "read-only").
    public var status: String?
    /// What the notice line says (nil: the plain border).
    public var notice: String?
    /// How many other notices wait behind it (the line says so, and that `?` lists them).
    public var moreNotices: Int
    public var content: any Widget
    /// True when the frame's cells are already blanks in the background style, as in a canvas
    /// just made so (the shell makes each frame's that way): they are not filled again, which
    /// was the cost of a thousand cells at every frame.
    public var groundLaid = false

    public init(title: String, bar: KeyHintBar, status: String? = nil, notice: String? = nil, moreNotices: Int = 0,
                content: any Widget = Empty()) {
        self.title = title
        self.bar = bar
        self.status = status
        self.notice = notice
        self.moreNotices = max(0, moreNotices)
        self.content = content
    }

    public init(title: String, hints: [KeyHint], status: String? = nil, pinnedHints: Int = 0, content: any Widget = Empty()) {
        self.init(title: title, bar: KeyHintBar(hints, pinnedTrailing: pinnedHints), status: status, content: content)
    }

    /// Where the content goes for a window drawn in `rect`.
    public static func contentRect(_ rect: Rect) -> Rect {
        frameRect(rect).inset(by: 1)
    }

    static func frameRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1)
    }

    /// The notice line: the bottom edge of the frame between its corners.
    public static func noticeRect(_ rect: Rect) -> Rect {
        let frame = frameRect(rect)
        return Rect(x: frame.x + 1, y: frame.maxY - 1, width: max(0, frame.width - 2), height: frame.height >= 2 ? 1 : 0)
    }

    /// Whether `status` is shown beside `title` on a top edge `width` wide (else it is left out).
    public static func statusFits(_ status: String, title: String, width: Int) -> Bool {
        width > DisplayWidth.of(title) + DisplayWidth.of(status) + 10
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let frame = Window.frameRect(rect)
        if !groundLaid { canvas.fill(frame, style: theme[.background]) }
        Box.draw(frame, on: &canvas, glyphs: theme.glyphs, style: theme[.border], title: title, titleStyle: theme[.title])
        if let status, Window.statusFits(status, title: title, width: frame.width) {
            let s = " " + TextLayout.sanitized(status) + " "
            let w = DisplayWidth.of(s)
            canvas.put(s, x: frame.maxX - 2 - w, y: frame.y, style: theme[.warning], clip: frame)
        }
        content.render(in: Window.contentRect(rect), on: &canvas, theme: theme)
        if let notice, !notice.isEmpty {
            let line = Window.noticeRect(rect)
            let style = theme[.warning].with(.reverse)
            canvas.fill(line, style: style)
            // The count of the others stays whole at the right; the notice is cut before it.
            let more = moreNotices > 0 ? " +\(moreNotices) more (?) " : ""
            let room = Rect(x: line.x, y: line.y, width: max(0, line.width - DisplayWidth.of(more)), height: line.height)
            canvas.put(" ! " + TextLayout.sanitized(notice), in: room, style: style, ellipsis: theme.glyphs.ellipsis)
            if !more.isEmpty, line.width > DisplayWidth.of(more) + 8 {
                canvas.put(more, x: room.maxX, y: line.y, style: style, clip: line)
            }
        }
        bar.render(in: rect.bottom(1), on: &canvas, theme: theme)
    }
}
