/// What a court has for the hall, and what the desk still lacks of it: the court's own files
/// (the journal is the truth; the outbox only mirrors what is on disk) against the desk's last
/// acknowledgement. Pure: the publisher feeds it what the disk holds and the acks that come,
/// and asks what to send next, in order.
///
/// An event is `(match, seq)`: the match's start time and the line's place in its journal
/// (1 is the start). What is sent after an ack, in this order:
/// - the matches the court finished since the desk's (from its history, each whole: a
///   `final` message), the desk's own match too if the desk does not have it closed;
/// - then the journal's events after the ack (all of them for a match the desk lacks).
/// With no ack at all (a desk that never heard of this court), the journal's match only.
public struct CourtOutbox: Sendable {
    /// A match of the court's history: its id, its history line, how many events it holds.
    public struct Past: Equatable, Sendable {
        public var match: Double
        public var line: [UInt8]
        public var count: Int
    }

    public enum Outgoing: Equatable, Sendable {
        /// `previous`: at seq 1, the match of the court's history before this one (the desk
        /// closes its own copy of an older match only when the court kept nothing of it).
        case event(match: Double, seq: Int, line: [UInt8], previous: Double? = nil)
        case final(match: Double, count: Int, line: [UInt8])

        /// Where it stands in the order of sending: by match, a final after every event.
        var key: Key {
            switch self {
            case let .event(m, s, _, _): return Key(match: m, seq: s)
            case let .final(m, _, _): return Key(match: m, seq: .max)
            }
        }
    }

    struct Key: Comparable, Sendable {
        var match: Double
        var seq: Int
        static func < (a: Key, b: Key) -> Bool { a.match != b.match ? a.match < b.match : a.seq < b.seq }
    }

    /// The journal's match and its lines (`lines[i]` has seq i + 1).
    public private(set) var match: Double?
    public private(set) var lines: [[UInt8]] = []
    /// The history's most recent matches, oldest first (older ones are not sent again).
    public private(set) var past: [Past] = []
    public private(set) var ack: HallWire.Ack?
    /// The last thing handed to the broker since the last (re)connection or replay.
    private var cursor: Key?

    /// How many finished matches are kept to be sent (a club night is fewer).
    public static let pastKept = 64

    public init(journal: [UInt8]?, history: [[UInt8]] = []) {
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

    /// A finished match went to the history.
    public mutating func historyAppended(_ line: [UInt8]) {
        let line = line.dropLastNewline
        guard let h = MatchLines.historyMatch(line) else { return }
        past.removeAll { $0.match == h.match }
        past.append(Past(match: h.match, line: line, count: h.count))
        past.sort { $0.match < $1.match }
        if past.count > CourtOutbox.pastKept { past.removeFirst(past.count - CourtOutbox.pastKept) }
    }

    /// The desk's acknowledgement; a replay asked for sends everything after it again.
    public mutating func take(_ ack: HallWire.Ack, now: Double = 0) {
        if ack != self.ack { progressAt = now }
        self.ack = ack
        if ack.asksReplay { rewind(now: now) }
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

    /// Everything the desk lacks, in order.
    public var pending: [Outgoing] {
        var out: [Outgoing] = []
        // An ack of no match (a desk that has nothing of this court) asks for the journal's
        // match only: a desk set up tonight is not sent every match the laptop ever kept.
        let acked: Key? = ack.flatMap { a in a.match.map { Key(match: $0, seq: a.isClosed ? .max : a.seq) } }
        if let from = acked {
            for p in past where p.match != match && Key(match: p.match, seq: .max) > from {
                out.append(.final(match: p.match, count: p.count, line: p.line))
            }
        }
        if let m = match {
            let previous = past.last { $0.match < m }?.match
            for (i, line) in lines.enumerated() where acked.map({ Key(match: m, seq: i + 1) > $0 }) ?? true {
                out.append(.event(match: m, seq: i + 1, line: line, previous: i == 0 ? previous : nil))
            }
        }
        return out
    }

    /// Up to `limit` of what has not been handed to the broker yet; marks them handed.
    public mutating func next(limit: Int) -> [Outgoing] {
        let from = cursor
        let todo = pending.filter { o in from.map { o.key > $0 } ?? true }.prefix(limit)
        if let last = todo.last { cursor = last.key }
        return Array(todo)
    }

    /// Whether something waits to be handed to the broker.
    public var hasUnsent: Bool {
        guard let last = pending.last else { return false }
        return cursor.map { last.key > $0 } ?? true
    }

    /// Events the desk has not acknowledged (a finished match counts its events).
    public var unacknowledged: Int {
        pending.reduce(0) { n, o in
            if case let .final(_, count, _) = o { return n + count }
            return n + 1
        }
    }

    /// The last seq of the journal's match the desk has: `hall ● synced #142`.
    public var acknowledgedSeq: Int? {
        guard let a = ack, let m = match, a.match == m else { return nil }
        return a.seq
    }
}
