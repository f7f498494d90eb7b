@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

extension AppHarness where App == BadmintonApp {
    var cardDialog: CardDialog? { app.modals.top(CardDialog.self) }
    var correction: CorrectionForm? { app.modals.top(CorrectionForm.self) }
    var hintText: String { hints.map { "\($0.key) \($0.label)" }.joined(separator: "  ") }
}

/// The umpire's keys through the key table, the way the shell delivers them.
@Suite struct UmpireKeyTests {
    static let pairs = ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"]

    /// The umpire's keys take nothing from the scoreboard's or the shell's.
    @Test func theUmpireKeysCollideWithNothing() {
        let h = Harness(options: ["--new": ""])
        let others = h.app.keys.sections.filter { $0.title != "The umpire" }.flatMap(\.bindings).filter { $0.help != nil || $0.hint != nil }
        var taken = Set<Key>()
        for b in others { if case .these(let list) = b.keys { taken.formUnion(list) } }
        let shell = Set<Key>([.char("?"), .char("q"), .escape, .ctrl("l")] + KeyNames.functionKeys(1...7))
        for k in BadmintonApp.umpireKeys {
            #expect(!taken.contains(k) && !shell.contains(k), "\(k) is taken")
        }
        // Every umpire key is bound on the scoreboard, once in the help.
        let umpire = h.app.keys.sections.first { $0.title == "The umpire" }?.bindings ?? []
        for k in BadmintonApp.umpireKeys { #expect(umpire.contains { $0.matches(k) }, "\(k)") }
    }

    @Test func theHintBarNamesTheUmpiresKeys() {
        var h = Harness(options: ["--new": ""])
        // Before the first rally: the toss and the warm-up; no undo yet.
        #expect(h.hintText.contains("c Card") && h.hintText.contains("v Speak") && h.hintText.contains("t Toss") && h.hintText.contains("w Warm-up"),
                "\(h.hintText)")
        #expect(!h.hintText.contains("Undo") && !h.hintText.contains("Fix"))
        h.point(0)
        // What a player needs first (issue 25): scoring, then swap, new and history; the
        // umpire's tools after them; redo only when there is something to redo.
        #expect(h.hintText.hasPrefix("←→ Point  u Undo  s Swap  n New  h History  c Card  f Fix  v Speak"), "\(h.hintText)")
        #expect(!h.hintText.contains("Redo"))
        #expect(!h.hintText.contains("Toss") && h.hintText.contains("i Injury") && h.hintText.contains("+ Shuttle"))
        h.press(.char("v"))
        #expect(h.hintText.contains("v Mute"))
        // The help lists each dialog's keys.
        let titles = h.help.map(\.title)
        for t in ["The umpire", "Card (c)", "Correction (f)", "Stop play (i)"] { #expect(titles.contains(t), "\(titles)") }
    }

    // MARK: Cards

    @Test func theCardDialogInSingles() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.point(0, times: 2)
        h.point(1)
        h.press(.char("c"))
        #expect(h.cardDialog != nil && h.hints.map(\.key) == ["1/2", "w/f/d", "Enter", "Esc"], "\(h.hints)")
        // Enter before the choices: a bell, the dialog stays and says why.
        let bells = h.bells
        h.press(.enter)
        #expect(h.bells == bells + 1 && h.cardDialog?.problem == "Choose the player: 1 or 2.")
        h.press(.char("2"), .enter)
        #expect(h.cardDialog?.problem == "Choose the card: w, f or d.")
        h.press(.char("f"))
        #expect(h.board().text.contains("Fault: Ann scores, 3-1."), "\(h.board().text)")
        h.press(.enter)
        #expect(h.cardDialog == nil && h.state?.score == [3, 1] && h.state?.server == 0)
        #expect(h.journal.last?.action == .card(team: 1, player: 0, card: .fault))
        // Esc records nothing.
        h.press(.char("c"), .char("1"), .char("d"), .escape)
        #expect(h.state?.isOver == false && h.state?.cards.count == 1)
        // After a change of ends 1 is still the left side's player: now Bob.
        h.press(.char("s"), .char("y"), .char("c"), .char("1"), .char("w"), .enter)
        #expect(h.state?.cards.last.map { [$0.team, $0.player] } == [1, 0])
        h.press(.char("c"), .char("1"), .char("d"), .enter)
        #expect(h.state?.ending == .disqualified(1) && h.state?.winner == 0)
        h.press(.char("u"))
        #expect(h.state?.isOver == false, "undo takes the card back as any event")
    }

