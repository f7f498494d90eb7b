import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// A match's scoresheet and statistics in the terminal, opened by Enter on a match of the
/// history. The sheet is the `Scoresheet` model drawn in text: its head (the sides, the
/// result, the officials, the times), then per game a grid with a row per player and a column
/// of three cells per grid unit, each game on one line that scrolls sideways while the names
/// stay put; the statistics are `MatchStats` as a table (the match and each game, the first
/// side's figure first) and the momentum chart. Both scroll down; Tab switches between them.
struct ScoresheetModal: Modal {
    typealias Action = BadmintonApp.Action

    enum Tab: Equatable, Sendable { case sheet, stats }

    let sheet: Scoresheet
    let stats: MatchStats
    let zone: LocalZone
    var tab = Tab.sheet
    var scrollX = 0
    var scrollY = 0

    init(_ log: MatchLog, court: String?, zone: LocalZone) {
        sheet = Scoresheet(log, court: court)
        stats = MatchStats(log)
        self.zone = zone
    }

    // MARK: The document

    /// A row of the document: words that stay put, a row of a grid (its name column stays,
    /// its cells scroll sideways), or the momentum chart.
    enum Row: Equatable {
        case text(String, Role, bold: Bool)
        case grid(name: String, role: Role, mark: String, cells: [GridCell])
        case chart(MomentumChart, height: Int)
    }

    struct GridCell: Equatable {
        /// Cells from the start of the grid (after the names).
        var x: Int
        var text: String
        var role: Role
        var underline = false
        var bold = false
    }

    /// Cells a grid unit takes: a score of two digits and a space.
    static let unitWidth = 3

    /// Cells a column takes: its units, and a band (`Int`, `End`) a cell more, so two
    /// together stay apart.
    static func width(_ c: Scoresheet.Column) -> Int { c.band != nil ? unitWidth + 1 : c.span * unitWidth }

    func time(_ t: Double) -> String { String(MatchReport.shortTime(t, offset: zone.offset(at: t)).suffix(5)) }
    func date(_ t: Double) -> String { String(MatchReport.shortTime(t, offset: zone.offset(at: t)).prefix(10)) }

    /// The width of the names column (the `S`/`R` column and a rule after it).
    var nameWidth: Int { min(20, (sheet.rows.map { DisplayWidth.of(TextLayout.sanitized($0.name)) }.max() ?? 4) + 1) }
    var frozenWidth: Int { nameWidth + 3 }

    /// `width`: the columns the rows are drawn in (the legend wraps to it).
    func rows(glyphs g: Glyphs, width: Int) -> [Row] {
        tab == .sheet ? sheetRows(glyphs: g, width: width) : statsRows(glyphs: g, width: width)
    }

    /// The sheet's head, each line wrapped to `width`, never cut: the sides in full (with
    /// their countries), the result, the match's number, event and round, the officials, the times.
    func head(glyphs g: Glyphs, width: Int) -> [Row] {
        func wrapped(_ text: String, _ role: Role, bold: Bool) -> [Row] {
            TextLayout.wrap(TextLayout.sanitized(text).glyphed(g), width: max(10, width - 2)).map { .text($0, role, bold: bold) }
        }
        let full = (0..<2).map { t in sheet.teams[t].players.indices.map(sheet.teams[t].fullName).joined(separator: " / ") }
        var out = wrapped("\(full[0]) v \(full[1]) · \(sheet.format) · \(sheet.discipline.rawValue)", .accent, bold: true)
            + wrapped(sheet.result, .text, bold: true)
        let o = sheet.officials
        let named = [("Match", o.matchNumber), ("Event", o.event), ("Round", o.round), ("Court", o.court), ("Umpire", o.umpire), ("Service judge", o.serviceJudge)]
            .compactMap { label, value in value.map { "\(label): \(TextLayout.sanitized($0))" } }
        if !named.isEmpty { out += wrapped(named.joined(separator: " · "), .text, bold: false) }
        var times: [String] = []
        if let s = sheet.start { times.append("\(date(s)) · begin \(time(s))") }
        if let e = sheet.end { times.append("end \(time(e))") }
        if let s = sheet.start, let e = sheet.end { times.append(MatchReport.minutes(e - s)) }
        if sheet.shuttles > 0 { times.append("\(sheet.shuttles) shuttle\(sheet.shuttles == 1 ? "" : "s")") }
        if !times.isEmpty { out.append(.text(times.joined(separator: " · "), .muted, bold: false)) }
        return out
    }

