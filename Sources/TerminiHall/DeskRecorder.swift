#if canImport(Glibc)
import Glibc
#endif
import BadmintonRules
import TerminiApp
import TerminiCore

/// The recording desk: every court of the hall, copied into the desk's own config directory in
/// the files a court keeps (`badminton-3-match.jsonl`, `badminton-3-history.jsonl`), so
/// `--status --all`, `--export` and `--scoresheet --court 3` work at the desk with no court
/// reachable. A court's messages are taken each once, in order (`CourtCopy`); what they change
/// is written and synced first, acknowledged after (retained, the highest seq stored), so an
/// ack never runs ahead of the disk. A gap asks the court to send again; anything hostile is
/// set aside (counted, said, logged in `hall-quarantine.log`) and changes nothing stored.
///
/// A court kept by a keeper in this same directory (its lock held) is its keeper's: the desk
/// writes none of its files, and acknowledges what that keeper has on the disk.
public final class DeskRecorder: ClientDriven {
    let topics: HallTopics
    public let client: MQTTClient
    let store: any StateStore
    public private(set) var copies: [String: CourtCopy] = [:]
    /// Each court's newest match of its history, as last read (the copy is read again before
    /// every write; its history changes once a match).
    let newestMemo = Memo<HistoryTail.Identity, HistoryTail.Newest>(capacity: 1024)
    /// What the screen shows of each court.
    public private(set) var links: [String: CourtLink] = [:]
    /// Each court's keepers heard online, and the journal length its state message gave.
    private var presence: [String: [String: Bool]] = [:]
    private var announced: [String: (match: Double, seq: Int)] = [:]
    private var replayAskedAt: [String: Double] = [:]
    /// The desk's calls the courts have not begun yet, for the panes' "next on court 3".
    var nextCalls = HallNextCalls()
    /// Messages on the hall's topics that are no court's (a name that is not one): counted.
    public private(set) var strays = 0
    /// Why the broker refused the desk's last connection; nil once it takes one.
    public private(set) var refusal: String?
    /// What the desk has to say (a message set aside, a disk that refuses), oldest first.
    public private(set) var notices: [String] = []
    /// The courts whose copy the disk last refused.
    var unsaved: Set<String> = []
    private let lock: (String) -> LockOutcome
    private let unlock: (String) -> Void
    /// Called once a court's copy changed on the disk (the screen reads it again).
    public var changed: (Set<String>) -> Void = { _ in }

    public static let quarantineFile = "hall-quarantine.log"
    static let quarantineLimit = 1 << 20
    static let replayEvery = 2.0

    /// `clientID`: the desk's own on the broker, the same at every start of this desk (its
    /// persistent session is kept) and another for every other desk (`HallService.deskID`).
    public init(address: HallAddress, credentials: HallCredentials?, store: any StateStore, clientID: String,
                lock: @escaping (String) -> LockOutcome, unlock: @escaping (String) -> Void, now: Double) throws(HallError) {
        topics = HallTopics(hall: address.hall)
        self.store = store
        self.lock = lock
        self.unlock = unlock
        // A persistent session: what courts send while the desk is away waits at the broker.
        client = try MQTTClient(clientID: clientID, cleanSession: false, address: address, credentials: credentials)
        for files in CourtFiles.courts(in: store.fileNames()) {
            guard let c = files.court else { continue }
            copies[c] = readCopy(c)
            links[c] = CourtLink(ages: true)
        }
        client.start(now: now)
    }

    func readCopy(_ court: String) -> CourtCopy {
        let f = CourtFiles(court: court)
        return CourtCopy(court: court, journal: store.readBytes(f.journal), closed: HistoryTail.newest(store, f.history, memo: newestMemo)?.match)
    }

    // MARK: The loop

    public func handleEvents(now: Double) { handle(client.takeEvents(), now: now) }

