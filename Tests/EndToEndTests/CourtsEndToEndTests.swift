#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiCore
import TerminiTestSupport
import Testing

/// Several courts in one config directory, the hall TV and the desk's view of every court:
/// keepers in tmux sessions of their own, the watchers in others, as in a hall.
@Suite(.serialized) struct CourtsEndToEndTests {
    static func run(_ args: [String], _ dir: String) -> LimitedRun {
        LimitedRun.run([TmuxSession.binary, "badminton"] + args + ["--config-dir", dir], environment: ["LANG": "C.UTF-8", "HOME": dir], directory: dir)
    }

    static func status(_ dir: String, court: String) -> String {
        run(["--status", "--court", court], dir).stdout
    }

    /// The most rows in a row, in the left half of the screen above its last `below` rows,
    /// that have a stroke of a big digit: the height of the left score.
    static func digitRows(_ lines: [String], glyphs: Glyphs, below: Int = 0) -> Int {
        let stroke: Character = glyphs.isUnicode ? "█" : "#"
        var best = 0, run = 0
        for line in lines.dropLast(below) {
            let left = Array(line).prefix(line.count / 2 + 1)
            if left.contains(stroke) && !left.contains("▀") && !left.contains("▄") {
                run += 1
                best = max(best, run)
            } else {
                run = 0
            }
        }
        return best
    }

