import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The players as the umpire's dialogs number them, the left half's side first, as on
/// screen: singles `1` the left side's player, `2` the right side's; doubles `1` `2` the
/// left pair (in the order of their names), `3` `4` the right pair.
struct NumberedPlayers: Equatable, Sendable {
    var players: [(team: Int, player: Int)]

    init(_ s: MatchState) {
        players = [s.left, s.right].flatMap { t in s.teams[t].players.indices.map { (team: t, player: $0) } }
    }

    static func == (a: NumberedPlayers, b: NumberedPlayers) -> Bool {
        a.players.map { [$0.team, $0.player] } == b.players.map { [$0.team, $0.player] }
    }

    var keys: [Key] { KeyNames.digits(1...players.count) }

    /// The number of `player` of `team` (1 to 4).
    func number(_ team: Int, _ player: Int) -> Int {
        (players.firstIndex { $0.team == team && $0.player == player } ?? 0) + 1
    }

    /// The player of number key `key`, if it is one.
    func index(of key: Key) -> Int? {
        guard let d = key.digit, d >= 1, d <= players.count else { return nil }
        return d - 1
    }

    /// Both sides' rows from `row` on: `label  left   1 ● Ann   2 ○ Bob`, the chosen one
    /// marked; the side's word at `column`, the players after it.
    func render(in inner: Rect, row: Int, column: Int, label: String = "", state s: MatchState, chosen: Int?, focused: Bool,
                on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let perSide = players.count / 2
        // The side's word when there is room for it beside names of three letters or more.
        let sideWords = inner.maxX - (inner.x + column + 7) - perSide * 10 >= 0
        let x0 = inner.x + column + (sideWords ? 7 : 0)
        // Every name gets the same room: what is left after the keys and marks.
        let room = max(3, (inner.maxX - x0 - perSide * 7) / max(1, perSide))
        for side in 0..<2 {
            let r = inner.row(row + side)
            if side == 0 { canvas.fit(label, in: Rect(x: r.x, y: r.y, width: column, height: 1), style: focused ? theme[.accent] : theme[.text], glyphs: g) }
            if sideWords { canvas.put(side == 0 ? "left" : "right", x: inner.x + column, y: r.y, style: theme[.muted], clip: r) }
            var x = x0
            for i in (side * perSide)..<((side + 1) * perSide) {
                let (t, p) = players[i]
                let name = TextLayout.truncate(TextLayout.sanitized(s.teams[t].players[p]), to: room, ellipsis: g.ellipsis)
                let mark = i == chosen ? g.dotOn : g.dotOff
                let style = i == chosen ? (focused ? theme[.focus] : theme[.selected]) : theme[.dialog]
                x = canvas.put("\(i + 1) \(mark) \(name)", x: x, y: r.y, style: style, clip: r) + 3
            }
        }
    }
}

/// The frame of the umpire's dialogs: a box in the middle of `area`, `width` wide at most.
func umpireBox(_ title: String, rows: Int, width: Int, in area: Rect, role: Role = .dialogBorder, on canvas: inout Canvas, theme: Theme) -> Rect {
    let box = area.centered(Size(width: min(area.width, width), height: min(area.height, rows + 2)))
    canvas.fill(box, style: theme[.dialog])
    Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[role], title: title.glyphed(theme.glyphs), titleStyle: theme[role])
    return box.inset(horizontal: 2, vertical: 1)
}

// MARK: Cards

