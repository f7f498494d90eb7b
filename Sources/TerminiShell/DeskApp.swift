import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiStore
import TerminiDesk
import TerminiHall
import BadmintonRules
import Badminton

/// `termini desk --hall URL --matches FILE.csv`: the desk's screen. Three panes:
/// the queue (matches not called, each player's rest, a mark for one still on court), the
/// courts (who plays, the live score from the recorded copies, the link, the clocks, the
/// cards, the call's warm-up) and the finished matches. Pick a match, pick a court, Enter
/// calls it. Every change is `desk.json` replaced before the screen shows it (the store's
/// save path), and the hall hears of a call from that save (`HallService`), never before.
/// Not an app of the launcher: opened only by `termini desk`.
public struct DeskApp: KeyedApp {
    public static var descriptor: AppDescriptor { DeskCommand.descriptor }

    public enum Pane: Int, Sendable, CaseIterable { case queue, courts, finished }

    public enum Action: Sendable, Equatable {
        /// Call although the desk asked (rest, not_before): the questions answered so far.
        case callAnyway(match: String, court: String, confirmed: Set<CallQuestion>)
        case withdraw(String)
        case walkover(String, absent: Int)
        case retired(String, team: Int)
    }

    public private(set) var desk: DeskState {
        didSet { (players, queue) = (DeskPlayers(desk), desk.queue) }
    }
    /// What every frame reads of the state (each player's call and rest, the queue), made again
    /// only when the state changes: made in each frame it cost a third of the frame's
    /// instructions at 64 courts (callgrind, scripts/bench --only desk).
    private(set) var players = DeskPlayers(DeskState())
    private(set) var queue: [DeskMatch] = []
    /// The courts' histories' matches since their calls, as last read (`HistoryTail.Since`).
    let historyMemo = Memo<HistoryTail.Since, [MatchLog]>(capacity: 256)
    public var modals = ModalStack<Action>()
    public private(set) var focus: Pane = .queue
    public private(set) var picked = (queue: 0, court: 0, finished: 0)
    /// The recorded copy of each court's match now (its journal), by court name.
    var logs: [String: MatchLog] = [:]
    /// The courts kept in the directory (recorded copies).
    var recorded: [String] = []
    /// The courts of the hall as configured (`desk.courts = 8`: courts 1 to 8).
    let configured: [String]
    /// `desk.rest`: the minimum rest between a player's matches.
    let rest: Double
    /// `desk.late`: a call not begun after this is highlighted.
    let late: Double
    /// What the start has to say (the matches file read: what changed, its bad lines).
    var startNotices: [String] = []
    /// The state as read from `desk.json`, to know whether the start changed it.
    let saved: DeskState
    /// The hall's calls language (`badminton.calls`): the call to court is said in it.
    let calls: CallTable

