import TerminiCore
/// A modal box with a title, a message and buttons, centred over whatever is behind it.
/// Its keys (←/→ or Tab/Shift-Tab between buttons, Enter/Space choose, Esc cancels, a
/// button's first letter chooses it) are declared once in the app contract, `Dialog.keys`.
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

    /// Moves the focus to button `i` (stopping at the first and the last). The keys are the
    /// app contract's (`Dialog.keys`), shared by every dialog.
    public mutating func focus(_ i: Int) { focused = min(max(0, i), buttons.count - 1) }

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
