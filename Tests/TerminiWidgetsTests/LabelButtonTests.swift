import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct LabelTests {
    @Test func wrapsAndCentres() {
        let label = Label("The quick brown fox jumps", alignment: .center)
        #expect(render(label, width: 12, height: 3).lines == [
            " The quick",
            " brown fox",
            "   jumps",
        ])
        #expect(label.lines(width: 12) == ["The quick", "brown fox", "jumps"])
    }

    @Test func alignsLeftAndRight() {
        #expect(render(Label("The quick brown fox jumps"), width: 12, height: 3).lines == [
            "The quick",
            "brown fox",
            "jumps",
        ])
        #expect(render(Label("The quick brown fox jumps", alignment: .right), width: 12, height: 3).lines == [
            "   The quick",
            "   brown fox",
            "       jumps",
        ])
    }

    @Test func clipsToItsRect() {
        var c = dotted(width: 14, height: 4)
        Label("The quick brown fox jumps").render(in: Rect(x: 2, y: 1, width: 10, height: 2), on: &c, theme: plainDefault)
        #expect(c.lines == [
            "..............",
            "..The quick...",
            "..brown fox...",
            "..............",
        ])
    }

    @Test func withoutWrappingLongLinesAreCut() {
        let label = Label("The quick brown fox\nok", wraps: false)
        #expect(render(label, width: 10, height: 2).lines == ["The quick…", "ok"])
        // ASCII terminals get an ASCII ellipsis.
        #expect(render(label, width: 10, height: 2, glyphs: .ascii).lines == ["The quick~", "ok"])
    }

    @Test func keepsLineBreaksAndStripsControlCharacters() {
        #expect(render(Label("one\ntwo"), width: 10, height: 3).lines == ["one", "two", ""])
        #expect(render(Label("Ann\u{1b}[2J\u{7}"), width: 10, height: 1).lines == ["Ann[2J"])
    }

    @Test func wideText() {
        #expect(render(Label("民權創始店"), width: 5, height: 3).lines == ["民權", "創始", "店"])
        #expect(render(Label("民權 創始店", alignment: .center), width: 8, height: 2).lines == ["  民權", " 創始店"])
    }

    @Test func usesItsRoleAndAttributes() {
        let c = render(Label("hi", role: .accent, attributes: .underline), width: 4, height: 1)
        #expect(c[0, 0].style == Theme.builtinDefault[.accent].with(.underline))
        #expect(c[2, 0].style == .plain)
    }
}

@Suite struct ButtonTests {
    @Test func unfocusedFocusedAndDisabled() {
        #expect(render(Button("OK"), width: 12, height: 1).lines == ["   [ OK ]"])
        #expect(render(Button("OK", focused: true), width: 12, height: 1).lines == ["   ▸ OK ◂"])
        #expect(render(Button("OK", focused: true), width: 12, height: 1, glyphs: .ascii).lines == ["   > OK <"])
        #expect(render(Button("OK", enabled: false), width: 12, height: 1).lines == ["   [ OK ]"])
    }

    @Test func stylesShowTheState() {
        let theme = Theme.builtinDefault
        #expect(render(Button("OK"), width: 6, height: 1)[0, 0].style == theme[.text])
        #expect(render(Button("OK", focused: true), width: 6, height: 1)[0, 0].style == theme[.focus])
        #expect(render(Button("OK", enabled: false), width: 6, height: 1)[0, 0].style == theme[.disabled])
        // In monochrome the focused button is reversed and the disabled one dim.
        let mono = render(Button("OK", focused: true), width: 6, height: 1, theme: theme.monochrome)
        #expect(mono[2, 0].style.attributes.contains(.reverse))
        let dim = render(Button("OK", enabled: false), width: 6, height: 1, theme: theme.monochrome)
        #expect(dim[2, 0].style.attributes.contains(.dim))
    }

    @Test func widthAndNarrowRects() {
        #expect(Button("Start").width(glyphs: .unicode) == 9)
        #expect(Button("Start", focused: true).width(glyphs: .ascii) == 9)
        #expect(Button("民權").width(glyphs: .unicode) == 8)
        #expect(render(Button("Restart"), width: 6, height: 1).lines == ["[ Res…"])
        #expect(render(Button("Restart"), width: 6, height: 1, glyphs: .ascii).lines == ["[ Res~"])
    }

    @Test func activation() {
        #expect(Button.isActivation(.enter))
        #expect(Button.isActivation(.char(" ")))
        #expect(!Button.isActivation(.char("x")))
        #expect(!Button.isActivation(.tab))
    }
}
