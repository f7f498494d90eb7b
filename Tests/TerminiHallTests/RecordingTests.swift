#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules
import TerminiApp
import TerminiTestSupport
@testable import TerminiHall

/// A court keeper in the test's process: its files (`SimCourt`), and its publisher hearing
/// each save once it is "on the disk", as the runtime's seam tells it.
final class TestCourt {
    var sim: SimCourt
    var publisher: CourtPublisher
    let name: String
    let keeper: String
    let url: String
    let credentials: HallCredentials?

    let ca: String?

    init(_ name: String, url: String, keeper: String? = nil, sim: SimCourt = SimCourt(), credentials: HallCredentials? = nil, ca: String? = nil) throws {
        self.name = name
        self.url = url
        self.ca = ca
        self.sim = sim
        self.credentials = credentials
        self.keeper = keeper ?? HallWire.keeperID(host: "court-\(name)", directory: "/c")
        publisher = try CourtPublisher(address: try hallAddress(url, ca: ca), credentials: credentials, court: name, keeper: self.keeper,
                                       journal: sim.journalBytes, history: sim.history, now: wallClock())
    }

    var files: CourtFiles { CourtFiles(court: name) }

    func rally(team: Int = 0) {
        switch sim.rally(team: team) {
        case .appended(let line): publisher.durable(DurableSave(file: files.journal, bytes: line + [0x0a], kind: .appended))
        case let .newMatch(h, j):
            if let h { publisher.durable(DurableSave(file: files.history, bytes: h + [0x0a], kind: .appended)) }
            publisher.durable(DurableSave(file: files.journal, bytes: j, kind: .replaced))
        }
    }

    /// Killed and started again: a new publisher from the files.
    func restart() throws {
        publisher = try CourtPublisher(address: try hallAddress(url, ca: ca), credentials: credentials, court: name, keeper: keeper,
                                       journal: sim.journalBytes, history: sim.history, now: wallClock())
    }
}

final class TestDesk {
    let store: InMemoryStore
    var recorder: DeskRecorder
    let url: String
    let credentials: HallCredentials?

    let ca: String?

    init(url: String, store: InMemoryStore = InMemoryStore(), credentials: HallCredentials? = nil, ca: String? = nil) throws {
        self.url = url
        self.store = store
        self.credentials = credentials
        self.ca = ca
        recorder = try TestDesk.make(url, store, credentials, ca: ca)
    }

    static func make(_ url: String, _ store: InMemoryStore, _ credentials: HallCredentials? = nil, ca: String? = nil,
                     clientID: String = "termini-hall-desk") throws -> DeskRecorder {
        try DeskRecorder(address: try hallAddress(url, ca: ca), credentials: credentials, store: store, clientID: clientID,
                         lock: { store.lock($0) ? .acquired : .heldByAnother }, unlock: { store.unlock($0) }, now: wallClock())
    }

    func restart() throws { recorder = try TestDesk.make(url, store, credentials, ca: ca) }

    func journal(_ court: String) -> [UInt8] { store.files[CourtFiles(court: court).journal] ?? [] }
    func history(_ court: String) -> [UInt8] { store.files[CourtFiles(court: court).history] ?? [] }

    /// The desk's copy is the court's files, byte for byte.
    func holds(_ court: TestCourt) -> Bool {
        journal(court.name) == court.sim.journalBytes && MatchLines.lines(of: history(court.name)) == court.sim.history
    }
}

/// A hall's address from a test's URL, checked against the CA file `ca` over TLS.
func hallAddress(_ url: String, ca: String? = nil) throws -> HallAddress {
    var a = try HallAddress.parse(url).get()
    a.caFile = ca
    return a
}

