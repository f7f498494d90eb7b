import Testing
import TerminiCore
import TerminiApp
import TerminiStore
@testable import TerminiDesk
@testable import TerminiHall
@testable import Badminton
import BadmintonRules
import TerminiTestSupport
@testable import TerminiShell

/// The call's life, model-based at unit speed: the desk's state, three courts (the real
/// scoreboard on a store in memory, with its keeper's side of the calls) and a hall that
/// carries the retained calls and answers between them. Random sequences of desk actions
/// (call, withdraw, edit, walkover, retire), umpire actions (launcher and back, open the
/// setup, start, play, quit, killed) and hall faults (the desk offline, a court offline, the
/// broker restarted), with the invariants checked after every step.
@Suite struct CallLifeModelTests {
    static let t0 = 1_800_000_000.0
    static let rest = 20.0 * 60
    /// The local minute the desk reads `not_before` against: 14:00.
    static let minute = 14 * 60

    /// One court: its scoreboard and its keeper's side of the calls, writing the same files
    /// the hall link and the scoreboard write.
    struct Court {
        let name: String
        let store = InMemoryStore()
        var app: AppHarness<BadmintonApp>
        var calls: CourtCalls
        var online = true
        /// The desk's retained call as this court last took it; nil: none since it connected
        /// (the broker gives it the retained one).
        var heard: [UInt8]?
        var files: CourtFiles { CourtFiles(court: name) }

        init(_ name: String, now: Double) {
            self.name = name
            app = AppHarness(options: AppOptions(["--court": name]), store: store, now: now)
            calls = CourtCalls(court: name, kept: nil)
        }

        var log: MatchLog? { store.files[files.journal].flatMap { MatchLog(records: JournalContents.read($0).events) } }

        /// The keeper keeps a change (its file first), the scoreboard reads it.
        mutating func keep(_ change: CourtCalls.Change?) {
            guard let change else { return }
            store.files[files.call] = change.bytes
            calls.commit(change)
            _ = app.carry(app.app.filesChanged([files.call], store: store, context: app.context))
            heardSaves()
        }

        /// What the keeper hears of the scoreboard's saves: the umpire's step, the match.
        mutating func heardSaves() {
            calls.umpireSaid(UmpireCallStep.parse(store.files[files.callUmpire]))
            if let change = calls.matchChanged(log) { keep(change) }
        }

        /// Killed and started again: the scoreboard and the keeper from the files.
        mutating func restart(now: Double) {
            app = AppHarness(options: AppOptions(["--court": name]), store: store, now: now)
            calls = CourtCalls(court: name, kept: CourtCall.Kept.parse(store.files[files.call]),
                               umpire: UmpireCallStep.parse(store.files[files.callUmpire]))
            heard = nil
            heardSaves()
        }
    }

    struct Model {
        var rng: SplitMix64
        var now = CallLifeModelTests.t0
        var desk: DeskState
        var courts: [Court]
        var deskOnline = true
        /// What the broker retains: the desk's call and the court's answer, by court.
        var retainedCalls: [String: [UInt8]] = [:]
        var retainedAnswers: [String: [UInt8]] = [:]
        /// The answers as the desk last heard them.
        var deskHeard: [String: HallCallAnswer] = [:]
        /// Every call a match began from on a court: id and match.
        var begun: [String: String] = [:]
        /// The last step each call was said to be in at its court, to check each move.
        var steps: [String: CallStep] = [:]
        var log: [String] = []

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            let names = ["Ann", "Bea", "Cy", "Di", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jo"]
            var matches: [DeskMatch] = []
            for i in 0..<12 {
                let a = names[i % names.count], b = names[(i * 3 + 1) % names.count]
                matches.append(DeskMatch(number: "\(i + 1)", event: "MS", round: "R\(i / 4 + 1)",
                                         teams: [DeskTeam(players: [a]), DeskTeam(players: [b == a ? "Kim" : b])],
                                         format: try? MatchFormat.parse("1x5").get(), notBefore: i % 3 == 0 ? 15 * 60 : nil))
            }
            desk = DeskState(matches: matches)
            courts = ["1", "2", "3"].map { Court($0, now: CallLifeModelTests.t0) }
        }

        mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }

        // MARK: The hall

        /// Messages flow until nothing changes: the desk's calls to the broker, each court
        /// online takes its call and says its step, the desk hears the steps and the copies.
        mutating func settle() {
            for _ in 0..<8 {
                var changed = false
                if deskOnline {
                    let wanted = desk.hallCalls
                    for c in courts where retainedCalls[c.name] != (wanted[c.name]?.bytes ?? CourtCall.withdrawal) {
                        retainedCalls[c.name] = wanted[c.name]?.bytes ?? CourtCall.withdrawal
                        changed = true
                    }
                }
                for i in courts.indices where courts[i].online {
                    if let r = retainedCalls[courts[i].name], r != courts[i].heard {
                        courts[i].heard = r
                        courts[i].app.now = now
                        courts[i].keep(courts[i].calls.take(r, log: courts[i].log, now: now))
                        changed = true
                    }
                    noteSteps(i)
                    if let a = courts[i].calls.answerDue() {
                        retainedAnswers[courts[i].name] = a
                        changed = true
                    }
                }
                if deskOnline {
                    for c in courts {
                        // The court's copies reach the desk while both are on the hall, before
                        // what the court answers after them (one client, its messages in order).
                        if c.online, let since = (desk.calls + desk.withdrawn).filter({ $0.court == c.name }).map(\.calledAt).min() {
                            let before = desk
                            _ = desk.take(court: c.name, matches: DeskState.courtMatches(c.store, court: c.name, since: since))
                            if desk != before { changed = true }
                        }
                        let a = HallCallAnswer.parse(retainedAnswers[c.name] ?? [])
                        if deskHeard[c.name] != a { deskHeard[c.name] = a }
                        // As the desk's screen does each second.
                        if c.online, desk.courtSaid(c.name, id: a?.id, match: a?.match, step: a?.state) { changed = true }
                        if let a, a.state == .begun || a.state == .finished, desk.courtBegan(a.match, court: c.name, id: a.id) {
                            log.append("desk takes back match \(a.match) on court \(c.name)")
                            changed = true
                        }
                    }
                }
                if !changed { return }
            }
        }

        /// Each step a court says of a call is one its life allows after the one before.
        mutating func noteSteps(_ i: Int) {
            guard let k = courts[i].calls.kept, let step = courts[i].calls.step else { return }
            if let before = steps[k.call.id] {
                #expect(before.allows(step), "call \(k.call.id): \(before) to \(step)\n\(log.joined(separator: "\n"))")
            }
            steps[k.call.id] = step
            if step == .begun || step == .finished { begun[k.call.id] = k.call.match }
        }

        // MARK: Desk actions

        mutating func deskCall() {
            let queue = desk.queue
            guard !queue.isEmpty else { return }
            let m = queue[pick(queue.count)], court = courts[pick(courts.count)].name
            // What the desk must ask, worked out here on its own.
            var expected: [CallQuestion] = []
            if m.players.contains(where: { desk.rest(of: $0, at: now).map { $0 < CallLifeModelTests.rest } ?? false }) { expected.append(.rest) }
            if let nb = m.notBefore, CallLifeModelTests.minute < nb { expected.append(.notBefore) }
            var asked: [CallQuestion] = []
            var confirmed: Set<CallQuestion> = []
            while true {
                let outcome = desk.call(m.number, court: court, at: now, rest: CallLifeModelTests.rest, localMinute: CallLifeModelTests.minute,
                                        confirmed: confirmed)
                switch outcome {
                case let .ask(q, _):
                    #expect(!confirmed.contains(q), "asked twice: \(q)")
                    if confirmed.contains(q) { return }
                    asked.append(q)
                    confirmed.insert(q)
                    continue
                case .called:
                    log.append("desk calls \(m.number) to court \(court) (asked \(asked))")
                    // Nothing asked once and skipped: every question, in turn.
                    #expect(asked == expected, "match \(m.number): asked \(asked), should ask \(expected)")
                case .refused:
                    break
                }
                return
            }
        }

