@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import BadmintonRulesTestSupport
import Testing

/// Big letters on a board.
enum BandTests {
    static func size(of text: String, in canvas: Canvas, glyphs: Glyphs = .unicode) -> BigLetters.Size? {
        BigLetters.size(of: text, in: (0..<canvas.height).map { canvas.row(at: $0) }, glyphs: glyphs)
    }

    static func shows(_ text: String, in canvas: Canvas, glyphs: Glyphs = .unicode) -> Bool { size(of: text, in: canvas, glyphs: glyphs) != nil }
}

/// Who serves and game point in letters at least three rows high, the call line, the cards
/// beside the names, the shuttles, the warm-up and stop clocks.
@Suite struct UmpireScreenTests {
    static let sizes = [(78, 21), (118, 37), (198, 57)]

    @Test func whoServesIsInLettersAtEverySize() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.point(1)
        for (w, ht) in UmpireScreenTests.sizes {
            let c = h.board(width: w, height: ht)
            guard let l = BandTests.size(of: "SERVES", in: c) else {
                Issue.record("no SERVES at \(w)x\(ht):\n\(c.text)")
                continue
            }
            #expect(l.height >= 3, "\(w)x\(ht)")
            // On the server's half: Bob on the right.
            let y = (0..<c.height).first { c.row(at: $0).contains("█") && c.row(at: $0).prefix(w / 2).allSatisfy { $0 == " " } }
            #expect(y != nil, "SERVES on the right half at \(w)x\(ht):\n\(c.text)")
        }
        // Doubles at 80×24: three rows of half blocks beside the court diagram.
        var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        d.press(.enter)
        #expect(BandTests.size(of: "SERVES", in: d.board()) == .half(1), "\(d.board().text)")
    }

    @Test func gamePointAndServesBothShowAt200x60() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.point(0, times: 20)
        let c = h.board(width: 198, height: 57)
        #expect(BandTests.shows("GAME POINT", in: c) && BandTests.shows("SERVES", in: c), "\(c.text)")
        // At 80×24 game point wins the band.
        #expect(BandTests.shows("GAME POINT", in: h.board()), "\(h.board().text)")
        // Match point, wider than a half at 80 columns, reaches across the divider.
        h.point(0)
        h.press(.enter)
        h.point(0, times: 20)
        #expect(h.state?.hasMatchPoint(0) == true)
        #expect(BandTests.shows("MATCH POINT", in: h.board()), "\(h.board().text)")
        #expect(BandTests.shows("MATCH POINT", in: h.board(width: 198, height: 57)))
        h.press(.char("u"), times: 20)
        h.point(1, times: 21)
        h.press(.enter)
        // 29-all in the decider: both sides have match point: said once, across both halves.
        for _ in 0..<29 {
            h.point(0)
            h.point(1)
        }
        #expect(h.state?.score == [29, 29])
        #expect(BandTests.shows("MATCH POINT", in: h.board()), "\(h.board().text)")
    }

    @Test func theLettersReadInAsciiAndMonochrome() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"], unicode: false)
        h.point(0, times: 20)
        let ascii = Theme.builtinDefault.withGlyphs(.ascii).monochrome
        for (w, ht) in UmpireScreenTests.sizes {
            let c = h.board(width: w, height: ht, theme: ascii)
            #expect(c.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(w)x\(ht)")
            #expect(BandTests.shows("GAME POINT", in: c, glyphs: .ascii), "\(w)x\(ht):\n\(c.text)")
        }
        // Doubles at 80×24 in ASCII: no room for five rows, so three-row ASCII capitals, as the
        // half blocks are in colour (issue 23, item 8): who serves reads from 5 m.
        var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"], unicode: false)
        d.press(.enter)
        d.point(0)
        #expect(BandTests.size(of: "SERVES", in: d.board(theme: ascii), glyphs: .ascii) == .ascii, "\(d.board(theme: ascii).text)")
        d.point(0, times: 19)
        let c = d.board(theme: ascii)
        #expect(BandTests.shows("GAME POINT", in: c, glyphs: .ascii), "\(c.text)")
    }

    /// The screen's words, one space between each: a wrapped call reads whole.
    static func words(_ c: Canvas) -> String { c.lines.joined(separator: " ").split(separator: " ").joined(separator: " ") }

    /// Issue 23, item 6: the whole introduction, wrapped over the lines it needs, at every size
    /// from the smallest up, in Unicode and ASCII, singles and doubles.
    @Test func theIntroductionIsNeverCut() {
        let intro = "Ladies and gentlemen, on my right, Bob, and on my left, Ann; Ann to serve; love all; play"
        let pairs = "Ladies and gentlemen, on my right, Cat and Dan, and on my left, Ann and Bob; Bob to serve to Dan; love all; play"
        let ascii = Theme.builtinDefault.withGlyphs(.ascii)
        for (w, ht) in [(40, 12), (78, 21), (100, 30), (198, 57)] {
            for theme in [Theme.builtinDefault, ascii] {
                let h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
                let joined = Self.words(h.board(width: w, height: ht, theme: theme))
                #expect(joined.contains(intro), "\(w)x\(ht):\n\(h.board(width: w, height: ht, theme: theme).text)")
            }
            var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
            d.press(.char("2"))
            d.press(.char("4"))
            d.press(.enter)
            let c = d.board(width: w, height: ht)
            #expect(Self.words(c).contains(pairs), "\(w)x\(ht):\n\(c.text)")
        }
    }

    @Test func theCallIsBoldOnItsOwnLine() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        let start = h.board()
        // The introduction is too long for 80 columns: it wraps, its end on the call's last line.
        #expect(start.lines[19].contains("love all; play\u{201d}"), "\(start.lines[19])")
        #expect(start.lines[18].contains("\u{201c}Ladies and gentlemen"), "\(start.lines[18])")
        #expect(h.board(width: 198, height: 57).text.contains("\u{201c}Ladies and gentlemen, on my right, Bob, and on my left, Ann; Ann to serve; love all; play\u{201d}"))
        h.point(0, times: 3)
        h.point(1)
        let c = h.board()
        #expect(c.lines[19].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") == "\u{201c}Service over, 1-3\u{201d}", "\(c.text)")
        let x = c.lines[19].firstIndex(of: "S").map { c.lines[19].distance(from: c.lines[19].startIndex, to: $0) } ?? 0
        #expect(c[x, 19].style.attributes.contains(.bold))
        // ASCII quotes; the speaker only when spoken.
        #expect(h.board(theme: Theme.builtinDefault.withGlyphs(.ascii)).lines[19].contains("\"Service over, 1-3\""))
        h.press(.char("v"))
        #expect(h.board().lines[19].contains("🔊 \u{201c}Service over, 1-3\u{201d}"))
    }

    /// Issue 23, item 5: the side's name always shows; each card is a letter beside the carded
    /// player (Y yellow, R red, B black), in normal video inside the reverse-video bar.
    @Test func cardsAreMarksBesideTheCardedPlayer() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.point(0)
        h.press(.char("c"), .char("2"), .char("w"), .enter)
        h.press(.char("c"), .char("2"), .char("f"), .enter)
        #expect(h.board().lines[0].hasSuffix("Bob  Y  R"), "\(h.board().lines[0])")
        h.press(.char("c"), .char("2"), .char("f"), .enter, .char("c"), .char("2"), .char("f"), .enter)
        h.press(.char("c"), .char("2"), .char("d"), .enter)
        // At 40×12 the marks close up so that the name stays whole; at 200×60 the name is in
        // block letters and the marks are under it.
        for (w, ht, shown) in [(80, 24, "Bob  Y  R  R  R  B"), (40, 12, "Bob  YRRRB"), (198, 57, " Y  R  R  R  B")] {
            let text = h.board(width: w, height: ht).text
            #expect(text.contains(shown), "five cards at \(w)x\(ht):\n\(text)")
        }
        // In doubles the marks follow the carded player, and the pair's name stays whole.
        var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        d.press(.enter)
        d.press(.char("c"), .char("4"), .char("w"), .enter, .char("c"), .char("4"), .char("f"), .enter)
        let c = d.board()
        #expect(c.lines[0].hasSuffix("Cat/Dan  Y  R"), "\(c.lines[0])")
        // In brackets (the umpire's test: the red card's R read as the right court's).
        #expect(c.text.contains("Dan [Y R]"), "the court diagram: \(c.text)")
        // The mark is in normal video (and bold) inside the reverse-video bar: monochrome reads it.
        let mono = d.board(theme: Theme.builtinDefault.monochrome)
        let y = mono.lines[0].range(of: " Y ").map { mono.lines[0].distance(from: mono.lines[0].startIndex, to: $0.lowerBound) + 1 }
        #expect(y.map { !mono[$0, 0].style.attributes.contains(.reverse) && mono[$0, 0].style.attributes.contains(.bold) } == true)
        #expect(mono[3, 0].style.attributes.contains(.reverse) || mono[60, 0].style.attributes.contains(.reverse))
        // Long names are cut to make room, never dropped: each keeps its first letters.
        var long = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Christabel Anderson/Dorothea Wilhelmina"])
        long.press(.enter)
        long.press(.char("c"), .char("3"), .char("w"), .enter, .char("c"), .char("4"), .char("f"), .enter, .char("c"), .char("4"), .char("f"), .enter)
        let top = long.board().lines[0]
        #expect(top.contains("Chri") && top.contains("/Doro") && (top.contains(" Y ") || top.contains(" YRR")), "\(top)")
    }

    @Test func aMarkedNameKeepsEveryNameInTheRoomItHas() {
        let match = Match(doubles: true, names: ["Ann/Bob", "Christabel/Dorothea"])
        match.take(.card(team: 1, player: 1, card: .warning))
        let s = match.state
        for room in [4, 8, 12, 30] {
            let m = MarkedName.make(team: 1, state: s, room: room, ellipsis: "~")
            let names = m.pieces.filter { $0.card == nil }.map(\.text).joined()
            #expect(names.hasPrefix("C") && names.contains("/D"), "room \(room): \(m.pieces)")
            if room >= 10 { #expect(m.width <= room, "room \(room): \(m.width)") }
        }
        #expect(MarkedName.make(team: 1, state: s, room: 30, ellipsis: "~").pieces.map(\.text).joined() == "Christabel/Dorothea  Y ")
    }

    @Test func shuttlesAreCountedInTheTitle() {
        var h = Harness(options: ["--new": ""])
        #expect(h.app.title(context: h.context) == "Badminton · 3x21 · game 1")
        h.press(.char("+"))
        #expect(h.app.title(context: h.context) == "Badminton · 3x21 · game 1 · 1 shuttle")
        h.press(.char("+"), .char("+"))
        #expect(h.app.title(context: h.context) == "Badminton · 3x21 · game 1 · 3 shuttles")
        #expect(h.state?.shuttles == 3)
    }

    @Test func theWarmUpCountsDownInBigDigits() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.press(.char("w"))
        var c = h.board()
        #expect(c.text.contains("Warm-up: two minutes") && c.text.contains("Warm-up · 2:00 left"), "\(c.text)")
        #expect(BandTests.shows("2:00", in: c) || c.text.contains("█"), "\(c.text)")
        h.now += 95
        c = h.board()
        #expect(c.text.contains("READY TO PLAY · 0:25 left"), "\(c.text)")
        #expect(c.lines[19].contains("Ready to play"), "the call: \(c.lines[19])")
        h.point(0)
        #expect(!h.board().text.contains("Warm-up"), "the first rally ends it")
    }

    @Test func anInjuryClockRunsUpUntilPlayResumes() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.enter)
        h.point(0, times: 3)
        h.press(.char("i"))
        #expect(h.app.modals.top(StopDialog.self) != nil)
        #expect(h.board().text.contains("2 ○ Bob"), "\(h.board().text)")
        h.press(.char("2"))
        h.now += 65
        let c = h.board(width: 198, height: 57)
        #expect(c.text.contains("Injury: Bob") && c.text.contains("1:05 since the call") && c.text.contains("Enter or i: play resumes"), "\(c.text)")
        #expect(BandTests.shows("1:05", in: c), "big digits:\n\(c.text)")
        #expect(h.hints.first == KeyHint("Enter", "Resume"), "\(h.hints)")
        h.press(.enter)
        #expect(h.state?.runningStoppage == nil)
        #expect(h.state?.stoppages.first.map { $0.duration(at: 0) } == 66, "kept with its length (a second per key)")
        #expect(h.board().lines[20].contains("Play resumed after 1:06"), "\(h.board().lines[20])")
        // A suspension, resumed with i.
        h.press(.char("i"), .char("s"))
        #expect(h.board().text.contains("Play suspended"))
        #expect(h.board().lines[19].contains("Play is suspended"))
        h.press(.char("i"))
        #expect(h.state?.stoppages.count == 2 && h.state?.runningStoppage == nil)
    }
}

/// The umpire's test: the card dialog offered "f red fault: the other side scores" before the
/// first rally and after the match, when a fault scores nothing (RTTO 3.7.7).
@Suite struct CardDialogWordsTests {
    @Test func aFaultSaysItScoresOnlyWhenItDoes() {
        var h = Harness(options: ["--new": ""])
        h.press(.char("c"))
        #expect(h.board().text.contains("fault: recorded, no point now"), "\(h.board().text)")
        h.press(.escape, .left, .char("c"))
        #expect(h.board().text.contains("fault: the other side scores"), "\(h.board().text)")
    }
}
