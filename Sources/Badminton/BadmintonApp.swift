import TerminiCore
import TerminiWidgets
import TerminiApp

/// The courtside scoreboard. The match is an append-only journal of events
/// (`badminton-match.jsonl`, one JSON event per line, appended and fsynced by the shell
/// before the next frame), replayed into a `MatchState`; finished matches move to
/// `badminton-history.jsonl`. A second instance, or `--watch`, follows the journal read-only.
public struct BadmintonApp: MiniApp {
    public static let descriptor = AppDescriptor(
        id: "badminton", name: "Badminton", summary: "Courtside scoreboard with real BWF rules",
        options: [
            OptionSpec("--new", help: "start a new match (the one in progress goes to the history)"),
            OptionSpec("--format", value: "FORMAT", help: "with --new: 3x21 (default), 3x15, 5x11, 1x21 or GxP[cC]"),
            OptionSpec("--doubles", help: "with --new: a doubles match"),
            OptionSpec("--names", value: "A,B", help: "with --new: the two sides, left first; doubles \"A1/A2,B1/B2\""),
            OptionSpec("--watch", help: "follow the match kept by another termini, read-only"),
            OptionSpec("--status", help: "print the match in one line and exit (1 if there is none)"),
            OptionSpec("--json", help: "with --status: print one JSON object instead"),
            OptionSpec("--export", value: "csv|json", help: "print every match, every rally with its time, and exit"),
            OptionSpec("--scoresheet", value: "N", optional: true,
                       help: "print match N's scoresheet as a printable HTML page (1 = the oldest; default: the current match)"),
            OptionSpec("--output", value: "FILE", help: "with --scoresheet: write the page to FILE instead (- for stdout)"),
        ])

    public static let journalFile = "badminton-match.jsonl"
    public static let historyFile = "badminton-history.jsonl"
    static let lockName = "badminton"
    static let formatKey = "badminton.format", disciplineKey = "badminton.discipline", namesKey = "badminton.names"
    /// The side that served first last time: `left` or `right` (the side named first is on the left).
    static let serverKey = "badminton.server"
    /// The court's name or number, for the umpire's "Court 3, 20 seconds".
    static let courtKey = "badminton.court"
    /// `yes`: each new call of the umpire is spoken (by espeak-ng, through the shell).
    static let speakKey = "badminton.speak"

    enum Overlay: Equatable {
        case setup(SetupForm)
        case confirmNew(Dialog)
        case names(NamesForm)
        case history(scroll: Int)
        case endMenu(EndMenu)
    }

