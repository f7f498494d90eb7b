import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct DialogTests {
    @Test func confirmLayout() {
        let d = Dialog.confirm(title: "Reset?", message: "Start a new match?")
        #expect(render(d, width: 40, height: 9).lines == [
            "",
            "        ┌─ Reset? ─────────────┐",
            "        │                      │",
            "        │ Start a new match?   │",
            "        │                      │",
            "        │   [ Yes ]  ▸ No ◂    │",
            "        └──────────────────────┘",
            "",
            "",
        ])
    }

    @Test func asciiDialogWithAWrappedMessage() {
        let d = Dialog(title: "Saved", message: "The match was saved to your history file, which keeps every game.",
                       buttons: ["OK"])
        #expect(render(d, width: 34, height: 10, glyphs: .ascii).lines == [
            "",
            "+- Saved ------------------------+",
            "|                                |",
            "| The match was saved to your    |",
            "| history file, which keeps      |",
            "| every game.                    |",
            "|                                |",
            "|             > OK <             |",
            "+--------------------------------+",
            "",
        ])
    }

    @Test func drawnOverWhatIsBehind() {
        var c = dotted(width: 28, height: 7)
        Dialog(title: "Hi", message: "Hello", buttons: ["OK"]).render(in: c.bounds, on: &c, theme: plainDefault)
        #expect(c.lines == [
            "..┌─ Hi ─────────────────┐..",
            "..│                      │..",
            "..│ Hello                │..",
            "..│                      │..",
            "..│        ▸ OK ◂        │..",
            "..└──────────────────────┘..",
            "............................",
        ])
    }

    @Test func confirmDefaultsToNo() {
        var d = Dialog.confirm(title: "Quit?", message: "Leave the match?")
        #expect(d.focused == 1)
        #expect(d.role == .danger)
        #expect(d.handle(.enter) == .chose(1))
    }

    @Test func escCancels() {
        var d = Dialog(title: "T", message: "M", buttons: ["Save", "Discard"])
        #expect(d.handle(.escape) == .cancelled)
    }

    @Test func enterAndSpaceChooseTheFocusedButton() {
        var d = Dialog(title: "T", message: "M", buttons: ["A", "B", "C"], focused: 1)
        #expect(d.handle(.enter) == .chose(1))
        #expect(d.handle(.char(" ")) == .chose(1))
    }

    @Test func arrowsAndTabMoveBetweenButtons() {
        var d = Dialog(title: "T", message: "M", buttons: ["A", "B", "C"])
        #expect(d.handle(.right) == nil)
        #expect(d.focused == 1)
        #expect(d.handle(.tab) == nil)
        #expect(d.focused == 2)
        #expect(d.handle(.right) == nil)
        #expect(d.focused == 2)  // stops at the end
        #expect(d.handle(.left) == nil)
        #expect(d.handle(.backTab) == nil)
        #expect(d.focused == 0)
        #expect(d.handle(.left) == nil)
        #expect(d.focused == 0)
        #expect(d.handle(.enter) == .chose(0))
    }

    @Test func firstLetterShortcuts() {
        var d = Dialog.confirm(title: "Reset?", message: "Sure?")
        #expect(d.handle(.char("y")) == .chose(0))
        #expect(d.handle(.char("N")) == .chose(1))
        #expect(d.handle(.char("x")) == nil)
        // A letter two buttons share chooses neither.
        var shared = Dialog(title: "T", message: "M", buttons: ["Save", "Skip", "Cancel"])
        #expect(shared.handle(.char("s")) == nil)
        #expect(shared.handle(.char("c")) == .chose(2))
    }

    @Test func focusedButtonShowsInMonochrome() {
        let theme = Theme.builtinDefault.monochrome
        let c = render(Dialog.confirm(title: "Reset?", message: "Start a new match?"), width: 40, height: 9, theme: theme)
        // "▸ No ◂" starts at column 21 on row 5.
        #expect(c[21, 5].character == "▸")
        #expect(c[21, 5].style.attributes.contains(.reverse))
        #expect(!c[12, 5].style.attributes.contains(.reverse))
    }

    @Test func tinyAreasShowTheTitleAlone() {
        let d = Dialog.confirm(title: "Reset?", message: "Start a new match?")
        #expect(render(d, width: 10, height: 2).lines == ["  Reset?", ""])
        // A short area drops the blank row above the message first, then message lines.
        #expect(render(d, width: 40, height: 5).lines == [
            "        ┌─ Reset? ─────────────┐",
            "        │ Start a new match?   │",
            "        │                      │",
            "        │   [ Yes ]  ▸ No ◂    │",
            "        └──────────────────────┘",
        ])
        #expect(render(d, width: 40, height: 4).lines == [
            "        ┌─ Reset? ─────────────┐",
            "        │                      │",
            "        │   [ Yes ]  ▸ No ◂    │",
            "        └──────────────────────┘",
        ])
    }

    @Test func emptyButtonListBecomesOK() {
        let d = Dialog(title: "T", message: "M", buttons: [])
        #expect(d.buttons == ["OK"])
        #expect(d.focused == 0)
    }
}