    @Test(.tmux, arguments: [(80, 24, false, false), (200, 60, false, false), (80, 24, true, false), (80, 24, false, true)])
    func theHallDisplay(_ width: Int, _ height: Int, _ ascii: Bool, _ mono: Bool) throws {
        let dir = TempDir("termini-display")
        let keeper = try TmuxSession(arguments: ["badminton", "--court", "3", "--new", "--names", "Lin,Lee"], configDir: dir.path)
        #expect(keeper.waitFor("serves from"), "\(keeper.screen)")
        let g: Glyphs = ascii ? .ascii : .unicode
        let tv = try TmuxSession(width: width, height: height, arguments: ["badminton", "--court", "3", "--watch", "--display"] + (ascii ? ["--ascii"] : []),
                                 environment: mono ? ["NO_COLOR": "1"] : [:], configDir: dir.path)
        #expect(tv.waitFor("Court 3"), "\(tv.screen)")
        // No frame, no title, no key bar: the names, the games won, the scores.
        let first = tv.capture()
        #expect(!(first.first ?? "").contains(ascii ? "+-" : "┌") && !tv.screen.contains("Quit") && !tv.screen.contains("? Help"), "\(tv.screen)")
        // At 200×60 the names are in block letters (issue 23, item 12); smaller, on a bold band.
        if height >= 40 {
            let band = first.prefix(7)
            #expect(band.dropFirst().prefix(5).allSatisfy { $0.prefix(width / 2).contains("█") && $0.dropFirst(width / 2).contains("█") },
                    "both names in block letters at \(width)x\(height)")
            #expect(!band.contains { $0.contains("Lin") || $0.contains("Lee") }, "not in plain letters")
        } else {
            #expect(tv.screen.contains("Lin") && tv.screen.contains("Lee"))
        }
        #expect(tv.screen.contains("Games won: 0"))
        // The digits: at 80x24 at least half the rows.
        #expect(Self.digitRows(first, glyphs: g) * 2 >= height, "\(tv.screen)")
        #expect(tv.waitForLetters("SERVES", glyphs: g), "who serves, in letters:\n\(tv.screen)")
        // A rally at the keeper's: the display follows at once.
        let before = tv.screen
        keeper.send("a")
        #expect(tv.wait { $0 != before }.ok && Self.status(dir.path, court: "3").hasPrefix("Lin 1-0"))
        for _ in 0..<10 { keeper.send("a") }
        #expect(keeper.wait { _ in Self.status(dir.path, court: "3").hasPrefix("Lin 11-0") }.ok)
        // The interval's countdown, in letters.
        #expect(tv.wait { _ in BigLetters.shows("INTERVAL", in: tv.capture(), glyphs: g) }.ok, "\(tv.screen)")
        keeper.send("Enter")
        for _ in 0..<9 { keeper.send("a") }
        #expect(keeper.wait { _ in Self.status(dir.path, court: "3").hasPrefix("Lin 20-0") }.ok, "\(Self.status(dir.path, court: "3"))")
        #expect(tv.wait { _ in BigLetters.shows("GAME POINT", in: tv.capture(), glyphs: g) || tv.screen.contains("GAME POINT") }.ok, "\(tv.screen)")
        keeper.send("a")
        // The game won: in the games line, and the countdown to the next game in letters.
        #expect(tv.wait { s in s.contains("Games won: 1") && s.contains("21-0") && (BigLetters.shows("INTERVAL", in: tv.capture(), glyphs: g)) }.ok, "\(tv.screen)")
        tv.send("q")
        #expect(tv.exitStatus() == 0)
        #expect(tv.terminalRestored())
    }

    @Test(.tmux) func theDisplayWaitsForACourtThatHasNoMatchYet() throws {
        let dir = TempDir("termini-display-wait")
        let tv = try TmuxSession(arguments: ["badminton", "--court", "5", "--watch", "--display"], configDir: dir.path)
        #expect(tv.waitFor("No match yet"), "\(tv.screen)")
        let keeper = try TmuxSession(arguments: ["badminton", "--court", "5", "--new", "--names", "Ann,Bo"], configDir: dir.path)
        #expect(keeper.waitFor("serves from"), "\(keeper.screen)")
        #expect(tv.waitFor("Ann"), "\(tv.screen)")
    }

    @Test(.tmux, arguments: [(80, 24), (120, 30), (200, 60)])
    func everyCourtSideBySide(_ width: Int, _ height: Int) throws {
        let dir = TempDir("termini-all")
        var keepers: [TmuxSession] = []
        for c in ["1", "2", "10"] {
            let k = try TmuxSession(arguments: ["badminton", "--court", c, "--new", "--names", "A\(c),B\(c)"], configDir: dir.path)
            #expect(k.waitFor("serves from"), "\(k.screen)")
            keepers.append(k)
        }
        let desk = try TmuxSession(width: width, height: height, arguments: ["badminton", "--watch", "--all"], configDir: dir.path)
        #expect(desk.waitFor("Court 10"), "\(desk.screen)")
        #expect(desk.screen.contains("Court 1") && desk.screen.contains("Court 2") && desk.screen.contains("3 courts"), "\(desk.screen)")
        // Panes side by side: at least two courts share a row of the screen.
        #expect(desk.capture().contains { $0.contains("Court 1") && $0.contains("Court 2") }, "\(desk.screen)")
        // A rally on court 2 reaches its pane: the screen's left score digits stay 0, a 1 appears.
        keepers[1].send("a")
        #expect(desk.wait { _ in BigLetters.shows("1", in: desk.capture()) }.ok, "\(desk.screen)")
        // A court that starts now appears at once.
        let late = try TmuxSession(arguments: ["badminton", "--court", "centre", "--new", "--names", "Cat,Dan"], configDir: dir.path)
        #expect(late.waitFor("serves from"))
        #expect(desk.waitFor("Court centre"), "\(desk.screen)")
        #expect(desk.screen.contains("4 courts"))
        desk.send("q")
        #expect(desk.exitStatus() == 0)
    }

    @Test func badInput() {
        let dir = TempDir("termini-courts-bad")
        for args in [["--status", "--court", "a b"], ["--status", "--court", "../x"], ["--export", "csv", "--all"], ["--all"],
                     ["--scoresheet", "--all"], ["--display"], ["--new", "--all"]] {
            let r = Self.run(args, dir.path)
            #expect(r.status == 64 && r.stderr.hasPrefix("termini: ") && r.stderr.contains("usage: termini"), "\(args): \(r.status) \(r.stderr)")
        }
        let r = Self.run(["--status", "--court", "9"], dir.path)
        #expect(r.status == 1 && r.stderr.contains("no court 9"), "\(r.status) \(r.stderr)")
        #expect(Self.run(["--status", "--all", "--json"], dir.path).stdout == "{\"courts\":[]}\n")
    }

    /// Court names that differ only in case would share files on a case-insensitive file
    /// system (issue 24): the second spelling is refused, for the keeper, a watcher and every
    /// command, naming the court that is there; the first spelling goes on working.
    @Test func aCourtDifferingOnlyInCaseIsRefused() throws {
        let dir = TempDir("termini-courts-case")
        try Data().write(to: URL(fileURLWithPath: dir.path + "/badminton-Centre-history.jsonl"))
        for args in [["--court", "centre"], ["--court", "CENTRE", "--watch"], ["--status", "--court", "centre"],
                     ["--export", "csv", "--court", "cEntre"], ["--new", "--court", "centre"]] {
            let r = Self.run(args, dir.path)
            #expect(r.status == 64 && r.stderr.contains("court Centre") && r.stderr.contains("--court Centre"), "\(args): \(r.status) \(r.stderr)")
        }
        let ok = Self.run(["--status", "--court", "Centre"], dir.path)
        #expect(!ok.stderr.contains("differ"), "\(ok.status) \(ok.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["badminton-Centre-history.jsonl"])
    }
}
