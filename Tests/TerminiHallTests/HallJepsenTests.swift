#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules
import TerminiTestSupport
@testable import TerminiHall

/// A randomized run in the spirit of Jepsen, against a real broker: two or three courts,
/// laptops swapped and doubled, clocks skewed and jumping, the broker killed -9, the desk
/// killed and started again from its files, courts' links dropped without a goodbye, forged
/// starts (with a court's keeper id), forged acks and garbage. Then every link is healed and
/// a checker compares every keeper's journal and history with the desk's streams: each line
/// there once, in the keeper's order, every conflict (two keepers online at once, a fork)
/// reported. `TERMINI_JEPSEN_SEEDS` and `TERMINI_JEPSEN_STEPS` make a long run
/// (scripts/hall-jepsen); the figures go to standard output.
@Suite(.serialized) struct HallJepsenTests {
    static var seeds: [UInt64] {
        let n = ProcessInfo.processInfo.environment["TERMINI_JEPSEN_SEEDS"].flatMap(Int.init) ?? 2
        return (1...max(1, n)).map(UInt64.init)
    }
    static var steps: Int { ProcessInfo.processInfo.environment["TERMINI_JEPSEN_STEPS"].flatMap(Int.init) ?? 160 }

    final class Run {
        var random: FuzzRandom
        let broker: MosquittoBroker
        var desk: TestDesk
        let pump: Pump
        let forger: MQTTClient
        let courts: [String]
        /// Every keeper ever used, and which are running now.
        var keepers: [TestCourt] = []
        var running: [Int] = []
        /// Keepers whose link is cut (the laptop still runs: its publisher comes back as it was).
        var cut: Set<Int> = []
        var figures: [String: Int] = [:]
        var conflictsSeen: Set<String> = []
        var conflictsMade: Set<String> = []
        var forged: [Double] = []
        /// Since when two keepers of a court have both had a link (the broker up).
        var overlapSince: [String: Double] = [:]
        var brokerUp = true

        init(seed: UInt64) throws {
            random = FuzzRandom(seed: seed)
            broker = try MosquittoBroker(persistence: true)
            desk = try TestDesk(url: broker.url)
            desk.recorder.conflictEndsAfter = 3
            courts = (1...Int.random(in: 2...3, using: &random)).map(String.init)
            forger = try MQTTClient(clientID: "t-jepsen-forger", cleanSession: true, host: "127.0.0.1", port: broker.port, username: nil, password: nil)
            pump = Pump([desk.recorder, forger])
            forger.start(now: wallClock())
            for c in courts { try add(c) }
            _ = pump.run(timeout: 5) { self.desk.recorder.isConnected && self.running.allSatisfy { self.keepers[$0].publisher.link.state == .online } }
        }

        func count(_ what: String, _ n: Int = 1) { figures[what, default: 0] += n }

        /// A laptop starts keeping court `c`, its clock off by up to 40 days.
        func add(_ c: String) throws {
            let skew = Double(Int.random(in: -40...40, using: &random)) * 86_400
            let k = HallWire.keeperID(host: "laptop-\(keepers.count)", directory: "/c")
            keepers.append(try TestCourt(c, url: broker.url, keeper: k, sim: SimCourt(at: wallClock() + skew)))
            start(keepers.count - 1)
        }

        func start(_ i: Int) {
            running.append(i)
            pump.clients.append(keepers[i].publisher)
            pump.events.append([])
        }

        func stop(_ i: Int, goodbye: Bool) {
            guard let at = running.firstIndex(of: i) else { return }
            running.remove(at: at)
            let p = keepers[i].publisher
            if let j = pump.clients.firstIndex(where: { $0 === p }) {
                pump.clients.remove(at: j)
                pump.events.remove(at: j)
            }
            if goodbye { p.stop() } else {
                p.client.stop()
                cut.insert(i)
            }
        }

        /// A cut link comes back; a laptop that quit starts again from its files.
        func reconnect(_ i: Int) throws {
            if cut.remove(i) != nil {
                keepers[i].publisher.client.start(now: wallClock())
            } else {
                try keepers[i].restart()
            }
            start(i)
        }

