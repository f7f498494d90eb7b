import Testing
import BadmintonRules
import TerminiApp
import TerminiTestSupport
@testable import TerminiHall

/// A screen anywhere (`--hall URL --watch --court N`) has what a local watcher has: the
/// court's match, its recent history (for `h` and the scoresheets) and its link.
@Suite(.serialized) struct MirrorTests {
    static func mirror(_ broker: MosquittoBroker, court: String?, id: String) throws -> HallMirror {
        try HallMirror(address: try HallAddress.parse(broker.url).get(), credentials: nil, court: court, clientID: id, now: wallClock())
    }

    /// The history file a screen anywhere writes for the app: the court's lines, newest last.
    static func historyLines(_ m: HallMirror, _ court: String) -> [[UInt8]] {
        MatchLines.lines(of: m.files[CourtFiles(court: court).history] ?? [])
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aScreenAnywhereHasTheCourtsFinishedMatchesAndItsLink() throws {
        let broker = try MosquittoBroker()
        let court = try TestCourt("6", url: broker.url)
        let live = try MirrorTests.mirror(broker, court: "6", id: "t-live-history")
        let pump = Pump([court.publisher, live])
        #expect(pump.run(timeout: 5) { court.publisher.link.state == .online && live.isConnected })
        // A 1x11 match won 11-0, and the next one begun.
        for _ in 0..<12 { court.rally(team: 0) }
        #expect(court.sim.history.count == 1)
        #expect(pump.run(timeout: 5) {
            MirrorTests.historyLines(live, "6") == court.sim.history && live.files["badminton-6-match.jsonl"] == court.sim.journalBytes
        })
        // Its link, as the desk's pane says it.
        #expect(live.view.courts["6"]?.text(now: wallClock(), unicode: true).hasPrefix("● online") == true)
        // A screen that comes later has both at once, from what the broker retained.
        let late = try MirrorTests.mirror(broker, court: "6", id: "t-late-history")
        pump.clients.append(late)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { late.settled(now: wallClock()) && !MirrorTests.historyLines(late, "6").isEmpty })
        #expect(MirrorTests.historyLines(late, "6") == court.sim.history)
        #expect(late.view.courts["6"]?.online == true)
    }

    /// A court with a long history retains only its most recent matches, in one message of
    /// bounded size: a 10,000-match history is not one retained message.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func theRetainedHistoryIsTheLastMatchesOnly() throws {
        var sim = SimCourt()
        while sim.history.count < CourtPublisher.historyRetained + 8 { _ = sim.rally(team: sim.history.count % 2) }
        let broker = try MosquittoBroker()
        let court = try TestCourt("7", url: broker.url, sim: sim)
        let screen = try MirrorTests.mirror(broker, court: "7", id: "t-bounded")
        let pump = Pump([court.publisher, screen])
        #expect(pump.run(timeout: 5) { !MirrorTests.historyLines(screen, "7").isEmpty })
        #expect(MirrorTests.historyLines(screen, "7") == Array(sim.history.suffix(CourtPublisher.historyRetained)))
        // Bounded in bytes too: the oldest go first.
        let big = Array(repeating: sim.history[0], count: 200)
        let body = CourtPublisher.retainedHistory(big)
        #expect(body.count <= HallWire.maxMatchBytes && !body.isEmpty)
    }

    /// A forged history on the court's topic (not history lines, or another court's) changes
    /// nothing the screen shows.
    @Test func aForgedHistoryIsSetAside() throws {
        let topics = HallTopics(hall: "hall")
        let m = HallMirrorProbe(topics: topics)
        var sim = SimCourt()
        for _ in 0..<12 { _ = sim.rally(team: 0) }
        let keeper = HallWire.keeperID(host: "h", directory: "/d")
        let good = HallWire.encode(.init(court: "6", keeper: keeper, match: 1_700_000_001, seq: 1), body: sim.history.flatMap { $0 + [0x0a] })
        #expect(m.take(topics.court("6", .history), good) == "badminton-6-history.jsonl")
        let junk = HallWire.encode(.init(court: "6", keeper: keeper, match: 1_700_000_001, seq: 1), body: Array("junk\n\u{1b}[2J\n".utf8))
        #expect(m.take(topics.court("6", .history), junk) == nil)
        let other = HallWire.encode(.init(court: "5", keeper: keeper, match: 1_700_000_001, seq: 1), body: sim.history.flatMap { $0 + [0x0a] })
        #expect(m.take(topics.court("6", .history), other) == nil)
        #expect(m.mirror.links["6"]?.quarantined == 2)
        #expect(MatchLines.lines(of: m.mirror.files["badminton-6-history.jsonl"] ?? []) == sim.history)
    }
}

/// A mirror with no broker behind it (a port nothing listens on), fed messages by hand.
struct HallMirrorProbe {
    let mirror: HallMirror
    init(topics: HallTopics) {
        // Port 1: the client never connects; the mirror only reads what it is handed.
        mirror = try! HallMirror(address: try! HallAddress.parse("mqtt://127.0.0.1:1/\(topics.hall)").get(), credentials: nil, court: "6",
                                 clientID: "t-probe", now: 0)
    }
    func take(_ topic: String, _ payload: [UInt8]) -> String? { mirror.take(topic, payload) }
}
