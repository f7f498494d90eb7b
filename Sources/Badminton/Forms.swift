import TerminiCore
import TerminiWidgets
import TerminiApp

/// A one-line text entry with a cursor. A prefilled value starts selected, as a selected
/// field does elsewhere: the first typed character replaces it; an arrow, Home, End or
/// Backspace keeps it and edits it instead. Ctrl-U clears.
struct TextEntry: Equatable, Sendable {
    /// The text as the characters typed: kept apart so that two typed characters that
    /// would join into one (regional indicators, a CR before an LF) still count as two
    /// and the cursor always stands between characters that exist.
    private var chars: [Character]
    var text: String { String(chars) }
    var limit = 40
    /// Characters before the cursor.
    private(set) var cursor: Int
    /// The whole text is selected: typing replaces it.
    private(set) var selected: Bool

    init(text: String, limit: Int = 40, selected: Bool = true) {
        chars = Array(text)
        self.limit = limit
        cursor = chars.count
        self.selected = selected && !text.isEmpty
    }

    /// Replaces the text (a preset, a default), selected, the cursor at its end.
    mutating func set(_ new: String) {
        chars = Array(new)
        cursor = chars.count
        selected = !new.isEmpty
    }

    /// Selects the whole text: done when the focus arrives at the field.
    mutating func selectAll() {
        cursor = chars.count
        selected = !chars.isEmpty
    }

