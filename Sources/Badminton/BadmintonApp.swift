import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The courtside scoreboard. The match is an append-only journal of events
/// (`badminton-match.jsonl`, one JSON event per line, appended and fsynced by the shell
/// before the next frame), replayed into a `MatchState`; finished matches move to
/// `badminton-history.jsonl`. A second instance, or `--watch`, follows the journal read-only.
public struct BadmintonApp: KeyedApp, Sendable {
    public static let descriptor = AppDescriptor(
        id: "badminton", name: "Badminton", summary: "Courtside scoreboard with real BWF rules",
        options: [
            OptionSpec("--new", help: "start a new match (the one in progress goes to the history)"),
            OptionSpec("--format", value: "FORMAT", values: .choices(MatchFormat.presets), help: "with --new: 3x21 (default), 3x15, 5x11, 1x21 or GxP[cC]"),
            OptionSpec("--doubles", help: "with --new: a doubles match"),
            OptionSpec("--names", value: "A,B", help: "with --new: the two sides, left first; doubles \"A1/A2,B1/B2\""),
            OptionSpec("--watch", help: "follow the match kept by another termini, read-only"),
            OptionSpec("--status", help: "print the match in one line and exit (1 if there is none)"),
            OptionSpec("--json", help: "with --status: print one JSON object instead"),
            OptionSpec("--export", value: "csv|json", values: .choices(["csv", "json"]), help: "print every match, every rally with its time, and exit"),
            OptionSpec("--scoresheet", value: "N", optional: true,
                       help: "print match N's scoresheet as a printable HTML page (1 = the oldest; default: the current match)"),
            OptionSpec("--output", value: "FILE", values: .file, help: "with --scoresheet: write the page to FILE instead (- for stdout)"),
            OptionSpec("--court", value: "NAME", values: .courts,
                       help: "keep or read court NAME's own match, journal, lock and history (letters, digits, -); with every option above"),
            OptionSpec("--all", help: "with --watch: every court's live score side by side; with --status: every court's match"),
            OptionSpec("--display", help: "with --watch: the hall TV: the scores as large as the screen allows, no frame, no keys shown"),
        ])

    /// The default court's files (every name comes from `CourtFiles`).
    public static let journalFile = CourtFiles.main.journal
    public static let historyFile = CourtFiles.main.history
    static let lockName = CourtFiles.main.lockName
    /// The lock's file: its holder closing it (quitting, or killed) is what a watcher hears.
    static let lockFile = CourtFiles.main.lockFile
    static let formatKey = "badminton.format", disciplineKey = "badminton.discipline", namesKey = "badminton.names"
    /// The side that served first last time: `left` or `right` (the side named first is on the left).
    static let serverKey = "badminton.server"
    /// The court's name or number, for the umpire's "Court 3, 20 seconds".
    static let courtKey = "badminton.court"
    /// The last event, umpire and service judge of the setup dialog, for the next match's.
    static let eventKey = "badminton.event", umpireKey = "badminton.umpire", judgeKey = "badminton.judge"
    /// `yes`: each new call of the umpire is spoken (by espeak-ng, through the shell).
    static let speakKey = "badminton.speak"

    /// What a dialog over the scoreboard chose.
    public enum Action: Sendable, Equatable {
        /// The setup dialog's match.
        case start(MatchSetup)
        /// Yes to "New match?": the setup dialog next.
        case setUp
        case names([TeamInfo])
        case end(MatchEvent.Action)
        /// The card dialog's card.
        case card(team: Int, player: Int, Misconduct)
        /// The stop dialog's injury or suspension.
        case stop(Stoppage.Kind, team: Int?, player: Int?)
        /// Correction mode's changes, in the order they are recorded.
        case corrections([MatchEvent.Action])
        /// Enter on a match of the history: its scoresheet.
        case openScoresheet(startedAt: Double)
    }

