@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// Golden screens at 80×24 (content 78×21), written out as a person sees them.
@Suite struct ScreenTests {
    /// Red 21-19 17-21 5-3 Blue in game 3, Red serving from the left court.
    static func deciderHarness() -> Harness {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        for (a, b) in [(21, 19), (17, 21)] {
            let w = a > b ? 0 : 1
            var target = [a, b]
            target[w] -= 1
            while h.state?.score != target {
                for t in [0, 1] where (h.state?.score[t] ?? 0) < target[t] { h.point(t) }
            }
            h.point(w)
            h.press(.enter)
        }
        h.press(.enter)
        for t in [1, 1, 1, 0, 0, 0, 0, 0] { h.point(t) }
        return h
    }

    @Test func singlesInTheDecidingGame() {
        let h = ScreenTests.deciderHarness()
        #expect(h.board().lines == [
            "                🏸 Red                 │                  Blue",
            "  Games won: 1 · G1 21-19 · G2 17-21   │  Games won: 1 · G1 19-21 · G2 21-17",
            "    🏸 serves from the LEFT court      │     receives in the left court",
            "                                       │",
            "         ██ ███ ██  █ █ ███  ██        │",
            "        █   █   █ █ █ █ █   █          │",
            "         █  ██  ██  █ █ ██   █         │",
            "          █ █   █ █ █ █ █     █        │",
            "        ██  ███ █ █  █  ███ ██         │",
            "                                       │",
            "                                       │",
            "              ██████████               │              ████████",
            "              ██                       │                      ██",
            "              ████████                 │                      ██",
            "                      ██               │                ██████",
            "                      ██               │                      ██",
            "              ██      ██               │                      ██",
            "                ██████                 │              ████████",
            "                                       │",
            "                                    “5-3”",
            "                      3x21 · game 3 of up to 3 · singles",
        ], "\n\(h.board().text)")
    }

    @Test func playersChangeEndsAtElevenInTheDecider() {
        var h = ScreenTests.deciderHarness()
        h.point(0, times: 13)
        #expect(h.state?.score == [18, 3])
        #expect(h.board().lines == [
            "                   Blue                │                🏸 Red",
            "  Games won: 1 · G1 19-21 · G2 21-17   │  Games won: 1 · G1 21-19 · G2 17-21",
            "      receives in the right court      │    🏸 serves from the RIGHT court",
            "                                       │",
            "                                       │        ██ ███ ██  █ █ ███  ██",
            "                                       │       █   █   █ █ █ █ █   █",
            "                                       │        █  ██  ██  █ █ ██   █",
            "                                       │         █ █   █ █ █ █ █     █",
            "                                       │       ██  ███ █ █  █  ███ ██",
            "                                       │",
            "                                       │",
            "              ████████                 │            ██        ██████",
            "                      ██               │          ████      ██      ██",
            "                      ██               │            ██      ██      ██",
            "                ██████                 │            ██        ██████",
            "                      ██               │            ██      ██      ██",
            "                      ██               │            ██      ██      ██",
            "              ████████                 │          ██████      ██████",
            "                                       │",
            "                                    “18-3”",
            "                      3x21 · game 3 of up to 3 · singles",
        ], "\n\(h.board().text)")
    }

    /// The halves and the court diagram follow the choice before Enter: 2 and 4 show Bob
    /// serving to Dan, from the right courts.
    @Test func doublesServiceChoice() {
        var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"], now: 1_800_000_000)
        d.press(.char("2"), .char("4"))
        #expect(d.board().lines == [
            "              🏸 Ann/Bob               │                 Cat/Dan",
            "             Games won: 0              │             Games won: 0",
            "             🏸 Bob serves             │             Dan receives",
            "         from the RIGHT court          │          in the right court",
            "                                       │",
            "                                       │",
            "         ┌─ Game 1 · who serves? ───────────────────────────────────┐",
            "         │ Ann/Bob serve first                                      │",
            "         │                                                          │",
            "         │   Server    1 ○ Ann   2 ● Bob                            │",
            "         │ ▸ Receiver  3 ○ Cat   4 ● Dan                            │",
            "         │ 1 2 the left pair, 3 4 the right, as in every dialog     │",
            "         └──────────────────────────────────────────────────────────┘",
            "                ██████                 │                ██████",
            "                                       │",
            " ┌────────────────────────────────────┐│┌───────────────────────────────────┐",
            " │ L Ann                              │││                    Dan receives R │",
            " │ R Bob 🏸 serves                    │││                             Cat L │",
            " └────────────────────────────────────┘│└───────────────────────────────────┘",
            "",
            "            Game 1: choose who serves and who receives, then Enter",
        ], "\n\(d.board().text)")
    }

    @Test func doublesCourtDiagram() {
        var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"], now: 1_800_000_000)
        d.press(.enter)
        d.point(0, times: 19)
        d.point(1, times: 1)
        #expect(d.board().lines == [
            "                 Ann/Bob               │              🏸 Cat/Dan",
            "             Games won: 0              │             Games won: 0",
            "             Ann receives              │            🏸 Dan serves",
            "          in the left court            │         from the LEFT court",
            "                                       │       ▄▀▀ █▀▀ █▀▄ █ █ █▀▀ ▄▀▀",
            "                                       │        ▀▄ █▀  █▀▄ █ █ █▀   ▀▄",
            "                                       │       ▀▀  ▀▀▀ ▀ ▀  ▀  ▀▀▀ ▀▀",
            "            ██        ██████           │                  ██",
            "          ████      ██      ██         │                ████",
            "            ██      ██      ██         │                  ██",
            "            ██        ████████         │                  ██",
            "            ██              ██         │                  ██",
            "            ██              ██         │                  ██",
            "          ██████      ██████           │                ██████",
            "                                       │",
            " ┌────────────────────────────────────┐│┌───────────────────────────────────┐",
            " │ L Ann receives                     │││                             Cat R │",
            " │ R Bob                              │││                   Dan 🏸 serves L │",
            " └────────────────────────────────────┘│└───────────────────────────────────┘",
            "                             “Service over, 1-19”",
            "                      3x21 · game 1 of up to 3 · doubles",
        ], "\n\(d.board().text)")
    }

    /// In monochrome every state still shows: the banners and the name bars are reversed,
    /// the server is named in words.
    @Test func monochromeShowsStatesByAttributes() {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        h.point(0, times: 20)
        let mono = Theme.builtinDefault.monochrome
        // Where there is no room for letters (40×12), the banner is a reverse-video line.
        let c = h.board(width: 40, height: 12, theme: mono)
        let text = c.text
        #expect(text.contains("GAME POINT") && text.contains("RIGHT court"), "\(text)")
        guard let y = c.lines.firstIndex(where: { $0.contains("GAME POINT") }), let x = c.lines[y].firstRange(of: "GAME POINT") else {
            Issue.record("no banner")
            return
        }
        let column = c.lines[y].distance(from: c.lines[y].startIndex, to: x.lowerBound)
        #expect(c[column, y].style.attributes.contains(.reverse))
        #expect(c[10, 0].style.attributes.contains(.reverse), "the name bar")
        // At 80×24 game point is in letters, drawn with blocks: no colour needed.
        #expect(BandTests.shows("GAME POINT", in: h.board(theme: mono)), "\(h.board(theme: mono).text)")
        h.point(0)
        h.press(.enter)
        h.point(0, times: 20)
        #expect(h.board(width: 40, height: 12, theme: mono).text.contains("MATCH POINT"))
        h.point(0)
        let won = h.board(theme: mono)
        #expect(won.text.contains("Red wins the match 2-0"))
        #expect(won[5, 20].style.attributes.contains(.reverse), "the result line")
        #expect(h.board(width: 40, height: 12, theme: mono).text.contains("MATCH WON"))
    }

    @Test func asciiHasNoUnicode() {
        var h = Harness(options: ["--new": "", "--doubles": ""], now: 1_800_000_000, unicode: false)
        h.press(.enter)
        h.point(0, times: 11)
        let theme = Theme.builtinDefault.withGlyphs(.ascii)
        for (w, hgt) in [(78, 21), (118, 37), (198, 57), (40, 12)] {
            let text = h.board(width: w, height: hgt, theme: theme).text
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(w)x\(hgt):\n\(text)")
        }
        #expect(h.board(theme: theme).text.contains("> Red 1 serves from the LEFT court") || h.board(theme: theme).text.contains("Interval"))
    }

    @Test func digitsAreBigAndEqualOnBothHalves() {
        let h = ScreenTests.deciderHarness()
        for (w, ht, minRows) in [(78, 21, 7), (198, 57, 28), (118, 37, 21)] {
            let c = h.board(width: w, height: ht)
            let half = w / 2
            // Below the band of letters (which says SERVES on one half only).
            let top = BadmintonApp.headerRows(ht - BoardLayout.footerRows, halfWidth: half - 1)
            func rows(_ range: Range<Int>) -> Int {
                (top..<ht).filter { y in range.contains { x in c[x, y].character == "█" } }.count
            }
            let left = rows(0..<half), right = rows(half..<w)
            #expect(left >= minRows && left == right, "\(w)x\(ht): \(left) and \(right) rows")
        }
    }

    @Test func namesInBlockLettersOnTallScreens() {
        let h = Harness(options: ["--new": "", "--names": "Ann,Bo"], now: 1_800_000_000)
        let tall = h.board(width: 198, height: 57)
        #expect(tall.lines[1...5].allSatisfy { $0.contains("█") }, "\n\(tall.text)")
        #expect(tall[1, 0].style.attributes.contains(.reverse), "the band is in reverse video")
        #expect(!tall.lines[0...8].contains { $0.contains("Ann") })
        // A name the block font cannot draw stays in plain letters (both halves alike).
        let cjk = Harness(options: ["--new": "", "--names": "林丹,Lee"], now: 1_800_000_000)
        let t2 = cjk.board(width: 198, height: 57)
        #expect(t2.text.contains("林丹") && t2.text.contains("Lee"))
        #expect(!t2.lines[0...6].contains { $0.contains("█") })
        // Short screens keep a one-row band.
        #expect(h.board(width: 118, height: 37).lines[0].contains("Ann"))
    }

    @Test func hostileNamesAreSanitized() {
        var h = Harness(options: ["--new": "", "--names": "\u{1b}[2JEvil,\u{7}Bell"], now: 1_800_000_000)
        h.point(0)
        let text = h.board().text
        #expect(!h.board().lines.joined().unicodeScalars.contains { $0.value < 0x20 })
        #expect(text.contains("[2JEvil"))
    }

    @Test func everyOverlayDrawsAtTheMinimumSize() {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        for key in [Key.char("n"), .char("e"), .char("h"), .char("x")] {
            h.press(key)
            let c = h.board(width: 40, height: 12)
            #expect(c.text.count > 0)
            h.press(.escape)
        }
        h.point(0, times: 11)
        #expect(h.board(width: 40, height: 12).text.contains("Interval"))
    }
}

