import Testing
@testable import TerminiCore
import TerminiTestSupport

/// `Canvas.changes(since:)` picks the cells the terminal is sent: a cell missed here stays
/// wrong on screen until the next full repaint, a cell too many costs bytes on every frame.
@Suite struct CanvasDiffTests {
    /// The positions as "x,y" strings, so a failure reads as the list of cells.
    func changes(_ new: Canvas, since old: Canvas?) -> [String] {
        new.changes(since: old).map { "\($0.x),\($0.y)" }
    }

    /// A one-row canvas (of dots, or blank) with `text` written at `x`.
    func row(_ text: String, at x: Int, width: Int = 6, dots: Bool = true) -> Canvas {
        var c = dots ? dotted(width: width, height: 1) : Canvas(width: width, height: 1)
        c.put(text, x: x, y: 0, style: .plain)
        return c
    }

    @Test func identicalCanvasesHaveNoChanges() {
        var c = dotted(width: 6, height: 2)
        c.put("民a", x: 1, y: 1, style: Style(foreground: .red))
        #expect(changes(c, since: c) == [])
    }

    @Test func withoutAPreviousCanvasEveryLeadCellIsSent() {
        var c = Canvas(width: 5, height: 2)
        c.put("a民", x: 0, y: 0, style: .plain)
        c.put("權", x: 3, y: 1, style: .plain)
        // The continuation cells (2,0) and (4,1) are covered by their lead cells.
        #expect(changes(c, since: nil) == ["0,0", "1,0", "3,0", "4,0", "0,1", "1,1", "2,1", "3,1"])
    }

    @Test func aResizeSendsEveryLeadCell() {
        var old = Canvas(width: 4, height: 2)
        old.put("ab", x: 0, y: 0, style: .plain)
        var new = Canvas(width: 4, height: 3)
        new.put("ab", x: 0, y: 0, style: .plain)
        new.put("民", x: 1, y: 2, style: .plain)
        #expect(changes(new, since: old).count == 4 * 3 - 1)
        #expect(changes(new, since: old) == changes(new, since: nil))
        // Narrower, same height: also a different size.
        let narrow = Canvas(width: 3, height: 3)
        #expect(changes(narrow, since: new).count == 9)
    }

    @Test func changedCellsInRowOrder() {
        let old = dotted(width: 5, height: 3)
        var new = old
        new.put("x", x: 4, y: 0, style: .plain)
        new.put("y", x: 0, y: 2, style: .plain)
        new.put("z", x: 2, y: 1, style: .plain)
        #expect(changes(new, since: old) == ["4,0", "2,1", "0,2"])
    }

    @Test func aNewWideCharacterIsSentOnceByItsLeadCell() {
        #expect(changes(row("民", at: 2), since: dotted(width: 6, height: 1)) == ["2,0"])
    }

    @Test func aWideCharacterReplacedByAnother() {
        #expect(changes(row("權", at: 2, dots: false), since: row("民", at: 2, dots: false)) == ["2,0"])
    }

    @Test func aWideCharacterReplacedByTwoNarrowOnes() {
        let old = row("民", at: 2)
        #expect(changes(row("ab", at: 2), since: old) == ["2,0", "3,0"])
        // Only the second half written over: the first becomes a blank, both are sent.
        var half = old
        half.put("b", x: 3, y: 0, style: .plain)
        #expect(half.lines == [".. b.."])
        #expect(changes(half, since: old) == ["2,0", "3,0"])
    }

    @Test func twoNarrowCharactersReplacedByAWideOne() {
        let old = row("ab", at: 2)
        var new = old
        new.put("民", x: 2, y: 0, style: .plain)
        #expect(changes(new, since: old) == ["2,0"])
        // Back again.
        #expect(changes(old, since: new) == ["2,0", "3,0"])
    }

    @Test func aWideCharacterMovedByOneCell() {
        let old = row("民", at: 1), new = row("民", at: 2)
        // (1,0) goes back to a dot, (2,0) is the new lead; its continuation (3,0) goes with it.
        #expect(changes(new, since: old) == ["1,0", "2,0"])
        #expect(changes(old, since: new) == ["1,0", "3,0"])
    }

