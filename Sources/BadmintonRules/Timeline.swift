/// A player of a match: the team (0: the side named first) and the player of that team (0 in
/// singles). The scoresheet gives each one a row.
public struct MatchPlayer: Hashable, Sendable, CustomStringConvertible {
    public var team: Int
    public var player: Int
    public var description: String { "\(team).\(player)" }
}

/// The match replayed game by game the way an official records it: when play was called in
/// each game, every point with who served it and who serves next, and the umpire's marks in
/// between (cards, intervals, changes of ends, stops, corrections, the end). The one walk over
/// a match's effective events that the statistics and the scoresheet both read, so the two can
/// never disagree. Undone events are not in it (they are not in the effective events); a
/// correction is, as what it was.
public struct MatchTimeline: Equatable, Sendable {
    /// A point scored: in a rally, or given for a fault for misconduct (no rally).
    public struct Point: Equatable, Sendable {
        /// The side that scored.
        public var team: Int
        /// The score of the game after it.
        public var score: [Int]
        /// Who served the rally; nil for a point that was no rally (a fault given while play
        /// was not on: between games).
        public var server: MatchPlayer?
        /// The scoring side's player who serves next: the row the score is written on. Nil
        /// for a point given before play was called in the game (the server is not known yet).
        public var nextServer: MatchPlayer?
        /// The offender, for a point given for a fault for misconduct.
        public var fault: MatchPlayer?
        public var time: Double
        /// A rally was played for it (not a fault for misconduct).
        public var isRally: Bool { fault == nil }
    }

    /// A correction by the umpire, and where it leaves the game.
    public struct Correction: Equatable, Sendable {
        public enum Kind: String, Sendable { case score, service, courts }
        public var kind: Kind
        public var score: [Int]
        public var server: MatchPlayer
        public var receiver: MatchPlayer
        public var time: Double
    }

    /// A mark the umpire makes between rallies, as ITTO's scoresheet has them.
    public enum Note: String, Sendable, CaseIterable {
        /// A line judge's call overruled (`O`).
        case overrule
        /// The referee called onto the court (`R`).
        case referee
    }

    public enum Moment: Equatable, Sendable {
        /// Play called: the score then (love all, or points given for faults in the break),
        /// who serves and who receives.
        case begin(score: [Int], server: MatchPlayer, receiver: MatchPlayer, time: Double)
        case point(Point)
        /// A card that gave no point now: a warning, a fault before the match had begun or
        /// after its end, or (`scoresInNextGame`) a fault given between games, whose point
        /// opens the next game.
        case card(MatchPlayer, Misconduct, time: Double, scoresInNextGame: Bool)
        /// The mid-game interval began.
        case interval(time: Double)
        /// The ends changed in the game: at the interval of the deciding game, or by hand.
        case changeOfEnds(time: Double, byHand: Bool)
        /// Play stopped for an injury (of a player, when named) or a suspension; `end` is when
        /// it resumed (nil: not yet).
        case stop(Stoppage.Kind, MatchPlayer?, start: Double, end: Double?)
        case correction(Correction)
        /// An overrule or the referee called, on the row of the player serving then.
        case note(Note, server: MatchPlayer?, time: Double)
        case gameWon(score: [Int], winner: Int, time: Double)
        /// The match ended otherwise: a retirement, a walkover, a disqualification (`player`:
        /// the one shown the black card).
        case ended(Ending, player: MatchPlayer?, time: Double)

        public var time: Double {
            switch self {
            case .begin(_, _, _, let t), .card(_, _, let t, _), .interval(let t), .changeOfEnds(let t, _), .gameWon(_, _, let t),
                 .ended(_, _, let t):
                return t
            case .point(let p): return p.time
            case .stop(_, _, let t, _): return t
            case .correction(let c): return c.time
            case .note(_, _, let t): return t
            }
        }
    }

    /// Play called late after a break: the umpire's Enter ("play") that long after the
    /// interval's (or the warm-up's) time was up. A rally with no Enter counts as on time: a
    /// rally's length cannot be told from a late start.
    public struct LateResumption: Equatable, Sendable {
        public enum After: String, Sendable {
            case warmUp = "warm-up"
            case midGame = "mid-game interval"
            case betweenGames = "interval"
        }
        public var after: After
        public var seconds: Double
        /// When play was called.
        public var time: Double
        public init(after: After, seconds: Double, time: Double) {
            self.after = after
            self.seconds = seconds
            self.time = time
        }
    }

