@testable import Badminton
import TerminiKit
import Testing

/// The dialogs' text fields, as a person types into them.
@Suite struct TextEntryTests {
    static func type(_ text: String, into e: inout TextEntry) {
        for c in text { _ = e.handle(.char(c)) }
    }

    @Test func theFirstTypedCharacterReplacesAPrefilledValue() {
        var e = TextEntry(text: "Red")
        TextEntryTests.type("Lin Dan", into: &e)
        #expect(e.text == "Lin Dan")
        TextEntryTests.type("!", into: &e)
        #expect(e.text == "Lin Dan!", "once typing began, characters go in")
    }

    @Test func arrowsAndBackspaceEditThePrefilledValue() {
        var e = TextEntry(text: "Red")
        _ = e.handle(.backspace)
        #expect(e.text == "Re")
        TextEntryTests.type("x", into: &e)
        #expect(e.text == "Rex")
        var f = TextEntry(text: "Red")
        _ = f.handle(.left)
        TextEntryTests.type("X", into: &f)
        #expect(f.text == "ReXd", "← keeps the text and moves into it")
        _ = f.handle(.home)
        TextEntryTests.type(">", into: &f)
        _ = f.handle(.end)
        TextEntryTests.type("<", into: &f)
        #expect(f.text == ">ReXd<")
        _ = f.handle(.home)
        _ = f.handle(.delete)
        #expect(f.text == "ReXd<")
        _ = f.handle(.ctrl("u"))
        #expect(f.text.isEmpty && f.cursor == 0)
    }

    @Test func focusSelectsTheWholeTextAgain() {
        var e = TextEntry(text: "Red")
        _ = e.handle(.left)
        #expect(!e.selected)
        e.selectAll()
        TextEntryTests.type("B", into: &e)
        #expect(e.text == "B")
    }

    @Test func keysThatAreNotEditsLeaveTheSelection() {
        var e = TextEntry(text: "Red")
        #expect(e.handle(.enter) == false && e.selected)
        #expect(e.handle(.char("\u{7}")) && e.selected && e.text == "Red", "a control character types nothing")
    }

    @Test func theLimitHolds() {
        var e = TextEntry(text: "", limit: 3)
        TextEntryTests.type("abcdef", into: &e)
        #expect(e.text == "abc")
    }

    static func row(_ e: TextEntry, width: Int, focused: Bool) -> String {
        var c = Canvas(width: width, height: 1)
        e.render(in: Rect(x: 0, y: 0, width: width, height: 1), on: &c, theme: .builtinDefault, focused: focused)
        return c.lines[0]
    }

    @Test func anUnfocusedFieldShowsTheStartOfItsText() {
        let e = TextEntry(text: "Lee Chong Wei 1/Lee Chong Wei 2")
        #expect(TextEntryTests.row(e, width: 20, focused: false) == "Lee Chong Wei 1/Lee…")
        // Focused with the cursor at the end, the end is in view.
        #expect(TextEntryTests.row(e, width: 20, focused: true) == "i 1/Lee Chong Wei 2▏")
        #expect(TextEntryTests.row(TextEntry(text: "Ann"), width: 8, focused: false) == "Ann·····")
    }

    @Test func theSelectionAndTheCursorShow() {
        let theme = Theme.builtinDefault.monochrome
        var e = TextEntry(text: "Red")
        var c = Canvas(width: 8, height: 1)
        e.render(in: Rect(x: 0, y: 0, width: 8, height: 1), on: &c, theme: theme, focused: true)
        #expect(c[0, 0].style.attributes.contains(.underline), "selected")
        _ = e.handle(.left)
        c = Canvas(width: 8, height: 1)
        e.render(in: Rect(x: 0, y: 0, width: 8, height: 1), on: &c, theme: theme, focused: true)
        #expect(!c[0, 0].style.attributes.contains(.underline), "no longer selected")
        #expect(!c[2, 0].style.attributes.contains(.reverse) && c[2, 0].character == "d", "the cursor is on the d")
    }
}

@Suite struct SetupFormTests {
    @Test func typingIntoAPrefilledNameReplacesIt() {
        var h = Harness()
        h.press(.down, .down)  // the left side's name
        for c in "Lin Dan" { h.press(.char(c)) }
        h.press(.down)
        for c in "Lee Chong Wei" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.state?.teams.map(\.name) == ["Lin Dan", "Lee Chong Wei"])
    }

    @Test func typingAFormatReplacesThePreset() {
        var h = Harness()
        for c in "5x11" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.state?.format.description == "5x11")
    }

    @Test func namesDialogReplacesAndEdits() {
        var h = Harness(options: ["--new": ""])
        h.press(.char("e"))
        for c in "Lin" { h.press(.char(c)) }
        h.press(.tab, .backspace, .backspace, .backspace, .backspace)
        for c in "Lee" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.state?.teams.map(\.name) == ["Lin", "Lee"])
    }
}
