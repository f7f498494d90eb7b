@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The first server of game 1 changes (by the app, remembered) until the first rally.
@Suite struct FirstServerTests {
    // MARK: The first server of game 1 can change until the first rally

    @Test func theFirstServerChangesUntilTheFirstRally() {
        var h = Harness(options: ["--new": ""])
        #expect(h.state?.server == 0)
        let effects = h.app.changeFirstServer(at: h.now + 1)
        perform(effects, on: h.store)
        #expect(h.state?.server == 1, "Blue serves first now")
        #expect(h.journal.last?.action == .firstServer(team: 1), "a journal event, undoable")
        #expect(effects.contains(.setPreference(key: "badminton.server", value: "right")), "remembered for the next match")
        h.press(.char("u"))
        #expect(h.state?.server == 0)
        h.press(.right)  // the first rally
        let refused = h.app.changeFirstServer(at: h.now + 1)
        #expect(refused.allSatisfy { $0 == .bell }, "after the first rally only a correction changes the server")
        #expect(h.state?.score == [0, 1] && h.state?.server == 1)
    }

    @Test func theFirstServingPairChangesUntilTheFirstRally() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.char("2"), .char("4"), .enter)  // Bob serves to Dan
        perform(h.app.changeFirstServer(at: h.now + 1), on: h.store)
        #expect(h.state?.server == 1 && h.state?.phase == .choosingService, "the other pair serves; who of them is asked again")
        h.press(.char("1"), .char("3"), .enter)
        #expect(h.state?.serverName() == "Cat" && h.state?.receiverName() == "Ann")
    }
}