    /// True when the key was an editing key.
    mutating func handle(_ key: Key) -> Bool {
        let wasSelected = selected
        selected = false
        switch key {
        case .char(let c):
            guard DisplayWidth.of(c) > 0 else {
                selected = wasSelected
                return true
            }
            if wasSelected {
                chars = []
                cursor = 0
            }
            guard chars.count < limit else { return true }
            chars.insert(c, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            chars.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < chars.count { chars.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(chars.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = chars.count
        case .ctrl("u"):
            chars = []
            cursor = 0
        default:
            selected = wasSelected
            return false
        }
        return true
    }

    /// The field in `row`: unfocused it shows the start of the text; focused it keeps the
    /// cursor in view, shows the selection (focus style, underlined) and the cursor.
    func render(in row: Rect, on canvas: inout Canvas, theme: Theme, focused: Bool) {
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

/// What the setup dialog starts with: the last choices (from the `config` preferences).
struct SetupDefaults: Equatable, Sendable {
    var format = "3x21"
    var discipline: Discipline = .singles
    var names: [String] = ["Red", "Blue"]
    /// The side that serves first: 0, the side named first (on the left), or 1.
    var server = 0
    /// How `server` is written in `config`.
    static let serverWords = ["left", "right"]

    init() {}
    init(format: String?, discipline: String?, names: String?, server: String? = nil) {
        self.server = SetupDefaults.serverWords.firstIndex(of: server ?? "") ?? 0
        if let f = format, case .success(let parsed) = MatchFormat.parse(f) { self.format = parsed.description }
        if let d = discipline.flatMap(Discipline.init(rawValue:)) { self.discipline = d }
        let defaults = TeamInfo.defaults(self.discipline).map(\.entry)
        self.names = defaults
        if let n = names {
            let parts = n.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 2, parts.allSatisfy({ TeamInfo.parse($0, discipline: self.discipline) != nil }) {
                self.names = parts.map { TeamInfo.parse($0, discipline: self.discipline)?.entry ?? $0 }
            }
        }
    }
}

/// The new-match dialog: format, singles or doubles, the two sides' names, first server.
struct SetupForm: Equatable, Sendable {
    enum Field: Int, CaseIterable { case format, discipline, side0, side1, server }
    enum Outcome: Equatable { case start(MatchSetup), cancel }

    var format: TextEntry
    var discipline: Discipline
    var names: [TextEntry]
    var firstServer = 0
    var focus = Field.format
    var error: String?

    init(_ d: SetupDefaults) {
        format = TextEntry(text: d.format, limit: 9)
        discipline = d.discipline
        names = d.names.map { TextEntry(text: $0) }
        firstServer = d.server
    }

    mutating func handle(_ key: Key) -> Outcome? {
        switch key {
        case .escape: return .cancel
        case .enter: return submit()
        case .tab, .down: move(to: Field(rawValue: (focus.rawValue + 1) % Field.allCases.count) ?? .format)
        case .backTab, .up: move(to: Field(rawValue: (focus.rawValue + Field.allCases.count - 1) % Field.allCases.count) ?? .format)
        default:
            error = nil
            switch focus {
            case .format:
                if key == .left || key == .right { cyclePreset(key == .right ? 1 : -1) } else { _ = format.handle(key) }
            case .discipline:
                if [.left, .right, .char(" ")].contains(key) { toggleDiscipline() }
                if key == .char("s") || key == .char("S") { if discipline == .doubles { toggleDiscipline() } }
                if key == .char("d") || key == .char("D") { if discipline == .singles { toggleDiscipline() } }
            case .side0: _ = names[0].handle(key)
            case .side1: _ = names[1].handle(key)
            case .server:
                if [.left, .right, .char(" ")].contains(key) { firstServer = 1 - firstServer }
                if key == .char("1") { firstServer = 0 }
                if key == .char("2") { firstServer = 1 }
            }
        }
        return nil
    }

    /// The focus arrives at a field: its text is selected, so typing replaces it.
    mutating func move(to field: Field) {
        focus = field
        switch field {
        case .format: format.selectAll()
        case .side0: names[0].selectAll()
        case .side1: names[1].selectAll()
        case .discipline, .server: break
        }
    }

    mutating func cyclePreset(_ step: Int) {
        let presets = MatchFormat.presets
        let current = (try? MatchFormat.parse(format.text).get())?.description
        let i = presets.firstIndex(where: { $0 == current }) ?? (step > 0 ? -1 : 0)
        format.set(presets[(i + step + presets.count) % presets.count])
    }

    /// Singles names become the default doubles pairs and back, unless they were changed.
    mutating func toggleDiscipline() {
        let old = TeamInfo.defaults(discipline).map(\.entry)
        discipline = discipline == .singles ? .doubles : .singles
        let new = TeamInfo.defaults(discipline).map(\.entry)
        for i in 0..<2 {
            if names[i].text == old[i] {
                names[i].set(new[i])
            } else if discipline == .doubles, !names[i].text.contains("/") {
                let n = TextLayout.sanitizedName(names[i].text)
                names[i].set(n.isEmpty ? new[i] : "\(n) 1/\(n) 2")
            } else if discipline == .singles, names[i].text.contains("/") {
                names[i].set(new[i])
            }
        }
    }

    mutating func submit() -> Outcome? {
        switch MatchFormat.parse(format.text) {
        case .failure(let e):
            error = e.description
            return nil
        case .success(let f):
            var teams: [TeamInfo] = []
            for i in 0..<2 {
                guard let t = TeamInfo.parse(names[i].text, discipline: discipline) else { return nil }
                teams.append(t)
            }
            return .start(MatchSetup(format: f, discipline: discipline, teams: teams, firstServer: firstServer))
        }
    }

    /// Why Enter does nothing yet, if it does nothing.
    var problem: String? {
        if case .failure(let e) = MatchFormat.parse(format.text) { return e.description }
        for i in 0..<2 where TeamInfo.parse(names[i].text, discipline: discipline) == nil {
            return discipline == .singles ? "Side \(i + 1): a name, without '/'" : "Side \(i + 1): two players as A/B"
        }
        return nil
    }

    static func describe(_ text: String) -> String {
        guard case .success(let f) = MatchFormat.parse(text) else { return "GxP or GxPcC" }
        let games = f.games == 1 ? "1 game" : "best of \(f.games)"
        let cap = f.cap.map { $0 == f.points ? ", no deuce" : ", cap \($0)" } ?? ""
        return "\(games) to \(f.points)\(cap)"
    }

    func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let box = area.centered(Size(width: min(62, area.width), height: min(12, area.height)))
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.dialogBorder], title: "New match", titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        guard inner.height >= 5 else { return }
        let labelWidth = 16
        func label(_ i: Int, _ text: String, _ field: Field) {
            let focused = focus == field
            canvas.fit((focused ? String(g.pointer) + " " : "  ") + text, in: Rect(x: inner.x, y: inner.y + i, width: labelWidth, height: 1),
                       style: focused ? theme[.accent] : theme[.text], glyphs: theme.glyphs)
        }
        func valueRect(_ i: Int) -> Rect { Rect(x: inner.x + labelWidth, y: inner.y + i, width: inner.width - labelWidth, height: 1) }
        func choice(_ i: Int, _ options: [String], selected: Int, focused: Bool) {
            var x = valueRect(i).x
            for (n, o) in options.enumerated() {
                let mark = n == selected ? g.dotOn : g.dotOff
                let style = n == selected ? (focused ? theme[.focus] : theme[.selected]) : theme[.muted]
                x = canvas.put("\(mark) \(TextLayout.sanitized(o))", x: x, y: inner.y + i, style: style, clip: valueRect(i))
                x += 2
            }
        }
        label(1, "Format", .format)
        let fr = valueRect(1)
        let arrows = focus == .format
        let fx = canvas.put(arrows ? String(g.pointerLeft) + " " : "  ", x: fr.x, y: fr.y, style: theme[.muted], clip: fr)
        format.render(in: Rect(x: fx, y: fr.y, width: 9, height: 1), on: &canvas, theme: theme, focused: focus == .format)
        let after = canvas.put(arrows ? " " + String(g.pointer) : "  ", x: fx + 9, y: fr.y, style: theme[.muted], clip: fr)
        canvas.put("  " + SetupForm.describe(format.text), x: after, y: fr.y, style: theme[.muted], clip: fr)
        label(2, "Play", .discipline)
        choice(2, ["Singles", "Doubles"], selected: discipline == .singles ? 0 : 1, focused: focus == .discipline)
        label(3, "Left side", .side0)
        names[0].render(in: Rect(x: valueRect(3).x, y: valueRect(3).y, width: min(30, valueRect(3).width), height: 1), on: &canvas, theme: theme, focused: focus == .side0)
        label(4, "Right side", .side1)
        names[1].render(in: Rect(x: valueRect(4).x, y: valueRect(4).y, width: min(30, valueRect(4).width), height: 1), on: &canvas, theme: theme, focused: focus == .side1)
        label(5, "First server", .server)
        let shownNames = names.map { n -> String in
            let t = TextLayout.sanitizedName(n.text)
            return t.isEmpty ? "?" : TextLayout.truncate(t, to: 18, ellipsis: g.ellipsis)
        }
        choice(5, shownNames, selected: firstServer, focused: focus == .server)
        if inner.height >= 9 {
            let hint = discipline == .doubles ? "Doubles names: two players a side, as Ann/Bob" : "Names: one player a side"
            canvas.fit(hint, in: inner.row(7), style: theme[.muted], glyphs: theme.glyphs)
        }
        // Why Enter does nothing yet, on two lines when it is long.
        if let p = error ?? problem {
            let lines = TextLayout.wrap(p, width: inner.width)
            let shown = Array(lines.prefix(2))
            for (i, line) in shown.enumerated() {
                let text = i == 1 && lines.count > 2 ? line + " " + lines[2...].joined(separator: " ") : line
                canvas.fit(text, in: inner.row(inner.height - shown.count + i), style: theme[.danger], glyphs: theme.glyphs)
            }
        }
    }
}

/// The edit-names dialog: each side's name (or `A/B` pair in doubles).
struct NamesForm: Equatable, Sendable {
    enum Outcome: Equatable { case save([TeamInfo]), cancel }
    var discipline: Discipline
    /// Indexed by team.
    var names: [TextEntry]
    /// The teams in screen order, left half first.
    var order: [Int]
    /// The row with the focus (0: the left side).
    var focus = 0

    init(teams: [TeamInfo], discipline: Discipline, left: Int = 0) {
        self.discipline = discipline
        names = teams.map { TextEntry(text: $0.entry) }
        order = [left, 1 - left]
    }

    var problem: String? {
        for i in 0..<2 where TeamInfo.parse(names[i].text, discipline: discipline) == nil {
            return discipline == .singles ? "A name, without '/'" : "Two players as A/B"
        }
        return nil
    }

    mutating func handle(_ key: Key) -> Outcome? {
        switch key {
        case .escape: return .cancel
        case .enter:
            let teams = names.compactMap { TeamInfo.parse($0.text, discipline: discipline) }
            return teams.count == 2 ? .save(teams) : nil
        case .tab, .backTab, .up, .down:
            focus = 1 - focus
            names[order[focus]].selectAll()
        default: _ = names[order[focus]].handle(key)
        }
        return nil
    }

    func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let labels = ["Left side", "Right side"]
        let box = area.centered(Size(width: min(56, area.width), height: min(7, area.height)))
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[.dialogBorder], title: "Names", titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        guard inner.height >= 4 else { return }
        for i in 0..<2 {
            let row = inner.row(1 + i)
            canvas.fit(labels[i], in: Rect(x: row.x, y: row.y, width: 14, height: 1), style: focus == i ? theme[.accent] : theme[.text], glyphs: theme.glyphs)
            names[order[i]].render(in: Rect(x: row.x + 14, y: row.y, width: min(32, row.width - 14), height: 1), on: &canvas, theme: theme, focused: focus == i)
        }
        if let p = problem { canvas.fit(p, in: inner.row(inner.height - 1), style: theme[.danger], glyphs: theme.glyphs) }
    }
}

/// Doubles, at the start of each game: which player of the serving side serves and which
/// player of the other side receives. Enter accepts the usual choice (the first players).
struct ServiceChoice: Equatable, Sendable {
    var server = 0
    var receiver = 0
    /// 0: the server row, 1: the receiver row.
    var row = 0

    /// Returns true when the key belonged to the chooser.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char("1"): server = 0; row = 0
        case .char("2"): server = 1; row = 0
        case .char("3"): receiver = 0; row = 1
        case .char("4"): receiver = 1; row = 1
        case .up, .down, .tab, .backTab: row = 1 - row
        case .char(" "):
            if row == 0 { server = 1 - server } else { receiver = 1 - receiver }
        default: return false
        }
        return true
    }
}

