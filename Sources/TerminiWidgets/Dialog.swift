import TerminiCore
/// A modal box with a title, a message and buttons, centred over whatever is behind it.
/// ←/→ or Tab/Shift-Tab move between buttons, Enter/Space choose, Esc cancels, and the first
/// letter of a button (`y`, `n`) chooses it directly when no other button shares it.
public struct Dialog: Widget, Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case chose(Int)
        case cancelled
    }

    public var title: String
    public var message: String
    public var buttons: [String]
    public private(set) var focused: Int
    /// The role of the border: `.danger` for destructive questions.
    public var role: Role

    public init(title: String, message: String, buttons: [String] = ["OK"], focused: Int = 0, role: Role = .dialogBorder) {
        self.title = title
        self.message = message
        self.buttons = buttons.isEmpty ? ["OK"] : buttons
        self.focused = min(max(0, focused), max(0, buttons.count - 1))
        self.role = role
    }

    /// A yes/no question; "No" has the focus so a stray Enter does not destroy anything.
    public static func confirm(title: String, message: String, yes: String = "Yes", no: String = "No") -> Dialog {
        Dialog(title: title, message: message, buttons: [yes, no], focused: 1, role: .danger)
    }

    public mutating func handle(_ key: Key) -> Outcome? {
        switch key {
        case .escape: return .cancelled
        case .enter, .char(" "): return .chose(focused)
        case .left, .backTab, .up: focused = max(0, focused - 1)
        case .right, .tab, .down: focused = min(buttons.count - 1, focused + 1)
        case .char(let c):
            let lower = Character(c.lowercased())
            let matches = buttons.indices.filter { buttons[$0].lowercased().first == lower }
            if matches.count == 1 { return .chose(matches[0]) }
        default: break
        }
        return nil
    }

    /// The box's rectangle when centred in `area`.
    public func frame(in area: Rect, glyphs: Glyphs) -> Rect {
        let buttonsWidth = buttons.indices.reduce(0) { $0 + Button(buttons[$1], focused: $1 == focused).width(glyphs: glyphs) + 2 }
        let titleWidth = DisplayWidth.of(title) + 6
        let maxInner = max(1, min(56, area.width - 4))
        let longest = TextLayout.sanitizedKeepingNewlines(message).split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
        let inner = min(maxInner, max(buttonsWidth, titleWidth, longest, 20))
        let lines = TextLayout.wrap(TextLayout.sanitizedKeepingNewlines(message), width: inner)
        let height = min(area.height, lines.count + 5)
        return area.centered(Size(width: inner + 4, height: height))
    }

    public func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let box = frame(in: area, glyphs: theme.glyphs)
        guard box.width >= 4, box.height >= 3 else {
            canvas.put(TextLayout.sanitized(title), in: area.row(0), alignment: .center, style: theme[.focus],
                       ellipsis: theme.glyphs.ellipsis)
            return
        }
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[role], title: title, titleStyle: theme[role])
        let inner = box.inset(horizontal: 2, vertical: 1)
        let lines = TextLayout.wrap(TextLayout.sanitizedKeepingNewlines(message), width: inner.width)
        // The frame has room for a blank row above the message and one below it; when the
        // area is too short for that, the top one goes first.
        let top = inner.height >= lines.count + 3 ? 1 : 0
        for (i, line) in lines.prefix(max(0, inner.height - 2 - top)).enumerated() {
            canvas.put(line, in: inner.row(top + i), style: theme[.dialog], ellipsis: theme.glyphs.ellipsis)
        }
        // Buttons on the last inner row, centred.
        let widths = buttons.indices.map { Button(buttons[$0], focused: $0 == focused).width(glyphs: theme.glyphs) }
        let total = widths.reduce(0, +) + 2 * (buttons.count - 1)
        var x = inner.x + max(0, (inner.width - total) / 2)
        let row = inner.row(inner.height - 1)
        for (i, title) in buttons.enumerated() {
            Button(title, focused: i == focused).render(in: Rect(x: x, y: row.y, width: widths[i], height: 1).intersection(row), on: &canvas, theme: theme)
            x += widths[i] + 2
        }
    }
}

