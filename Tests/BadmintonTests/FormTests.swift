@testable import Badminton
import BadmintonRules
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
        fresh.press(.char("x"), .char("4"), .enter)
        #expect(fresh.state?.ending == .walkover(1))
    }
}

@Suite struct RememberedSetupTests {
    @Test func theFirstServerIsRemembered() {
        var h = Harness()
        h.press(.tab, .tab, .tab, .tab, .right)  // the first server
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

/// The setup dialog's optional officials: the event, the court, the umpire and the service
/// judge, for the scoresheet's head; kept in the match's start event and remembered in config.
@Suite struct SetupOfficialsTests {
    func text(_ c: Canvas) -> String { (0..<c.size.height).map { c.row(at: $0) }.joined(separator: "\n") }

    /// Tab from the first server to the officials, typing each (the court replaces its default).
    static func typeOfficials(_ h: inout Harness, event: String, court: String, umpire: String, judge: String,
                              matchNumber: String = "", round: String = "") {
        h.press(.tab, .tab, .tab, .tab, .tab)  // format → play → left → right → first server → match no.
        for value in [matchNumber, event, round, court, umpire, judge] {
            h.press(.ctrl("u"))
            for c in value { h.press(.char(c)) }
            h.press(.tab)
        }
    }

    var startSetup: (Harness) -> MatchSetup? = { h in
        if case .start(let s)? = h.journal.first?.action { return s }
        return nil
    }

    @Test func theOfficialsTypedGoIntoTheStartEvent() throws {
        var h = Harness()
        Self.typeOfficials(&h, event: "Club night", court: "3", umpire: "Ann Umpire", judge: "Bo Judge", matchNumber: "12", round: "R2")
        h.press(.enter)
        let setup = try #require(startSetup(h))
        #expect(setup.officials == MatchOfficials(event: "Club night", court: "3", umpire: "Ann Umpire", serviceJudge: "Bo Judge",
                                                  matchNumber: "12", round: "R2"))
        // The match's number and round are its own: the next match's dialog starts without them.
        h.press(.char("n"))
        if h.setupForm == nil { h.press(.char("y")) }
        #expect(h.setupForm.map { [$0.matchNumber.text, $0.round.text, $0.event.text] } == ["", "", "Club night"])
        // The start event's line carries them, and reads back the same.
        let line = try #require(h.store.files[BadmintonApp.journalFile])
        #expect(String(decoding: line, as: UTF8.self).contains("\"umpire\":\"Ann Umpire\""))
        #expect(h.app.pastMatches().isEmpty && h.state?.phase != nil)
    }

    @Test func theyAreOptionalAndAtMostFortyCharacters() throws {
        var h = Harness()
        h.press(.enter)
        #expect(try #require(startSetup(h)).officials.isEmpty, "nothing typed, nothing kept")
        var long = Harness()
        Self.typeOfficials(&long, event: String(repeating: "e", count: 50), court: "", umpire: "  ", judge: "J")
        long.press(.enter)
        let o = try #require(startSetup(long)).officials
        #expect(o.event == String(repeating: "e", count: 40) && o.court == nil && o.umpire == nil && o.serviceJudge == "J")
    }

    @Test func theLastOnesAreRememberedAndTheCourtComesFromTheCourtsName() throws {
        var h = Harness()
        Self.typeOfficials(&h, event: "League", court: "", umpire: "Ann", judge: "Bo")
        h.press(.enter)
        #expect(h.store.preferences["badminton.event"] == "League" && h.store.preferences["badminton.umpire"] == "Ann"
            && h.store.preferences["badminton.judge"] == "Bo")
        h.press(.char("n"))
        let form = try #require(h.setupForm)
        #expect([form.event.text, form.umpire.text, form.judge.text] == ["League", "Ann", "Bo"])
        // --new takes them as it takes the other remembered choices.
        let store = InMemoryStore()
        store.preferences = ["badminton.umpire": "Cat", "badminton.court": "Centre"]
        let cli = Harness(store: store, options: ["--new": ""])
        #expect(try #require(startSetup(cli)).officials == MatchOfficials(court: "Centre", umpire: "Cat"))
        // The court: the config's badminton.court, or the --court name (a store with no match yet).
        let fresh = InMemoryStore()
        fresh.preferences = store.preferences
        #expect(Harness(store: fresh).setupForm?.court.text == "Centre")
        #expect(Harness(store: fresh, options: ["--court": "7"]).setupForm?.court.text == "7")
    }

    @Test func theCourtTypedOnTheMainCourtIsItsNameFromThenOn() throws {
        var h = Harness()
        Self.typeOfficials(&h, event: "", court: "Court 2", umpire: "", judge: "")
        h.press(.enter)
        #expect(h.store.preferences["badminton.court"] == "Court 2")
        // A named court keeps its name: what is typed there is the match's only.
        let store = InMemoryStore()
        var named = Harness(store: store, options: ["--court": "5"])
        Self.typeOfficials(&named, event: "", court: "Show court", umpire: "", judge: "")
        named.press(.enter)
        #expect(store.preferences["badminton.court"] == nil)
        #expect(named.setupForm == nil)
    }

    @Test(arguments: [(78, 21), (40, 12)])
    func theDialogFitsAndTheFocusIsAlwaysOnScreen(_ width: Int, _ height: Int) {
        // 80x24 less the frame, and the smallest area the app takes (its minimumSize).
        var h = Harness()
        var seen: Set<String> = []
        for _ in 0..<SetupForm.Field.allCases.count {
            let screen = text(h.board(width: width, height: height))
            let pointer = screen.split(separator: "\n").first { $0.contains("▸ ") }
            #expect(pointer != nil, "the focused field is on screen at \(width)x\(height):\n\(screen)")
            if let p = pointer { seen.insert(String(p)) }
            h.press(.tab)
        }
        #expect(seen.count == SetupForm.Field.allCases.count)
        if width == 78 {
            let screen = text(h.board(width: width, height: height))
            for label in ["Format", "Play", "Left side", "Right side", "First server", "Event", "Court", "Umpire", "Service judge"] {
                #expect(screen.contains(label), "\(label) at 80x24:\n\(screen)")
            }
        }
    }

    @Test func upAndDownGoRoundTheFieldsAndTheHintsNameTheKeys() {
        var h = Harness()
        h.press(.up)  // from the format, back round to the last field
        #expect(h.setupForm?.focus == .judge)
        #expect(h.hints.contains { $0.key == "Ctrl-U" } && h.hints.contains { $0.label == "Start" })
        let screen = text(h.board())
        #expect(screen.contains("Optional"), "the hint says the officials are optional:\n\(screen)")
        h.press(.down)
        #expect(h.setupForm?.focus == .format)
    }
}