    public struct Game: Equatable, Sendable {
        public var number: Int
        /// When play was called; nil when it never was (a game not begun, a walkover).
        public var start: Double?
        /// When the game was won, or the match ended in it; nil while it goes on.
        public var end: Double?
        /// The time of the last event in the game (its end so far).
        public var lastTime: Double
        /// The score at its end (or now).
        public var score = [0, 0]
        public var winner: Int?
        /// The side on the left half when play began.
        public var leftAtStart: Int
        public var moments: [Moment] = []
        /// Shuttles brought into play for it (one brought between games counts for the next).
        public var shuttles = 0
        /// Seconds of the mid-game interval: until it ended, was cut short, or play went on.
        public var intervalSeconds: Double = 0
        /// Seconds play stood still for injuries and suspensions.
        public var stoppedSeconds: Double = 0
        /// Where play was called late: after the break before the game (or the warm-up), and
        /// after its mid-game interval.
        public var lateResumptions: [LateResumption] = []

        /// From the call of play to the end (or to the last event so far); nil before play.
        public var duration: Double? { start.map { max(0, (end ?? lastTime) - $0) } }
        /// The duration without the interval and the stops.
        public var playingSeconds: Double? { duration.map { max(0, $0 - intervalSeconds - stoppedSeconds) } }

        public var points: [Point] {
            moments.compactMap { if case .point(let p) = $0 { return p } else { return nil } }
        }
    }

    public var games: [Game]
    /// The match is over (won, retired, walked over, disqualified).
    public var isOver: Bool
    /// The time of the last event.
    public var lastTime: Double

    /// When play was first called; nil for a walkover (or before any play).
    public var start: Double? { games.first?.start }
    /// When the match ended; nil while it goes on.
    public var end: Double? { isOver ? games.last.flatMap { $0.end } ?? lastTime : nil }

    public init(_ log: MatchLog) {
        var walk = Walk(log)
        walk.run()
        games = walk.games
        isOver = log.state.isOver
        lastTime = log.effective.last?.time ?? log.startedAt
    }
}

/// The walk itself: the state before and after each effective event, told apart.
private struct Walk {
    let events: [MatchEvent]
    let states: [MatchState]
    var games: [MatchTimeline.Game]
    /// Play has been called in the game in progress.
    var begun = false
    /// The latest moment play could begin: the match's start, a choice of server, the next
    /// game's Enter; the end of the warm-up and of the break before the game, when later.
    var callTime: Double
    var warmUpEnd: Double?
    var breakEnd: Double?
    /// When the break before the game was up (the interval's end, whenever Enter came).
    var breakScheduled: Double?
    /// The mid-game interval that runs: its start and the moment it would end.
    var interval: (start: Double, end: Double)?
    /// The running score of the game (faults at the start of a game come one at a time).
    var score = [0, 0]
    /// Where a fault given between games was noted: it scores when the next game begins.
    var pendingFaults: [(game: Int, moment: Int)] = []
    var shuttlesForNextGame = 0

    init(_ log: MatchLog) {
        events = log.effective
        states = log.states
        let first = states[0]
        callTime = log.startedAt
        games = [MatchTimeline.Game(number: 1, lastTime: log.startedAt, leftAtStart: first.left)]
    }

    var current: Int { games.count - 1 }

    mutating func emit(_ m: MatchTimeline.Moment) { games[current].moments.append(m) }

    static func who(_ team: Int, _ player: Int) -> MatchPlayer { MatchPlayer(team: team, player: player) }

    /// Play is called (if it was not): the begin moment, from the state before the event that
    /// shows it, at the latest moment it could have been called, never after `time`.
    mutating func begin(_ s: MatchState, at time: Double) {
        guard !begun, s.phase == .playing else { return }
        begun = true
        let called = min(time, [callTime, warmUpEnd ?? callTime, breakEnd ?? callTime].max() ?? callTime)
        games[current].start = called
        games[current].leftAtStart = s.left
        // A second or more after the break (or the warm-up) was up: play was called late.
        if let due = breakScheduled ?? warmUpEnd, called - due >= 1 {
            late(breakScheduled == nil ? .warmUp : .betweenGames, by: called - due, at: called)
        }
        emit(.begin(score: s.score, server: Walk.who(s.server, s.serverPlayer), receiver: Walk.who(s.receiver, s.receiverPlayer), time: called))
    }