    func sheetRows(glyphs g: Glyphs, width: Int) -> [Row] {
        var out = head(glyphs: g, width: width)
        for line in sheet.lines(units: Int.max / 4) {
            let game = sheet.games[line.game]
            // A hyphen between the times, as in the head (the page has an en dash).
            let caption = (["Game \(game.number)"] + sheet.caption(game, time: time)).joined(separator: " · ")
                .split(separator: "–", omittingEmptySubsequences: false).joined(separator: "-")
            out.append(.text("", .text, bold: false))
            // Wrapped, never cut: a late call of play is at the end of a long caption.
            for line in TextLayout.wrap(caption.glyphed(g), width: max(10, width - 2)) { out.append(.text(line, .accent, bold: true)) }
            // A ruler: every fifth rally numbered, a correction marked C.
            var ruler: [GridCell] = []
            var x = 0, rally = 0
            for c in game.columns[line.columns] {
                if c.kind == .rally || c.kind == .fault {
                    rally += 1
                    if rally % 5 == 0 { ruler.append(GridCell(x: x, text: TextLayout.pad(String(rally), to: 2, alignment: .right), role: .muted)) }
                }
                if case .correction = c.kind { ruler.append(GridCell(x: x, text: " C", role: .warning)) }
                x += ScoresheetModal.width(c)
            }
            out.append(.grid(name: "", role: .muted, mark: "", cells: ruler))
            for (r, row) in sheet.rows.enumerated() {
                var cells: [GridCell] = []
                var x = 0
                for c in game.columns[line.columns] {
                    let width = ScoresheetModal.width(c)
                    if let cell = gridCell(c, row: r, width: width) {
                        var cell = cell
                        cell.x = x
                        cells.append(cell)
                    } else if c.served == r {
                        cells.append(GridCell(x: x, text: "  ", role: .text, underline: true))
                    }
                    x += width
                }
                var mark = ""
                if case .mark(let m) = game.serviceMarks[r] { mark = m.text }
                out.append(.grid(name: TextLayout.sanitized(row.name), role: BadmintonApp.role(row.player.team), mark: mark, cells: cells))
            }
        }
        if sheet.games.isEmpty { out.append(.text("No rally yet.", .muted, bold: false)) }
        out.append(.text("", .text, bold: false))
        out += ScoresheetModal.legend(width: width).map { .text($0, .muted, bold: false) }
        return out
    }

    static let legendText = "S server and R receiver where play was called; underlined: the player who served the rally; "
        + "the score is on the row of the player who serves next. W warning, F fault, I injury (Inj), "
        + "Sus suspension, O overrule, R in the grid the referee called, C a correction (its cells highlighted: the score it left), Int interval, End change of ends, "
        + "(21) the game's result."
    static func legend(width: Int) -> [String] { TextLayout.wrap(legendText, width: max(10, min(width, 100))) }

    /// A column's cell on row `r`, or nil when it is blank.
    func gridCell(_ c: Scoresheet.Column, row r: Int, width: Int) -> GridCell? {
        let team = sheet.rows[r].player.team
        if c.kind == .result, let s = c.score {
            return GridCell(x: 0, text: TextLayout.pad("(\(s[team]))", to: width - 1, alignment: .center), role: BadmintonApp.role(team), bold: true)
        }
        var role: Role = .text
        if case .correction = c.kind { role = .warning }
        switch c.cells[r] {
        case .score(let n):
            return GridCell(x: 0, text: TextLayout.pad(String(n), to: 2, alignment: .right), role: role, underline: c.served == r, bold: true)
        case .mark(let m):
            let text = width > ScoresheetModal.unitWidth ? m.text : TextLayout.pad(m.text, to: 2, alignment: .right)
            return GridCell(x: 0, text: text, role: m == .warning || m == .fault || m == .disqualified ? .warning : .accent, underline: c.served == r, bold: true)
        case .empty:
            break
        }
        // A band (interval, ends, a stop) in its first empty row.
        guard let band = c.band, r == c.cells.firstIndex(of: .empty) else { return nil }
        let words: String
        switch band {
        case .interval: words = "Int"
        case .changeOfEnds: words = "End"
        case .injury: words = "Inj"
        case .suspension: words = "Sus"
        }
        return GridCell(x: 0, text: " " + words, role: .muted)
    }