        mutating func deskWithdraw() {
            guard !desk.calls.isEmpty else { return }
            let c = desk.calls[pick(desk.calls.count)]
            if case .success = desk.withdraw(c.match) { log.append("desk withdraws \(c.match) from court \(c.court)") }
        }

        /// An edit of a match still in the queue: its `not_before` moved.
        mutating func deskEdit() {
            let queue = desk.queue
            guard !queue.isEmpty, let i = desk.matches.firstIndex(where: { $0.number == queue[pick(queue.count)].number }) else { return }
            desk.matches[i].notBefore = desk.matches[i].notBefore == nil ? 15 * 60 : nil
            log.append("desk edits \(desk.matches[i].number)")
        }

        mutating func deskWalkover() {
            let open = desk.queue.map(\.number) + desk.calls.filter { $0.startedAt == nil }.map(\.match)
            guard !open.isEmpty else { return }
            let n = open[pick(open.count)]
            if case .success = desk.walkover(n, absent: pick(2), at: now) { log.append("desk walkover \(n)") }
        }

        /// A retirement marked at the desk: only for a court it does not hear (as the desk's screen allows).
        mutating func deskRetire() {
            let started = desk.calls.filter { c in c.startedAt != nil && !(deskOnline && courts.first { $0.name == c.court }?.online == true) }
            guard !started.isEmpty else { return }
            let c = started[pick(started.count)]
            if case .success = desk.retired(c.match, team: pick(2), state: nil, at: now) { log.append("desk retired \(c.match)") }
        }

        // MARK: Umpire actions

        mutating func umpire(_ i: Int, _ what: Int) {
            courts[i].app.now = now
            let name = courts[i].name
            switch what {
            case 0:
                _ = courts[i].app.carry(courts[i].app.app.hidden(context: courts[i].app.context))
                log.append("umpire \(name): launcher")
            case 1:
                _ = courts[i].app.carry(courts[i].app.app.shown(context: courts[i].app.context))
                log.append("umpire \(name): back")
            case 2 where courts[i].app.app.onView && courts[i].app.app.modals.top(CallDialog.self) != nil:
                courts[i].app.press(.enter)
                log.append("umpire \(name): setup open")
            case 3 where courts[i].app.app.onView && courts[i].app.app.modals.top(SetupForm.self) != nil:
                courts[i].app.press(.enter)
                log.append("umpire \(name): start \(courts[i].log?.setup?.officials.matchNumber ?? "-")")
            case 4 where courts[i].app.app.onView && courts[i].log.map({ !$0.state.isOver && $0.effective.count >= 1 }) == true
                && courts[i].app.app.modals.isEmpty:
                // A rally or two, then the match ends (a retirement).
                courts[i].app.press(.char("a"))
                courts[i].app.press(.char("x"))
                courts[i].app.press(.char("2"))
                courts[i].app.press(.enter)
                log.append("umpire \(name): played \(courts[i].log?.setup?.officials.matchNumber ?? "-") over=\(courts[i].log?.state.isOver ?? false)")
            case 5 where courts[i].app.app.onView:
                courts[i].app.press(.escape)
                log.append("umpire \(name): Esc")
            case 6:
                courts[i].restart(now: now)
                log.append("court \(name): killed")
            default:
                return
            }
            now = max(now, courts[i].app.now)
            courts[i].heardSaves()
        }

        /// The umpire does what comes next on screen: back from the launcher, the call's
        /// setup, its start, the match played out.
        mutating func proceed(_ i: Int) {
            let app = courts[i].app.app
            if !app.onView { return umpire(i, 1) }
            if app.modals.top(CallDialog.self) != nil { return umpire(i, 2) }
            if let form = app.modals.top(SetupForm.self) { return umpire(i, form.callID == nil ? 5 : 3) }
            umpire(i, 4)
        }

        // MARK: One step

