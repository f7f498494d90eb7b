import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// What the setup dialog starts with: the last choices (from the `config` preferences).
struct SetupDefaults: Equatable, Sendable {
    var format = "3x21"
    var discipline: Discipline = .singles
    var names: [String] = ["Red", "Blue"]
    /// The side that serves first: 0, the side named first (on the left), or 1.
    var server = 0
    /// How `server` is written in `config`.
    static let serverWords = ["left", "right"]
    /// The officials the dialog starts with: the last event, umpire and service judge, and the
    /// court's own name (`--court`, else `badminton.court`).
    var officials = MatchOfficials()

    init() {}
    init(format: String?, discipline: String?, names: String?, server: String? = nil, officials: MatchOfficials = MatchOfficials()) {
        self.officials = officials
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

/// The new-match dialog: format, singles or doubles, the two sides' names, first server, and
/// the optional details for the scoresheet (match number, event, round, court, umpire, service
/// judge). A player's country or club goes in brackets after the name: `Lin Dan (CHN)`.
/// Tab (and ↓) go round its fields with the one focus ring every form uses.
struct SetupForm: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
    enum Field: Int, CaseIterable { case format, discipline, side0, side1, server, matchNumber, event, round, court, umpire, judge }

    var format: TextField
    var discipline: Discipline
    var names: [TextField]
    var firstServer = 0
    /// The officials, each optional, at most as long as a name (`MatchOfficials.clean`).
    var event: TextField
    var matchNumber: TextField
    var round: TextField
    var court: TextField
    var umpire: TextField
    var judge: TextField
    var focusRing = FocusRing(count: Field.allCases.count)
    var error: String?
    /// Set up from the desk's call: the warm-up runs from the call.
    var warmUpFrom: Double?
    /// The id of the desk's call it was opened from (a withdrawal closes it).
    var callID: String?

    var focus: Field { Field(rawValue: focusRing.current) ?? .format }

    init(_ d: SetupDefaults) {
        format = TextField(text: d.format, limit: 9)
        discipline = d.discipline
        names = d.names.map { TextField(text: $0) }
        firstServer = d.server
        event = TextField(text: d.officials.event ?? "")
        // The match's number and round are this match's own: never carried over.
        matchNumber = TextField(text: d.officials.matchNumber ?? "")
        round = TextField(text: d.officials.round ?? "")
        court = TextField(text: d.officials.court ?? "")
        umpire = TextField(text: d.officials.umpire ?? "")
        judge = TextField(text: d.officials.serviceJudge ?? "")
    }

    /// The text field the focused field edits, if it is one.
    var focusedText: WritableKeyPath<SetupForm, TextField>? { SetupForm.text(of: focus) }

    /// The text field a field edits, if it is one.
    static func text(of field: Field) -> WritableKeyPath<SetupForm, TextField>? {
        switch field {
        case .format: return \.format
        case .side0: return \.names[0]
        case .side1: return \.names[1]
        case .event: return \.event
        case .matchNumber: return \.matchNumber
        case .round: return \.round
        case .court: return \.court
        case .umpire: return \.umpire
        case .judge: return \.judge
        case .discipline, .server: return nil
        }
    }

    typealias B = Binding<SetupForm, ModalStep<Action>>

    static let keys = KeyTable<SetupForm, ModalStep<Action>>("New match (n)", [
        B([.tab, .down], helpKeys: [.tab, .backTab, .down, .up], hint: .init("Next", keys: [.tab]), "next, previous field") { f, _, _ in
            f.focusRing.next()
            f.arrive()
            return .stay
        },
        B([.backTab, .up], nil) { f, _, _ in
            f.focusRing.previous()
            f.arrive()
            return .stay
        },
        B([.left, .right], hint: .init { $0.focus == .format ? "Format" : "Change" },
          "change a choice; cycle the format 3x21 3x15 5x11 1x21", when: { !$0.onText || $0.focus == .format }) { f, key, _ in
            f.change(key == .right ? 1 : -1)
            return .stay
        },
        B([.char(" ")], "switch singles and doubles, or the first server", when: { !$0.onText }) { f, _, _ in
            f.change(1)
            return .stay
        },
        B([.char("s"), .char("S"), .char("d"), .char("D")], helpKeys: [.char("s"), .char("d")], "singles, doubles",
          when: { $0.focus == .discipline }) { f, key, _ in
            let doubles = key == .char("d") || key == .char("D")
            if (f.discipline == .doubles) != doubles { f.toggleDiscipline() }
            return .stay
        },
        B(KeyNames.digits(1...2), "the first server: the side on the left, on the right", when: { $0.focus == .server }) { f, key, _ in
            f.firstServer = key == .char("1") ? 0 : 1
            return .stay
        },
        B(TextField.keyMap.keys(for: .clear), hint: .init("Clear"), "clear the field's text (a name, the format, an official)", when: { $0.onText }) { f, key, _ in
            f.edit(key)
            return .stay
        },
        B([.enter], hint: .init("Start"), "start the match (once every field is right)") { f, _, _ in
            f.submit().map { .finish(.start($0)) } ?? .stay
        },
        B([.escape], hint: .init("Cancel"), "cancel") { _, _, _ in .close },
        B(anyKey: "typing", "replaces a highlighted text; \u{2190} \u{2192} Home End move in it, Backspace Delete edit",
          when: { $0.onText }) { f, key, _ in
            f.edit(key)
            return .stay
        },
    ])

    /// Whether the focused field is one that takes typing.
    var onText: Bool { focusedText != nil }

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        if key != .enter { error = nil }
        return SetupForm.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] { SetupForm.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) { render(in: rect, on: &canvas, theme: theme) }

