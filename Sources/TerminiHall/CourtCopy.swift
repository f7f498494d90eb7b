import BadmintonRules

/// The desk's copy of one court: the court's match and history in the desk's own files, named
/// as the court names its own (`badminton-3-match.jsonl`, `badminton-3-history.jsonl`), and the
/// rule by which a message from the network may change it. Pure: `consider` says what a
/// message would write and what the copy would be once that is on the disk; the recorder
/// writes, syncs, then adopts the new copy and acknowledges it. Exactly once, in order: an
/// event is taken only as the next seq of the match the copy holds (or the start of a newer
/// one); one seen before is a duplicate (dropped) when its bytes are the same and refused when
/// they are not; one further on is a gap (a replay is asked for); anything that does not read
/// or does not apply to the match is refused, and the copy stays as it was.
public struct CourtCopy: Sendable {
    public let court: String
    /// The match of the journal copy and its lines (seq i + 1 is `lines[i]`).
    public private(set) var match: Double?
    public private(set) var lines: [[UInt8]] = []
    private var log: MatchLog?
    /// The newest match of the history copy.
    public private(set) var closed: Double?
    /// The keeper whose events the copy holds (nil until the first one, after a restart too).
    public private(set) var keeper: String?

    public var journalFile: String { CourtFiles(court: court).journal }
    public var historyFile: String { CourtFiles(court: court).history }

    /// A copy as the desk's files hold it (a court the desk has not heard of: nothing).
    public init(court: String, journal: [UInt8]?, history: [UInt8]?) {
        self.init(court: court, journal: journal, closed: history.flatMap { h in MatchLines.lines(of: h).compactMap { MatchLines.historyMatch($0)?.match }.max() })
    }

    /// A copy whose history's newest match is `closed` (`HistoryTail.newest`: the history is
    /// not read whole for it).
    public init(court: String, journal: [UInt8]?, closed: Double?) {
        self.court = court
        if let journal, let j = MatchLines.journal(journal), let l = MatchLines.replay(j.lines) {
            (match, lines, log) = (j.match, j.lines, l)
        }
        self.closed = closed
    }

    /// Whether two copies hold the same: the same match to the same seq, the same history.
    public func holdsTheSame(as other: CourtCopy) -> Bool {
        match == other.match && lines.count == other.lines.count && closed == other.closed
    }

    public enum Write: Equatable, Sendable {
        case append(file: String, line: [UInt8])
        case replace(file: String, bytes: [UInt8])
    }

    public enum Verdict: Sendable {
        /// Write these, in order; once they are on the disk the copy is `then`.
        case store([Write], then: CourtCopy)
        /// Already held, byte for byte.
        case duplicate
        /// Further on than the next seq (`expected`): the court is asked to send again.
        case gap(expected: Int)
        /// Not taken, and why (the copy is unchanged).
        case refused(String)
    }

    /// What the desk acknowledges: the copy's match up to its last seq, or the history's
    /// newest match, closed. `replay` asks the court for everything after it.
    public func ack(replay: Bool = false) -> HallWire.Ack {
        if let match { return HallWire.Ack(match: match, seq: lines.count, replay: replay) }
        if let closed { return HallWire.Ack(match: closed, seq: 0, closed: true, replay: replay) }
        return HallWire.Ack(match: nil, seq: 0, replay: replay)
    }

    /// `handover`: the copy's keeper is offline, so another may take the court with a new match.
    public func consider(_ m: HallWire.CourtMessage, handover: Bool = false) -> Verdict {
        let h = m.header
        if let k = keeper, k != h.keeper {
            let startsNewer = h.match > max(match ?? 0, closed ?? 0) && (h.seq == 1 || h.final != nil)
            guard handover && startsNewer else {
                return .refused("a second keeper (\(h.keeper)) sends for court \(court), kept by \(k)")
            }
        }
        if let count = h.final { return considerFinal(h.match, count: count, line: m.body, keeper: h.keeper) }
        guard let seq = h.seq else { return .refused("neither a seq nor a final count") }
        return considerEvent(h.match, seq: seq, line: m.body, keeper: h.keeper, previous: h.previous)
    }

    func considerEvent(_ id: Double, seq: Int, line: [UInt8], keeper k: String, previous: Double?) -> Verdict {
        guard !line.contains(0x0a), let event = MatchLines.event(line) else { return .refused("seq \(seq) is not a journal line") }
        if let current = match, id == current {
            if seq <= lines.count {
                return lines[seq - 1] == line ? .duplicate : .refused("seq \(seq) of the match sent again with other content")
            }
            guard seq == lines.count + 1 else { return .gap(expected: lines.count + 1) }
            guard var next = log, next.take(event) else { return .refused("seq \(seq) does not apply to the match") }
            var copy = self
            copy.lines.append(line)
            copy.log = next
            copy.keeper = k
            return .store([.append(file: journalFile, line: line)], then: copy)
        }
        if id < (match ?? 0) || id <= (closed ?? 0) {
            return id == closed ? .duplicate : .refused("an event of an older match than the desk's")
        }
        // A newer match: it begins with its start event, at seq 1, and only once the desk has
        // every match the court finished before it (sent whole, `final`): the copy's own
        // match is closed here only when the court kept nothing of it in its history.
        guard seq == 1 else { return .gap(expected: 1) }
        // (A desk that has nothing of this court starts from the match it is sent.)
        if let p = previous, match != nil || closed != nil, p >= (match ?? 0), p > (closed ?? 0) { return .gap(expected: 1) }
        guard case .start = event.action, event.time == id, let started = MatchLines.replay([line]) else {
            return .refused("a new match whose seq 1 is not its start")
        }
        var writes = closingWrites()
        writes.append(.replace(file: journalFile, bytes: line + [0x0a]))
        var copy = self
        if match != nil { copy.closed = match }
        (copy.match, copy.lines, copy.log, copy.keeper) = (id, [line], started, k)
        return .store(writes, then: copy)
    }

    func considerFinal(_ id: Double, count: Int, line: [UInt8], keeper k: String) -> Verdict {
        if let c = closed, id <= c { return id == c ? .duplicate : .refused("a finished match older than the desk's") }
        if let current = match, id < current { return .refused("a finished match older than the desk's") }
        guard !line.contains(0x0a), let log = MatchLines.history(line), log.startedAt == id, log.effective.count == count else {
            return .refused("a finished match that is not a history line of that match")
        }
        // The desk's copy of that very match (partial, perhaps) gives way to the court's whole one.
        var writes = match == id ? [] : closingWrites()
        writes.append(.append(file: historyFile, line: line))
        writes.append(.replace(file: journalFile, bytes: []))
        var copy = self
        (copy.match, copy.lines, copy.log, copy.closed, copy.keeper) = (nil, [], nil, id, k)
        return .store(writes, then: copy)
    }

    /// The match of the journal copy to the history, as the keeper does when the next begins.
    func closingWrites() -> [Write] {
        guard let log, let line = MatchLines.historyLine(of: log) else { return [] }
        return [.append(file: historyFile, line: line)]
    }
}