        mutating func step() {
            now += Double(30 + pick(240))
            let r = pick(100)
            switch r {
            case 0..<18: deskCall()
            case 18..<21: deskWithdraw()
            case 21..<24: deskEdit()
            case 24..<26: deskWalkover()
            case 26..<28: deskRetire()
            case 28..<70: proceed(pick(courts.count))
            case 70..<88: umpire(pick(courts.count), pick(7))
            case 88..<93:
                deskOnline.toggle()
                log.append("desk " + (deskOnline ? "online" : "offline"))
            case 93..<98:
                let i = pick(courts.count)
                courts[i].online.toggle()
                if courts[i].online {
                    courts[i].calls.connected()
                    courts[i].heard = nil
                }
                log.append("court \(courts[i].name) " + (courts[i].online ? "online" : "offline"))
            default:
                // The broker restarted without its retained messages: each says its own again on connecting.
                retainedCalls = [:]
                retainedAnswers = [:]
                for i in courts.indices {
                    courts[i].calls.connected()
                    courts[i].heard = nil
                }
                log.append("broker restarted")
            }
            settle()
            check()
        }

        // MARK: Invariants

        var trace: String { "\n" + log.suffix(40).joined(separator: "\n") }

        func check() {
            // Each match in one place at the desk: the queue, a call or a result.
            for m in desk.matches {
                let places = (desk.queue.contains { $0.number == m.number } ? 1 : 0) + desk.calls.filter { $0.match == m.number }.count
                    + desk.results.filter { $0.number == m.number }.count
                #expect(places == 1, "match \(m.number) in \(places) places\(trace)")
            }
            // And on one court at most.
            var playing: [String: String] = [:]
            for c in courts {
                guard let l = c.log, !l.state.isOver, let n = l.setup?.officials.matchNumber, !n.isEmpty, begun.values.contains(n) else { continue }
                #expect(playing[n] == nil, "match \(n) in play on court \(playing[n] ?? "") and \(c.name)\(trace)")
                playing[n] = c.name
            }
            // The desk's word for each court it hears is the court's.
            guard deskOnline else { return }
            let wanted = desk.hallCalls
            for c in courts where c.online {
                if let w = wanted[c.name], let call = desk.calls.first(where: { $0.match == w.match }) {
                    #expect(c.calls.kept?.call.id == w.id, "court \(c.name) has \(c.calls.kept?.call.id ?? "none"), the desk \(w.id)\(trace)")
                    let said = DeskView.step(of: call, desk, deskHeard[c.name].map { CallAnswer(id: $0.id, match: $0.match, state: $0.state.rawValue) })
                    #expect(said == c.calls.step, "court \(c.name): the desk says \(said), the court \(String(describing: c.calls.step))\(trace)")
                } else if let k = c.calls.kept {
                    #expect(!k.isOpen(c.log), "court \(c.name) keeps \(k.call.id) open, the desk has no call there\(trace)")
                }
            }
        }

        /// The day's end: everyone back on the hall, every match on court played out, the
        /// setups left closed; then every match begun from a call is a result at the desk.
        mutating func finish() {
            deskOnline = true
            for i in courts.indices {
                if !courts[i].online {
                    courts[i].online = true
                    courts[i].calls.connected()
                    courts[i].heard = nil
                }
            }
            for _ in 0..<4 {
                settle()
                for i in courts.indices {
                    if !courts[i].app.app.onView { umpire(i, 1) }
                    while courts[i].app.app.modals.top(SetupForm.self) != nil || courts[i].app.app.modals.top(CallDialog.self) != nil { umpire(i, 5) }
                    umpire(i, 4)
                }
            }
            settle()
            for (id, match) in begun.sorted(by: { $0.key < $1.key }) {
                #expect(desk.result(of: match) != nil, "match \(match) began from call \(id) and has no result\(trace)")
            }
        }
    }

    @Test(arguments: 0..<40)
    func randomDaysKeepEveryCallInOnePlace(_ seed: Int) {
        var model = Model(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
        for _ in 0..<150 { model.step() }
        model.finish()
    }
}
