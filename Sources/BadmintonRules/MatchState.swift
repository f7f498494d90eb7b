import TerminiData

/// A service court, as the server or receiver sees it facing the net.
public enum ServiceCourt: String, Sendable, Equatable {
    case right, left
    /// The court a side serves from with `score` points: right when even, left when odd.
    public static func forScore(_ score: Int) -> ServiceCourt { score % 2 == 0 ? .right : .left }
    public var other: ServiceCourt { self == .right ? .left : .right }
}

/// A break in play with a countdown: 60 s in a game, 120 s between games (60 in 5x11; see
/// `MatchFormat.betweenGamesSeconds`).
public struct Interval: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case midGame = "mid-game"
        case betweenGames = "between-games"
    }
    public var kind: Kind
    /// When it started: the time of the rally that brought it.
    public var start: Double
    /// Its length in seconds, from the format.
    public var duration: Double

    /// An interval of `duration` seconds; without one, the length Law 16.2 gives the kind.
    public init(kind: Kind, start: Double, duration: Double? = nil) {
        self.kind = kind
        self.start = start
        self.duration = duration ?? (kind == .midGame ? 60 : 120)
    }
    public func remaining(at now: Double) -> Double { max(0, start + duration - now) }
    /// Whole seconds left as shown (rounded up: 0.2 s left still shows 1).
    public func shownSeconds(at now: Double) -> Int {
        let r = remaining(at: now)
        return r <= 0 ? 0 : Int(saturating: r.rounded(.up))
    }
}

/// How a match ended.
public enum Ending: Equatable, Sendable {
    case played
    /// The team that retired.
    case retired(Int)
    /// The team that did not play.
    case walkover(Int)
    /// The team a player of which was disqualified (Law 16.7.3: a black card).
    case disqualified(Int)
}

/// The match as the replay of its events leaves it: scores, games, who serves from which
/// court, who stands where, which team is on the left half, intervals and the result.
/// Pure and deterministic: the same events always give the same state.
public struct MatchState: Equatable, Sendable {
    public enum Phase: String, Sendable {
        /// Doubles, before the first rally of a game: who serves and who receives?
        case choosingService
        case playing
        /// A game is won; the next starts on Enter (score keys are ignored meanwhile).
        case gameOver
        case matchOver
    }

    public var format: MatchFormat
    public var discipline: Discipline
    public var teams: [TeamInfo]
    public var startedAt: Double
    /// Scores of the finished games, `[team 0, team 1]` each.
    public var games: [[Int]] = []
    public var gameWinners: [Int] = []
    /// The score of the game on screen (the finished one while `phase == .gameOver`).
    public var score = [0, 0]
    /// The serving team, and its serving player (index into `players`).
    public var server: Int
    public var serverPlayer = 0
    /// Doubles: which player of each team stands in its right service court.
    public var rightCourt = [0, 0]
    /// The team on the left half of the screen.
    public var left = 0
    public var phase: Phase
    public var winner: Int?
    public var ending: Ending?
    /// The player who retired, when one was named (doubles: the pair retires with him).
    public var retiredPlayer: Int?
    public var interval: Interval?
    /// True from the moment the ends changed in the deciding game (for the banner).
    public var endsChangedInGame = false
    /// The last event that changed the state, for the screen's one-line report.
    public var lastAction: MatchEvent.Action?
    /// The first player of each side in the last game's service choice, the default next time.
    public var firstServerOfGame = 0
    public var firstReceiverOfGame = 0
    /// The number of the last game once the match is over (an unfinished one counts).
    public var finalGame = 1

    // The umpire's record beyond the score.
    /// Every card given, in order.
    public var cards: [CardRecord] = []
    /// Faults given between games: each gives the opponents a point at the start of the next.
    public var pendingFaults: [CardRecord] = []
    /// The faults that gave points at the start of this game, for the umpire's call.
    public var faultedAtStart: [CardRecord] = []
    /// Shuttles brought into play.
    public var shuttles = 0
    /// When the warm-up started; nil without one, and from the first rally on.
    public var warmUpStart: Double?
    /// Injuries and suspensions, in order; the last may still run.
    public var stoppages: [Stoppage] = []
    /// Whether the last rally passed the service to the other side.
    public var serviceOver = false
    /// Rallies played in this game (points, and faults scored during play).
    public var rallies = 0
    /// The last event that changes what the umpire says, and its time: not a change of ends,
    /// of names, a shuttle, an injury (the call stands meanwhile), nor the next game begun
    /// while the interval before it runs (the call comes when it ends).
    public var callAction: MatchEvent.Action?
    public var callTime: Double

