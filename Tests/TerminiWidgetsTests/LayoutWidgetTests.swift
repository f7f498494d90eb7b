import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct GridTests {
    @Test func cursorMovesWithArrowsAndHjkl() {
        var g = Grid(rows: 3, columns: 4)
        #expect(g.handle(.right) == true)
        #expect(g.handle(.char("l")) == true)
        #expect(g.cursor == (0, 2))
        #expect(g.handle(.down) == true)
        #expect(g.handle(.char("j")) == true)
        #expect(g.cursor == (2, 2))
        #expect(g.handle(.left) == true)
        #expect(g.handle(.char("h")) == true)
        #expect(g.cursor == (2, 0))
        #expect(g.handle(.up) == true)
        #expect(g.handle(.char("k")) == true)
        #expect(g.cursor == (0, 0))
        #expect(g.handle(.end) == true)
        #expect(g.cursor == (0, 3))
        #expect(g.handle(.home) == true)
        #expect(g.cursor == (0, 0))
        #expect(g.handle(.char("x")) == false)
        #expect(g.handle(.enter) == false)
    }

    @Test func cursorStopsAtTheEdges() {
        var g = Grid(rows: 2, columns: 2)
        g.handle(.up)
        g.handle(.left)
        #expect(g.cursor == (0, 0))
        for _ in 0..<5 {
            g.handle(.down)
            g.handle(.right)
        }
        #expect(g.cursor == (1, 1))
        #expect(g.index == 3)
    }

    @Test func initialCursorAndSizesAreClamped() {
        let g = Grid(rows: 3, columns: 3, cursor: (9, -1))
        #expect(g.cursor == (2, 0))
        #expect(g.index == 6)
        let tiny = Grid(rows: 0, columns: -2)
        #expect(tiny.rows == 1 && tiny.columns == 1)
        var m = Grid(rows: 2, columns: 5)
        m.move(toRow: 1, column: 3)
        #expect(m.index == 8)
        #expect(Grid(rows: 2, columns: 2, cursor: (1, 1)) == Grid(rows: 2, columns: 2, cursor: (1, 1)))
        #expect(Grid(rows: 2, columns: 2, cursor: (1, 1)) != Grid(rows: 2, columns: 2))
    }

    @Test func cellSize() {
        let g = Grid(rows: 2, columns: 3)
        #expect(g.cellSize(in: Size(width: 20, height: 10)) == Size(width: 6, height: 5))
        #expect(g.cellSize(in: Size(width: 20, height: 10), gapX: 2, gapY: 1) == Size(width: 5, height: 4))
        #expect(g.cellSize(in: Size(width: 20, height: 10), maxCell: Size(width: 4, height: 3)) == Size(width: 4, height: 3))
        #expect(g.cellSize(in: Size(width: 1, height: 0)) == Size(width: 0, height: 0))
    }

    @Test func layoutIsCentred() {
        let g = Grid(rows: 2, columns: 3)
        let rects = g.layout(in: Rect(x: 0, y: 0, width: 20, height: 10), cell: Size(width: 4, height: 2), gapX: 1, gapY: 1)
        // 3×4 + 2 gaps = 14 wide, 2×2 + 1 gap = 5 tall: origin (3, 2).
        #expect(rects == [
            Rect(x: 3, y: 2, width: 4, height: 2), Rect(x: 8, y: 2, width: 4, height: 2), Rect(x: 13, y: 2, width: 4, height: 2),
            Rect(x: 3, y: 5, width: 4, height: 2), Rect(x: 8, y: 5, width: 4, height: 2), Rect(x: 13, y: 5, width: 4, height: 2),
        ])
    }

    @Test func renderDrawsEveryCellAndMarksTheCursor() {
        var g = Grid(rows: 2, columns: 3)
        g.handle(.right)
        g.handle(.down)
        var canvas = Canvas(width: 15, height: 4)
        g.render(in: canvas.bounds, cell: Size(width: 3, height: 1), gapX: 1, gapY: 1) { row, column, rect, cursor in
            canvas.put(cursor ? "[\(row)\(column)" : " \(row)\(column)", in: rect, style: .plain)
        }
        // 2 rows + 1 gap = 3 of 4 rows: centred, the spare row goes below.
        #expect(canvas.lines == [
            "   00  01  02",
            "",
            "   10 [11  12",
            "",
        ])
    }
}

@Suite struct SplitPaneTests {
    @Test func ratioWithAndWithoutDivider() {
        let r = Rect(x: 0, y: 0, width: 11, height: 3)
        let half = SplitPane.layout(r, axis: .horizontal, sizing: .ratio(0.5), divider: true)
        #expect(half.first == Rect(x: 0, y: 0, width: 5, height: 3))
        #expect(half.divider == Rect(x: 5, y: 0, width: 1, height: 3))
        #expect(half.second == Rect(x: 6, y: 0, width: 5, height: 3))
        let third = SplitPane.layout(Rect(x: 2, y: 0, width: 10, height: 1), axis: .horizontal, sizing: .ratio(0.3), divider: false)
        #expect(third.first.width == 3)
        #expect(third.second == Rect(x: 5, y: 0, width: 7, height: 1))
        #expect(third.divider == nil)
        // Ratios outside 0…1 are clamped.
        let all = SplitPane.layout(r, axis: .vertical, sizing: .ratio(7), divider: false)
        #expect(all.first.height == 3 && all.second.isEmpty)
    }