    var log: MatchLog?
    var history: [PastMatch] = []
    /// The history file ends inside a line (cut short, or damaged): the next match appended
    /// must start on a line of its own, or it would be glued to the broken one and lost.
    var historyEndsMidLine = false
    /// Read-only: following a journal another process keeps.
    var watching = false
    var overlay: Overlay?
    var service = ServiceChoice()
    var defaults: SetupDefaults
    var startEffects: [AppEffect] = []
    var clock: Double
    var unicode: Bool
    /// The bell for a refused key or an interval's last seconds, unless `sound = no`.
    let alertBell: [AppEffect]
    /// One line about what the last key did ("Undone: point to Red"), until the next key.
    var message: Message?
    /// The moment up to which the clocks' bells have been heard (the last tick).
    var alertsHeardUntil: Double?
    /// Where the history's times are shown in local time (tests pin an offset).
    var zone = LocalZone.system
    /// The court's name, for the calls.
    var court: String?
    /// Whether the calls are spoken (`badminton.speak`), and the last call heard.
    var speech = false
    var spokenCall: String?

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        clock = context.now
        unicode = context.unicode
        alertBell = SoundPreference(store: store).alertBell
        court = store.preference(BadmintonApp.courtKey).map(TextLayout.sanitizedName).flatMap { $0.isEmpty ? nil : $0 }
        speech = PreferenceValue.bool(store.preference(BadmintonApp.speakKey)) ?? false
        defer {
            // A match resumed is not announced again; a new one is (its effects say so).
            if spokenCall == nil, let s = log?.state, !options.flag("--new") { spokenCall = UmpireCall.text(s, now: context.now, court: court) }
        }
        defaults = SetupDefaults(format: store.preference(BadmintonApp.formatKey), discipline: store.preference(BadmintonApp.disciplineKey),
                                 names: store.preference(BadmintonApp.namesKey), server: store.preference(BadmintonApp.serverKey))
        (history, historyEndsMidLine) = BadmintonApp.readHistoryFile(store)
        if options.flag("--watch") {
            watching = true
        } else if !store.lock(BadmintonApp.lockName) {
            watching = true
            store.notice("Another termini is keeping this match: this one is read-only and follows it live.")
        }
        if watching {
            log = BadmintonApp.readJournal(store, recover: false)
            if options.flag("--new") { store.notice("Not starting a new match: another termini is keeping the match.") }
            return
        }
        log = BadmintonApp.readJournal(store, recover: true, unicode: context.unicode, effects: &startEffects)
        if options.flag("--new") {
            let setup = BadmintonApp.setup(from: options, defaults: defaults)
            startEffects += beginMatch(setup, at: context.now, remember: true)
        } else if log == nil {
            overlay = .setup(SetupForm(defaults))
        }
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        defer { startEffects = [] }
        return startEffects
    }

    // MARK: Files

    /// The journal's match; with `recover`, a damaged journal is kept aside, the user told how
    /// many events were recovered, and a clean journal written back (`effects`).
    static func readJournal(_ store: any StateReader, recover: Bool) -> MatchLog? {
        var ignored: [AppEffect] = []
        return readJournal(store, recover: recover, effects: &ignored)
    }

    static func readJournal(_ store: any StateReader, recover: Bool, unicode: Bool = true, effects: inout [AppEffect]) -> MatchLog? {
        guard let bytes = store.readBytes(journalFile), !bytes.isEmpty else { return nil }
        let contents = JournalContents.read(bytes)
        let log = MatchLog(records: contents.events)
        guard recover else { return log }
        if contents.damaged || (log == nil && !contents.events.isEmpty) {
            let n = log?.records.count ?? 0
            store.keepAside(journalFile, reason: "The match journal was damaged after \(n) event\(n == 1 ? "" : "s")")
            if let log {
                store.notice("Recovered \(n) event\(n == 1 ? "" : "s") of the match from the damaged journal: \(MatchReport.statusLine(log.state, now: 0))."
                    .glyphed(unicode ? .unicode : .ascii))
            } else {
                store.notice("No event of the match could be recovered from the damaged journal.")
            }
        }
        if let log, contents.needsRewrite {
            effects.append(.write(file: journalFile, bytes: JournalContents.bytes(of: log.records)))
        }
        return log
    }

    static func readHistory(_ store: any StateReader) -> [PastMatch] { readHistoryFile(store).matches }

    static func readHistoryFile(_ store: any StateReader) -> (matches: [PastMatch], endsMidLine: Bool) {
        guard let bytes = store.readBytes(historyFile) else { return ([], false) }
        let (matches, damaged) = HistoryEntry.read(bytes, keep: PastMatch.init)
        if damaged > 0 { store.notice("\(damaged) damaged line\(damaged == 1 ? "" : "s") of the match history could not be read.") }
        return (matches, bytes.last.map { $0 != 0x0a } ?? false)
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
        return MatchSetup(format: format, discipline: discipline, teams: teams, firstServer: defaults.server)
    }

    /// Starts a match: the one before goes to the history (if anything happened in it), the
    /// journal is replaced by the new start event.
    mutating func beginMatch(_ setup: MatchSetup, at now: Double, remember: Bool) -> [AppEffect] {
        var effects: [AppEffect] = []
        if let old = log, old.effective.count > 1 {
            effects.append(.append(file: BadmintonApp.historyFile, bytes: (historyEndsMidLine ? [0x0a] : []) + HistoryEntry(events: old.effective).line))
            historyEndsMidLine = false
            history.removeAll { $0.startedAt == old.startedAt }
            history.append(PastMatch(old))
        }
        let new = MatchLog(setup: setup, at: now)
        log = new
        effects.append(.write(file: BadmintonApp.journalFile, bytes: JournalContents.bytes(of: new.records)))
        if remember {
            effects.append(.setPreference(key: BadmintonApp.formatKey, value: setup.format.description))
            effects.append(.setPreference(key: BadmintonApp.disciplineKey, value: setup.discipline.rawValue))
            effects.append(.setPreference(key: BadmintonApp.namesKey, value: setup.teams.map(\.entry).joined(separator: ",")))
            effects.append(.setPreference(key: BadmintonApp.serverKey, value: SetupDefaults.serverWords[setup.firstServer]))
            defaults = SetupDefaults(format: setup.format.description, discipline: setup.discipline.rawValue,
                                     names: setup.teams.map(\.entry).joined(separator: ","), server: SetupDefaults.serverWords[setup.firstServer])
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
        guard var l = log else { return [] }
        let event = MatchEvent(action, at: now)
        clock = now
        let before = l.state
        guard l.take(event) else { return alertBell }
        log = l
        // A choice of server starts afresh only when a new choice begins (the next game, or
        // the serving side changed): a change of ends or of names meanwhile keeps it.
        let s = l.state
        if s.phase == .choosingService, action != .undo && action != .redo,
           before.phase != .choosingService || before.gameNumber != s.gameNumber || before.server != s.server {
            service = ServiceChoice()
        }
        return [.append(file: BadmintonApp.journalFile, bytes: event.line)] + speechEffects(at: now)
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

    public var wantsAllKeys: Bool { overlay != nil }

    enum Command {
        case pointLeft, pointRight, undo, redo, swap, confirm, new, names, history, end
    }

    static func command(for key: Key) -> Command? {
        switch key {
        case .left, .char("a"), .char("z"), .pageUp: return .pointLeft
        case .right, .char("l"), .char("m"), .pageDown: return .pointRight
        case .char("u"), .backspace: return .undo
        case .char("y"), .ctrl("r"): return .redo
        case .char("s"): return .swap
        case .enter: return .confirm
        case .char("n"): return .new
        case .char("e"): return .names
        case .char("h"): return .history
        case .char("x"): return .end
        default: return nil
        }
    }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        clock = context.now
        message = nil
        if let o = overlay { return handleOverlay(o, key, now: context.now) }
        let command = BadmintonApp.command(for: key)
        if command == .history {
            overlay = .history(scroll: 0)
            return []
        }
        if watching {
            if command != nil { message = Message("Read-only: another termini keeps this match.", short: "Read-only.") }
            return []
        }
        guard let l = log else {
            if command == .new || command == .confirm { overlay = .setup(SetupForm(defaults)) }
            return []
        }
        let s = l.state
        if s.phase == .choosingService, service.handle(key) { return [] }
        guard let command else { return [] }
        switch command {
        case .pointLeft, .pointRight:
            switch s.phase {
            case .playing:
                let team = command == .pointLeft ? s.left : s.right
                return record(.point(team: team), at: context.now)
            case .gameOver, .matchOver:
                break  // the prompt line already says what Enter or n does
            case .choosingService:
                message = Message("Choose who serves first (1-4), then Enter.", short: "Choose the server first.")
            }
            return alertBell
        case .undo:
            guard let last = l.lastEffective else {
                message = Message("Nothing to undo.")
                return alertBell
            }
            let effects = record(.undo, at: context.now)
            message = Message("Undone: \(BadmintonApp.describe(last.action, s)).", short: "Undone.")
            return effects
        case .redo:
            guard l.canRedo else {
                message = Message("Nothing to redo.")
                return alertBell
            }
            let effects = record(.redo, at: context.now)
            if let e = log?.effective.last, let st = log?.state {
                message = Message("Redone: \(BadmintonApp.describe(e.action, st)).", short: "Redone.")
            }
            return effects
        case .swap:
            message = Message("Ends changed by hand.")
            return record(.swapEnds, at: context.now)
        case .confirm:
            switch s.phase {
            case .gameOver: return record(.nextGame, at: context.now)
            case .choosingService:
                return record(.service(team: s.server, server: service.server, receiver: service.receiver), at: context.now)
            default:
                if visibleInterval(at: context.now) != nil {
                    return record(.endInterval, at: context.now)
                }
                return []
            }
        case .new:
            if s.hasRallies && !s.isOver {
                // Yes and No first, as every confirmation: y and n answer it.
                overlay = .confirmNew(Dialog.confirm(title: "New match?",
                    message: "The match in progress (\(MatchReport.statusLine(s, now: context.now))) goes to the history, unfinished."
                        .glyphed(unicode ? .unicode : .ascii),
                    yes: "Yes, new match", no: "No, keep playing"))
            } else {
                overlay = .setup(SetupForm(defaults))
            }
            return []
        case .names:
            overlay = .names(NamesForm(teams: s.teams, discipline: s.discipline, left: s.left))
            return []
        case .end:
            if s.isOver {
                message = Message("The match is already over (u undoes its end).", short: "The match is over.")
                return alertBell
            }
            overlay = .endMenu(EndMenu(state: s))
            return []
        case .history:
            return []
        }
    }

    mutating func handleOverlay(_ o: Overlay, _ key: Key, now: Double) -> [AppEffect] {
        switch o {
        case .setup(var form):
            switch form.handle(key) {
            case .cancel?:
                overlay = nil
            case .start(let setup)?:
                overlay = nil
                return beginMatch(setup, at: now, remember: true)
            case nil:
                overlay = .setup(form)
            }
        case .confirmNew(var d):
            switch d.handle(key) {
            case .chose(0)?: overlay = .setup(SetupForm(defaults))
            case .chose?, .cancelled?: overlay = nil
            case nil: overlay = .confirmNew(d)
            }
        case .names(var form):
            switch form.handle(key) {
            case .cancel?: overlay = nil
            case .save(let teams)?:
                overlay = nil
                if teams != log?.state.teams {
                    message = Message("Names changed.")
                    return record(.names(teams), at: now)
                }
            case nil: overlay = .names(form)
            }
        case .history(let scroll):
            switch key {
            case .up, .char("k"): overlay = .history(scroll: max(0, scroll - 1))
            case .down, .char("j"): overlay = .history(scroll: scroll + 1)
            case .pageUp: overlay = .history(scroll: max(0, scroll - 10))
            case .pageDown: overlay = .history(scroll: scroll + 10)
            default: overlay = nil
            }
        case .endMenu(var menu):
            switch menu.handle(key) {
            case .cancel?: overlay = nil
            case .choose(let action)?:
                overlay = nil
                return record(action, at: now)
            case .refused?:
                overlay = .endMenu(menu)
                return alertBell
            case nil: overlay = .endMenu(menu)
            }
        }
        return []
    }

    // MARK: Time

    public var nextDeadline: Double? {
        // The moment a clock shows one second less (or more): at most one redraw a second,
        // and none once every countdown is over.
        log?.state.timers.compactMap { $0.nextChange(after: clock) }.min()
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        clock = context.now
        let heard = alertsHeardUntil ?? context.now
        alertsHeardUntil = context.now
        guard !watching, let s = log?.state else { return [] }
        // The umpire's "20 seconds" and "Ready to play" calls, and the end of a countdown.
        let bell = s.timers.contains { $0.alerts(after: heard, upTo: context.now) } ? alertBell : []
        return bell + speechEffects(at: context.now)
    }

    // MARK: Watching

    public var watchedFiles: [String] { watching ? [BadmintonApp.journalFile, BadmintonApp.historyFile] : [] }

    public mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect] {
        clock = context.now
        guard watching else { return [] }
        if let fresh = BadmintonApp.readJournal(store, recover: false) {
            log = fresh
        } else if store.readBytes(BadmintonApp.journalFile) == nil {
            log = nil
        }
        // A line cut in half while the keeper writes stays unread until the next change.
        history = BadmintonApp.readHistory(store)
        return []
    }

    // MARK: Chrome

    public var title: String {
        guard let s = log?.state else { return "Badminton" }
        return "Badminton · \(s.format) · game \(s.gameNumber)".glyphed(unicode ? .unicode : .ascii)
    }

    public var status: String? { watching ? "read-only · watching".glyphed(unicode ? .unicode : .ascii) : nil }

    public var minimumSize: Size { Size(width: 40, height: 12) }

    public var hints: [KeyHint] {
        let pointKeys = unicode ? "←/→" : "a/l"
        if let overlay { return hints(for: overlay) }
        if watching { return [KeyHint("h", "History")] }
        guard let s = log?.state else { return [KeyHint("n", "New match"), KeyHint("h", "History")] }
        switch s.phase {
        case .choosingService:
            return [KeyHint("1 2", "Server"), KeyHint("3 4", "Receiver"), KeyHint("Enter", "Play"), KeyHint("u", "Undo"), KeyHint("e", "Names"),
                    KeyHint("n", "New")]
        case .gameOver:
            return [KeyHint("Enter", "Next game"), KeyHint("u", "Undo"), KeyHint("s", "Swap"), KeyHint("n", "New"), KeyHint("x", "End")]
        case .matchOver:
            return [KeyHint("n", "New match"), KeyHint("u", "Undo"), KeyHint("h", "History"), KeyHint("e", "Names")]
        case .playing:
            if visibleInterval(at: clock) != nil {
                return [KeyHint("Enter", "End interval"), KeyHint(pointKeys, "Point"), KeyHint("u", "Undo"), KeyHint("s", "Swap")]
            }
            return [KeyHint(pointKeys, "Point"), KeyHint("u", "Undo"), KeyHint("y", "Redo"), KeyHint("s", "Swap"),
                    KeyHint("n", "New"), KeyHint("x", "End")]
        }
    }

    /// The keys of a dialog: the shell shows these alone while the dialog has every key.
    func hints(for overlay: Overlay) -> [KeyHint] {
        let change = unicode ? "←→" : "Left/Right"
        let move = unicode ? "↑↓" : "Up/Down"
        switch overlay {
        case .setup(let form):
            let middle: [KeyHint]
            switch form.focus {
            case .format: middle = [KeyHint(change, "Format")]
            case .discipline, .server: middle = [KeyHint(change, "Change")]
            case .side0, .side1: middle = [KeyHint("Ctrl-U", "Clear")]
            }
            return [KeyHint("Tab", "Next")] + middle + [KeyHint("Enter", "Start"), KeyHint("Esc", "Cancel")]
        case .confirmNew:
            return [KeyHint("y", "New match"), KeyHint("n", "Keep playing"), KeyHint("Esc", "Cancel")]
        case .names:
            return [KeyHint("Tab", "Next"), KeyHint("Ctrl-U", "Clear"), KeyHint("Enter", "Save"), KeyHint("Esc", "Cancel")]
        case .history:
            return [KeyHint(move, "Scroll"), KeyHint("Esc", "Close")]
        case .endMenu:
            return [KeyHint("1-4", "Choose"), KeyHint(move, "Move"), KeyHint("Enter", "End match"), KeyHint("Esc", "Cancel")]
        }
    }

    public var help: [HelpSection] {
        let l = unicode ? "← a z PgUp" : "Left a z PgUp"
        let r = unicode ? "→ l m PgDn" : "Right l m PgDn"
        let ud = unicode ? "↑ ↓" : "Up Down"
        let lr = unicode ? "← →" : "Left Right"
        return [
            HelpSection("Scoring", [
                (l, "point to the side on the left half"),
                (r, "point to the side on the right half"),
                ("u Backspace", "undo (unlimited, across games)"),
                ("y Ctrl-R", "redo"),
                ("s", "swap ends by hand"),
                ("Enter", "next game, end the interval, start play"),
            ]),
            HelpSection("Match", [
                ("n", "new match: format, singles/doubles, names, server"),
                ("e", "edit the names"),
                ("h", "history, abandoned matches marked (\(ud) PgUp PgDn)"),
                ("x", "end the match: retirement, walkover (1-4)"),
                ("q", "quit; the match resumes on the next start"),
            ]),
            HelpSection("Doubles, start of a game", [
                ("1 2  3 4", "who serves, who receives"),
                ("\(ud) Space", "move between the rows, switch"),
                ("Enter", "accept and play"),
            ]),
            HelpSection("Dialogs", [
                ("Tab Shift-Tab", "next, previous field (also \(ud))"),
                (lr, "change a choice; cycle 3x21 3x15 5x11 1x21"),
                ("typing", "replaces a highlighted name or format"),
                ("\(lr) Home End", "move in a name; Backspace Delete edit"),
                ("Ctrl-U", "clear a name"),
                ("y n", "answer yes or no"),
                ("Enter Esc", "confirm, cancel"),
            ]),
        ]
    }

    // MARK: Command line

    public static func validate(_ options: AppOptions) -> String? {
        let modes = ["--new", "--watch", "--status", "--export", "--scoresheet"].filter { options.flag($0) }
        if modes.count > 1 { return "use only one of \(modes.joined(separator: ", "))" }
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

    /// A match number as typed: 1 and up, digits only.
    static func scoresheetNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), n >= 1 else { return nil }
        return n
    }

    /// Every match kept, as `--export` numbers them: the history oldest first, then the match
    /// in progress when it is not the history's last (or has gone on since).
    static func allMatches(_ store: any StateReader) -> (matches: [MatchLog], current: MatchLog?) {
        var matches = HistoryEntry.readAll(store.readBytes(historyFile) ?? []).matches
        let current = readJournal(store, recover: false)
        if let current, !matches.contains(where: { $0.startedAt == current.startedAt }) || current.effective.count > 1 {
            matches.removeAll { $0.startedAt == current.startedAt }
            matches.append(current)
        }
        return (matches, current)
    }

    static let noMatchYet = "termini: no badminton match yet (start one: termini badminton --new)\n"

    /// `--scoresheet [N] [--output FILE]`: read-only, the page to stdout or for FILE.
    static func scoresheetCommand(_ options: AppOptions, store: any StateReader) -> CommandOutput {
        let (matches, current) = allMatches(store)
        guard !matches.isEmpty else { return CommandOutput(stderr: noMatchYet, status: 1) }
        let log: MatchLog
        if let n = options.value("--scoresheet").flatMap(scoresheetNumber) {
            guard n <= matches.count else {
                return CommandOutput(stderr: "termini: no match \(n): there \(matches.count == 1 ? "is 1" : "are \(matches.count)") "
                    + "(1 is the oldest; termini badminton --export csv lists them)\n", status: 1)
            }
            log = matches[n - 1]
        } else if let current, current.effective.count == 1,
                  let played = matches.last(where: { $0.startedAt != current.startedAt }) {
            // The match in progress has nothing on it yet: the last one played.
            log = played
        } else {
            log = current ?? matches[matches.count - 1]
        }
        let court = store.preference(BadmintonApp.courtKey)
        let html = ScoresheetHTML.render(Scoresheet(log, court: court))
        if let path = options.value("--output"), path != "-" {
            return CommandOutput(file: CommandFile(path: path, bytes: Array(html.utf8)))
        }
        return CommandOutput(stdout: html)
    }

    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        if options.flag("--scoresheet") { return scoresheetCommand(options, store: store) }
        if options.flag("--status") {
            guard let log = readJournal(store, recover: false) else {
                return CommandOutput(stderr: noMatchYet, status: 1)
            }
            let s = log.state
            let text = options.flag("--json") ? MatchReport.statusJSON(s, now: context.now, court: store.preference(BadmintonApp.courtKey))
                : MatchReport.statusLine(s, now: context.now)
            return CommandOutput(stdout: text + "\n")
        }
        if let f = options.value("--export").flatMap(MatchReport.ExportFormat.init(rawValue:)) {
            let matches = allMatches(store).matches
            guard !matches.isEmpty else {
                return CommandOutput(stderr: "termini: no badminton matches to export\n", status: 1)
            }
            return CommandOutput(stdout: MatchReport.export(matches, as: f))
        }
        return nil
    }
}
