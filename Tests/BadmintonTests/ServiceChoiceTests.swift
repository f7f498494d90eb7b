@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// Doubles: the choice of server and receiver survives other events, and starts afresh each game.
@Suite struct ServiceChoiceTests {
    // MARK: Doubles: the choice of server and receiver survives other events

    @Test func aChangeOfEndsWhileChoosingKeepsTheChoice() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        #expect(h.state?.phase == .choosingService)
        h.press(.char("2"), .char("4"))  // Bob serves to Dan
        h.press(.char("s"))  // an event while the choice is open
        #expect(h.state?.left == 1)
        h.press(.enter)
        #expect(h.state?.phase == .playing)
        #expect(h.state?.serverName() == "Bob", "the server chosen before the change of ends")
        #expect(h.state?.receiverName() == "Dan", "the receiver chosen before the change of ends")
    }

    @Test func aNamesEditWhileChoosingKeepsTheChoice() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.char("2"), .char("4"))
        h.press(.char("e"))
        for c in "Ann/Ben" { h.press(.char(c)) }  // the selected name is replaced
        h.press(.enter)
        #expect(h.state?.teams[0].players == ["Ann", "Ben"])
        #expect(h.journal.last.map { if case .names = $0.action { return true } else { return false } } == true)
        h.press(.enter)
        #expect(h.state?.serverName() == "Ben" && h.state?.receiverName() == "Dan")
    }

    /// Issue 23, item 9: one numbering — the service choice numbers the players by where they
    /// are on screen, as the card, injury and correction dialogs do; with the serving side on
    /// the right, 3 4 pick its server and 1 2 the receiver.
    @Test func theDigitsNumberThePlayersAsOnScreen() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.enter)
        h.point(0, times: 21)
        h.press(.enter)  // game 2: Ann/Bob won, serve, and are on the right now
        #expect(h.state?.phase == .choosingService && h.state?.left == 1 && h.state?.server == 0)
        h.press(.char("4"), .char("2"))
        let text = h.board().text
        #expect(text.contains("Server    3 ○ Ann   4 ● Bob") && text.contains("Receiver  1 ○ Cat   2 ● Dan"), "\(text)")
        #expect(text.contains("1 2 the left pair, 3 4 the right, as in every dialog"), "\(text)")
        h.press(.enter)
        #expect(h.state?.serverName() == "Bob" && h.state?.receiverName() == "Dan")
        // The card dialog numbers them the same way.
        h.press(.char("c"), .char("4"), .char("w"), .enter)
        #expect(h.state?.cards.last.map { [$0.team, $0.player] } == [0, 1], "4 is Bob in both")
    }

    @Test func theChoiceStartsAfreshInTheNextGame() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.char("2"), .char("4"), .enter)
        h.point(0, times: 21)
        h.press(.enter)  // game 2: Ann/Bob won and serve
        #expect(h.state?.phase == .choosingService && h.state?.gameNumber == 2)
        #expect(h.app.service == ServiceChoice(), "a new game asks again from the usual choice")
    }
}
