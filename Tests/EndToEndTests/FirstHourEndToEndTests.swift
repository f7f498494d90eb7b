#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport

/// What a new user meets in the first hour, in the real binary at 80x24 and 200x60.
@Suite(.serialized, .tmux) struct FirstHourEndToEndTests {
    static let sizes = [(80, 24), (200, 60)]

    /// Enter after a game won starts the next game and ends the interval: one box, one key.
    @Test func theIntervalBetweenGamesTakesOneKey() throws {
        for (w, h) in Self.sizes {
            let dir = TempDir("termini-interval")
            let t = try TmuxSession(width: w, height: h, arguments: ["badminton", "--new", "--format", "3x11", "--names", "Ann,Bo"],
                                    configDir: dir.path)
            #expect(t.waitFor("serves from"), "\(t.screen)")
            BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 11))
            #expect(t.waitFor("Interval between games"), "\(t.screen)")
            t.send("Enter")
            #expect(t.waitFor("Ends changed: Bo now on the left"), "\(t.screen)")
            #expect(!t.screen.contains("Interval"), "a second box after Enter:\n\(t.screen)")
            let status = UmpireEndToEndTests.json(dir.path)
            #expect(status["interval"] is NSNull, "the interval still runs: \(status)")
            // The next key is a point, not the end of an interval.
            t.send("Left")
            #expect(t.waitFor("1-love"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }
}