/// The card dialog (`c`, Law 16): the player (`1`-`4` as numbered on screen), the card (`w`
/// warning, `f` fault, `d` disqualification), and what recording it will do, before Enter.
struct CardDialog: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
    let state: MatchState
    let numbered: NumberedPlayers
    let court: String?
    /// The calls' language, for the call previewed.
    var calls = CallTable.english
    var chosen: Int?
    var card: Misconduct?
    /// Why Enter did nothing, until the next key.
    var problem: String?

    init(state: MatchState, court: String?) {
        self.state = state
        numbered = NumberedPlayers(state)
        self.court = court
    }

    typealias B = Binding<CardDialog, ModalStep<Action>>

    static let keys = KeyTable<CardDialog, ModalStep<Action>>("Card (c)", [
        B(KeyNames.digits(1...4), hint: .init("Player", keys: KeyNames.digits(1...4)),
          "the player: 1 2 the left pair, 3 4 the right (singles: 1 the left side's player, 2 the right side's)",
          when: { $0.numbered.players.count == 4 }) { d, key, _ in d.pick(key) },
        B(KeyNames.digits(1...2), hint: .init("Player", keys: KeyNames.digits(1...2)), nil,
          when: { $0.numbered.players.count == 2 }) { d, key, _ in d.pick(key) },
        B([.char("w"), .char("f"), .char("d")], hint: .init("Card"),
          "the card: w a warning (yellow), f a fault (red: the other side scores), d a disqualification (black: the match ends)") { d, key, _ in
            let card: Misconduct = key == .char("w") ? .warning : key == .char("f") ? .fault : .disqualification
            if let why = d.refusal(card) {
                d.problem = why
                return .alert
            }
            d.card = card
            return .stay
        },
        B([.enter], hint: .init("Record"), "record the card (u undoes it)") { d, _, _ in
            guard let i = d.chosen, let card = d.card else {
                d.problem = d.chosen == nil ? "Choose the player: \(d.numbered.players.count == 4 ? "1-4" : "1 or 2")." : "Choose the card: w, f or d."
                return .alert
            }
            let (team, player) = d.numbered.players[i]
            return .finish(.card(team: team, player: player, card))
        },
        B([.escape], hint: .init("Cancel"), "cancel") { _, _, _ in .close },
    ])

    mutating func pick(_ key: Key) -> ModalStep<Action> {
        guard let i = numbered.index(of: key) else { return .stay }
        chosen = i
        // A warning chosen for the other side stays only while it can be given (Law 16.7).
        if let card, refusal(card) != nil { self.card = nil }
        return .stay
    }

    /// Why `card` cannot go to the chosen player's side (Law 16.7: a side is warned once);
    /// nil when it can, or before a player is chosen.
    func refusal(_ card: Misconduct) -> String? {
        guard let i = chosen else { return nil }
        return card.refusal(state, team: numbered.players[i].team)
    }

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        problem = nil
        return CardDialog.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] { CardDialog.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let g = theme.glyphs
        // What Enter will do and the call it makes, worked out first: the call is never cut,
        // the box grows by the lines it takes.
        var preview: (effect: String, call: String)?
        if problem == nil, let i = chosen, let card {
            let (team, player) = numbered.players[i]
            preview = card.preview(state, team: team, player: player, at: context.now, court: court, calls: calls)
        }
        let (open, close) = g.isUnicode ? ("\u{201c}", "\u{201d}") : ("\"", "\"")
        let width = 68
        let callLines = preview.map { $0.call.isEmpty ? [] : TextLayout.wrap("Call: " + open + TextLayout.sanitized($0.call) + close,
                                                                             width: max(1, min(rect.width, width) - 4)) } ?? []
        let inner = umpireBox("Card · Law 16", rows: 9 + max(0, callLines.count - 1), width: width, in: rect,
                              role: card == .fault || card == .disqualification ? .danger : .dialogBorder, on: &canvas, theme: theme)
        guard inner.height >= 5 else { return }
        numbered.render(in: inner, row: 0, column: 10, label: "Player", state: state, chosen: chosen, focused: chosen == nil, on: &canvas, theme: theme)
        // Before the match and after it a fault is recorded and scores nothing (RTTO 3.7.7).
        let scores = state.hasRallies && !state.isOver
        let cards: [(Misconduct, String, String)] = [(.warning, "yellow", "warning"),
                                                     (.fault, "red", scores ? "fault: the other side scores" : "fault: recorded, no point now"),
                                                     (.disqualification, "black", "disqualification: the match ends")]
        for (i, (c, colour, what)) in cards.enumerated() {
            let r = inner.row(3 + i)
            let on = card == c
            if i == 0 { canvas.put("Card", x: r.x, y: r.y, style: chosen != nil && card == nil ? theme[.accent] : theme[.text], clip: r) }
            let key = c == .warning ? "w" : c == .fault ? "f" : "d"
            // Law 16.7: a side with a card already is not warned again; the row says so.
            let refused = refusal(c) != nil
            let text = "\(key) \(on ? g.dotOn : g.dotOff) \(TextLayout.pad(colour, to: 8))\(refused ? "warning: not now, the side has a card" : what)"
            canvas.fit(text, in: Rect(x: r.x + 10, y: r.y, width: max(0, r.width - 10), height: 1),
                       style: refused ? theme[.disabled] : on ? theme[.focus] : theme[.dialog], glyphs: g)
        }
        // The call on the last rows, what Enter does above it.
        let callTop = inner.height - max(1, callLines.count)
        // What Enter will do, or why it will not: whole, over the blank row above when long.
        func say(_ text: String, style: Style) {
            let lines = TextLayout.wrap(TextLayout.sanitized(text), width: max(1, inner.width))
            guard lines.count == 2, callTop - 2 >= 6 else { return canvas.fit(text, in: inner.row(callTop - 1), style: style, glyphs: g) }
            for (k, line) in lines.enumerated() { canvas.fit(line, in: inner.row(callTop - 2 + k), style: style, glyphs: g) }
        }
        if let problem {
            say(problem, style: theme[.danger])
        } else if let preview {
            say(preview.effect, style: theme[.accent].with(.bold))
            for (k, line) in callLines.enumerated() { canvas.fit(line, in: inner.row(callTop + k), style: theme[.muted], glyphs: g) }
        } else {
            canvas.fit("Choose the player and the card, then Enter.", in: inner.row(callTop - 1), style: theme[.muted], glyphs: g)
        }
    }
}

