#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiData

/// The match journal on disk: one JSON event per line, appended and fsynced before the
/// new score is drawn. A line that is not a whole, valid event (a write cut short by a crash,
/// or damage) costs that line only: every other event is recovered.
public struct JournalContents: Equatable, Sendable {
    /// The events read, in the journal's order.
    public var events: [MatchEvent]
    /// Some line could not be read (`damagedLines` of them).
    public var damaged: Bool { damagedLines > 0 }
    /// Lines that were not a whole, valid event (and lines too long to read).
    public var damagedLines: Int
    /// The file should be written out again cleanly (damaged, or the last newline missing).
    public var needsRewrite: Bool

    /// A whole journal held in memory.
    public static func read(_ bytes: [UInt8]) -> JournalContents {
        var events: [MatchEvent] = [], damaged = 0
        let outcome = LinesRead.lines(of: bytes) { line in
            guard !isBlank(line) else { return }
            if let e = MatchEvent.parse(line: line) { events.append(e) } else { damaged += 1 }
        }
        return JournalContents(events: events, damagedLines: damaged + outcome.overlongLines,
                               needsRewrite: damaged + outcome.overlongLines > 0 || outcome.endsMidLine)
    }

    /// A blank line is no event and no damage.
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }
    }

    /// Reads a journal a line at a time (as the store streams it) straight into its match, so
    /// a journal of any size is read in the memory of its match: the events are replayed as
    /// they come, never held as a list first (a 100 MB journal of repeated events held 700 MB).
    public struct Reader {
        /// The match the events make; nil until a first event, and for good when the first
        /// event read is no `start` (its start was lost: no match can be read).
        public private(set) var log: MatchLog?
        /// The events read (whole lines that are events), those the match took or not.
        public private(set) var events = 0
        /// Lines that were not a whole, valid event.
        public private(set) var damagedLines = 0
        public init() {}

        /// One line, without its newline; a blank line is no event and no damage.
        public mutating func take(_ line: ArraySlice<UInt8>) {
            guard !JournalContents.isBlank(line) else { return }
            guard let e = MatchEvent.parse(line: line) else {
                damagedLines += 1
                return
            }
            events += 1
            if events == 1 {
                log = MatchLog(records: [e])
            } else {
                log?.take(e)
            }
        }

        /// Lines that could not be read, once the file's last line has been taken (`outcome`:
        /// how the read ended; a line too long to read is one).
        public func damaged(_ outcome: LinesRead) -> Int { damagedLines + outcome.overlongLines }
    }

    /// The journal of a match, written out whole.
    public static func bytes(of events: [MatchEvent]) -> [UInt8] {
        events.flatMap(\.line)
    }
}

/// A finished (or abandoned) match in the history file: its effective events, one JSON
/// object per line, so a damaged line loses one match at most.
public struct HistoryEntry: Codable, Equatable, Sendable {
    public var events: [MatchEvent]
    public init(events: [MatchEvent]) { self.events = events }

    /// The match as one history line, newline included.
    public var line: [UInt8] {
        guard let bytes = try? JSONWriter.encode(self, layout: .compact) else { return [] }
        return bytes + [0x0a]
    }

    /// Every readable match in a history file, oldest first; a match kept twice (a crash
    /// between saving the history and starting the next) is listed once, as last kept.
    public static func readAll(_ bytes: [UInt8]) -> (matches: [MatchLog], damagedLines: Int) {
        var reader = Reader { $0 }
        _ = LinesRead.lines(of: bytes) { reader.take($0) }
        return (reader.matches, reader.damagedLines)
    }

    /// The same, keeping only what `keep` takes of each match (the history list needs the
    /// final state only, not the state after every rally).
    static func read<T>(_ bytes: [UInt8], keep: @escaping (MatchLog) -> T) -> (matches: [T], damagedLines: Int) {
        var reader = Reader(keep: keep)
        _ = LinesRead.lines(of: bytes) { reader.take($0) }
        return (reader.matches, reader.damagedLines)
    }