        func replaceDesk() throws {
            let r = desk.recorder
            try desk.restart()
            desk.recorder.conflictEndsAfter = 3
            pump.clients[0] = desk.recorder
            pump.events[0] = []
            r.client.stop()
        }

        func keepersOnline(_ c: String) -> [Int] { running.filter { keepers[$0].name == c } }

        func step() throws {
            let r = Int.random(in: 0..<100, using: &random)
            switch r {
            case 0..<62:
                guard let i = running.randomElement(using: &random) else { return }
                let k = keepers[i]
                // Now and then the clock jumps (by hand, NTP): days either way.
                if Int.random(in: 0..<12, using: &random) == 0 {
                    k.sim.time += Double(Int.random(in: -30...30, using: &random)) * 86_400
                    count("clock jumps")
                }
                if Int.random(in: 0..<10, using: &random) == 0 {
                    switch k.sim.undo() {
                    case .appended(let line): k.publisher.durable(DurableSave(file: k.files.journal, bytes: line + [0x0a], kind: .appended))
                    case .newMatch: break
                    }
                } else {
                    k.rally(team: Int.random(in: 0...1, using: &random))
                }
                count("events")
            case 62..<66:
                guard brokerUp else { return }
                broker.kill9()
                brokerUp = false
                count("broker kills")
            case 66..<72:
                if !brokerUp {
                    try broker.start()
                    brokerUp = true
                }
            case 72..<75:
                try replaceDesk()
                count("desk kills")
            case 75..<80:
                // A link dropped without a goodbye, and back later.
                guard let i = running.randomElement(using: &random) else { return }
                stop(i, goodbye: false)
                count("links cut")
            case 80..<85:
                let stopped = keepers.indices.filter { !running.contains($0) }
                guard let i = stopped.randomElement(using: &random), keepersOnline(keepers[i].name).isEmpty || Bool.random(using: &random) else { return }
                try reconnect(i)
                count("links back")
            case 85..<88:
                // A laptop swapped: the court's keeper quits, another laptop keeps it.
                guard let c = courts.randomElement(using: &random) else { return }
                for i in keepersOnline(c) { stop(i, goodbye: true) }
                try add(c)
                count("laptops swapped")
            case 88..<90:
                // A second laptop on a court whose keeper is online.
                guard let c = courts.randomElement(using: &random), !keepersOnline(c).isEmpty, keepers.count < 12 else { return }
                try add(c)
                count("second laptops")
            case 90..<93:
                // With the keeper id of the court's keeper, online: a fork (a laptop that has gone
                // leaves the court to a new one, forged or not: that is a handover).
                guard brokerUp, forger.isConnected, let c = courts.randomElement(using: &random), let owner = desk.recorder.courts[c]?.owner,
                      let i = keepersOnline(c).first(where: { keepers[$0].keeper == owner }) else { return }
                let id = 9_000_000_000 + Double(forged.count)
                forged.append(id)
                let teams = [TeamInfo(name: "Forged", players: ["Forged"]), TeamInfo(name: "Match", players: ["Match"])]
                let start = MatchLog(setup: MatchSetup(teams: teams), at: id).records[0].line.dropLastNewline
                forger.publish(desk.recorder.topics.court(c, .event), HallWire.encode(.init(court: c, keeper: keepers[i].keeper, match: id, seq: 1), body: start))
                count("forged starts")
            case 93..<97:
                guard brokerUp, forger.isConnected, let c = courts.randomElement(using: &random) else { return }
                let junk = (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                forger.publish(desk.recorder.topics.court(c, .event), junk)
                count("garbage")
            default:
                guard brokerUp, forger.isConnected, let i = running.randomElement(using: &random) else { return }
                let k = keepers[i]
                let ack = HallWire.Ack(keeper: k.keeper, match: k.sim.log.startedAt, seq: k.sim.journal.count + 5)
                forger.publish(desk.recorder.topics.ack(k.name), HallWire.AckSet([ack]).bytes, retain: true)
                count("forged acks")
            }
            pump.run(timeout: Double(Int.random(in: 0...30, using: &random)) / 1000) { false }
            for c in courts where desk.recorder.links[c]?.conflict != nil { conflictsSeen.insert(c) }
            // Two keepers linked at once for a second: the desk must have said so.
            for c in courts {
                let linked = brokerUp && desk.recorder.isConnected && keepersOnline(c).filter { keepers[$0].publisher.link.state == .online }.count > 1
                if !linked { overlapSince[c] = nil } else if let t = overlapSince[c], wallClock() - t > 1 { conflictsMade.insert(c) } else if overlapSince[c] == nil { overlapSince[c] = wallClock() }
            }
        }

        /// Every link healed: the broker up, every laptop back.
        func heal() throws {
            if !brokerUp {
                try broker.start()
                brokerUp = true
            }
            for i in keepers.indices where !running.contains(i) { try reconnect(i) }
        }

        /// The checker: each keeper's journal and history against the desk's streams.
        func faults() -> [String] {
            var out: [String] = []
            for (i, k) in keepers.enumerated() {
                out += desk.faults(k).map { "keeper \(i) (court \(k.name)): \($0)" }
            }
            for c in courts {
                let f = CourtFiles(court: c)
                let own = String(decoding: (desk.store.files[f.journal] ?? []) + (desk.store.files[f.history] ?? []), as: UTF8.self)
                if own.contains("Forged") { out.append("court \(c): a forged match in the court's own files") }
            }
            for c in conflictsMade.subtracting(conflictsSeen) { out.append("court \(c): two keepers online and no conflict shown") }
            return out
        }
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"), arguments: seeds)
    func everyKeepersLinesReachTheDeskOnceInOrder(seed: UInt64) throws {
        let run = try Run(seed: seed)
        let t0 = wallClock()
        for _ in 0..<HallJepsenTests.steps { try run.step() }
        try run.heal()
        let settled = run.pump.run(timeout: 30) {
            run.running.allSatisfy { run.keepers[$0].publisher.link.toSend == 0 } && run.faults().isEmpty
        }
        let faults = run.faults()
        #expect(settled && faults.isEmpty, "seed \(seed): \(faults.prefix(8))")
        if !faults.isEmpty {
            for (i, k) in run.keepers.enumerated() {
                print("keeper \(i) \(k.keeper.prefix(6)) court \(k.name): history \(k.sim.history.compactMap { MatchLines.historyMatch($0)?.match }) journal \(k.sim.log.startedAt) running \(run.running.contains(i))")
            }
            for (c, s) in run.desk.recorder.courts.sorted(by: { $0.key < $1.key }) {
                print("court \(c) owner \(s.owner?.prefix(6) ?? "-"): primary \(s.primary.recent) + \(s.primary.match ?? 0); " + s.streams.map { "\($0.key.prefix(6)): \($0.value.recent) + \($0.value.match ?? 0)" }.joined(separator: "; "))
            }
            print(run.desk.recorder.takeNotices())
        }
        let log = String(decoding: run.desk.store.files[DeskRecorder.quarantineFile] ?? [], as: UTF8.self)
        let lines = run.keepers.reduce(0) { $0 + $1.sim.journal.count + $1.sim.history.count }
        let figures = run.figures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("hall-jepsen seed \(seed): \(run.courts.count) courts, \(run.keepers.count) keepers, \(figures); "
              + "\(lines) journal and history lines checked, \(faults.count) faults; conflicts made \(run.conflictsMade.count), shown \(run.conflictsSeen.count); "
              + "\(log.split(separator: "\n").count) quarantined (\(log.components(separatedBy: "kept apart").count - 1) forks kept apart); \(Int(wallClock() - t0)) s")
        for k in run.keepers where run.running.contains(where: { run.keepers[$0] === k }) { k.publisher.stop() }
        run.desk.recorder.stop()
    }
}