// MARK: Stops

/// `i`: play stops for an injury (the injured player by number, or nobody named) or a
/// suspension; the clock runs from the key that says which.
struct StopDialog: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
    let state: MatchState
    let numbered: NumberedPlayers

    init(state: MatchState) {
        self.state = state
        numbered = NumberedPlayers(state)
    }

    typealias B = Binding<StopDialog, ModalStep<Action>>

    static let keys = KeyTable<StopDialog, ModalStep<Action>>("Stop play (i)", [
        B(KeyNames.digits(1...4), hint: .init("Injured player", keys: KeyNames.digits(1...4)),
          "an injury of that player (numbered as in the card dialog); the clock starts", when: { $0.numbered.players.count == 4 }) { d, key, _ in d.injury(key) },
        B(KeyNames.digits(1...2), hint: .init("Injured player", keys: KeyNames.digits(1...2)), nil,
          when: { $0.numbered.players.count == 2 }) { d, key, _ in d.injury(key) },
        B([.enter], hint: .init("Injury"), "an injury, nobody named") { _, _, _ in .finish(.stop(.injury, team: nil, player: nil)) },
        B([.char("s")], hint: .init("Suspension"), "play suspended (Law 16.6: the referee's decision)") { _, _, _ in
            .finish(.stop(.suspension, team: nil, player: nil))
        },
        B([.escape], hint: .init("Cancel"), "cancel") { _, _, _ in .close },
    ])

    func injury(_ key: Key) -> ModalStep<Action> {
        guard let i = numbered.index(of: key) else { return .stay }
        let (team, player) = numbered.players[i]
        return .finish(.stop(.injury, team: team, player: player))
    }

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        StopDialog.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] { StopDialog.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let g = theme.glyphs
        let inner = umpireBox("Stop play", rows: 6, width: 60, in: rect, on: &canvas, theme: theme)
        guard inner.height >= 5 else { return }
        canvas.fit("Injury: who? A clock runs up from the key.", in: inner.row(0), style: theme[.accent], glyphs: g)
        numbered.render(in: inner, row: 1, column: 2, state: state, chosen: nil, focused: false, on: &canvas, theme: theme)
        canvas.fit("Enter   an injury, nobody named", in: inner.row(inner.height - 2), style: theme[.dialog], glyphs: g)
        canvas.fit("s       play suspended (Law 16.6)", in: inner.row(inner.height - 1), style: theme[.dialog], glyphs: g)
    }
}

// MARK: Corrections

