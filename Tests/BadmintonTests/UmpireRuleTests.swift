@testable import Badminton
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The three rule defects of issue 13, each pinned by a test written before its fix.
@Suite struct UmpireRuleTests {
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

    // MARK: 5x11: the breaks of BWF's 2016 experimental rules

    /// Plays `m` to game 5 of 5x11, two games all.
    func toTheFinalGame(_ m: Match) {
        for g in 0..<4 {
            if g % 2 == 0 { m.score(11, 0) } else { m.score(0, 11) }
            #expect(m.state.interval?.kind == .betweenGames)
            #expect(m.state.interval?.duration == 60, "60 seconds between games in 5x11")
            m.take(.nextGame)
        }
        #expect(m.state.gameNumber == 5)
    }

    @Test func fiveByElevenHasNoMidGameIntervalBeforeTheFinalGame() {
        let m = Match("5x11")
        m.score(6, 2)
        #expect(m.state.interval == nil, "no interval at 6 in game 1 of 5x11")
        m.score(11, 2)
        #expect(m.state.interval?.kind == .betweenGames && m.state.interval?.duration == 60)
        m.take(.nextGame)
        m.take(.endInterval)
        m.score(3, 6)
        #expect(m.state.interval == nil, "nor in game 2")
    }

    @Test func fiveByElevenHasItsIntervalAndChangeOfEndsAtSixInGameFive() {
        let m = Match("5x11")
        toTheFinalGame(m)
        m.take(.endInterval)
        let left = m.state.left
        m.score(5, 3)
        #expect(m.state.interval == nil)
        m.points("0")
        #expect(m.state.interval?.kind == .midGame && m.state.interval?.duration == 60)
        #expect(m.state.left == 1 - left && m.state.endsChangedInGame)
    }

    @Test func otherFormatsKeepLaw16Breaks() {
        for f in ["3x21", "3x15", "1x21", "3x11"] {
            let m = Match(f)
            let half = (m.state.format.points + 1) / 2
            m.score(half, 0)
            #expect(m.state.interval?.kind == .midGame && m.state.interval?.duration == 60, "\(f)")
            if m.state.format.games > 1 {
                m.score(m.state.format.points, 0)
                #expect(m.state.interval?.kind == .betweenGames && m.state.interval?.duration == 120, "\(f)")
            }
        }
    }

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
