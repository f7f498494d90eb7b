/// What a court has for the hall, and what the desk still lacks of it: the court's own files
/// (the journal is the truth; the outbox only mirrors what is on disk) against the desk's last
/// acknowledgement. Pure: the publisher feeds it what the disk holds and the acks that come,
/// and asks what to send next, in order.
///
/// The order is the court's own, never its clock's: its history's matches in the order the
/// file holds them (the keeper appends each when the next begins), then the journal's match;
/// in a match, an event's place in the journal (seq, 1 is the start). A match's id is its
/// start time, an id only: a clock put right between two matches changes no order. Each
/// match sent names the match before it (`previous`), so the desk chains them. What is sent
/// after an ack, in this order:
/// - the matches the court finished after the desk's (from its history, each whole: a
///   `final` message), the desk's own match too if the desk does not have it closed;
/// - then the journal's events after the ack (all of them for a match the desk lacks).
/// With no ack at all (a desk that never heard of this keeper), everything kept: the history's
/// most recent matches (`pastKept`) and the journal's, so that what a laptop scored before
/// any desk heard of it is never lost, restarts or not.
///
/// An ack is believed only when it is possible: never beyond what this court sent (or, before
/// it sent anything, holds), never behind the last one believed. One that is not is said
/// (`distrust`) and changes nothing that is sent.
public struct CourtOutbox: Sendable {
    /// A match of the court's history: its id, its history line, how many events it holds.
    public struct Past: Equatable, Sendable {
        public var match: Double
        public var line: [UInt8]
        public var count: Int
    }

    public enum Outgoing: Equatable, Sendable {
        /// `previous`: at seq 1, the match before this one in the court's order.
        case event(match: Double, seq: Int, line: [UInt8], previous: Double? = nil)
        case final(match: Double, count: Int, line: [UInt8], previous: Double? = nil)

        public var match: Double {
            switch self {
            case let .event(m, _, _, _), let .final(m, _, _, _): return m
            }
        }

        /// Its seq in the match; a finished match sent whole comes after every event.
        public var seq: Int {
            switch self {
            case let .event(_, s, _, _): return s
            case .final: return .max
            }
        }
    }

    /// A place in the court's order: the match's place (its history's, then the journal's),
    /// then the seq (`Int.max`: the match whole).
    struct Key: Comparable, Sendable {
        var place: Int
        var seq: Int
        static func < (a: Key, b: Key) -> Bool { a.place != b.place ? a.place < b.place : a.seq < b.seq }
    }

    /// The journal's match and its lines (`lines[i]` has seq i + 1).
    public private(set) var match: Double?
    public private(set) var lines: [[UInt8]] = []
    /// The history's most recent matches, in the file's order (older ones are not sent again).
    public private(set) var past: [Past] = []
    /// The match before the oldest of `past`, when the history holds more than is kept.
    public private(set) var before: Double?
    /// The desk's last acknowledgement believed.
    public private(set) var ack: HallWire.Ack?
    /// Why the last acknowledgement was not believed; nil once one is.
    public private(set) var distrust: String?
    /// The last thing handed to the broker since the last (re)connection or replay.
    private var cursor: (match: Double, seq: Int)?
    /// The furthest thing handed to the broker since this outbox was made.
    private var handed: (match: Double, seq: Int)?


    /// How many finished matches are kept to be sent (a club night is fewer).
    public static let pastKept = 64

    /// `history`: its last lines, oldest first; one more than `pastKept` names the match
    /// before the kept ones.
    public init(journal: [UInt8]?, history: [[UInt8]] = []) {
        if history.count > CourtOutbox.pastKept, let h = history.dropLast(CourtOutbox.pastKept).last.flatMap({ MatchLines.historyMatch($0) }) {
            before = h.match
        }
        for line in history.suffix(CourtOutbox.pastKept) { historyAppended(line) }
        if let journal { journalReplaced(journal) }
    }

    /// The journal was written whole (a new match, or a journal rewritten).
    public mutating func journalReplaced(_ bytes: [UInt8]) {
        guard let j = MatchLines.journal(bytes) else {
            (match, lines) = (nil, [])
            return
        }
        (match, lines) = (j.match, j.lines)
    }

    /// A line was added to the journal (on the disk now).
    public mutating func journalAppended(_ line: [UInt8]) {
        let line = line.dropLastNewline
        guard match != nil else {
            journalReplaced(line)
            return
        }
        lines.append(line)
    }

    /// A finished match went to the history (a match kept twice keeps its first place).
    public mutating func historyAppended(_ line: [UInt8]) {
        let line = line.dropLastNewline
        guard let h = MatchLines.historyMatch(line) else { return }
        if let i = past.firstIndex(where: { $0.match == h.match }) {
            past[i] = Past(match: h.match, line: line, count: h.count)
            return
        }
        past.append(Past(match: h.match, line: line, count: h.count))
        if past.count > CourtOutbox.pastKept {
            before = past[past.count - CourtOutbox.pastKept - 1].match
            past.removeFirst(past.count - CourtOutbox.pastKept)
        }
    }

