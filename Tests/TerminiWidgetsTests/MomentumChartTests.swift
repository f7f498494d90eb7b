import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets

/// The lead point by point in blocks: golden text at two sizes, in Unicode and in ASCII.
@Suite struct MomentumChartTests {
    /// Lead 1 2 1 0, behind 1 2 1, level, ahead 1 2 3: scale 3, two rows a side, four half
    /// rows: a lead of 1 is one half, 2 three halves, 3 two rows.
    @Test func oneGameEleventhBy5() {
        let chart = MomentumChart(games: [[1, 2, 1, 0, -1, -2, -1, 0, 1, 2, 3]])
        #expect(render(chart, width: 11, height: 5).lines == [
            " ▄       ▄█",
            "▄█▄     ▄██",
            "───────────",
            "    ▀█▀",
            "     ▀",
        ])
        #expect(render(chart, width: 11, height: 5, glyphs: .ascii).lines == [
            " _       _#",
            "_#_     _##",
            "-----------",
            "    \"#\"",
            "     \"",
        ])
    }

    /// Two games beyond a rule, the names in a gutter with the lead the height stands for (4):
    /// three rows a side, six halves: 1 is two halves, 2 three, 3 five, 4 six.
    @Test func twoGamesWithLabels40By7() {
        let chart = MomentumChart(games: [[1, 2, 3, 2, 3, 4], [-1, -2, -1, -2, -3, -4, -3, -2]], up: "Lin", down: "Lee")
        #expect(render(chart, width: 40, height: 7).lines == [
            "Lin +4   ▄ ▄█│",
            "        ▄█▄██│",
            "       ██████│",
            "       ──────┼────────",
            "             │████████",
            "             │ ▀ ▀███▀",
            "Lee +4       │    ▀█▀",
        ])
        #expect(render(chart, width: 40, height: 7, glyphs: .ascii).lines == [
            "Lin +4   _ _#|",
            "        _#_##|",
            "       ######|",
            "       ------+--------",
            "             |########",
            "             | \" \"###\"",
            "Lee +4       |    \"#\"",
        ])
    }

    @Test func squeezedEachColumnShowsTheLeadAfterItsLastPoint() {
        let chart = MomentumChart(games: [[1, 2, 3, 4, 5, 6], [-1, -2, -3]])
        #expect(chart.columns(width: 6) == [2, 4, 6, nil, -2, -3])
        #expect(chart.columns(width: 5) == [3, 6, nil, -3])
        #expect(chart.columns(width: 4) == [3, 6, nil, -3])
        #expect(chart.columns(width: 100).count == 10)
        // Narrower than a column a game and the rules: the last games only.
        #expect(MomentumChart(games: [[1], [2], [3], [4]]).columns(width: 4) == [3, nil, 4])
        #expect(MomentumChart(games: [[1], [2]]).columns(width: 1) == [2])
        #expect(MomentumChart(games: []).columns(width: 10).isEmpty && MomentumChart(games: [[]]).scale == 1)
    }

    /// A lead won and lost rally by rally (+1, level, +1, level …) squeezed two points to a
    /// column still shows: a column stands for the biggest lead among its points, and a game's
    /// last column for its final difference.
    @Test func squeezedAColumnKeepsTheLeadWithinIt() {
        let seesaw = (0..<70).map { $0 % 2 == 0 ? 1 : 0 }
        let cols = MomentumChart(games: [seesaw]).columns(width: 35)
        #expect(cols.count == 35)
        #expect(cols.dropLast().allSatisfy { $0 == 1 }, "\(cols)")
        #expect(cols.last == 0, "the game's final difference")
        #expect(MomentumChart(games: [[1, -3, 2, 0]]).columns(width: 2) == [-3, 0])
    }

    @Test func oneRowShowsWhoLeads() {
        let chart = MomentumChart(games: [[1, 0, -1], [2]])
        #expect(render(chart, width: 10, height: 1).lines == ["▀─▄│▀"])
        #expect(render(chart, width: 10, height: 1, glyphs: .ascii).lines == ["\"-_|\""])
        // Nothing to draw in no room, and no crash.
        #expect(render(chart, width: 0, height: 0).lines == [])
        #expect(render(MomentumChart(games: [[3]], up: "A very long name", down: "B"), width: 6, height: 3).lines.count == 3)
        // A long name is cut, the scale kept.
        let long = render(MomentumChart(games: [[1, 2, 3]], up: "Ann Able/Bob Baker", down: "Cat"), width: 30, height: 3).lines
        #expect(long[0] == "Ann A… +3 ▄▄█" && long[2] == "Cat +3", "\(long)")
    }
}
