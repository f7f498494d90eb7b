import BadmintonRules
import TerminiApp

/// The hall as a screen anywhere sees it, writing nothing: each court's whole journal (the
/// court's retained `match` message) and its presence, for `--hall URL --watch --court N` and
/// `--hall URL --status --all`; a screen that follows one court has its recent finished
/// matches too (the retained `history`), for `h` and the scoresheets. What comes is checked
/// as a damaged file is (a size limit, a header naming this court, lines that make a match or
/// history lines) and kept in memory as the files they are on the court
/// (`badminton-3-match.jsonl`, `badminton-3-history.jsonl`), for the app to read as its own.
public final class HallMirror: ClientDriven {
    let topics: HallTopics
    public let client: MQTTClient
    /// nil: every court.
    public let court: String?
    /// The journals by file name, as the courts have them.
    public private(set) var files: [String: [UInt8]] = [:]
    public private(set) var links: [String: CourtLink] = [:]
    /// When the subscriptions were answered: what was retained has come by then.
    public private(set) var subscribedAt: Double?
    private var pendingSubscriptions: Set<Int32> = []
    /// The last time a journal came (to tell when the retained ones have all arrived).
    public private(set) var lastArrival: Double?
    /// Called with the files that changed.
    public var changed: (Set<String>) -> Void = { _ in }

    public init(address: HallAddress, credentials: HallCredentials?, court: String?, clientID: String? = nil, now: Double) throws(HallError) {
        topics = HallTopics(hall: address.hall)
        self.court = court
        client = try MQTTClient(clientID: clientID, cleanSession: true, address: address, credentials: credentials)
        client.start(now: now)
    }

    /// Why there is no link (for a command that gives up).
    public var problem: String? { client.problem }
    /// Why the last connection was refused (a password, a certificate); nil once one is taken.
    public private(set) var refusal: String?

    public func handleEvents(now: Double) {
        var touched: Set<String> = []
        for e in client.takeEvents() {
            switch e {
            case .refused(let why):
                refusal = why
            case .connected:
                refusal = nil
                subscribedAt = nil
                pendingSubscriptions = []
                // The histories only for one court: `--status --all` needs none of them.
                for kind in [HallTopics.CourtTopic.match, .online] + (court == nil ? [] : [.history]) {
                    let pattern = court.map { topics.court($0, kind) } ?? topics.everyCourt(kind)
                    if let mid = client.subscribe(pattern) { pendingSubscriptions.insert(mid) }
                }
            case .subscribed(let mid):
                pendingSubscriptions.remove(mid)
                if pendingSubscriptions.isEmpty { subscribedAt = now }
            case let .message(topic, payload, retained):
                if let f = take(topic, payload, now: now, live: !retained) {
                    touched.insert(f)
                    lastArrival = now
                }
            default:
                break
            }
        }
        if !touched.isEmpty { changed(touched) }
    }

    /// A court's journal or presence; the file it changed, if any. `live`: sent while this
    /// screen was subscribed (not kept by the broker): the court itself was heard just now.
    func take(_ topic: String, _ payload: [UInt8], now: Double = 0, live: Bool = false) -> String? {
        guard case .court(let c, let kind)? = topics.parse(topic), court == nil || court == c else { return nil }
        switch kind {
        case .match:
            guard case .success(let m) = HallWire.decode(payload, court: c, limit: HallWire.maxMatchBytes),
                  let j = MatchLines.journal(m.body), j.match == m.header.match, MatchLines.replay(j.lines) != nil else {
                return setAside(c)
            }
            return keep(CourtFiles(court: c).journal, j.lines, court: c, heard: live ? now : nil)
        case .history:
            guard case .success(let m) = HallWire.decode(payload, court: c, limit: HallWire.maxMatchBytes) else { return setAside(c) }
            let lines = MatchLines.lines(of: m.body)
            guard !lines.isEmpty, lines.allSatisfy({ MatchLines.history($0) != nil }) else { return setAside(c) }
            return keep(CourtFiles(court: c).history, lines, court: c, heard: live ? now : nil)
        case .online:
            if let p = HallWire.Presence.decode(payload) {
                links[c, default: CourtLink(ages: true)].online = p.online
                if live { links[c, default: CourtLink(ages: true)].heardAt = now }
            }
            return nil
        case .event, .state, .call:
            return nil
        }
    }

    /// A court's file as it came, and when the court was heard (sent live).
    private func keep(_ file: String, _ lines: [[UInt8]], court c: String, heard: Double?) -> String {
        files[file] = lines.flatMap { $0 + [0x0a] }
        if let heard { links[c, default: CourtLink(ages: true)].heardAt = heard }
        return file
    }

    /// A message that does not read as the court's: counted, and nothing changed.
    private func setAside(_ c: String) -> String? {
        links[c, default: CourtLink(ages: true)].quarantined += 1
        return nil
    }

    /// Whether what the broker retained has arrived: the subscriptions answered and nothing
    /// new for `quiet` seconds (retained messages follow the answer at once).
    public func settled(now: Double, quiet: Double = 0.2) -> Bool {
        guard let s = subscribedAt else { return false }
        return now - max(s, lastArrival ?? s) >= quiet
    }

    public var view: HallView { HallView(courts: links) }

    public func stop() { client.stop() }
}
