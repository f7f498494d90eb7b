#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport
@testable import TerminiHall

func wallClock() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The loop a test runs for its clients, as Termini's one loop does: wait on every socket
/// (writable too while one wants to write) until the next deadline, then read, write, service.
final class Pump {
    var clients: [any HallConnection]
    var events: [[MQTTClient.Event]]

    init(_ clients: [any HallConnection]) {
        self.clients = clients
        events = clients.map { _ in [] }
    }

    /// Turns the loop until `done` says so or `timeout` seconds pass; false on timeout.
    @discardableResult
    func run(timeout: Double, until done: () -> Bool) -> Bool {
        let end = wallClock() + timeout
        while wallClock() < end {
            collect()
            if done() { return true }
            turn(maxWait: end - wallClock())
        }
        collect()
        return done()
    }

    func turn(maxWait: Double) {
        let now = wallClock()
        var fds: [pollfd] = []
        var owners: [Int] = []
        for (i, c) in clients.enumerated() {
            guard let fd = c.socket else { continue }
            fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (c.wantsWrite ? Int16(POLLOUT) : 0), revents: 0))
            owners.append(i)
        }
        let deadline = clients.compactMap { $0.nextDeadline(now: now) }.min() ?? now + 0.1
        let wait = max(0, min(deadline - now, maxWait, 0.1))
        _ = poll(&fds, nfds_t(fds.count), Int32(wait * 1000))
        let after = wallClock()
        for (k, f) in fds.enumerated() {
            let c = clients[owners[k]]
            if f.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { c.readable(now: after) }
            if f.revents & Int16(POLLOUT) != 0 { c.writable(now: after) }
        }
        for c in clients {
            if c.wantsWrite { c.writable(now: after) }
            c.service(now: after)
        }
    }

    func collect() {
        for (i, c) in clients.enumerated() {
            if let m = c as? MQTTClient { events[i] += m.takeEvents() }
        }
    }

    func messages(_ i: Int) -> [(topic: String, payload: String, retained: Bool)] {
        events[i].compactMap {
            if case let .message(t, p, r) = $0 { return (t, String(decoding: p, as: UTF8.self), r) }
            return nil
        }
    }

}

let brokerAvailable = MosquittoBroker.available

@Suite(.serialized) struct MQTTClientTests {
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func publishAndReceiveInOneLoop() throws {
        let broker = try MosquittoBroker()
        let a = try MQTTClient(clientID: "t-a", cleanSession: true, host: "127.0.0.1", port: broker.port)
        let b = try MQTTClient(clientID: "t-b", cleanSession: true, host: "127.0.0.1", port: broker.port)
        let pump = Pump([a, b])
        a.start(now: wallClock())
        b.start(now: wallClock())
        #expect(pump.run(timeout: 5) { a.isConnected && b.isConnected })
        let sub = b.subscribe("termini/t/#")
        #expect(sub != nil)
        #expect(pump.run(timeout: 5) { pump.events[1].contains(.subscribed(mid: sub!)) })
        let mid = a.publish("termini/t/x", Array("hello".utf8), qos: 1)
        #expect(pump.run(timeout: 5) { pump.messages(1).contains { $0.payload == "hello" } })
        #expect(pump.run(timeout: 5) { pump.events[0].contains(.published(mid: mid!)) })
        // Retained: a subscriber that comes later still gets it, marked retained.
        a.publish("termini/t/kept", Array("state".utf8), qos: 1, retain: true)
        let c = try MQTTClient(clientID: "t-c", cleanSession: true, host: "127.0.0.1", port: broker.port)
        pump.clients.append(c)
        pump.events.append([])
        #expect(pump.run(timeout: 5) { pump.events[0].filter { if case .published = $0 { true } else { false } }.count == 2 })
        c.start(now: wallClock())
        #expect(pump.run(timeout: 5) { c.isConnected })
        c.subscribe("termini/t/kept")
        #expect(pump.run(timeout: 5) { pump.messages(2).contains { $0.payload == "state" && $0.retained } })
    }