/// A list of keys and what they do, in sections; the `?`/F1 overlay of every app.
public struct HelpSection: Sendable, Equatable {
    public var title: String
    public var entries: [(keys: String, action: String)]
    public init(_ title: String, _ entries: [(String, String)]) {
        self.title = title
        self.entries = entries.map { (keys: $0.0, action: $0.1) }
    }
    public static func == (a: HelpSection, b: HelpSection) -> Bool {
        a.title == b.title && a.entries.map(\.keys) == b.entries.map(\.keys) && a.entries.map(\.action) == b.entries.map(\.action)
    }
}

/// The help overlay: a box over the screen listing every section's keys in two columns.
/// Long lists scroll with ↑/↓ (the caller keeps the offset).
public struct HelpOverlay: Widget {
    public var title: String
    public var sections: [HelpSection]
    public var scroll: Int

    public init(title: String, sections: [HelpSection], scroll: Int = 0) {
        self.title = title
        self.sections = sections
        self.scroll = scroll
    }

    /// The text lines of the overlay for a given key-column width. With a `width`, an action
    /// too long for it wraps onto lines indented under the action column.
    public func lines(keyWidth: Int, ellipsis: String = "…", width: Int? = nil) -> [(text: String, isHeading: Bool)] {
        var out: [(String, Bool)] = []
        let room = width.map { $0 - keyWidth - 2 } ?? Int.max
        let indent = String(repeating: " ", count: keyWidth + 2)
        for (n, s) in sections.enumerated() {
            if n > 0 { out.append(("", false)) }
            out.append((s.title, true))
            for e in s.entries {
                let key = TextLayout.pad(e.keys, to: keyWidth, ellipsis: ellipsis) + "  "
                // Too narrow to wrap sensibly: the line is cut when drawn instead.
                guard room >= 12, DisplayWidth.of(e.action) > room else {
                    out.append((key + e.action, false))
                    continue
                }
                for (i, part) in TextLayout.wrap(e.action, width: room).enumerated() {
                    out.append(((i == 0 ? key : indent) + part, false))
                }
            }
        }
        return out
    }

    /// The width of the key column: the longest keys, up to 18 cells.
    var keyWidth: Int { min(18, sections.flatMap { $0.entries.map { DisplayWidth.of($0.keys) } }.max() ?? 4) }

    /// The lines as drawn in `area`: the text inside the box's border and padding.
    func lines(in area: Rect, ellipsis: String) -> [(text: String, isHeading: Bool)] {
        lines(keyWidth: keyWidth, ellipsis: ellipsis, width: area.width - 4)
    }

    /// The largest scroll offset that still changes what `area` shows; past it the last
    /// lines are on screen already.
    public func maxScroll(in area: Rect) -> Int {
        let count = lines(in: area, ellipsis: "…").count
        let visible = max(0, min(area.height, count + 4) - 3)
        return max(0, count - visible)
    }

    public func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let all = lines(in: area, ellipsis: theme.glyphs.ellipsis)
        let h = min(area.height, all.count + 4)
        // Rows for lines: the box less its border and the footer row.
        let visible = max(0, h - 3)
        let more = all.count > visible
        let g = theme.glyphs
        let footer = more ? "\(g.arrowUp)/\(g.arrowDown) scroll \(g.middleDot) any other key closes" : "any key closes"
        let widest = all.map { DisplayWidth.of($0.text) }.max() ?? 10
        let w = min(area.width, max(widest, DisplayWidth.of(footer), DisplayWidth.of(title) + 4) + 4)
        let box = area.centered(Size(width: w, height: h))
        guard box.width >= 4, box.height >= 3 else { return }
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[.dialogBorder], title: title, titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        let start = min(max(0, scroll), max(0, all.count - visible))
        for (i, line) in all.dropFirst(start).prefix(visible).enumerated() {
            canvas.put(line.text, in: inner.row(i), style: line.isHeading ? theme[.accent] : theme[.dialog],
                       ellipsis: theme.glyphs.ellipsis)
        }
        canvas.put(footer, in: inner.row(inner.height - 1), alignment: .right, style: theme[.muted],
                   ellipsis: theme.glyphs.ellipsis)
    }
}
