import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import TerminiGoldens
@testable import Memory

@Suite struct MemoryScreenTests {
    @Test func aFreshDealAt80x24() {
        let d = Driver(["--seed": "42"])
        expectScreen(d.screen(), golden: "memory/aFreshDealAt80x24")
    }

    /// Seed 42 deals faces 0 5 1 7 / 1 7 2 0 / 3 6 2 4 / 4 6 5 3: cards 0 and 7 pair up,
    /// cards 2 and 3 do not.
    @Test func aMismatchAndAFoundPair() {
        var d = Driver(["--seed": "42"])
        d.press([.char(" "), .down, .right, .right, .right, .char(" ")])
        #expect(d.app.game.pairsFound == 1)
        d.press([.up, .left, .char(" "), .right, .char(" ")])
        #expect(d.app.game.showsMismatch)
        d.settleAnimations()
        expectScreen(d.screen(), golden: "memory/aMismatchAndAFoundPair")
    }

    /// The cursor stands out from every card it can sit among, in every shipped theme, at
    /// every colour depth and in monochrome (issue 25: in high-contrast the cursor on a
    /// mismatched card was as black on bright yellow as the other card of the mismatch). The
    /// board of `aMismatchAndAFoundPair` with the cursor on the mismatch, on the found pair
    /// and on a face-down card; then given up, every card face up.
    @Test func theCursorStandsOutOnEveryCardInEveryShippedTheme() {
        var d = Driver(["--seed": "42"])
        d.press([.char(" "), .down, .right, .right, .right, .char(" "), .up, .left, .char(" "), .right, .char(" ")])
        d.settleAnimations()
        var scenes: [(String, Driver)] = [("on the mismatch", d)]
        d.press(.down)
        scenes.append(("on the found pair", d))
        d.press(.left)
        scenes.append(("on a face-down card", d))
        d.press([.char("f"), .char("y")])
        d.settleAnimations()
        scenes.append(("given up", d))
        for theme in ShippedThemes.themes {
            for (look, t) in ShippedThemes.looks(theme) {
                for (scene, driver) in scenes {
                    let canvas = driver.canvas(theme: t)
                    // Each card's top-left corner, in the cards' order.
                    let corners = (0..<canvas.height).flatMap { y in (0..<canvas.width).compactMap { x in canvas[x, y].character == "╭" ? canvas[x, y].style : nil } }
                    guard corners.count == 16 else {
                        Issue.record("\(look), \(scene): \(corners.count) cards")
                        continue
                    }
                    let cursor = driver.app.grid.index
                    for (i, style) in corners.enumerated() where i != cursor {
                        #expect(ShippedThemes.drawn(corners[cursor], in: t) != ShippedThemes.drawn(style, in: t),
                                "\(look), \(scene): the cursor's card \(cursor) looks like card \(i)")
                    }
                }
            }
        }
    }

    @Test func theWinAt80x24() {
        var d = Driver(["--seed": "42"])
        d.press(winningKeys(d.app.game), every: 1)
        d.settleAnimations()
        expectScreen(d.screen(), golden: "memory/theWinAt80x24")
    }

    @Test func givenUpAt80x24() {
        var d = Driver(["--seed": "42"])
        d.press(winningKeys(d.app.game).prefix(6).map { $0 }, every: 1)
        d.press(.char("f"))
        d.press(.char("y"))
        d.settleAnimations()
        expectScreen(d.screen(), golden: "memory/givenUpAt80x24")
    }

    @Test func fourByFiveInASCII() {
        var d = Driver(["--seed": "42", "--size": "4x5"], unicode: false)
        d.press([.char(" "), .right, .char(" ")])
        d.settleAnimations()
        expectScreen(d.screen(theme: Theme.builtinDefault.withGlyphs(.ascii)), golden: "memory/fourByFiveInASCII")
    }

    @Test func sixBySixFitsAt80x24() {
        var d = Driver(["--seed": "42", "--size": "6x6"])
        d.press([.down, .down, .char(" ")])
        d.settleAnimations()
        expectScreen(d.screen(), golden: "memory/sixBySixFitsAt80x24")
    }

    @Test func theFlipAllQuestion() {
        var d = Driver(["--seed": "42"])
        d.press(.char(" "))
        d.press(.char("f"))
        d.settleAnimations()
        let (screen, inside) = d.screenAroundDialog()
        #expect(inside.contains("Show every card? This ends the game, given up."))
        #expect(inside.contains("[ Yes, show all ]  ▸ No ◂"))
        expectScreen(screen, golden: "memory/theFlipAllQuestion")
    }

    @Test func everySizeFitsItsMinimumAndLargeScreensGetLargeCards() {
        for size in BoardSize.allCases {
            var d = Driver(["--seed": "1", "--size": size.rawValue])
            d.press(.char(" "))
            d.settleAnimations()
            let m = d.app.minimumSize
            let s = d.screen(width: m.width, height: m.height)
            let cards = s.joined().filter { $0 == "╭" || $0 == "[" }.count
            #expect(cards == size.cardCount, "\(size) at its minimum:\n\(s.joined(separator: "\n"))")
            #expect(s.first?.contains("Flips 1") == true)
            let big = d.screen(width: 198, height: 57)
            #expect(big.joined().filter { $0 == "╭" }.count == size.cardCount)
            #expect(big.filter { $0.contains("░") }.count > s.filter { $0.contains("░") }.count * 2)
        }
        // A reasonable minimum: 52×11 with the window (the largest board in one-line cards).
        #expect(MemoryView.minimumSize == Size(width: 50, height: 8))
    }

    /// Found trying it as a new user would: the 6×6 board at 60×20 touched the window's
    /// frame. Every board keeps a blank column from it, at every size down to the minimum.
    @Test(arguments: [Size(width: 58, height: 17), Size(width: 50, height: 8), Size(width: 78, height: 21), Size(width: 60, height: 12)])
    func theBoardNeverTouchesTheFrame(_ size: Size) {
        for board in BoardSize.allCases {
            let d = Driver(["--seed": "3", "--size": board.rawValue])
            let s = d.screen(width: size.width, height: size.height)
            for (y, line) in s.enumerated().dropFirst().dropLast() {
                let cells = Array(line)
                #expect(cells.first.map { $0 == " " } ?? true, "\(board) at \(size), row \(y): '\(line)'")
                #expect(DisplayWidth.of(line) < size.width, "\(board) at \(size), row \(y) reaches the right edge: '\(line)'")
            }
        }
    }

    /// 80×22 (tmux with a status line): 6×6 fits in one-line cards, a blank row apart;
    /// found pairs are marked with checks, the cursor card's brackets in the focus style.
    @Test func sixBySixFitsAt80x22InOneLineCards() {
        var d = Driver(["--seed": "42", "--size": "6x6"])
        let g = d.app.game
        // The first pair, found.
        let pair = perfectOrder(g).prefix(2)
        var keys: [Key] = []
        var at = 0
        for i in pair {
            keys += moves(from: at, to: i, columns: 6) + [.char(" ")]
            at = i
        }
        d.press(keys + [.home, .right, .down, .char(" ")])
        d.settleAnimations()
        expectScreen(d.screen(height: 19), golden: "memory/sixBySixFitsAt80x22InOneLineCards")
    }
}