    public func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    func handle(_ events: [MQTTClient.Event], now: Double) {
        var batch: [(String, HallWire.CourtMessage)] = []
        for e in events {
            switch e {
            case .connected:
                refusal = nil
                for p in [topics.everyCourt(.event), topics.everyCourt(.online), topics.everyCourt(.state)] { client.subscribe(p) }
                // The calls as the desk's file has them, whatever the broker kept meanwhile.
                if sendsCalls { for c in Set(wantedCalls.keys).union(retainedCalls.keys) { publishCall(c) } }
                // Whatever the broker kept or lost meanwhile: every court is asked for what
                // follows the desk's files.
                for (c, copy) in copies { publishAck(c, copy.ack(replay: true)) }
                // The desk's calls and the courts' answers: each pane's "next on court".
                for p in [topics.call("+"), topics.everyCourt(.call)] { client.subscribe(p) }
            case let .message(topic, payload, retained):
                noteCall(topic, payload)
                if let m = receive(topic, payload, now: now, live: !retained) { batch.append(m) }
            case .refused(let why):
                if refusal != why { notices.append("hall: the desk has no link to the broker: \(why)") }
                refusal = why
            default:
                break
            }
        }
        if !batch.isEmpty { record(batch, now: now) }
        flushQuarantine()
    }

    /// A message read and checked; an event or a finished match comes back for `record`.
    /// `live`: sent while the desk was subscribed, not kept by the broker (retained): the
    /// court itself was heard just now, which is what its "online" is believed by.
    func receive(_ topic: String, _ payload: [UInt8], now: Double, live: Bool = true) -> (String, HallWire.CourtMessage)? {
        if case .call(let c)? = topics.parse(topic) {
            heardCall(c, payload)
            return nil
        }
        guard case .court(let c, let kind)? = topics.parse(topic) else {
            strays += 1
            return nil
        }
        switch kind {
        case .event:
            switch HallWire.decode(payload, court: c, limit: HallWire.maxMatchBytes) {
            case .success(let m):
                if live { heard(c, now: now) }
                return (c, m)
            case .failure(let r): quarantine(c, r.description, payload, now: now)
            }
        case .online:
            guard let p = HallWire.Presence.decode(payload) else { return nil }
            presence[c, default: [:]][p.keeper] = p.online
            if live { heard(c, now: now) }
            updateLink(c)
        case .state:
            if case .success(let m) = HallWire.decode(payload, court: c, limit: HallWire.maxEventBytes), let seq = m.header.seq {
                announced[c] = (m.header.match, seq)
                if live { heard(c, now: now) }
                updateLink(c)
            }
        case .call:
            answered(c, payload)
        case .match, .history:
            // For screens anywhere: the desk has every event itself.
            break
        }
        return nil
    }

    /// Takes a batch of court messages: what each changes written and synced, court by
    /// court, then acknowledged.
    func record(_ batch: [(String, HallWire.CourtMessage)], now: Double) {
        var proposed: [String: CourtCopy] = [:]
        var writes: [String: [CourtCopy.Write]] = [:]
        var taken: [String: [HallWire.CourtMessage]] = [:]
        var gaps: Set<String> = [], setAside: Set<String> = []
        for (c, m) in batch {
            // Names map onto files as the local courts' do: one held in another case would
            // share its files where case is ignored.
            if copies[c] == nil, proposed[c] == nil,
               let held = (Array(copies.keys) + Array(proposed.keys)).first(where: { $0.lowercased() == c.lowercased() }) {
                quarantine(c, "court \(c) differs only in case from court \(held), held here", HallWire.encode(m.header, body: m.body), now: now)
                continue
            }
            taken[c, default: []].append(m)
            let copy = proposed[c] ?? copies[c] ?? CourtCopy(court: c, journal: nil, history: nil)
            switch copy.consider(m, handover: keeperGone(copy)) {
            case let .store(w, then):
                proposed[c] = then
                writes[c, default: []] += w
            case .duplicate:
                break
            case .gap:
                gaps.insert(c)
            case .refused(let why):
                quarantine(c, why, HallWire.encode(m.header, body: m.body), now: now)
                setAside.insert(c)
            }
        }
        // Two keepers heard online outweigh the reason a message of one was set aside, however
        // the messages were batched.
        for c in setAside where proposed[c] == nil { updateLink(c) }
        var stored: Set<String> = []
        for (c, copy) in proposed {
            let base = copies[c] ?? CourtCopy(court: c, journal: nil, history: nil)
            switch write(c, writes[c] ?? [], then: copy, from: base, messages: taken[c] ?? []) {
            case .stored(let copy):
                copies[c] = copy
                stored.insert(c)
                links[c, default: CourtLink(ages: true)].lastEventAt = now
                publishAck(c, copy.ack())
            case .keptHere:
                // Its keeper's files are the truth: acknowledged as they are on the disk.
                let kept = readCopy(c)
                copies[c] = kept
                links[c, default: CourtLink(ages: true)].lastEventAt = now
                publishAck(c, kept.ack())
            case .refused:
                // What reached the disk is what the copy is.
                copies[c] = readCopy(c)
            }
            updateLink(c)
        }
        for c in gaps where replayAskedAt[c].map({ now - $0 >= DeskRecorder.replayEvery }) ?? true {
            replayAskedAt[c] = now
            publishAck(c, (copies[c] ?? CourtCopy(court: c, journal: nil, history: nil)).ack(replay: true))
        }
        if !stored.isEmpty { changed(stored) }
    }

