#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules
import TerminiStore
import TerminiTestSupport
@testable import TerminiHall

/// The hall's transport against someone on its Wi-Fi: what crosses the network, whose client
/// ids can be taken, how large a message may be, and what a flood on one court costs the
/// others. A real broker, with the config `hall init` writes.
@Suite(.serialized) struct HallTransportTests {
    static let available = HallSecurityTests.available && Child.installed("openssl")
    typealias InitHall = HallSecurityTests.InitHall

    /// A court and the desk, both through a relay that keeps every byte: over the TLS
    /// listener init writes, neither a password, a user name nor a topic crosses in clear.
    /// The same hall with a listener in clear (as before TLS) shows the court's password.
    @Test(.enabled(if: available, "needs mosquitto, mosquitto_passwd and openssl"))
    func noPasswordCrossesTheWireInClear() throws {
        for plain in [true, false] {
            let h = try InitHall(plain: plain)
            let tap = try WireTap(to: h.broker.port)
            let url = (plain ? "mqtt" : "mqtts") + "://127.0.0.1:\(tap.port)/hall"
            let c3 = try h.credentials("court-3"), d = try h.credentials("desk")
            let court = try TestCourt("3", url: url, credentials: c3, ca: h.ca)
            let desk = try TestDesk(url: url, credentials: d, ca: h.ca)
            let pump = Pump([desk.recorder, court.publisher])
            #expect(pump.run(timeout: 10) { desk.recorder.isConnected && court.publisher.link.state == .online })
            for i in 0..<3 { court.rally(team: i % 2) }
            #expect(pump.run(timeout: 10) { desk.holds(court) && court.publisher.link.acknowledged == 4 })
            let clear = [c3.password, d.password, "court-3", "termini/hall/court"].filter(tap.saw)
            if plain {
                #expect(clear.count == 4, "the relay sees what crosses in clear: \(clear)")
            } else {
                #expect(clear.isEmpty, "in clear over TLS: \(clear)")
                #expect(tap.bytes.count > 1000)
            }
        }
    }