    mutating func edit(_ key: Key) {
        if let field = focusedText { self[keyPath: field].handle(key) }
    }

    mutating func change(_ step: Int) {
        switch focus {
        case .format: cyclePreset(step)
        case .discipline: toggleDiscipline()
        case .server: firstServer = 1 - firstServer
        case .side0, .side1, .matchNumber, .event, .round, .court, .umpire, .judge: break
        }
    }

    /// The focus arrives at a field: its text is selected, so typing replaces it.
    mutating func arrive() {
        if let field = focusedText { self[keyPath: field].selectAll() }
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

    mutating func submit() -> MatchSetup? {
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
            return MatchSetup(format: f, discipline: discipline, teams: teams, firstServer: firstServer, officials: officials, warmUpFrom: warmUpFrom)
        }
    }

    /// The officials as typed, cleaned (an empty field is none).
    var officials: MatchOfficials {
        MatchOfficials(event: event.text, court: court.text, umpire: umpire.text, serviceJudge: judge.text,
                       matchNumber: matchNumber.text, round: round.text)
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

    /// A line of the dialog: a field, a blank between groups, or the hint under them.
    enum Line: Equatable { case blank, field(Field), hint }

    /// With room: the match, then the officials apart, a hint below (and two rows for why
    /// Enter does nothing yet).
    static let roomyLines: [Line] = [.blank] + [Field.format, .discipline, .side0, .side1, .server].map(Line.field) + [.blank]
        + [Field.matchNumber, .event, .round, .court, .umpire, .judge].map(Line.field) + [.blank, .hint]
    static let roomyHeight = roomyLines.count + 2

    /// The lines shown in `rows` rows: all of them with room, else the fields alone, as
    /// many as fit around the focus (a short screen scrolls them; the focus stays in view).
    func lines(rows: Int) -> [Line] {
        if rows >= SetupForm.roomyHeight { return SetupForm.roomyLines }
        let fields = Field.allCases
        let shown = max(1, min(rows, fields.count))
        let first = max(0, min(focus.rawValue - shown + 1, fields.count - shown))
        return fields[first..<(first + shown)].map(Line.field)
    }

    func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let box = area.centered(Size(width: min(62, area.width), height: min(SetupForm.roomyHeight + 2, area.height)))
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.dialogBorder], title: "New match", titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        guard inner.height >= 1 else { return }
        // Why Enter does nothing yet, on two lines when it is long (one on a short screen).
        let problemLines = (error ?? problem).map { TextLayout.wrap($0, width: inner.width) } ?? []
        let roomy = inner.height >= SetupForm.roomyHeight
        let problemRows = min(problemLines.count, roomy ? 2 : 1)
        let shownLines = lines(rows: roomy ? inner.height : inner.height - problemRows)
        for (i, line) in shownLines.enumerated() {
            guard case .field(let f) = line else {
                if line == .hint {
                    let hint = focus.rawValue >= Field.matchNumber.rawValue ? "Optional, for the scoresheet: at most 40 characters each"
                        : discipline == .doubles ? "Two a side: Ann (SUI)/Bob (GER); a country is optional"
                        : "One a side; a country or club in brackets: Lin Dan (CHN)"
                    canvas.fit(hint, in: inner.row(i), style: theme[.muted], glyphs: theme.glyphs)
                }
                continue
            }
            renderField(f, row: i, inner: inner, on: &canvas, theme: theme)
        }
        let shown = Array(problemLines.prefix(problemRows))
        for (i, line) in shown.enumerated() {
            let last = i == shown.count - 1 && problemLines.count > shown.count
            let text = last ? ([line] + problemLines[(i + 1)...]).joined(separator: " ") : line
            canvas.fit(text, in: inner.row(inner.height - shown.count + i), style: theme[.danger], glyphs: theme.glyphs)
        }
    }

    /// One field's row of the dialog: its label, and its value as it is edited.
    private func renderField(_ f: Field, row i: Int, inner: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
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
        /// A text field of up to `width` cells (a name's 40 characters and the cursor).
        func text(_ i: Int, _ field: TextField, _ f: Field, width: Int) {
            let r = valueRect(i)
            field.render(in: Rect(x: r.x, y: r.y, width: min(width, r.width), height: 1), on: &canvas, theme: theme, focused: focus == f)
        }
        switch f {
        case .format:
            label(i, "Format", .format)
            let fr = valueRect(i)
            let arrows = focus == .format
            let fx = canvas.put(arrows ? String(g.pointerLeft) + " " : "  ", x: fr.x, y: fr.y, style: theme[.muted], clip: fr)
            format.render(in: Rect(x: fx, y: fr.y, width: 9, height: 1), on: &canvas, theme: theme, focused: focus == .format)
            let after = canvas.put(arrows ? " " + String(g.pointer) : "  ", x: fx + 9, y: fr.y, style: theme[.muted], clip: fr)
            canvas.put("  " + SetupForm.describe(format.text), x: after, y: fr.y, style: theme[.muted], clip: fr)
        case .discipline:
            label(i, "Play", .discipline)
            choice(i, ["Singles", "Doubles"], selected: discipline == .singles ? 0 : 1, focused: focus == .discipline)
        case .side0:
            label(i, "Left side", .side0)
            text(i, names[0], .side0, width: 41)
        case .side1:
            label(i, "Right side", .side1)
            text(i, names[1], .side1, width: 41)
        case .server:
            label(i, "First server", .server)
            let shownNames = names.map { n -> String in
                // The name without its country: `Lin Dan`, not `Lin Dan (CHN)`.
                let t = TeamInfo.parse(n.text, discipline: discipline)?.name ?? TextLayout.sanitizedName(n.text)
                return t.isEmpty ? "?" : TextLayout.truncate(t, to: 18, ellipsis: g.ellipsis)
            }
            choice(i, shownNames, selected: firstServer, focused: focus == .server)
        case .matchNumber, .event, .round, .court, .umpire, .judge:
            let labels: [Field: String] = [.matchNumber: "Match no.", .event: "Event", .round: "Round", .court: "Court", .umpire: "Umpire",
                                           .judge: "Service judge"]
            label(i, labels[f] ?? "", f)
            if let field = SetupForm.text(of: f) { text(i, self[keyPath: field], f, width: 41) }
        }
    }
}