    /// Whether the keeper of a copy's events is offline (another may take the court).
    func keeperGone(_ copy: CourtCopy) -> Bool { copy.keeper.map { presence[copy.court]?[$0] != true } ?? true }

    enum Written { case stored(CourtCopy), keptHere, refused }

    /// Writes a court's copy under the court's lock, taken for the writes only (a keeper
    /// starting here meanwhile gets it, and the court is its own from then on). The copy on
    /// the disk is read under the lock: one another process changed since this one read it
    /// (two desks on one directory) has the messages considered again from what it holds, so
    /// an event the disk holds is never appended twice.
    func write(_ court: String, _ writes: [CourtCopy.Write], then: CourtCopy, from base: CourtCopy,
               messages: [HallWire.CourtMessage]) -> Written {
        let name = CourtFiles(court: court).lockName
        guard lock(name) == .acquired else {
            links[court, default: CourtLink(ages: true)].keptHere = true
            return .keptHere
        }
        defer { unlock(name) }
        links[court, default: CourtLink(ages: true)].keptHere = false
        var (writes, then) = (writes, then)
        let disk = readCopy(court)
        if !disk.holdsTheSame(as: base) {
            (writes, then) = ([], disk)
            for m in messages {
                if case let .store(w, next) = then.consider(m, handover: keeperGone(then)) { (writes, then) = (writes + w, next) }
            }
        }
        do {
            for w in writes {
                switch w {
                case let .append(file, line): try store.append(file, bytes: line + [0x0a])
                case let .replace(file, bytes):
                    try store.write(file, bytes: bytes)
                    guard store.readBytes(file) ?? [] == bytes else { throw HallError("\(file) could not be replaced") }
                }
            }
            if unsaved.remove(court) != nil { notices.append("court \(court): the desk's copy is saved again") }
            return .stored(then)
        } catch {
            // Said once while the disk refuses; the court sends again until it takes them.
            if unsaved.insert(court).inserted {
                notices.append("court \(court): the desk's copy could not be saved (\(error)); it is asked for again")
            }
            return .refused
        }
    }

    func publishAck(_ court: String, _ ack: HallWire.Ack) {
        client.publish(topics.ack(court), ack.bytes, retain: true)
    }

    /// A message set aside: counted, said, and kept (cut short) in the quarantine log.
    func quarantine(_ court: String, _ why: String, _ payload: [UInt8], now: Double) {
        var link = links[court, default: CourtLink(ages: true)]
        link.quarantined += 1
        link.problem = why
        links[court] = link
        if link.quarantined == 1 || link.quarantined % 100 == 0 {
            notices.append("court \(court): \(link.quarantined) message\(link.quarantined == 1 ? "" : "s") set aside (\(why))")
        }
        // The log's size read once; its lines written once a batch, at the end of the turn
        // (a flood costs a write a turn, not a read of the log and a synced write a message).
        let size = quarantineSize ?? store.readBytes(DeskRecorder.quarantineFile)?.count ?? 0
        quarantineSize = size
        guard size + quarantinePending.count < DeskRecorder.quarantineLimit else { return }
        let shown = DeskRecorder.shown(payload.prefix(200))
        quarantinePending += Array("\(Int(now)) court \(court): \(why): \(shown)\n".utf8)
    }

