@testable import Badminton
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
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

    /// Found by the fuzz suite: two regional indicators typed one after the other join into
    /// one flag, and a CR before an LF into one character; the cursor counted two and the
    /// next key indexed past the end of the text.
    @Test func charactersThatJoinKeepTheCursorInsideTheText() {
        for pair: [Character] in [["\u{1F1EF}", "\u{1F1F5}"], ["\r", "\n"], ["\u{1100}", "\u{1161}"]] {
            var e = TextEntry(text: "", selected: false)
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

/// Every dialog answers the keys the other apps' dialogs answer, and names them in the bar.
@Suite struct DialogConventionTests {
    @Test func newMatchConfirmationTakesYAndN() {
        var h = Harness(options: ["--new": ""])
        h.press(.left, .char("n"))
        #expect(h.app.hints.map(\.key) == ["y", "n", "Esc"])
        h.press(.char("n"))
        #expect(h.app.overlay == nil && h.state?.score == [1, 0], "n keeps playing")
        h.press(.char("n"), .char("y"))
        guard case .setup? = h.app.overlay else {
            Issue.record("y did not lead to the setup dialog: \(String(describing: h.app.overlay))")
            return
        }
        h.press(.escape)
        h.press(.char("n"), .escape)
        #expect(h.app.overlay == nil && h.state?.score == [1, 0])
    }

    /// The shell shows `app.hints` alone while a dialog has every key: never empty, always Esc.
    @Test func everyDialogNamesItsKeys() {
        var h = Harness(options: ["--new": "", "--doubles": ""])
        h.press(.enter, .left)
        let opened: [(Key, String)] = [(.char("e"), "Names"), (.char("h"), "History"), (.char("x"), "End"), (.char("n"), "New match?")]
        for (key, what) in opened {
            h.press(key)
            #expect(h.app.wantsAllKeys, "\(what) is open")
            let keys = h.app.hints.map(\.key)
            #expect(keys.contains("Esc") && keys.count >= 2, "\(what): \(keys)")
            h.press(.escape)
            #expect(h.app.overlay == nil, "Esc closes \(what)")
        }
        h.press(.char("n"), .char("y"))
        var seen: Set<String> = []
        for _ in 0..<5 {
            let hints = h.app.hints
            #expect(hints.first?.key == "Tab" && hints.contains { $0.key == "Enter" } && hints.last?.key == "Esc")
            seen.formUnion(hints.map(\.key))
            h.press(.tab)
        }
        #expect(seen.isSuperset(of: ["←→", "Ctrl-U"]), "\(seen)")
        let ascii = Harness(unicode: false)
        #expect(ascii.app.hints.allSatisfy { $0.key.allSatisfy(\.isASCII) } && !ascii.app.hints.isEmpty)
    }

    @Test func aWalkoverMidMatchSaysWhyNot() {
        var h = Harness(options: ["--new": ""])
        h.press(.left, .char("x"))
        let effects = h.press(.char("3"))
        #expect(effects == [.bell])
        guard case .endMenu(let menu)? = h.app.overlay else {
            Issue.record("the menu closed")
            return
        }
        #expect(menu.refusal == EndMenu.walkoverRule)
        #expect(h.screen().text.contains("only before the first rally"))
        h.press(.down)
        if case .endMenu(let m)? = h.app.overlay { #expect(m.refusal == nil, "the reason goes with the next key") }
        h.press(.enter)
        #expect(h.app.overlay != nil && h.state?.isOver == false)
        // Before the first rally, it is taken.
        var fresh = Harness(options: ["--new": ""])
        fresh.press(.char("x"), .char("4"))
        #expect(fresh.state?.ending == .walkover(1))
    }
}

@Suite struct RememberedSetupTests {
    @Test func theFirstServerIsRemembered() {
        var h = Harness()
        h.press(.backTab, .right)  // the last field: the first server
        h.press(.enter)
        #expect(h.state?.server == 1)
        #expect(h.store.preferences["badminton.server"] == "right")
        h.press(.char("n"))
        guard case .setup(let form)? = h.app.overlay else {
            Issue.record("no setup dialog")
            return
        }
        #expect(form.firstServer == 1, "the next setup starts from it")
        // A new start reads it from config, for the dialog and for --new.
        let store = InMemoryStore()
        store.preferences = ["badminton.server": "right"]
        let fresh = Harness(store: store)
        if case .setup(let f)? = fresh.app.overlay { #expect(f.firstServer == 1) } else { Issue.record("no setup dialog") }
        let cli = Harness(store: store, options: ["--new": ""])
        #expect(cli.state?.server == 1)
        // Anything else in config means the left side.
        store.preferences = ["badminton.server": "middle"]
        #expect(Harness(store: store, options: ["--new": ""]).state?.server == 0)
    }
}
