import TerminiCore

/// A line of text in a role's style.
public struct StyledLine: Sendable, Equatable {
    public var text: String
    public var role: Role
    public init(_ text: String, _ role: Role = .dialog) {
        self.text = text
        self.role = role
    }
}

/// A box over the screen with a title and lines that scroll: the `?` help, Badminton's
/// history, the stamp card's history, Coffee's receipt. The lines come in items (an entry and
/// its wrapped continuation, a match on two lines) that scroll together; ↑/↓ move one item,
/// PgUp/PgDn a page, Home/End to either end, and any other key closes the panel. When not
/// everything fits, the footer says how to scroll and the bottom border which items show.
///
/// A panel is a value made from its content for the area it is drawn in: the host keeps only
/// `scroll`, so the limits always come from the real height of the screen.
public struct ScrollPanel: Widget, Sendable, Equatable {
    public var title: String
    public var items: [[StyledLine]]
    /// Blank lines between items.
    public var gap: Int
    /// Whether the box takes its whole area (less a column each side) instead of the size
    /// of its lines.
    public var fillsArea: Bool
    /// The first item shown; kept within what still changes the screen.
    public var scroll: Int
    /// Shown when there are no items.
    public var emptyText: String
    /// The narrowest the text may be, so a short list does not sit in a cramped box.
    public var minimumTextWidth = 0
    /// Whether `/` searches the panel (the footer says so).
    public var searchable = false
    /// The item a search found, drawn in the focus style.
    public var current: Int?
    /// What the footer row says instead of how to scroll: the search being typed, where the
    /// match is, that nothing was found.
    public var prompt: String?
    /// The bottom border counts the lines on view (`1-18 of 240`, the help), not the items
    /// (`1-13 of 97` matches, the history).
    public var countsLines = false

    public init(title: String, items: [[StyledLine]], gap: Int = 0, fillsArea: Bool = false, scroll: Int = 0,
                emptyText: String = "Nothing here yet.") {
        self.title = title
        self.items = items
        self.gap = max(0, gap)
        self.fillsArea = fillsArea
        self.scroll = max(0, scroll)
        self.emptyText = emptyText
    }

    /// A panel of single lines.
    public init(title: String, lines: [StyledLine], fillsArea: Bool = false, scroll: Int = 0) {
        self.init(title: title, items: lines.map { [$0] }, fillsArea: fillsArea, scroll: scroll)
    }

    /// The width of the text inside the box for an area of `width` cells.
    public static func textWidth(forArea width: Int) -> Int { max(1, width - 4) }

    static func footer(scrolls: Bool, searchable: Bool = false, glyphs g: Glyphs) -> String {
        let search = searchable ? "/ search \(g.middleDot) " : ""
        return scrolls ? "\(g.arrowUp)/\(g.arrowDown) scroll \(g.middleDot) \(search)any other key closes"
            : searchable ? "\(search)any other key closes" : "any key closes"
    }

    /// The items whose text holds `query`, ignoring case (an entry wrapped over lines is
    /// searched as one line).
    public func matches(_ query: String) -> [Int] {
        let q = query.lowercased()
        guard !q.isEmpty else { return [] }
        return items.indices.filter { i in
            items[i].map(\.text).joined(separator: " ").split(separator: " ").joined(separator: " ").lowercased().contains(q)
        }
    }

    var lineCount: Int {
        items.isEmpty ? 1 : items.reduce(0) { $0 + $1.count } + gap * (items.count - 1)
    }

    /// Rows for text in a box drawn in an area `height` rows high: the box less its border
    /// and the footer row.
    /// The text lines of every item (gaps left out).
    var lineCountOfItems: Int { items.reduce(0) { $0 + $1.count } }

    func textRows(areaHeight height: Int) -> Int { max(0, boxHeight(areaHeight: height) - 3) }

    func boxHeight(areaHeight height: Int) -> Int { fillsArea ? height : min(height, lineCount + 4) }

    /// How many items from `first` fit in `rows` rows (at least one, cut if it must be).
    func itemsFitting(from first: Int, rows: Int) -> Int {
        var used = 0, n = 0
        for i in first..<items.count {
            let h = items[i].count + (n > 0 ? gap : 0)
            if used + h > rows && n > 0 { break }
            used += h
            n += 1
            if used >= rows { break }
        }
        return n
    }

    /// The largest first item that still changes what an area `height` rows high shows.
    public func maxScroll(areaHeight height: Int) -> Int {
        let rows = textRows(areaHeight: height)
        guard !items.isEmpty else { return 0 }
        // The last items that fit in the rows, counted from the end.
        var used = 0, first = items.count
        while first > 0 {
            let h = items[first - 1].count + (first < items.count ? gap : 0)
            if used + h > rows { break }
            used += h
            first -= 1
        }
        return min(items.count - 1, max(0, first))
    }

    /// How many items show from `first` in an area `height` rows high (at least one).
    public func itemsShown(from first: Int, areaHeight height: Int) -> Int {
        items.isEmpty ? 0 : itemsFitting(from: min(max(0, first), items.count - 1), rows: textRows(areaHeight: height))
    }

