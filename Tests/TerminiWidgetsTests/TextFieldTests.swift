import TerminiCore
import TerminiWidgets
import Testing
/// The dialogs' text fields, as a person types into them.
@Suite struct TextFieldTests {
    static func type(_ text: String, into e: inout TextField) {
        for c in text { _ = e.handle(.char(c)) }
    }

    @Test func theFirstTypedCharacterReplacesAPrefilledValue() {
        var e = TextField(text: "Red")
        TextFieldTests.type("Lin Dan", into: &e)
        #expect(e.text == "Lin Dan")
        TextFieldTests.type("!", into: &e)
        #expect(e.text == "Lin Dan!", "once typing began, characters go in")
    }

    /// Found by the fuzz suite: two regional indicators typed one after the other join into
    /// one flag, and a CR before an LF into one character; the cursor counted two and the
    /// next key indexed past the end of the text.
    @Test func charactersThatJoinKeepTheCursorInsideTheText() {
        for pair: [Character] in [["\u{1F1EF}", "\u{1F1F5}"], ["\r", "\n"], ["\u{1100}", "\u{1161}"]] {
            var e = TextField(text: "", selected: false)
            for c in pair { _ = e.handle(.char(c)) }
            for key: Key in [.left, .char("x"), .end, .backspace, .backspace, .backspace, .right, .delete, .char("y")] {
                _ = e.handle(key)
                #expect(e.cursor >= 0 && e.cursor <= e.text.unicodeScalars.count)
            }
            var canvas = Canvas(width: 12, height: 1)
            e.render(in: Rect(x: 0, y: 0, width: 12, height: 1), on: &canvas, theme: .builtinDefault, focused: true)
        }
    }

    @Test func arrowsAndBackspaceEditThePrefilledValue() {
        var e = TextField(text: "Red")
        _ = e.handle(.backspace)
        #expect(e.text == "Re")
        TextFieldTests.type("x", into: &e)
        #expect(e.text == "Rex")
        var f = TextField(text: "Red")
        _ = f.handle(.left)
        TextFieldTests.type("X", into: &f)
        #expect(f.text == "ReXd", "← keeps the text and moves into it")
        _ = f.handle(.home)
        TextFieldTests.type(">", into: &f)
        _ = f.handle(.end)
        TextFieldTests.type("<", into: &f)
        #expect(f.text == ">ReXd<")
        _ = f.handle(.home)
        _ = f.handle(.delete)
        #expect(f.text == "ReXd<")
        _ = f.handle(.ctrl("u"))
        #expect(f.text.isEmpty && f.cursor == 0)
    }

    @Test func focusSelectsTheWholeTextAgain() {
        var e = TextField(text: "Red")
        _ = e.handle(.left)
        #expect(!e.selected)
        e.selectAll()
        TextFieldTests.type("B", into: &e)
        #expect(e.text == "B")
    }

    @Test func keysThatAreNotEditsLeaveTheSelection() {
        var e = TextField(text: "Red")
        #expect(e.handle(.enter) == false && e.selected)
        #expect(e.handle(.char("\u{7}")) && e.selected && e.text == "Red", "a control character types nothing")
    }

    @Test func theLimitHolds() {
        var e = TextField(text: "", limit: 3)
        TextFieldTests.type("abcdef", into: &e)
        #expect(e.text == "abc")
    }

    static func row(_ e: TextField, width: Int, focused: Bool) -> String {
        var c = Canvas(width: width, height: 1)
        e.render(in: Rect(x: 0, y: 0, width: width, height: 1), on: &c, theme: .builtinDefault, focused: focused)
        return c.lines[0]
    }

    @Test func anUnfocusedFieldShowsTheStartOfItsText() {
        let e = TextField(text: "Lee Chong Wei 1/Lee Chong Wei 2")
        #expect(TextFieldTests.row(e, width: 20, focused: false) == "Lee Chong Wei 1/Lee…")
        // Focused with the cursor at the end, the end is in view.
        #expect(TextFieldTests.row(e, width: 20, focused: true) == "i 1/Lee Chong Wei 2▏")
        #expect(TextFieldTests.row(TextField(text: "Ann"), width: 8, focused: false) == "Ann·····")
    }

    @Test func theSelectionAndTheCursorShow() {
        let theme = Theme.builtinDefault.monochrome
        var e = TextField(text: "Red")
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