/// Correction mode (`f`, fix): who serves, who receives, which player stands in which court,
/// the score of the game in play. The umpire changes a draft of the match, seen beside the
/// match as it stands; Enter records the difference as correction events (each undoable,
/// each in the export), Esc leaves everything as it was.
struct CorrectionForm: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
    enum Row: Equatable, Sendable {
        case server, receiver
        /// A side's courts, by team.
        case courts(Int)
        /// A side's score, by team.
        case score(Int)
    }

    let original: MatchState
    var draft: MatchState
    let numbered: NumberedPlayers
    let rows: [Row]
    var focusRing: FocusRing
    /// Digits typed on a score row, until they make a score the match accepts.
    var typed: String?
    /// A side's score as typed, kept when the row is left: the whole score (28-28 typed one
    /// side at a time) is judged when both are typed, at the latest at Enter.
    var entered: [Int?] = [nil, nil]
    var problem: String?

    init(state s: MatchState) {
        original = s
        draft = s
        numbered = NumberedPlayers(s)
        rows = s.isDoubles ? [.server, .receiver, .courts(s.left), .courts(s.right), .score(s.left), .score(s.right)]
            : [.server, .score(s.left), .score(s.right)]
        focusRing = FocusRing(count: rows.count)
    }

    var focus: Row { rows[focusRing.current] }
    var onScore: Bool { if case .score = focus { return true } else { return false } }

    typealias B = Binding<CorrectionForm, ModalStep<Action>>

    static let keys = KeyTable<CorrectionForm, ModalStep<Action>>("Correction (f)", [
        B([.down, .tab], helpKeys: [.up, .down, .tab, .backTab], hint: .init("Row", keys: [.up, .down]),
          "the next, the previous row: server, receiver, each side's courts, each side's score") { f, _, _ in
            f.typed = nil
            f.focusRing.next()
            return .stay
        },
        B([.up, .backTab], nil) { f, _, _ in
            f.typed = nil
            f.focusRing.previous()
            return .stay
        },
        B([.left, .right], hint: .init("Change"), "change the row: the next server, the other receiver, swap the pair's courts, the score down or up") { f, key, ctx in
            f.change(key == .right ? 1 : -1, at: ctx.now)
        },
        B([.char(" ")], "the same as \u{2192} (not on a score)", when: { !$0.onScore }) { f, _, ctx in f.change(1, at: ctx.now) },
        B(KeyNames.digits(1...4), hint: .init("Server", keys: KeyNames.digits(1...4)),
          "that player serves (numbered as in the card dialog; singles 1 2)", when: { !$0.onScore && $0.numbered.players.count == 4 }) { f, key, ctx in
            f.serve(key, at: ctx.now)
        },
        B(KeyNames.digits(1...2), hint: .init("Server", keys: KeyNames.digits(1...2)), nil,
          when: { !$0.onScore && $0.numbered.players.count == 2 }) { f, key, ctx in f.serve(key, at: ctx.now) },
        B(KeyNames.digits(0...9) + [.backspace], name: "0-9 Backspace", hint: .init("Score", keys: KeyNames.digits(0...9)),
          "type the side's score (on a score row)", when: { $0.onScore }) { f, key, ctx in f.type(key, at: ctx.now) },
        B([.enter], hint: .init("Record"), "record the corrections (each a journal event; u undoes one)") { f, _, ctx in
            if f.entered != [nil, nil] {
                guard f.setScore(f.wanted, at: ctx.now, final: true) else { return .alert }
            }
            let events = CorrectionForm.events(from: f.original, to: f.draft, at: ctx.now)
            return events.isEmpty ? .close : .finish(.corrections(events))
        },
        B([.escape], hint: .init("Cancel"), "leave the match as it was") { _, _, _ in .close },
    ])

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        if key != .enter { problem = nil }
        let step = CorrectionForm.keys.dispatch(key, to: &self, context: context) ?? .stay
        // A score typed that does not fit yet is said on every row until it does.
        if problem == nil, entered != [nil, nil] { _ = setScore(wanted, at: context.now, final: false) }
        return step
    }

    func hints(context: AppContext) -> [KeyHint] { CorrectionForm.keys.hints(for: self, context: context) }

    /// Applies a correction to the draft, as the match will; false when it changes nothing.
    mutating func apply(_ action: MatchEvent.Action, at now: Double) -> Bool {
        var d = draft
        guard d.apply(MatchEvent(action, at: now)) else { return false }
        draft = d
        return true
    }

    /// Team `team` serves, its player `p`, to the other side's player standing opposite.
    mutating func setServer(_ team: Int, _ p: Int, at now: Double) {
        let court = ServiceCourt.forScore(draft.score[team])
        let r = draft.player(of: 1 - team, in: court)
        _ = apply(.correctService(team: team, server: draft.isDoubles ? p : 0, receiver: draft.isDoubles ? r : 0), at: now)
    }

    mutating func serve(_ key: Key, at now: Double) -> ModalStep<Action> {
        guard let i = numbered.index(of: key) else { return .stay }
        let (team, p) = numbered.players[i]
        setServer(team, p, at: now)
        return .stay
    }

    mutating func change(_ step: Int, at now: Double) -> ModalStep<Action> {
        switch focus {
        case .server:
            let current = numbered.players.firstIndex { $0.team == draft.server && (!draft.isDoubles || $0.player == draft.serverPlayer) } ?? 0
            let next = numbered.players[(current + step + numbered.players.count) % numbered.players.count]
            setServer(next.team, next.player, at: now)
        case .receiver:
            let t = draft.receiver
            _ = apply(.correctCourts(team: t, right: 1 - draft.rightCourt[t]), at: now)
        case .courts(let t):
            _ = apply(.correctCourts(team: t, right: 1 - draft.rightCourt[t]), at: now)
        case .score(let t):
            typed = nil
            var new = wanted
            new[t] = max(0, new[t] + step)
            entered[t] = new[t]
            _ = setScore(new, at: now, final: false)
        }
        return .stay
    }

    /// The score as typed so far: the draft's, with each side's typed value over it.
    var wanted: [Int] { (0..<2).map { entered[$0] ?? draft.score[$0] } }

    /// Takes a score the match accepts: not one that ends the game (that is a rally to score).
    /// Until `final` (Enter) one that does not fit yet stays as typed, said but not refused.
    mutating func setScore(_ new: [Int], at now: Double, final: Bool) -> Bool {
        if new == draft.score || apply(.correctScore(new), at: now) {
            entered = [nil, nil]
            return true
        }
        let score = "\(new[draft.left])-\(new[draft.right])"
        problem = final ? "\(score) would end the game: score that rally with the point keys."
            : "\(score) would end the game; type the other side's score, Enter checks"
        return false
    }

    mutating func type(_ key: Key, at now: Double) -> ModalStep<Action> {
        guard case .score(let t) = focus else { return .stay }
        var text = typed ?? ""
        if key == .backspace {
            text = String(text.dropLast())
        } else if let d = key.digit {
            text = text.count >= 2 ? String(d) : text + String(d)
        }
        typed = text
        guard let n = Int(text) else { return .stay }
        var new = wanted
        new[t] = n
        entered[t] = n
        _ = setScore(new, at: now, final: false)
        return .stay
    }

    /// The correction events that turn `s` into `draft`: the score first (the server then
    /// stands where the new score puts him), then who serves and receives (a change of the
    /// serving side), else each pair's courts; none when nothing changed.
    static func events(from s: MatchState, to draft: MatchState, at now: Double) -> [MatchEvent.Action] {
        var out: [MatchEvent.Action] = []
        var cur = s
        func take(_ a: MatchEvent.Action) {
            if cur.apply(MatchEvent(a, at: now)) { out.append(a) }
        }
        if draft.score != cur.score { take(.correctScore(draft.score)) }
        if draft.server != cur.server {
            take(.correctService(team: draft.server, server: draft.isDoubles ? draft.serverPlayer : 0,
                                 receiver: draft.isDoubles ? draft.receiverPlayer : 0))
        }
        for t in [0, 1] where draft.isDoubles && draft.rightCourt[t] != cur.rightCourt[t] {
            take(.correctCourts(team: t, right: draft.rightCourt[t]))
        }
        return out
    }

    /// `Ann serves to Cat from the right court, 5-3` (the server's score first); without the
    /// court when that is longer than `width`.
    static func describe(_ s: MatchState, width: Int = .max) -> String {
        let to = s.isDoubles ? " to \(TextLayout.sanitized(s.receiverName()))" : ""
        let score = "\(s.score[s.server])-\(s.score[s.receiver])"
        let full = "\(TextLayout.sanitized(s.serverName())) serves\(to) from the \(s.serviceCourt.rawValue) court, \(score)"
        return DisplayWidth.of(full) <= width ? full : "\(TextLayout.sanitized(s.serverName())) serves\(to), \(s.serviceCourt.rawValue) court, \(score)"
    }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let g = theme.glyphs
        let inner = umpireBox("Correction · f", rows: rows.count + 5, width: 72, in: rect, on: &canvas, theme: theme)
        guard inner.height >= 4 else { return }
        var y = 0
        let names = draft.teams.map { TextLayout.sanitized($0.name) }
        // The labels' column: 22 cells, less on a narrow screen (the values matter more).
        let column = max(15, min(22, inner.width - 34))
        /// `Ann/Bob courts`, or `Left courts` when the name does not fit.
        func sideLabel(_ t: Int, _ what: String) -> String {
            let full = names[t] + " " + what
            return DisplayWidth.of(full) <= column - 3 ? full : (t == draft.left ? "Left " : "Right ") + what
        }
        for (i, row) in rows.enumerated() {
            let focused = i == focusRing.current
            let r = inner.row(y)
            let pointer = focused ? String(g.pointer) + " " : "  "
            func label(_ text: String) {
                canvas.fit(pointer + text, in: Rect(x: r.x, y: r.y, width: column - 1, height: 1), style: focused ? theme[.accent] : theme[.text], glyphs: g)
            }
            let value = Rect(x: r.x + column, y: r.y, width: max(0, r.width - column), height: 1)
            switch row {
            case .server:
                // Both sides' players, the server marked (two rows in doubles).
                let chosen = numbered.players.firstIndex { $0.team == draft.server && (!draft.isDoubles || $0.player == draft.serverPlayer) }
                numbered.render(in: inner, row: y, column: column, label: pointer + "Server", state: draft, chosen: chosen, focused: focused,
                                on: &canvas, theme: theme)
                y += 1
            case .receiver:
                label("Receiver")
                let t = draft.receiver
                var x = value.x
                for p in 0..<2 {
                    let on = p == draft.receiverPlayer
                    let style = on ? (focused ? theme[.focus] : theme[.selected]) : theme[.dialog]
                    x = canvas.put("\(on ? g.dotOn : g.dotOff) \(TextLayout.sanitized(draft.teams[t].players[p]))", x: x, y: r.y, style: style, clip: value) + 3
                }
            case .courts(let t):
                label(sideLabel(t, "courts"))
                let text = "L \(TextLayout.sanitized(draft.teams[t].players[draft.player(of: t, in: .left)]))  \(g.middleDot)  "
                    + "R \(TextLayout.sanitized(draft.teams[t].players[draft.player(of: t, in: .right)]))"
                let changed = draft.rightCourt[t] != original.rightCourt[t]
                canvas.fit(text, in: value, style: focused ? theme[.focus] : changed ? theme[.selected] : theme[.dialog], glyphs: g)
            case .score(let t):
                label(sideLabel(t, "score"))
                let shown = typed.flatMap { focused ? $0 : nil } ?? String(wanted[t])
                let text = focused ? "\(g.pointerLeft) \(shown.isEmpty ? "_" : shown) \(g.pointer)" : "  \(shown)"
                let changed = wanted[t] != original.score[t]
                canvas.fit(text, in: value, style: focused ? theme[.focus] : changed ? theme[.selected] : theme[.dialog], glyphs: g)
            }
            y += 1
        }
        let after = CorrectionForm.events(from: original, to: draft, at: context.now).reduce(into: original) { s, a in _ = s.apply(MatchEvent(a, at: context.now)) }
        let rowNow = inner.row(inner.height - 3), rowAfter = inner.row(inner.height - 2), rowCall = inner.row(inner.height - 1)
        canvas.fit("Now    " + CorrectionForm.describe(original, width: inner.width - 7), in: rowNow, style: theme[.muted], glyphs: g)
        if let problem {
            canvas.fit(problem, in: rowAfter, style: theme[.danger], glyphs: g)
        } else if after == original {
            canvas.fit("After  (no change yet)", in: rowAfter, style: theme[.muted], glyphs: g)
        } else {
            canvas.fit("After  " + CorrectionForm.describe(after, width: inner.width - 7), in: rowAfter, style: theme[.accent].with(.bold), glyphs: g)
            let (open, close) = g.isUnicode ? ("\u{201c}", "\u{201d}") : ("\"", "\"")
            canvas.fit("Call   " + open + TextLayout.sanitized(UmpireCall.text(after, now: context.now)) + close, in: rowCall, style: theme[.muted], glyphs: g)
        }
    }
}