    func statsRows(glyphs g: Glyphs, width: Int) -> [Row] {
        var out = head(glyphs: g, width: width)
        out.append(.text("", .text, bold: false))
        let games = [stats.match] + stats.games
        let label = 20, col = 12
        func line(_ name: String, _ value: (MatchStats.Game) -> String) -> String {
            TextLayout.pad(name, to: label) + games.map { TextLayout.pad(value($0), to: col) }.joined()
        }
        func pair(_ f: @escaping (MatchStats.Side) -> Int) -> (MatchStats.Game) -> String { { "\(f($0.sides[0]))-\(f($0.sides[1]))" } }
        out.append(.text(TextLayout.pad("\(sheet.side(0)) first", to: label) + games.map { TextLayout.pad($0.number == 0 ? "Match" : "Game \($0.number)", to: col) }.joined(),
                         .accent, bold: true))
        out.append(.text(line("Points", pair(\.points)), .text, bold: false))
        out.append(.text(line("Won on serve", pair(\.wonOnServe)), .text, bold: false))
        out.append(.text(line("Won on receive", pair(\.wonOnReceive)), .text, bold: false))
        out.append(.text(line("From faults", pair(\.fromFaults)), .text, bold: false))
        out.append(.text(line("Longest run", pair(\.longestRun)), .text, bold: false))
        out.append(.text(line("Biggest lead", pair(\.biggestLead)), .text, bold: false))
        out.append(.text(line("Cards (W/F/D)") { m in m.sides.map { "\($0.warnings)/\($0.faults)/\($0.disqualifications)" }.joined(separator: "-") }, .text, bold: false))
        out.append(.text(line("Duration") { $0.duration.map(MatchReport.minutes) ?? "-" }, .text, bold: false))
        out.append(.text(line("Rallies") { String($0.rallies) }, .text, bold: false))
        out.append(.text(line("Rallies a minute") { $0.ralliesPerMinute.map { MatchReport.decimal($0, places: 1) } ?? "-" }, .text, bold: false))
        out.append(.text("", .text, bold: false))
        out.append(.text("Momentum: \(sheet.side(0))'s lead above the line, \(sheet.side(1))'s below, a game after the other", .accent, bold: true))
        out.append(.chart(stats.momentumChart(teams: sheet.teams), height: 9))
        return out
    }

    // MARK: Scrolling

    func rowHeight(_ r: Row) -> Int {
        if case .chart(_, let h) = r { return h }
        return 1
    }

    func contentHeight(glyphs g: Glyphs, width: Int) -> Int { rows(glyphs: g, width: width).reduce(0) { $0 + rowHeight($1) } }

    /// The grid's width in cells (what scrolls sideways).
    var gridWidth: Int {
        guard tab == .sheet else { return 0 }
        return sheet.games.map { $0.columns.reduce(0) { $0 + ScoresheetModal.width($1) } }.max() ?? 0
    }

    /// The area inside the box for a screen area.
    static func inner(_ area: Rect) -> Rect { area.inset(horizontal: 2, vertical: 1).inset(bottom: 1) }

    /// The limits of the scroll for the area the modal is drawn in.
    func limits(_ context: AppContext) -> (x: Int, y: Int, page: Int) {
        let view = ScoresheetModal.inner(Rect(context.size))
        return (max(0, gridWidth - (view.width - frozenWidth)), max(0, contentHeight(glyphs: context.glyphs, width: view.width) - view.height), max(1, view.height - 1))
    }

    mutating func scroll(x dx: Int = 0, y dy: Int = 0, _ context: AppContext) -> ModalStep<Action> {
        let l = limits(context)
        scrollX = min(l.x, max(0, min(scrollX, l.x) + dx))
        scrollY = min(l.y, max(0, min(scrollY, l.y) + dy))
        return .stay
    }

    typealias B = Binding<ScoresheetModal, ModalStep<Action>>
    /// Five rallies a press sideways.
    static let sideways = ScoresheetModal.unitWidth * 5