    mutating func late(_ after: MatchTimeline.LateResumption.After, by seconds: Double, at time: Double) {
        games[current].lateResumptions.append(MatchTimeline.LateResumption(after: after, seconds: seconds, time: time))
    }

    mutating func closeInterval(at time: Double) {
        guard let iv = interval else { return }
        games[current].intervalSeconds += max(0, min(time, iv.end) - iv.start)
        interval = nil
    }

    /// A point to `team`, then what it brought: the game, or the interval and a change of ends.
    mutating func point(_ team: Int, before b: MatchState, after a: MatchState, server: MatchPlayer?, fault: MatchPlayer?, at t: Double) {
        score[team] += 1
        let won = a.games.count > b.games.count
        let next: MatchPlayer? = begun ? Walk.who(team, a.serverPlayer) : nil
        emit(.point(MatchTimeline.Point(team: team, score: score, server: server, nextServer: next, fault: fault, time: t)))
        games[current].score = score
        if won {
            closeInterval(at: t)
            games[current].winner = team
            games[current].end = t
            emit(.gameWon(score: score, winner: team, time: t))
            return
        }
        if let iv = a.interval, iv.kind == .midGame, iv.start == t, b.interval?.start != t {
            interval = (t, t + iv.duration)
            emit(.interval(time: t))
            if a.left != b.left { emit(.changeOfEnds(time: t, byHand: false)) }
        }
    }

    mutating func run() {
        for i in events.indices.dropFirst() {
            take(events[i], before: states[i - 1], after: states[i])
            games[current].lastTime = events[i].time
        }
        finish()
    }

    mutating func take(_ e: MatchEvent, before b: MatchState, after a: MatchState) {
        let t = e.time
        switch e.action {
        case .point(let team):
            begin(b, at: t)
            closeInterval(at: t)
            point(team, before: b, after: a, server: Walk.who(b.server, b.serverPlayer), fault: nil, at: t)
        case let .card(team, player, card):
            self.card(card, to: Walk.who(team, player), before: b, after: a, at: t)
        case .nextGame:
            nextGame(before: b, after: a, at: t)
        case .service, .firstServer:
            if !begun { callTime = max(callTime, t) }
        case .warmUp:
            if !begun { warmUpEnd = t + MatchTimer.warmUpSeconds }
        case .endInterval:
            if let iv = interval {
                // Enter called play: late when the interval was up a second or more before.
                if t - iv.end >= 1 { late(.midGame, by: t - iv.end, at: t) }
                closeInterval(at: t)
            } else if let end = breakEnd {
                // Enter in the break before a game: cuts it short, or once it was up calls play.
                if t < end { breakEnd = t } else if !begun { callTime = max(callTime, t) }
            }
        case .swapEnds:
            if begun && b.phase == .playing {
                emit(.changeOfEnds(time: t, byHand: true))
            } else if !begun {
                games[current].leftAtStart = a.left
            }
        case .shuttle:
            if b.phase == .gameOver { shuttlesForNextGame += 1 } else { games[current].shuttles += 1 }
        case let .stop(kind, team, player):
            let who = team.flatMap { t in player.map { Walk.who(t, $0) } }
            emit(.stop(kind, who, start: t, end: nil))
        case .correctScore, .correctService, .correctCourts:
            correction(e.action, before: b, after: a, at: t)
        case .retire, .walkover:
            if case .retire = e.action, b.phase == .playing, b.hasRallies { begin(b, at: t) }
            closeInterval(at: t)
            games[current].end = t
            let retired = a.retiredPlayer.flatMap { p in a.ending.flatMap { if case .retired(let team) = $0 { return Walk.who(team, p) } else { return nil } } }
            emit(.ended(a.ending ?? .played, player: retired, time: t))
        case .overrule, .refereeCalled:
            let server = b.phase == .playing ? Walk.who(b.server, b.serverPlayer) : nil
            emit(.note(e.action == .overrule ? .overrule : .referee, server: server, time: t))
        case .resume, .names, .start, .undo, .redo:
            break
        }
    }

