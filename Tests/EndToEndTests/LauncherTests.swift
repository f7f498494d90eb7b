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