/// The `?` help as a scroll panel: sections, a key column, wrapping, scrolling by entry.
@Suite struct HelpPanelTests {
    func help(_ sections: [HelpSection], width: Int, scroll: Int = 0, ellipsis: String = "…") -> ScrollPanel {
        HelpSection.panel(title: "Help", sections: sections, areaWidth: width, scroll: scroll, ellipsis: ellipsis)
    }

    let sections = [
        HelpSection("Keys", [("←/→", "move"), ("Enter", "open")]),
        HelpSection("Everywhere", [("q", "quit")]),
    ]

    @Test func layout() {
        #expect(render(help(sections, width: 24), width: 24, height: 12).lines == [
            "",
            "   ┌─ Help ─────────┐",
            "   │ Keys           │",
            "   │ ←/→    move    │",
            "   │ Enter  open    │",
            "   │                │",
            "   │ Everywhere     │",
            "   │ q      quit    │",
            "   │                │",
            "   │ any key closes │",
            "   └────────────────┘",
            "",
        ])
    }

    var long: [HelpSection] {
        [HelpSection("Keys", (1...12).map { ("k\($0)", "action \($0)") })]
    }

    @Test func scrolls() {
        let top = render(help(long, width: 40), width: 40, height: 8)
        #expect(top.lines == [
            " ┌─ Help ────────────────────────────┐",
            " │ Keys                              │",
            " │ k1   action 1                     │",
            " │ k2   action 2                     │",
            " │ k3   action 3                     │",
            " │ k4   action 4                     │",
            " │ ↑/↓ scroll · any other key closes │",
            " └─────────────────────── 1-5 of 13 ─┘",
        ])
        let scrolled = render(help(long, width: 40, scroll: 3), width: 40, height: 8)
        #expect(scrolled.lines[1] == " │ k3   action 3                     │")
        // Scrolling past the end shows the last lines.
        let end = render(help(long, width: 40, scroll: 99), width: 40, height: 8)
        #expect(end.lines[1] == " │ k8   action 8                     │")
        #expect(end.lines[5] == " │ k12  action 12                    │")
        #expect(help(long, width: 40).items.count == 13)
    }

    @Test func asciiFooterHasNoUnicode() {
        let c = render(help(long, width: 60), width: 60, height: 8, glyphs: .ascii)
        for line in c.lines {
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
        }
        #expect(c.text.contains("Up/Down scroll"))
    }

    @Test func longKeysAreCutWithTheGlyphsEllipsis() {
        let s = [HelpSection("Keys", [("Ctrl-Z / Backspace / u", "undo")])]
        let c = render(help(s, width: 40, ellipsis: "~"), width: 40, height: 6, glyphs: .ascii)
        #expect(c.lines[2] == "      | Ctrl-Z / Backspac~  undo |")
    }

    @Test func longActionsWrapUnderTheActionColumn() {
        let s = [HelpSection("Keys", [("F2-F6", "switch to Badminton, Boxing Time, Memory, Stamp Card, Coffee Shop")])]
        #expect(render(help(s, width: 40), width: 40, height: 8).lines == [
            " ┌─ Help ─────────────────────────────┐",
            " │ Keys                               │",
            " │ F2-F6  switch to Badminton, Boxing │",
            " │        Time, Memory, Stamp Card,   │",
            " │        Coffee Shop                 │",
            " │                                    │",
            " │                     any key closes │",
            " └────────────────────────────────────┘",
        ])
        // Too narrow to wrap sensibly: the line is cut when drawn instead.
        #expect(help(s, width: 20).items.map(\.count) == [1, 1])
    }

    @Test func maxScroll() {
        let overlay = help(long, width: 40)
        // 13 entries of a line; 8 rows hold 5 of them.
        #expect(overlay.maxScroll(areaHeight: 8) == 8)
        #expect(overlay.maxScroll(areaHeight: 30) == 0)
        #expect(help(sections, width: 24).maxScroll(areaHeight: 12) == 0)
        // Keys scroll within those bounds, and any other key closes.
        #expect(overlay.scrolled(by: .down, areaHeight: 8) == 1)
        #expect(overlay.scrolled(by: .end, areaHeight: 8) == 8)
        #expect(overlay.scrolled(by: .up, areaHeight: 8) == 0)
        #expect(overlay.scrolled(by: .char("q"), areaHeight: 8) == nil)
    }

    @Test func headingsStandOut() {
        let c = render(help(sections, width: 24), width: 24, height: 12)
        #expect(c.lines[2] == "   │ Keys           │")
        #expect(c[5, 2].style == Theme.builtinDefault[.accent].on(.default))
        #expect(c[5, 3].style == Theme.builtinDefault[.dialog])
        #expect(c[3, 2].style == Theme.builtinDefault[.dialogBorder])
    }
}
