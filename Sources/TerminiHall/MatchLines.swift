import BadmintonRules

/// What the hall needs of Badminton's files, in one place: a journal as its lines, the match a
/// journal or a history line is of, and the history line a match leaves when the next begins
/// (as the keeper writes it). Lines are kept as the keeper wrote them, byte for byte.
public enum MatchLines {
    /// The lines of a file that hold something, without their newlines.
    public static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0a, omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0d || $0 == 0x09 } }
            .map { Array($0) }
    }

    /// The match a journal line starts: its start event's time; nil for any other line.
    public static func startedMatch(_ line: [UInt8]) -> Double? {
        guard let e = MatchEvent.parse(line: line), case .start = e.action else { return nil }
        return e.time
    }

    /// A journal's match: its id and its event lines (the first a start event); nil for a
    /// journal that does not begin with one (none yet, or damaged past reading).
    public static func journal(_ bytes: [UInt8]) -> (match: Double, lines: [[UInt8]])? {
        let lines = lines(of: bytes)
        guard let first = lines.first, let id = startedMatch(first) else { return nil }
        return (id, lines)
    }

    /// A history line's match: its id and how many events it holds.
    public static func historyMatch(_ line: [UInt8]) -> (match: Double, count: Int)? {
        guard let log = HistoryEntry.parse(line: line[...]) else { return nil }
        return (log.startedAt, log.effective.count)
    }

    /// The match of journal lines replayed (nil when they are not a journal), for a desk
    /// that checks each event it is sent against the match it has.
    public static func replay(_ lines: [[UInt8]]) -> MatchLog? {
        let events = lines.compactMap { MatchEvent.parse(line: $0) }
        guard events.count == lines.count else { return nil }
        return MatchLog(records: events)
    }

    /// The history line the keeper writes for a match when the next one begins: its events in
    /// force; nil for a match in which nothing happened (the keeper keeps none of those).
    public static func historyLine(of log: MatchLog) -> [UInt8]? {
        log.effective.count > 1 ? HistoryEntry(events: log.effective).line.dropLastNewline : nil
    }

    /// The match of a history line; nil when the line is not one.
    public static func history(_ line: [UInt8]) -> MatchLog? { HistoryEntry.parse(line: line[...]) }

    public static func event(_ line: [UInt8]) -> MatchEvent? { MatchEvent.parse(line: line) }
}

extension Array where Element == UInt8 {
    var dropLastNewline: [UInt8] { last == 0x0a ? Array(dropLast()) : self }
}