    static let keys = KeyTable<ScoresheetModal, ModalStep<Action>>("In a scoresheet (Enter on a match of the history)", [
        B([.left, .right], hint: .init { $0.tab == .sheet ? "Sideways" : nil }, "scroll sideways along the games (the names stay)") { m, key, ctx in
            m.scroll(x: key == .left ? -sideways : sideways, ctx)
        },
        B([.up, .down], hint: .init("Scroll"), "scroll down and up a row") { m, key, ctx in m.scroll(y: key == .up ? -1 : 1, ctx) },
        B([.pageUp, .pageDown], hint: .init("Page"), "a page down and up") { m, key, ctx in
            let page = m.limits(ctx).page
            return m.scroll(y: key == .pageUp ? -page : page, ctx)
        },
        B([.home, .end], hint: .init("Start/end", priority: 1), "to the start (top left), to the end (the last rally)") { m, key, ctx in
            let l = m.limits(ctx)
            m.scrollX = key == .home ? 0 : l.x
            m.scrollY = key == .home ? 0 : l.y
            return .stay
        },
        B([.tab, .backTab], hint: .init { $0.tab == .sheet ? "Statistics" : "Scoresheet" }, "the statistics and the momentum chart, or back to the sheet") { m, _, _ in
            m.tab = m.tab == .sheet ? .stats : .sheet
            m.scrollX = 0
            m.scrollY = 0
            return .stay
        },
        B([.enter, .char("q")], helpKeys: [.escape, .enter, .char("q")], hint: .init("Back", keys: [.escape]), "back to the history") { _, _, _ in .close },
    ])

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        ScoresheetModal.keys.dispatch(key, to: &self, context: context) ?? .alert
    }

    func hints(context: AppContext) -> [KeyHint] { ScoresheetModal.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let g = theme.glyphs
        let box = rect
        guard box.width >= 20, box.height >= 6 else { return }
        canvas.fill(box, style: theme[.dialog])
        let title = (tab == .sheet ? "Scoresheet" : "Statistics") + " · \(sheet.side(0)) v \(sheet.side(1))"
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.dialogBorder], title: TextLayout.sanitized(title).glyphed(g), titleStyle: theme[.dialogBorder])
        let view = ScoresheetModal.inner(box)
        let all = rows(glyphs: g, width: view.width)
        let height = contentHeight(glyphs: g, width: view.width)
        let maxY = max(0, height - view.height)
        let maxX = max(0, gridWidth - (view.width - frozenWidth))
        let sy = min(scrollY, maxY), sx = min(scrollX, maxX)
        let scrolled = Rect(x: view.x + frozenWidth, y: view.y, width: max(0, view.width - frozenWidth), height: view.height)
        var y = view.y - sy
        func style(_ role: Role, bold: Bool, underline: Bool = false) -> Style {
            var s = theme[role]
            s.background = theme[.dialog].background
            if bold { s = s.with(.bold) }
            if underline { s = s.with(.underline) }
            return s
        }
        for row in all {
            let h = rowHeight(row)
            defer { y += h }
            guard y + h > view.y, y < view.maxY else { continue }
            switch row {
            case let .text(text, role, bold):
                canvas.put(TextLayout.sanitized(text).glyphed(g), in: Rect(x: view.x, y: y, width: view.width, height: 1), style: style(role, bold: bold), ellipsis: g.ellipsis)
            case let .grid(name, role, mark, cells):
                if !name.isEmpty {
                    canvas.put(TextLayout.truncate(name, to: nameWidth - 1, ellipsis: g.ellipsis), x: view.x, y: y, style: style(role, bold: true), clip: view)
                }
                canvas.put(TextLayout.pad(mark, to: 2), x: view.x + nameWidth, y: y, style: style(.accent, bold: true), clip: view)
                canvas.put(g.vertical, x: view.x + nameWidth + 2, y: y, style: style(.border, bold: false), clip: view)
                for c in cells {
                    canvas.put(c.text, x: scrolled.x + c.x - sx, y: y, style: style(c.role, bold: c.bold, underline: c.underline), clip: scrolled)
                }
            case let .chart(chart, h):
                guard y >= view.y else { continue }
                let r = Rect(x: view.x, y: y, width: min(view.width, 120), height: min(h, view.maxY - y))
                chart.render(in: r, on: &canvas, theme: theme)
            }
        }
        // Where the view is, in the bottom border; how to scroll, on the last row.
        let footer = tab == .sheet ? "\(g.arrowLeft)\(g.arrowRight) sideways \(g.middleDot) \(g.arrowUp)\(g.arrowDown) down \(g.middleDot) Tab statistics \(g.middleDot) Esc back"
            : "\(g.arrowUp)\(g.arrowDown) scroll \(g.middleDot) Tab scoresheet \(g.middleDot) Esc back"
        canvas.put(footer, in: Rect(x: view.x, y: view.maxY, width: view.width, height: 1), alignment: .right, style: style(.muted, bold: false), ellipsis: g.ellipsis)
        if maxY > 0 || maxX > 0 {
            let at = " rows \(sy + 1)-\(min(height, sy + view.height)) of \(height)" + (maxX > 0 ? ", column \(sx / ScoresheetModal.unitWidth + 1)" : "") + " "
            let w = DisplayWidth.of(at)
            if box.width > w + 4 { canvas.put(at, x: box.maxX - 2 - w, y: box.maxY - 1, style: theme[.dialogBorder], clip: box) }
        }
    }
}

