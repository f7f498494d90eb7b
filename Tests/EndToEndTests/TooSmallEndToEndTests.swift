import Foundation
import Testing

/// Issue 25, item 1: the "Enlarge the terminal" screen trapped the user (Coffee at 80x24
/// shrunk to 40x12: Esc and F2 did nothing, only q worked, and the screen did not say so).
/// Esc, F2–F7, ? and q work there, and the screen names them.
@Suite(.serialized, .tmux) struct TooSmallEndToEndTests {
    @Test(arguments: [["--no-color"], ["--ascii"]])
    func theEnlargeScreenSaysItsKeysAndTheyWork(_ flags: [String]) throws {
        let t = try TmuxSession(arguments: ["coffee"] + flags)
        #expect(t.waitFor("Coffee Shop  F6"), "\(t.screen)")
        t.resize(width: 40, height: 12)
        #expect(t.waitFor("Enlarge the terminal"), "\(t.screen)")
        let s = t.screen
        for k in ["Esc", "F2", "F7", "? help", "q quit"] { #expect(s.contains(k), "\(k) not shown:\n\(s)") }
        // ? opens the help even though the app cannot be drawn; Esc closes it.
        t.send("?")
        #expect(t.waitFor("Coffee Shop: keys"), "\(t.screen)")
        t.send("Escape")
        #expect(t.waitFor("Enlarge the terminal"), "\(t.screen)")
        // Esc: to the launcher, which fits.
        t.send("Escape")
        #expect(t.waitFor("Boxing Time"), "\(t.screen)")
        #expect(!t.screen.contains("Enlarge"), "\(t.screen)")
        // F6 back to Coffee (too small again), F7 the settings, F2 Badminton.
        t.send("F6")
        #expect(t.waitFor("Enlarge the terminal"), "\(t.screen)")
        t.send("F7")
        #expect(t.waitFor("Settings"), "\(t.screen)")
        t.send("Escape")
        #expect(t.waitFor("Enlarge the terminal"), "\(t.screen)")
        t.send("F2")
        #expect(t.wait { $0.contains("need") && !$0.contains("need 48") }.ok, "F2 opens Badminton:\n\(t.screen)")
        for size in [(80, 24), (200, 60)] {
            t.resize(width: size.0, height: size.1)
            #expect(t.waitFor("Badminton  F2"), "\(size): \(t.screen)")
            t.resize(width: 40, height: 12)
            #expect(t.waitFor("Enlarge the terminal"), "\(t.screen)")
        }
        t.send("q")
        #expect(t.exitStatus() == 0)
        #expect(t.terminalRestored())
    }
}
