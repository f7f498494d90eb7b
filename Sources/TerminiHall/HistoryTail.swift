import TerminiCore
import TerminiApp
import BadmintonRules

/// A court's history read from its end, a chunk at a time, as far back as a question needs:
/// the newest match (the desk's copy, `CourtCopy`), the matches begun since a call (the desk's
/// results), one match by its start (`--scoresheet`). A history is kept in the order its
/// matches were played (a keeper appends a match when the next begins; the desk's copy takes
/// each keeper's in that keeper's order). Their start times mostly follow that order, but a
/// clock may be wrong, or put right between two matches: a read for the matches since a time
/// stops only after `lookBehind` lines in a row begun before it, and one for a match by its
/// start reads on until it finds it. The desk reads a few kilobytes of a history of a season,
/// never the whole file into memory (a 20 MB history is over the store's snapshot limit).
public enum HistoryTail {
    /// How many lines in a row begun before a time end a read for the matches since it.
    public static let lookBehind = 64

    /// The bytes read at a time.
    public static let chunk = 1 << 16
    /// A line longer than this is damage: it is skipped, not held.
    public static let lineLimit = 4 << 20

    /// The lines of `file` from its last to its first, each without its newline (blank ones
    /// too), until `body` returns false. Nothing when the file does not exist.
    public static func lines(_ store: any StateReader, _ file: String, chunk: Int = HistoryTail.chunk,
                             _ body: (ArraySlice<UInt8>) -> Bool) {
        guard let size = store.readRange(file, offset: 0, count: 0)?.size else { return }
        var end = size
        // The line whose end was read and not its start: its pieces, the last first, and its length.
        var pieces: [[UInt8]] = [], held = 0
        // A line over the limit: dropped, up to its start.
        var skipping = false
        /// The line of the pieces held, `head` before them; nil when it is over the limit (or skipped).
        func line(_ head: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            defer { (pieces, held, skipping) = ([], 0, false) }
            guard !skipping, head.count + held <= lineLimit else { return nil }
            return pieces.isEmpty ? head : (Array(head) + pieces.reversed().joined())[...]
        }
        while end > 0 {
            let from = max(0, end - chunk)
            guard let r = store.readRange(file, offset: from, count: end - from), r.bytes.count == end - from else { return }
            let bytes = r.bytes
            var stop = bytes.count
            while let nl = bytes[..<stop].lastIndex(of: 0x0a) {
                if let l = line(bytes[(nl + 1)..<stop]), !body(l) { return }
                stop = nl
            }
            end = from
            guard !skipping else { continue }
            pieces.append(Array(bytes[..<stop]))
            held += stop
            if held > lineLimit { (pieces, held, skipping) = ([], 0, true) }
        }
        if let l = line([]) { _ = body(l) }
    }

    /// A history as it is now, for a memo of what was read from it: its size and a hash of its
    /// last bytes (as the history's index knows the history it covers). A history is only ever
    /// appended to, so the same size and end are the same lines.
    public struct Identity: Hashable, Sendable {
        public var file: String, size: Int, tail: UInt64
    }

    public static func identity(_ store: any StateReader, _ file: String) -> Identity? {
        guard let size = store.readRange(file, offset: 0, count: 0)?.size,
              let end = store.readRange(file, offset: max(0, size - HistoryIndex.tailLength), count: HistoryIndex.tailLength),
              end.size == size else { return nil }
        return Identity(file: file, size: size, tail: HistoryIndex.hash(end.bytes))
    }

    /// The matches since a time, kept for the history as it was (`matches(_:_:since:memo:)`).
    public struct Since: Hashable, Sendable {
        public var history: Identity, since: Double
    }

    /// The ids of the newest matches, kept for the history as it was (`recent(_:_:memo:)`).
    public struct Recent: Sendable {
        public var value: [Double]
    }

    /// The ids of the history's last `count` matches, oldest first, read again only when the
    /// history changed since the memo took them.
    public static func recent(_ store: any StateReader, _ file: String, count: Int = CourtCopy.recentKept, memo: Memo<Identity, Recent>) -> [Double] {
        let read = { lastLines(store, file, count: count).compactMap { MatchLines.historyMatch($0)?.match } }
        guard let id = identity(store, file) else { return read() }
        return memo.value(id) { Recent(value: read()) }.value
    }

    /// The newest match, kept for the history as it was (`newest(_:_:memo:)`).
    public struct Newest: Sendable {
        public var value: (match: Double, count: Int)?
    }

    /// `matches(_:_:since:)`, read again only when the history changed since the memo took it:
    /// a desk hears a court's every event, and its history changes once a match.
    public static func matches(_ store: any StateReader, _ file: String, since: Double, memo: Memo<Since, [MatchLog]>) -> [MatchLog] {
        guard let id = identity(store, file) else { return matches(store, file, since: since) }
        return memo.value(Since(history: id, since: since)) { matches(store, file, since: since) }
    }

    /// `newest(_:_:)`, read again only when the history changed since the memo took it.
    public static func newest(_ store: any StateReader, _ file: String, memo: Memo<Identity, Newest>) -> (match: Double, count: Int)? {
        guard let id = identity(store, file) else { return newest(store, file) }
        return memo.value(id) { Newest(value: newest(store, file)) }.value
    }

    /// The history's matches begun at or after `since`, in the history's order, read from the
    /// end back to `lookBehind` matches in a row begun before it; a match kept twice is listed
    /// once, as last kept (as `HistoryEntry.readAll` lists them).
    public static func matches(_ store: any StateReader, _ file: String, since: Double) -> [MatchLog] {
        var found: [MatchLog] = []
        var seen: Set<Double> = []
        var before = 0
        lines(store, file) { line in
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }), let log = HistoryEntry.parse(line: line) else { return true }
            guard log.startedAt >= since else {
                before += 1
                return before < lookBehind
            }
            before = 0
            if seen.insert(log.startedAt).inserted { found.append(log) }
            return true
        }
        return found.reversed()
    }

    /// The match begun at `start`, as last kept; nil when the history holds none. Read from the
    /// end until it is found (a clock put right may have begun it "before" older ones).
    public static func match(_ store: any StateReader, _ file: String, startedAt start: Double) -> MatchLog? {
        var found: MatchLog?
        lines(store, file) { line in
            guard let log = HistoryEntry.parse(line: line), log.startedAt == start else { return true }
            found = log
            return false
        }
        return found
    }

    /// The last `count` lines of the file that hold something, oldest first (as
    /// `MatchLines.lines(of:)` gives the whole file's).
    public static func lastLines(_ store: any StateReader, _ file: String, count: Int) -> [[UInt8]] {
        var found: [[UInt8]] = []
        guard count > 0 else { return found }
        lines(store, file) { line in
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) { found.append(Array(line)) }
            return found.count < count
        }
        return found.reversed()
    }

    /// The newest match of the history (its last readable line): its start and its events.
    public static func newest(_ store: any StateReader, _ file: String) -> (match: Double, count: Int)? {
        var newest: (match: Double, count: Int)?
        lines(store, file) { line in
            newest = MatchLines.historyMatch(Array(line))
            return newest == nil
        }
        return newest
    }
}
