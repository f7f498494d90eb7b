#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiApp

/// The match journal on disk: one JSON event per line, appended and fsynced before the
/// new score is drawn. Reading stops at the first line that is not a whole event (a write
/// cut short by a crash, or damage): everything before it is recovered.
public struct JournalContents: Equatable, Sendable {
    public var events: [MatchEvent]
    /// A line could not be read (the events after it are lost; `events` holds those before).
    public var damaged: Bool
    /// The file should be written out again cleanly (damaged, or the last newline missing).
    public var needsRewrite: Bool

    public static func read(_ bytes: [UInt8]) -> JournalContents {
        var events: [MatchEvent] = []
        var damaged = false
        var start = 0
        var i = 0
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == 0x0a {
                let line = bytes[start..<i]
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) {
                    guard let e = MatchEvent.parse(line: line) else {
                        damaged = true
                        break
                    }
                    events.append(e)
                }
                start = i + 1
            }
            i += 1
        }
        let unterminated = !bytes.isEmpty && bytes.last != 0x0a
        return JournalContents(events: events, damaged: damaged, needsRewrite: damaged || unterminated)
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

    public var line: [UInt8] {
        guard let bytes = try? JSONWriter.encode(self, layout: .compact) else { return [] }
        return bytes + [0x0a]
    }

    /// Every readable match in a history file, oldest first; a match kept twice (a crash
    /// between saving the history and starting the next) is listed once, as last kept.
    public static func readAll(_ bytes: [UInt8]) -> (matches: [MatchLog], damagedLines: Int) {
        read(bytes) { $0 }
    }

    /// The same, keeping only what `keep` takes of each match (the history list needs the
    /// final state only, not the state after every rally).
    static func read<T>(_ bytes: [UInt8], keep: (MatchLog) -> T) -> (matches: [T], damagedLines: Int) {
        var out: [T] = []
        var index: [Double: Int] = [:]
        var damaged = 0
        for line in bytes.split(separator: 0x0a) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d }) {
            guard let entry = try? JSONDecoder().decode(HistoryEntry.self, from: Data(line)),
                  let log = MatchLog(records: entry.events) else {
                damaged += 1
                continue
            }
            if let i = index[log.startedAt] {
                out[i] = keep(log)
            } else {
                index[log.startedAt] = out.count
                out.append(keep(log))
            }
        }
        return (out, damaged)
    }
}

/// A match of the history as the list shows it: when it began and how it ended.
public struct PastMatch: Equatable, Sendable {
    public var startedAt: Double
    /// The time of its last event.
    public var endedAt: Double
    public var state: MatchState
    public init(_ log: MatchLog) {
        startedAt = log.startedAt
        endedAt = log.effective.last?.time ?? log.startedAt
        state = log.state
    }

    /// `38 min`, `1 h 12 min`
    public var duration: String { MatchReport.minutes(endedAt - startedAt) }
}
