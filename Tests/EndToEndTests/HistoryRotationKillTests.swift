#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules

/// Killed (`SIGKILL`) at each step of the history's rotation — a finished match appended to
/// the history, the history's index replaced, the journal replaced by the next match — the
/// real binary loses nothing: strace kills it exactly there (`-P FILE -e inject=CALL:signal=SIGKILL`),
/// a fresh start then lists the history file's matches, every one once, and the finished match
/// is in the history or still in the journal.
@Suite(.serialized) struct HistoryRotationKillTests {
    typealias Line = HistoryIndexEndToEndTests

    /// A 1x21 match at 20-0, Red (on the left) serving for it, begun `at`.
    static func matchPoint(at start: Double) -> [UInt8] {
        var log = MatchLog(setup: MatchSetup(format: (try? MatchFormat.parse("1x21").get()) ?? .standard,
                                             teams: [TeamInfo(name: "Red", players: ["Red"]), TeamInfo(name: "Blue", players: ["Blue"])]),
                           at: start)
        for i in 1...20 { log.take(MatchEvent(.point(team: 0), at: start + Double(i) * 20)) }
        return JournalContents.bytes(of: log.records)
    }

    static func lines(_ path: String) -> [ArraySlice<UInt8>] {
        let bytes = Array((FileManager.default.contents(atPath: path)) ?? Data())
        return bytes.split(separator: 0x0a, omittingEmptySubsequences: true)
    }

    /// Starts the keeper on `dir` normally (the match may be over), opens the history and
    /// returns its screen, then quits.
    static func history(_ dir: String) throws -> String { try Line.listed(dir, new: false, ready: "Badminton") }

    /// Where to kill: at the first `call` on `file` (strace `-P`, which follows the file's
    /// descriptors), or, for the journal replaced through a side file (whose name `-P` never
    /// sees), at the Nth `call` of a run that a dry run counted.
    enum Point {
        case first(call: String, file: String)
        case journalRename, journalSideSync, journalDirectorySync

        var name: String {
            switch self {
            case let .first(call, file): return "\(call) on \(file)"
            case .journalRename: return "the rename over the journal"
            case .journalSideSync: return "the fsync of the journal's side file"
            case .journalDirectorySync: return "the directory's fsync after the journal's rename"
            }
        }
    }

    static let points: [Point] = [
        .first(call: "write", file: "badminton-history.jsonl"), .first(call: "fdatasync", file: "badminton-history.jsonl"),
        .journalSideSync, .journalRename, .journalDirectorySync,
    ]

    /// Plays the rotation in `s`: the winning point, `n`, Enter (the next match begins).
    static func rotate(_ s: TmuxSession, _ what: String) {
        #expect(s.waitFor("serves from", timeout: 20), "\(what): \(s.screen)")
        _ = s.barrier()
        // 21-0, the match won: the point key of the half Red plays on.
        let names = s.screen.split(separator: "\n").first { $0.contains("Red") && $0.contains("Blue") } ?? ""
        let redOnLeft = (names.range(of: "Red")?.lowerBound ?? names.endIndex) < (names.range(of: "Blue")?.lowerBound ?? names.startIndex)
        s.send(redOnLeft ? "a" : "l")
        #expect(s.wait(timeout: 10) { $0.contains("won") }.ok, "\(what): \(s.screen)")
        s.send("n")
        _ = s.waitFor("New match", timeout: 5)
        s.send("Enter")
    }

    /// A directory with two matches in the history (and its index) and a match at match point.
    static func prepared(_ finished: Double) throws -> String {
        let dir = TmuxSession.makeTempDir("termini-rotation")
        Line.write((1...2).flatMap(Line.line), dir + "/badminton-history.jsonl")
        Line.write(Self.matchPoint(at: finished), dir + "/badminton-match.jsonl")
        // The index as a keeper leaves it (written when h first reads the history).
        #expect(try Self.history(dir).contains("History - 2 matches"))
        return dir
    }

