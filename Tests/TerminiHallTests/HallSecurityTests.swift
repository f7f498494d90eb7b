#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules
import TerminiTestSupport
@testable import TerminiHall

/// A hall as `termini hall init` writes it (passwords, the ACL, no anonymous user), held end to
/// end: through a bridge whose user is the desk's, and against a display's credentials, or
/// another court's, that forge a score.
@Suite(.serialized) struct HallSecurityTests {
    static let available = brokerAvailable && Child.installed("mosquitto_passwd")

    /// A hall of 4 courts made by init, and its broker (its config, on loopback only).
    final class InitHall {
        let hall: HallInit
        let broker: MosquittoBroker
        /// `plain`: the hall as it was before TLS (the same users and ACL, a listener in clear).
        init(plain: Bool = false, extra: [String] = []) throws {
            let dir = NSTemporaryDirectory() + "termini-hallsec-\(getpid())-\(UUID().uuidString.prefix(8))"
            hall = HallInit(directory: dir, courts: 4, port: try MosquittoBroker.freePort(), host: "127.0.0.1")
            try hall.write(passwd: HallInit.hashPasswords).get()
            let conf = try String(contentsOfFile: dir + "/mosquitto.conf", encoding: .utf8)
            let tls = ["cafile", "certfile", "keyfile", "tls_version"]
            let lines = conf.split(separator: "\n").filter { line in
                !line.hasPrefix("listener") && !line.hasPrefix("user") && !(plain && tls.contains { line.hasPrefix($0 + " ") })
            }.map(String.init)
            broker = try MosquittoBroker(port: hall.port, config: lines + extra)
        }
        deinit { try? FileManager.default.removeItem(atPath: hall.directory) }
        var url: String { broker.url + "/hall" }
        var ca: String { hall.caPath }
        var address: HallAddress { get throws { try hallAddress(url, ca: ca) } }
        func credentials(_ user: String) throws -> HallCredentials { try HallCredentials.read(hall.credentialsPath(user)).get() }
    }

    /// Broker B bridges hall A (made by init) with the desk's user, as docs/hall.md gives it.
    @Test(.enabled(if: available, "needs mosquitto and mosquitto_passwd"))
    func aBridgeToAHallMadeByInitWithTheDesksUser() throws {
        let a = try InitHall()
        let desk = try a.credentials("desk")
        let b = try MosquittoBroker(config: ["connection hall-a", "address 127.0.0.1:\(a.broker.port)", "topic termini/# both 1",
                                             "cleansession false", "try_private true", "restart_timeout 1",
                                             "remote_username \(desk.user)", "remote_password \(desk.password)", "bridge_cafile \(a.ca)"])
        let court = try TestCourt("3", url: a.url, credentials: try a.credentials("court-3"), ca: a.ca)
        let recorder = try TestDesk(url: b.broker(hall: "hall"))
        let pump = Pump([recorder.recorder, court.publisher])
        #expect(pump.run(timeout: 10) { recorder.recorder.isConnected && court.publisher.link.state == .online })
        for i in 0..<10 {
            court.rally(team: i % 2)
            pump.run(timeout: 0.05) { false }
        }
        // The events crossed to B, the desk's acks back to A through the desk's user.
        #expect(pump.run(timeout: 15) { recorder.holds(court) && court.publisher.link.acknowledged == 11 })
        let lines = MatchLines.lines(of: recorder.journal("3"))
        #expect(lines.count == 11 && Set(lines).count == 11)
        #expect(recorder.store.files[DeskRecorder.quarantineFile] == nil)
    }

    /// A display's credentials, and court 4's, publish a well-formed next event of court 3
    /// (one the desk would take from court 3), a state and a journal: the broker drops them,
    /// and the desk's copy, its panes and a screen anywhere are as they were.
    @Test(.enabled(if: available, "needs mosquitto and mosquitto_passwd"))
    func aDisplayOrAnotherCourtCannotChangeAScore() throws {
        let h = try InitHall()
        let court = try TestCourt("3", url: h.url, credentials: try h.credentials("court-3"), ca: h.ca)
        let desk = try TestDesk(url: h.url, credentials: try h.credentials("desk"), ca: h.ca)
        let screen = try HallMirror(address: try h.address, credentials: try h.credentials("display"), court: "3",
                                    clientID: "t-screen", now: wallClock())
        let forgers = try ["display", "court-4"].map { user in
            let c = try h.credentials(user)
            return try MQTTClient(clientID: "t-forger-\(user)", cleanSession: true, address: try h.address, credentials: c)
        }
        let pump = Pump([desk.recorder, court.publisher, screen] + forgers)
        forgers.forEach { $0.start(now: wallClock()) }
        #expect(pump.run(timeout: 10) { desk.recorder.isConnected && court.publisher.link.state == .online && forgers.allSatisfy(\.isConnected) })
        for i in 0..<3 { court.rally(team: i % 2) }
        #expect(pump.run(timeout: 10) { desk.holds(court) && court.publisher.link.acknowledged == 4 && screen.files["badminton-3-match.jsonl"] == court.sim.journalBytes })
        let journal = desk.journal("3"), link = desk.recorder.links["3"]

        // The forgery: court 3's next seq, its keeper's id, a point that applies.
        let point = MatchEvent(.point(team: 1), at: court.sim.time + 1).line.dropLastNewline
        let match = try #require(desk.recorder.copies["3"]?.match)
        let header = HallWire.Header(court: "3", keeper: court.keeper, match: match, seq: court.sim.journal.count + 1)
        let event = HallWire.encode(header, body: point)
        // It is one the desk would take from court 3 itself.
        guard case .success(let m) = HallWire.decode(event, court: "3", limit: HallWire.maxEventBytes),
              case .store? = desk.recorder.copies["3"]?.consider(m) else {
            Issue.record("the forged event would not be taken from court 3")
            return
        }
        let topics = HallTopics(hall: "hall")
        let state = HallWire.encode(HallWire.Header(court: "3", keeper: court.keeper, match: match, seq: 99), body: Array("{}".utf8))
        let whole = HallWire.encode(header, body: court.sim.journalBytes + point + [0x0a])
        for f in forgers {
            f.publish(topics.court("3", .event), event)
            f.publish(topics.court("3", .state), state, retain: true)
            f.publish(topics.court("3", .match), whole, retain: true)
            f.publish(topics.court("3", .online), HallWire.Presence(keeper: court.keeper, online: false).bytes, retain: true)
        }
        pump.run(timeout: 2) { false }
        #expect(desk.journal("3") == journal && desk.holds(court))
        #expect(desk.recorder.links["3"]?.unacknowledged == link?.unacknowledged && desk.recorder.links["3"]?.online == true)
        #expect(desk.recorder.links["3"]?.quarantined == 0 && desk.store.files[DeskRecorder.quarantineFile] == nil)
        #expect(screen.files["badminton-3-match.jsonl"] == court.sim.journalBytes && screen.links["3"]?.online == true)
        #expect(court.publisher.link.acknowledged == 4)
    }
}

extension MosquittoBroker {
    func broker(hall: String) -> String { url + "/" + hall }
}
