import BadmintonRules
import TerminiData

/// The desk's copy of one stream of a court: a keeper's matches and history in the desk's own
/// files, named as the court names its own (`badminton-3-match.jsonl`,
/// `badminton-3-history.jsonl`) for the court's keeper, or as a stream of its own
/// (`hall-stream.3.5f0c….match.jsonl`) for another keeper or a fork; and the rule by which a
/// message from the network may change it. Pure: `consider` says what a message would write
/// and what the copy would be once that is on the disk; the recorder writes, syncs, then
/// adopts the new copy and acknowledges it.
///
/// Exactly once, in the keeper's order, never a clock's: an event is taken only as the next
/// seq of the match the copy holds, or as the start of the match the keeper played next: one
/// that names (`previous`) the copy's newest finished match. One seen before is a duplicate
/// (dropped) when its bytes are the same and refused when they are not; one further on is a
/// gap (a replay is asked for); a new match that names an older match, or none, is a fork
/// (`fork`: the recorder keeps it in a stream of its own, never in place of this one).
public struct CourtCopy: Sendable {
    public let court: String
    /// The match of the journal copy and its lines (seq i + 1 is `lines[i]`).
    public private(set) var match: Double?
    public private(set) var lines: [[UInt8]] = []
    private var log: MatchLog?
    /// The history copy's most recent matches (`recentKept`), oldest first.
    public private(set) var recent: [Double] = []
    /// The newest match of the history copy.
    public var closed: Double? { recent.last }
    /// The next new match begins another keeper's chain here (the court's keeper changed):
    /// taken whatever it names before it, and the journal's match, the last keeper's, is
    /// not closed into this history (the recorder keeps it in that keeper's stream).
    public var takeover = false
    /// The stream's name (`KEEPER`, `KEEPER~2`); nil for the court's own files.
    public let stream: String?
    /// The keeper whose events the copy holds (nil until the first one, after a restart too).
    public private(set) var keeper: String?

    /// How many of the history's newest matches a copy knows by id: what a court sends again
    /// is never older (it keeps `CourtOutbox.pastKept`).
    public static let recentKept = 256

    public var journalFile: String { CourtCopy.files(court, stream).journal }
    public var historyFile: String { CourtCopy.files(court, stream).history }

    /// The files of a court's stream: the court's own for nil (`CourtFiles` names them).
    public static func files(_ court: String, _ stream: String?) -> (journal: String, history: String) {
        let f = CourtFiles(court: court, stream: stream)
        return (f.journal, f.history)
    }

    public static let streamPrefix = CourtFiles.streamPrefix

    public static func stream(ofFile name: String) -> (court: String, stream: String)? { CourtFiles.stream(ofFile: name) }

    /// A copy as the desk's files hold it (a court the desk has not heard of: nothing).
    public init(court: String, journal: [UInt8]?, history: [UInt8]?, stream: String? = nil) {
        self.init(court: court, journal: journal, recent: history.map { h in MatchLines.lines(of: h).compactMap { MatchLines.historyMatch($0)?.match } } ?? [],
                  stream: stream)
    }

    /// A copy whose history's newest matches are `recent`, oldest first (read from the
    /// history's end: it is not read whole for them).
    public init(court: String, journal: [UInt8]?, recent: [Double], stream: String? = nil) {
        self.court = court
        self.stream = stream
        if let journal, let j = MatchLines.journal(journal), let l = MatchLines.replay(j.lines) {
            (match, lines, log) = (j.match, j.lines, l)
        }
        self.recent = Array(recent.suffix(CourtCopy.recentKept))
    }

    /// Whether two copies hold the same: the same match to the same seq, the same history.
    public func holdsTheSame(as other: CourtCopy) -> Bool {
        match == other.match && lines.count == other.lines.count && closed == other.closed
    }

    /// Whether the copy holds nothing.
    public var isEmpty: Bool { match == nil && recent.isEmpty }