    @Test func fixedFirstAndSecond() {
        let r = Rect(x: 0, y: 0, width: 20, height: 10)
        let first = SplitPane.layout(r, axis: .vertical, sizing: .first(3), divider: true)
        #expect(first.first == Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(first.divider == Rect(x: 0, y: 3, width: 20, height: 1))
        #expect(first.second == Rect(x: 0, y: 4, width: 20, height: 6))
        let second = SplitPane.layout(r, axis: .horizontal, sizing: .second(4), divider: false)
        #expect(second.first.width == 16)
        #expect(second.second == Rect(x: 16, y: 0, width: 4, height: 10))
        // A fixed size larger than the space is clipped to it.
        let big = SplitPane.layout(r, axis: .horizontal, sizing: .first(50), divider: true)
        #expect(big.first.width == 19)
        #expect(big.second.width == 0)
        let tiny = SplitPane.layout(Rect.zero, axis: .horizontal, sizing: .ratio(0.5), divider: true)
        #expect(tiny.divider == nil)
        #expect(tiny.first.isEmpty && tiny.second.isEmpty)
    }

    @Test func dividerAndNesting() {
        let pane = SplitPane(.horizontal, .ratio(0.5), divider: true, first: Fill("A"),
                             second: SplitPane(.vertical, .first(2), divider: true, first: Fill("B"), second: Fill("C")))
        #expect(render(pane, width: 11, height: 5).lines == [
            "AAAAA│BBBBB",
            "AAAAA│BBBBB",
            "AAAAA│─────",
            "AAAAA│CCCCC",
            "AAAAA│CCCCC",
        ])
        #expect(render(pane, width: 11, height: 5, glyphs: .ascii).lines[2] == "AAAAA|-----")
        #expect(render(pane, width: 11, height: 5)[5, 0].style == Theme.builtinDefault[.border])
    }

    @Test func drawWidgetAndEmpty() {
        let pane = SplitPane(.vertical, .second(1), first: Empty(), second: Draw { rect, canvas, _ in
            canvas.put("bottom", in: rect, style: .plain)
        })
        #expect(render(pane, width: 8, height: 3).lines == ["", "", "bottom"])
    }
}

@Suite struct FocusRingTests {
    @Test func tabAndShiftTabWrap() {
        var f = FocusRing(count: 3)
        #expect(f.isFocused(0))
        #expect(f.handle(.tab) == true)
        #expect(f.current == 1)
        f.handle(.tab)
        f.handle(.tab)
        #expect(f.current == 0)
        #expect(f.handle(.backTab) == true)
        #expect(f.current == 2)
        #expect(f.isFocused(2))
        #expect(!f.isFocused(0))
        #expect(f.handle(.right) == false)
        #expect(f.handle(.enter) == false)
        #expect(f.current == 2)
    }

    @Test func bounds() {
        #expect(FocusRing(count: 0).count == 1)
        #expect(FocusRing(count: 3, current: 7).current == 2)
        var f = FocusRing(count: 4)
        f.focus(9)
        #expect(f.current == 3)
        f.focus(-1)
        #expect(f.current == 0)
        var one = FocusRing(count: 1)
        one.handle(.tab)
        #expect(one.current == 0)
    }
}

@Suite struct BoxTests {
    @Test func edgesDrawnAsFillsLeaveWhatCellByCellDid() {
        // Over wide characters cut at every edge, in both glyph sets, boxes of every small size.
        for glyphs in [Glyphs.unicode, .ascii] {
            for (w, h) in [(2, 2), (3, 2), (2, 5), (7, 4), (10, 6)] {
                for dx in 0...1 {
                    var canvas = Canvas(width: 14, height: 8)
                    for y in 0..<8 { canvas.put(String(repeating: "民", count: 7), x: (y + dx) % 2, y: y, style: .plain) }
                    var expected = canvas
                    let rect = Rect(x: 1, y: 1, width: w, height: h)
                    let style = Style(foreground: .red)
                    Box.draw(rect, on: &canvas, glyphs: glyphs, style: style)
                    let (top, bottom, left, right) = (rect.y, rect.maxY - 1, rect.x, rect.maxX - 1)
                    for x in (left + 1)..<right {
                        expected.put(glyphs.horizontal, x: x, y: top, style: style)
                        expected.put(glyphs.horizontal, x: x, y: bottom, style: style)
                    }
                    for y in (top + 1)..<bottom {
                        expected.put(glyphs.vertical, x: left, y: y, style: style)
                        expected.put(glyphs.vertical, x: right, y: y, style: style)
                    }
                    expected.put(glyphs.topLeft, x: left, y: top, style: style)
                    expected.put(glyphs.topRight, x: right, y: top, style: style)
                    expected.put(glyphs.bottomLeft, x: left, y: bottom, style: style)
                    expected.put(glyphs.bottomRight, x: right, y: bottom, style: style)
                    #expect(canvas == expected, "\(w)x\(h) shifted \(dx)")
                }
            }
        }
    }
}