    /// A card: a fault scores (at once, or opens the next game when given after a game won), a
    /// disqualification ends the match, anything else is a mark in the game.
    mutating func card(_ card: Misconduct, to offender: MatchPlayer, before b: MatchState, after a: MatchState, at t: Double) {
        let team = offender.team
        let scored = a.cards.last?.scored == true
        switch card {
        case .fault where scored && b.phase == .gameOver:
            pendingFaults.append((current, games[current].moments.count))
            emit(.card(offender, .fault, time: t, scoresInNextGame: false))
        case .fault where scored:
            // During play the rally is lost; in the break before a doubles game (the server
            // being chosen) the point opens the game, with no rally.
            let inPlay = b.phase == .playing
            if inPlay { begin(b, at: t) }
            point(1 - team, before: b, after: a, server: inPlay ? Walk.who(b.server, b.serverPlayer) : nil, fault: offender, at: t)
        case .disqualification where a.isOver && !b.isOver:
            if b.phase == .playing && b.hasRallies { begin(b, at: t) }
            closeInterval(at: t)
            games[current].end = t
            emit(.ended(a.ending ?? .disqualified(team), player: offender, time: t))
        default:
            emit(.card(offender, card, time: t, scoresInNextGame: false))
        }
    }

    /// The next game: a new column of the sheet, its break, and the points the faults given
    /// between games open it with.
    mutating func nextGame(before b: MatchState, after a: MatchState, at t: Double) {
        let interval = b.interval.map { $0.start + $0.duration }
        games.append(MatchTimeline.Game(number: games.count + 1, lastTime: t, leftAtStart: a.left))
        games[current].shuttles = shuttlesForNextGame
        shuttlesForNextGame = 0
        begun = false
        score = [0, 0]
        callTime = t
        warmUpEnd = nil
        breakEnd = interval.map { max(t, $0) }
        breakScheduled = interval
        // Faults given between games: each gives the opponents a point, no rally.
        for (k, f) in a.faultedAtStart.enumerated() {
            if k < pendingFaults.count, case let .card(who, card, time, _) = games[pendingFaults[k].game].moments[pendingFaults[k].moment] {
                games[pendingFaults[k].game].moments[pendingFaults[k].moment] = .card(who, card, time: time, scoresInNextGame: true)
            }
            score[1 - f.team] += 1
            emit(.point(MatchTimeline.Point(team: 1 - f.team, score: score, server: nil, nextServer: nil,
                                            fault: Walk.who(f.team, f.player), time: t)))
        }
        pendingFaults = []
        games[current].score = score
    }

    /// Correction mode put the score, the server or the doubles courts right.
    mutating func correction(_ action: MatchEvent.Action, before b: MatchState, after a: MatchState, at t: Double) {
        begin(b, at: t)
        let kind: MatchTimeline.Correction.Kind
        switch action {
        case .correctScore: kind = .score
        case .correctService: kind = .service
        default: kind = .courts
        }
        score = a.score
        games[current].score = score
        emit(.correction(MatchTimeline.Correction(kind: kind, score: a.score, server: Walk.who(a.server, a.serverPlayer),
                                                  receiver: Walk.who(a.receiver, a.receiverPlayer), time: t)))
    }

    /// What only the end knows: a game in progress shows who serves; each stop gets its end
    /// (the state keeps them in order, one per stop event); the clocks still running stop now.
    mutating func finish() {
        let last = states[states.count - 1]
        let now = events.last?.time ?? 0
        if !begun, last.phase == .playing { begin(last, at: now) }
        if let iv = interval { closeInterval(at: min(iv.end, now)) }
        games[current].shuttles += shuttlesForNextGame
        var stops = last.stoppages.makeIterator()
        for g in games.indices {
            for (m, moment) in games[g].moments.enumerated() {
                guard case let .stop(kind, who, start, _) = moment, let kept = stops.next() else { continue }
                games[g].moments[m] = .stop(kind, who, start: start, end: kept.end)
                games[g].stoppedSeconds += max(0, (kept.end ?? now) - start)
            }
        }
    }
}
