import Foundation
import Testing

/// Issue 25, item 11: Badminton's `?` list is about a hundred lines; `/` searches it (as less
/// does), `n` finds the next match and `N` the one before, and a search that finds nothing
/// says so. Esc while typing leaves the help open; Esc after closes it.
@Suite(.serialized, .tmux) struct HelpSearchEndToEndTests {
    @Test(arguments: [(80, 24), (200, 60)])
    func slashSearchesTheHelp(_ width: Int, _ height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton", "--new", "--names", "Ann,Bob", "--no-color"])
        #expect(t.waitFor("serves from"), "\(t.screen)")
        t.send("?")
        #expect(t.waitFor("Badminton: keys"), "\(t.screen)")
        #expect(t.screen.contains("/ search"), "the help says / searches:\n\(t.screen)")
        t.send("/")
        t.type("espeak")
        #expect(t.waitFor("/espeak"), "the search line:\n\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("1 of 1"), "\(t.screen)")
        #expect(t.screen.contains("espeak-ng"), "the match is on screen:\n\(t.screen)")
        t.send("/")
        t.type("player")
        t.send("Enter")
        #expect(t.waitFor("/player · 1 of "), "\(t.screen)")
        let total = t.screen.components(separatedBy: "/player · 1 of ").last?.prefix { $0.isNumber } ?? ""
        #expect((Int(total) ?? 0) >= 3, "player is in several entries: \(total)")
        t.send("n")
        #expect(t.waitFor("2 of \(total)"), "n finds the next:\n\(t.screen)")
        t.send("N")
        #expect(t.waitFor("1 of \(total)"), "N finds the one before:\n\(t.screen)")
        t.send("/")
        t.type("zqxj")
        t.send("Enter")
        #expect(t.waitFor("not found: zqxj"), "\(t.screen)")
        // Esc while typing ends the search, not the help.
        t.send("/")
        t.type("q")
        t.send("Escape")
        // A search after it shows its answer only if the help is still open: the Esc is handled.
        t.send("/")
        t.type("zqxk")
        t.send("Enter")
        #expect(t.waitFor("not found: zqxk"), "Esc while typing closed the help:\n\(t.screen)")
        #expect(t.screen.contains("Badminton: keys"), "\(t.screen)")
        t.send("Escape")
        #expect(t.wait { !$0.contains("Badminton: keys") }.ok, "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