    public init(_ setup: MatchSetup, at time: Double) {
        format = setup.format
        discipline = setup.discipline
        teams = setup.teams
        startedAt = time
        callTime = time
        server = setup.firstServer
        phase = setup.discipline == .doubles ? .choosingService : .playing
        // A match called to court: its warm-up runs from the call (an hour old, it is long over).
        if let w = setup.warmUpFrom, w <= time, time - w < MatchTimer.overrunLimit { warmUpStart = w }
    }

    // MARK: Derived

    public var isDoubles: Bool { discipline == .doubles }
    public var receiver: Int { 1 - server }
    public var right: Int { 1 - left }
    public var gamesWon: [Int] { [0, 1].map { t in gameWinners.filter { $0 == t }.count } }
    /// The number of the game on screen, from 1.
    public var gameNumber: Int {
        switch phase {
        case .gameOver: return games.count
        case .matchOver: return finalGame
        default: return games.count + 1
        }
    }
    public var isDecidingGame: Bool { gameNumber == format.games }
    // Inlinable, as `hasRallies`: asked in another module of a log's state
    // (`log.state.isOver`), a call had the whole state copied for it.
    @inlinable public var isOver: Bool { phase == .matchOver }
    /// The score of a game that is (or was, when the match ended early) in progress: nil
    /// between games, after a match won on the court, and when the next game had not begun.
    public var unfinishedScore: [Int]? {
        switch phase {
        case .playing, .choosingService: return score
        case .gameOver: return nil
        case .matchOver:
            switch ending {
            case .retired?, .disqualified?:
                if finalGame > games.count, score != [0, 0] { return score }
            default: break
            }
            return nil
        }
    }

    /// Who retired for `team`: the player named in doubles, else the side.
    public func whoRetired(_ team: Int) -> String {
        guard isDoubles, let p = retiredPlayer, teams[team].players.indices.contains(p) else { return teams[team].name }
        return teams[team].players[p]
    }

    /// Whether any rally has been played in the match.
    @inlinable public var hasRallies: Bool { !games.isEmpty || score != [0, 0] }

    /// The court the server serves from.
    public var serviceCourt: ServiceCourt { ServiceCourt.forScore(score[server]) }

    /// The player of `team` standing in `court` (doubles; singles: the one player).
    public func player(of team: Int, in court: ServiceCourt) -> Int {
        guard isDoubles else { return 0 }
        return court == .right ? rightCourt[team] : 1 - rightCourt[team]
    }

    /// The court a player stands in (doubles; singles: the court of the coming rally).
    public func court(ofPlayer p: Int, team: Int) -> ServiceCourt {
        guard isDoubles else { return ServiceCourt.forScore(score[server]) }
        return rightCourt[team] == p ? .right : .left
    }

    /// The receiving player: diagonally opposite the server, in the court of the same name.
    public var receiverPlayer: Int { player(of: receiver, in: serviceCourt) }

    public func serverName() -> String { teams[server].players[min(serverPlayer, teams[server].players.count - 1)] }
    public func receiverName() -> String { teams[receiver].players[min(receiverPlayer, teams[receiver].players.count - 1)] }

    /// Whether `team` wins the game with the next rally.
    public func hasGamePoint(_ team: Int) -> Bool {
        phase == .playing && format.wins(score[team] + 1, against: score[1 - team])
    }

    /// Whether `team` wins the match with the next rally.
    public func hasMatchPoint(_ team: Int) -> Bool {
        hasGamePoint(team) && gamesWon[team] + 1 >= format.gamesToWin
    }

    // MARK: Events

    /// Applies one event. Returns false (and changes nothing) when the event does not fit
    /// the state: a point between games, a second start, a walkover after play began.
    public mutating func apply(_ event: MatchEvent) -> Bool {
        let before = self
        let ok = applyAction(event)
        if ok {
            lastAction = event.action
            switch event.action {
            case .swapEnds, .names, .shuttle, .stop(.injury, _, _), .overrule, .refereeCalled: break
            case .nextGame where interval.map({ $0.remaining(at: event.time) > 0 }) == true: break
            default:
                callAction = event.action
                callTime = event.time
            }
        } else {
            self = before
        }
        return ok
    }

    /// Whether the warm-up runs at `time`: started, its two minutes not over, no rally yet.
    public func isWarmingUp(at time: Double) -> Bool {
        guard let w = warmUpStart else { return false }
        return time < w + MatchTimer.warmUpSeconds
    }

