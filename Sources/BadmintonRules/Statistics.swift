/// How a match went, in figures: per game and for the match, each side's points won on its own
/// serve and on the opponent's, the longest run of points, the biggest lead, the cards; each
/// game's duration, its time in play and rallies per minute; the momentum (the score difference
/// after every point). Pure: a function of the match's effective events (through
/// `MatchTimeline`), so undo and redo leave no trace and a correction counts as what it set.
///
/// What counts: a *rally* is a point played for (a point key); a point given for a fault for
/// misconduct is a point but no rally, won neither on serve nor on receive. A run is the points
/// one side scored in a row in a game; a correction of the score ends every run (the order of
/// the points it put right is not known). The lead is taken after every point and correction.
public struct MatchStats: Equatable, Sendable {
    /// A player's serving in a game or the match.
    public struct Serving: Equatable, Sendable {
        public var player: MatchPlayer
        /// Rallies served.
        public var served = 0
        /// Rallies won on that serve.
        public var won = 0
    }

    /// One side's figures.
    public struct Side: Equatable, Sendable {
        /// Points scored (the score), corrections included.
        public var points = 0
        /// Rallies won while serving, and while the opponent served.
        public var wonOnServe = 0
        public var wonOnReceive = 0
        /// Points given to this side for the opponents' faults for misconduct.
        public var fromFaults = 0
        /// Rallies this side served.
        public var served = 0
        public var longestRun = 0
        public var biggestLead = 0
        /// Cards shown to this side's players: warnings, faults, disqualifications.
        public var warnings = 0
        public var faults = 0
        public var disqualifications = 0
        /// Each player's serving (one in singles, two in doubles).
        public var players: [Serving] = []

        public var ralliesWon: Int { wonOnServe + wonOnReceive }

        /// One more card of this kind.
        mutating func count(_ card: Misconduct) {
            switch card {
            case .warning: warnings += 1
            case .fault: faults += 1
            case .disqualification: disqualifications += 1
            }
        }
    }

    public struct Game: Equatable, Sendable {
        public var number: Int
        public var score: [Int]
        public var winner: Int?
        public var start: Double?
        public var end: Double?
        /// Seconds from the call of play to the end (or the last event); nil before play.
        public var duration: Double?
        /// The duration without the mid-game interval and the stops.
        public var playingSeconds: Double?
        public var rallies = 0
        public var shuttles = 0
        public var sides: [Side]
        /// The score difference (side 0 minus side 1) after every point and correction.
        public var momentum: [Int] = []
        public var ralliesPerMinute: Double? { MatchStats.perMinute(rallies, playingSeconds) }
    }

    public var games: [Game]
    /// The match: points, rallies and serving summed; runs and leads the longest and biggest
    /// of any game; the duration from the first call of play to the end (the breaks between
    /// games included); the time in play the games' sum.
    public var match: Game

    public init(_ log: MatchLog) {
        self.init(MatchTimeline(log), state: log.state)
    }

    public init(_ timeline: MatchTimeline, state: MatchState) {
        let perTeam = state.discipline.playersPerTeam
        // A game counts once play was called in it, or a point was given in it.
        games = timeline.games.filter { $0.start != nil || !$0.points.isEmpty }.map { g in
            MatchStats.figures(of: g, cards: state.cards.filter { $0.game == g.number }, sides: MatchStats.sides(perTeam))
        }
        match = MatchStats.sum(games, timeline: timeline, state: state, sides: MatchStats.sides(perTeam))
    }

    /// Both sides with nothing counted yet, `perTeam` players each.
    static func sides(_ perTeam: Int) -> [Side] {
        (0..<2).map { t in Side(players: (0..<perTeam).map { Serving(player: MatchPlayer(team: t, player: $0)) }) }
    }

    /// One game's figures, from its moments and the cards given in it.
    static func figures(of g: MatchTimeline.Game, cards: [CardRecord], sides: [Side]) -> Game {
        let perTeam = sides[0].players.count
        var out = Game(number: g.number, score: g.score, winner: g.winner, start: g.start, end: g.end, duration: g.duration,
                       playingSeconds: g.playingSeconds, shuttles: g.shuttles, sides: sides)
        var run = (team: -1, length: 0)
        func lead(_ score: [Int]) {
            for t in 0..<2 { out.sides[t].biggestLead = max(out.sides[t].biggestLead, score[t] - score[1 - t]) }
            out.momentum.append(score[0] - score[1])
        }
        for m in g.moments {
            switch m {
            case .point(let p):
                if let s = p.server, p.isRally {
                    out.rallies += 1
                    out.sides[s.team].served += 1
                    if s.player < perTeam { out.sides[s.team].players[s.player].served += 1 }
                    if s.team == p.team {
                        out.sides[p.team].wonOnServe += 1
                        if s.player < perTeam { out.sides[s.team].players[s.player].won += 1 }
                    } else {
                        out.sides[p.team].wonOnReceive += 1
                    }
                } else {
                    out.sides[p.team].fromFaults += 1
                }
                run = run.team == p.team ? (p.team, run.length + 1) : (p.team, 1)
                out.sides[p.team].longestRun = max(out.sides[p.team].longestRun, run.length)
                lead(p.score)
            case .correction(let c):
                run = (-1, 0)
                if c.kind == .score { lead(c.score) }
            default:
                break
            }
        }
        for t in 0..<2 { out.sides[t].points = g.score[t] }
        for c in cards { out.sides[c.team].count(c.card) }
        return out
    }

    /// The match: the games summed, with every card of the match (those before play and after
    /// its end included) and its shuttles.
    static func sum(_ games: [Game], timeline: MatchTimeline, state: MatchState, sides: [Side]) -> Game {
        var m = Game(number: 0, score: [0, 0], winner: state.winner, start: timeline.start, end: timeline.end,
                     duration: timeline.start.map { max(0, (timeline.end ?? timeline.lastTime) - $0) }, sides: sides)
        let played = games.compactMap(\.playingSeconds)
        m.playingSeconds = played.isEmpty ? nil : played.reduce(0, +)
        for g in games {
            m.rallies += g.rallies
            m.shuttles += g.shuttles
            m.momentum += g.momentum
            for t in 0..<2 {
                let s = g.sides[t]
                m.sides[t].points += s.points
                m.sides[t].wonOnServe += s.wonOnServe
                m.sides[t].wonOnReceive += s.wonOnReceive
                m.sides[t].fromFaults += s.fromFaults
                m.sides[t].served += s.served
                m.sides[t].longestRun = max(m.sides[t].longestRun, s.longestRun)
                m.sides[t].biggestLead = max(m.sides[t].biggestLead, s.biggestLead)
                for p in s.players.indices {
                    m.sides[t].players[p].served += s.players[p].served
                    m.sides[t].players[p].won += s.players[p].won
                }
            }
        }
        for c in state.cards { m.sides[c.team].count(c.card) }
        // Shuttles counted before a game was played (a walkover) are the match's still.
        m.shuttles = max(m.shuttles, state.shuttles)
        m.score = state.gamesWon
        return m
    }

    static func perMinute(_ count: Int, _ seconds: Double?) -> Double? {
        guard let seconds, seconds > 0 else { return nil }
        return Double(count) * 60 / seconds
    }
}