/// A rally changes the digits and the service lines, never the whole screen.
@Suite struct RedrawTests {
    static func changedCells(_ a: Canvas, _ b: Canvas) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { out.append((x, y)) }
        }
        return out
    }

    @Test(arguments: [(78, 21), (198, 57)])
    func aRallyRedrawsOnlyWhatChanges(_ size: (Int, Int)) {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        h.point(0, times: 3)
        var before = h.board(width: size.0, height: size.1)
        var serverBefore = h.state?.server
        for team in [0, 1, 1, 0, 1] {
            h.point(team)
            let after = h.board(width: size.0, height: size.1)
            let changed = RedrawTests.changedCells(before, after)
            #expect(!changed.isEmpty)
            #expect(changed.count < size.0 * size.1 / 3, "\(changed.count) of \(size.0 * size.1) cells changed")
            // The games line and the bottom line stay; the name bars change only when the
            // service passes (the shuttle marker moves).
            #expect(!changed.contains { $0.1 == BadmintonApp.nameRows(size.1 - 1) || $0.1 == size.1 - 1 })
            let band = BadmintonApp.nameRows(size.1 - 1)
            #expect(changed.contains { $0.1 < band } == (h.state?.server != serverBefore), "name bands redrawn iff the service passed")
            serverBefore = h.state?.server
            before = after
        }
    }
}
