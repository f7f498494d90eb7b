#if canImport(Glibc)
import Glibc
#endif
import CMosquitto
import TerminiCore

/// libmosquitto, opened the first time a hall is used (`CMosquitto`'s shim: the header
/// gives the types, dlopen the code, so a start without `--hall` never loads it).
final class Mosquitto: @unchecked Sendable {
    let api: termini_mosquitto_api

    private init(_ api: termini_mosquitto_api) { self.api = api }

    /// The library, or why it cannot be used (not installed: libmosquitto1).
    static let shared: Result<Mosquitto, HallError> = {
        var api = termini_mosquitto_api()
        var error = [CChar](repeating: 0, count: 256)
        guard termini_mosquitto_load(&api, &error, error.count) == 0 else {
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(HallError("the MQTT library could not be loaded (install libmosquitto1): \(text)"))
        }
        _ = api.lib_init()
        return .success(Mosquitto(api))
    }()

    func describe(_ code: Int32) -> String {
        if code == Int32(MOSQ_ERR_ERRNO.rawValue) { return String(cString: strerror(errno)) }
        return api.strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Why the hall cannot be used, in words for the user.
public struct HallError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One MQTT connection that lives in Termini's one loop, without a thread: the loop waits on
/// `socket` (readable, and writable while `wantsWrite`), then calls `readable()`,
/// `writable()` and, at `nextDeadline`, `service(now:)` (keepalive, reconnection). Connecting
/// never blocks (`mosquitto_connect_async`: a dead broker costs no key its answer); the link
/// lost, it reconnects by itself, 0.25 s after, then 0.5 s, then every second.
/// What happened comes back from `takeEvents()`, in order.
public final class MQTTClient {
    public enum Event: Equatable, Sendable {
        /// The broker accepted the connection.
        case connected
        /// The broker refused it (a bad password, an unknown user), or this client refused the
        /// broker (its certificate not the hall's, or not for this name): said, tried again.
        case refused(String)
        /// The connection went (the link cut, the broker gone); reconnection follows.
        case disconnected(String)
        case message(topic: String, payload: [UInt8], retained: Bool)
        /// The broker has the QoS 1 message `mid`.
        case published(mid: Int32)
        case subscribed(mid: Int32)
    }

    public struct Will: Equatable, Sendable {
        public var topic: String
        public var payload: [UInt8]
        public var retain: Bool
        public init(topic: String, payload: [UInt8], retain: Bool) {
            self.topic = topic
            self.payload = payload
            self.retain = retain
        }
    }

    /// Collects what libmosquitto's callbacks say (called only inside `readable`, `writable`
    /// and `service`, on this thread).
    final class Inbox {
        var events: [Event] = []
        /// libmosquitto's error lines since the last attempt (TLS: why a certificate failed).
        var tlsErrors: [String] = []
        var maxPayload = Int.max
        var oversized = 0
        /// The inbox a callback's user data points at (given to mosquitto_new; never nil,
        /// but a callback without one is ignored rather than trusted).
        static func of(_ obj: UnsafeMutableRawPointer?) -> Inbox? {
            obj.map { Unmanaged<Inbox>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    private let lib: Mosquitto
    private let handle: OpaquePointer
    private let inbox = Inbox()
    public let host: String
    public let port: Int
    /// Seconds between the pings that tell a dead link from a quiet one.
    public let keepalive: Int
    public private(set) var isConnected = false
    /// A connection under way (TCP, then the broker's answer).
    private var connectingSince: Double?
    private var retryAt: Double?
    private var retryDelay = 0.25
    private var stopped = false

    /// How long a connection may take before it is dropped and tried again.
    public static let connectTimeout = 3.0

    /// How the client checks the broker over TLS (`mqtts://`): the CA file that signed the
    /// broker's certificate (nil: the system's CAs); the certificate's name is checked
    /// against `host` always.
    public struct TLS: Equatable, Sendable {
        public var caFile: String?
        public init(caFile: String?) { self.caFile = caFile }
    }

    /// The most a message may weigh, on either side: a court's history (`HallWire.maxMatchBytes`)
    /// and room for its header and topic. The broker is told (MQTT 5 Maximum Packet Size) and
    /// sends nothing larger; the broker `hall init` writes takes nothing larger either.
    public static let maxPacketBytes = HallWire.maxMatchBytes + 16 * 1024

    /// `clientID` nil: the broker assigns one (MQTT 5, a clean session only), known to no other
    /// client, so no other credential can take this connection's place.
    public init(clientID: String?, cleanSession: Bool, host: String, port: Int, keepalive: Int = 5,
                username: String? = nil, password: String? = nil, will: Will? = nil, tls: TLS? = nil,
                maxPacket: Int = MQTTClient.maxPacketBytes) throws(HallError) {
        let lib = try Mosquitto.shared.get()
        self.lib = lib
        self.host = host
        self.port = port
        self.keepalive = max(5, keepalive)
        self.maxPacket = maxPacket
        let box = Unmanaged.passUnretained(inbox).toOpaque()
        guard let h = lib.api.new_client(clientID, cleanSession || clientID == nil, box) else { throw HallError("the MQTT client could not be made") }
        handle = h
        _ = lib.api.int_option(h, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        _ = lib.api.int_option(h, MOSQ_OPT_TCP_NODELAY, 1)
        // As many QoS 1 messages in flight from the broker as it likes (MQTT 5 Receive Maximum):
        // each is acknowledged as it is read, and a flood on one court does not fill the
        // broker's queue for this client (which would drop another court's messages).
        _ = lib.api.int_option(h, MOSQ_OPT_RECEIVE_MAXIMUM, 65535)
        // The CONNECT's Maximum Packet Size. libmosquitto takes CONNECT properties only from
        // its blocking connect, which keeps them before it checks its host: given none, it
        // stops there, and every later connect_async/reconnect_async sends them.
        var props: OpaquePointer? = nil
        _ = lib.api.property_add_int32(&props, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(maxPacket))
        _ = lib.api.connect_bind_v5(h, nil, Int32(port), 5, nil, props)
        lib.api.property_free_all(&props)
        if let username {
            let rc = lib.api.username_pw_set(h, username, password)
            if rc != 0 { throw HallError("the hall's user name cannot be used: \(lib.describe(rc))") }
        }
        if let will {
            let rc = will.payload.withUnsafeBytes { lib.api.will_set(h, will.topic, Int32($0.count), $0.baseAddress, 1, will.retain) }
            if rc != 0 { throw HallError("the last will cannot be set: \(lib.describe(rc))") }
        }
        self.tls = tls
        if let tls {
            if let ca = tls.caFile {
                guard access(ca, R_OK) == 0 else {
                    throw HallError("the hall's CA file '\(TextLayout.sanitized(ca))' cannot be read: \(String(cString: strerror(errno)))")
                }
                let rc = lib.api.tls_set(h, ca, nil, nil, nil, nil)
                if rc != 0 { throw HallError("the hall's CA file '\(TextLayout.sanitized(ca))' cannot be used: \(lib.describe(rc))") }
            } else {
                _ = lib.api.int_option(h, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
                let rc = lib.api.tls_set(h, nil, "/etc/ssl/certs", nil, nil, nil)
                if rc != 0 { throw HallError("the system's CA certificates cannot be used: \(lib.describe(rc))") }
            }
            // The broker's certificate is checked, and its name; TLS 1.2 at least.
            var rc = lib.api.tls_opts_set(h, 1, "tlsv1.2", nil)
            if rc == 0 { rc = lib.api.tls_insecure_set(h, false) }
            if rc != 0 { throw HallError("TLS cannot be set up: \(lib.describe(rc))") }
        }
        lib.api.log_callback_set(h) { _, obj, level, text in
            guard level == MOSQ_LOG_ERR, let text else { return }
            Inbox.of(obj)?.tlsErrors.append(String(cString: text))
        }
        lib.api.connect_callback_set(h) { _, obj, rc in
            Inbox.of(obj)?.events.append(rc == 0 ? .connected : .refused(MQTTClient.connackText(rc)))
        }
        lib.api.disconnect_callback_set(h) { _, obj, rc in
            Inbox.of(obj)?.events.append(.disconnected(rc == 0 ? "closed" : "code \(rc)"))
        }
        lib.api.publish_callback_set(h) { _, obj, mid in
            Inbox.of(obj)?.events.append(.published(mid: mid))
        }
        lib.api.subscribe_callback_set(h) { _, obj, mid, _, _ in
            Inbox.of(obj)?.events.append(.subscribed(mid: mid))
        }
        lib.api.message_callback_set(h) { _, obj, message in
            guard let m = message?.pointee, let topic = m.topic, let inbox = Inbox.of(obj) else { return }
            // Never more than the most a message may weigh is copied (a broker that sent more
            // than it was told): it is counted and dropped.
            guard Int(m.payloadlen) <= inbox.maxPayload else {
                inbox.oversized += 1
                return
            }
            let payload = m.payloadlen > 0 && m.payload != nil
                ? Array(UnsafeRawBufferPointer(start: m.payload, count: Int(m.payloadlen))) : []
            inbox.events.append(.message(topic: String(cString: topic), payload: payload, retained: m.retain))
        }
        inbox.maxPayload = maxPacket
    }

    /// A client of the hall at `address` (over TLS for mqtts://), logged in as `credentials`.
    public convenience init(clientID: String?, cleanSession: Bool, address: HallAddress, credentials: HallCredentials?,
                            will: Will? = nil) throws(HallError) {
        try self.init(clientID: clientID, cleanSession: cleanSession, host: address.host, port: address.port,
                      username: credentials?.user, password: credentials?.password, will: will, tls: address.clientTLS)
    }

    /// The most a message may weigh for this client (told the broker).
    public let maxPacket: Int
    public let tls: TLS?
    /// Messages dropped because they weighed more than `maxPacket`.
    public var oversized: Int { inbox.oversized }
    /// Connections the broker accepted since the start.
    public private(set) var connections = 0

    deinit {
        lib.api.destroy(handle)
    }

    /// The broker's refusal in words: MQTT 3.1.1's codes and MQTT 5's reason codes.
    static func connackText(_ rc: Int32) -> String {
        switch rc {
        case 1, 132: return "the broker does not speak this MQTT version"
        case 2, 133: return "the broker refused this client's id"
        case 3, 136, 137: return "the broker is unavailable"
        case 4, 134: return "bad user name or password"
        case 5, 135: return "not authorised: a wrong user name or password, or a user this broker does not let in (check the hall's credentials)"
        case 149: return "the broker refused a message too large"
        default: return "refused (code \(rc))"
        }
    }

    /// Why a TLS connection failed, from libmosquitto's error lines; nil when none was said.
    func tlsProblem() -> String? {
        defer { inbox.tlsErrors.removeAll() }
        guard tls != nil, !inbox.tlsErrors.isEmpty else { return nil }
        let said = inbox.tlsErrors.joined(separator: " ")
        if said.contains("host name verification failed") {
            return "the broker's certificate is not made for \(host) (hall init --host)"
        }
        if said.contains("certificate verify failed") {
            return "the broker's certificate is not signed by the hall's CA (hall.ca)"
        }
        if said.contains("wrong version number") || said.contains("packet length too long") || said.contains("record layer failure") {
            return "the broker does not speak TLS on \(host):\(port): is it an mqtt:// port?"
        }
        return "TLS failed: " + TextLayout.sanitized(String(said.prefix(160)))
    }

    /// Starts connecting, at once and without waiting (an address that is a number never
    /// blocks; a name is looked up by the caller beforehand, see `HallAddress.resolve`).
    public func start(now: Double) {
        stopped = false
        attempt(now: now, first: true)
    }

    private func attempt(now: Double, first: Bool) {
        retryAt = nil
        let rc = first ? lib.api.connect_async(handle, host, Int32(port), Int32(keepalive)) : lib.api.reconnect_async(handle)
        if rc == 0 {
            connectingSince = now
        } else {
            connectingSince = nil
            problem = tlsProblem() ?? lib.describe(rc)
            scheduleRetry(now: now)
        }
    }

    private func scheduleRetry(now: Double) {
        retryAt = now + retryDelay
        if retryDelay < 1 { retryDelay = min(retryDelay * 2, 1.0) }
    }

    /// The socket to wait on; nil while there is none (between attempts).
    public var socket: Int32? {
        let fd = lib.api.socket(handle)
        return fd >= 0 ? fd : nil
    }

    /// Whether the loop should wait for the socket to take more bytes.
    public var wantsWrite: Bool { socket != nil && lib.api.want_write(handle) }

    /// Reads what came. libmosquitto reads one packet a call (its `max_packets` is not used):
    /// every packet already on the socket is read in this one turn, up to `packetsPerTurn`,
    /// so a busy hall's messages do not each wait a turn of the loop and its frame.
    public func readable(now: Double) {
        for _ in 0..<MQTTClient.packetsPerTurn {
            check(lib.api.loop_read(handle, 1), now: now)
            guard let fd = socket, MQTTClient.hasInput(fd) else { return }
        }
    }

    static let packetsPerTurn = 256

    /// Bytes wait on the socket (a poll that does not wait).
    static func hasInput(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLIN) != 0
    }

    public func writable(now: Double) {
        check(lib.api.loop_write(handle, 16), now: now)
    }

    /// Keepalive pings, retries of unanswered messages, and reconnection when its time came.
    public func service(now: Double) {
        if stopped { return }
        if let since = connectingSince, !isConnected, now - since >= MQTTClient.connectTimeout {
            lost(tlsProblem() ?? "no answer from \(host):\(port)", now: now)
            return
        }
        if let at = retryAt {
            if now >= at { attempt(now: now, first: false) }
            return
        }
        check(lib.api.loop_misc(handle), now: now)
    }

    /// When `service` must run next (a retry, the connection's timeout, the next ping).
    public func nextDeadline(now: Double) -> Double? {
        if stopped { return nil }
        if let at = retryAt { return at }
        if let since = connectingSince, !isConnected { return since + MQTTClient.connectTimeout }
        return now + min(1.0, Double(keepalive) / 2)
    }

    /// Takes in what the callbacks said; a call that failed, or a socket gone, is the link
    /// lost: it is tried again shortly.
    private func check(_ rc: Int32, now: Double) {
        var refusal: String?
        for e in inbox.events {
            switch e {
            case .connected:
                isConnected = true
                connections += 1
                connectingSince = nil
                retryDelay = 0.25
            case .refused(let why):
                // A wrong password stays wrong: asked again every 5 s, not every second.
                retryDelay = 5
                refusal = why
            case .disconnected:
                isConnected = false
            default: break
            }
        }
        guard !stopped, retryAt == nil, rc != 0 || socket == nil else { return }
        if refusal == nil, let tls = tlsProblem() {
            // A certificate stays wrong, as a password does: said once, tried every 5 s.
            inbox.events.append(.refused(tls))
            retryDelay = 5
            refusal = tls
        }
        lost(refusal ?? lib.describe(rc == 0 ? Int32(MOSQ_ERR_CONN_LOST.rawValue) : rc), now: now)
    }

    /// The link went (said once, when it was up), and it is tried again shortly.
    private func lost(_ reason: String, now: Double) {
        let told = inbox.events.contains { if case .disconnected = $0 { return true } else { return false } }
        if isConnected, !told { inbox.events.append(.disconnected(reason)) }
        isConnected = false
        connectingSince = nil
        problem = reason
        scheduleRetry(now: now)
    }

    /// Why the last attempt failed, or the link went (for the user: "connection refused").
    public private(set) var problem: String?

    /// Publishes at QoS `qos` (the broker's answer comes as `.published(mid)` for QoS 1);
    /// nil when there is no connection to send it on (the caller sends it again later).
    @discardableResult
    public func publish(_ topic: String, _ payload: [UInt8], qos: Int32 = 1, retain: Bool = false) -> Int32? {
        guard isConnected else { return nil }
        var mid: Int32 = 0
        let rc = payload.withUnsafeBytes { lib.api.publish(handle, &mid, topic, Int32($0.count), $0.baseAddress, qos, retain) }
        return rc == 0 ? mid : nil
    }

    @discardableResult
    public func subscribe(_ pattern: String, qos: Int32 = 1) -> Int32? {
        guard isConnected else { return nil }
        var mid: Int32 = 0
        return lib.api.subscribe(handle, &mid, pattern, qos) == 0 ? mid : nil
    }

    /// Says goodbye to the broker (no last will is sent for a client that disconnects).
    public func stop() {
        stopped = true
        retryAt = nil
        if isConnected {
            _ = lib.api.disconnect(handle)
            _ = lib.api.loop_write(handle, 16)
        }
        isConnected = false
    }

    /// What happened since the last call, in order.
    public func takeEvents() -> [Event] {
        defer { inbox.events.removeAll() }
        return inbox.events
    }
}

/// What Termini's one loop needs of a part of the hall: a socket to wait on (writable too while
/// `wantsWrite`), what to do when it is ready, and when to come back without it.
public protocol HallConnection: AnyObject {
    var socket: Int32? { get }
    var wantsWrite: Bool { get }
    func readable(now: Double)
    func writable(now: Double)
    func service(now: Double)
    func nextDeadline(now: Double) -> Double?
}

extension MQTTClient: HallConnection {}

/// A hall connection made of one MQTT client and what it does with the client's events (the
/// court's publisher, the desk's recorder, a screen's mirror): the socket, the reads, the
/// writes and the timers are the client's, and after each the events are handled.
public protocol ClientDriven: HallConnection {
    var client: MQTTClient { get }
    func handleEvents(now: Double)
}

extension ClientDriven {
    public var socket: Int32? { client.socket }
    public var wantsWrite: Bool { client.wantsWrite }
    public var isConnected: Bool { client.isConnected }

    public func readable(now: Double) {
        client.readable(now: now)
        handleEvents(now: now)
    }

    public func writable(now: Double) {
        client.writable(now: now)
        handleEvents(now: now)
    }

    public func service(now: Double) {
        client.service(now: now)
        handleEvents(now: now)
    }

    public func nextDeadline(now: Double) -> Double? { client.nextDeadline(now: now) }
}
