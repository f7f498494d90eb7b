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
            OptionSpec(BadmintonOption.new, help: "start a new match (the one in progress goes to the history)"),
            OptionSpec(BadmintonOption.format, value: "FORMAT", values: .choices(MatchFormat.presets), help: "with --new: 3x21 (the default, not the last one), 3x15, 5x11, 1x21, or GxP[cC]: G games x P points, optional cap C (5x11c15)"),
            OptionSpec(BadmintonOption.doubles, help: "with --new: a doubles match"),
            OptionSpec(BadmintonOption.names, value: "A,B", help: "with --new: the two sides, left first; doubles \"A1/A2,B1/B2\"; a country or club in brackets: \"Lin Dan (CHN),Lee Chong Wei (MAS)\""),
            OptionSpec(BadmintonOption.matchNumber, value: "N", help: "with --new: the match's number in the order of play, for the scoresheet"),
            OptionSpec(BadmintonOption.event, value: "TEXT", help: "with --new: the event (MS, Club championship…), for the scoresheet"),
            OptionSpec(BadmintonOption.round, value: "TEXT", help: "with --new: the round (R2, Final…), for the scoresheet"),
            OptionSpec(BadmintonOption.watch, help: "follow the match kept by another termini, read-only"),
            OptionSpec(BadmintonOption.status, help: "print the match in one line and exit (1 if there is none)"),
            OptionSpec(BadmintonOption.json, help: "with --status: print one JSON object instead"),
            OptionSpec(BadmintonOption.export, value: "csv|json", values: .choices(["csv", "json"]), help: "print every match, every rally with its time, and exit"),
            OptionSpec(BadmintonOption.scoresheet, value: "N", optional: true,
                       help: "print match N's scoresheet as a printable HTML page (1 = the oldest; default: the current match)"),
            OptionSpec(BadmintonOption.output, value: "FILE", values: .file, help: "with --scoresheet: write the page to FILE instead (- for stdout)"),
            OptionSpec(BadmintonOption.court, value: "NAME", values: .courts,
                       help: "keep or read court NAME's own match, journal, lock and history (letters, digits, -); with every option above"),
            OptionSpec(BadmintonOption.all, help: "with --watch: every court's live score side by side; with --status: every court's match"),
            OptionSpec(BadmintonOption.display, help: "with --watch: the hall TV: the scores as large as the screen allows, no frame, no keys shown"),
            OptionSpec(BadmintonOption.noCourt, help: "with --display: no court number on the hall TV (a final; else badminton.display.court = no)"),
            OptionSpec(BadmintonOption.hall, value: "URL",
                       help: "the hall's MQTT broker, mqtts://HOST[:PORT][/HALL] over TLS, or mqtt:// in clear (else hall = URL in the config): a keeper publishes its --court; --watch --all records every court in this directory; --watch --court N and --status --all follow the hall from anywhere"),
            OptionSpec(BadmintonOption.hallCredentials, value: "FILE", values: .file,
                       help: "the user and password for the hall (user = and password = lines), never on the command line"),
            OptionSpec(BadmintonOption.hallCA, value: "FILE", values: .file,
                       help: "with mqtts://: the CA certificate that signed the broker's (hall-ca.crt from hall init; else hall.ca = FILE, else the system's CAs)"),
            OptionSpec(BadmintonOption.keeper, value: "ID",
                       help: "with --court and --status, --export or --scoresheet at the hall's desk: the stream of keeper ID (its first digits will do; --status names them)"),
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
    /// `no`: the hall TV (`--display`) shows no court number, as `--no-court` (finals).
    static let displayCourtKey = "badminton.display.court"
    /// `yes`: each new call of the umpire is spoken (by espeak-ng, through the shell).
    static let speakKey = "badminton.speak"
    /// The language of the umpire's calls (`de`): a shipped table, or the user's `de.calls`.
    static let callsKey = "badminton.calls"

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
        /// `p`: the scoresheet of that match (nil: the one on screen) written to a file.
        case printScoresheet(startedAt: Double?)
        /// Yes to "Change ends now?" (mid-game).
        case swapEnds
        /// Enter on the desk's call to court: its setup dialog.
        case setUpCall
    }

    /// What this copy is to the court's match: its keeper, a copy the shell keeps read-only,
    /// or a watcher (`--watch`, the hall TV, every court). One of them at a time.
    enum Mode: Sendable {
        /// This copy keeps the match: it records, and recovers a damaged journal.
        case keeping
        /// Read-only because the shell says another termini keeps the match (when it goes,
        /// the shell takes the lock for this one, which then keeps it: `reload(.keeper, …)`)
        /// or the lock file is not one: the shell follows the files and reloads this app.
        case followed
        /// `--watch`: following the court's files itself, read-only; `display`: the hall TV
        /// (`--display`), the whole terminal, no frame, no keys shown.
        case watching(display: Bool)
        /// `--watch --all`: every court, a pane each.
        case board(CourtsBoard)
    }

    var log: MatchLog?
    /// The history, read when `h` asks for it (`HistoryShelf`).
    var history = HistoryShelf()
    /// The court this copy keeps or follows (`--court`), and its files.
    var files = CourtFiles.main
    var mode = Mode.keeping
    /// Read-only: this copy does not keep the match (it follows, or watches).
    var watching: Bool {
        if case .keeping = mode { return false }
        return true
    }
    /// `--watch --display`: the hall TV.
    var display: Bool {
        if case .watching(display: true) = mode { return true }
        return false
    }
    /// `--watch --all`: every court, a pane each.
    var board: CourtsBoard? {
        if case .board(let b) = mode { return b }
        return nil
    }
    /// The setup and names forms, the new-match question, the end menu, the history.
    public var modals = ModalStack<Action>()
    var service = ServiceChoice()
    var defaults: SetupDefaults
    /// What recovering the journal read at the start takes (`start` returns it: the keeper's
    /// first effects); empty when it was whole.
    var recovery: [AppEffect] = []
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
    /// The umpire's words (`badminton.calls`), and the languages `L` steps through.
    var calls = CallTable.english
    var languages = Languages()
    /// The hall TV names the court (not with `--no-court` or `badminton.display.court = no`).
    var displayCourt = true
    /// The desk's call to this court, as the court's hall link keeps it (`CourtCallView`).
    var call: CourtCall.Kept?
    /// The app's screen is on view (the shell said `shown`, not yet `hidden`).
    var onView = false
    /// The umpire's step of the call as last saved (`CourtFiles.callUmpire`).
    var umpireSaid: UmpireCallStep?
    /// The config directory, where `p` writes a scoresheet (named to the user); nil: none.
    var directory: String?

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        let options = BadmintonOptions(options)
        files = CourtFiles(court: options.court)
        let reader = CourtReader(store, files: files)
        court = reader.courtName
        speech = PreferenceValue.bool(store.preference(BadmintonApp.speakKey)) ?? false
        displayCourt = !options.noCourt && PreferenceValue.bool(store.preference(BadmintonApp.displayCourtKey)) != false
        (calls, languages) = BadmintonApp.callTable(store)
        sound = context.sound
        defer {
            // A match resumed is not announced again; a new one is (its effects say so).
            if spokenCall == nil, let s = log?.state, !options.new { spokenCall = UmpireCall.text(s, now: context.now, court: court, calls: calls) }
        }
        defaults = SetupDefaults(format: store.preference(BadmintonApp.formatKey), discipline: store.preference(BadmintonApp.disciplineKey),
                                 names: store.preference(BadmintonApp.namesKey), server: store.preference(BadmintonApp.serverKey),
                                 officials: MatchOfficials(event: store.preference(BadmintonApp.eventKey), court: court,
                                                           umpire: store.preference(BadmintonApp.umpireKey),
                                                           serviceJudge: store.preference(BadmintonApp.judgeKey)))
        history.source = StoreSource(store: store)
        directory = store.directory
        mode = BadmintonApp.mode(options, store: store)
        if board != nil { return }
        // Only the index's head, when it covers the history (else the index read or rebuilt).
        history.check(files, keeping: !watching)
        let journal = reader.journal()
        log = journal.log
        if watching {
            if options.new {
                store.notice(store.keeping == .following ? "Not starting a new match: another termini is keeping the match."
                    : "Not starting a new match: \(files.lockFile) cannot be used as a lock, so this copy is read-only.")
            }
            return
        }
        recovery = journal.recovery(glyphs: context.glyphs)
        if options.new { newMatch = BadmintonApp.setup(from: options, defaults: defaults) }
        if log == nil { modals.push(SetupForm(defaults)) }
        if files.court != nil { umpireSaid = UmpireCallStep.parse(store.readBytes(files.callUmpire)) }
        _ = readCall(store)
    }

    /// The mode the options and the shell's lock give: `--watch` (with `--all`, `--display`)
    /// watches; otherwise this copy keeps the match unless another keeps it (the shell took
    /// the keeper's lock, `keeperLock`, before this start) or the lock file is not one.
    static func mode(_ options: BadmintonOptions, store: any StateReader) -> Mode {
        if options.watch {
            return options.all ? .board(CourtsBoard(store: store)) : .watching(display: options.display)
        }
        switch store.keeping {
        case .keeper: return .keeping
        // The store has said why (a lock file that is not one): following, not keeping.
        case .following, .readOnly: return .followed
        }
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        var effects = recovery + history.save(files)
        recovery = []
        if let setup = newMatch {
            newMatch = nil
            modals = ModalStack()
            effects += beginMatch(setup, at: context.now, remember: true)
        }
        return effects
    }

    static func setup(from options: BadmintonOptions, defaults: SetupDefaults) -> MatchSetup {
        let discipline: Discipline = options.doubles ? .doubles : .singles
        // Without --format, 3x21 as --help says (the setup dialog offers the last one chosen).
        let format = options.format.flatMap { try? MatchFormat.parse($0).get() } ?? .standard
        var teams = TeamInfo.defaults(discipline)
        if let n = options.names {
            let parsed = n.split(separator: ",", omittingEmptySubsequences: false).compactMap { TeamInfo.parse(String($0), discipline: discipline) }
            if parsed.count == 2 { teams = parsed }
        } else if defaults.discipline == discipline {
            let parsed = defaults.names.compactMap { TeamInfo.parse($0, discipline: discipline) }
            if parsed.count == 2 { teams = parsed }
        }
        // The match's number and round are its own; the event is the last one unless given.
        var o = defaults.officials
        o = MatchOfficials(event: options.event ?? o.event, court: o.court, umpire: o.umpire, serviceJudge: o.serviceJudge,
                           matchNumber: options.matchNumber, round: options.round)
        return MatchSetup(format: format, discipline: discipline, teams: teams, firstServer: defaults.server, officials: o)
    }

    /// Starts a match: the one before goes to the history (if anything happened in it), the
    /// journal is replaced by the new start event.
    mutating func beginMatch(_ setup: MatchSetup, at now: Double, remember: Bool) -> [AppEffect] {
        var effects: [AppEffect] = []
        if let old = log, old.effective.count > 1 {
            // The store starts it on a line of its own if the file ends inside one.
            effects.append(.append(file: files.history, bytes: HistoryEntry(events: old.effective).line))
            history.added.removeAll { $0.row.startedAt == old.startedAt }
            history.added.append((HistoryRow(old), old.effective))
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

    /// What a key that would add an event to a match holding all it can says.
    static let fullMatch = Message("This match holds all the \(MatchLog.capacity) events a match can: only a retirement (x) is recorded now.",
                                   short: "Match full: only x retires it.")

    /// Records an event: into the log and, when it changed the match, onto the journal.
    mutating func record(_ action: MatchEvent.Action, at now: Double) -> [AppEffect] {
        guard let before = log?.state else { return [] }
        let event = MatchEvent(action, at: now)
        // Taken in place: a copy of the log, changed and put back, would copy its arrays (every
        // event and every state of the match) at each rally, a cost growing with the match.
        guard log?.take(event) == true, let s = log?.state else {
            if log?.isFull == true { message = BadmintonApp.fullMatch }
            return alertBell
        }
        // A choice of server starts afresh only when a new choice begins (the next game, or
        // the serving side changed): a change of ends or of names meanwhile keeps it.
        if s.phase == .choosingService, action != .undo && action != .redo,
           before.phase != .choosingService || before.gameNumber != s.gameNumber || before.server != s.server {
            service = ServiceChoice()
        }
        // The match over: the desk's next call to this court is offered.
        if s.isOver, !before.isOver { offerCall() }
        return [.append(file: files.journal, bytes: event.line)] + speechEffects(at: now)
    }

    /// The interval on screen now, if one runs or counts its overrun (Enter then calls play).
    func visibleInterval(at now: Double) -> Interval? {
        guard let iv = log?.state.interval, iv.timer.isShown(at: now) else { return nil }
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
        case let .retire(t, p): return "retirement of \(p.map { s.teams[t].players[min($0, s.teams[t].players.count - 1)] } ?? s.teams[t].name)"
        case .overrule: return "overrule"
        case .refereeCalled: return "referee called"
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
        case .swapEnds: return swapEnds(context)
        case .setUpCall: return setUpCall()
        case let .card(team, player, card): return giveCard(card, team: team, player: player, at: context.now)
        case let .stop(kind, team, player): return stopPlay(kind, team: team, player: player, at: context.now)
        case .corrections(let list): return applyCorrections(list, at: context.now)
        case .openScoresheet(let t):
            let match = log.flatMap { $0.startedAt == t ? $0 : nil } ?? history.match(startedAt: t, files, keeping: !watching)
            guard let match else { return alertBell }
            modals.push(ScoresheetModal(match, court: court, zone: zone))
            return history.save(files)
        case .printScoresheet(let t): return printScoresheet(startedAt: t)
        }
    }

    /// On view again (F2 from the launcher): a call that came meanwhile is there (its
    /// dialog was put up when it came), and the umpire has it in front of them now.
    public mutating func shown(context: AppContext) -> [AppEffect] {
        onView = true
        return saveUmpireStep()
    }

    public mutating func hidden(context: AppContext) -> [AppEffect] {
        onView = false
        return saveUmpireStep()
    }

    // MARK: Time

    public func nextDeadline(context: AppContext) -> Double? {
        if let board { return board.nextDeadline(at: context.now) }
        // The moment a clock shows one second less (or more): at most one redraw a second,
        // and none once every countdown is over.
        return ((log?.state.timers.compactMap { $0.nextChange(after: context.now) } ?? []) + [callDeadline(at: context.now)].compactMap { $0 }).min()
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
        let options = BadmintonOptions(options)
        return options.watch ? nil : CourtFiles(court: options.court).lockName
    }
    public var keptFiles: [String] { [files.journal, files.history] }
    /// A finished match's history line that the disk refuses is kept and written first once
    /// it can be: the old match is never lost between the history and a new journal.
    public var appendsKeptUntilSaved: [String] { watching || board != nil ? [] : [files.history] }

    /// `--watch` follows the files itself (a copy the shell keeps read-only, through `reload`).
    public var watchedFiles: [String] {
        switch mode {
        case .board(let board): return board.watchedFiles
        case .watching: return keptFiles
        case .keeping, .followed: return []
        }
    }

    public func watches(_ file: String) -> Bool {
        // The keeper hears its hall link keep the desk's call.
        if case .keeping = mode, file == files.call { return true }
        return board != nil ? CourtsBoard.concerns(file) : watchedFiles.contains(file)
    }

    public var fullScreen: Bool { display }

    public mutating func filesChanged(_ names: Set<String>, store: any StateReader, context: AppContext) -> [AppEffect] {
        if case .board(var board) = mode {
            board.reload(store: store, changed: names)
            mode = .board(board)
            return []
        }
        if case .keeping = mode {
            guard names.contains(files.call) else { return [] }
            return readCall(store) + saveUmpireStep()
        }
        return filesChanged(store: store, context: context)
    }

    public mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect] {
        if case .board(var board) = mode {
            board.reload(store: store, changed: nil)
            mode = .board(board)
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
        mode = .keeping
        let journal = CourtReader(store, files: files).journal()
        log = journal.log
        history = HistoryShelf(source: StoreSource(store: store))
        history.check(files, keeping: true)
        message = Message("The termini that kept this match has stopped: this one keeps the match now.", short: "Keeping the match now.")
        return journal.recovery(glyphs: context.glyphs) + history.save(files)
    }

    /// Reads the keeper's journal again (read-only); its history is read when `h` opens it.
    mutating func follow(_ store: any StateReader) {
        let reader = CourtReader(store, files: files)
        if let fresh = reader.journal().log {
            log = fresh
        } else if store.readBytes(files.journal) == nil {
            log = nil
        }
        // A line cut in half while the keeper writes stays unread until the next change.
        history.source = StoreSource(store: store)
        history.index = nil
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
        switch mode {
        case .keeping: return callStatus(context: context)
        case .followed: return "watching"
        case .board: return "read-only · watching".glyphed(context.glyphs)
        case .watching:
            guard let link = hallLink(context) else { return "read-only · watching".glyphed(context.glyphs) }
            // The whole link where the title bar has room for it (the frame's top edge keeps
            // 10 columns besides the title, its key and the status), else its presence only.
            let dot = " \(context.glyphs.middleDot) "
            let room = context.size.width + 2 - DisplayWidth.of(title(context: context)) - 15
            return "watching" + dot + (DisplayWidth.of("watching" + dot + link.text) <= room ? link.text : link.short)
        }
    }

    /// A screen anywhere's court (`--hall URL --watch --court N`): its link as the desk's pane
    /// says it (`hall ● online`, `hall ○ offline`, `hall ◌ online? · not heard for 2 min`), its
    /// presence only (`hall ◌ online?`), and whether that is news to heed: not online, or
    /// online but not heard for a while (not a screen just started, which has not heard the
    /// court yet: it says its presence every 20 s).
    func hallLink(_ context: AppContext) -> (text: String, short: String, warns: Bool)? {
        guard let name = files.court, let link = context.hall?.courts[name] else { return nil }
        let warns = link.online != true || (link.isStale(now: context.now) && link.heardAt != nil) || link.quarantined > 0
        return ("hall " + link.text(now: context.now, unicode: context.unicode), "hall " + link.presence(now: context.now, unicode: context.unicode), warns)
    }

    /// The hall TV: the card on the whole screen; a court followed over the hall whose link is
    /// news (offline, not heard for a while) says so on the bottom row, the card above it.
    func renderDisplay(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        guard let link = hallLink(context), link.warns, rect.height > minimumSize.height else {
            return renderCard(log?.state, court: court, in: rect, on: &canvas, theme: theme, now: context.now)
        }
        renderCard(log?.state, court: court, in: rect.inset(bottom: 1), on: &canvas, theme: theme, now: context.now)
        canvas.fit(link.text, in: rect.row(rect.height - 1), alignment: .center, style: theme[.warning], glyphs: theme.glyphs)
    }

    /// The hall TV draws on any screen with room for the names and a score.
    public var minimumSize: Size { display ? Size(width: 30, height: 6) : Size(width: 40, height: 12) }

    // MARK: Command line

    public static func validate(_ options: AppOptions) -> String? { BadmintonCommands.validate(BadmintonOptions(options)) }
    /// `--court centre` where court `Centre` is kept: refused, since the two would share files
    /// where case is ignored. The directory is listed only when a court is named.
    public static func validate(_ options: AppOptions, against store: any StateReader) -> String? {
        guard let court = BadmintonOptions(options).court, let kept = CourtFiles.caseClash(court, in: store.fileNames()) else { return nil }
        return "court '\(court)' differs only in case from court \(kept), kept here already (where a file system ignores case, "
            + "the two would share their files); use --court \(kept)"
    }

    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        BadmintonCommands.run(BadmintonOptions(options), store: store, context: context)
    }
}