    /// The place of a match in the court's order; nil for one it does not keep.
    func place(of id: Double) -> Int? {
        if let i = past.firstIndex(where: { $0.match == id }) { return i }
        return id == match ? past.count : nil
    }

    func key(_ at: (match: Double, seq: Int)) -> Key { Key(place: place(of: at.match) ?? -1, seq: at.seq) }

    /// The ack's place; nil: the desk has nothing of this keeper (the journal's match is sent).
    func key(of ack: HallWire.Ack) -> Key? {
        ack.match.map { m in Key(place: place(of: m) ?? -1, seq: ack.isClosed ? .max : ack.seq) }
    }

    /// The court's last place: the journal's last line, else its newest finished match.
    var end: Key {
        if match != nil { return Key(place: past.count, seq: lines.count) }
        return Key(place: past.count - 1, seq: .max)
    }

    /// The desk's acknowledgement, believed only when it is possible; a replay asked for
    /// sends everything after it again. One that goes back is not believed either (the
    /// frame says so), but what it lacks is sent again: the desk drops what it has.
    public mutating func take(_ ack: HallWire.Ack, now: Double = 0) {
        switch doubt(ack) {
        case .ahead(let why)?:
            distrust = why
            return
        case .behind(let why)?:
            distrust = why
        case nil:
            distrust = nil
        }
        if ack != self.ack { progressAt = now }
        self.ack = ack
        if ack.asksReplay || distrust != nil { rewind(now: now) }
    }

    enum Doubt: Equatable { case ahead(String), behind(String) }

    /// Why an ack is not possible; nil when it is.
    func doubt(_ ack: HallWire.Ack) -> Doubt? {
        if let m = ack.match, place(of: m) == nil { return .behind("it names a match this court does not keep") }
        let k = key(of: ack)
        let believed = self.ack.flatMap { key(of: $0) }
        if let k {
            // Before anything was sent, what the court holds bounds it (an ack from before a restart).
            let sent = [handed.map { key($0) }, believed].compactMap { $0 }.max() ?? end
            if k > sent || k > end { return .ahead("it acknowledges more than this court sent") }
        }
        if let b = believed, k.map({ $0 < b }) ?? true { return .behind("it goes back on an earlier one") }
        return nil
    }

    /// After a (re)connection: everything after the ack is sent again (the desk drops what it has).
    public mutating func rewind(now: Double = 0) {
        cursor = nil
        progressAt = now
    }

    /// When the ack last moved (or everything was sent again).
    private var progressAt: Double = 0

    /// What was sent and is still not acknowledged `after` seconds later is sent again (a
    /// message lost between the broker and a desk that restarted without its session): at
    /// least once, whatever happened on the way; the desk drops what it already has.
    public mutating func rewindIfStalled(now: Double, after: Double) {
        guard unacknowledged > 0, !hasUnsent, now - progressAt >= after else { return }
        rewind(now: now)
    }

    /// Everything the desk lacks, in order, each with its place.
    var pendingKeyed: [(key: Key, out: Outgoing)] {
        var out: [(Key, Outgoing)] = []
        // An ack of no match (a desk that has nothing of this keeper) asks for everything kept.
        let acked = ack.flatMap { key(of: $0) }
        for (i, p) in past.enumerated() where p.match != match && acked.map({ Key(place: i, seq: .max) > $0 }) ?? true {
            out.append((Key(place: i, seq: .max), .final(match: p.match, count: p.count, line: p.line, previous: i > 0 ? past[i - 1].match : before)))
        }
        if let m = match, let at = place(of: m) {
            let previous = past.last { $0.match != m }?.match ?? (past.isEmpty ? before : nil)
            for (i, line) in lines.enumerated() where acked.map({ Key(place: at, seq: i + 1) > $0 }) ?? true {
                out.append((Key(place: at, seq: i + 1), .event(match: m, seq: i + 1, line: line, previous: i == 0 ? previous : nil)))
            }
        }
        return out
    }

    public var pending: [Outgoing] { pendingKeyed.map(\.out) }

    /// Up to `limit` of what has not been handed to the broker yet; marks them handed.
    public mutating func next(limit: Int) -> [Outgoing] {
        let from = cursor.map { key($0) }
        let todo = pendingKeyed.filter { o in from.map { o.key > $0 } ?? true }.prefix(limit)
        if let last = todo.last {
            cursor = (last.out.match, last.out.seq)
            if handed.map({ last.key > key($0) }) ?? true { handed = cursor }
        }
        return todo.map(\.out)
    }

    /// Whether something waits to be handed to the broker.
    public var hasUnsent: Bool {
        guard let last = pendingKeyed.last else { return false }
        return cursor.map { last.key > key($0) } ?? true
    }

    /// Events the desk has not acknowledged (a finished match counts its events).
    public var unacknowledged: Int {
        pending.reduce(0) { n, o in
            if case let .final(_, count, _, _) = o { return n + count }
            return n + 1
        }
    }

    /// The last seq of the journal's match the desk has: `hall ● synced #142`.
    public var acknowledgedSeq: Int? {
        guard distrust == nil, let a = ack, let m = match, a.match == m else { return nil }
        return a.seq
    }
}
