#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules
import TerminiTestSupport
@testable import TerminiHall

/// Every journal and history the desk keeps of a court: the court's own files, then each
/// keeper's stream (`hall-stream.…`), as pairs.
func deskStreams(_ store: InMemoryStore, court: String) -> [(journal: [UInt8], history: [[UInt8]])] {
    let files = CourtFiles(court: court)
    var out = [(store.files[files.journal] ?? [], MatchLines.lines(of: store.files[files.history] ?? []))]
    for name in store.files.keys.sorted() where name.hasPrefix("hall-stream.\(court).") && name.hasSuffix(".match.jsonl") {
        let history = String(name.dropLast(".match.jsonl".count)) + ".history.jsonl"
        out.append((store.files[name] ?? [], MatchLines.lines(of: store.files[history] ?? [])))
    }
    for name in store.files.keys.sorted() where name.hasPrefix("hall-stream.\(court).") && name.hasSuffix(".history.jsonl") {
        let journal = String(name.dropLast(".history.jsonl".count)) + ".match.jsonl"
        if store.files[journal] == nil { out.append(([], MatchLines.lines(of: store.files[name] ?? []))) }
    }
    return out
}

/// What a checker finds wrong between a keeper's files and the desk's streams: each of the
/// keeper's history lines held once over all the desk's histories, in the keeper's order in
/// each, and its journal held whole by one of them. Empty when nothing is wrong.
func streamFaults(keeperJournal: [UInt8], keeperHistory: [[UInt8]], desk: [(journal: [UInt8], history: [[UInt8]])]) -> [String] {
    var faults: [String] = []
    let all = desk.flatMap(\.history)
    for (i, line) in keeperHistory.enumerated() {
        let n = all.filter { $0 == line }.count
        if n != 1 { faults.append("history line \(i + 1) of \(keeperHistory.count) held \(n) times") }
    }
    let place = Dictionary(keeperHistory.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    for s in desk {
        let order = s.history.compactMap { place[$0] }
        if order != order.sorted() { faults.append("a desk history holds the keeper's matches out of order: \(order)") }
    }
    if !MatchLines.lines(of: keeperJournal).isEmpty, !desk.contains(where: { $0.journal == keeperJournal }) {
        faults.append("the journal (\(MatchLines.lines(of: keeperJournal).count) lines) is in no desk journal")
    }
    return faults
}

extension TestDesk {
    /// The checker's faults for one court keeper.
    func faults(_ court: TestCourt) -> [String] {
        streamFaults(keeperJournal: court.sim.journalBytes, keeperHistory: court.sim.history, desk: deskStreams(store, court: court.name))
    }
}

extension TestCourt {
    /// Rallies until the match ends and the next begins (a 1x11 match).
    func finishMatch(pump: Pump) {
        let first = sim.log.startedAt
        while sim.log.startedAt == first {
            rally(team: 0)
            pump.run(timeout: 0.01) { false }
        }
    }
}

/// Order comes from the court, never from a clock; each keeper is a stream of its own; an
/// ack or an event that cannot be so is not believed. Each test holds one case of the
/// hall's promise against a real broker.
@Suite(.serialized) struct OrderTests {
    static let day = 86_400.0

    /// A laptop 30 days ahead plays a match, then its clock is put right: its next match
    /// (begun "earlier" than the last) reaches the desk whole, and the court says synced.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aClockPutRightAfter30DaysAheadLosesNothing() throws {
        let broker = try MosquittoBroker()
        let desk = try TestDesk(url: broker.url)
        let court = try TestCourt("1", url: broker.url, sim: SimCourt(at: wallClock() + 30 * OrderTests.day))
        let pump = Pump([desk.recorder, court.publisher])
        #expect(pump.run(timeout: 5) { desk.recorder.isConnected && court.publisher.link.state == .online })
        for i in 0..<4 { court.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        // The clock is put right before the match ends: the next match begins 30 days "before".
        court.sim.time = wallClock()
        court.finishMatch(pump: pump)
        for i in 0..<6 { court.rally(team: i % 2) }
        #expect(pump.run(timeout: 8) { desk.holds(court) && court.publisher.link.acknowledged == 7 },
                "desk \(MatchLines.lines(of: desk.journal("1")).count) lines, court \(court.sim.journal.count); \(desk.faults(court))")
        #expect(court.publisher.link.text(unicode: true) == "hall ● synced #7")
        #expect(desk.store.files[DeskRecorder.quarantineFile] == nil)
    }

    /// A laptop 30 days behind, and one whose clock jumps back and forth between matches:
    /// every match at the desk, in the court's order.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aClockJumpingBackAndForthBetweenMatchesReordersNothing() throws {
        let broker = try MosquittoBroker()
        let desk = try TestDesk(url: broker.url)
        let court = try TestCourt("2", url: broker.url, sim: SimCourt(at: wallClock() - 30 * OrderTests.day))
        let pump = Pump([desk.recorder, court.publisher])
        #expect(pump.run(timeout: 5) { desk.recorder.isConnected && court.publisher.link.state == .online })
        court.rally(team: 0)
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        for jump in [40.0, -70, 5, -3] {
            for i in 0..<3 { court.rally(team: i % 2) }
            court.sim.time += jump * OrderTests.day
            court.finishMatch(pump: pump)
        }
        court.rally(team: 1)
        #expect(pump.run(timeout: 8) { desk.holds(court) && court.publisher.link.toSend == 0 }, "\(desk.faults(court))")
        #expect(desk.faults(court).isEmpty)
    }

    /// Laptop A scores offline; laptop B claims the same court online, starts a match and
    /// quits; A comes back: everything A scored, and all it scores from then on, is at the
    /// desk in A's order, B's match too, and A never takes B's ack as its own.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aSecondLaptopOnACourtThrowsNothingAway() throws {
        let broker = try MosquittoBroker()
        let desk = try TestDesk(url: broker.url)
        let a = try TestCourt("1", url: broker.url, keeper: HallWire.keeperID(host: "laptop-a", directory: "/c"))
        let pump = Pump([desk.recorder, a.publisher])
        #expect(pump.run(timeout: 5) { desk.recorder.isConnected && a.publisher.link.state == .online })
        for i in 0..<3 { a.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { desk.holds(a) && a.publisher.link.acknowledged == 4 })
        // A's link goes: it keeps scoring.
        a.publisher.stop()
        pump.clients = [desk.recorder]
        pump.events = [[]]
        for i in 0..<4 { a.rally(team: i % 2) }
        // B claims court 1, starts a match, quits.
        let b = try TestCourt("1", url: broker.url, keeper: HallWire.keeperID(host: "laptop-b", directory: "/c"), sim: SimCourt(at: wallClock() + 100))
        pump.clients.append(b.publisher)
        pump.events.append([])
        for i in 0..<3 { b.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { b.publisher.link.acknowledged == 4 }, "\(desk.recorder.links["1"]?.problem ?? "")")
        b.publisher.stop()
        pump.clients.removeLast()
        pump.events.removeLast()
        // A comes back, scores on, finishes its match and begins another.
        try a.restart()
        pump.clients.append(a.publisher)
        pump.events.append([])
        a.finishMatch(pump: pump)
        for i in 0..<2 { a.rally(team: i % 2) }
        #expect(pump.run(timeout: 8) { desk.faults(a).isEmpty && a.publisher.link.toSend == 0 }, "\(desk.faults(a))")
        #expect(desk.faults(b).isEmpty, "\(desk.faults(b))")
        #expect(a.publisher.link.acknowledged == a.sim.journal.count)
        #expect(a.publisher.link.text(unicode: true) == "hall ● synced #\(a.sim.journal.count)")
    }

    /// One message with court 2's own credentials claims a match far ahead: it never takes
    /// the place of court 2's copy; what court 2 scores afterwards is stored; the forgery is
    /// kept apart, shown as a conflict and logged.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aForgedEventNeverReplacesTheDesksCopy() throws {
        let (broker, desk, court, pump) = try deskAndCourt("2")
        defer { withExtendedLifetime(broker) {} }
        for i in 0..<3 { court.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        let forger = try MQTTClient(clientID: "t-forger", cleanSession: true, host: "127.0.0.1", port: broker.port, username: nil, password: nil)
        pump.clients.append(forger)
        pump.events.append([])
        forger.start(now: wallClock())
        #expect(pump.run(timeout: 5) { forger.isConnected })
        let teams = [TeamInfo(name: "Forged", players: ["Forged"]), TeamInfo(name: "Match", players: ["Match"])]
        let start = MatchLog(setup: MatchSetup(teams: teams), at: 9_000_000_000).records[0].line.dropLastNewline
        let forged = HallWire.encode(HallWire.Header(court: "2", keeper: court.keeper, match: 9_000_000_000, seq: 1), body: start)
        guard case .success(let m) = HallWire.decode(forged, court: "2", limit: HallWire.maxEventBytes),
              MatchLines.event(m.body) != nil else {
            Issue.record("the forged start is not one the desk reads")
            return
        }
        forger.publish(HallTopics(hall: "hall").court("2", .event), forged)
        #expect(pump.run(timeout: 5) { desk.recorder.links["2"]?.conflict != nil })
        for i in 0..<4 { court.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { desk.holds(court) && court.publisher.link.acknowledged == 8 }, "\(desk.faults(court))")
        #expect(String(decoding: desk.journal("2"), as: UTF8.self).contains("Forged") == false)
        let log = String(decoding: desk.store.files[DeskRecorder.quarantineFile] ?? [], as: UTF8.self)
        #expect(log.contains("court 2") && log.contains("9000000000"), "\(log)")
    }

    /// An ack of more than the court sent (seq N+5, with the desk's credentials) is not
    /// believed: the court says so and keeps sending until the desk's own ack comes.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aForgedAckIsNotBelieved() throws {
        let broker = try MosquittoBroker()
        let court = try TestCourt("2", url: broker.url)
        let forger = try MQTTClient(clientID: "t-forger", cleanSession: true, host: "127.0.0.1", port: broker.port, username: nil, password: nil)
        let pump = Pump([court.publisher, forger])
        forger.start(now: wallClock())
        #expect(pump.run(timeout: 5) { forger.isConnected && court.publisher.link.state == .online })
        for i in 0..<3 { court.rally(team: i % 2) }
        pump.run(timeout: 0.5) { false }
        let match = court.sim.log.startedAt
        let topic = HallTopics(hall: "hall").ack("2")
        for ack in [HallWire.Ack(match: match, seq: 9), HallWire.Ack(keeper: court.keeper, match: match, seq: 9)] {
            forger.publish(topic, HallWire.AckSet([ack]).bytes, retain: true)
            forger.publish(topic, ack.bytes, retain: true)
        }
        #expect(pump.run(timeout: 5) { court.publisher.link.text(unicode: true) == "hall ● ack not trusted" }, "\(court.publisher.link.text(unicode: true))")
        #expect(court.publisher.link.acknowledged != 9)
        // The desk comes: its own ack is believed, and what it lacked was sent.
        let desk = try TestDesk(url: broker.url)
        pump.clients.append(desk.recorder)
        pump.events.append([])
        #expect(pump.run(timeout: 8) { desk.holds(court) && court.publisher.link.text(unicode: true) == "hall ● synced #4" },
                "\(court.publisher.link.text(unicode: true))")
    }
}
