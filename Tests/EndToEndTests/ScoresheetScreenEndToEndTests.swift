#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiCore
import TerminiTestSupport
import Testing

/// The history's scoresheet as a person meets it: a match played and left in the real binary,
/// `h`, Enter, the sheet scrolled sideways, Tab to the statistics, Esc; and the setup dialog's
/// officials, typed and then found on the printed scoresheet.
@Suite(.serialized) struct ScoresheetScreenEndToEndTests {
    static func run(_ args: [String], _ dir: String) -> LimitedRun {
        LimitedRun.run([TmuxSession.binary, "badminton"] + args + ["--config-dir", dir], environment: ["LANG": "C.UTF-8", "HOME": dir], directory: dir)
    }

    /// The grid row of `name` in the sheet: the name first in the box, then its cells after
    /// the frozen column's bar.
    static func gridRow(_ lines: [String], _ name: String) -> String? {
        lines.first { line in
            let inside = line.drop { $0 == "│" || $0 == " " }
            return inside.hasPrefix(name + " ") && inside.contains(" │ ")
        }
    }

    @Test(.tmux, arguments: [(80, 24), (200, 60)])
    func theHistorysScoresheetStatisticsAndChart(_ width: Int, _ height: Int) throws {
        let dir = TempDir("termini-sheet")
        // A game to 99 with no interval before 50: Lin's 10 in a row, then 60 rallies in turn,
        // 40-30: wider than 200 columns, and a lead for the momentum chart to draw.
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton", "--new", "--names", "Lin,Lee", "--format", "1x99c99"],
                                configDir: dir.path)
        #expect(t.waitFor("serves from"), "\(t.screen)")
        for i in 0..<70 { t.send(i < 10 || i % 2 == 0 ? "Left" : "Right") }
        #expect(t.wait { _ in Self.run(["--status"], dir.path).stdout.contains("40-30") }.ok, "\(Self.run(["--status"], dir.path).stdout)")
        // Left: a new match, the old one to the history.
        t.send("n")
        #expect(t.waitFor("New match?"), "\(t.screen)")
        t.send("y")
        #expect(t.waitFor("Left side"), "the setup dialog:\n\(t.screen)")
        t.send("Enter")
        #expect(t.wait { !$0.contains("Left side") }.ok, "\(t.screen)")
        t.send("h")
        #expect(t.waitFor("Lin") && t.waitFor("40-30"), "the history:\n\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Scoresheet · Lin v Lee"), "\(t.screen)")
        #expect(t.screen.contains("Game 1"), "\(t.screen)")
        // A row per player, the running score on the row of who won the rally.
        let lin = try #require(Self.gridRow(t.capture(), "Lin"), "\(t.screen)")
        let lee = try #require(Self.gridRow(t.capture(), "Lee"), "\(t.screen)")
        #expect(lin.contains(" 1 ") && lin.contains(" 2 ") && lee.contains(" 1 "), "\(lin)\n\(lee)")
        // Sideways: the names stay, the columns move.
        t.send("Right")
        #expect(t.wait { s in Self.gridRow(s.components(separatedBy: "\n"), "Lin").map { $0 != lin } ?? false }.ok, "\(t.screen)")
        let moved = try #require(Self.gridRow(t.capture(), "Lin"), "\(t.screen)")
        #expect(moved.contains("Lin") && !moved.contains("  1  "), "\(moved)")
        // Tab: the statistics and the momentum chart (End scrolls to it where it is below).
        t.send("Tab")
        #expect(t.waitFor("Statistics · Lin v Lee"), "\(t.screen)")
        #expect(t.screen.contains("Points") && t.screen.contains("40-30") && t.screen.contains("Longest run"), "\(t.screen)")
        t.send("End")
        #expect(t.wait { $0.contains("Momentum") && ($0.contains("▀") || $0.contains("▄") || $0.contains("█")) }.ok, "the chart:\n\(t.screen)")
        // Esc: back to the history, Esc again: the scoreboard.
        t.send("Escape")
        #expect(t.wait { !$0.contains("Statistics · Lin v Lee") && $0.contains("40-30") }.ok, "\(t.screen)")
        t.send("Escape")
        #expect(t.wait { !$0.contains("40-30") && $0.contains("serves from") }.ok, "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        #expect(t.terminalRestored())
    }

    @Test(.tmux, arguments: [(80, 24), (42, 15)])
    func theOfficialsTypedInTheSetupDialogReachTheScoresheet(_ width: Int, _ height: Int) throws {
        let dir = TempDir("termini-officials")
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton", "--court", "4"], configDir: dir.path)
        #expect(t.waitFor("New match"), "\(t.screen)")
        if width >= 80 {
            for label in ["Format", "First server", "Event", "Court", "Umpire", "Service judge", "Enter", "Esc"] {
                #expect(t.screen.contains(label), "\(label):\n\(t.screen)")
            }
        }
        // Tab to the umpire (format, play, left, right, first server, match no., event, round, court, umpire).
        for _ in 0..<9 { t.send("Tab") }
        #expect(t.wait { $0.contains("▸ Umpire") }.ok, "the focus on the umpire:\n\(t.screen)")
        t.type("Ann Umpire")
        t.send("Down")
        #expect(t.wait { $0.contains("▸ Service judge") }.ok, "\(t.screen)")
        t.type("Bo Judge")
        #expect(t.waitFor("Bo Judge"), "\(t.screen)")
        t.send("Enter")
        // Started: the court has a match (a small screen has no room for "serves from").
        #expect(t.wait { _ in Self.run(["--status", "--court", "4"], dir.path).status == 0 }.ok, "\(t.screen)")
        let sheet = Self.run(["--scoresheet", "--court", "4"], dir.path)
        #expect(sheet.status == 0 && sheet.stdout.contains("Ann Umpire") && sheet.stdout.contains("Bo Judge"), "\(sheet.status) \(sheet.stderr)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        // Remembered for the next match's dialog.
        let again = try TmuxSession(width: width, height: height, arguments: ["badminton", "--court", "4", "--new", "--names", "Cy,Di"], configDir: dir.path)
        #expect(again.wait { _ in Self.run(["--status", "--court", "4"], dir.path).stdout.hasPrefix("Cy 0-0") }.ok, "\(again.screen)")
        #expect(Self.run(["--scoresheet", "--court", "4"], dir.path).stdout.contains("Ann Umpire"), "--new keeps the last umpire")
        again.send("q")
    }
}