/// The end-of-match menu (`x`): a retirement, or a walkover before play starts.
struct EndMenu: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        var text: String
        /// Without the winner in brackets, for long names.
        var short: String
        var action: MatchEvent.Action
        var enabled: Bool
    }
    var items: [Item]
    var selected = 0
    /// Why the last choice could not be taken, until the next key.
    var refusal: String?

    init(state s: MatchState) {
        let t = s.teams
        // A pair takes a plural verb: "Ann/Bob retire (Cat/Dan win)".
        func wins(_ i: Int) -> String { " (\(t[1 - i].name) \(t[1 - i].verb("wins", "win")))" }
        func retires(_ i: Int) -> String { "\(t[i].name) \(t[i].verb("retires", "retire"))" }
        func walkover(_ i: Int) -> String { "Walkover: \(t[i].name) did not play" }
        items = [
            Item(text: retires(0) + wins(0), short: retires(0), action: .retire(team: 0), enabled: true),
            Item(text: retires(1) + wins(1), short: retires(1), action: .retire(team: 1), enabled: true),
            Item(text: walkover(0) + wins(0), short: walkover(0), action: .walkover(team: 0), enabled: !s.hasRallies),
            Item(text: walkover(1) + wins(1), short: walkover(1), action: .walkover(team: 1), enabled: !s.hasRallies),
        ]
    }

    enum Outcome: Equatable { case choose(MatchEvent.Action), cancel, refused }

    static let walkoverRule = "A walkover is possible only before the first rally."

    mutating func handle(_ key: Key) -> Outcome? {
        refusal = nil
        switch key {
        case .escape, .char("x"): return .cancel
        case .up, .backTab: selected = max(0, selected - 1)
        case .down, .tab: selected = min(items.count - 1, selected + 1)
        case .enter: return choose(selected)
        default:
            if let d = key.digit, d >= 1, d <= items.count { return choose(d - 1) }
        }
        return nil
    }

    /// The item's action, or, for one that cannot be taken now, the reason on screen.
    mutating func choose(_ i: Int) -> Outcome {
        selected = i
        guard items[i].enabled else {
            refusal = EndMenu.walkoverRule
            return .refused
        }
        return .choose(items[i].action)
    }

    func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let widest = max((items.map { DisplayWidth.of($0.text) }.max() ?? 20) + 8, DisplayWidth.of(EndMenu.walkoverRule))
        let box = area.centered(Size(width: min(area.width, max(40, widest + 4)), height: min(area.height, items.count + 5)))
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[.danger], title: "End the match", titleStyle: theme[.danger])
        let inner = box.inset(horizontal: 2, vertical: 1)
        // The winners in brackets only when every item has room for them.
        let full = items.allSatisfy { DisplayWidth.of(TextLayout.sanitized($0.text)) + 5 <= inner.width }
        for (i, item) in items.enumerated() where i + 1 < inner.height {
            let style = i == selected ? (item.enabled ? theme[.focus] : theme[.disabled].with(.reverse)) : item.enabled ? theme[.dialog] : theme[.disabled]
            let mark = i == selected ? String(theme.glyphs.pointer) : " "
            canvas.fit("\(mark) \(i + 1)  \(TextLayout.sanitized(full ? item.text : item.short))", in: inner.row(i + 1), style: style, glyphs: theme.glyphs)
        }
        // Why the dimmed items are dimmed; loud after a try.
        if let refusal {
            canvas.fit(refusal, in: inner.row(inner.height - 1), style: theme[.danger], glyphs: theme.glyphs)
        } else if items.contains(where: { !$0.enabled }) {
            canvas.fit("Walkovers: only before the first rally.", in: inner.row(inner.height - 1), style: theme[.muted], glyphs: theme.glyphs)
        } else {
            canvas.fit("u undoes it afterwards.", in: inner.row(inner.height - 1), style: theme[.muted], glyphs: theme.glyphs)
        }
    }
}