/// The history (`h`): every match kept, newest first, one of them chosen; Enter opens its
/// scoresheet and statistics. The list scrolls with the choice; any other key closes it.
struct HistoryBrowser: Modal {
    typealias Action = BadmintonApp.Action
    /// The matches, newest first, and what the list's shape needs of them.
    let listing: HistoryListing
    /// Each match's start, in the list's order.
    var matches: NewestFirst { listing.rows }
    var selected = 0
    /// The first match on view: it moves only when the choice would leave the view.
    var scroll = 0

    typealias B = Binding<HistoryBrowser, ModalStep<Action>>

    static let keys = KeyTable<HistoryBrowser, ModalStep<Action>>("In the history", [
        B([.up, .down], hint: .init("Choose"), "choose a match") { h, key, ctx in
            h.move(key == .up ? -1 : 1, ctx)
        },
        B([.pageUp, .pageDown], hint: .init("Page"), "a page up or down (the rows less one, so the eye keeps its place)") { h, key, ctx in
            // The view and the choice move by a page together.
            let panel = h.content(ctx)
            let page = max(1, panel.itemsShown(from: h.scroll, areaHeight: ctx.size.height) - 1)
            h.scroll = max(0, min(panel.maxScroll(areaHeight: ctx.size.height), h.scroll + (key == .pageUp ? -page : page)))
            return h.move(key == .pageUp ? -page : page, ctx)
        },
        B([.home, .end], "the newest, the oldest") { h, key, ctx in h.move(key == .home ? -h.matches.count : h.matches.count, ctx) },
        B([.enter], hint: .init { $0.matches.isEmpty ? nil : "Scoresheet" }, "open the match's scoresheet, its statistics and momentum chart (Tab)") { h, _, _ in
            guard h.matches.indices.contains(h.selected) else { return .close }
            return .send(.openScoresheet(startedAt: h.matches[h.selected].startedAt))
        },
        B([.char("p")], hint: .init { $0.matches.isEmpty ? nil : "Print" },
          "print: its scoresheet to scoresheet-N.html (N as listed), a page to print") { h, _, _ in
            guard h.matches.indices.contains(h.selected) else { return .stay }
            return .send(.printScoresheet(startedAt: h.matches[h.selected].startedAt))
        },
        B(anyKey: "any other key", hint: .init("Close", keys: [.escape]), "close it (q and Esc too: they do not quit)") { _, _, _ in .close },
    ])

    /// The list for the area it is drawn in (its wrapping follows the width), its items blank.
    func content(_ context: AppContext) -> ScrollPanel {
        listing.panel(width: ScrollPanel.textWidth(forArea: context.size.width - 2), glyphs: context.glyphs)
    }

    mutating func move(_ by: Int, _ context: AppContext) -> ModalStep<Action> {
        guard !matches.isEmpty else { return .stay }
        selected = min(matches.count - 1, max(0, selected + by))
        scroll = content(context).scroll(keeping: selected, from: scroll, areaHeight: context.size.height)
        return .stay
    }

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        HistoryBrowser.keys.dispatch(key, to: &self, context: context) ?? .close
    }

    func hints(context: AppContext) -> [KeyHint] { HistoryBrowser.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        var c = context
        c.size = rect.size
        var panel = content(c)
        panel.scroll = panel.scroll(keeping: selected, from: scroll, areaHeight: rect.height)
        // Only the matches on view are made.
        let shown = panel.scroll..<(panel.scroll + panel.itemsShown(from: panel.scroll, areaHeight: rect.height))
        listing.fill(&panel, shown, width: ScrollPanel.textWidth(forArea: c.size.width - 2), glyphs: c.glyphs)
        if panel.items.indices.contains(selected) {
            panel.items[selected] = panel.items[selected].map { StyledLine($0.text, .selected) }
        }
        panel.render(in: rect, on: &canvas, theme: theme)
    }
}
