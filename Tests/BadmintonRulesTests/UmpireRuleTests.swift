@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing

/// The three rule defects of issue 13, each pinned by a test written before its fix.
@Suite struct UmpireRuleTests {
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
}
