import TerminiCore

/// A one-line text entry with a cursor. A prefilled value starts selected, as a selected
/// field does elsewhere: the first typed character replaces it; an arrow, Home, End or
/// Backspace keeps it and edits it instead. Ctrl-U clears.
public struct TextField: Equatable, Sendable {
    /// The text as the characters typed: kept apart so that two typed characters that
    /// would join into one (regional indicators, a CR before an LF) still count as two
    /// and the cursor always stands between characters that exist.
    private var chars: [Character]
    public var text: String { String(chars) }
    public var limit = 40
    /// Characters before the cursor.
    public private(set) var cursor: Int
    /// The whole text is selected: typing replaces it.
    public private(set) var selected: Bool

    public init(text: String = "", limit: Int = 40, selected: Bool = true) {
        chars = Array(text)
        self.limit = limit
        cursor = chars.count
        self.selected = selected && !text.isEmpty
    }

    /// Replaces the text (a preset, a default), selected, the cursor at its end.
    public mutating func set(_ new: String) {
        chars = Array(new)
        cursor = chars.count
        selected = !new.isEmpty
    }

    /// Selects the whole text: done when the focus arrives at the field.
    public mutating func selectAll() {
        cursor = chars.count
        selected = !chars.isEmpty
    }

    /// What an editing key does (a printable character is typed: it needs no entry).
    public enum Edit: Sendable, Equatable { case deleteBefore, deleteAfter, left, right, start, end, clear }

    /// The field's editing keys, as in a shell's line editor.
    public static let keyMap = KeyMap<Edit>([
        (.backspace, .deleteBefore), (.delete, .deleteAfter), (.left, .left), (.right, .right),
        (.home, .start), (.ctrl("a"), .start), (.end, .end), (.ctrl("e"), .end), (.ctrl("u"), .clear),
    ])

    /// True when the key was an editing key (or a character typed).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        let wasSelected = selected
        if case .char(let c) = key {
            guard DisplayWidth.of(c) > 0 else { return true }
            selected = false
            if wasSelected {
                chars = []
                cursor = 0
            }
            guard chars.count < limit else { return true }
            chars.insert(c, at: cursor)
            cursor += 1
            return true
        }
        guard let edit = TextField.keyMap.action(for: key) else { return false }
        selected = false
        switch edit {
        case .deleteBefore:
            guard cursor > 0 else { return true }
            chars.remove(at: cursor - 1)
            cursor -= 1
        case .deleteAfter:
            if cursor < chars.count { chars.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(chars.count, cursor + 1)
        case .start: cursor = 0
        case .end: cursor = chars.count
        case .clear:
            chars = []
            cursor = 0
        }
        return true
    }

    /// The field in `row`: unfocused it shows the start of the text; focused it keeps the
    /// cursor in view, shows the selection (focus style, underlined) and the cursor.
    public func render(in row: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
        guard row.width > 0 else { return }
        let g = theme.glyphs
        canvas.fill(row, with: focused ? " " : g.isUnicode ? "·" : ".", style: focused ? theme[.focus] : theme[.muted])
        // One shown string per typed character, so the cursor's index holds on screen too.
        let shown = chars.map { TextLayout.sanitized(String($0)) }
        guard focused else {
            canvas.put(TextLayout.truncate(shown.joined(), to: row.width, ellipsis: g.ellipsis), x: row.x, y: row.y,
                       style: theme[.selected], clip: row)
            return
        }
        // Leave out characters from the start until the cursor (and one cell for it) fits.
        let at = min(cursor, shown.count)
        var first = 0
        while first < at, DisplayWidth.of(shown[first..<at].joined()) + 1 > row.width { first += 1 }
        let style = selected ? theme[.focus].with(.underline) : theme[.focus]
        var x = canvas.put(shown[first..<at].joined(), x: row.x, y: row.y, style: style, clip: row)
        if at < shown.count {
            // The character under the cursor, in the field's colours the other way round.
            let cursorStyle = theme[.focus].without(.reverse).with(.underline)
            x = canvas.put(shown[at], x: x, y: row.y, style: selected ? style : cursorStyle, clip: row)
            canvas.put(shown[(at + 1)...].joined(), x: x, y: row.y, style: style, clip: row)
        } else {
            canvas.put(g.isUnicode ? "▏" : "_", x: x, y: row.y, style: theme[.focus], clip: row)
        }
    }
}
