import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp
import TerminiData

/// What the umpire does beyond scoring rallies, each one a journal event recorded through
/// `record` (so undo, redo, the export and a watcher see it as any other). The keys that
/// call these live with the key handling.
extension BadmintonApp {
    /// Game 1, before the first rally: the other side serves first (in doubles the choice of
    /// server and receiver is asked again). The side is remembered for the next match, as the
    /// setup dialog's choice is.
    mutating func changeFirstServer(at now: Double) -> [AppEffect] {
        guard !watching, let s = log?.state, s.games.isEmpty, !s.hasRallies, !s.isOver else {
            message = Message("The first server can change only before the first rally (later: a correction).",
                              short: "Only before the first rally.")
            return alertBell
        }
        let team = 1 - s.server
        let effects = record(.firstServer(team: team), at: now)
        guard log?.state.server == team else { return effects }
        defaults.server = team
        message = Message("\(s.teams[team].name) \(s.teams[team].verb("serves", "serve")) first.")
        return effects + [.setPreference(key: BadmintonApp.serverKey, value: SetupDefaults.serverWords[team])]
    }
}

extension BadmintonApp {
    /// Records `action` unless this screen only watches; `done` is the line that says so.
    mutating func umpire(_ action: MatchEvent.Action, at now: Double, done: Message, refused: Message) -> [AppEffect] {
        guard !watching else {
            message = Message("Read-only: another termini keeps this match.", short: "Read-only.")
            return alertBell
        }
        let recorded = log?.records.count
        let effects = record(action, at: now)
        message = log?.records.count != recorded ? done : log?.isFull == true ? BadmintonApp.fullMatch : refused
        return effects
    }

    /// The two-minute warm-up starts (again): before the first rally only.
    mutating func startWarmUp(at now: Double) -> [AppEffect] {
        umpire(.warmUp, at: now, done: Message("Warm-up: two minutes.", short: "Warm-up."),
               refused: Message("The warm-up is before the first rally.", short: "Only before play."))
    }

    /// Play stops for an injury (of `team`'s `player`, when named) or a suspension.
    mutating func stopPlay(_ kind: Stoppage.Kind, team: Int? = nil, player: Int? = nil, at now: Double) -> [AppEffect] {
        let who = team.flatMap { t in player.flatMap { p in log?.state.teams[t].players[safe: p] } }
        let what = kind == .injury ? "Injury" + (who.map { " (\($0))" } ?? "") : "Play suspended"
        return umpire(.stop(kind, team: team, player: player), at: now, done: Message("\(what): the clock runs until play resumes."),
                      refused: Message("Play is already stopped, or the match is over.", short: "Already stopped."))
    }

    /// Play resumes; the stop is kept with its length.
    mutating func resumePlay(at now: Double) -> [AppEffect] {
        let started = log?.state.runningStoppage?.start
        let length = started.map { MatchReport.clock(Int(saturating: (now - $0).rounded(.down))) } ?? ""
        return umpire(.resume, at: now, done: Message("Play resumed after \(length)."), refused: Message("Play is not stopped."))
    }

    /// A new shuttle is brought into play.
    mutating func newShuttle(at now: Double) -> [AppEffect] {
        let n = (log?.state.shuttles ?? 0) + 1
        return umpire(.shuttle, at: now, done: Message("Shuttle \(n)."), refused: Message("The match is over."))
    }

