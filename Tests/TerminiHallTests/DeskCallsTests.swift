#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport
import BadmintonRules
import TerminiApp
@testable import TerminiHall

/// The desk's calls to court over a real broker: retained on desk/call/C, cleared when the
/// desk no longer has them, the courts' answers heard, and only the desk's credentials can
/// call (the ACL of `termini hall init`).
@Suite(.serialized) struct DeskCallsTests {
    static let t0 = 1_800_000_000.0

    static func call(_ match: String, court: String, at t: Double = t0) -> CourtCall {
        CourtCall(match: match, event: "MS", round: "R1", court: court, team1: [.init(name: "Ann", country: "DEN")],
                  team2: [.init(name: "Bea")], calledAt: t)
    }

    static func subscriber(_ port: Int, _ id: String, user: HallCredentials? = nil, ca: String? = nil) throws -> MQTTClient {
        try MQTTClient(clientID: id, cleanSession: true, host: "127.0.0.1", port: port, username: user?.user, password: user?.password,
                       tls: ca.map { MQTTClient.TLS(caFile: $0) })
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto"))
    func theDeskKeepsEachCourtsCallRetainedClearsItAndHearsTheAnswer() throws {
        let broker = try MosquittoBroker()
        let store = InMemoryStore()
        let desk = try DeskRecorder(address: try HallAddress.parse(broker.url).get(), credentials: nil, store: store, clientID: "termini-hall-desk",
                                    lock: { store.lock($0) ? .acquired : .heldByAnother }, unlock: { store.unlock($0) }, now: wallClock())
        // Wanted before the link is up (the screen's start): sent once it is.
        desk.want(["1": Self.call("1", court: "1"), "2": Self.call("2", court: "2")])
        let pump = Pump([desk])
        #expect(pump.run(timeout: 5) { desk.isConnected && desk.retainedCalls["2"] == Self.call("2", court: "2").id })
        // A court that connects later finds its call waiting (retained): a link down loses nothing.
        let court = try Self.subscriber(broker.port, "t-court-1")
        pump.clients.append(court)
        pump.events.append([])
        court.start(now: wallClock())
        #expect(pump.run(timeout: 5) { court.isConnected })
        court.subscribe("termini/hall/desk/call/1")
        #expect(pump.run(timeout: 5) { pump.messages(1).contains { $0.retained && HallCall.parse(Array($0.payload.utf8))?.match == "1" } })
        // The court answers; the desk shows it on the court's link.
        court.publish("termini/hall/court/1/call", HallCallAnswer(Self.call("1", court: "1"), .received).bytes, retain: true)
        #expect(pump.run(timeout: 5) { desk.links["1"]?.call == CallAnswer(id: Self.call("1", court: "1").id, match: "1", state: "received") })
        // Withdrawn (or begun): the retained call is cleared.
        desk.want(["2": Self.call("2", court: "2")])
        #expect(pump.run(timeout: 5) { desk.retainedCalls["1"] == "" })
        let late = try Self.subscriber(broker.port, "t-late")
        pump.clients.append(late)
        pump.events.append([])
        late.start(now: wallClock())
        #expect(pump.run(timeout: 5) { late.isConnected })
        late.subscribe("termini/hall/desk/call/+")
        #expect(pump.run(timeout: 5) { pump.messages(2).contains { $0.payload.contains("\"match\":\"2\"") } })
        pump.run(timeout: 0.5) { false }
        #expect(!pump.messages(2).contains { $0.payload.contains("\"match\":\"1\"") })
        // A call the broker kept that the desk's file no longer holds (a desk stopped between
        // its save and its message) is put right when the desk hears it.
        late.publish("termini/hall/desk/call/3", Self.call("3", court: "3").bytes, retain: true)
        #expect(pump.run(timeout: 5) { desk.retainedCalls["3"] == "" })
        desk.stop()
    }

    /// A recording desk (`badminton --watch --all`) reads the calls and sends none: it never
    /// clears the tournament desk's.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto"))
    func aRecordingDeskLeavesTheCallsAlone() throws {
        let broker = try MosquittoBroker()
        let other = try Self.subscriber(broker.port, "t-tournament-desk")
        let pump = Pump([other])
        other.start(now: wallClock())
        #expect(pump.run(timeout: 5) { other.isConnected })
        other.publish("termini/hall/desk/call/4", Self.call("9", court: "4").bytes, retain: true)
        pump.run(timeout: 0.5) { false }
        let store = InMemoryStore()
        let recorder = try DeskRecorder(address: try HallAddress.parse(broker.url).get(), credentials: nil, store: store, clientID: "termini-hall-desk",
                                        lock: { store.lock($0) ? .acquired : .heldByAnother }, unlock: { store.unlock($0) }, now: wallClock())
        pump.clients.append(recorder)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { recorder.retainedCalls["4"] == Self.call("9", court: "4").id })
        #expect(recorder.links["4"]?.next?.contains("Match 9") == true)
        pump.run(timeout: 1) { false }
        other.subscribe("termini/hall/desk/call/4")
        #expect(pump.run(timeout: 5) { pump.messages(0).contains { $0.retained && $0.payload.contains("\"match\":\"9\"") } })
        #expect(!pump.messages(0).contains { $0.payload.isEmpty })
        recorder.stop()
    }

