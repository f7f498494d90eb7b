import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import TerminiGoldens
@testable import Boxing

@Suite struct BoxingScreenTests {
    @Test func freshSandbagAt80x24() {
        let d = Driver()
        expectScreen(d.screen(), golden: "boxing/freshSandbagAt80x24")
    }

    @Test func tiredWomanAfter31PunchesAt80x24() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        expectScreen(d.screen(), golden: "boxing/tiredWomanAfter31PunchesAt80x24")
    }

    @Test func trashCanInASCIIAt80x24() {
        var d = Driver(unicode: false)
        d.press(.char(" "), times: 31, every: 0.1)
        d.press(.right)
        d.press(.char(" "), times: 7, every: 0.2)
        _ = d.settle()
        expectScreen(d.screen(theme: Theme.builtinDefault.withGlyphs(.ascii)), golden: "boxing/trashCanInASCIIAt80x24")
    }

    @Test func launchScreenAt80x24() {
        let d = Driver(skipSplash: false)
        expectScreen(d.screen(), golden: "boxing/launchScreenAt80x24")
    }

    @Test func playAgainDialogAt80x24() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        d.press(.char("r"))
        let (screen, inside) = d.screenAroundDialog()
        #expect(inside.contains("Reset the sandbag's 31 punches to 0? The trash can keeps"))
        #expect(inside.contains("[ Yes, reset ]  ▸ No ◂"))
        expectScreen(screen, golden: "boxing/playAgainDialogAt80x24")
    }

    @Test func aPunchFloatsAPlusOneAndShakesTheTarget() {
        var d = Driver()
        d.press(.char(" "))
        let lines = d.screen()
        #expect(lines.contains { $0.contains("+1") })
        func column(_ screen: [String], of c: Character) -> Int? {
            for line in screen { if let i = line.firstIndex(of: c) { return line.distance(from: line.startIndex, to: i) } }
            return nil
        }
        let rest = column(lines, of: "╭")
        func prompt(_ screen: [String]) -> (Int, Int)? {
            for (y, line) in screen.enumerated() where line.contains("Space  punch") {
                return (y, line.prefix { $0 == " " }.count)
            }
            return nil
        }
        let promptAt = prompt(lines)
        #expect(promptAt != nil)
        // A step later the bag is a cell to the left, then a cell to the right; the prompt
        // under it and the "+1" stay where they are.
        var e = d
        e.now += PunchEffects.step * 1.5
        #expect(column(e.screen(), of: "╭") == rest.map { $0 - 1 })
        #expect(prompt(e.screen())?.0 == promptAt?.0 && prompt(e.screen())?.1 == promptAt?.1)
        e.now += PunchEffects.step
        #expect(column(e.screen(), of: "╭") == rest.map { $0 + 1 })
        e.now += 1
        #expect(column(e.screen(), of: "╭") == rest)
        #expect(!e.screen().contains { $0.contains("+1") })
    }

    /// Found trying it as a new user would: "1 punches to go".
    @Test func oneLastPunchIsSingular() {
        var d = Driver()
        d.press(.char(" "), times: 29)
        #expect(d.screen().contains { $0.contains("1 punch to go") }, "\(d.screen().joined(separator: "\n"))")
        d.press(.char("2"))
        d.press(.char(" "), times: 28)
        #expect(d.screen().contains { $0.contains("2 punches to go") })
    }

    /// Found trying it as a new user would: at 58×18 the prompt under the bag was cut to its
    /// key, "Space", without what it does.
    @Test func thePromptKeepsItsWordsAtTheSmallestSize() {
        var d = Driver()
        for target in [Key.char("1"), .char("2")] {
            d.press(target)
            let screen = d.screen(width: 56, height: 15)
            #expect(screen.contains { $0.contains(" Space  punch") }, "\(screen.joined(separator: "\n"))")
        }
        d.press(.tab)
        #expect(d.screen(width: 56, height: 15).contains { $0.contains(" Tab  to punch") })
    }

    /// The tired caption keeps a cell of margin from the window's edge, as everything does.
    @Test func nothingTouchesTheRightEdgeAt80x24() {
        var d = Driver()
        for target in [Key.char("1"), .char("2")] {
            d.press(target)
            d.press(.char(" "), times: 31, every: 0.1)
            _ = d.settle()
            for line in d.screen() {
                #expect(DisplayWidth.of(line) <= 77, "touches the edge: \(line)")
            }
        }
    }

    /// With the focus (Tab), the selector is pointed at and the row under it says what its
    /// keys do; the prompt under the target says how to get back to punching.
    @Test func theFocusedSelectorShowsItAndSaysWhatSpaceDoesNow() {
        var d = Driver()
        let before = d.screen()
        #expect(before.contains { $0.contains(" Space  punch") })
        d.press(.tab)
        let after = d.screen()
        expectScreen(Array(after.prefix(2)), golden: "boxing/theFocusedSelectorShowsItAndSaysWhatSpaceDoesNow")
        #expect(after.contains { $0.contains(" Tab  to punch") } && !after.contains { $0.contains("Space  punch") }, "\(after.joined(separator: "\n"))")
        d.press(.tab)
        #expect(d.screen() == before)
        let ascii = Driver(unicode: false)
        var a = ascii
        a.press(.tab)
        #expect(a.screen(theme: Theme.builtinDefault.withGlyphs(.ascii))[1].contains("Space or Left/Right switch the target - Tab: back to the sandbag"))
    }

    /// A large terminal: the large boxer, and the stage kept together in the middle rather
    /// than the boxer alone in the far corner.
    @Test func aLargeTerminalGetsTheLargeBoxerNearTheCount() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        let screen = d.screen(width: 198, height: 57)
        let post = screen.filter { $0.contains("▐█▌") }.count
        #expect(post >= 14, "the large tired boxer's corner post is 16 rows tall, not \(post)")
        let layout = BoxingLayout(Rect(x: 0, y: 0, width: 198, height: 57))
        #expect(layout.largeBoxer)
        #expect(layout.boxer.maxX <= 198 - 25, "the boxer stays near the stage, not in the far corner")
        #expect(layout.count.maxX == layout.boxer.x)
        #expect(layout.target.y > 2, "the stage is centred in height too")
        // Everything the boxer shows is inside its corner, with its caption.
        let rows = screen[layout.boxer.y..<layout.boxer.maxY].joined(separator: "\n")
        #expect(rows.contains("She's tired,") && rows.contains("resting in the corner"))
        // And at 80×24 the small boxer, as before.
        #expect(!BoxingLayout(Rect(x: 0, y: 0, width: 78, height: 21)).largeBoxer)
    }

    @Test func theSmallestSizeStillShowsEverything() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        let size = d.app.minimumSize
        let s = d.screen(width: size.width, height: size.height).joined(separator: "\n")
        for part in ["Sandbag", "Trash can", "Punches", "resting in the corner", "best rate", "Termini sound", "▐█▌"] {
            #expect(s.contains(part), "missing \(part) at the minimum size:\n\(s)")
        }
    }

    @Test func aLargeScreenGetsALargerTargetAndCount() {
        var d = Driver()
        d.press(.char(" "), times: 5, every: 0.1)
        _ = d.settle()
        let small = d.screen().filter { $0.contains("░") }.count
        let big = d.screen(width: 198, height: 57).filter { $0.contains("░") }.count
        #expect(big > small * 2)
    }
}
