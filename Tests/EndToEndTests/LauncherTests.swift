import Foundation
import Testing

@Suite(.serialized, .tmux) struct LauncherTests {
    @Test func launcherListsTheFiveAppsAndOpensOne() throws {
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
        let s = t.screen
        for name in ["Badminton", "Boxing Time", "Memory", "Stamp Card", "Coffee Shop"] {
            #expect(s.contains(name), "\(name) missing:\n\(s)")
        }
        t.send("Down", "Enter")
        #expect(t.waitFor("Boxing Time  F3"), "\(t.screen)")
        t.send("?")
        #expect(t.waitFor("Boxing Time: keys"), "\(t.screen)")
        // While the help is open the bar shows the help's keys.
        #expect(t.screen.contains("any other key Close"), "\(t.screen)")
        t.send("x")
        #expect(t.wait { !$0.contains("Boxing Time: keys") }.ok)
        t.send("Escape")
        #expect(t.waitFor("five small everyday apps"), "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test func unknownOptionExits64WithUsage() throws {
        let t = try TmuxSession(arguments: ["--bogus"])
        #expect(t.exitStatus() == 64)
        #expect(t.waitFor("unknown option '--bogus'"), "\(t.screen)")
        #expect(t.screen.contains("usage: termini"))
    }

    /// Ctrl-S is an easy slip; with the tty's flow control on it would stop all output until
    /// Ctrl-Q and the program would look frozen. Termini turns it off while it runs.
    @Test func ctrlSDoesNotFreezeTheScreen() throws {
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
        t.send("C-s")
        t.send("Down")
        #expect(t.waitFor("▸ 2  Boxing Time"), "after Ctrl-S the next key still shows:\n\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        #expect(t.terminalRestored())
    }
}

/// Issue 25, item 10: the launcher's logo sat a column off centre, and at 120x40 the launcher
/// left about twenty rows empty under its list. The logo's ink is centred, and a tall
/// terminal's room goes to a taller logo, a spaced list and a balanced page.
@Suite(.serialized, .tmux) struct LauncherRoomTests {
    /// The rows inside the frame (its border columns dropped), as lists of characters.
    static func inside(_ lines: [String]) -> [[Character]] {
        lines.dropFirst().dropLast(2).map { Array($0.dropFirst().dropLast()) }
    }

    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func theLogoIsCentredAndTheRoomIsUsed(_ width: Int, _ height: Int) throws {
        let t = try TmuxSession(width: width, height: height)
        #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
        let rows = Self.inside(t.capture())
        let logo = rows.filter { $0.contains("█") }
        #expect(!logo.isEmpty, "no logo:\n\(t.screen)")
        let left = logo.compactMap { $0.firstIndex(of: "█") }.min() ?? 0
        let right = logo.compactMap { r in r.lastIndex(of: "█").map { r.count - 1 - $0 } }.min() ?? 0
        #expect(abs(left - right) <= 1, "\(width)x\(height): the logo has \(left) columns left of it, \(right) right")
        // The page is balanced: the empty rows above the logo and below the list (above the
        // theme line) differ by at most two, and no run of blank rows is longer than a third
        // of the window.
        let blank = rows.map { $0.allSatisfy { $0 == " " } }
        let first = blank.firstIndex(of: false) ?? 0
        let listEnd = rows.lastIndex { String($0).contains("Coffee Shop") } ?? 0
        let themeLine = rows.lastIndex { String($0).contains("t changes it") } ?? rows.count
        let below = blank[(listEnd + 1)..<themeLine].count
        #expect(abs(first - below) <= 2, "\(width)x\(height): \(first) blank rows above, \(below) below the list")
        var run = 0, longest = 0
        for b in blank { run = b ? run + 1 : 0; longest = max(longest, run) }
        #expect(longest <= max(3, rows.count / 3), "\(width)x\(height): \(longest) blank rows in a row")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
