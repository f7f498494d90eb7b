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

    @Test func theChoiceStartsAfreshInTheNextGame() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.char("2"), .char("4"), .enter)
        h.point(0, times: 21)
        h.press(.enter)  // game 2: Ann/Bob won and serve
        #expect(h.state?.phase == .choosingService && h.state?.gameNumber == 2)
        #expect(h.app.service == ServiceChoice(), "a new game asks again from the usual choice")
    }
}
