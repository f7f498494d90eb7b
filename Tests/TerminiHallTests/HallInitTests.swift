#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport
@testable import TerminiHall

@Suite(.serialized) struct HallInitTests {
    static let available = brokerAvailable && Child.installed("mosquitto_passwd")

    func made(courts: Int = 3) throws -> (HallInit, String) {
        let dir = NSTemporaryDirectory() + "termini-hall-\(getpid())-\(UUID().uuidString.prefix(8))"
        let h = HallInit(directory: dir, courts: courts, port: try MosquittoBroker.freePort(), host: "127.0.0.1")
        try h.write(passwd: HallInit.hashPasswords).get()
        return (h, dir)
    }

    func credentials(_ h: HallInit, _ user: String) throws -> HallCredentials {
        try HallCredentials.read(h.credentialsPath(user)).get()
    }

    @Test(.enabled(if: available, "needs mosquitto and mosquitto_passwd"))
    func theFilesAHallNeeds() throws {
        let (h, dir) = try made()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let conf = try String(contentsOfFile: dir + "/mosquitto.conf", encoding: .utf8)
        #expect(conf.contains("allow_anonymous false") && conf.contains("acl_file \(dir)/acl") && conf.contains("persistence true"))
        let passwd = try String(contentsOfFile: dir + "/passwd", encoding: .utf8)
        #expect(passwd.split(separator: "\n").count == 5)
        // Hashed: no password of a credentials file is in it.
        let c3 = try credentials(h, "court-3")
        #expect(c3.user == "court-3" && !passwd.contains(c3.password))
        #expect(c3.warnings.isEmpty)
        for f in ["passwd", "acl", "mosquitto.conf", "credentials/desk.credentials", "tls/ca.key", "tls/server.key"] {
            var st = stat()
            #expect(stat(dir + "/" + f, &st) == 0 && st.st_mode & 0o077 == 0, "\(f)")
        }
        #expect(h.instructions.contains("mosquitto -c \(dir)/mosquitto.conf"))
        #expect(h.instructions.contains("hall = mqtts://127.0.0.1:\(h.port)/hall"))
        #expect(h.instructions.contains("copy \(dir)/credentials/court-2.credentials"))
        #expect(h.instructions.contains("hall.credentials = court-2.credentials") && h.instructions.contains("hall.ca = hall-ca.crt"))
        // A second init into the same directory would lose the passwords: refused.
        if case .failure(let e) = h.write(passwd: HallInit.hashPasswords) { #expect(e.description.contains("already holds a hall")) } else { Issue.record("written twice") }
        if case .failure(let e) = HallInit(directory: dir + "x", courts: 0, host: "h").write(passwd: { _ in nil }) {
            #expect(e.description == "--courts takes 1 to 99")
        } else {
            Issue.record("0 courts written")
        }
    }

    /// The broker's certificate names --host in its subjectAltName (an address as IP, a name as
    /// DNS), and the listener binds an address only; keys are mode 600.
    @Test(.enabled(if: available && Child.installed("openssl"), "needs mosquitto_passwd and openssl"))
    func theCertificateIsForTheHost() throws {
        for (host, san, listener) in [("127.0.0.1", "IP Address:127.0.0.1", "listener 8883 127.0.0.1"),
                                      ("localhost", "DNS:localhost", "listener 8883 localhost"),
                                      ("hall.local", "DNS:hall.local", "listener 8883\n")] {
            let dir = NSTemporaryDirectory() + "termini-hallcert-\(getpid())-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let h = HallInit(directory: dir, courts: 1, host: host)
            try h.write(passwd: HallInit.hashPasswords).get()
            let text = try Child.output(["openssl", "x509", "-in", dir + "/tls/server.crt", "-noout", "-text"]).text
            #expect(text.contains(san), "\(host): \(text)")
            let verify = try Child.output(["openssl", "verify", "-CAfile", h.caPath, dir + "/tls/server.crt"])
            #expect(verify.status == 0, "\(verify.text)")
            let conf = try String(contentsOfFile: dir + "/mosquitto.conf", encoding: .utf8)
            #expect(conf.contains(listener) && conf.contains("max_packet_size \(MQTTClient.maxPacketBytes)") && !conf.contains("listener 1883"), "\(conf)")
            for key in ["tls/ca.key", "tls/server.key"] {
                var st = stat()
                #expect(stat(dir + "/" + key, &st) == 0 && st.st_mode & 0o077 == 0, "\(key)")
            }
        }
    }

    /// Without openssl nothing is written, and the message says what to install.
    @Test func withoutOpensslNothingIsWritten() throws {
        let dir = NSTemporaryDirectory() + "termini-hallnossl-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let h = HallInit(directory: dir, courts: 1, host: "127.0.0.1")
        let r = h.write(passwd: { _ in nil }, certificates: { _ in HallInit.run(["openssl-not-installed-here", "req"]) })
        guard case .failure(let e) = r else { Issue.record("written without openssl"); return }
        #expect(e.description.contains("cannot be run") && e.description.contains("TLS certificates"), "\(e)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/mosquitto.conf") && !FileManager.default.fileExists(atPath: dir + "/passwd"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/credentials/desk.credentials"))
        // A directory name with a newline is refused before anything is made.
        if case .failure(let e) = HallInit(directory: dir + "\nallow_anonymous true", courts: 1, host: "h").write(passwd: { _ in nil }) {
            #expect(e.description.contains("control character"))
        } else {
            Issue.record("a name with a newline written")
        }
    }

    /// The broker started with what init wrote: no anonymous client, a court writes only its
    /// own topics, a display nothing, the desk its acks.
    @Test(.enabled(if: available, "needs mosquitto and mosquitto_passwd"))
    func theACLLetsEachWriteOnlyItsOwn() throws {
        let (h, dir) = try made()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let conf = try String(contentsOfFile: dir + "/mosquitto.conf", encoding: .utf8)
        // The test's broker listens on loopback only.
        let lines = conf.split(separator: "\n").filter { !$0.hasPrefix("listener") && !$0.hasPrefix("user") }.map(String.init)
        let broker = try MosquittoBroker(port: h.port, config: lines)
        func client(_ user: String?) throws -> MQTTClient {
            let c = user.map { try? credentials(h, $0) } ?? nil
            return try MQTTClient(clientID: "t-\(user ?? "anon")", cleanSession: true, host: "127.0.0.1", port: broker.port,
                                  username: c?.user ?? "nobody", password: c?.password ?? "x", tls: MQTTClient.TLS(caFile: h.caPath))
        }
        let desk = try client("desk"), court3 = try client("court-3"), display = try client("display"), anon = try client(nil)
        let pump = Pump([desk, court3, display, anon])
        for c in [desk, court3, display, anon] { c.start(now: wallClock()) }
        #expect(pump.run(timeout: 5) { desk.isConnected && court3.isConnected && display.isConnected })
        #expect(pump.run(timeout: 3) { pump.events[3].contains { if case .refused = $0 { true } else { false } } })
        #expect(!anon.isConnected)
        desk.subscribe("termini/hall/#")
        court3.subscribe("termini/hall/desk/ack/3")
        pump.run(timeout: 0.5) { false }
        court3.publish("termini/hall/court/3/event", Array("mine".utf8))
        court3.publish("termini/hall/court/4/event", Array("not mine".utf8))
        court3.publish("termini/hall/desk/ack/3", Array("forged ack".utf8))
        display.publish("termini/hall/court/3/event", Array("from a display".utf8))
        desk.publish("termini/hall/desk/ack/3", Array("ack".utf8))
        #expect(pump.run(timeout: 5) { pump.messages(1).contains { $0.payload == "ack" } && pump.messages(0).contains { $0.payload == "mine" } })
        pump.run(timeout: 0.5) { false }
        let seen = pump.messages(0).map(\.payload)
        #expect(!seen.contains("not mine") && !seen.contains("forged ack") && !seen.contains("from a display"))
    }
}