    /// ITTO's scoresheet marks: a line judge overruled (O), the referee called (R); each is a
    /// journal event, undone with u.
    mutating func note(_ action: MatchEvent.Action, at now: Double) -> [AppEffect] {
        let done = action == .overrule
            ? Message("Overrule recorded: O on the scoresheet (u undoes it).", short: "Overrule: O.")
            : Message("Referee called: R on the scoresheet (u undoes it).", short: "Referee called: R.")
        return umpire(action, at: now, done: done, refused: Message("The match is over."))
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

extension BadmintonApp {
    /// A card to a player (Law 16): `team`'s player `player` (0 in singles).
    mutating func giveCard(_ card: Misconduct, team: Int, player: Int, at now: Double) -> [AppEffect] {
        let name = log.flatMap { $0.state.teams[safe: team]?.players[safe: player] } ?? "?"
        return umpire(.card(team: team, player: player, card: card), at: now,
                      done: Message("\(card.colour.capitalized) card: \(name), \(card.call).", short: "\(card.colour.capitalized) card: \(name)."),
                      refused: Message("No such player."))
    }

    /// A correction: who serves and receives, a pair's courts, or the score of the game.
    mutating func correct(_ action: MatchEvent.Action, at now: Double) -> [AppEffect] {
        switch action {
        case .correctService, .correctCourts, .correctScore:
            return umpire(action, at: now, done: Message("Corrected (u undoes it)."),
                          refused: Message("Nothing to correct there, or not now: a correction is for the game in play, and never ends it.",
                                           short: "Not a correction now."))
        default:
            return alertBell
        }
    }
}

extension BadmintonApp {
    /// The umpire's call now, in words.
    func call(at now: Double) -> String {
        log.map { UmpireCall.text($0.state, now: now, court: court, calls: calls) } ?? ""
    }

    /// The call to speak, when it changed since the last one heard and speech is on (never
    /// on a screen that only watches: the keeper's speaks).
    mutating func speechEffects(at now: Double) -> [AppEffect] {
        guard speech, !watching, log != nil else { return [] }
        let c = call(at: now)
        guard c != spokenCall else { return [] }
        spokenCall = c
        return c.isEmpty ? [] : [.speak(UmpireCall.spoken(c), voice: calls.voice)]
    }

    /// Speech on or off, remembered in `config`; on, the call of the moment is said at once.
    /// Without espeak-ng the setting is kept (it works once installed) and the screen says the
    /// truth: nothing is spoken, and how to install it.
    mutating func toggleSpeech(_ context: AppContext) -> [AppEffect] {
        speech.toggle()
        spokenCall = nil
        if speech && !context.speechAvailable {
            message = Message("Speech on, but espeak-ng is not installed: nothing is spoken (Debian: apt install espeak-ng).",
                              short: "Nothing is spoken without espeak-ng: apt install espeak-ng")
            return [.setPreference(key: BadmintonApp.speakKey, value: "yes")]
        }
        message = Message(speech ? "The calls are spoken (espeak-ng)." : "The calls are not spoken.", short: speech ? "Speech on." : "Speech off.")
        return [.setPreference(key: BadmintonApp.speakKey, value: speech ? "yes" : "no")] + speechEffects(at: context.now)
    }
}

// MARK: Keys

extension BadmintonApp {
    /// The umpire's keys beyond scoring, each chosen not to collide with the scoreboard's
    /// (a l z m u y s n e h x, the arrows, PgUp PgDn, Enter, Backspace) nor the shell's
    /// (? q Esc F1-F7 Ctrl-L): c card, f fix (correction mode), t toss (the first server),
    /// w warm-up, i injury (and resume), + a new shuttle, o overrule, r referee called, v voice
    /// (speech), L the calls' language.
    static let umpireKeys: [Key] = [.char("c"), .char("f"), .char("t"), .char("w"), .char("i"), .char("+"), .char("o"), .char("r"), .char("v"), .char("L")]

    /// Game 1 before its first rally: the toss's result can still change.
    /// Read in the log's state in place, not from a copy of it: the hints of f, t and w ask at
    /// every frame.
    var beforeFirstRally: Bool { log?.state.isBeforeFirstRally ?? false }

    static var umpireBindings: [B] {
        let keeping: @Sendable (BadmintonApp) -> Bool = { !$0.watching && $0.log != nil }
        let stopped: @Sendable (BadmintonApp) -> Bool = { !$0.watching && $0.log?.state.runningStoppage != nil }
        return [
            B([.char("c")], hint: .init(priority: 1) { $0.phase.map { $0 != .matchOver } == true ? "Card" : nil },
              "card (Law 16): the player (1-4), then w warning (yellow), f fault (red), d disqualification (black); Enter records it",
              when: keeping) { app, _, _ in app.openCardDialog() },
            // Before the first rally t and the choice of server do its work: no hint then.
            B([.char("f")], hint: .init(priority: 1) { $0.phase == .playing && !$0.beforeFirstRally ? "Fix" : nil },
              "fix, correction mode: the server, the receiver, who stands in which court, the score of the game in play",
              when: keeping) { app, _, _ in app.openCorrection() },
            // Without espeak-ng nothing can be muted: the bar says how things stand.
            B([.char("v")], hint: .init(priority: 1) { app, ctx in app.speech ? (ctx.speechAvailable ? "Mute" : "Speech off") : "Speak" },
              "voice: each new call spoken by espeak-ng, or not (kept as badminton.speak)", when: { !$0.watching }) { app, _, ctx in
                app.toggleSpeech(ctx)
            },
            B([.char("t")], hint: .init { $0.beforeFirstRally ? "Toss" : nil },
              "the toss: the other side serves first (game 1, until the first rally; later f)", when: keeping) { app, _, ctx in
                app.changeFirstServer(at: ctx.now)
            },
            B([.char("w")], hint: .init { $0.beforeFirstRally ? "Warm-up" : nil },
              "warm-up: two minutes, \"Ready to play\" at 90 s; the first rally ends it", when: keeping) { app, _, ctx in
                app.startWarmUp(at: ctx.now)
            },
            B([.char("i")], hint: .init(priority: 1) { $0.phase == .playing ? "Injury" : nil },
              "injury (the player 1-4, or Enter: nobody named) or s suspension: a clock runs up until play resumes",
              when: { keeping($0) && !stopped($0) }) { app, _, _ in app.openStopDialog() },
            B([.char("i")], helpKeys: [.char("i"), .enter], "play resumes after an injury or a suspension (its length is kept)",
              when: stopped) { app, _, ctx in app.resumePlay(at: ctx.now) },
            B([.char("+")], hint: .init(priority: 1) { $0.phase == .playing ? "Shuttle" : nil },
              "a new shuttle (counted in the title, the status, the export)", when: keeping) { app, _, ctx in app.newShuttle(at: ctx.now) },
            // Shown last, where the bar has room (a wide screen): the umpire's rarer marks. Not
            // even worked out on a narrow one, where the bar would drop them (a rally's frame
            // makes its hints).
            B([.char("o")], hint: .init(priority: 2, at: { app, ctx in BadmintonApp.wideBar(ctx) && app.phase == .playing ? "Overrule" : nil }),
              "overrule of a line judge (O on the scoresheet)",
              when: keeping) { app, _, ctx in app.note(.overrule, at: ctx.now) },
            B([.char("r")], hint: .init(priority: 2, at: { app, ctx in BadmintonApp.wideBar(ctx) && app.phase == .playing ? "Referee" : nil }),
              "referee called (R on the scoresheet)",
              when: keeping) { app, _, ctx in
                app.note(.refereeCalled, at: ctx.now)
            },
        ]
    }

    mutating func openCardDialog() -> [AppEffect] {
        guard let s = log?.state else { return [] }
        var dialog = CardDialog(state: s, court: court)
        dialog.calls = calls
        modals.push(dialog)
        return []
    }

    mutating func openStopDialog() -> [AppEffect] {
        guard let s = log?.state, !s.isOver else {
            message = Message("The match is over: no stop to record.", short: "The match is over.")
            return alertBell
        }
        modals.push(StopDialog(state: s))
        return []
    }

    mutating func openCorrection() -> [AppEffect] {
        guard let s = log?.state, s.phase == .playing else {
            message = Message("Corrections are for the game in play (between games u undoes; before play, t or the choice of server).",
                              short: "Only during a game.")
            return alertBell
        }
        modals.push(CorrectionForm(state: s))
        return []
    }

    /// Correction mode's changes, each recorded as its own event; one line says what changed.
    mutating func applyCorrections(_ list: [MatchEvent.Action], at now: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        var done: [String] = []
        for action in list {
            let before = log?.records.count
            effects += correct(action, at: now)
            guard log?.records.count != before, let s = log?.state else { continue }
            switch action {
            case .correctScore: done.append("the score (\(s.score[s.left])-\(s.score[s.right]))")
            case .correctService: done.append("the server (\(TextLayout.sanitized(s.serverName())))")
            case .correctCourts(let t, _): done.append("\(TextLayout.sanitized(s.teams[t].name))'s courts")
            default: break
            }
        }
        if !done.isEmpty {
            message = Message("Corrected: \(done.joined(separator: ", ")); u undoes \(done.count == 1 ? "it" : "each").",
                              short: "Corrected.")
        }
        return effects
    }
}

extension MatchState {
    /// Game 1 before its first rally (`BadmintonApp.beforeFirstRally`).
    var isBeforeFirstRally: Bool { games.isEmpty && !hasRallies && !isOver }
}
