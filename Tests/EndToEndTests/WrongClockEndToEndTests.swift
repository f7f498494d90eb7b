#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// Wrong clocks, as a hall meets them: the real binary in tmux under libfaketime (Debian's
/// `faketime`), its clock read from a file the test rewrites as it goes (a clock put right, a
/// clock jumping mid-match). The desk ends with every rally of the court once, in the court's
/// order, whatever the clocks say, and the court's frame says synced.
@Suite(.serialized) struct WrongClockEndToEndTests {
    static let available: ConditionTrait = .enabled(if: Tools.installed("faketime") && MosquittoBroker.available && Tools.installed("tmux"),
                                                    "needs faketime, tmux and mosquitto: apt-get install faketime tmux mosquitto")

    /// What runs a program with the wall clock `file` says (`+30d`, `-2h`): read again at
    /// every call, the monotonic clock left alone (as a clock put right by hand or by NTP
    /// moves only the wall clock). `faketime` sets up libfaketime; its own fixed offset is
    /// taken away so that the file's is the one used.
    static func clock(_ file: String) -> [String] {
        ["faketime", "-f", "+0", "env", "-u", "FAKETIME", "FAKETIME_TIMESTAMP_FILE=\(file)", "FAKETIME_NO_CACHE=1", "FAKETIME_DONT_FAKE_MONOTONIC=1"]
    }

    static func set(_ file: String, _ offset: String) throws {
        try (offset + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// A case: the desk's clock, and the court's matches, each the clock at its start and
    /// then before each rally.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var desk: String
        var matches: [[String]]
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "a court 30 days ahead, then right", desk: "+0", matches: [["+30d", "+30d", "+30d", "+30d"], ["+0", "+0", "+0", "+0", "+0"]]),
        Case(name: "a court 30 days behind", desk: "+0", matches: [["-30d", "-30d", "-30d"], ["-30d", "-30d", "-30d"]]),
        Case(name: "the desk's clock 30 days wrong", desk: "-30d", matches: [["+0", "+0", "+0"], ["+0", "+0", "+0"]]),
        Case(name: "a clock jumping mid-match", desk: "+0", matches: [["+0", "+0", "+40d", "-3d", "+0"], ["-10d", "+10d", "+0"]]),
    ]

    @Test(available, arguments: cases)
    func wrongClocksLoseAndReorderNothing(_ c: Case) throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-clock-court"), deskDir = TempDir("termini-clock-desk"), clocks = TempDir("termini-clock")
        let courtClock = clocks.file("court"), deskClock = clocks.file("desk")
        try Self.set(deskClock, c.desk)
        let desk = try TmuxSession(width: 200, height: 60, arguments: ["badminton", "--hall", broker.url, "--watch", "--all"],
                                   configDir: deskDir.path, wrapper: Self.clock(deskClock))
        #expect(desk.waitFor("hall ● online"), "\(desk.screen)")
        for (i, match) in c.matches.enumerated() {
            try Self.set(courtClock, match[0])
            let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "Red\(i),Blue\(i)", "--hall", broker.url],
                                        configDir: courtDir.path, wrapper: Self.clock(courtClock))
            #expect(court.waitFor("serves from"), "\(court.screen)")
            for clock in match.dropFirst() {
                try Self.set(courtClock, clock)
                court.send("a")
            }
            let n = match.count
            #expect(court.wait(timeout: 15) { $0.contains("hall ● synced #\(n)") && !$0.contains("to send") }.ok, "\(c.name): \(court.screen)")
            court.send("q")
            #expect(court.exitStatus() == 0)
        }
        // The desk's copy is the court's, line for line: every match, once, in the court's order.
        let journal = Self.lines(courtDir.file("badminton-1-match.jsonl")), history = Self.lines(courtDir.file("badminton-1-history.jsonl"))
        #expect(journal.count == c.matches.last?.count && history.count == c.matches.count - 1)
        #expect(desk.wait { _ in Self.lines(deskDir.file("badminton-1-match.jsonl")) == journal }.ok, "\(c.name)")
        #expect(Self.lines(deskDir.file("badminton-1-history.jsonl")) == history, "\(c.name)")
        #expect(!FileManager.default.fileExists(atPath: deskDir.file("hall-quarantine.log")), "\(Self.lines(deskDir.file("hall-quarantine.log")))")
        #expect(desk.wait { $0.contains("Court 1") }.ok, "\(desk.screen)")
        desk.send("q")
        #expect(desk.exitStatus() == 0 && desk.terminalRestored())
    }
}