    @Test func aChangeUnderEitherHalfOfAWideCharacterSendsItsLeadCell() {
        let old = row("民權", at: 1, dots: false)
        // Restyling only the second half of 民 (its continuation cell) changes nothing
        // visible there by itself, but the terminal draws both halves from the lead.
        var second = old
        second.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.attributes.insert(.bold) }
        #expect(changes(second, since: old) == ["1,0"])
        // Only the first half.
        var first = old
        first.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes.insert(.bold) }
        #expect(changes(first, since: old) == ["1,0"])
        // Both halves: still sent once.
        var both = old
        both.restyle(Rect(x: 1, y: 0, width: 2, height: 1)) { $0.attributes.insert(.bold) }
        #expect(changes(both, since: old) == ["1,0"])
        // The second half of 民 and the first of 權.
        var straddle = old
        straddle.restyle(Rect(x: 2, y: 0, width: 2, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(changes(straddle, since: old) == ["1,0", "3,0"])
    }

    @Test func styleOnlyChangesAreSent() {
        var old = Canvas(width: 5, height: 1)
        old.put("abc", x: 0, y: 0, style: Style(foreground: .red))
        var fg = Canvas(width: 5, height: 1)
        fg.put("abc", x: 0, y: 0, style: Style(foreground: .red))
        fg.put("b", x: 1, y: 0, style: Style(foreground: .blue))
        #expect(changes(fg, since: old) == ["1,0"])
        var bg = old
        bg.restyle(Rect(x: 2, y: 0, width: 3, height: 1)) { $0.background = .rgb(1, 2, 3) }
        #expect(changes(bg, since: old) == ["2,0", "3,0", "4,0"])
        var attrs = old
        attrs.restyle(Rect(x: 0, y: 0, width: 1, height: 1)) { $0.attributes = [.underline, .italic] }
        #expect(changes(attrs, since: old) == ["0,0"])
        // A blank's colour matters too (a coloured bar).
        var blank = old
        blank.restyle(Rect(x: 4, y: 0, width: 1, height: 1)) { $0.background = .indexed(4) }
        #expect(changes(blank, since: old) == ["4,0"])
    }

    @Test func inheritedAndExplicitBackgroundsCompareByTheColourStored() {
        var old = Canvas(width: 3, height: 1)
        old.fill(old.bounds, style: Style(background: .blue))
        old.put("a", x: 0, y: 0, style: Style(foreground: .red))  // inherits blue
        var new = Canvas(width: 3, height: 1)
        new.fill(new.bounds, style: Style(background: .blue))
        new.put("a", x: 0, y: 0, style: Style(foreground: .red, background: .blue))
        #expect(changes(new, since: old) == [])
    }

    @Test func combiningMarkGraphemesCompareByTheirText() {
        // The same grapheme written in a different order (so stored wherever each canvas put
        // it) is no change; a different mark on the same letter is.
        var old = Canvas(width: 6, height: 1)
        old.put("n\u{303}", x: 4, y: 0, style: .plain)
        old.put("e\u{301}", x: 1, y: 0, style: .plain)
        var new = Canvas(width: 6, height: 1)
        new.put("e\u{301}", x: 1, y: 0, style: .plain)
        new.put("n\u{303}", x: 4, y: 0, style: .plain)
        #expect(changes(new, since: old) == [])
        var other = new
        other.put("e\u{300}", x: 1, y: 0, style: .plain)
        #expect(changes(other, since: old) == ["1,0"])
        var plain = new
        plain.put("e", x: 1, y: 0, style: .plain)
        #expect(changes(plain, since: new) == ["1,0"])
        #expect(changes(new, since: plain) == ["1,0"])
    }

    @Test func emojiSequencesCompareByTheirText() {
        var old = Canvas(width: 8, height: 1)
        old.put("👩‍💻🇫🇷", x: 0, y: 0, style: .plain)
        var same = Canvas(width: 8, height: 1)
        same.put("x", x: 6, y: 0, style: .plain)
        same.put("👩‍💻🇫🇷", x: 0, y: 0, style: .plain)
        #expect(changes(same, since: old) == ["6,0"])
        var flag = old
        flag.put("🇩🇪", x: 2, y: 0, style: .plain)
        #expect(changes(flag, since: old) == ["2,0"])
        #expect(flag[2, 0].character == "🇩🇪")
        #expect(flag[0, 0].character == "👩‍💻")
    }

    @Test func aBlitIsDiffedLikeDrawing() {
        var piece = Canvas(width: 3, height: 1)
        piece.put("e\u{301}民", x: 0, y: 0, style: Style(attributes: .bold))
        var old = dotted(width: 6, height: 1)
        old.put("e\u{301}民", x: 2, y: 0, style: Style(attributes: .bold))
        var new = dotted(width: 6, height: 1)
        new.blit(piece, x: 2, y: 0)
        #expect(new.lines == ["..é民."])
        #expect(changes(new, since: old) == [])
        #expect(new == old)
    }
}

