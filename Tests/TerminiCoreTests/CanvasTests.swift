import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct CanvasTests {
    @Test func startsBlankAndIgnoresNegativeSizes() {
        let c = Canvas(width: 4, height: 2)
        #expect(c.lines == ["", ""])
        #expect(c.row(at: 0) == "    ")
        #expect(Canvas(width: -3, height: 2).width == 0)
        #expect(Canvas(width: 3, height: -1).lines == [])
        #expect(c[10, 10] == .blank)
        #expect(c[-1, 0] == .blank)
    }

    @Test func asciiText() {
        var c = Canvas(width: 10, height: 2)
        let end = c.put("Hello", x: 2, y: 1, style: .plain)
        #expect(end == 7)
        #expect(c.lines == ["", "  Hello"])
        #expect(c.text == "\n  Hello")
    }

    @Test func wideCharactersTakeTwoCells() {
        var c = Canvas(width: 8, height: 1)
        let end = c.put("|民權|", x: 0, y: 0, style: .plain)
        #expect(end == 6)
        #expect(c.lines == ["|民權|"])
        #expect(c[1, 0].character == "民")
        #expect(c[2, 0].isContinuation)
        #expect(c[3, 0].character == "權")
        #expect(c[4, 0].isContinuation)
        #expect(c[5, 0].character == "|")
        #expect(c.row(at: 0) == "|民權|  ")
    }

    @Test func emojiTakeTwoCells() {
        var c = Canvas(width: 8, height: 1)
        c.put("😁🐶!", x: 0, y: 0, style: .plain)
        #expect(c.lines == ["😁🐶!"])
        #expect(c[4, 0].character == "!")
    }

    @Test func combiningMarksStayWithTheirLetter() {
        var c = Canvas(width: 6, height: 1)
        let end = c.put("cafe\u{301}!", x: 0, y: 0, style: .plain)
        #expect(end == 5)
        #expect(c.lines == ["café!"])
        #expect(c[3, 0].character == "e\u{301}")
        // A stray combining mark on its own is dropped.
        #expect(c.put(Character("\u{301}"), x: 5, y: 0, style: .plain) == 0)
        #expect(c[5, 0] == .blank)
    }

    @Test func controlCharactersNeverReachTheCanvas() {
        var c = Canvas(width: 6, height: 1)
        c.put("a\tb\u{1b}c", x: 0, y: 0, style: .plain)
        #expect(c.lines == ["abc"])
    }

    @Test func wideCharacterNeverSplitsAtTheCanvasEdge() {
        var c = Canvas(width: 5, height: 1)
        c.put("ab民權", x: 0, y: 0, style: .plain)
        // 權 would need cells 4 and 5; only 4 exists, so it becomes a space.
        #expect(c.lines == ["ab民"])
        #expect(c[4, 0].character == " ")
        #expect(!c[4, 0].isContinuation)
    }

    @Test func wideCharacterNeverSplitsAtAClipEdge() {
        var c = dotted(width: 8, height: 1)
        c.put("民權創", x: 0, y: 0, style: .plain, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        #expect(c.lines == ["民權 ..."])
        // Cut on the left edge of the clip: the visible half becomes a space.
        var d = dotted(width: 8, height: 1)
        d.put("民權", x: 1, y: 0, style: .plain, clip: Rect(x: 2, y: 0, width: 5, height: 1))
        #expect(d.lines == [".. 權..."])
        #expect(d[1, 0].character == ".")
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var right = Canvas(width: 6, height: 1)
        right.put("民權創", x: 0, y: 0, style: .plain)
        right.put("x", x: 1, y: 0, style: .plain)
        #expect(right.lines == [" x權創"])

        var left = Canvas(width: 6, height: 1)
        left.put("民權創", x: 0, y: 0, style: .plain)
        left.put("x", x: 2, y: 0, style: .plain)
        #expect(left.lines == ["民x 創"])

        // A wide character written one cell off blanks both neighbours it cuts.
        var shifted = Canvas(width: 6, height: 1)
        shifted.put("民權創", x: 0, y: 0, style: .plain)
        shifted.put("🐶", x: 1, y: 0, style: .plain)
        #expect(shifted.lines == [" 🐶 創"])
        #expect(!shifted[3, 0].isContinuation)
        #expect(shifted[3, 0].character == " ")
    }

    @Test func textIsClippedToItsRect() {
        var c = dotted(width: 10, height: 3)
        let clip = Rect(x: 3, y: 0, width: 4, height: 2)
        c.put("Hello, world", x: 2, y: 1, style: .plain, clip: clip)
        c.put("outside", x: 3, y: 2, style: .plain, clip: clip)
        #expect(c.lines == [
            "..........",
            "...ello...",
            "..........",
        ])
        // Off the canvas entirely: nothing happens, nothing crashes.
        c.put("far", x: 50, y: 50, style: .plain)
        c.put("left", x: -10, y: 0, style: .plain)
        #expect(c.lines[0] == "..........")
    }

    @Test func alignedTextInARect() {
        var c = Canvas(width: 9, height: 4)
        c.put("abc", in: c.bounds.row(0), alignment: .left, style: .plain)
        c.put("abc", in: c.bounds.row(1), alignment: .center, style: .plain)
        c.put("abc", in: c.bounds.row(2), alignment: .right, style: .plain)
        c.put("Badminton!", in: Rect(x: 2, y: 3, width: 5, height: 1), style: .plain)
        #expect(c.lines == [
            "abc",
            "   abc",
            "      abc",
            "  Badm…",
        ])
    }

    @Test func alignedTextWithAnAsciiEllipsis() {
        var c = Canvas(width: 9, height: 1)
        c.put("Badminton!", in: c.bounds, alignment: .right, style: .plain, ellipsis: "~")
        #expect(c.lines == ["Badminto~"])
    }

    @Test func alignedWideTextInAnOddRect() {
        var c = dotted(width: 9, height: 2)
        c.put("民權創始店", in: Rect(x: 1, y: 0, width: 7, height: 1), style: .plain)
        c.put("民權", in: Rect(x: 0, y: 1, width: 9, height: 1), alignment: .center, style: .plain)
        #expect(c.lines == [
            ".民權創….",
            "..民權...",
        ].map { $0 })
    }

    @Test func fill() {
        var c = Canvas(width: 5, height: 4)
        c.fill(Rect(x: 1, y: 1, width: 3, height: 2), with: "#")
        c.fill(Rect(x: 3, y: 3, width: 10, height: 10), with: "=")
        #expect(c.lines == [
            "",
            " ###",
            " ###",
            "   ==",
        ])
    }

    @Test func fillWithAWideCharacterLeavesNoHalves() {
        var c = Canvas(width: 5, height: 1)
        c.fill(c.bounds, with: "民")
        #expect(c.lines == ["民民"])
        #expect(c[4, 0].character == " ")
    }

    @Test func fillWithAStyleClearsText() {
        var c = Canvas(width: 4, height: 1)
        c.put("text", x: 0, y: 0, style: .plain)
        c.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: Style(attributes: .reverse))
        #expect(c.lines == ["t  t"])
        #expect(c[1, 0].style.attributes == .reverse)
        #expect(c[0, 0].style == .plain)
    }

    @Test func restyleKeepsCharacters() {
        var c = Canvas(width: 6, height: 2)
        c.put("abcdef", x: 0, y: 0, style: .plain)
        c.put("民權", x: 0, y: 1, style: .plain)
        c.restyle(Rect(x: 2, y: 0, width: 2, height: 2)) { $0.attributes.insert(.bold) }
        c.restyle(Rect(x: -5, y: -5, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(c.lines == ["abcdef", "民權"])
        #expect(c[1, 0].style == .plain)
        #expect(c[2, 0].style.attributes == .bold)
        #expect(c[3, 0].style.attributes == .bold)
        #expect(c[4, 0].style == .plain)
        #expect(c[2, 1].character == "權")
        #expect(c[2, 1].style.attributes == .bold)
        #expect(c[0, 0].style == .plain)
    }

    @Test func blitCopiesAndClips() {
        var small = Canvas(width: 3, height: 2)
        small.put("abc", x: 0, y: 0, style: .plain)
        small.put("def", x: 0, y: 1, style: Style(attributes: .bold))
        var c = dotted(width: 6, height: 3)
        c.blit(small, x: 1, y: 1)
        c.blit(small, x: 4, y: -1)
        #expect(c.lines == [
            "....de",
            ".abc..",
            ".def..",
        ])
        #expect(c[1, 2].style.attributes == .bold)
    }

    @Test func blitNeverLeavesHalfAWideCharacter() {
        var small = Canvas(width: 4, height: 1)
        small.put("民權", x: 0, y: 0, style: .plain)
        // Cut on the right edge of the target.
        var right = dotted(width: 5, height: 1)
        right.blit(small, x: 2, y: 0)
        #expect(right.lines == ["..民"])
        #expect(right[4, 0].character == " ")
        // Cut on the left edge.
        var left = dotted(width: 5, height: 1)
        left.blit(small, x: -1, y: 0)
        #expect(left.lines == [" 權.."])
        // Landing on half of a wide character already there.
        var over = Canvas(width: 6, height: 1)
        over.put("創始店", x: 0, y: 0, style: .plain)
        var one = Canvas(width: 1, height: 1)
        one.put("x", x: 0, y: 0, style: .plain)
        over.blit(one, x: 3, y: 0)
        #expect(over.lines == ["創 x店"])
    }

    @Test func linesTrimTrailingSpacesOnly() {
        var c = Canvas(width: 8, height: 1)
        c.put("  a b", x: 0, y: 0, style: .plain)
        #expect(c.lines == ["  a b"])
        #expect(c.row(at: 0) == "  a b   ")
        #expect(c.row(at: 0, trimmed: true) == "  a b")
    }

    @Test func stylesAreKept() {
        var c = Canvas(width: 4, height: 1)
        let s = Style(foreground: .red, background: .black, attributes: [.bold, .underline])
        c.put("民x", x: 0, y: 0, style: s)
        #expect(c[0, 0].style == s)
        #expect(c[1, 0].style == s)
        #expect(c[2, 0].style == s)
        #expect(c[3, 0].style == .plain)
    }
}
