import Foundation
import Testing

/// Issue 25, item 4: at 80 columns Badminton's hint bar offered `y Redo` with nothing to redo
/// while `s` Swap, `n` New and `h` History hid behind `? more`. The bar is ordered by what a
/// player needs first and leaves out keys that cannot act now.
@Suite(.serialized, .tmux) struct HintBarEndToEndTests {

    @Test(arguments: [(80, 24), (200, 60)])
    func theBarOffersWhatAPlayerNeedsFirst(_ width: Int, _ height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton", "--new", "--names", "Ann,Bob", "--no-color"])
        #expect(t.waitFor("serves from"), "\(t.screen)")
        t.send("Left", "Right")
        #expect(t.waitFor("1 all"), "\(t.screen)")
        _ = t.settled(quiet: 0.3, timeout: 5)
        var bar = t.hintBar
        for wanted in ["Point", "u Undo", "s Swap", "n New", "h History"] {
            #expect(bar.contains(wanted), "\(width)x\(height) mid-game lacks \(wanted): \(bar)")
        }
        #expect(!bar.contains("Redo"), "nothing to redo: \(bar)")
        t.send("u")
        #expect(t.hintBarShows("y Redo"), "after an undo: \(t.hintBar)")
        bar = t.hintBar
        #expect(bar.contains("h History"), "\(bar)")
        t.send("y")
        #expect(t.wait { _ in !t.hintBar.contains("Redo") }.ok, "redone, nothing left: \(t.hintBar)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
