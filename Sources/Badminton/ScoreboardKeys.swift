import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The scoreboard's keys, declared once in one table (the hints, the help and the manual are
/// made from it), and what they do. The keys of the dialogs are with each dialog; the
/// umpire's beyond scoring are in UmpireActions.swift.
extension BadmintonApp {
    typealias B = AppBinding<BadmintonApp>

    var phase: MatchState.Phase? { log?.state.phase }

    /// The scoreboard's keys, declared once. The keys of the dialogs are with each dialog.
    public var keys: AppKeys<BadmintonApp> { BadmintonApp.keyTable }
    /// Built once: a binding acts on the app it is given, never on the one that built it.
    static let keyTable = AppKeys<BadmintonApp>([.init("Scoring", scoringBindings), .init("Doubles, start of a game", doublesBindings),
                                                  .init("The umpire", umpireBindings + callsBindings), .init("Match", matchBindings)])

    /// Points, undo and redo, the next game, the end of an interval, a change of ends by hand.
    static var scoringBindings: [B] {
        let stopped: @Sendable (BadmintonApp) -> Bool = { !$0.watching && $0.log?.state.runningStoppage != nil }
        return [
            // Play resumes before anything else Enter does (documented with i).
            B([.enter], hint: .init("Resume", priority: -2), nil, when: stopped) { app, _, ctx in app.resumePlay(at: ctx.now) },
            B([.enter], hint: .init("Next game", priority: -1), "next game (after a game won)",
              when: { !$0.watching && $0.phase == .gameOver }) { app, _, ctx in app.nextGame(ctx) },
            // Past its time Enter is the umpire's "play", late: the delay goes on the scoresheet.
            B([.enter], hint: .init(priority: -1, at: { app, ctx in
                app.visibleInterval(at: ctx.now).map { $0.timer.isOverrunning(at: ctx.now) ? "Play" : "End interval" }
              }), "end the interval (past its time: play, the delay recorded)",
              at: { app, ctx in !app.watching && app.phase == .playing && app.visibleInterval(at: ctx.now) != nil }) { app, _, ctx in
                return app.record(.endInterval, at: ctx.now)
            },
            B([.left, .char("a"), .char("z"), .pageUp], hint: .init(keys: [.left, .right]) { $0.phase == .playing && !$0.watching ? "Point" : nil },
              "point to the side on the left half", when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.point(left: true, ctx) },
            B([.right, .char("l"), .char("m"), .pageDown], "point to the side on the right half",
              when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.point(left: false, ctx) },
            B([.char("u"), .backspace], hint: .init(keys: [.char("u")]) { $0.log?.canUndo == true ? "Undo" : nil }, "undo (unlimited, across games)",
              when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.undo(ctx) },
            // Redo only when there is something to redo; then it comes right after Undo.
            B([.char("y"), .ctrl("r")], hint: .init(keys: [.char("y")]) { $0.log?.canRedo == true ? "Redo" : nil },
              "redo", when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.redo(ctx) },
            B([.char("s")], hint: .init { [.playing, .gameOver].contains($0.phase) ? "Swap" : nil }, "swap ends by hand (mid-game: asks first)",
              when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.askSwapEnds(ctx) },
        ]
    }

    /// Doubles, at the start of each game: who serves and who receives.
    static var doublesBindings: [B] {
        let choosing: @Sendable (BadmintonApp) -> Bool = { !$0.watching && $0.phase == .choosingService }
        return [
            B(KeyNames.digits(1...4), hint: .init("Server/receiver", priority: -1),
              "who serves, who receives: the player of that number (1 2 the left pair, 3 4 the right, as in every umpire dialog)",
              when: choosing) { app, key, _ in
                app.chooseService(key)
            },
            B([.up, .down, .tab, .backTab], "move between the server and the receiver", when: choosing) { app, key, _ in
                app.chooseService(key)
            },
            B([.char(" ")], "switch the player of that row", when: choosing) { app, key, _ in
                app.chooseService(key)
            },
            B([.enter], hint: .init("Play", priority: -1), "accept and play (the interval ends)", when: choosing) { app, _, ctx in
                guard let s = app.log?.state else { return [] }
                let effects = app.record(.service(team: s.server, server: app.service.server, receiver: app.service.receiver), at: ctx.now)
                // "Play": the interval between games, counted down in this dialog, ends with it.
                return effects + (app.log?.state.interval != nil && app.log?.state.phase == .playing ? app.record(.endInterval, at: ctx.now) : [])
            },
        ]
    }