    @Test func theCardDialogInDoublesNumbersThePlayersAsOnScreen() {
        var h = Harness(options: UmpireKeyTests.pairs)
        h.press(.enter)
        // A warning to each side's first player, a fault to the second (Law 16.7: a side is warned once).
        for (digit, card, who) in [("1", "w", [0, 0]), ("2", "f", [0, 1]), ("3", "w", [1, 0]), ("4", "f", [1, 1])] {
            h.press(.char("c"), .char(Character(digit)), .char(Character(card)), .enter)
            #expect(h.state?.cards.last.map { [$0.team, $0.player] } == who, "\(digit)")
        }
        #expect(h.state?.cards.count == 4)
        h.press(.char("s"))
        h.press(.char("c"), .char("1"), .char("f"), .enter)
        #expect(h.state?.cards.last.map { [$0.team, $0.player] } == [1, 0], "Cat/Dan on the left now")
    }

    // MARK: Corrections

    @Test func correctionModeInSinglesChangesTheServerAndTheScore() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.point(0, times: 3)
        h.press(.char("f"))
        #expect(h.correction != nil)
        #expect(h.board().text.contains("Now    Ann serves from the left court, 3-0"), "\(h.board().text)")
        h.press(.char("2"))
        #expect(h.board().text.contains("After  Bob serves from the right court, 0-3"), "\(h.board().text)")
        h.press(.down, .down, .char("1"), .char("2"))
        #expect(h.board().text.contains("After  Bob serves from the right court, 12-3"), "\(h.board().text)")
        h.press(.backspace)
        #expect(h.board().text.contains("After  Bob serves from the left court, 1-3"), "\(h.board().text)")
        h.press(.enter)
        #expect(h.correction == nil && h.state?.score == [3, 1] && h.state?.server == 1)
        #expect(h.journal.suffix(2).map(\.action) == [.correctScore([3, 1]), .correctService(team: 1, server: 0, receiver: 0)])
        #expect(h.board().lines[20].contains("Corrected: the score (3-1), the server (Bob); u undoes each."), "\(h.board().lines[20])")
        h.press(.char("u"))
        #expect(h.state?.server == 0 && h.state?.score == [3, 1], "one at a time")
        // Esc leaves the match as it was; Enter with nothing changed records nothing.
        let n = h.journal.count
        h.press(.char("f"), .char("2"), .escape)
        h.press(.char("f"), .enter)
        #expect(h.journal.count == n)
    }

    @Test func correctionModeRefusesAScoreThatEndsTheGame() {
        var h = Harness(options: ["--new": ""])
        h.point(0, times: 3)
        h.press(.char("f"), .down)
        let bells = h.bells
        h.press(.char("2"), .char("1"))
        // Said while typing (the other side's score may follow), refused at Enter.
        #expect(h.bells == bells)
        #expect(h.board().text.contains("21-0 would end the game"), "\(h.board().text)")
        h.press(.enter)
        #expect(h.bells == bells + 1)
        #expect(h.correction != nil, "Enter refuses while the typed score is wrong")
        h.press(.backspace, .enter)
        #expect(h.state?.score == [2, 0])
        // Outside a game the key says why.
        h.point(0, times: 19)
        h.press(.char("f"))
        #expect(h.correction == nil && h.board().lines[20].contains("Only during a game."), "\(h.board().lines[20])")
    }

    /// In doubles, each kind: the server, the receiver, each pair's courts, each score; and
    /// whatever the keys, the events recorded give exactly the draft on screen.
    @Test func correctionEventsGiveExactlyTheDraft() {
        var rng = Fuzz.random("UmpireKeyTests.corrections")
        let keys: [Key] = [.up, .down, .left, .right, .char(" "), .char("1"), .char("2"), .char("3"), .char("4"), .char("0"), .char("7"), .backspace, .tab]
        var kinds = Set<String>()
        for _ in 0..<Fuzz.count(200) {
            var h = Harness(options: UmpireKeyTests.pairs)
            h.press(.enter)
            for _ in 0..<rng.int(0...12) { h.point(rng.int(0...1)) }
            guard h.state?.phase == .playing else { continue }
            h.press(.char("f"))
            for _ in 0..<rng.int(1...10) { h.press(keys[rng.int(0...keys.count - 1)]) }
            guard let form = h.correction else { continue }
            let draft = form.draft
            let before = h.journal.count
            h.press(.enter)
            if h.correction != nil { continue }  // a typed score that would end the game
            guard let s = h.state else { continue }
            #expect(s.score == draft.score && s.server == draft.server && s.serverPlayer == draft.serverPlayer && s.rightCourt == draft.rightCourt)
            for e in h.journal.dropFirst(before) { kinds.insert(e.name) }
        }
        #expect(kinds == ["correct-score", "correct-service", "correct-courts"], "\(kinds)")
    }

    // MARK: The toss, the warm-up, stops, shuttles, speech

    @Test func theTossUntilTheFirstRally() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.press(.char("t"))
        #expect(h.state?.server == 1 && h.store.preferences["badminton.server"] == "right")
        h.point(1)
        h.press(.char("t"))
        #expect(h.state?.server == 1 && h.board().lines[20].contains("before the first rally"), "\(h.board().lines[20])")
    }

    @Test func warmUpStopsAndShuttlesAreJournalEvents() {
        var h = Harness(options: ["--new": ""])
        h.press(.char("w"))
        #expect(h.state?.timer(at: h.now)?.kind == .warmUp)
        h.press(.char("+"))
        h.point(0)
        #expect(h.state?.warmUpStart == nil && h.state?.shuttles == 1)
        h.press(.char("i"), .char("1"))
        #expect(h.state?.runningStoppage.map { [$0.team, $0.player] } == [0, 0])
        // While play is stopped, i resumes (not another stop).
        h.press(.char("i"))
        #expect(h.state?.runningStoppage == nil && h.state?.stoppages.count == 1)
        h.press(.char("i"), .enter)
        #expect(h.state?.runningStoppage.map { $0.team == nil && $0.kind == .injury } == true)
        h.press(.enter)
        #expect(h.state?.runningStoppage == nil)
        #expect(Array(h.journal.map(\.name).dropFirst()) == ["warm-up", "shuttle", "point", "stop", "resume", "stop", "resume"])
    }

    @Test func theVoiceKeySpeaksTheCallOfTheMomentThenEachNewOne() {
        var h = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        h.press(.char("v"))
        #expect(h.store.preferences["badminton.speak"] == "yes")
        #expect(h.spoken == ["Ladies and gentlemen, on my right, Bob, and on my left, Ann; Ann to serve; love all; play"])
        h.point(0)
        h.press(.char("s"), .char("y"), .char("+"))
        _ = h.board()
        h.tick()
        #expect(h.spoken.suffix(1) == ["1-love"] && h.spoken.count == 2, "\(h.spoken)")
        h.press(.char("c"), .char("2"), .char("w"), .enter)
        #expect(h.spoken.last == "Ann, warning for misconduct; 1-love", "\(h.spoken)")
        h.press(.char("v"))
        h.point(0)
        #expect(h.spoken.count == 3 && h.store.preferences["badminton.speak"] == "no")
    }
}
