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
        var reader = Reader()
        let outcome = LinesRead.lines(of: bytes) { reader.take($0) }
        return reader.contents(outcome)
    }

    /// Reads a journal a line at a time (as the store streams it).
    public struct Reader {
        public private(set) var events: [MatchEvent] = []
        public private(set) var damagedLines = 0
        public init() {}

        /// One line, without its newline; a blank line is no event and no damage.
        public mutating func take(_ line: ArraySlice<UInt8>) {
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) else { return }
            if let e = MatchEvent.parse(line: line) { events.append(e) } else { damagedLines += 1 }
        }

        /// What was read, once the file's last line has been taken (`outcome`: how the read ended).
        public func contents(_ outcome: LinesRead) -> JournalContents {
            let damaged = damagedLines + outcome.overlongLines
            return JournalContents(events: events, damagedLines: damaged, needsRewrite: damaged > 0 || outcome.endsMidLine)
        }
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
        guard let entry = try? JSONDecoder().decode(HistoryEntry.self, from: Data(line)), let first = entry.events.first,
              case .start = first.action else { return nil }
        return first.time
    }

    /// One history line as a match; nil when it is not a whole, valid match.
    public static func parse(line: ArraySlice<UInt8>) -> MatchLog? {
        guard let entry = try? JSONDecoder().decode(HistoryEntry.self, from: Data(line)) else { return nil }
        return MatchLog(records: entry.events)
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
