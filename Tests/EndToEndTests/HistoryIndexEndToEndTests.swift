import Foundation
import Testing
import BadmintonRules

/// The history list in the real binary, whatever state the history's index is in: missing, cut,
/// behind the history, pointing past its end. The list is always the history file's matches.
@Suite(.serialized) struct HistoryIndexEndToEndTests {
    /// Match `i`: `P{i}a` beats `P{i}b` 21-`i`.
    static func start(_ i: Int) -> Double { 1_790_000_000 + Double(i) * 7200 }
    static func line(_ i: Int) -> [UInt8] {
        let start = start(i)
        var log = MatchLog(setup: MatchSetup(format: (try? MatchFormat.parse("1x21").get()) ?? .standard,
                                             teams: [TeamInfo(name: "P\(i)a", players: ["P\(i)a"]), TeamInfo(name: "P\(i)b", players: ["P\(i)b"])]),
                           at: start)
        var t = start
        func point(_ team: Int) {
            t += 20
            log.take(MatchEvent(.point(team: team), at: t))
        }
        for _ in 0..<i { point(1) }
        for _ in 0..<21 { point(0) }
        return HistoryEntry(events: log.effective).line
    }

    static func write(_ bytes: [UInt8], _ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Starts the keeper, opens the history and returns its screen, then quits. `ready`: what
    /// the screen shows once the keeper has read its files (a match over never says who serves).
    static func listed(_ dir: String, width: Int = 80, height: Int = 24, new: Bool, ready: String = "serves from") throws -> String {
        let t = try TmuxSession(width: width, height: height,
                                arguments: ["badminton"] + (new ? ["--new", "--names", "Red,Blue"] : []) + ["--ascii", "--no-color"], configDir: dir)
        #expect(t.waitFor(ready, timeout: 15), "\(t.screen)")
        _ = t.barrier()
        t.send("h")
        let shown = t.wait(timeout: 15) { $0.contains("History - ") }
        t.send("Escape")
        t.send("q")
        _ = t.exitStatus(timeout: 10)
        return shown.screen
    }

    @Test(.tmux, arguments: [(80, 24), (200, 60)])
    func theListIsTheHistorysMatchesWhateverTheIndex(_ size: (Int, Int)) throws {
        let dir = TmuxSession.makeTempDir("history-index")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let history = dir + "/badminton-history.jsonl", index = dir + "/badminton-history.index"
        Self.write((0..<3).flatMap(Self.line), history)
        // No index: rebuilt at the start and written beside the history.
        var screen = try Self.listed(dir, width: size.0, height: size.1, new: true)
        #expect(screen.contains("History - 3 matches") && screen.contains("P2a beat P2b 21-2"), "\(screen)")
        let good = try #require(FileManager.default.contents(atPath: index))
        // Behind the history (two matches appended since): the two read and shown.
        Self.write((0..<5).flatMap(Self.line), history)
        screen = try Self.listed(dir, width: size.0, height: size.1, new: false)
        #expect(screen.contains("History - 5 matches") && screen.contains("P4a beat P4b 21-4"), "\(screen)")
        // Cut, deleted, and pointing past a history cut back to three: rebuilt each time.
        for damage in ["cut", "deleted", "past the end"] {
            switch damage {
            case "cut": Self.write(Array(good.prefix(good.count / 2)), index)
            case "deleted": try FileManager.default.removeItem(atPath: index)
            default:
                Self.write(Array(good), index)
                Self.write((0..<2).flatMap(Self.line), history)
            }
            let n = damage == "past the end" ? 2 : 5
            screen = try Self.listed(dir, width: size.0, height: size.1, new: false)
            #expect(screen.contains("History - \(n) matches"), "\(damage): \(screen)")
            #expect(screen.contains("P\(n - 1)a beat P\(n - 1)b 21-\(n - 1)"), "\(damage): \(screen)")
            #expect(!screen.contains("P\(n)a"), "\(damage): \(screen)")
        }
    }
}
