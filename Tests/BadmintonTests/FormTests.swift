@testable import Badminton
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing


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
        #expect(h.hints.map(\.key) == ["y", "n", "Enter", "Esc"])
        h.press(.char("n"))
        #expect(h.app.modals.isEmpty && h.state?.score == [1, 0], "n keeps playing")
        h.press(.char("n"), .char("y"))
        guard h.setupForm != nil else {
            Issue.record("y did not lead to the setup dialog: \(String(describing: h.app.modals.top))")
            return
        }
        h.press(.escape)
        h.press(.char("n"), .escape)
        #expect(h.app.modals.isEmpty && h.state?.score == [1, 0])
    }

    /// The shell shows `app.hints` alone while a dialog has every key: never empty, always Esc.
    @Test func everyDialogNamesItsKeys() {
        var h = Harness(options: ["--new": "", "--doubles": ""])
        h.press(.enter, .left)
        let opened: [(Key, String)] = [(.char("e"), "Names"), (.char("h"), "History"), (.char("x"), "End"), (.char("n"), "New match?")]
        for (key, what) in opened {
            h.press(key)
            #expect(h.app.wantsAllKeys, "\(what) is open")
            let keys = h.hints.map(\.key)
            // Every dialog's bar says how to leave it: Esc, or "any other key" for a list.
            #expect((keys.contains("Esc") || keys.contains("any other key")) && keys.count >= 2, "\(what): \(keys)")
            h.press(.escape)
            #expect(h.app.modals.isEmpty, "Esc closes \(what)")
        }
        h.press(.char("n"), .char("y"))
        var seen: Set<String> = []
        for _ in 0..<5 {
            let hints = h.hints
            #expect(hints.first?.key == "Tab" && hints.contains { $0.key == "Enter" } && hints.last?.key == "Esc")
            seen.formUnion(hints.map(\.key))
            h.press(.tab)
        }
        #expect(seen.isSuperset(of: ["←→", "Ctrl-U"]), "\(seen)")
        let ascii = Harness(unicode: false)
        #expect(ascii.hints.allSatisfy { $0.key.allSatisfy(\.isASCII) } && !ascii.hints.isEmpty)
    }

    @Test func aWalkoverMidMatchSaysWhyNot() {
        var h = Harness(options: ["--new": ""])
        h.press(.left, .char("x"))
        let effects = h.press(.char("3"))
        #expect(effects == [.bell])
        guard let menu = h.endMenu else {
            Issue.record("the menu closed")
            return
        }
        #expect(menu.refusal == EndMenu.walkoverRule)
        #expect(h.board().text.contains("only before the first rally"))
        h.press(.down)
        if let m = h.endMenu { #expect(m.refusal == nil, "the reason goes with the next key") }
        h.press(.enter)
        #expect(!h.app.modals.isEmpty && h.state?.isOver == false)
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
        guard let form = h.setupForm else {
            Issue.record("no setup dialog")
            return
        }
        #expect(form.firstServer == 1, "the next setup starts from it")
        // A new start reads it from config, for the dialog and for --new.
        let store = InMemoryStore()
        store.preferences = ["badminton.server": "right"]
        let fresh = Harness(store: store)
        if let f = fresh.setupForm { #expect(f.firstServer == 1) } else { Issue.record("no setup dialog") }
        let cli = Harness(store: store, options: ["--new": ""])
        #expect(cli.state?.server == 1)
        // Anything else in config means the left side.
        store.preferences = ["badminton.server": "middle"]
        #expect(Harness(store: store, options: ["--new": ""]).state?.server == 0)
    }
}