    public static let restKey = "desk.rest", lateKey = "desk.late", courtsKey = "desk.courts"
    public static let defaultLate = 10.0 * 60

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        let (loaded, damaged) = DeskFile.loadSaying(from: store)
        var d = loaded
        saved = d
        if damaged {
            // Before anything else: the desk starts over and must not call a played match again.
            modals.push(DialogModal.alert(title: "desk.json could not be read",
                                          message: "desk.json could not be read: it is kept aside (desk.json.corrupt-…, beside it) and the desk starts over "
                                              + "from the matches file. Matches played on the courts come back to Finished from their copies; check "
                                              + "Finished before calling a match again.", role: .danger))
        }
        calls = BadmintonApp.hallCalls(store)
        rest = store.preference(DeskApp.restKey).flatMap(DeskDuration.parse) ?? DeskState.defaultRest
        late = store.preference(DeskApp.lateKey).flatMap(DeskDuration.parse) ?? DeskApp.defaultLate
        configured = store.preference(DeskApp.courtsKey).flatMap { Int(TextLayout.sanitized($0).split(separator: " ").first ?? "") }.map { n in (0..<min(max(n, 0), 99)).map { String($0 + 1) } } ?? []
        if let path = DeskOptions(options).matches {
            switch DeskMatches.read(path) {
            case .failure(let why): startNotices.append(why.text)
            case .success(let read):
                let merge = d.merge(read.matches)
                startNotices.append(merge.summary)
                startNotices += read.problems.prefix(20).map { "\(DeskMatches.shortName(path)) \($0)" }
                if read.problems.count > 20 { startNotices.append("\(read.problems.count - 20) more bad lines") }
            }
        }
        desk = d
        readCourts(store)
        (players, queue) = (DeskPlayers(desk), desk.queue)
    }

    /// The courts' recorded copies read again; what they say of the calls taken (a match begun,
    /// a result in).
    /// `changed`: the files that changed (only their courts are read again); nil: all.
    mutating func readCourts(_ store: any StateReader, changed: Set<String>? = nil) {
        recorded = CourtFiles.courts(in: store.fileNames()).compactMap(\.court)
        let again = changed.map { names in Set(names.compactMap(CourtFiles.court(ofFile:))) }
        for c in recorded where again?.contains(c) ?? true {
            logs[c] = nil
            if let bytes = store.readBytes(CourtFiles(court: c).journal), let log = MatchLog(records: JournalContents.read(bytes).events) {
                logs[c] = log
            }
        }
        // Assigned only when the copies changed it: each assignment makes again what the frames read.
        var d = desk
        d.takeCourtCopies(store, courts: again, memo: historyMemo)
        if d != desk { desk = d }
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        let notices = startNotices.map { AppEffect.notice(TextLayout.sanitized($0)) }
        startNotices = []
        return notices + saveIfChanged(from: saved)
    }

    /// `desk.json` replaced when the state differs from `before`.
    func saveIfChanged(from before: DeskState) -> [AppEffect] {
        guard desk != before else { return [] }
        switch StateCodec.encode(desk, version: DeskFile.version) {
        case .success(let bytes): return [.write(file: DeskFile.name, bytes: bytes)]
        case .failure(let e): return [.notice("desk.json could not be made: \(e)")]
        }
    }

    // MARK: Files

    public var keptFiles: [String] { [DeskFile.name] }
    public var watchedFiles: [String] { [DeskFile.name] + recorded.map { CourtFiles(court: $0).journal } }
    public func watches(_ file: String) -> Bool { file == DeskFile.name || CourtFiles.court(ofFile: file) != nil }

    public mutating func filesChanged(_ names: Set<String>, store: any StateReader, context: AppContext) -> [AppEffect] {
        let before = desk
        readCourts(store, changed: names.contains(DeskFile.name) ? nil : names)
        let new = desk.results.filter { r in before.result(of: r.number) == nil }
        return saveIfChanged(from: before) + new.map { .notice("Match \($0.number) finished: \(DeskView.resultLine($0))") }
    }

    public mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect] {
        desk = DeskFile.load(from: store)
        readCourts(store)
        return []
    }

    // MARK: Courts

    /// Every court the desk knows: configured, heard on the hall, recorded here, or called to.
    func courts(_ context: AppContext) -> [String] {
        let all = Set(configured + recorded + Array(context.hall?.courts.keys ?? [:].keys) + desk.calls.map(\.court))
        // Each name's number read once (not at every comparison: the courts are sorted in each frame).
        return all.map { (Int($0), $0) }.sorted { a, b in
            switch (a.0, b.0) {
            case let (x?, y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.1 < b.1
            }
        }.map(\.1)
    }

    var pickedMatch: DeskMatch? {
        let q = queue
        return q.indices.contains(picked.queue) ? q[picked.queue] : nil
    }

    func pickedCourt(_ context: AppContext) -> String? {
        let cs = courts(context)
        return cs.indices.contains(picked.court) ? cs[picked.court] : nil
    }

    /// The match on a court as the desk sees it: its call (current), else nothing.
    func callOn(_ court: String) -> DeskCall? { players.current(on: court) }

    // MARK: Calls

    /// The local minute of the day, for `not_before`.
    static func localMinute(_ now: Double) -> Int {
        let t = Int(now) + LocalZone.system.offset(at: now)
        return ((t % 86_400 + 86_400) % 86_400) / 60
    }

    mutating func call(confirmed: Set<CallQuestion>, context: AppContext) -> [AppEffect] {
        guard let m = pickedMatch else { return [.notice("No match picked: the queue is empty.")] }
        guard let court = pickedCourt(context) else { return [.notice("No court to call to: none is known yet (desk.courts = N in the config).")] }
        return call(m.number, court: court, confirmed: confirmed, context: context)
    }

    mutating func call(_ number: String, court: String, confirmed: Set<CallQuestion>, context: AppContext) -> [AppEffect] {
        let before = desk
        switch desk.call(number, court: court, at: context.now, rest: rest, localMinute: DeskApp.localMinute(context.now), confirmed: confirmed) {
        case .refused(let why):
            return [.notice("Not called: \(TextLayout.sanitized(why)).")] + context.sound.alertBell
        case let .ask(asked, question):
            // Yes to this question asks the next one, if any: every one is asked in turn.
            modals.push(DialogModal.confirm(title: "Call match \(number)?", message: TextLayout.sanitized(question), yes: "call",
                                            action: Action.callAnyway(match: number, court: court, confirmed: confirmed.union([asked]))))
            return []
        case .called(let c):
            picked.queue = min(picked.queue, max(0, queue.count - 1))
            var out = saveIfChanged(from: before)
            // Without its link the desk has saved the call; it goes to the hall when the link is back.
            let offline = context.hall?.link?.state == .offline
            out.append(.notice("Match \(number) called to court \(court)" + (c.next ? " as its next match" : "")
                               + (offline ? ": saved, sent when the hall is back." : ".")))
            if let m = desk.match(number), context.sound.alerts && context.speechAvailable { out.append(.speak(UmpireCall.spoken(DeskAnnouncement.text(m, court: court, calls: calls)), voice: calls.voice)) }
            return out
        }
    }

    mutating func askWithdraw(_ context: AppContext) -> [AppEffect] {
        guard let court = pickedCourt(context), let c = desk.next(on: court) ?? callOn(court) else { return [.notice("No call on that court to withdraw.")] }
        modals.push(DialogModal.confirm(title: "Withdraw", message: "Take match \(c.match) back from court \(court) to the queue?",
                                        yes: "withdraw", action: Action.withdraw(c.match)))
        return []
    }

    /// The match the walkover or retirement keys are about: the picked court's call on the
    /// courts pane, else the picked match of the queue.
    func markedMatch(_ context: AppContext) -> String? {
        if focus == .courts { return pickedCourt(context).flatMap { callOn($0)?.match } }
        return pickedMatch?.number
    }

    mutating func askEnding(retired: Bool, _ context: AppContext) -> [AppEffect] {
        guard let n = markedMatch(context), let m = desk.match(n) else { return [.notice("Pick a match (queue) or a court's match first.")] }
        // A match in play on a court the desk hears is its umpire's to end: a result marked
        // here while the court plays on would leave two records that disagree.
        if retired, let c = desk.call(of: n), c.startedAt != nil, logs[c.court]?.state.isOver == false,
           let link = context.hall?.courts[c.court], link.online == true, !link.isStale(now: context.now) {
            return [.notice("Match \(n) is in play on court \(c.court): its umpire records a retirement there (x), and the result comes from the court.")]
        }
        let title = retired ? "Retired: match \(n)" : "Walkover: match \(n)"
        let question = retired ? "Which side retired?" : "Which side did not come?"
        // The sides in the message, which wraps: buttons in a row would cut long doubles names
        // and Cancel with them.
        let names = m.teams.map { TextLayout.sanitized($0.label) }
        let actions: [Action?] = retired ? [.retired(n, team: 0), .retired(n, team: 1), nil] : [.walkover(n, absent: 0), .walkover(n, absent: 1), nil]
        modals.push(DialogModal(Dialog(title: title, message: question + "\n\n1  " + names[0] + "\n2  " + names[1],
                                       buttons: ["Side 1", "Side 2", "Cancel"], focused: 2),
                                actions: actions, numberKeys: true,
                                hints: [KeyHint("1-2", "Side"), KeyHint("Enter", "Choose"), KeyHint("Esc", "Cancel")]))
        return []
    }

    public mutating func perform(_ action: Action, context: AppContext) -> [AppEffect] {
        let before = desk
        switch action {
        case let .callAnyway(n, court, confirmed):
            return call(n, court: court, confirmed: confirmed, context: context)
        case .withdraw(let n):
            switch desk.withdraw(n) {
            case .failure(let why): return [.notice("Not withdrawn: \(why).")]
            case .success(let c): return saveIfChanged(from: before) + [.notice("Match \(n) withdrawn from court \(c.court): back in the queue.")]
            }
        case let .walkover(n, absent):
            switch desk.walkover(n, absent: absent, at: context.now) {
            case .failure(let why): return [.notice("Not marked: \(why).")]
            case .success: return saveIfChanged(from: before) + [.notice("Match \(n): walkover.")]
            }
        case let .retired(n, team):
            let state = desk.call(of: n).flatMap { logs[$0.court]?.state }
            switch desk.retired(n, team: team, state: state, at: context.now) {
            case .failure(let why): return [.notice("Not marked: \(why).")]
            case .success: return saveIfChanged(from: before) + [.notice("Match \(n): retired.")]
            }
        }
    }

    // MARK: Moving

    mutating func move(_ delta: Int, context: AppContext) {
        switch focus {
        case .queue: picked.queue = DeskApp.clamp(picked.queue + delta, count: queue.count)
        case .courts: picked.court = DeskApp.clamp(picked.court + delta, count: courts(context).count)
        case .finished: picked.finished = DeskApp.clamp(picked.finished + delta, count: desk.results.count)
        }
    }

    static func clamp(_ i: Int, count: Int) -> Int { max(0, min(i, count - 1)) }

    mutating func cycle(_ delta: Int) {
        let n = Pane.allCases.count
        focus = Pane(rawValue: ((focus.rawValue + delta) % n + n) % n) ?? .queue
    }

    /// Enter: on the queue, on to the courts; on the courts, the call.
    mutating func enter(_ context: AppContext) -> [AppEffect] {
        switch focus {
        case .queue:
            focus = .courts
            if let free = courts(context).firstIndex(where: { callOn($0) == nil && desk.next(on: $0) == nil }) { picked.court = free }
            return []
        case .courts: return call(confirmed: [], context: context)
        case .finished: return []
        }
    }

    // MARK: Keys

    public var keys: AppKeys<DeskApp> { DeskApp.keyTable }

    static let keyTable: AppKeys<DeskApp> = {
        let bindings: [AppBinding<DeskApp>] = [
            Binding([.up, .down], hint: .init("Pick", keys: [.up, .down]), "pick a match, a court or a result in the pane in focus") { app, key, ctx in
                app.move(key == .up ? -1 : 1, context: ctx)
                return []
            },
            Binding([.tab, .backTab, .left, .right], helpKeys: [.tab, .backTab, .left, .right], hint: .init("Pane", keys: [.tab]),
                    "the next pane (queue, courts, finished), the one before") { app, key, _ in
                app.cycle(key == .tab || key == .right ? 1 : -1)
                return []
            },
            Binding([.enter], hint: .init(keys: [.enter]) { $0.focus == .courts ? "Call" : ($0.focus == .queue ? "To courts" : nil) },
                    "on the queue: go to the courts; on the courts: call the picked match to the picked court (rest asks first)") { app, _, ctx in
                app.enter(ctx)
            },
            Binding([.char("w"), .char("W")], helpKeys: [.char("w")], hint: .init(keys: [.char("w")]) { $0.focus == .courts ? "Withdraw" : nil },
                    "withdraw the picked court's call before play starts (asks first)") { app, _, ctx in app.askWithdraw(ctx) },
            Binding([.char("o"), .char("O")], helpKeys: [.char("o")], hint: .init("Walkover", keys: [.char("o")]),
                    "mark a walkover: the picked match (queue) or court's match, before play") { app, _, ctx in app.askEnding(retired: false, ctx) },
            Binding([.char("r"), .char("R")], helpKeys: [.char("r")], hint: .init("Retired", keys: [.char("r")]),
                    "mark a retirement on the picked court's match") { app, _, ctx in app.askEnding(retired: true, ctx) },
        ]
        return AppKeys("Desk", bindings)
    }()

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] { DialogModal<Action>.help(glyphs: glyphs) }

    // MARK: Chrome

    /// Health at a glance: courts offline, intervals overrun, injuries open, calls not begun.
    public func health(_ context: AppContext) -> DeskHealth { DeskHealth(self, context) }

    public func title(context: AppContext) -> String {
        let h = health(context)
        return "Desk" + (h.count > 0 ? " \(context.glyphs.middleDot) \(h.count) to look at" : "")
    }

    public func status(context: AppContext) -> String? {
        let d = context.glyphs.middleDot
        // Without a hall (--hall, or hall = URL in the config) the calls stay in desk.json.
        return "\(queue.count) waiting \(d) \(desk.calls.count) called \(d) \(desk.results.count) finished"
            + (context.hall == nil ? " \(d) no hall" : "")
    }

    public var minimumSize: Size { Size(width: 60, height: 12) }

    /// A desk on the hall records the courts and sends the calls: `q` says what stops.
    public func quitQuestion(context: AppContext) -> String? {
        guard context.hall != nil else { return nil }
        return "Quitting stops this desk: the courts' rallies are not recorded here, calls are not sent and their answers not heard "
            + "until it runs again. The courts keep scoring, and what they played comes in then. Quit?"
    }

    public func nextDeadline(context: AppContext) -> Double? {
        // Rest, warm-up and the courts' clocks count in seconds.
        (context.now + 1).rounded(.down)
    }

    /// Each second: what the courts say of their calls taken (`courtsSaid`).
    public mutating func tick(context: AppContext) -> [AppEffect] { courtsSaid(context) }

    /// What the courts say of their calls: a withdrawal is over once its court no longer has
    /// the call open; a court that says a match began from a call the desk withdrew meanwhile
    /// has it: the match is that court's again and its result comes to the desk (saved, then
    /// said).
    mutating func courtsSaid(_ context: AppContext) -> [AppEffect] {
        guard let courts = context.hall?.courts else { return [] }
        let before = desk
        var d = desk
        var said: [AppEffect] = []
        for (court, link) in courts.sorted(by: { $0.key < $1.key }) {
            // Only a court heard now says what it has (a broker restarted keeps no answer).
            if link.online == true, !link.isStale(now: context.now) {
                _ = d.courtSaid(court, id: link.call?.id, match: link.call?.match, step: link.call.flatMap { CallStep(word: $0.state) })
            }
            guard let a = link.call, let step = CallStep(word: a.state), step == .begun || step == .finished,
                  d.courtBegan(a.match, court: court, id: a.id) else { continue }
            said.append(.notice("Match \(TextLayout.sanitized(a.match)) began on court \(TextLayout.sanitized(court)) before its withdrawal reached it: it is on court \(TextLayout.sanitized(court)) again."))
        }
        guard d != desk else { return [] }
        // Its start and result come from the court's copy at its next change (`filesChanged`).
        desk = d
        return saveIfChanged(from: before) + said
    }

    public func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        DeskView(app: self, context: context, theme: theme).render(in: rect, on: &canvas)
    }
}

