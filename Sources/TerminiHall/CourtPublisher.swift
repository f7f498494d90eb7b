import BadmintonRules
import TerminiApp

/// A line on the disk now, as the runtime's save seam reports it: the publisher hears only
/// what is durable (a journal line synced, a file replaced and synced), never what a key asked.
public struct DurableSave: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case appended, replaced }
    public var file: String
    public var bytes: [UInt8]
    public var kind: Kind
    public init(file: String, bytes: [UInt8], kind: Kind) {
        self.file = file
        self.bytes = bytes
        self.kind = kind
    }
}

/// A court keeper's side of the hall. Offline first: the journal is the truth and scoring
/// never waits; this only mirrors what is durable (`durable`) and sends what the desk lacks
/// whenever there is a link: every event at QoS 1 with (court, match, seq), the match's state
/// and whole journal retained (for screens anywhere), its presence retained with a last will
/// `offline`. On every (re)connection it sends again what the desk has not acknowledged, in
/// order; what stays unacknowledged 3 s is sent again too (the desk drops what it has).
/// Another keeper's presence on this court's topic is heard and said (`link.warning`).
public final class CourtPublisher: ClientDriven {
    public let court: String
    public let keeper: String
    let topics: HallTopics
    let files: CourtFiles
    public let client: MQTTClient
    public private(set) var outbox: CourtOutbox
    private var log: MatchLog?
    /// The retained state and journal are out of date on the broker.
    private var retainedStale = true
    /// The retained history is out of date on the broker.
    private var historyStale = true
    /// Another keeper claims this court (its id), heard on the court's presence topic.
    public private(set) var otherKeeper: String?
    /// Why the broker refused the last connection (a wrong password); nil once it takes one.
    public private(set) var refusal: String?
    /// Before the first ack after a (re)connection: sending waits a moment for the retained one.
    private var ackWaitUntil: Double?
    /// When the presence was last said on this connection.
    private var presenceSaidAt: Double?
    /// The desk's call to this court, kept in its file before it is answered.
    public private(set) var calls: CourtCalls
    /// Writes the court's call file and syncs it; false when the disk refused it (the call
    /// is then not taken: the broker's retained copy brings it again at the next connection).
    /// nil: this publisher takes no calls (`keepCalls` not said).
    var saveCall: (([UInt8]) -> Bool)?
    /// The call file changed since the last look (the app reads it again).
    public private(set) var callFileChanged = false

    /// Events handed to the broker per turn of the loop (a replay of a match goes in a few turns).
    static let batch = 64
    static let resendAfter = 3.0
    /// How often the presence is said again while there is a link: a desk believes a
    /// retained "online" only while it hears the court (`CourtLink.staleAfter`).
    public var presenceEvery = 20.0
    /// How many finished matches the court keeps retained on its `history` topic, for a
    /// screen anywhere's `h` and scoresheets: the most recent, in one message of at most
    /// `HallWire.maxMatchBytes` (the oldest left out first). A 10,000-match history stays on
    /// the court's disk and the desk's; the broker holds one bounded message per court.
    public static let historyRetained = 32

    public init(address: HallAddress, credentials: HallCredentials?, court: String, keeper: String,
                journal: [UInt8]?, history: [[UInt8]], now: Double) throws(HallError) {
        self.court = court
        calls = CourtCalls(court: court, kept: nil)
        self.keeper = keeper
        topics = HallTopics(hall: address.hall)
        files = CourtFiles(court: court)
        outbox = CourtOutbox(journal: journal, history: history)
        log = MatchLines.replay(outbox.lines)
        let will = MQTTClient.Will(topic: topics.court(court, .online), payload: HallWire.Presence(keeper: keeper, online: false).bytes, retain: true)
        // An id the broker assigns: no other client can know it, so none can take its place.
        client = try MQTTClient(clientID: nil, cleanSession: true, address: address, credentials: credentials, will: will)
        client.start(now: now)
    }

    // MARK: The seam

