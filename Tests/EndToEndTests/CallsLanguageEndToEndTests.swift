#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// A whole match called in German (`badminton.calls = de`) by keys in the real binary: every
/// call on the screen in the DBV's words, at 80×24 and 200×60, in monochrome and in ASCII.
@Suite(.serialized) struct CallsLanguageEndToEndTests {
    static let sizes: [(Int, Int, [String])] = [(80, 24, []), (200, 60, []), (80, 24, ["--ascii", "--no-color"]), (200, 60, ["--no-color"])]

    func germanMatch(width: Int, height: Int, look: [String]) throws {
        let dir = TmuxSession.makeTempDir("termini-calls")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "badminton.calls = de\n".write(toFile: dir + "/config", atomically: true, encoding: .utf8)
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton", "--new", "--names", "Ann,Bob"] + look, configDir: dir)
        let at = "\(width)x\(height) \(look)"
        // An ASCII terminal shows the umlaut as German writes it without one.
        let serves = look.contains("--ascii") ? "Ann schlaegt auf" : "Ann schlägt auf"
        #expect(t.waitFor(serves + "; 0 beide; bitte spielen"), "\(at)\n\(t.screen)")
        if width >= 200 {
            #expect(t.screen.contains("Meine Damen und Herren, zu meiner Rechten, Bob, und zu meiner Linken, Ann"), "\(at)\n\(t.screen)")
        }
        let play = BadmintonEndToEndTests()
        play.send(t, BadmintonEndToEndTests.keys("a", 3))
        #expect(t.waitFor("3-0"), "\(at)\n\(t.screen)")
        t.send("l")
        #expect(t.waitFor("Aufschlagwechsel, 1-3"), "\(at)\n\(t.screen)")
        t.send("l")
        #expect(t.waitFor("2-3"), "\(at)\n\(t.screen)")
        play.send(t, BadmintonEndToEndTests.keys("l", 1))
        #expect(t.waitFor("3 beide"), "\(at)\n\(t.screen)")
        // Ann to 11: the interval.
        play.send(t, BadmintonEndToEndTests.keys("a", 8))
        #expect(t.waitFor("11-3 Pause"), "\(at)\n\(t.screen)")
        play.send(t, BadmintonEndToEndTests.keys("a", 9))
        #expect(t.waitFor("20 Satzpunkt 3"), "\(at)\n\(t.screen)")
        t.send("a")
        #expect(t.waitFor("Satz; der erste Satz wurde gewonnen von Ann, 21-3"), "\(at)\n\(t.screen)")
        // Enter ends the interval and begins game 2: one key, the call at once.
        #expect(t.waitFor("Interval between games"), "\(at)\n\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Zweiter Satz; 0 beide; bitte spielen"), "\(at)\n\(t.screen)")
        // Game 2: Ann, now on the right, wins it 21-0.
        play.send(t, BadmintonEndToEndTests.keys("Right", 20))
        #expect(t.waitFor("20 Spielpunkt 0"), "\(at)\n\(t.screen)")
        t.send("Right")
        #expect(t.waitFor("Satz; das Spiel wurde gewonnen von Ann, 21-3 21-0"), "\(at)\n\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        #expect(BadmintonEndToEndTests.status(dir).output == "Ann 21-3 21-0 Bob · Ann won\n")
    }

    @Test(.tmux) func aWholeMatchCalledInGerman() throws {
        for (w, h, look) in Self.sizes { try germanMatch(width: w, height: h, look: look) }
    }

    /// A damaged table of the user's: one notice names the line; the moment is said in the
    /// shipped German, everything else goes on.
    @Test(.tmux) func aDamagedOwnTableIsNamedAndTheCallsGoOn() throws {
        let dir = TmuxSession.makeTempDir("termini-calls")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "badminton.calls = de\n".write(toFile: dir + "/config", atomically: true, encoding: .utf8)
        try "score_all = {score} beide {oops}\nplay = los\n".write(toFile: dir + "/de.calls", atomically: true, encoding: .utf8)
        let t = try TmuxSession(width: 80, height: 24, arguments: ["badminton", "--new", "--names", "Ann,Bob"], configDir: dir)
        #expect(t.waitFor("de.calls line 1"), "\(t.screen)")
        #expect(t.waitFor("0 beide; los"), "\(t.screen)")
        BadmintonEndToEndTests().send(t, ["a", "l"])
        #expect(t.waitFor("Aufschlagwechsel, 1 beide"), "\(t.screen)")
        t.send("L")
        #expect(t.waitFor("in Français"), "\(t.screen)")
        t.send("a")
        #expect(t.waitFor("changement de service, 2-1") || t.waitFor("Changement de service, 2-1"), "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        #expect(((try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? "").contains("badminton.calls = fr"))
    }
}