    /// A key of the doubles service choice, against the match as it stands.
    mutating func chooseService(_ key: Key) -> [AppEffect] {
        if let s = log?.state { service.handle(key, state: s) }
        return []
    }

    /// A new match, the names, the history, the end of the match; a watcher's keys say it is read-only.
    static var matchBindings: [B] {
        [
            B([.char("k")], hint: .init(priority: -2) { $0.openCall != nil && !$0.callIsNext ? "Call" : nil },
              "the desk's call to court again (--hall): Enter starts its setup",
              when: { $0.openCall != nil }) { app, _, _ in app.showCall() },
            B([.char("n"), .enter], helpKeys: [.char("n")],
              hint: .init(keys: [.char("n")], at: { app, ctx in
                  guard !app.watching else { return nil }
                  guard let p = app.phase, p != .matchOver else { return "New match" }
                  return app.visibleInterval(at: ctx.now) == nil ? "New" : nil
              }),
              "new match: format, singles/doubles, names, server (asks first while a match is in progress)",
              when: { !$0.watching }) { app, key, ctx in
                // Enter starts the setup only when there is no match yet (it has other work otherwise).
                guard key == .char("n") || app.log == nil else { return [] }
                return app.askNew(ctx)
            },
            B([.char("e")], hint: .init(priority: 1) { [.choosingService, .matchOver].contains($0.phase) ? "Names" : nil }, "edit the names",
              when: { !$0.watching && $0.log != nil }) { app, _, _ in
                guard let s = app.log?.state else { return [] }
                app.modals.push(NamesForm(teams: s.teams, discipline: s.discipline, left: s.left))
                return []
            },
            B([.char("h")], hint: .init { $0.board == nil ? "History" : nil },
              "history, numbered as --scoresheet N counts, abandoned matches marked", when: { $0.board == nil }) { app, _, _ in
                app.openHistory()
            },
            B([.char("p")], "print: this match's scoresheet to scoresheet-N.html, a page to print",
              when: { !$0.watching && $0.log != nil }) { app, _, _ in
                app.printScoresheet(startedAt: nil)
            },
            B([.char("x")], hint: .init(priority: 1, at: { app, ctx in
                app.phase == .gameOver || (app.phase == .playing && app.visibleInterval(at: ctx.now) == nil) ? "End" : nil
              }),
              "end the match: a retirement or a walkover, picked by its digit, then Enter", when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.askEnd(ctx) },
            // Following another termini, the scoring keys only say so.
            B([.left, .right, .char("a"), .char("z"), .char("l"), .char("m"), .pageUp, .pageDown, .char("u"), .backspace, .char("y"),
               .ctrl("r"), .char("s"), .enter, .char("n"), .char("e"), .char("x")] + BadmintonApp.umpireKeys, nil, when: { $0.watching }) { app, _, _ in
                app.message = Message("Read-only: another termini keeps this match.", short: "Read-only.")
                return []
            },
        ]
    }

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] {
        SetupForm.keys.help(glyphs: glyphs) + NamesForm.keys.help(glyphs: glyphs) + EndMenu.keys.help(glyphs: glyphs)
            + CardDialog.keys.help(glyphs: glyphs) + CorrectionForm.keys.help(glyphs: glyphs) + StopDialog.keys.help(glyphs: glyphs)
            + DialogModal<Action>.help(glyphs: glyphs) + HistoryBrowser.keys.help(glyphs: glyphs) + ScoresheetModal.keys.help(glyphs: glyphs)
    }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        message = nil
        sound = context.sound
        // What the key changed of the call in front of the umpire, saved for the desk.
        return dispatch(key, context: context) + saveUmpireStep()
    }

    mutating func point(left: Bool, _ context: AppContext) -> [AppEffect] {
        guard let s = log?.state else { return [] }
        switch s.phase {
        case .playing:
            return record(.point(team: left ? s.left : s.right), at: context.now)
        case .gameOver, .matchOver:
            break  // the prompt line already says what Enter or n does
        case .choosingService:
            message = Message("Choose who serves first (1-4), then Enter.", short: "Choose the server first.")
        }
        return alertBell
    }

    mutating func undo(_ context: AppContext) -> [AppEffect] {
        guard let l = log, let last = l.lastEffective else {
            message = Message("Nothing to undo.")
            return alertBell
        }
        let s = l.state
        var effects = record(.undo, at: context.now)
        guard log?.records.count != l.records.count else { return effects }
        var undone = last
        // The end of the interval that came with the next game's Enter goes with it.
        if let first = log?.lastEffective, BadmintonApp.oneKey(first, last) {
            effects += record(.undo, at: context.now)
            undone = first
        }
        message = Message("Undone: \(BadmintonApp.describe(undone.action, s)).", short: "Undone.")
        return effects
    }

    /// Whether `second` came with `first` from one key: the end of the interval with the next
    /// game, or with the doubles service choice's Enter.
    static func oneKey(_ first: MatchEvent, _ second: MatchEvent) -> Bool {
        guard second.action == .endInterval, first.time == second.time else { return false }
        switch first.action {
        case .nextGame, .service: return true
        default: return false
        }
    }

    mutating func redo(_ context: AppContext) -> [AppEffect] {
        guard let l = log, l.canRedo else {
            message = Message("Nothing to redo.")
            return alertBell
        }
        var effects = record(.redo, at: context.now)
        var redone = log?.effective.last
        if let e = redone, let next = log?.redoable.last, BadmintonApp.oneKey(e, next) {
            effects += record(.redo, at: context.now)
        } else {
            redone = nil
        }
        if log?.records.count != l.records.count, let e = redone ?? log?.effective.last, let st = log?.state {
            message = Message("Redone: \(BadmintonApp.describe(e.action, st)).", short: "Redone.")
        }
        return effects
    }

    /// `s`: the ends change at once before a game's first rally and between games; mid-game,
    /// where the Laws never change them by hand (they change on their own at 11 in the deciding
    /// game), it asks first — the next point key would otherwise score for the other side.
    mutating func askSwapEnds(_ context: AppContext) -> [AppEffect] {
        guard let s = log?.state else { return [] }
        if s.phase == .playing && s.score != [0, 0] {
            let score = s.score.map(String.init).joined(separator: "-")
            modals.push(DialogModal.confirm(title: "Change ends now?",
                message: "Mid-game at \(score): the ends change by themselves between games and at the interval of the deciding game. "
                    + "Change them by hand now (the point keys follow the players)?",
                yes: "change ends", action: Action.swapEnds))
            return []
        }
        return swapEnds(context)
    }

    /// Enter after a game won: the next game, and the interval ends with it (the umpire calls
    /// play when the players are ready: one key, not one for the game and one for the clock).
    /// In doubles the interval runs on in the service choice, whose Enter ends it.
    mutating func nextGame(_ context: AppContext) -> [AppEffect] {
        let left = log?.state.left
        var effects = record(.nextGame, at: context.now)
        guard let s = log?.state, s.phase == .playing else { return effects }
        if s.interval != nil { effects += record(.endInterval, at: context.now) }
        if s.left != left {
            message = Message("Ends changed: \(TextLayout.sanitized(s.teams[s.left].name)) now on the left")
        }
        return effects
    }

    mutating func swapEnds(_ context: AppContext) -> [AppEffect] {
        message = Message("Ends changed by hand.")
        return record(.swapEnds, at: context.now)
    }

    mutating func askNew(_ context: AppContext) -> [AppEffect] {
        if let s = log?.state, s.hasRallies && !s.isOver {
            modals.push(DialogModal.confirm(title: "New match?",
                message: "The match in progress (\(MatchReport.statusLine(s, now: context.now))) goes to the history, unfinished."
                    .glyphed(context.glyphs),
                yes: "new match", action: Action.setUp))
        } else {
            modals.push(SetupForm(defaults))
        }
        return []
    }

    mutating func askEnd(_ context: AppContext) -> [AppEffect] {
        guard let s = log?.state else { return [] }
        if s.isOver {
            message = Message("The match is already over (u undoes its end).", short: "The match is over.")
            return alertBell
        }
        modals.push(EndMenu(state: s))
        return []
    }

    /// The history list: the index checked against the history's end and brought up to date
    /// (read, or rebuilt, when it is not held or does not fit), each row's head made
    /// once; a keeper writes the index back when it changed.
    mutating func openHistory() -> [AppEffect] {
        history.load(files, keeping: !watching)
        let listing = historyListing
        modals.push(HistoryBrowser(listing: listing))
        return history.save(files)
    }
}