    private mutating func applyAction(_ event: MatchEvent) -> Bool {
        switch event.action {
        case .start, .undo, .redo:
            return false
        case .point(let team):
            guard phase == .playing, team == 0 || team == 1 else { return false }
            endStoppage(at: event.time)  // a rally: play has resumed
            point(to: team, at: event.time)
            return true
        case let .card(team, player, card):
            return give(card, team: team, player: player, at: event.time)
        case .warmUp:
            guard games.isEmpty, !hasRallies, phase == .playing || phase == .choosingService else { return false }
            warmUpStart = event.time
            return true
        case .correctService, .correctCourts, .correctScore:
            return correct(event.action)
        case .shuttle:
            guard phase != .matchOver else { return false }
            shuttles += 1
            return true
        case let .stop(kind, team, player):
            return stop(kind, team: team, player: player, at: event.time)
        case .resume:
            guard runningStoppage != nil else { return false }
            endStoppage(at: event.time)
            return true
        case .swapEnds:
            left = 1 - left
            return true
        case let .service(team, s, r):
            guard phase == .choosingService || (phase == .playing && rallies == 0) else { return false }
            guard [team, s, r].allSatisfy({ $0 == 0 || $0 == 1 }) else { return false }
            // The serving side only changes in the first game (the first server); later the
            // winner of the last game serves.
            guard team == server || games.isEmpty else { return false }
            place(server: team, s, receiver: r)
            if isDoubles {
                firstServerOfGame = s
                firstReceiverOfGame = r
            }
            phase = .playing
            return true
        case .firstServer(let team):
            // Until the first rally of the match the toss's result can still be put right.
            guard games.isEmpty, !hasRallies, phase == .playing || phase == .choosingService,
                  team == 0 || team == 1, team != server else { return false }
            server = team
            serverPlayer = 0
            rightCourt = [0, 0]
            phase = isDoubles ? .choosingService : .playing
            return true
        case .names(let newTeams):
            guard newTeams.count == 2, newTeams.allSatisfy({ $0.players.count == discipline.playersPerTeam && !$0.name.isEmpty }) else {
                return false
            }
            teams = newTeams
            return true
        case .nextGame:
            return nextGame(at: event.time)
        case .endInterval:
            guard interval != nil else { return false }
            interval = nil
            return true
        case let .retire(team, player):
            guard phase != .matchOver else { return false }
            // A player named is one of the side's (in singles the one player).
            if let p = player, !teams[team].players.indices.contains(p) { return false }
            finish(winner: 1 - team, ending: .retired(team), at: event.time)
            retiredPlayer = player
            return true
        case .overrule, .refereeCalled:
            // Marks for the scoresheet, while the match is on.
            return phase != .matchOver
        case .walkover(let team):
            guard phase != .matchOver, !hasRallies else { return false }
            finish(winner: 1 - team, ending: .walkover(team), at: event.time)
            return true
        }
    }

    /// Law 16: a card to `player` of `team`, kept with what it did; a fault scores for the
    /// other side (between games, at the start of the next), a disqualification ends the match.
    private mutating func give(_ card: Misconduct, team: Int, player: Int, at time: Double) -> Bool {
        guard team == 0 || team == 1, teams[team].players.indices.contains(player), card.refusal(self, team: team) == nil else { return false }
        // In the break before a game: after the game before was won, or (doubles) while
        // the server of the next is chosen.
        let inBreak = phase == .gameOver || (phase == .choosingService && !games.isEmpty)
        var record = CardRecord(team: team, player: player, card: card, time: time, game: gameNumber, scored: false,
                                betweenGames: inBreak)
        switch card {
        case .warning:
            break
        case .fault:
            // The offender's side loses a rally; in the break, the first of the next game.
            if phase == .gameOver {
                record.scored = true
                pendingFaults.append(record)
            } else if inBreak {
                record.scored = true
                faultedAtStart.append(record)
                point(to: 1 - team, at: time, keepingInterval: true, isRally: false)
            } else if phase != .matchOver && hasRallies {
                // RTTO 3.7.7: before the first rally of the match (the warm-up, the choice of
                // server, after "love all; play") misconduct does not touch the score.
                record.scored = true
                point(to: 1 - team, at: time, keepingInterval: true)
            }
        case .disqualification:
            if phase != .matchOver { finish(winner: 1 - team, ending: .disqualified(team), at: time) }
        }
        cards.append(record)
        return true
    }

    /// Correction mode: the server, the doubles courts or the score put right during a game.
    private mutating func correct(_ action: MatchEvent.Action) -> Bool {
        switch action {
        case let .correctService(team, s, r):
            guard phase == .playing, [team, s, r].allSatisfy({ $0 == 0 || $0 == 1 }), isDoubles || (s == 0 && r == 0) else { return false }
            let before = self
            place(server: team, s, receiver: r)
            return server != before.server || serverPlayer != before.serverPlayer || rightCourt != before.rightCourt
        case let .correctCourts(team, right):
            guard phase == .playing, isDoubles, team == 0 || team == 1, right == 0 || right == 1, rightCourt[team] != right else { return false }
            rightCourt[team] = right
            // Nobody else moves: the serving side's player now in the service court serves.
            if team == server { serverPlayer = player(of: server, in: serviceCourt) }
            return true
        case .correctScore(let new):
            // A score that would end the game is a rally to score instead.
            guard phase == .playing, new.count == 2, new.allSatisfy({ $0 >= 0 }), new != score,
                  !format.wins(new[0], against: new[1]), !format.wins(new[1], against: new[0]) else { return false }
            score = new
            if isDoubles { serverPlayer = player(of: server, in: serviceCourt) }
            if hasRallies { warmUpStart = nil }  // a score: play has begun
            return true
        default:
            return false
        }
    }