    /// When the match of a history line began; nil when the line is not a whole, valid match
    /// (what `parse` says, without replaying the match).
    public static func startTime(line: ArraySlice<UInt8>) -> Double? {
        guard let first = events(line: line)?.first, case .start = first.action else { return nil }
        return first.time
    }

    /// One history line as a match; nil when it is not a whole, valid match.
    public static func parse(line: ArraySlice<UInt8>) -> MatchLog? {
        guard let events = events(line: line) else { return nil }
        return MatchLog(records: events)
    }

    /// The events of a history line; nil when it is not a whole, valid entry. A line as the
    /// writer makes it (`{"events":[` the events, each as its journal line without the newline,
    /// `,` between them, `]}`) is cut into its events by bytes and each read as a journal line
    /// is (`MatchEvent.parse`: the rallies without JSONDecoder); any other line, and one whose
    /// pieces do not all read, is read whole by JSONDecoder as before.
    public static func events(line: ArraySlice<UInt8>) -> [MatchEvent]? {
        if let events = writersEvents(line) { return events }
        return (try? JSONDecoder().decode(HistoryEntry.self, from: Data(line)))?.events
    }

    static let linePrefix = Array("{\"events\":[".utf8)

    /// The events of a line exactly in the writer's shape; nil for any other.
    static func writersEvents(_ line: ArraySlice<UInt8>) -> [MatchEvent]? {
        guard line.count >= linePrefix.count + 2, line.starts(with: linePrefix),
              line[line.endIndex - 2] == 0x5d, line[line.endIndex - 1] == 0x7d else { return nil }
        var events: [MatchEvent] = []
        var i = line.startIndex + linePrefix.count
        let end = line.endIndex - 2
        if i == end { return events }
        while i < end {
            // One object: from its `{` to the `}` that closes it, strings skipped whole.
            guard line[i] == 0x7b else { return nil }
            var depth = 0, j = i, inString = false
            while j < end {
                let b = line[j]
                if inString {
                    if b == 0x5c { j += 1 } else if b == 0x22 { inString = false }
                } else if b == 0x22 {
                    inString = true
                } else if b == 0x7b || b == 0x5b {
                    depth += 1
                } else if b == 0x7d || b == 0x5d {
                    depth -= 1
                    if depth == 0 { break }
                }
                j += 1
            }
            guard j < end, line[j] == 0x7d, let e = MatchEvent.parse(line: line[i...j]) else { return nil }
            events.append(e)
            i = j + 1
            if i < end {
                guard line[i] == 0x2c else { return nil }
                i += 1
                guard i < end else { return nil }
            }
        }
        return events
    }

    /// Reads the history a line at a time (as the store streams it): a damaged line costs
    /// that line only.
    public struct Reader<T> {
        public private(set) var matches: [T] = []
        public private(set) var damagedLines = 0
        /// The line number of each match kept, by its start (a later line replaces it).
        private var index: [Double: Int] = [:]
        let keep: (MatchLog) -> T

        public init(keep: @escaping (MatchLog) -> T) { self.keep = keep }

        public mutating func take(_ line: ArraySlice<UInt8>) {
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) else { return }
            guard let log = HistoryEntry.parse(line: line) else {
                damagedLines += 1
                return
            }
            if let i = index[log.startedAt] {
                matches[i] = keep(log)
            } else {
                index[log.startedAt] = matches.count
                matches.append(keep(log))
            }
        }
    }
}

/// A match of the history as the list shows it: when it began and how it ended.
public struct PastMatch: Equatable, Sendable {
    public var startedAt: Double
    /// The time of its last event.
    public var endedAt: Double
    public var state: MatchState
    /// The events in force, for its scoresheet (the states after each are not kept).
    public var events: [MatchEvent]
    public init(_ log: MatchLog) {
        startedAt = log.startedAt
        endedAt = log.effective.last?.time ?? log.startedAt
        state = log.state
        events = log.effective
    }

    /// `38 min`, `1 h 12 min`
    public var duration: String { MatchReport.minutes(endedAt - startedAt) }
}