    /// strace's arguments that kill termini at `point`.
    static func kill(at point: Point, finished: Double) throws -> [String] {
        if case let .first(call, file) = point { return [] + ["-P", file, "-e", "inject=\(call):signal=SIGKILL:when=1"] }
        // The dry run: every rename and fsync of the same rotation, each descriptor's file named (-y).
        let dir = try prepared(finished)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = dir + "/../" + (dir as NSString).lastPathComponent + ".trace"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let s = try TmuxSession(arguments: ["badminton", "--ascii", "--no-color"], configDir: dir,
                                wrapper: ["/usr/bin/strace", "-f", "-qq", "-y", "-o", trace, "-e", "trace=rename,fsync"])
        rotate(s, "the dry run")
        _ = s.waitFor("New match: Red v Blue", timeout: 10)
        s.send("q")
        _ = s.exitStatus(timeout: 10)
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(" rename(") || $0.contains(" fsync(") }
        guard let renamed = calls.firstIndex(where: { $0.contains(" rename(") && $0.contains("/badminton-match.jsonl\")") }) else {
            Issue.record("the dry run never replaced the journal")
            return []
        }
        let fsyncsBefore = calls[..<renamed].filter { $0.contains(" fsync(") }.count
        let renamesBefore = calls[..<renamed].filter { $0.contains(" rename(") }.count
        switch point {
        case .journalSideSync: return ["-e", "trace=fsync", "-e", "inject=fsync:signal=SIGKILL:when=\(fsyncsBefore)"]
        case .journalRename: return ["-e", "trace=rename", "-e", "inject=rename:signal=SIGKILL:when=\(renamesBefore + 1)"]
        default: return ["-e", "trace=fsync", "-e", "inject=fsync:signal=SIGKILL:when=\(fsyncsBefore + 1)"]
        }
    }

    @Test(.tmux, .strace) func aKillAtEachStepOfTheRotationLosesNothing() throws {
        var killed: [String] = []
        let finished = 1_800_000_000.0
        for point in Self.points {
            let what = point.name
            var inject = try Self.kill(at: point, finished: finished)
            let dir = try Self.prepared(finished)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            if let p = inject.firstIndex(of: "-P") { inject[p + 1] = dir + "/" + inject[p + 1] }
            let s = try TmuxSession(arguments: ["badminton", "--ascii", "--no-color"], configDir: dir,
                                    wrapper: ["/usr/bin/strace", "-f", "-qq", "-o", "/dev/null"] + inject)
            Self.rotate(s, what)
            if let status = s.exitStatus(timeout: 8) {
                #expect(status == 128 + Int(SIGKILL), "\(what): exited \(status)")
                killed.append(what)
            } else {
                s.send("q")
                _ = s.exitStatus(timeout: 10)
            }

            // A fresh start: the list is the history file's matches, each once, and the
            // journal's match when it is over (as `h` lists the current match once it ends).
            let screen = try Self.history(dir)
            let history = Self.lines(dir + "/badminton-history.jsonl")
            let starts = history.map { HistoryEntry.startTime(line: $0) }
            #expect(!starts.contains(nil), "\(what): a torn or damaged line in the history")
            let journal = JournalContents.read(Array(FileManager.default.contents(atPath: dir + "/badminton-match.jsonl") ?? Data()))
            #expect(!journal.damaged, "\(what): the journal is damaged")
            let current = MatchLog(records: journal.events)
            var listed = Set(starts.compactMap { $0 })
            #expect(listed.isSuperset(of: [Line.start(1), Line.start(2)]), "\(what): the earlier matches are gone")
            if let current, current.state.isOver { listed.insert(current.startedAt) }
            #expect(screen.contains("History - \(listed.count) matches"), "\(what): \(listed.count) listed from the files:\n\(screen)")
            // The finished match: in the history, or still the journal's match.
            #expect(listed.contains(finished), "\(what): the finished match is lost")
            #expect(screen.contains("Red beat Blue 21-0"), "\(what): \(screen)")
        }
        // Every step was reached (a step the program no longer takes would kill nothing).
        #expect(killed.count == Self.points.count, "killed at \(killed) only")
    }
}