/// What the desk highlights, with a count in the title.
public struct DeskHealth: Equatable, Sendable {
    /// The desk's own link to the hall is down.
    public var deskOffline = false
    public var offline: [String] = []
    public var overrun: [String] = []
    public var injuries: [String] = []
    public var late: [String] = []
    /// Courts with two keepers, or a fork: both kept, for the referee to look at.
    public var conflicts: [String] = []
    public var count: Int { (deskOffline ? 1 : 0) + offline.count + overrun.count + injuries.count + late.count + conflicts.count }

    init(_ app: DeskApp, _ context: AppContext) {
        let now = context.now
        deskOffline = context.hall?.link?.state == .offline
        for c in app.courts(context) {
            if let link = context.hall?.courts[c], !link.unknown, link.online == false || link.isStale(now: now) { offline.append(c) }
            if context.hall?.courts[c]?.conflict != nil { conflicts.append(c) }
            guard let s = app.logs[c]?.state, app.callOn(c) != nil || s.phase != .matchOver else { continue }
            if let iv = s.interval?.timer, iv.isShown(at: now), iv.isOverrunning(at: now) { overrun.append(c) }
            if let t = s.timer(at: now), t.kind == .injury { injuries.append(c) }
        }
        late = app.desk.late(at: now, after: app.late).map(\.match)
    }
}

/// The matches file read from its path (outside the config directory).
enum DeskMatches {
    struct Problem: Error { var text: String }
    static func read(_ path: String) -> Result<MatchesCSV.Read, Problem> {
        switch FileSystem.readText(path, limit: MatchesCSV.maxBytes) {
        case .failure(let e): return .failure(Problem(text: e.message))
        case .success(let text):
            switch MatchesCSV.read(Array(text.utf8)) {
            case .failure(let f): return .failure(Problem(text: "\(shortName(path)): \(f)"))
            case .success(let r): return .success(r)
            }
        }
    }

    static func shortName(_ path: String) -> String {
        TextLayout.sanitized(String(path.split(separator: "/").last ?? Substring(path)))
    }
}