    var log: MatchLog?
    var history: [PastMatch] = []
    /// The court this copy keeps or follows (`--court`), and its files.
    var files = CourtFiles.main
    /// Read-only: following a journal another process keeps.
    var watching = false
    /// `--watch --display`: the hall TV, the whole terminal (no frame, no keys shown).
    var display = false
    /// `--watch --all`: every court, a pane each.
    var board: CourtsBoard?
    /// Watching because another termini holds the match (not `--watch`): when it goes, the
    /// shell takes the lock for this one, which keeps the match (`reload(.keeper, …)`).
    var awaitingKeeper = false
    /// Read-only because the shell says another copy keeps the match or the lock file is not
    /// one (not `--watch`): the shell follows the files and reloads this app.
    var followedByShell = false
    /// The setup and names forms, the new-match question, the end menu, the history.
    public var modals = ModalStack<Action>()
    var service = ServiceChoice()
    var defaults: SetupDefaults
    var startEffects: [AppEffect] = []
    /// `--new`: the match `start` begins (not `init`: a start whose journal cannot be written
    /// goes back to the app as read, the match before it or the setup form).
    var newMatch: MatchSetup?
    /// One line about what the last key did ("Undone: point to Red"), until the next key.
    var message: Message?
    /// The moment up to which the clocks' bells have been heard (the last tick).
    var alertsHeardUntil: Double?
    /// Where the history's times are shown in local time (tests pin an offset).
    var zone = LocalZone.system
    /// The sound setting of the call being handled (from its context: the settings or
    /// Boxing's `b` may change it between calls).
    var sound = SoundPreference(nil)
    /// The bell for a refused key or a clock's call, unless `sound = no`.
    var alertBell: [AppEffect] { sound.alertBell }
    /// The court's name, for the calls.
    var court: String?
    /// Whether the calls are spoken (`badminton.speak`), and the last call heard.
    var speech = false
    var spokenCall: String?

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        files = CourtFiles(court: options.value("--court"))
        court = BadmintonApp.courtName(files, store: store)
        speech = PreferenceValue.bool(store.preference(BadmintonApp.speakKey)) ?? false
        sound = context.sound
        defer {
            // A match resumed is not announced again; a new one is (its effects say so).
            if spokenCall == nil, let s = log?.state, !options.flag("--new") { spokenCall = UmpireCall.text(s, now: context.now, court: court) }
        }
        defaults = SetupDefaults(format: store.preference(BadmintonApp.formatKey), discipline: store.preference(BadmintonApp.disciplineKey),
                                 names: store.preference(BadmintonApp.namesKey), server: store.preference(BadmintonApp.serverKey),
                                 officials: MatchOfficials(event: store.preference(BadmintonApp.eventKey), court: court,
                                                           umpire: store.preference(BadmintonApp.umpireKey),
                                                           serviceJudge: store.preference(BadmintonApp.judgeKey)))
        history = BadmintonApp.readHistory(store, files: files)
        if options.flag("--watch") {
            watching = true
            display = options.flag("--display")
            if options.flag("--all") {
                board = CourtsBoard(store: store)
                return
            }
        } else {
            // The shell took the keeper's lock (`keeperLock`: this court's) before this start.
            switch store.keeping {
            case .keeper: break
            case .following:
                watching = true
                awaitingKeeper = true
                followedByShell = true
            case .readOnly:
                // The store has said why (a lock file that is not one): following, not keeping.
                watching = true
                followedByShell = true
            }
        }
        // A finished match's history line that the disk refuses is kept and written first
        // once it can be: the old match is never lost between the history and a new journal.
        if !watching { store.retainFailedAppends(to: files.history) }
        if watching {
            log = BadmintonApp.readJournal(store, recover: false, files: files)
            if let l = log { history.removeAll { $0.startedAt == l.startedAt } }
            if options.flag("--new") {
                store.notice(awaitingKeeper ? "Not starting a new match: another termini is keeping the match."
                    : "Not starting a new match: \(files.lockFile) cannot be used as a lock, so this copy is read-only.")
            }
            return
        }
        log = BadmintonApp.readJournal(store, recover: true, unicode: context.unicode, files: files, effects: &startEffects)
        // A match can be in the history and still in the journal (a stop between moving it to
        // the history and writing the next match's journal): it is the match in progress, not
        // a past one, until a new match begins.
        if let l = log { history.removeAll { $0.startedAt == l.startedAt } }
        if options.flag("--new") { newMatch = BadmintonApp.setup(from: options, defaults: defaults) }
        if log == nil { modals.push(SetupForm(defaults)) }
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        var effects = startEffects
        startEffects = []
        if let setup = newMatch {
            newMatch = nil
            modals = ModalStack()
            effects += beginMatch(setup, at: context.now, remember: true)
        }
        return effects
    }

    // MARK: Files

    /// The journal's match; with `recover`, a damaged journal is kept aside, the user told how
    /// many events were recovered, and a clean journal written back (`effects`).
    static func readJournal(_ store: any StateReader, recover: Bool, report: Bool = false, files: CourtFiles = .main) -> MatchLog? {
        var ignored: [AppEffect] = []
        return readJournal(store, recover: recover, report: report, files: files, effects: &ignored)
    }

    /// With `report` (a command), damage is said without touching the file.
    static func readJournal(_ store: any StateReader, recover: Bool, report: Bool = false, unicode: Bool = true,
                            files: CourtFiles = .main, effects: inout [AppEffect]) -> MatchLog? {
        let journalFile = files.journal
        var reader = JournalContents.Reader()
        guard let outcome = store.readLines(journalFile, { reader.take($0) }) else { return nil }
        let contents = reader.contents(outcome)
        if contents.events.isEmpty && !contents.damaged { return nil }
        let log = MatchLog(records: contents.events)
        if report && (contents.damaged || log == nil) {
            let d = contents.damagedLines
            store.notice("\(journalFile): \(d) damaged line\(d == 1 ? "" : "s") left out" + (log == nil ? "; no match could be read" : ""))
        }
        guard recover else { return log }
        if contents.damaged || (log == nil && !contents.events.isEmpty) {
            let n = log?.records.count ?? 0
            let d = contents.damagedLines
            let reason = "The match journal was damaged (\(d) line\(d == 1 ? "" : "s") could not be read)"
            if let log {
                // The journal is replaced whole by its readable events, a copy kept aside; on
                // a full disk it stays as it is, start event included, and is read again.
                store.replaceDamaged(journalFile, reason: reason, with: JournalContents.bytes(of: log.records))
                store.notice("Recovered \(n) event\(n == 1 ? "" : "s") of the match from the damaged journal: \(MatchReport.statusLine(log.state, now: 0))."
                    .glyphed(unicode ? .unicode : .ascii))
            } else {
                store.keepAside(journalFile, reason: reason)
                store.notice("No event of the match could be recovered from the damaged journal.")
            }
        }
        return log
    }

    /// The history's matches as the list shows them, read line by line (any size); damaged
    /// lines are counted and reported, each costing its line only.
    static func readHistory(_ store: any StateReader, files: CourtFiles = .main) -> [PastMatch] {
        let historyFile = files.history
        var reader = HistoryEntry.Reader(keep: PastMatch.init)
        guard let outcome = store.readLines(historyFile, { reader.take($0) }) else { return [] }
        let damaged = reader.damagedLines + outcome.overlongLines
        if damaged > 0 { store.notice("\(damaged) damaged line\(damaged == 1 ? "" : "s") of the match history could not be read.") }
        return reader.matches
    }

    static func setup(from options: AppOptions, defaults: SetupDefaults) -> MatchSetup {
        let discipline: Discipline = options.flag("--doubles") ? .doubles : .singles
        let format = options.value("--format").flatMap { try? MatchFormat.parse($0).get() }
            ?? (try? MatchFormat.parse(defaults.format).get()) ?? .standard
        var teams = TeamInfo.defaults(discipline)
        if let n = options.value("--names") {
            let parsed = n.split(separator: ",", omittingEmptySubsequences: false).compactMap { TeamInfo.parse(String($0), discipline: discipline) }
            if parsed.count == 2 { teams = parsed }
        } else if defaults.discipline == discipline {
            let parsed = defaults.names.compactMap { TeamInfo.parse($0, discipline: discipline) }
            if parsed.count == 2 { teams = parsed }
        }
        return MatchSetup(format: format, discipline: discipline, teams: teams, firstServer: defaults.server, officials: defaults.officials)
    }

    /// Starts a match: the one before goes to the history (if anything happened in it), the
    /// journal is replaced by the new start event.
    mutating func beginMatch(_ setup: MatchSetup, at now: Double, remember: Bool) -> [AppEffect] {
        var effects: [AppEffect] = []
        if let old = log, old.effective.count > 1 {
            // The store starts it on a line of its own if the file ends inside one.
            effects.append(.append(file: files.history, bytes: HistoryEntry(events: old.effective).line))
            history.removeAll { $0.startedAt == old.startedAt }
            history.append(PastMatch(old))
        }
        let new = MatchLog(setup: setup, at: now)
        log = new
        effects.append(.write(file: files.journal, bytes: JournalContents.bytes(of: new.records)))
        if remember {
            effects.append(.setPreference(key: BadmintonApp.formatKey, value: setup.format.description))
            effects.append(.setPreference(key: BadmintonApp.disciplineKey, value: setup.discipline.rawValue))
            effects.append(.setPreference(key: BadmintonApp.namesKey, value: setup.teams.map(\.entry).joined(separator: ",")))
            effects.append(.setPreference(key: BadmintonApp.serverKey, value: SetupDefaults.serverWords[setup.firstServer]))
            // The officials only when they changed: a config without them gains no empty lines.
            let o = setup.officials, was = defaults.officials
            for (key, value, old) in [(BadmintonApp.eventKey, o.event, was.event), (BadmintonApp.umpireKey, o.umpire, was.umpire),
                                      (BadmintonApp.judgeKey, o.serviceJudge, was.serviceJudge)] where value != old {
                effects.append(.setPreference(key: key, value: value ?? ""))
            }
            // The one court kept without --court takes the name typed as its own (the calls
            // say it); a named court keeps its name, and what is typed is the match's only.
            if files.court == nil, o.court != court {
                effects.append(.setPreference(key: BadmintonApp.courtKey, value: o.court ?? ""))
                court = o.court
            }
            defaults = SetupDefaults(format: setup.format.description, discipline: setup.discipline.rawValue,
                                     names: setup.teams.map(\.entry).joined(separator: ","), server: SetupDefaults.serverWords[setup.firstServer],
                                     officials: MatchOfficials(event: o.event, court: court, umpire: o.umpire, serviceJudge: o.serviceJudge))
        }
        service = ServiceChoice()
        if setup.discipline == .singles {
            message = Message("New match: \(setup.teams[0].name) v \(setup.teams[1].name), \(setup.format)", short: "New match.")
        }
        return effects + speechEffects(at: now)
    }

    /// What the last key did, in full and in a few words for a narrow screen.
    struct Message: Equatable {
        var text: String
        var short: String
        init(_ text: String, short: String? = nil) {
            self.text = text
            self.short = short ?? text
        }
    }

    // MARK: Recording

    /// Records an event: into the log and, when it changed the match, onto the journal.
    mutating func record(_ action: MatchEvent.Action, at now: Double) -> [AppEffect] {
        guard let before = log?.state else { return [] }
        let event = MatchEvent(action, at: now)
        // Taken in place: a copy of the log, changed and put back, would copy its arrays (every
        // event and every state of the match) at each rally, a cost growing with the match.
        guard log?.take(event) == true, let s = log?.state else { return alertBell }
        // A choice of server starts afresh only when a new choice begins (the next game, or
        // the serving side changed): a change of ends or of names meanwhile keeps it.
        if s.phase == .choosingService, action != .undo && action != .redo,
           before.phase != .choosingService || before.gameNumber != s.gameNumber || before.server != s.server {
            service = ServiceChoice()
        }
        return [.append(file: files.journal, bytes: event.line)] + speechEffects(at: now)
    }

    /// The interval on screen now, if one runs.
    func visibleInterval(at now: Double) -> Interval? {
        guard let iv = log?.state.interval, iv.remaining(at: now) > 0 else { return nil }
        return iv
    }

    static func describe(_ action: MatchEvent.Action, _ s: MatchState) -> String {
        switch action {
        case .point(let t): return "point to \(s.teams[t].name)"
        case .swapEnds: return "change of ends"
        case .service: return "choice of server"
        case .firstServer(let t): return "first server (\(s.teams[t].name))"
        case .names: return "names"
        case .nextGame: return "start of game \(s.gameNumber)"
        case .endInterval: return "end of the interval"
        case .retire(let t): return "retirement of \(s.teams[t].name)"
        case .walkover(let t): return "walkover (\(s.teams[t].name))"
        case let .card(t, p, card): return "\(card.colour) card to \(s.teams[t].players[min(p, s.teams[t].players.count - 1)])"
        case .shuttle: return "new shuttle"
        case .warmUp: return "warm-up"
        case .stop(let kind, _, _): return kind.rawValue
        case .resume: return "resumption of play"
        case .correctService, .correctCourts, .correctScore: return "correction"
        case .start, .undo, .redo: return "start"
        }
    }

    // MARK: Keys

    typealias B = AppBinding<BadmintonApp>

    var phase: MatchState.Phase? { log?.state.phase }

    /// The scoreboard's keys, declared once. The keys of the dialogs are with each dialog.
    public var keys: AppKeys<BadmintonApp> { BadmintonApp.keyTable }
    /// Built once: a binding acts on the app it is given, never on the one that built it.
    static let keyTable: AppKeys<BadmintonApp> = {
        let choosing: @Sendable (BadmintonApp) -> Bool = { !$0.watching && $0.phase == .choosingService }
        let stopped: @Sendable (BadmintonApp) -> Bool = { !$0.watching && $0.log?.state.runningStoppage != nil }
        let scoring: [B] = [
            // Play resumes before anything else Enter does (documented with i).
            B([.enter], hint: .init("Resume", priority: -2), nil, when: stopped) { app, _, ctx in app.resumePlay(at: ctx.now) },
            B([.enter], hint: .init("Next game", priority: -1), "next game (after a game won)",
              when: { !$0.watching && $0.phase == .gameOver }) { app, _, ctx in app.record(.nextGame, at: ctx.now) },
            B([.enter], hint: .init("End interval", priority: -1), "end the interval",
              at: { app, ctx in !app.watching && app.phase == .playing && app.visibleInterval(at: ctx.now) != nil }) { app, _, ctx in
                return app.record(.endInterval, at: ctx.now)
            },
            B([.left, .char("a"), .char("z"), .pageUp], hint: .init(keys: [.left, .right]) { $0.phase == .playing && !$0.watching ? "Point" : nil },
              "point to the side on the left half", when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.point(left: true, ctx) },
            B([.right, .char("l"), .char("m"), .pageDown], "point to the side on the right half",
              when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.point(left: false, ctx) },
            B([.char("u"), .backspace], hint: .init(keys: [.char("u")]) { $0.log?.lastEffective == nil ? nil : "Undo" }, "undo (unlimited, across games)",
              when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.undo(ctx) },
            B([.char("y"), .ctrl("r")], hint: .init(keys: [.char("y")], priority: 1, at: { app, ctx in
                app.phase == .playing && app.visibleInterval(at: ctx.now) == nil ? "Redo" : nil
              }),
              "redo", when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.redo(ctx) },
            B([.char("s")], hint: .init(priority: 1) { [.playing, .gameOver].contains($0.phase) ? "Swap" : nil }, "swap ends by hand",
              when: { !$0.watching && $0.log != nil }) { app, _, ctx in
                app.message = Message("Ends changed by hand.")
                return app.record(.swapEnds, at: ctx.now)
            },
        ]
        let doubles: [B] = [
            B(KeyNames.digits(1...2), hint: .init("Server", priority: -1), "who serves", when: choosing) { app, key, _ in
                app.service.handle(key)
                return []
            },
            B(KeyNames.digits(3...4), hint: .init("Receiver", priority: -1), "who receives", when: choosing) { app, key, _ in
                app.service.handle(key)
                return []
            },
            B([.up, .down, .tab, .backTab], "move between the server and the receiver", when: choosing) { app, key, _ in
                app.service.handle(key)
                return []
            },
            B([.char(" ")], "switch the player of that row", when: choosing) { app, key, _ in
                app.service.handle(key)
                return []
            },
            B([.enter], hint: .init("Play", priority: -1), "accept and play", when: choosing) { app, _, ctx in
                guard let s = app.log?.state else { return [] }
                return app.record(.service(team: s.server, server: app.service.server, receiver: app.service.receiver), at: ctx.now)
            },
        ]
        let match: [B] = [
            B([.char("n"), .enter], helpKeys: [.char("n")],
              hint: .init(keys: [.char("n")], priority: 1, at: { app, ctx in
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
            B([.char("h")], hint: .init(priority: 1) { app in app.watching || app.log == nil || app.phase == .matchOver ? "History" : nil },
              "history, abandoned matches marked", when: { $0.board == nil }) { app, _, _ in
                app.openHistory()
                return []
            },
            B([.char("x")], hint: .init(priority: 1, at: { app, ctx in
                app.phase == .gameOver || (app.phase == .playing && app.visibleInterval(at: ctx.now) == nil) ? "End" : nil
              }),
              "end the match: retirement, walkover (1-4)", when: { !$0.watching && $0.log != nil }) { app, _, ctx in app.askEnd(ctx) },
            // Following another termini, the scoring keys only say so.
            B([.left, .right, .char("a"), .char("z"), .char("l"), .char("m"), .pageUp, .pageDown, .char("u"), .backspace, .char("y"),
               .ctrl("r"), .char("s"), .enter, .char("n"), .char("e"), .char("x")] + BadmintonApp.umpireKeys, nil, when: { $0.watching }) { app, _, _ in
                app.message = Message("Read-only: another termini keeps this match.", short: "Read-only.")
                return []
            },
        ]
        return AppKeys([.init("Scoring", scoring), .init("Doubles, start of a game", doubles), .init("The umpire", BadmintonApp.umpireBindings), .init("Match", match)])
    }()

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] {
        SetupForm.keys.help(glyphs: glyphs) + NamesForm.keys.help(glyphs: glyphs) + EndMenu.keys.help(glyphs: glyphs)
            + CardDialog.keys.help(glyphs: glyphs) + CorrectionForm.keys.help(glyphs: glyphs) + StopDialog.keys.help(glyphs: glyphs)
            + DialogModal<Action>.help(glyphs: glyphs) + HistoryBrowser.keys.help(glyphs: glyphs) + ScoresheetModal.keys.help(glyphs: glyphs)
    }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        message = nil
        sound = context.sound
        return dispatch(key, context: context)
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
        let effects = record(.undo, at: context.now)
        message = Message("Undone: \(BadmintonApp.describe(last.action, s)).", short: "Undone.")
        return effects
    }

    mutating func redo(_ context: AppContext) -> [AppEffect] {
        guard let l = log, l.canRedo else {
            message = Message("Nothing to redo.")
            return alertBell
        }
        let effects = record(.redo, at: context.now)
        if let e = log?.effective.last, let st = log?.state {
            message = Message("Redone: \(BadmintonApp.describe(e.action, st)).", short: "Redone.")
        }
        return effects
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

    mutating func openHistory() {
        let app = self
        modals.push(HistoryBrowser(content: { ctx in app.historyPanel(width: ScrollPanel.textWidth(forArea: ctx.size.width - 2), glyphs: ctx.glyphs) },
                                   matches: historyMatches.map(\.startedAt)))
    }

    public mutating func perform(_ action: Action, context: AppContext) -> [AppEffect] {
        switch action {
        case .start(let setup): return beginMatch(setup, at: context.now, remember: true)
        case .setUp:
            modals.push(SetupForm(defaults))
            return []
        case .names(let teams):
            guard teams != log?.state.teams else { return [] }
            message = Message("Names changed.")
            return record(.names(teams), at: context.now)
        case .end(let action): return record(action, at: context.now)
        case let .card(team, player, card): return giveCard(card, team: team, player: player, at: context.now)
        case let .stop(kind, team, player): return stopPlay(kind, team: team, player: player, at: context.now)
        case .corrections(let list): return applyCorrections(list, at: context.now)
        case .openScoresheet(let t):
            let match = log.flatMap { $0.startedAt == t ? $0 : nil } ?? history.last { $0.startedAt == t }.flatMap { MatchLog(records: $0.events) }
            guard let match else { return alertBell }
            modals.push(ScoresheetModal(match, court: court, zone: zone))
            return []
        }
    }

    // MARK: Time

    public func nextDeadline(context: AppContext) -> Double? {
        if let board { return board.nextDeadline(at: context.now) }
        // The moment a clock shows one second less (or more): at most one redraw a second,
        // and none once every countdown is over.
        return log?.state.timers.compactMap { $0.nextChange(after: context.now) }.min()
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        sound = context.sound
        let heard = alertsHeardUntil ?? context.now
        alertsHeardUntil = context.now
        guard !watching, let s = log?.state else { return [] }
        // The umpire's "20 seconds" and "Ready to play" calls, and the end of a countdown.
        let bell = s.timers.contains { $0.alerts(after: heard, upTo: context.now) } ? alertBell : []
        return bell + speechEffects(at: context.now)
    }

    // MARK: Watching

    /// The keeper's lock (this court's), taken by the shell when the app opens; `--watch`
    /// never keeps.
    public static func keeperLock(_ options: AppOptions) -> String? {
        options.flag("--watch") ? nil : CourtFiles(court: options.value("--court")).lockName
    }
    public var keptFiles: [String] { [files.journal, files.history] }

    /// `--watch` follows the files itself (a copy the shell keeps read-only, through `reload`).
    public var watchedFiles: [String] {
        if let board { return board.watchedFiles }
        return watching && !followedByShell ? keptFiles : []
    }

    public func watches(_ file: String) -> Bool {
        board != nil ? CourtsBoard.concerns(file) : watchedFiles.contains(file)
    }

    public var fullScreen: Bool { display }

    public mutating func filesChanged(_ names: Set<String>, store: any StateReader, context: AppContext) -> [AppEffect] {
        if board != nil {
            board?.reload(store: store, changed: names)
            return []
        }
        return filesChanged(store: store, context: context)
    }

    public mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect] {
        if board != nil {
            board?.reload(store: store, changed: nil)
            return []
        }
        guard watching else { return [] }
        follow(store)
        return []
    }

    public mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect] {
        guard keeping == .keeper else {
            follow(store)
            return []
        }
        // The keeper closed the lock (it quit, or it was killed: the kernel frees the lock):
        // the shell took it for this copy, which keeps the match, without a restart.
        watching = false
        awaitingKeeper = false
        followedByShell = false
        var effects: [AppEffect] = []
        log = BadmintonApp.readJournal(store, recover: true, unicode: context.unicode, files: files, effects: &effects)
        history = BadmintonApp.readHistory(store, files: files)
        if let l = log { history.removeAll { $0.startedAt == l.startedAt } }
        store.retainFailedAppends(to: files.history)
        message = Message("The termini that kept this match has stopped: this one keeps the match now.", short: "Keeping the match now.")
        return effects
    }

    /// Reads the keeper's journal and history again (read-only).
    mutating func follow(_ store: any StateReader) {
        if let fresh = BadmintonApp.readJournal(store, recover: false, files: files) {
            log = fresh
        } else if store.readBytes(files.journal) == nil {
            log = nil
        }
        // A line cut in half while the keeper writes stays unread until the next change.
        history = BadmintonApp.readHistory(store, files: files)
        if let l = log { history.removeAll { $0.startedAt == l.startedAt } }
    }

    // MARK: Chrome

    public func title(context: AppContext) -> String {
        if let board { return "Badminton · \(board.courts.count) court\(board.courts.count == 1 ? "" : "s")".glyphed(context.glyphs) }
        let court = files.court.map { " · court \($0)" } ?? ""
        guard let s = log?.state else { return "Badminton" + court.glyphed(context.glyphs) }
        let shuttles = s.shuttles == 0 ? "" : " · \(s.shuttles) shuttle\(s.shuttles == 1 ? "" : "s")"
        return "Badminton\(court) · \(s.format) · game \(s.gameNumber)\(shuttles)".glyphed(context.glyphs)
    }

    /// `--watch` says so; a copy the shell keeps read-only has "read-only" put there by the shell.
    public func status(context: AppContext) -> String? {
        watching ? (followedByShell ? "watching" : "read-only · watching".glyphed(context.glyphs)) : nil
    }

    /// The hall TV draws on any screen with room for the names and a score.
    public var minimumSize: Size { display ? Size(width: 30, height: 6) : Size(width: 40, height: 12) }

    // MARK: Command line

    public static func validate(_ options: AppOptions) -> String? {
        let modes = ["--new", "--watch", "--status", "--export", "--scoresheet"].filter { options.flag($0) }
        if modes.count > 1 { return "use only one of \(modes.joined(separator: ", "))" }
        if let c = options.value("--court"), !CourtFiles.isValidName(c) {
            return "--court: a court's name is 1 to \(CourtFiles.maxNameLength) letters (A-Z, a-z), digits and '-', not starting with '-' "
                + "('\(TextLayout.truncate(TextLayout.sanitized(c), to: 30))')"
        }
        if options.flag("--all") {
            if !options.flag("--watch") && !options.flag("--status") {
                return "--all goes with --watch or --status (termini badminton --watch --all)"
            }
            if options.flag("--court") { return "use --court NAME or --all, not both" }
        }
        if options.flag("--display") {
            if !options.flag("--watch") { return "--display goes with --watch (termini badminton --watch --display)" }
            if options.flag("--all") { return "--display shows one court: use --court NAME instead of --all" }
        }
        let setupOptions = ["--format", "--doubles", "--names"].filter { options.flag($0) }
        if !setupOptions.isEmpty && !options.flag("--new") {
            return "\(setupOptions.joined(separator: ", ")) go\(setupOptions.count == 1 ? "es" : "") with --new (termini badminton --new \(setupOptions[0]) ...)"
        }
        if options.flag("--json") && !options.flag("--status") {
            return "--json goes with --status (--export takes csv or json)"
        }
        if let f = options.value("--format"), case .failure(let e) = MatchFormat.parse(f) {
            return "--format: \(e)"
        }
        if let n = options.value("--names") {
            let doubles = options.flag("--doubles")
            let parts = n.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                return "--names takes two sides separated by a comma: " + (doubles ? "\"A1/A2,B1/B2\"" : "\"A,B\"")
            }
            for p in parts where TeamInfo.parse(p, discipline: doubles ? .doubles : .singles) == nil {
                if doubles { return "--names: in doubles each side is two players, \"A1/A2,B1/B2\" ('\(TextLayout.sanitized(p))')" }
                if p.contains("/") { return "--names: '\(TextLayout.sanitized(p))' looks like a pair: add --doubles" }
                return "--names: a side's name must not be empty"
            }
        }
        if let e = options.value("--export"), MatchReport.ExportFormat(rawValue: e) == nil {
            return "--export takes csv or json, not '\(TextLayout.sanitized(e))'"
        }
        if let n = options.value("--scoresheet"), !n.isEmpty, scoresheetNumber(n) == nil {
            return "--scoresheet takes the number of a match, 1 for the oldest, not '\(TextLayout.truncate(TextLayout.sanitized(n), to: 20))'"
        }
        if options.flag("--output") && !options.flag("--scoresheet") {
            return "--output goes with --scoresheet (termini badminton --scoresheet --output FILE)"
        }
        return nil
    }

    /// Where each match of the history was last kept (its line), in the order `--export` and
    /// `--scoresheet` number them, and the match in progress when it comes after them: the
    /// history read line by line, never held whole.
    struct MatchIndex {
        var lines: [Int] = []
        var current: MatchLog?
        var currentGoesLast = false
        var damaged = 0
        var count: Int { lines.count + (currentGoesLast ? 1 : 0) }
    }

    static func matchIndex(_ store: any StateReader, files: CourtFiles = .main) -> MatchIndex {
        let historyFile = files.history
        var lastLine: [Double: Int] = [:]
        var line = 0
        var index = MatchIndex()
        let first = store.readLines(historyFile) { bytes in
            defer { line += 1 }
            guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) else { return }
            if let t = HistoryEntry.startTime(line: bytes) { lastLine[t] = line } else { index.damaged += 1 }
        }
        index.damaged += first?.overlongLines ?? 0
        index.current = readJournal(store, recover: false, report: true, files: files)
        // The journal's match replaces its copy in the history once play went on after it.
        if let c = index.current {
            index.currentGoesLast = lastLine[c.startedAt] == nil || c.effective.count > 1
            if index.currentGoesLast { lastLine[c.startedAt] = nil }
        }
        index.lines = lastLine.values.sorted()
        return index
    }

    /// The history's matches on the given lines, in file order, one at a time.
    static func forEachMatch(_ store: any StateReader, lines: Set<Int>, files: CourtFiles = .main, _ body: (MatchLog) -> Bool) {
        let historyFile = files.history
        var n = 0
        var open = true
        _ = store.readLines(historyFile) { bytes in
            defer { n += 1 }
            guard open, lines.contains(n), let log = HistoryEntry.parse(line: bytes) else { return }
            open = body(log)
        }
    }

    /// Every match of the history, then the one in the journal, streamed: the history is
    /// read twice, line by line (first to find where each match was last kept, then to
    /// write it), so an export of any size never holds more than one match in memory.
    static func export(_ format: MatchReport.ExportFormat, store: any StateReader, files: CourtFiles = .main) -> CommandOutput {
        let index = matchIndex(store, files: files)
        guard index.count > 0 else {
            return CommandOutput(stderr: "termini: no badminton matches to export\n", status: 1)
        }
        if index.damaged > 0 { store.notice("\(index.damaged) damaged line\(index.damaged == 1 ? "" : "s") of the match history could not be read (left out).") }
        let stream = CommandStream { emit in
            var writer = MatchReport.ExportWriter(format)
            guard emit(writer.header) else { return }
            var open = true
            forEachMatch(store, lines: Set(index.lines), files: files) { log in
                open = emit(writer.text(for: log))
                return open
            }
            if open, index.currentGoesLast, let c = index.current { open = emit(writer.text(for: c)) }
            if open { _ = emit(writer.footer) }
        }
        return CommandOutput(stream: stream)
    }

    /// A match number as typed: 1 and up, digits only.
    static func scoresheetNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), n >= 1 else { return nil }
        return n
    }

    static let noMatchYet = "termini: no badminton match yet (start one: termini badminton --new)\n"

    /// Match `n` (1 is the oldest) as `--export` numbers them.
    static func match(_ n: Int, in index: MatchIndex, store: any StateReader, files: CourtFiles = .main) -> MatchLog? {
        guard n >= 1, n <= index.count else { return nil }
        if n > index.lines.count { return index.current }
        var found: MatchLog?
        forEachMatch(store, lines: [index.lines[n - 1]], files: files) { found = $0; return false }
        return found
    }

    /// `--scoresheet [N] [--output FILE]`: read-only, the page to stdout or for FILE.
    static func scoresheetCommand(_ options: AppOptions, store: any StateReader, files: CourtFiles = .main) -> CommandOutput {
        let index = matchIndex(store, files: files)
        guard index.count > 0 else { return CommandOutput(stderr: noMatchYet, status: 1) }
        let picked: MatchLog?
        if let n = options.value("--scoresheet").flatMap(scoresheetNumber) {
            guard n <= index.count else {
                return CommandOutput(stderr: "termini: no match \(n): there \(index.count == 1 ? "is 1" : "are \(index.count)") "
                    + "(1 is the oldest; termini badminton --export csv lists them)\n", status: 1)
            }
            picked = match(n, in: index, store: store, files: files)
        } else if let current = index.current, current.effective.count == 1, index.currentGoesLast, index.count >= 2 {
            // The match in progress has nothing on it yet: the last one played.
            picked = match(index.count - 1, in: index, store: store, files: files)
        } else {
            picked = index.current ?? match(index.count, in: index, store: store, files: files)
        }
        guard let log = picked else {
            return CommandOutput(stderr: "termini: the match history could not be read\n", status: 1)
        }
        let html = ScoresheetHTML.render(Scoresheet(log, court: courtName(files, store: store)))
        if let path = options.value("--output"), path != "-" {
            return CommandOutput(file: CommandFile(path: path, bytes: Array(html.utf8)))
        }
        return CommandOutput(stdout: html)
    }

    /// The court's name for the calls and the scoresheet: a named court's own name, else the
    /// config's `badminton.court` (the one court of a club kept without `--court`).
    static func courtName(_ files: CourtFiles, store: any StateReader) -> String? {
        if let c = files.court { return c }
        return store.preference(BadmintonApp.courtKey).map(TextLayout.sanitizedName).flatMap { $0.isEmpty ? nil : $0 }
    }

    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        let read = options.flag("--status") || options.flag("--export") || options.flag("--scoresheet")
        if options.flag("--status") && options.flag("--all") { return statusOfAll(options, store: store, context: context) }
        let files = CourtFiles(court: options.value("--court"))
        if read, files.court != nil, !files.exists(in: store.fileNames()) {
            return CommandOutput(stderr: "termini: no \(files.described) here (\(courtList(store)))\n", status: 1)
        }
        if options.flag("--scoresheet") { return scoresheetCommand(options, store: store, files: files) }
        if options.flag("--status") {
            guard let log = readJournal(store, recover: false, report: true, files: files) else {
                return CommandOutput(stderr: files.court == nil ? noMatchYet
                    : "termini: no match on \(files.described) now (start one: termini badminton --court \(files.court ?? "") --new)\n", status: 1)
            }
            let s = log.state
            // Under LANG=C or --ascii the middle dots are ASCII too, as on the screen.
            let text = options.flag("--json") ? MatchReport.statusJSON(s, now: context.now, court: courtName(files, store: store))
                : MatchReport.statusLine(s, now: context.now).glyphed(context.unicode ? .unicode : .ascii)
            return CommandOutput(stdout: text + "\n")
        }
        if let f = options.value("--export").flatMap(MatchReport.ExportFormat.init(rawValue:)) {
            return export(f, store: store, files: files)
        }
        return nil
    }

    /// `courts: 1, 2, centre` or `no court has a match yet`: for a message about a court not found.
    static func courtList(_ store: any StateReader) -> String {
        let named = CourtFiles.courts(in: store.fileNames()).compactMap(\.court)
        return named.isEmpty ? "no named court has been kept yet" : "courts: " + named.joined(separator: ", ")
    }

    /// `--status --all`: a line per court with a match now (`3: Lin 5-3 Lee · game 1`), or with
    /// `--json` one object, `{"courts":[{"court":NAME,…},…]}` (the default court's name is
    /// `badminton.court`, else null).
    static func statusOfAll(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput {
        let courts = CourtFiles.courts(in: store.fileNames()).compactMap { files in
            readJournal(store, recover: false, report: true, files: files).map { (files, $0.state) }
        }
        if options.flag("--json") {
            let objects = courts.map { files, s in
                let one = MatchReport.statusJSON(s, now: context.now, court: courtName(files, store: store))
                return "{\"court\":" + (courtName(files, store: store).map(MatchReport.json) ?? "null") + "," + one.dropFirst()
            }
            return CommandOutput(stdout: "{\"courts\":[" + objects.joined(separator: ",") + "]}\n")
        }
        guard !courts.isEmpty else { return CommandOutput(stderr: "termini: no court has a badminton match yet\n", status: 1) }
        let width = courts.map { DisplayWidth.of(courtName($0.0, store: store) ?? "-") }.max() ?? 1
        let lines = courts.map { files, s in
            TextLayout.pad((courtName(files, store: store) ?? "-") + ":", to: width + 1) + " "
                + MatchReport.statusLine(s, now: context.now).glyphed(context.unicode ? .unicode : .ascii)
        }
        return CommandOutput(stdout: lines.joined(separator: "\n") + "\n")
    }
}
