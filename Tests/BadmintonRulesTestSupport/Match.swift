import BadmintonRules

/// Test support for the Badminton rules (and the app's tests): builds matches event by event,
/// one second apart. Depends on the rules alone.
public final class Match {
    public var log: MatchLog
    public var time: Double

    public init(_ format: String = "3x21", doubles: Bool = false, firstServer: Int = 0, names: [String]? = nil, at t: Double = 1_000_000) {
        let f = (try? MatchFormat.parse(format).get()) ?? .standard
        let d: Discipline = doubles ? .doubles : .singles
        let teams = names.map { n in n.compactMap { TeamInfo.parse($0, discipline: d) } }
        log = MatchLog(setup: MatchSetup(format: f, discipline: d, teams: teams, firstServer: firstServer), at: t)
        time = t
    }

    public var state: MatchState { log.state }

    @discardableResult
    public func take(_ a: MatchEvent.Action) -> Bool {
        time += 1
        return log.take(MatchEvent(a, at: time))
    }

    /// Points to teams by a string of digits: "0010" = team 0, 0, 1, 0.
    public func points(_ s: String) {
        for c in s { take(.point(team: c == "0" ? 0 : 1)) }
    }
    public func points(_ team: Int, _ n: Int) {
        for _ in 0..<n { take(.point(team: team)) }
    }
    /// Brings the score of the current game to a-b without either side winning first
    /// (alternating, then the rest).
    public func score(_ a: Int, _ b: Int) {
        var x = state.score[0], y = state.score[1]
        while x < a || y < b {
            if x < a && (x <= y || y >= b) {
                take(.point(team: 0)); x += 1
            } else {
                take(.point(team: 1)); y += 1
            }
        }
    }
    public func undo() { take(.undo) }
    public func redo() { take(.redo) }
}
