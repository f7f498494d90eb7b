import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct SegmentedControlTests {
    let theme = Theme.builtinDefault

    @Test func selectionVisibleWithoutColour() {
        let control = SegmentedControl(["Sandbag", "Trash can"])
        #expect(control.width(glyphs: .unicode) == 27)
        #expect(render(control, width: 27, height: 1).lines == ["│ ● Sandbag │ ○ Trash can │"])
        #expect(render(control, width: 27, height: 1, glyphs: .ascii).lines == ["| * Sandbag | . Trash can |"])
        var second = control
        second.select(1)
        #expect(render(second, width: 31, height: 1).lines == ["  │ ○ Sandbag │ ● Trash can │"])
    }

    @Test func stylesOfSegments() {
        var control = SegmentedControl(["A", "B", "C"], selected: 1)
        let c = render(control, width: 19, height: 1)
        #expect(c.lines == ["│ ○ A │ ● B │ ○ C │"])
        #expect(c[2, 0].style == theme[.muted])
        #expect(c[8, 0].style == theme[.selected])
        #expect(c[0, 0].style == theme[.border])
        control.isFocused = true
        let f = render(control, width: 19, height: 1)
        #expect(f[8, 0].style == theme[.focus])
        #expect(f[2, 0].style == theme[.muted])
    }

    @Test func arrowsWithTheFocusStopAtTheEnds() {
        var c = SegmentedControl(["A", "B", "C"])
        #expect(c.handle(.right) == false)
        #expect(c.selected == 0)
        c.isFocused = true
        #expect(c.handle(.left) == true)
        #expect(c.selected == 0)
        #expect(c.handle(.right) == true)
        #expect(c.handle(.right) == true)
        #expect(c.selected == 2)
        #expect(c.handle(.right) == true)
        #expect(c.selected == 2)
        #expect(c.handle(.left) == true)
        #expect(c.selected == 1)
    }

    @Test func numberKeys() {
        var c = SegmentedControl(["A", "B", "C"])
        #expect(c.handle(.char("3")) == true)
        #expect(c.selected == 2)
        #expect(c.handle(.char("1")) == true)
        #expect(c.selected == 0)
        #expect(c.handle(.char("4")) == false)
        #expect(c.handle(.char("0")) == false)
        #expect(c.selected == 0)
        var off = SegmentedControl(["A", "B"], numberKeys: false)
        #expect(off.handle(.char("2")) == false)
        #expect(off.selected == 0)
    }

    @Test func initialSelectionIsClamped() {
        #expect(SegmentedControl(["A", "B"], selected: 7).selected == 1)
        #expect(SegmentedControl(["A", "B"], selected: -2).selected == 0)
        var empty = SegmentedControl([])
        empty.select(3)
        #expect(empty.selected == 0)
        #expect(empty.handle(.char("1")) == false)
    }

    @Test func labelsAreSanitized() {
        let c = SegmentedControl(["a\u{1b}b"])
        #expect(render(c, width: 9, height: 1).lines == ["│ ● ab │"])
    }
}

@Suite struct PageDotsTests {
    @Test func unicodeAndAsciiForms() {
        #expect(render(PageDots(count: 5), width: 9, height: 1).lines == ["● ○ ○ ○ ○"])
        #expect(render(PageDots(count: 5, current: 2), width: 9, height: 1).lines == ["○ ○ ● ○ ○"])
        #expect(render(PageDots(count: 5), width: 9, height: 1, glyphs: .ascii).lines == ["* . . . ."])
        #expect(render(PageDots(count: 5, spaced: false), width: 5, height: 1).lines == ["●○○○○"])
        #expect(render(PageDots(count: 5, current: 4, spaced: false), width: 5, height: 1, glyphs: .ascii).lines == ["....*"])
        #expect(render(PageDots(count: 3), width: 11, height: 1).lines == ["   ● ○ ○"])
        #expect(PageDots(count: 3, current: 1).text(glyphs: .ascii) == ". * .")
    }

    @Test func currentDotStyle() {
        let theme = Theme.builtinDefault
        let c = render(PageDots(count: 3), width: 5, height: 1)
        #expect(c[0, 0].style == theme[.accent])
        #expect(c[2, 0].style == theme[.muted])
        let f = render(PageDots(count: 3, focused: true), width: 5, height: 1)
        #expect(f[0, 0].style == theme[.focus])
    }

    @Test func degenerateCounts() {
        #expect(PageDots(count: 0).count == 1)
        #expect(PageDots(count: 3, current: 9).current == 2)
        #expect(render(PageDots(count: 0), width: 3, height: 1).lines == [" ●"])
    }
}