    /// A CA that did not sign the broker's certificate, or a name the certificate was not made
    /// for, is refused, and the client says which.
    @Test(.enabled(if: available, "needs mosquitto, mosquitto_passwd and openssl"))
    func aWrongCAOrAWrongNameIsSaid() throws {
        let h = try InitHall()
        let other = try InitHall()
        let c = try h.credentials("display")
        func problem(host: String, ca: String) throws -> String? {
            let client = try MQTTClient(clientID: nil, cleanSession: true, host: host, port: h.broker.port,
                                        username: c.user, password: c.password, tls: MQTTClient.TLS(caFile: ca))
            client.start(now: wallClock())
            let pump = Pump([client])
            pump.run(timeout: 5) { client.isConnected || client.problem != nil }
            return client.isConnected ? nil : client.problem
        }
        #expect(try problem(host: "127.0.0.1", ca: h.ca) == nil)
        #expect(try problem(host: "127.0.0.1", ca: other.ca)?.contains("not signed by the hall's CA") == true)
        let named = try problem(host: "localhost", ca: h.ca)
        #expect(named?.contains("not made for localhost") == true, "\(named ?? "connected")")
        // A CA file that is not there is said before anything is tried.
        #expect(throws: HallError.self) {
            try MQTTClient(clientID: nil, cleanSession: true, host: "127.0.0.1", port: h.broker.port, tls: MQTTClient.TLS(caFile: h.ca + ".missing"))
        }
    }

    /// A display's credentials try every client id they can learn (each keeper id in the
    /// courts' messages, the ids Termini used to give: court, keeper, desk), with a clean
    /// session and a kept one. The court and the desk stay on their first connection, no
    /// message meant for the desk reaches the thief, and the next rally reaches the desk.
    @Test(.enabled(if: available, "needs mosquitto, mosquitto_passwd and openssl"))
    func noCredentialTakesAnotherClientsPlace() throws {
        let h = try InitHall()
        let deskDir = NSTemporaryDirectory() + "termini-desksession-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: deskDir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: deskDir) }
        let secret = try DeskSession.secret(directory: deskDir).get()
        #expect(try DeskSession.secret(directory: deskDir).get() == secret)
        var st = stat()
        #expect(stat(deskDir + "/" + DeskSession.file, &st) == 0 && st.st_mode & 0o077 == 0)
        let store = InMemoryStore()
        let desk = try TestDesk.make(h.url, store, try h.credentials("desk"), ca: h.ca, clientID: "termini-hall-desk-\(secret)")
        let court = try TestCourt("3", url: h.url, credentials: try h.credentials("court-3"), ca: h.ca)
        let spy = try MQTTClient(clientID: nil, cleanSession: true, address: try h.address, credentials: try h.credentials("display"))
        spy.start(now: wallClock())
        let pump = Pump([desk, court.publisher, spy])
        #expect(pump.run(timeout: 10) { desk.isConnected && court.publisher.link.state == .online && spy.isConnected })
        spy.subscribe("termini/hall/#")
        court.rally(team: 0)
        #expect(pump.run(timeout: 10) { pump.messages(2).contains { $0.topic.hasSuffix("/court/3/event") } && court.publisher.link.acknowledged == 2 })
        // What the display heard: every word that could be a client id, and the old ids.
        let heard = pump.messages(2).map(\.payload).joined(separator: " ")
        let words = Set(heard.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init).filter { $0.count >= 6 })
        let keeper = court.keeper
        let candidates = Array(words) + ["termini-hall-court-3-\(keeper)", "termini-hall-desk", "termini-hall-desk-\(keeper)", keeper]
        let c = try h.credentials("display")
        for id in candidates {
            for clean in [true, false] {
                let thief = try MQTTClient(clientID: id, cleanSession: clean, address: try h.address, credentials: c)
                thief.start(now: wallClock())
                let p = Pump([thief, desk, court.publisher])
                p.run(timeout: 3) { thief.isConnected || thief.problem != nil }
                court.rally(team: 1)
                // While the thief is connected, the court's rally reaches the desk.
                #expect(p.run(timeout: 5) { store.files["badminton-3-match.jsonl"] == court.sim.journalBytes })
                let stolen = p.events[0].contains { if case .message(let t, _, _) = $0 { t.contains("/court/") } else { false } }
                #expect(!stolen, "\(id) took messages meant for the desk")
                thief.stop()
            }
        }
        #expect(court.publisher.client.connections == 1, "the court was knocked off")
        #expect(desk.client.connections == 1, "the desk was knocked off")
        #expect(desk.isConnected && court.publisher.link.state == .online)
    }

    /// A message larger than a court ever sends is refused by the broker init configures.
    @Test(.enabled(if: available && Child.installed("mosquitto_pub"), "needs mosquitto, mosquitto_pub and openssl"))
    func theBrokerRefusesAHugeMessage() throws {
        let h = try InitHall()
        let c3 = try h.credentials("court-3")
        let big = h.hall.directory + "/big"
        try Data(repeating: 0x61, count: 2 << 20).write(to: URL(fileURLWithPath: big))
        // mosquitto_pub (MQTT 3.1.1) is not told the broker's limit: the broker itself refuses.
        let pub = try Child.output(["mosquitto_pub", "-V", "311", "-h", "127.0.0.1", "-p", "\(h.broker.port)", "--cafile", h.ca,
                                    "-u", c3.user, "-P", c3.password, "-t", "termini/hall/court/3/match", "-r", "-q", "1", "-f", big])
        #expect(pub.status != 0)
        // Ours is told by the broker (MQTT 5) and refuses to send it.
        let court = try MQTTClient(clientID: nil, cleanSession: true, address: try h.address, credentials: c3)
        court.start(now: wallClock())
        let pump = Pump([court])
        #expect(pump.run(timeout: 5) { court.isConnected })
        #expect(court.publish("termini/hall/court/3/match", [UInt8](repeating: 0x61, count: 2 << 20), retain: true) == nil)
        court.publish("termini/hall/court/3/match", Array("small".utf8), retain: true)
        // A display subscribing now gets what the broker retained: the small one only.
        let display = try MQTTClient(clientID: nil, cleanSession: true, address: try h.address, credentials: try h.credentials("display"))
        display.start(now: wallClock())
        let p2 = Pump([court, display])
        #expect(p2.run(timeout: 5) { display.isConnected })
        display.subscribe("termini/hall/court/3/match")
        #expect(p2.run(timeout: 5) { p2.messages(1).contains { $0.payload == "small" } })
        #expect(p2.messages(1).allSatisfy { $0.payload.count < MQTTClient.maxPacketBytes })
    }

    /// A broker with no size limit (not one init wrote) retains a 64 MiB message on the topics
    /// every client of the hall reads. The court, a screen and the desk each tell the broker
    /// the most they take: none is sent it, and the process's peak memory hardly moves.
    @Test(.enabled(if: brokerAvailable && Child.installed("mosquitto_pub"), "needs mosquitto and mosquitto_pub"))
    func noClientHoldsAMessageLargerThanItTakes() throws {
        let broker = try MosquittoBroker()
        let big = broker.directory + "/big"
        let size = 64 << 20
        try Data(repeating: 0x61, count: size).write(to: URL(fileURLWithPath: big))
        for topic in ["termini/hall/court/3/match", "termini/hall/desk/ack/3", "termini/hall/court/3/state"] {
            #expect(try Child.run(["mosquitto_pub", "-V", "311", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-r", "-q", "1", "-f", big]) == 0)
        }
        unlink(big)
        #expect(try Child.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "termini/hall/court/4/state", "-r", "-q", "1", "-m", "marker"]) == 0)
        let before = PeakMemory.reset()
        let court = try TestCourt("3", url: broker.url)
        let desk = try TestDesk(url: broker.url)
        let screen = try HallMirror(address: try HallAddress.parse(broker.url).get(), credentials: nil, court: nil, now: wallClock())
        let pump = Pump([court.publisher, desk.recorder, screen])
        // Each has subscribed, and the broker has sent what it retained (the marker after the
        // large ones, which are older).
        #expect(pump.run(timeout: 20) { desk.recorder.isConnected && court.publisher.link.state == .online && screen.settled(now: wallClock()) })
        let spy = try MQTTClient(clientID: nil, cleanSession: true, host: "127.0.0.1", port: broker.port)
        spy.start(now: wallClock())
        let p2 = Pump([spy, court.publisher, desk.recorder, screen])
        #expect(p2.run(timeout: 5) { spy.isConnected })
        spy.subscribe("termini/hall/court/4/state")
        #expect(p2.run(timeout: 5) { p2.messages(0).contains { $0.payload == "marker" } })
        let grew = PeakMemory.peak() - before
        #expect(grew < size / 4, "the peak grew by \(grew >> 20) MiB with a \(size >> 20) MiB message retained")
        #expect(screen.client.oversized == 0 && court.publisher.client.oversized == 0)
    }

    /// 10,000 messages of garbage on court 2's events, sent as fast as the broker takes them,
    /// and a rally of court 1 once the desk has taken 500: the rally reaches the desk (on its
    /// disk) without waiting for the flood, every garbage message is counted against court 2, none against 1.
    @Test(.enabled(if: brokerAvailable && Child.installed("mosquitto_pub"), "needs mosquitto and mosquitto-clients"))
    func aFloodOnOneCourtCostsTheOthersNothing() throws {
        let broker = try MosquittoBroker()
        let dir = NSTemporaryDirectory() + "termini-flood-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FileStore(directory: dir)
        let desk = try DeskRecorder(address: try HallAddress.parse(broker.url).get(), credentials: nil, store: store, clientID: "termini-hall-desk-flood",
                                    lock: { store.tryLock($0) }, unlock: { store.unlock($0) }, now: wallClock())
        let court = try TestCourt("1", url: broker.url)
        let pump = Pump([desk, court.publisher])
        #expect(pump.run(timeout: 5) { desk.isConnected && court.publisher.link.state == .online })
        court.rally(team: 0)
        #expect(pump.run(timeout: 5) { store.readBytes("badminton-1-match.jsonl") == court.sim.journalBytes })
        // The flood from another process (mosquitto_pub -l: a message a line, QoS 1), as from
        // another machine: its work is not the desk's.
        let floodCount = 10_000
        var rng = SystemRandomNumberGenerator()
        var lines: [UInt8] = []
        for i in 0..<floodCount {
            lines += (0..<(20 + i % 200)).map { _ in UInt8.random(in: 1...255, using: &rng) }.map { $0 == 0x0a ? 0x78 : $0 } + [0x0a]
        }
        let file = dir + "/flood"
        try Data(lines).write(to: URL(fileURLWithPath: file))
        let flooder = try Child.start(["sh", "-c", "exec mosquitto_pub -h 127.0.0.1 -p \(broker.port) -q 1 -t termini/hall/court/2/event -l < \(file)"])
        defer { _ = Child.wait(flooder) }
        // Once the desk has taken the first of the flood, court 1 rallies.
        #expect(pump.run(timeout: 10) { (desk.links["2"]?.quarantined ?? 0) >= 500 })
        court.rally(team: 1)
        let start = wallClock()
        #expect(pump.run(timeout: 20) { store.readBytes("badminton-1-match.jsonl") == court.sim.journalBytes })
        let delay = wallClock() - start
        // The budget, 1 s, is scripts/bench's (--only flood, a quiet machine). Beside the whole
        // suite on two cores this bound still catches a loop the flood starves (88 s before).
        #expect(delay <= 3.0, "court 1's rally took \(delay) s to reach the desk during the flood")
        // Every garbage event is counted against court 2 once the flood has been read.
        #expect(pump.run(timeout: 30) { (desk.links["2"]?.quarantined ?? 0) >= floodCount })
        #expect(desk.links["2"]?.quarantined == floodCount)
        #expect((desk.links["1"]?.quarantined ?? 0) == 0)
    }
}

/// The process's peak resident memory (VmHWM), which can be reset to what it holds now.
enum PeakMemory {
    /// Resets the peak to the current resident size, and returns it.
    static func reset() -> Int {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        if fd >= 0 { _ = write(fd, "5", 1); close(fd) }
        return peak()
    }

    static func peak() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