    @Test(.enabled(if: HallInitTests.available, "needs mosquitto and mosquitto_passwd"))
    func onlyTheDesksCredentialsCanCallACourt() throws {
        let dir = NSTemporaryDirectory() + "termini-hall-calls-\(getpid())"
        let h = HallInit(directory: dir, courts: 3, port: try MosquittoBroker.freePort(), host: "127.0.0.1")
        try h.write(passwd: HallInit.hashPasswords).get()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let conf = try String(contentsOfFile: dir + "/mosquitto.conf", encoding: .utf8)
        let lines = conf.split(separator: "\n").filter { !$0.hasPrefix("listener") && !$0.hasPrefix("user") }.map(String.init)
        let broker = try MosquittoBroker(port: h.port, config: lines)
        func client(_ user: String) throws -> MQTTClient {
            try Self.subscriber(broker.port, "t-\(user)", user: try HallCredentials.read(h.credentialsPath(user)).get(), ca: h.caPath)
        }
        let desk = try client("desk"), court3 = try client("court-3"), display = try client("display")
        let pump = Pump([desk, court3, display])
        for c in [desk, court3, display] { c.start(now: wallClock()) }
        #expect(pump.run(timeout: 5) { desk.isConnected && court3.isConnected && display.isConnected })
        // A court calling itself a match, another court, a display: none reaches the broker.
        court3.publish("termini/hall/desk/call/3", Self.call("66", court: "3").bytes, retain: true)
        court3.publish("termini/hall/desk/call/1", Self.call("67", court: "1").bytes, retain: true)
        display.publish("termini/hall/desk/call/3", Self.call("68", court: "3").bytes, retain: true)
        pump.run(timeout: 0.5) { false }
        desk.publish("termini/hall/desk/call/2", Self.call("12", court: "2").bytes, retain: true)
        pump.run(timeout: 0.5) { false }
        desk.subscribe("termini/hall/desk/call/+")
        #expect(pump.run(timeout: 5) { pump.messages(0).contains { $0.payload.contains("\"match\":\"12\"") } })
        pump.run(timeout: 0.5) { false }
        let seen = pump.messages(0).map(\.payload).joined()
        #expect(!seen.contains("\"match\":\"66\"") && !seen.contains("\"match\":\"67\"") && !seen.contains("\"match\":\"68\""), "\(seen)")
        // Court 3 reads its own calls, answers on its own topic, and no other court's.
        court3.publish("termini/hall/court/3/call", HallCallAnswer(id: "12@1", match: "12", state: .received).bytes, retain: true)
        court3.publish("termini/hall/court/2/call", HallCallAnswer(id: "12@1", match: "12", state: .accepted).bytes, retain: true)
        desk.subscribe("termini/hall/court/+/call")
        #expect(pump.run(timeout: 5) { pump.messages(0).contains { $0.topic == "termini/hall/court/3/call" } })
        pump.run(timeout: 0.5) { false }
        #expect(!pump.messages(0).contains { $0.topic == "termini/hall/court/2/call" })
    }
}
