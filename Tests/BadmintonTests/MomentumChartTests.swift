@testable import Badminton
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The momentum of a match drawn as the history's statistics view shows it.
@Suite struct MomentumOfAMatchTests {
    /// Lin leads 1 2 1 0 1 0 1 2 in game 1; game 2 opens with Lee's fault point and a rally: -1 -2.
    @Test func theChartOfAMatch() {
        let m = Match(names: ["Lin", "Lee"])
        m.points("00110100")
        m.score(21, 3)
        m.take(.card(team: 0, player: 0, card: .fault))
        m.take(.nextGame)
        m.points("1")
        let stats = MatchStats(m.log)
        let chart = stats.momentumChart(teams: m.state.teams)
        #expect(chart.games.map(\.count) == [24, 2] && chart.games[1] == [-1, -2] && chart.up == "Lin" && chart.down == "Lee")
        #expect(chart.scale == 18)
        let lines = render(chart, width: 40, height: 5).lines
        #expect(lines[0].hasPrefix("Lin +18 ") && lines[4].hasPrefix("Lee +18 ") && lines[2].contains("┼"))
    }
}