/// A fresh broker (keeping its messages on disk if asked) with the recording desk and one
/// court on it, both online.
func deskAndCourt(_ name: String, persistence: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> (broker: MosquittoBroker, desk: TestDesk, court: TestCourt, pump: Pump) {
    let broker = try MosquittoBroker(persistence: persistence)
    let desk = try TestDesk(url: broker.url)
    let court = try TestCourt(name, url: broker.url)
    let pump = Pump([desk.recorder, court.publisher])
    #expect(pump.run(timeout: 5) { desk.recorder.isConnected && court.publisher.link.state == .online }, sourceLocation: sourceLocation)
    return (broker, desk, court, pump)
}

@Suite(.serialized) struct RecordingTests {
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func liveRalliesReachTheDeskOnceInOrderAndTheCourtSaysSynced() throws {
        let (broker, desk, court, pump) = try deskAndCourt("3")
        defer { withExtendedLifetime(broker) {} }  // the broker lives as long as the test
        for i in 0..<10 {
            court.rally(team: i % 2)
            pump.run(timeout: 0.05) { false }
        }
        #expect(pump.run(timeout: 5) { desk.holds(court) && court.publisher.link.acknowledged == 11 })
        #expect(court.publisher.link.text(unicode: true) == "hall ● synced #11")
        #expect(desk.recorder.links["3"]?.online == true)
        #expect(desk.store.files[DeskRecorder.quarantineFile] == nil)
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aCourtScoresWithNoBrokerAndSendsEverythingWhenItComes() throws {
        let port = try MosquittoBroker.freePort()
        let url = "mqtt://127.0.0.1:\(port)"
        let court = try TestCourt("1", url: url)
        let t0 = wallClock()
        for i in 0..<12 { court.rally(team: i % 2) }
        // Never waited for the network.
        #expect(wallClock() - t0 < 0.5)
        let pump = Pump([court.publisher])
        pump.run(timeout: 0.3) { false }
        #expect(court.publisher.link.text(unicode: true) == "hall ○ offline · 13 to send")
        #expect(court.publisher.link.text(unicode: false) == "hall o offline - 13 to send")
        let broker = try MosquittoBroker(port: port)
        let desk = try TestDesk(url: broker.url)
        pump.clients.append(desk.recorder)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { desk.holds(court) && court.publisher.link.toSend == 0 })
        #expect(court.publisher.link.acknowledged == 13)
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func theBrokerKilledMidMatchAndRestartedLosesAndDoublesNothing() throws {
        let (broker, desk, court, pump) = try deskAndCourt("2", persistence: true)
        for i in 0..<8 {
            court.rally(team: i % 2)
            pump.run(timeout: 0.02) { false }
        }
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        broker.kill9()
        // Scoring goes on while the broker is dead and while it comes back.
        for i in 0..<6 {
            court.rally(team: i % 2)
            pump.run(timeout: 0.1) { false }
        }
        try broker.start()
        for i in 0..<6 {
            court.rally(team: i % 2)
            pump.run(timeout: 0.05) { false }
        }
        #expect(pump.run(timeout: 8) { desk.holds(court) && court.publisher.link.toSend == 0 })
        let lines = MatchLines.lines(of: desk.journal("2"))
        #expect(lines.count == 21)
        #expect(Set(lines.map { $0 }).count == lines.count)
    }

    /// A court that dies while the broker is down leaves no last will (the broker had no link
    /// to it), and a persistent broker keeps its retained "online": the desk must not show it
    /// online for ever once nothing more is heard of it.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aCourtThatDiedWhileTheBrokerWasDownIsNotShownOnlineForEver() throws {
        let (broker, desk, court, pump) = try deskAndCourt("8", persistence: true)
        court.rally()
        #expect(pump.run(timeout: 5) { desk.holds(court) && desk.recorder.links["8"]?.online == true })
        pump.run(timeout: 1.5) { false }  // the broker's autosave (every second) holds the retained presence
        broker.kill9()
        // The court dies meanwhile: nobody turns its loop again, no goodbye, no will.
        pump.clients = [desk.recorder]
        pump.events = [[]]
        try broker.start()
        #expect(pump.run(timeout: 8) { desk.recorder.isConnected })
        pump.run(timeout: 1) { false }
        let link = try #require(desk.recorder.links["8"])
        let later = wallClock() + 300
        #expect(!link.text(now: later, unicode: true).hasPrefix("● online"))
        #expect(link.text(now: later, unicode: true).contains("online?"))
        #expect(link.text(now: later, unicode: false).contains("online?"))
    }

    /// The other side of it: a court that is alive but idle is shown online by its presence,
    /// which it refreshes while it has a link; a desk started meanwhile first hears only what
    /// the broker kept (online, not yet confirmed), then the court itself.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func anIdleCourtIsShownOnlineByThePresenceItRefreshes() throws {
        let (broker, desk, court, pump) = try deskAndCourt("9")
        defer { withExtendedLifetime(broker) {} }  // the broker lives as long as the test
        court.publisher.presenceEvery = 1.5
        court.rally()
        #expect(pump.run(timeout: 5) { desk.holds(court) && court.publisher.link.toSend == 0 })
        desk.recorder.stop()
        try desk.restart()
        pump.clients[0] = desk.recorder
        #expect(pump.run(timeout: 5) { desk.recorder.links["9"]?.online == true })
        #expect(desk.recorder.links["9"]?.text(now: wallClock(), unicode: true).hasPrefix("◌ online? · not heard yet") == true)
        #expect(pump.run(timeout: 4) { desk.recorder.links["9"]?.text(now: wallClock(), unicode: true).hasPrefix("● online") == true })
    }

    /// A screen anywhere ages a court's presence as the desk does: what the broker kept says
    /// online until the court itself is heard (its refresh), and not longer.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aScreenAnywhereBelievesAnOnlineOnlyWhileItHearsTheCourt() throws {
        let broker = try MosquittoBroker()
        let court = try TestCourt("2", url: broker.url)
        let pump = Pump([court.publisher])
        #expect(pump.run(timeout: 5) { court.publisher.link.state == .online })
        court.rally()
        pump.run(timeout: 1) { false }
        let screen = try HallMirror(address: try HallAddress.parse(broker.url).get(), credentials: nil, court: nil, clientID: "t-aging", now: wallClock())
        pump.clients.append(screen)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { screen.links["2"]?.online == true })
        #expect(screen.links["2"]?.text(now: wallClock(), unicode: true).hasPrefix("◌ online? · not heard yet") == true)
        court.publisher.presenceEvery = 0.5
        #expect(pump.run(timeout: 3) { screen.links["2"]?.text(now: wallClock(), unicode: true).hasPrefix("● online") == true })
        #expect(screen.links["2"]?.text(now: wallClock() + 300, unicode: true).hasPrefix("◌ online? · not heard for 5 min") == true)
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func theDeskKilledAndRestartedResumesFromItsFiles() throws {
        var (broker, desk, court, pump) = try deskAndCourt("5")
        defer { withExtendedLifetime(broker) {} }  // the broker lives as long as the test
        for _ in 0..<5 { court.rally() }
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        // Killed: its socket shut, no goodbye; the court goes on, a match ends and another begins.
        shutdown(desk.recorder.socket!, Int32(SHUT_RDWR))
        pump = Pump([court.publisher])
        let first = court.sim.log.startedAt
        while court.sim.log.startedAt == first { court.rally() }
        for _ in 0..<3 { court.rally(team: 1) }
        pump.run(timeout: 0.5) { false }
        try desk.restart()
        pump = Pump([desk.recorder, court.publisher])
        #expect(pump.run(timeout: 8) { desk.holds(court) && court.publisher.link.toSend == 0 })
        #expect(MatchLines.lines(of: desk.history("5")).count == 1)
    }

    /// The desk's disk refuses its copies: said once, nothing acknowledged; once it takes them
    /// again the court catches up and the desk says its copy is saved again.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aDeskWhoseDiskIsFullSaysSoOnceAndWhenItSavesAgain() throws {
        let (broker, desk, court, pump) = try deskAndCourt("6")
        defer { withExtendedLifetime(broker) {} }
        court.rally()
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        _ = desk.recorder.takeNotices()
        desk.store.failure = InMemoryStoreError.readOnly
        for _ in 0..<3 { court.rally() }
        pump.run(timeout: 4) { false }
        #expect(!desk.holds(court) && court.publisher.link.toSend > 0)
        let refused = desk.recorder.takeNotices()
        #expect(refused.filter { $0.contains("could not be saved") }.count == 1, "\(refused)")
        desk.store.failure = nil
        #expect(pump.run(timeout: 8) { desk.holds(court) && court.publisher.link.toSend == 0 })
        let again = desk.recorder.takeNotices()
        #expect(again.contains { $0.contains("court 6: the desk's copy is saved again") }, "\(again)")
    }

    @Test(.enabled(if: brokerAvailable && Child.installed("mosquitto_pub"), "needs mosquitto and mosquitto-clients"))
    func aBadClientIsSetAsideAndChangesNothingStored() throws {
        let (broker, desk, court, pump) = try deskAndCourt("4")
        for _ in 0..<4 { court.rally() }
        #expect(pump.run(timeout: 5) { desk.holds(court) })
        let before = (desk.journal("4"), desk.history("4"))
        let topic = "termini/hall/court/4/event"
        let m = court.sim.log.startedAt
        let k = court.keeper
        let forged = String(decoding: MatchEvent(.point(team: 1), at: m + 99).line.dropLastNewline, as: UTF8.self)
        let big = NSTemporaryDirectory() + "termini-big-\(getpid())"
        // Over what the desk takes as an event (512 KiB), under what its client takes at all
        // (MQTTClient.maxPacketBytes: a larger one the broker never sends it).
        try String(repeating: "x", count: 520 << 10).write(toFile: big, atomically: true, encoding: .utf8)
        defer { unlink(big) }
        let pub = ["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1"]
        for args in [["-m", "garbage \u{1b}[2J"], ["-f", big],
                     ["-m", "{\"v\":1,\"court\":\"4\",\"keeper\":\"\(k)\",\"match\":\(m),\"seq\":2}\n\(forged)"],
                     ["-m", "{\"v\":1,\"court\":\"4\",\"keeper\":\"\(k)\",\"match\":\(m),\"seq\":1}\n\(forged)"],
                     ["-m", "{\"v\":1,\"court\":\"9\",\"keeper\":\"\(k)\",\"match\":\(m),\"seq\":6}\n\(forged)"]] {
            #expect(try Child.run(pub + args) == 0)
        }
        #expect(pump.run(timeout: 5) { desk.recorder.links["4"]?.quarantined == 5 })
        #expect(desk.journal("4") == before.0 && desk.history("4") == before.1)
        let notices = desk.recorder.takeNotices()
        #expect(notices.first?.contains("court 4: 1 message set aside") == true)
        let log = String(decoding: desk.store.files[DeskRecorder.quarantineFile] ?? [], as: UTF8.self)
        #expect(log.split(separator: "\n").count == 5)
        #expect(!log.contains("\u{1b}"))
        // And the court's own next rally is taken as ever.
        court.rally()
        #expect(pump.run(timeout: 5) { desk.holds(court) })
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func twoKeepersOfOneCourtAreBothToldAndTheDeskSaysSo() throws {
        let (broker, desk, a, pump) = try deskAndCourt("7")
        a.rally()
        #expect(pump.run(timeout: 5) { desk.holds(a) })
        let b = try TestCourt("7", url: broker.url, keeper: HallWire.keeperID(host: "second-laptop", directory: "/c"),
                              sim: SimCourt(at: 1_700_500_000))
        pump.clients.append(b.publisher)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { a.publisher.link.warning != nil && b.publisher.link.warning != nil })
        #expect(a.publisher.link.text(unicode: true).contains("another keeper"))
        #expect(pump.run(timeout: 5) { desk.recorder.links["7"]?.problem?.contains("two keepers") == true })
        b.rally()
        pump.run(timeout: 1) { false }
        // The first keeper's match stays what the desk holds.
        #expect(desk.holds(a))
    }

    @Test(.enabled(if: brokerAvailable && Child.installed("mosquitto_pub"), "needs mosquitto and mosquitto-clients"))
    func aScreenAnywhereGetsEachCourtsJournalEvenWhenItComesLate() throws {
        let broker = try MosquittoBroker()
        let court = try TestCourt("6", url: broker.url)
        let live = try HallMirror(address: try HallAddress.parse(broker.url).get(), credentials: nil, court: "6", clientID: "t-live", now: wallClock())
        let pump = Pump([court.publisher, live])
        #expect(pump.run(timeout: 5) { court.publisher.link.state == .online && live.isConnected })
        for i in 0..<4 { court.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { live.files["badminton-6-match.jsonl"] == court.sim.journalBytes })
        // A screen started afterwards has the match at once (retained), nothing else needed.
        let late = try HallMirror(address: try HallAddress.parse(broker.url).get(), credentials: nil, court: nil, clientID: "t-late", now: wallClock())
        pump.clients.append(late)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { late.settled(now: wallClock()) })
        #expect(late.files["badminton-6-match.jsonl"] == court.sim.journalBytes)
        #expect(late.links["6"]?.online == true)
        // A forged journal on the court's topic is not taken.
        let bad = ["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "termini/hall/court/6/match", "-m", "junk\n\u{1b}[2J"]
        #expect(try Child.run(bad) == 0)
        #expect(pump.run(timeout: 5) { late.links["6"]?.quarantined == 1 })
        #expect(late.files["badminton-6-match.jsonl"] == court.sim.journalBytes)
    }

    /// Court names from the network map onto the desk's files as the local per-court files
    /// do: a court named as one the desk holds but in another case would share its files where
    /// case is ignored, so it is set aside, said, and the court held keeps what it has.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aCourtDifferingOnlyInCaseFromOneHeldIsSetAside() throws {
        let (broker, desk, centre, pump) = try deskAndCourt("Centre")
        for i in 0..<3 { centre.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { desk.holds(centre) })
        let other = try TestCourt("centre", url: broker.url)
        pump.clients.append(other.publisher)
        pump.events.append([])
        for i in 0..<2 { other.rally(team: i % 2) }
        #expect(pump.run(timeout: 5) { desk.recorder.links["centre"]?.quarantined ?? 0 > 0 })
        #expect(desk.recorder.links["centre"]?.problem?.contains("court Centre") == true)
        #expect(desk.store.files[CourtFiles(court: "centre").journal] == nil)
        #expect(desk.holds(centre))
        #expect(desk.recorder.takeNotices().contains { $0.contains("court centre") && $0.contains("set aside") })
    }
}