    /// Play stops (an injury, of a player when named, or a suspension) while none runs.
    private mutating func stop(_ kind: Stoppage.Kind, team: Int?, player: Int?, at time: Double) -> Bool {
        guard phase != .matchOver, runningStoppage == nil else { return false }
        if let team {
            guard team == 0 || team == 1, let player, teams[team].players.indices.contains(player) else { return false }
        } else if player != nil {
            return false
        }
        stoppages.append(Stoppage(kind: kind, team: team, player: player, start: time, end: nil))
        return true
    }

    /// The next game begins: the winner of the last serves, the players change ends, and the
    /// faults given between games score their points.
    private mutating func nextGame(at time: Double) -> Bool {
        guard phase == .gameOver, let w = gameWinners.last else { return false }
        score = [0, 0]
        server = w
        serverPlayer = 0
        rightCourt = [0, 0]
        left = 1 - left  // the players change ends after every game
        endsChangedInGame = false
        rallies = 0
        serviceOver = false
        phase = isDoubles ? .choosingService : .playing
        // Faults given between games: the opponents start with the points, and serve.
        faultedAtStart = pendingFaults
        pendingFaults = []
        for f in faultedAtStart where phase != .gameOver && phase != .matchOver {
            point(to: 1 - f.team, at: time, keepingInterval: true, isRally: false)
        }
        return true
    }

    /// `team` serves; in doubles its player `s` from the court of the side's score (the right
    /// at love; the left when a fault given between games opened the game), to the other
    /// side's player `r` diagonally opposite, in the court of the same name.
    private mutating func place(server team: Int, _ s: Int, receiver r: Int) {
        server = team
        guard isDoubles else { return }
        let court = ServiceCourt.forScore(score[team])
        serverPlayer = s
        rightCourt[team] = court == .right ? s : 1 - s
        rightCourt[1 - team] = court == .right ? r : 1 - r
    }

    private mutating func finish(winner w: Int, ending e: Ending, at time: Double) {
        finalGame = (e == .played || phase == .gameOver) ? max(1, games.count) : games.count + 1
        phase = .matchOver
        winner = w
        ending = e
        interval = nil
        warmUpStart = nil
        pendingFaults = []
        endStoppage(at: time)
    }

    /// A stop that runs ends now (play resumed, or the match ended).
    mutating func endStoppage(at time: Double) {
        if let i = stoppages.indices.last, stoppages[i].isRunning { stoppages[i].end = time }
    }

    /// Rally-point scoring: the winner of a rally scores and serves the next. In doubles the
    /// serving side's players change courts only when it wins a rally on its own serve; on a
    /// service over nobody moves and the new server is the player standing in the court that
    /// matches the new serving side's score.
    ///
    /// A fault for misconduct scores the same way (`keepingInterval`: an interval it comes in
    /// runs on); one given between games scores at the start of the next (`isRally` false:
    /// no rally has been played in the game yet, and no interval comes of it).
    private mutating func point(to team: Int, at time: Double, keepingInterval: Bool = false, isRally: Bool = true) {
        if !keepingInterval { interval = nil }  // a rally ends any interval
        warmUpStart = nil
        serviceOver = team != server
        if isRally { rallies += 1 }
        let leadBefore = max(score[0], score[1])
        if team == server {
            if isDoubles { rightCourt[team] = 1 - rightCourt[team] }
            score[team] += 1
        } else {
            score[team] += 1
            server = team
            serverPlayer = player(of: team, in: ServiceCourt.forScore(score[team]))
        }
        if format.wins(score[team], against: score[1 - team]) {
            games.append(score)
            gameWinners.append(team)
            if gamesWon[team] >= format.gamesToWin {
                finish(winner: team, ending: .played, at: time)
            } else {
                phase = .gameOver
                interval = Interval(kind: .betweenGames, start: time, duration: format.betweenGamesSeconds)
            }
            return
        }
        // Points a game starts with (faults given in the break before it) bring no interval:
        // the break is still on (only the shortest formats can reach the score that way).
        let threshold = format.intervalAt
        if isRally, leadBefore < threshold && max(score[0], score[1]) >= threshold && format.hasMidGameInterval(inGame: gameNumber) {
            interval = Interval(kind: .midGame, start: time, duration: format.midGameSeconds)
            if isDecidingGame {
                left = 1 - left
                endsChangedInGame = true
            }
        }
    }
}