@Suite struct CompactCellTests {
    @Test func aCellIsTwelveBytesOfPlainData() {
        // A scalar and a style of two words: what fill, blit and the diff copy and compare.
        #expect(MemoryLayout<CompactCell>.size == 12)
        #expect(MemoryLayout<CompactCell>.stride == 12)
        #expect(MemoryLayout<Style>.size == 8)
        #expect(_isPOD(CompactCell.self))
        // The cell of one Character and one Style per cell it replaced.
        #expect(MemoryLayout<ReferenceCell>.stride == 32)
        #expect(!_isPOD(ReferenceCell.self))
    }

    @Test func stylesKeepEveryColourAndAttribute() {
        let colors: [Color] = [.default, .inherit, .indexed(0), .indexed(255), .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3)]
        for f in colors {
            for b in colors {
                for a in [0, 1, 31, 64, 128, 255] {
                    let s = Style(foreground: f, background: b, attributes: Attributes(rawValue: UInt8(a)))
                    #expect(s.foreground == f && s.background == b && s.attributes.rawValue == UInt8(a))
                    var t = s
                    t.background = f
                    t.foreground = b
                    #expect(t.foreground == b && t.background == f && t.attributes == s.attributes)
                }
            }
        }
    }

    /// The diff of canvases without graphemes of several scalars passes over unchanged cells
    /// by words of memory: on random canvases (narrow, wide, styled; widths whose rows do not
    /// end on a word) it finds exactly the cells of the definition, cell by cell.
    @Test func unchangedCellsPassedByWordsFindTheDefinitionsCells() {
        var rng = Fuzz.random("unchangedCellsPassedByWordsFindTheDefinitionsCells")
        let texts = ["a", "bc", " ", "民", "權x", "│", "██", "12", "é"]
        let styles = [Style.plain, Style(foreground: .indexed(3)), Style(background: .indexed(4), attributes: .bold)]
        for _ in 0..<300 {
            let width = Int.random(in: 1...29, using: &rng), height = Int.random(in: 1...4, using: &rng)
            var a = Canvas(width: width, height: height)
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                a.put(texts.randomElement(using: &rng) ?? "a", x: Int.random(in: -1..<width, using: &rng), y: Int.random(in: 0..<height, using: &rng),
                      style: styles.randomElement(using: &rng) ?? .plain)
            }
            var b = a
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                b.put(texts.randomElement(using: &rng) ?? "a", x: Int.random(in: -1..<width, using: &rng), y: Int.random(in: 0..<height, using: &rng),
                      style: styles.randomElement(using: &rng) ?? .plain)
            }
            // The definition: each changed cell stands for its lead cell, each lead once.
            var expected: [String] = []
            for y in 0..<height {
                var lastLead = -1
                for x in 0..<width where b[x, y] != a[x, y] {
                    let lead = b[x, y].isContinuation && x > 0 ? x - 1 : x
                    if lead != lastLead && !b[lead, y].isContinuation {
                        expected.append("\(lead),\(y)")
                        lastLead = lead
                    }
                }
            }
            #expect(b.changes(since: a).map { "\($0.x),\($0.y)" } == expected, "\(a)\n\(b)")
        }
    }
}