/// The edit-names dialog: each side's name (or `A/B` pair in doubles).
struct NamesForm: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
    var discipline: Discipline
    /// Indexed by team.
    var names: [TextField]
    /// The teams in screen order, left half first.
    var order: [Int]
    /// The row with the focus (0: the left side).
    var focusRing = FocusRing(count: 2)
    var focus: Int { focusRing.current }

    init(teams: [TeamInfo], discipline: Discipline, left: Int = 0) {
        self.discipline = discipline
        names = teams.map { TextField(text: $0.entry) }
        order = [left, 1 - left]
    }

    var problem: String? {
        for i in 0..<2 where TeamInfo.parse(names[i].text, discipline: discipline) == nil {
            return discipline == .singles ? "A name, without '/'" : "Two players as A/B"
        }
        return nil
    }

    typealias B = Binding<NamesForm, ModalStep<Action>>

    static let keys = KeyTable<NamesForm, ModalStep<Action>>("Names (e)", [
        B([.tab, .backTab, .up, .down], hint: .init("Next", keys: [.tab]), "the other side") { f, _, _ in
            f.focusRing.next()
            f.names[f.order[f.focus]].selectAll()
            return .stay
        },
        B(TextField.keyMap.keys(for: .clear), hint: .init("Clear"), "clear the name") { f, key, _ in
            f.names[f.order[f.focus]].handle(key)
            return .stay
        },
        B([.enter], hint: .init("Save"), "save the names") { f, _, _ in
            let teams = f.names.compactMap { TeamInfo.parse($0.text, discipline: f.discipline) }
            return teams.count == 2 ? .finish(.names(teams)) : .stay
        },
        B([.escape], hint: .init("Cancel"), "cancel") { _, _, _ in .close },
        B(anyKey: "typing", "edit the name as in the new-match dialog") { f, key, _ in
            f.names[f.order[f.focus]].handle(key)
            return .stay
        },
    ])

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        NamesForm.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] { NamesForm.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) { render(in: rect, on: &canvas, theme: theme) }

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
/// The digits number the players as every umpire dialog does (`NumberedPlayers`): 1 2 the
/// left pair, 3 4 the right; a digit of the serving side picks the server, of the other the
/// receiver.
struct ServiceChoice: Equatable, Sendable {
    var server = 0
    var receiver = 0
    /// 0: the server row, 1: the receiver row.
    var row = 0

