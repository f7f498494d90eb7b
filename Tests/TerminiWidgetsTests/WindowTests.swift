import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct WindowTests {
    let hints = [KeyHint("?", "Help"), KeyHint("q", "Quit")]

    @Test func borderTitleStatusAndHints() {
        let w = Window(title: "Badminton", hints: hints, status: "read-only")
        #expect(render(w, width: 30, height: 6).lines == [
            "┌─ Badminton ──── read-only ─┐",
            "│                            │",
            "│                            │",
            "│                            │",
            "└────────────────────────────┘",
            " ? Help  q Quit",
        ])
    }

    @Test func asciiWindow() {
        let w = Window(title: "Badminton", hints: hints)
        #expect(render(w, width: 20, height: 5, glyphs: .ascii).lines == [
            "+- Badminton ------+",
            "|                  |",
            "|                  |",
            "+------------------+",
            " ? Help  q Quit",
        ])
    }

    @Test func statusLeftOutWhenTheTitleNeedsTheRoom() {
        let w = Window(title: "Badminton", hints: [], status: "read-only")
        #expect(render(w, width: 24, height: 3).lines[0] == "┌─ Badminton ──────────┐")
    }

    @Test func longTitlesAreCut() {
        let w = Window(title: "A very long window title indeed", hints: [])
        #expect(render(w, width: 20, height: 3).lines[0] == "┌─ A very long w… ─┐")
        #expect(render(w, width: 20, height: 3, glyphs: .ascii).lines[0] == "+- A very long w~ -+")
        let wide = Window(title: "民權創始店", hints: [])
        #expect(render(wide, width: 13, height: 3).lines[0] == "┌─ 民權創… ─┐")
    }

    @Test func contentGoesInsideTheBorder() {
        let w = Window(title: "T", hints: hints, content: Fill("x"))
        #expect(render(w, width: 10, height: 5).lines == [
            "┌─ T ────┐",
            "│xxxxxxxx│",
            "│xxxxxxxx│",
            "└────────┘",
            " ? Help",
        ])
        #expect(Window.contentRect(Rect(x: 0, y: 0, width: 80, height: 24)) == Rect(x: 1, y: 1, width: 78, height: 21))
    }

    @Test func hintStyles() {
        let c = render(Window(title: "T", hints: hints), width: 20, height: 4)
        let theme = Theme.builtinDefault
        // A role without a background takes the one beneath (here the terminal's default).
        #expect(c[0, 3].style == theme[.hintKey])
        #expect(c[3, 3].style == theme[.hintLabel])
        #expect(c[0, 0].style == theme[.border].on(.default))
        #expect(c[3, 0].style == theme[.title].on(.default))
        #expect(render(Window(title: "T", hints: hints), width: 20, height: 4, theme: theme.monochrome)[0, 3].style.attributes.contains(.reverse))
    }
}

@Suite struct KeyHintBarTests {
    let hints = [KeyHint("?", "Help"), KeyHint("q", "Quit"), KeyHint("Esc", "Menu")]

    @Test func entriesThatDoNotFitAreDroppedWhole() {
        // Each key is a cap " ? " followed by its label; entries are one cell apart.
        #expect(render(KeyHintBar(hints), width: 40, height: 1).lines == [" ? Help  q Quit  Esc Menu"])
        #expect(render(KeyHintBar(hints), width: 25, height: 1).lines == [" ? Help  q Quit  Esc Menu"])
        #expect(render(KeyHintBar(hints), width: 24, height: 1).lines == [" ? Help  q Quit"])
        #expect(render(KeyHintBar(hints), width: 15, height: 1).lines == [" ? Help  q Quit"])
        #expect(render(KeyHintBar(hints), width: 14, height: 1).lines == [" ? Help"])
        #expect(render(KeyHintBar(hints), width: 7, height: 1).lines == [" ? Help"])
        #expect(render(KeyHintBar(hints), width: 6, height: 1).lines == [""])
    }

    @Test func wideAndDirtyHints() {
        let bar = KeyHintBar([KeyHint("←/→", "Point"), KeyHint("x\u{1b}", "民權")])
        #expect(render(bar, width: 30, height: 1).lines == [" ←/→ Point  x 民權"])
    }
}