    /// The first item to show so that `item` is on view, moving as little as it can from `first`.
    public func scroll(keeping item: Int, from first: Int, areaHeight height: Int) -> Int {
        guard !items.isEmpty else { return 0 }
        let most = maxScroll(areaHeight: height)
        var f = min(max(0, first), most)
        if item < f { f = item }
        while f < most && item >= f + itemsShown(from: f, areaHeight: height) { f += 1 }
        return min(f, most)
    }

    /// Which way a key scrolls the panel.
    public enum Scroll: Sendable, Equatable { case lineUp, lineDown, pageUp, pageDown, top, bottom }

    /// The panel's scrolling keys (any other closes it, as its holder says).
    public static let keyMap = KeyMap<Scroll>([
        (.up, .lineUp), (.down, .lineDown), (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .top), (.end, .bottom),
    ])

    /// What a key does to the panel in an area `height` rows high: the new first item, or
    /// nil when the key is not one of its scrolling keys (its holder closes it).
    public func scrolled(by key: Key, areaHeight height: Int) -> Int? {
        guard let way = ScrollPanel.keyMap.action(for: key) else { return nil }
        let most = maxScroll(areaHeight: height)
        let page = max(1, itemsFitting(from: min(scroll, most), rows: textRows(areaHeight: height)) - 1)
        let at = min(scroll, most)
        switch way {
        case .lineUp: return max(0, at - 1)
        case .lineDown: return min(most, at + 1)
        case .pageUp: return max(0, at - page)
        case .pageDown: return min(most, at + page)
        case .top: return 0
        case .bottom: return most
        }
    }

    public func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let rows = textRows(areaHeight: area.height)
        let first = items.isEmpty ? 0 : min(scroll, maxScroll(areaHeight: area.height))
        let shown = items.isEmpty ? 0 : itemsFitting(from: first, rows: rows)
        let scrolls = shown < items.count
        let footer = prompt ?? ScrollPanel.footer(scrolls: scrolls, searchable: searchable, glyphs: g)
        let all = items.isEmpty ? [[StyledLine(emptyText, .muted)]] : items
        // The widest line only when the box takes its lines' size (a long list filling the
        // area is not measured whole at every frame).
        let width = fillsArea ? area.width - 2 : min(area.width, max(all.joined().map { DisplayWidth.of(TextLayout.sanitized($0.text)) }.max() ?? 0,
                                                                     minimumTextWidth, DisplayWidth.of(footer), DisplayWidth.of(title) + 4) + 4)
        let box = area.centered(Size(width: min(area.width, width), height: boxHeight(areaHeight: area.height)))
        guard box.width >= 6, box.height >= 4 else { return }
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.dialogBorder], title: title, titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        var y = 0, drawn = 0
        for (n, item) in all.dropFirst(first).prefix(max(1, shown)).enumerated() {
            if n > 0 { y += gap }
            let found = current == first + n && !items.isEmpty
            for line in item where y < rows {
                if found { canvas.fill(inner.row(y), style: theme[.focus]) }
                canvas.put(TextLayout.sanitized(line.text), in: inner.row(y), style: found ? theme[.focus] : theme[line.role], ellipsis: g.ellipsis)
                y += 1
                drawn += 1
            }
        }
        canvas.put(footer, in: inner.row(inner.height - 1), alignment: prompt == nil ? .right : .left,
                   style: prompt == nil ? theme[.muted] : theme[.text], ellipsis: g.ellipsis)
        if scrolls {
            // Which items are on screen, in the bottom border.
            let before = countsLines ? items[..<first].reduce(0) { $0 + $1.count } : first
            let range = countsLines ? " \(before + 1)-\(before + drawn) of \(lineCountOfItems) " : " \(first + 1)-\(first + shown) of \(items.count) "
            let w = DisplayWidth.of(range)
            if box.width > w + 4 { canvas.put(range, x: box.maxX - 2 - w, y: box.maxY - 1, style: theme[.dialogBorder], clip: box) }
        }
    }
}

extension HelpSection {
    /// The help as a scroll panel for an area `width` cells wide: a heading per section, each
    /// entry's keys in a column and its action beside them, wrapped under the action column.
    public static func panel(title: String, sections: [HelpSection], areaWidth width: Int, scroll: Int = 0,
                             ellipsis: String = "…") -> ScrollPanel {
        let keyWidth = min(18, sections.flatMap { $0.entries.map { DisplayWidth.of($0.keys) } }.max() ?? 4)
        let room = ScrollPanel.textWidth(forArea: width) - keyWidth - 2
        let indent = String(repeating: " ", count: keyWidth + 2)
        var items: [[StyledLine]] = []
        for (n, s) in sections.enumerated() {
            items.append((n > 0 ? [StyledLine("", .dialog)] : []) + [StyledLine(s.title, .accent)])
            for e in s.entries {
                let key = TextLayout.pad(e.keys, to: keyWidth, ellipsis: ellipsis) + "  "
                // Too narrow to wrap sensibly: the line is cut when drawn instead.
                guard room >= 12, DisplayWidth.of(e.action) > room else {
                    items.append([StyledLine(key + e.action, .dialog)])
                    continue
                }
                items.append(TextLayout.wrap(e.action, width: room).enumerated().map { i, part in
                    StyledLine((i == 0 ? key : indent) + part, .dialog)
                })
            }
        }
        var panel = ScrollPanel(title: title, items: items, scroll: scroll)
        panel.countsLines = true
        return panel
    }
}