    /// Returns true when the key belonged to the chooser. `state` says who is where and which
    /// side serves.
    @discardableResult
    mutating func handle(_ key: Key, state: MatchState) -> Bool {
        let numbered = NumberedPlayers(state)
        if let i = numbered.index(of: key) {
            let (team, player) = numbered.players[i]
            if team == state.server { server = player; row = 0 } else { receiver = player; row = 1 }
            return true
        }
        switch key {
        case .up, .down, .tab, .backTab: row = 1 - row
        case .char(" "):
            if row == 0 { server = 1 - server } else { receiver = 1 - receiver }
        default: return false
        }
        return true
    }
}

/// The end-of-match menu (`x`): a retirement, or a walkover before play starts. In doubles the
/// player who retires is chosen, numbered as in every dialog (1 2 the left pair, 3 4 the right).
struct EndMenu: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
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
        if s.isDoubles {
            let numbered = NumberedPlayers(s)
            items = numbered.players.map { team, p in
                let name = t[team].players[p]
                return Item(text: "\(name) retires" + wins(team), short: "\(name) retires", action: .retire(team: team, player: p), enabled: true)
            } + [0, 1].map { Item(text: walkover($0) + wins($0), short: walkover($0), action: .walkover(team: $0), enabled: !s.hasRallies) }
            return
        }
        items = [
            Item(text: retires(0) + wins(0), short: retires(0), action: .retire(team: 0), enabled: true),
            Item(text: retires(1) + wins(1), short: retires(1), action: .retire(team: 1), enabled: true),
            Item(text: walkover(0) + wins(0), short: walkover(0), action: .walkover(team: 0), enabled: !s.hasRallies),
            Item(text: walkover(1) + wins(1), short: walkover(1), action: .walkover(team: 1), enabled: !s.hasRallies),
        ]
    }

    static let walkoverRule = "A walkover is possible only before the first rally."

    typealias B = Binding<EndMenu, ModalStep<Action>>

    static let keys = KeyTable<EndMenu, ModalStep<Action>>("End the match (x)", [
        B([.up, .backTab], helpKeys: [.up, .down, .tab, .backTab], hint: .init("Move", keys: [.up, .down]), "move") { m, _, _ in
            m.selected = max(0, m.selected - 1)
            return .stay
        },
        B([.down, .tab], nil) { m, _, _ in
            m.selected = min(m.items.count - 1, m.selected + 1)
            return .stay
        },
        // A digit picks; only Enter ends the match (one key must not end it by mistake).
        B(KeyNames.digits(1...6), hint: .init("Choose", priority: -1), "pick: a retirement, a walkover (doubles: 1-4 the player who retires); Enter ends") { m, key, _ in
            m.pick((key.digit ?? 1) - 1)
        },
        B([.enter], hint: .init("End match"), "end the match this way") { m, _, _ in m.choose(m.selected) },
        B([.escape, .char("x")], hint: .init("Cancel", keys: [.escape]), "cancel") { _, _, _ in .close },
    ])

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        refusal = nil
        return EndMenu.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] { EndMenu.keys.hints(for: self, context: context) }

    /// Item `i` selected, or, for one that cannot be taken now, the reason on screen.
    mutating func pick(_ i: Int) -> ModalStep<Action> {
        guard items.indices.contains(i) else { return .stay }
        selected = i
        guard items[i].enabled else {
            refusal = EndMenu.walkoverRule
            return .alert
        }
        return .stay
    }

    /// The item's action, or, for one that cannot be taken now, the reason on screen.
    mutating func choose(_ i: Int) -> ModalStep<Action> {
        let picked = pick(i)
        guard items.indices.contains(i), items[i].enabled else { return picked }
        return .finish(.end(items[i].action))
    }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) { render(in: rect, on: &canvas, theme: theme) }

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
            canvas.fit("Enter ends the match; u undoes it afterwards.", in: inner.row(inner.height - 1), style: theme[.muted], glyphs: theme.glyphs)
        }
    }
}
