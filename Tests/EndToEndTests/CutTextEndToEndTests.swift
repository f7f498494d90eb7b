import Foundation
import Testing

/// Issue 25, items 5 and 6: sentences a user must read were cut at 80x24 (the scoresheet's
/// legend, Memory's welcome back, Coffee's address): they are wrapped now, whole.
@Suite(.serialized, .tmux) struct CutTextEndToEndTests {
    /// The text inside a box: each row's content between its borders, joined with spaces.
    static func boxText(_ lines: [String]) -> String {
        lines.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│|+-─ ")) }.joined(separator: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test(arguments: [(80, 24), (200, 60)])
    func theScoresheetsLegendIsWhole(_ width: Int, _ height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton", "--new", "--names", "Lin,Lee", "--no-color"])
        #expect(t.waitFor("serves from"), "\(t.screen)")
        t.send("Left", "Right", "Left")
        t.send("n")
        #expect(t.waitFor("New match?"), "\(t.screen)")
        t.send("y")
        #expect(t.waitFor("Left side"), "\(t.screen)")
        t.send("Enter")
        #expect(t.wait { !$0.contains("Left side") }.ok, "\(t.screen)")
        t.send("h")
        #expect(t.waitFor("2-1"), "the history:\n\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Scoresheet · Lin v Lee"), "\(t.screen)")
        t.send("End")
        #expect(t.waitFor("result"), "\(t.screen)")
        let text = Self.boxText(t.capture())
        let legend = "S server and R receiver where play was called; underlined: the player who served the rally; "
            + "the score is on the row of the player who serves next. W warning, F fault, I injury (Inj), "
            + "Sus suspension, O overrule, R in the grid the referee called, C a correction (its cells highlighted: the score it left), "
            + "Int interval, End change of ends, "
            + "(21) the game's result."
        #expect(text.contains(legend), "the legend is cut:\n\(t.screen)")
        t.send("q")
    }

    @Test(arguments: [(80, 24), (200, 60)])
    func memorysWelcomeBackIsWhole(_ width: Int, _ height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["memory", "--seed", "42", "--no-color"])
        #expect(t.waitFor("seed 42"), "\(t.screen)")
        t.send("Space", "Right", "Space")
        #expect(t.waitFor("No match."), "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        let again = try TmuxSession(width: width, height: height, arguments: ["memory", "--no-color"], configDir: t.configDir)
        #expect(again.waitFor("Welcome back"), "\(again.screen)")
        let line = again.capture().first { $0.contains("Welcome back") } ?? ""
        #expect(line.contains("next flip.") && !line.contains("…"), "cut: \(line)")
    }

    /// At 48x17 the address is whole; only its Latin transcription has no room, and a
    /// complete address is not marked as cut.
    @Test(arguments: [(48, 17), (80, 24), (200, 60)])
    func coffeesAddressIsNotMarkedCut(_ width: Int, _ height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["coffee", "--no-color"])
        #expect(t.waitFor("branch 1 of 5"), "\(t.screen)")
        for branch in 1...5 {
            #expect(t.waitFor("branch \(branch) of 5"), "\(t.screen)")
            let address = t.capture().filter { $0.contains("號") }
            #expect(!address.isEmpty && address.allSatisfy { !$0.contains("…") }, "branch \(branch):\n\(t.screen)")
            t.send("Right")
        }
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