    /// The journal copy's bytes.
    public var journalBytes: [UInt8] { lines.flatMap { $0 + [0x0a] } }

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
        /// A new match that does not follow this copy's (it names an older one, or none):
        /// kept in a stream of its own, if at all, never in place of this one.
        case fork(String)
    }

    /// What the desk acknowledges: the copy's match up to its last seq, or the history's
    /// newest match, closed. `replay` asks the court for everything after it.
    public func ack(replay: Bool = false) -> HallWire.Ack {
        if let match { return HallWire.Ack(keeper: keeperID, match: match, seq: lines.count, replay: replay) }
        if let closed { return HallWire.Ack(keeper: keeperID, match: closed, seq: 0, closed: true, replay: replay) }
        return HallWire.Ack(keeper: keeperID, match: nil, seq: 0, replay: replay)
    }

    /// The keeper an ack of this copy is for: the stream's (without a fork's `~N`), else the
    /// keeper whose events it holds.
    var keeperID: String? { stream.map { String($0.prefix(16)) } ?? keeper }

    /// The copy as its keeper's from now on (the recorder knows whose a court's files are).
    public func kept(by keeper: String?) -> CourtCopy {
        var c = self
        c.keeper = keeper
        return c
    }

    /// What taking `m` would write, and the copy after; the recorder has chosen this copy
    /// as the message keeper's (the court's files, or its stream).
    public func consider(_ m: HallWire.CourtMessage) -> Verdict {
        let h = m.header
        if let count = h.final { return considerFinal(h.match, count: count, line: m.body, keeper: h.keeper, previous: h.previous) }
        guard let seq = h.seq else { return .refused("neither a seq nor a final count") }
        return considerEvent(h.match, seq: seq, line: m.body, keeper: h.keeper, previous: h.previous)
    }

    /// Whether a new match `id`, naming `previous` before it, is the next of this copy:
    /// nil when it is, else why not (a gap to ask for, or a fork).
    func follows(_ id: Double, previous: Double?) -> Verdict? {
        // A copy with nothing starts from the match it is sent; a new keeper's chain from its first.
        if isEmpty || takeover { return nil }
        guard let p = previous else { return .fork("match \(CourtCopy.idText(id)) names no match before it, on a court with matches") }
        // The court finished the copy's match: its whole one comes first.
        if p == match { return .gap(expected: 1) }
        if p == closed {
            // The journal's match is closed by it only when the court kept nothing of it.
            if let log, MatchLines.historyLine(of: log) != nil { return .fork("match \(CourtCopy.idText(id)) follows \(CourtCopy.idText(p)), not the desk's \(CourtCopy.idText(match ?? 0))") }
            return nil
        }
        if recent.contains(p) { return .fork("match \(CourtCopy.idText(id)) follows \(CourtCopy.idText(p)), an older match than the desk's newest") }
        return .gap(expected: 1)
    }

    func considerEvent(_ id: Double, seq: Int, line: [UInt8], keeper k: String, previous: Double?) -> Verdict {
        guard !line.contains(0x0a), let event = MatchLines.event(line) else { return .refused("seq \(seq) is not a journal line") }
        if let current = match, id == current {
            if seq <= lines.count {
                return lines[seq - 1] == line ? .duplicate : .refused("two different events claim seq \(seq) of match \(CourtCopy.idText(id))")
            }
            guard seq == lines.count + 1 else { return .gap(expected: lines.count + 1) }
            guard var next = log, next.take(event) else { return .refused("seq \(seq) does not apply to the match") }
            var copy = self
            copy.lines.append(line)
            copy.log = next
            copy.keeper = k
            return .store([.append(file: journalFile, line: line)], then: copy)
        }
        // A match the history holds: sent again.
        if recent.contains(id) { return .duplicate }
        // A new match: it begins with its start event, at seq 1, and only once the desk has
        // every match the court finished before it (sent whole, `final`).
        guard seq == 1 else { return .gap(expected: 1) }
        guard case .start = event.action, event.time == id, let started = MatchLines.replay([line]) else {
            return .refused("a new match whose seq 1 is not its start")
        }
        if let v = follows(id, previous: previous) { return v }
        let closing = takeover ? [] : closingWrites()
        let writes = closing + [.replace(file: journalFile, bytes: line + [0x0a])]
        var copy = self
        if let m = match, !closing.isEmpty { copy.close(m) }
        (copy.match, copy.lines, copy.log, copy.keeper, copy.takeover) = (id, [line], started, k, false)
        return .store(writes, then: copy)
    }

    mutating func close(_ id: Double) {
        recent.removeAll { $0 == id }
        recent.append(id)
        if recent.count > CourtCopy.recentKept { recent.removeFirst(recent.count - CourtCopy.recentKept) }
    }

    func considerFinal(_ id: Double, count: Int, line: [UInt8], keeper k: String, previous: Double?) -> Verdict {
        if recent.contains(id) { return .duplicate }
        guard !line.contains(0x0a), let log = MatchLines.history(line), log.startedAt == id, log.effective.count == count else {
            return .refused("a finished match that is not a history line of that match")
        }
        // The desk's copy of that very match (partial, perhaps) gives way to the court's whole one.
        if match != id, let v = follows(id, previous: previous) { return v }
        let closing = match == id || takeover ? [] : closingWrites()
        let writes = closing + [.append(file: historyFile, line: line), .replace(file: journalFile, bytes: [])]
        var copy = self
        if let m = match, !closing.isEmpty { copy.close(m) }
        copy.close(id)
        (copy.match, copy.lines, copy.log, copy.keeper, copy.takeover) = (nil, [], nil, k, false)
        return .store(writes, then: copy)
    }

    /// The match of the journal copy to the history, as the keeper does when the next begins.
    func closingWrites() -> [Write] {
        guard let log, let line = MatchLines.historyLine(of: log) else { return [] }
        return [.append(file: historyFile, line: line)]
    }
}

extension CourtCopy {
    /// A match id as the wire writes it, for messages.
    static func idText(_ id: Double) -> String { JSONWriter.number(id) ?? "\(id)" }
}