    /// A save of this court's files is on the disk.
    public func durable(_ save: DurableSave) {
        switch (save.file, save.kind) {
        case (files.journal, .appended):
            outbox.journalAppended(save.bytes)
            if let e = MatchLines.event(save.bytes.dropLastNewline) { _ = log?.take(e) }
        case (files.journal, .replaced):
            outbox.journalReplaced(save.bytes)
            log = MatchLines.replay(outbox.lines)
        case (files.history, .appended):
            outbox.historyAppended(save.bytes)
            historyStale = true
        default:
            return
        }
        retainedStale = true
        apply(calls.matchChanged(log))
    }

    /// The court takes the desk's calls: `kept` is the one its file holds, `save` writes the
    /// file and syncs it (true once it is on disk).
    public func keepCalls(_ kept: CourtCall.Kept?, save: @escaping ([UInt8]) -> Bool) {
        calls = CourtCalls(court: court, kept: kept)
        saveCall = save
        if client.isConnected { client.subscribe(topics.call(court)) }
        // Killed between the match's start and the call's "accepted": the journal says so.
        apply(calls.matchChanged(log))
    }

    public var takesCalls: Bool { saveCall != nil }

    /// A change of the call, kept once the court's file holds it.
    func apply(_ change: CourtCalls.Change?) {
        guard let change, saveCall?(change.bytes) == true else { return }
        calls.commit(change)
        callFileChanged = true
    }

    /// Whether the call file changed since the last look, and the look.
    public func takeCallFileChanged() -> Bool {
        defer { callFileChanged = false }
        return callFileChanged
    }

    // MARK: The loop

    /// Keepalive and reconnection, then what there is to send.
    public func service(now: Double) {
        client.service(now: now)
        handleEvents(now: now)
        send(now: now)
    }

    public func nextDeadline(now: Double) -> Double? {
        var d = client.nextDeadline(now: now)
        if client.isConnected, outbox.hasUnsent || retainedStale || historyStale { d = now }
        if let w = ackWaitUntil { d = min(d ?? w, w) }
        if client.isConnected, let p = presenceSaidAt.map({ $0 + presenceEvery }) { d = min(d ?? p, p) }
        // The court's answer to the desk's call, when the broker does not have it yet.
        if client.isConnected, takesCalls, calls.hasAnswerDue { d = now }
        return d
    }

    public func handleEvents(now: Double) {
        for e in client.takeEvents() {
            switch e {
            case .connected:
                refusal = nil
                // Subscribed first: another keeper's retained presence reaches this one before
                // this one's own replaces it.
                client.subscribe(topics.ack(court))
                client.subscribe(topics.court(court, .online))
                if takesCalls { client.subscribe(topics.call(court)) }
                calls.connected()
                client.publish(topics.court(court, .online), HallWire.Presence(keeper: keeper, online: true).bytes, retain: true)
                presenceSaidAt = now
                outbox.rewind(now: now)
                retainedStale = true
                historyStale = true
                // The desk's retained ack follows the subscription at once; without one yet
                // (a first connection), sending waits for it a moment rather than send all.
                if outbox.ack == nil { ackWaitUntil = now + 0.5 }
            case .message(let topic, let payload, _):
                receive(topic, payload, now: now)
            case .refused(let why):
                refusal = why
            case .disconnected, .published, .subscribed:
                break
            }
        }
    }

    func receive(_ topic: String, _ payload: [UInt8], now: Double) {
        switch topics.parse(topic) {
        case .ack(court)?:
            guard let ack = HallWire.Ack.decode(payload) else { return }
            outbox.take(ack, now: now)
            ackWaitUntil = nil
        case .court(court, .online)?:
            guard let p = HallWire.Presence.decode(payload) else { return }
            if p.keeper == keeper {
                // Our own last will, left by a connection that went before this one: we are here.
                if !p.online, client.isConnected {
                    client.publish(topics.court(court, .online), HallWire.Presence(keeper: keeper, online: true).bytes, retain: true)
                }
            } else if p.online {
                otherKeeper = p.keeper
            } else if otherKeeper == p.keeper {
                otherKeeper = nil
            }
        case .call(court)?:
            apply(calls.take(payload, log: log, now: now))
        default:
            break
        }
    }