    /// A payload as the log shows it: printable ASCII as it is, every other byte as `\xNN`
    /// (byte by byte: a flood of garbage is cheap to log).
    static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for b in bytes {
            if b >= 0x20, b < 0x7f, b != 0x5c { out.append(b) } else { out += [0x5c, 0x78, hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private var quarantineSize: Int?
    private var quarantinePending: [UInt8] = []

    /// Writes the lines set aside in this turn.
    func flushQuarantine() {
        guard !quarantinePending.isEmpty else { return }
        try? store.append(DeskRecorder.quarantineFile, bytes: quarantinePending)
        quarantineSize = (quarantineSize ?? 0) + quarantinePending.count
        quarantinePending = []
    }

    func heard(_ c: String, now: Double) {
        links[c, default: CourtLink(ages: true)].heardAt = now
    }

    /// A call of the desk's or a court's answer to one: the court's pane says what is next.
    func noteCall(_ topic: String, _ payload: [UInt8]) {
        let court: String
        switch topics.parse(topic) {
        case .call(let c)?:
            court = c
            nextCalls.call(c, payload)
        case .court(let c, .call)?:
            court = c
            nextCalls.answer(c, payload)
        default:
            return
        }
        if links[court]?.next != nextCalls.next(court) { links[court, default: CourtLink(ages: true)].next = nextCalls.next(court) }
    }

    func updateLink(_ c: String) {
        var link = links[c, default: CourtLink(ages: true)]
        let heard = presence[c] ?? [:]
        let online = heard.filter(\.value).map(\.key).sorted()
        link.online = heard.isEmpty ? nil : !online.isEmpty
        if online.count > 1 { link.problem = "two keepers claim court \(c): " + online.map { String($0.prefix(6)) }.joined(separator: ", ") }
        if let a = announced[c], let copy = copies[c], a.match == copy.match {
            link.unacknowledged = max(0, a.seq - copy.lines.count)
        } else if let a = announced[c], copies[c]?.match.map({ a.match > $0 }) ?? true {
            link.unacknowledged = a.seq
        } else {
            link.unacknowledged = nil
        }
        links[c] = link
    }

    /// The hall as the screen shows it: the desk's own link (`hall ● online`, `hall ○ offline`)
    /// and each court's; while the desk has no link, what it knew of the courts is old news,
    /// shown as unknown.
    public var view: HallView {
        guard client.isConnected else {
            return HallView(link: HallLink(state: .offline), courts: links.mapValues { l in
                var l = l
                l.unknown = true
                return l
            })
        }
        return HallView(link: HallLink(state: .online), courts: links)
    }

    public func stop() { client.stop() }

    // MARK: Calls to court

    /// The calls the desk's file holds, by court (`DeskState.hallCalls`).
    public private(set) var wantedCalls: [String: CourtCall] = [:]
    /// Whether this desk sends the hall's calls (the tournament desk, once told `want`); a
    /// recording desk only reads them, and never clears another desk's.
    public private(set) var sendsCalls = false
    /// The call id the broker retains on each court's `desk/call/C` ("" for none), as heard.
    public private(set) var retainedCalls: [String: String] = [:]
    /// The last answer of each court to a call.
    public private(set) var answers: [String: HallCallAnswer] = [:]

    /// The calls as the desk's file holds them now (told after each save of it): each court
    /// whose retained call differs is sent its call, or an empty retained message that
    /// clears one withdrawn or begun. Sent again at every connection.
    public func want(_ calls: [String: CourtCall]) {
        sendsCalls = true
        let before = wantedCalls
        wantedCalls = calls
        for c in Set(calls.keys).union(before.keys) where calls[c] != before[c] { publishCall(c) }
    }

    func publishCall(_ court: String) {
        client.publish(topics.call(court), wantedCalls[court]?.bytes ?? [], retain: true)
    }

    /// The desk's own retained call on a court, as the broker has it: one the file no longer
    /// holds (the desk was stopped between its save and the message) is put right.
    func heardCall(_ court: String, _ payload: [UInt8]) {
        let id = HallCall.parse(payload)?.id ?? ""
        retainedCalls[court] = id
        if sendsCalls, id != (wantedCalls[court]?.id ?? "") { publishCall(court) }
    }

    /// A court's answer (hostile input: read by `HallCallAnswer.parse`, else ignored).
    func answered(_ court: String, _ payload: [UInt8]) {
        guard let a = HallCallAnswer.parse(payload) else {
            links[court, default: CourtLink(ages: true)].call = nil
            return
        }
        answers[court] = a
        links[court, default: CourtLink(ages: true)].call = CallAnswer(id: a.id, match: a.match, state: a.state.rawValue)
    }
}
