#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import TerminiHall

@Suite struct HallAddressTests {
    func parsed(_ s: String) -> HallAddress? { try? HallAddress.parse(s).get() }
    func problem(_ s: String) -> String {
        if case .failure(let e) = HallAddress.parse(s) { return e.description }
        return ""
    }

    @Test func hostPortAndHall() {
        #expect(parsed("mqtt://192.168.1.10") == HallAddress(host: "192.168.1.10", port: 1883, hall: "hall"))
        #expect(parsed("mqtt://broker.local:1884") == HallAddress(host: "broker.local", port: 1884, hall: "hall"))
        #expect(parsed("MQTT://desk:2000/club-3") == HallAddress(host: "desk", port: 2000, hall: "club-3"))
        #expect(parsed("mqtt://[::1]:1999") == HallAddress(host: "::1", port: 1999, hall: "hall"))
        #expect(parsed("mqtt://[fe80::1]") == HallAddress(host: "fe80::1", port: 1883, hall: "hall"))
        #expect(parsed("mqtt://h/") == HallAddress(host: "h", port: 1883, hall: "hall"))
        #expect(parsed("mqtt://[::1]:1999")?.url == "mqtt://[::1]:1999/hall")
        #expect(parsed("mqtt://a:5")?.url == "mqtt://a:5/hall")
        // TLS: its own default port, the scheme kept in the URL written back.
        #expect(parsed("mqtts://10.0.0.5") == HallAddress(host: "10.0.0.5", port: 8883, hall: "hall", tls: true))
        #expect(parsed("MQTTS://h:9000/club")?.url == "mqtts://h:9000/club")
        #expect(parsed("mqtts://10.0.0.5")?.clientTLS == MQTTClient.TLS(caFile: nil))
        #expect(parsed("mqtt://10.0.0.5")?.clientTLS == nil)
    }

    /// Over TLS a name stays a name: the broker's certificate is checked against it.
    @Test func aNameStaysANameOverTLS() throws {
        #expect(try HallAddress.parse("mqtts://localhost").get().resolved().get().host == "localhost")
        #expect(try HallAddress.parse("mqtt://localhost").get().resolved().get().host != "localhost")
        #expect(try HallAddress.parse("mqtts://127.0.0.1").get().resolved().get().host == "127.0.0.1")
    }

    @Test func refusedWithAReason() {
        #expect(problem("http://x").contains("expected mqtts://HOST"))
        #expect(problem("mqtts://user:secret@desk").contains("--hall-credentials"))
        #expect(problem("mqtt://").contains("the host is"))
        #expect(problem("mqtt://user:secret@desk").contains("--hall-credentials"))
        #expect(problem("mqtt://desk:0").contains("1 to 65535"))
        #expect(problem("mqtt://desk:65536").contains("1 to 65535"))
        #expect(problem("mqtt://desk:12a").contains("1 to 65535"))
        #expect(problem("mqtt://desk:").contains("1 to 65535"))
        #expect(problem("mqtt://desk/a/b").contains("hall's name"))
        #expect(problem("mqtt://desk/#").contains("hall's name"))
        #expect(problem("mqtt://desk?x=1").contains("query"))
        #expect(problem("mqtt://[::1").contains("']'"))
        #expect(problem("mqtt://de sk").contains("the host is"))
        #expect(problem("mqtt://" + String(repeating: "a", count: 400)).contains("too long"))
        // A hostile address is shown without its escapes.
        let shown = problem("mqtt://\u{1b}[2J")
        #expect(!shown.contains("\u{1b}"))
    }

    @Test func aNumericHostStaysAsItIs() throws {
        let a = try HallAddress.parse("mqtt://127.0.0.1:1883").get().resolved().get()
        #expect(a.host == "127.0.0.1")
        let l = try HallAddress.parse("mqtt://localhost:1883").get().resolved().get()
        #expect(l.host == "127.0.0.1" || l.host == "::1")
    }
}

@Suite struct HallCredentialsTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "termini-cred-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func write(_ name: String, _ text: String, mode: mode_t = 0o600) -> String {
        let path = dir + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
        return path
    }

    func problem(_ path: String) -> String {
        if case .failure(let e) = HallCredentials.read(path) { return e.description }
        return ""
    }

    @Test func readsUserAndPassword() throws {
        let c = try HallCredentials.read(write("ok", "# court 3\nuser = court-3\npassword = s3cret with spaces\n")).get()
        #expect(c.user == "court-3")
        #expect(c.password == "s3cret with spaces")
        #expect(c.warnings.isEmpty)
    }

    @Test func aFileOthersCanReadIsUsedWithAWarning() throws {
        let c = try HallCredentials.read(write("open", "user = desk\npassword = x\n", mode: 0o644)).get()
        #expect(c.warnings.first?.contains("chmod 600") == true)
    }

    @Test func whatIsNotACredentialsFileIsRefused() {
        #expect(problem(write("nouser", "password = x\n")).contains("no 'user = NAME'"))
        #expect(problem(write("nopass", "user = a\n")).contains("no 'password = SECRET'"))
        #expect(problem(write("junk", "user = a\nthis is not a line\npassword = b\n")).contains("line 2"))
        #expect(problem(write("control", "user = a\u{1b}[2J\npassword = b\n")).contains("control"))
        #expect(problem(write("binary", "user = a\npassword = \u{7}\n")).contains("control"))
        #expect(problem(write("big", "user = a\npassword = " + String(repeating: "x", count: 5000) + "\n")).contains("4096"))
        #expect(problem(dir + "/missing").contains("No such file"))
        #expect(problem(dir).contains("not a regular file"))
        let link = dir + "/link"
        symlink(write("target", "user = a\npassword = b\n"), link)
        #expect(problem(link).contains("symbolic link"))
        let fifo = dir + "/fifo"
        mkfifo(fifo, 0o600)
        // A FIFO never blocks the read (opened non-blocking, refused as not a file).
        #expect(problem(fifo).contains("not a regular file"))
        var bytes = Array("user = a\npassword = b".utf8)
        bytes.append(0xff)
        _ = FileManager.default.createFile(atPath: dir + "/latin1", contents: Data(bytes))
        #expect(problem(dir + "/latin1").contains("UTF-8"))
    }
}

@Suite struct HallTopicsTests {
    let t = HallTopics(hall: "club")

    @Test func everyTopicUnderOnePrefix() {
        #expect(t.court("3", .event) == "termini/club/court/3/event")
        #expect(t.everyCourt(.online) == "termini/club/court/+/online")
        #expect(t.ack("3") == "termini/club/desk/ack/3")
        #expect(t.parse("termini/club/court/3/event") == .court("3", .event))
        #expect(t.parse("termini/club/court/centre-1/state") == .court("centre-1", .state))
        #expect(t.parse("termini/club/desk/ack/12") == .ack("12"))
    }

    @Test func anythingElseIsNotOurs() {
        for topic in ["termini/other/court/3/event", "termini/club/court/3/event/x", "termini/club/court/../event",
                      "termini/club/court/3/unknown", "termini/club/court//event", "termini/club/desk/ack/-x",
                      "termini/club/court/\u{1b}[2J/event", "termini/club", "x/termini/club/court/3/event"] {
            #expect(t.parse(topic) == nil, "\(topic)")
        }
    }
}
