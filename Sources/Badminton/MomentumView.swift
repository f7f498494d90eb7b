import BadmintonRules
import TerminiWidgets

extension MatchStats {
    /// The momentum of the match as a chart: the first side's leads above the axis, the
    /// second's below, a game after the other (for the history's statistics view).
    public func momentumChart(teams: [TeamInfo]) -> MomentumChart {
        MomentumChart(games: games.map(\.momentum), up: teams.first?.name ?? "", down: teams.last?.name ?? "")
    }
}