    func send(now: Double) {
        guard client.isConnected else { return }
        if let p = presenceSaidAt, now >= p + presenceEvery {
            // Said again while the link holds: what a desk believes an "online" by.
            client.publish(topics.court(court, .online), HallWire.Presence(keeper: keeper, online: true).bytes, retain: true)
            presenceSaidAt = now
        }
        if takesCalls, let answer = calls.answerDue() { client.publish(topics.court(court, .call), answer, retain: true) }
        if let w = ackWaitUntil {
            guard now >= w else { return }
            ackWaitUntil = nil
        }
        outbox.rewindIfStalled(now: now, after: CourtPublisher.resendAfter)
        for o in outbox.next(limit: CourtPublisher.batch) {
            let (header, body): (HallWire.Header, [UInt8])
            switch o {
            case let .event(m, s, line, previous): (header, body) = (.init(court: court, keeper: keeper, match: m, seq: s, previous: previous), line)
            case let .final(m, count, line): (header, body) = (.init(court: court, keeper: keeper, match: m, final: count), line)
            }
            client.publish(topics.court(court, .event), HallWire.encode(header, body: body))
        }
        // The retained copies once the events are out: a screen that comes later sees the match.
        if historyStale, !outbox.hasUnsent { publishHistory() }
        if retainedStale, !outbox.hasUnsent { publishRetained(now: now) }
    }

    /// The court's most recent finished matches, retained (`historyRetained`).
    func publishHistory() {
        historyStale = false
        guard let newest = outbox.past.last else { return }
        let body = CourtPublisher.retainedHistory(outbox.past.map(\.line))
        let header = HallWire.Header(court: court, keeper: keeper, match: newest.match, seq: max(1, MatchLines.lines(of: body).count))
        client.publish(topics.court(court, .history), HallWire.encode(header, body: body), retain: true)
    }

    /// The history lines (oldest first) a retained history holds: the most recent
    /// `historyRetained` that fit in `HallWire.maxMatchBytes` with the header, newest kept first.
    static func retainedHistory(_ lines: [[UInt8]]) -> [UInt8] {
        var kept: [[UInt8]] = []
        var size = 512
        for line in lines.suffix(historyRetained).reversed() {
            guard size + line.count + 1 <= HallWire.maxMatchBytes else { break }
            size += line.count + 1
            kept.append(line)
        }
        return kept.reversed().flatMap { $0 + [0x0a] }
    }

    /// The match's state (what `--status --json` prints) and its whole journal, retained.
    func publishRetained(now: Double) {
        retainedStale = false
        guard let m = outbox.match, let log else { return }
        let header = HallWire.Header(court: court, keeper: keeper, match: m, seq: outbox.lines.count)
        let status = MatchReport.statusJSON(log.state, now: now, court: court)
        client.publish(topics.court(court, .state), HallWire.encode(header, body: Array(status.utf8)), retain: true)
        client.publish(topics.court(court, .match), HallWire.encode(header, body: outbox.lines.flatMap { $0 + [0x0a] }), retain: true)
    }

    /// The link as the frame shows it.
    public var link: HallLink {
        HallLink(state: client.isConnected ? .online : .offline, acknowledged: outbox.acknowledgedSeq, toSend: outbox.unacknowledged,
                 warning: otherKeeper.map { "another keeper (\($0.prefix(6))) claims court \(court)!" })
    }

    /// Goodbye to the broker: the presence says offline (no will is sent after a goodbye).
    public func stop() {
        if client.isConnected {
            client.publish(topics.court(court, .online), HallWire.Presence(keeper: keeper, online: false).bytes, retain: true)
            client.writable(now: 0)
        }
        client.stop()
    }
}