    /// libmosquitto reads one packet a call: what is already on the socket is read in one
    /// turn of the loop, so a busy hall's messages do not wait a frame each at the desk.
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func everyPacketOnTheSocketIsReadInOneTurn() throws {
        let broker = try MosquittoBroker()
        let a = try MQTTClient(clientID: "t-burst-a", cleanSession: true, host: "127.0.0.1", port: broker.port)
        let b = try MQTTClient(clientID: "t-burst-b", cleanSession: true, host: "127.0.0.1", port: broker.port)
        let pump = Pump([a, b])
        a.start(now: wallClock())
        b.start(now: wallClock())
        #expect(pump.run(timeout: 5) { a.isConnected && b.isConnected })
        let sub = try #require(b.subscribe("termini/t/#", qos: 0))
        #expect(pump.run(timeout: 5) { pump.events[1].contains(.subscribed(mid: sub)) })
        // 40 messages sent while b is not read: they wait on its socket.
        let sender = Pump([a])
        for i in 0..<40 { a.publish("termini/t/\(i)", [UInt8(i)], qos: 1) }
        #expect(sender.run(timeout: 5) { sender.events[0].filter { if case .published = $0 { true } else { false } }.count == 40 })
        usleep(300_000)
        b.readable(now: wallClock())
        let got = b.takeEvents().filter { if case .message = $0 { true } else { false } }.count
        #expect(got == 40)
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aDeadBrokerNeverBlocksAndTheClientConnectsWhenItComes() throws {
        let port = try MosquittoBroker.freePort()
        let a = try MQTTClient(clientID: "t-dead", cleanSession: true, host: "127.0.0.1", port: port)
        let pump = Pump([a])
        let t0 = wallClock()
        a.start(now: t0)
        pump.turn(maxWait: 0)
        // Nothing listens: the attempt fails at once and is tried again, never waited for.
        #expect(wallClock() - t0 < 0.2)
        #expect(!a.isConnected)
        pump.run(timeout: 1) { false }
        #expect(a.problem?.isEmpty == false)
        let broker = try MosquittoBroker(port: port)
        #expect(pump.run(timeout: 3) { a.isConnected })
        #expect(pump.events[0].contains(.connected))
        // The broker goes: said once; it comes back: connected again within about a second.
        broker.kill9()
        #expect(pump.run(timeout: 3) { !a.isConnected })
        #expect(pump.events[0].contains { if case .disconnected = $0 { true } else { false } })
        try broker.start()
        let back = wallClock()
        #expect(pump.run(timeout: 3) { a.isConnected })
        #expect(wallClock() - back < 1.6)
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func theLastWillIsSentWhenTheLinkGoesWithoutAGoodbye() throws {
        let broker = try MosquittoBroker()
        let will = MQTTClient.Will(topic: "termini/t/online", payload: Array("offline".utf8), retain: true)
        let a = try MQTTClient(clientID: "t-will", cleanSession: true, host: "127.0.0.1", port: broker.port, will: will)
        let w = try MQTTClient(clientID: "t-watch", cleanSession: true, host: "127.0.0.1", port: broker.port)
        let pump = Pump([a, w])
        a.start(now: wallClock())
        w.start(now: wallClock())
        #expect(pump.run(timeout: 5) { a.isConnected && w.isConnected })
        a.publish("termini/t/online", Array("online".utf8), retain: true)
        w.subscribe("termini/t/online")
        #expect(pump.run(timeout: 5) { pump.messages(1).contains { $0.payload == "online" } })
        // The socket shut under the client, as a crash or a cut link leaves it.
        shutdown(a.socket!, Int32(SHUT_RDWR))
        let watcher = Pump([w])
        #expect(watcher.run(timeout: 5) { watcher.messages(0).contains { $0.payload == "offline" } })
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aWrongPasswordIsSaidAndNotTakenForALink() throws {
        let dir = NSTemporaryDirectory() + "termini-pw-\(getpid())-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "court-1:right\n".write(toFile: dir + "/passwd", atomically: true, encoding: .utf8)
        #expect(try Child.run(["mosquitto_passwd", "-U", dir + "/passwd"]) == 0)
        let broker = try MosquittoBroker(config: ["allow_anonymous false", "password_file \(dir)/passwd"])
        let bad = try MQTTClient(clientID: "t-bad", cleanSession: true, host: "127.0.0.1", port: broker.port, username: "court-1", password: "wrong")
        let good = try MQTTClient(clientID: "t-good", cleanSession: true, host: "127.0.0.1", port: broker.port, username: "court-1", password: "right")
        let pump = Pump([bad, good])
        bad.start(now: wallClock())
        good.start(now: wallClock())
        #expect(pump.run(timeout: 5) { good.isConnected && pump.events[0].contains { if case .refused = $0 { true } else { false } } })
        #expect(!bad.isConnected)
        #expect(bad.problem?.contains("password") == true, "\(bad.problem ?? "")")
    }
}
