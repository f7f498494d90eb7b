#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiData
import TerminiApp
import BadmintonRules

/// What the spectators' page shows, as the data files it reads (`hall.json`, `results.json`):
/// each court's match as the rules replay its journal (the score, the games, who serves,
/// the moment: an interval, game or match point, a card, an injury, the match won), the desk's
/// next call to it, and the day's finished matches from the courts' retained histories.
/// Names stay as the network sent them (cleaned of control characters by the rules' own
/// parse): the page puts them in as text, never as markup.
public enum LivePage {
    /// The data format's version, first in each file.
    public static let version = 1
    /// How often the writer says it is alive (`heartbeat`) when nothing changes, in seconds.
    public static let heartbeatEvery = 2.0

    /// One court as the hall has it.
    public struct Court: Equatable, Sendable {
        public var name: String
        public var match: MatchLog?
        public var history: [MatchLog]
        public var link: CourtLink?
        public var next: CourtCall?

        public init(name: String, match: MatchLog? = nil, history: [MatchLog] = [], link: CourtLink? = nil, next: CourtCall? = nil) {
            self.name = name
            self.match = match
            self.history = history
            self.link = link
            self.next = next
        }
    }

    /// The writer's own link to the hall, for the page to say when it is down.
    public struct Link: Equatable, Sendable {
        public var up: Bool
        /// Since when (the writer's clock).
        public var since: Double
        public var problem: String?

        public init(up: Bool, since: Double, problem: String? = nil) {
            self.up = up
            self.since = since
            self.problem = problem
        }
    }

    /// Court names in the order a hall numbers them: numbers by value, then the rest by name.
    static func ordered(_ names: Set<String>) -> [String] {
        names.sorted { a, b in
            switch (Int(a), Int(b)) {
            case let (x?, y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a < b
            }
        }
    }

    /// `hall.json`: the courts now, the writer's heartbeat and link, and the version of
    /// `results.json` (the page reads that file again only when it changes).
    public static func hall(_ courts: [Court], hall: String, link: Link, now: Double, since: Double, changed: Double, results: String,
                            stopped: Bool = false) -> JSON {
        .object([
            ("v", .int(version)), ("hall", .string(hall)), ("heartbeat", time(now)), ("every", time(heartbeatEvery)),
            ("writer", .string(stopped ? "stopped" : "running")),
            ("link", .object([("up", .bool(link.up)), ("since", time(link.since)), ("problem", .string(link.problem))])),
            ("changed", time(changed)), ("results", .string(results)),
            ("courts", .array(courts.map { court($0, now: now, since: since) })),
        ])
    }

    /// The part of `hall.json` that changes only when the hall does (not with the heartbeat):
    /// the writer compares it to know when the courts changed.
    public static func courtsPart(_ courts: [Court], now: Double, since: Double) -> [UInt8] {
        JSON.array(courts.map { court($0, now: now, since: since) }).bytes()
    }

    static func court(_ c: Court, now: Double, since: Double) -> JSON {
        var online = JSON.null
        if let l = c.link {
            // A court refreshes its presence now and then: not heard since this writer started
            // is news only once that time has passed.
            let stale = l.isStale(now: now) && (l.heardAt != nil || now - since > CourtLink.staleAfter)
            online = .string(stale ? "stale" : l.online == true ? "online" : l.online == false ? "offline" : "unknown")
        }
        return .object([
            ("court", .string(c.name)), ("presence", online),
            ("match", c.match.map { match($0, now: now, court: c.name) } ?? .null),
            ("next", c.next.map(call) ?? .null),
        ])
    }

    /// A match as the page shows it on its court.
    static func match(_ log: MatchLog, now: Double, court: String) -> JSON {
        let s = log.state
        let won = s.gamesWon
        let serving = s.phase == .playing
        let teams = (0..<2).map { t -> JSON in
            let cards = s.cards.filter { $0.team == t }.map { c in
                JSON.object([("player", .string(UmpireCall.player(t, c.player, s))), ("card", .string(c.card.rawValue)), ("colour", .string(c.card.colour))])
            }
            return .object([
                ("name", .string(s.teams[t].name)), ("players", players(s.teams[t])), ("games", .int(won[t])), ("score", .int(s.score[t])),
                ("serving", .bool(serving && s.server == t)), ("cards", .array(cards)),
            ])
        }
        let o = log.setup?.officials ?? MatchOfficials()
        let m = moment(s, now: now)
        var momentJSON: [(String, JSON)] = [("kind", .string(m.kind)), ("text", .string(m.text)), ("team", .int(m.team))]
        if let clock = m.clock {
            momentJSON.append(("clock", .object([("seconds", .int(clock.seconds)), ("runs", .string(clock.runs))])))
        }
        return .object([
            ("started", time(s.startedAt)), ("number", .string(o.matchNumber)), ("event", .string(o.event)), ("round", .string(o.round)),
            ("heading", .string(o.heading)), ("format", .string(s.format.description)), ("doubles", .bool(s.isDoubles)),
            ("teams", .array(teams)), ("games", .array(s.games.map { .array([.int($0[0]), .int($0[1])]) })),
            ("game", .int(s.gameNumber)), ("finished", .bool(s.isOver)), ("final", .bool(isFinal(o.round))),
            ("server", serving ? .object([("team", .int(s.server)), ("player", .string(s.serverName())),
                                          ("index", .int(min(s.serverPlayer, s.teams[s.server].players.count - 1)))]) : .null),
            ("moment", .object(momentJSON)), ("call", .string(UmpireCall.text(s, now: now, court: court))), ("events", .int(log.effective.count)),
        ])
    }

    /// A final's round (`F`, `Final`): the page names no court for it, as a final's TV does.
    static func isFinal(_ round: String?) -> Bool {
        guard let r = round?.lowercased() else { return false }
        return r == "f" || r == "final"
    }

    static func players(_ team: TeamInfo) -> JSON {
        .array(team.players.indices.map { p in .object([("name", .string(team.players[p])), ("country", .string(team.country(p)))]) })
    }

    static func call(_ c: CourtCall) -> JSON {
        func side(_ players: [CourtCall.Player]) -> JSON {
            .array(players.map { .object([("name", .string($0.name)), ("country", .string($0.country))]) })
        }
        return .object([("number", .string(c.match)), ("event", .string(c.event)), ("round", .string(c.round)),
                        ("teams", .array([side(c.team1), side(c.team2)])), ("title", .string(c.title))])
    }

    /// The moment of a match the page says in words, as the rules know it: the match won
    /// (how it ended), a stop or an interval and its clock, a card just given, the game won,
    /// match point, game point, the warm-up; `play` otherwise.
    public struct Moment: Equatable, Sendable {
        public var kind: String
        public var text: String
        public var team: Int?
        /// The clock of an interval, the warm-up or a stop, as at the moment written:
        /// `down` (seconds left), `up` (seconds run) or `over` (seconds past its end).
        public var clock: (seconds: Int, runs: String)?

        public static func == (a: Moment, b: Moment) -> Bool {
            a.kind == b.kind && a.text == b.text && a.team == b.team && a.clock?.seconds == b.clock?.seconds && a.clock?.runs == b.clock?.runs
        }
    }

    public static func moment(_ s: MatchState, now: Double) -> Moment {
        let names = s.teams.map { TextLayout.sanitized($0.name) }
        if s.isOver, let w = s.winner {
            let won = s.gamesWon
            let text: String
            switch s.ending {
            case .retired(let t)?: text = "\(s.whoRetired(t)) retired: match to \(names[w])"
            case .walkover(let t)?: text = "Walkover: \(names[1 - t]) did not play, match to \(names[w])"
            case .disqualified(let t)?: text = "\(names[t]) disqualified: match to \(names[w])"
            case .played?, nil: text = "Match to \(names[w]), \(won[w])-\(won[1 - w]) in games"
            }
            return Moment(kind: "match-won", text: text, team: w)
        }
        if let t = s.timer(at: now) {
            let over = t.isOverrunning(at: now)
            let clock = (seconds: over ? t.overrunSeconds(at: now) : t.shownSeconds(at: now), runs: over ? "over" : t.runsUp ? "up" : "down")
            switch t.kind {
            case .injury:
                let who = s.runningStoppage.flatMap { st in st.team.flatMap { team in st.player.map { UmpireCall.player(team, $0, s) } } }
                return Moment(kind: "injury", text: who.map { "Injury: \($0)" } ?? "Injury", team: s.runningStoppage?.team, clock: clock)
            case .suspension:
                return Moment(kind: "suspension", text: "Play suspended", clock: clock)
            case .midGame:
                return Moment(kind: "interval", text: "Interval", clock: clock)
            case .betweenGames:
                // The game just won, said with the interval after it.
                let won = s.gameWinners.last.flatMap { w in s.games.last.map { "Game \(s.games.count) to \(names[w]), \($0[w])-\($0[1 - w]) · " } }
                return Moment(kind: "interval", text: (won ?? "") + "Interval", team: s.gameWinners.last, clock: clock)
            case .warmUp:
                return Moment(kind: "warm-up", text: "Warm-up", clock: clock)
            }
        }
        if case let .card(team, player, card)? = s.lastAction {
            return Moment(kind: "card", text: "\(card.colour.capitalized) card: \(UmpireCall.player(team, player, s)), \(card.call)", team: team)
        }
        if s.phase == .gameOver, let w = s.gameWinners.last, let last = s.games.last {
            return Moment(kind: "game-won", text: "Game \(s.games.count) to \(names[w]), \(last[w])-\(last[1 - w])", team: w)
        }
        if s.hasMatchPoint(s.server) { return Moment(kind: "match-point", text: "Match point: \(names[s.server])", team: s.server) }
        if s.hasGamePoint(s.server) { return Moment(kind: "game-point", text: "Game point: \(names[s.server])", team: s.server) }
        if s.phase == .choosingService { return Moment(kind: "service", text: "Choosing who serves") }
        return Moment(kind: "play", text: s.hasRallies ? "Game \(s.gameNumber)" : "Love all, play")
    }

    // MARK: Results

    /// `results.json`: the day's finished matches (on the writer's local calendar day), the
    /// newest first: each court's retained history and a court's current match once it is over.
    public static func results(_ courts: [Court], now: Double) -> JSON {
        var rows: [(end: Double, json: JSON)] = []
        for c in courts {
            var seen = Set<Double>()
            for log in c.history + (c.match.map { [$0] } ?? []) where log.state.isOver && seen.insert(log.startedAt).inserted {
                let end = log.effective.last?.time ?? log.startedAt
                guard sameDay(end, now) else { continue }
                rows.append((end, result(log, court: c.name, end: end)))
            }
        }
        rows.sort { $0.end > $1.end }
        return .object([("v", .int(version)), ("results", .array(rows.map(\.json)))])
    }

    static func result(_ log: MatchLog, court: String, end: Double) -> JSON {
        let s = log.state
        let o = log.setup?.officials ?? MatchOfficials()
        let ending: String
        switch s.ending {
        case .retired?: ending = "retired"
        case .walkover?: ending = "walkover"
        case .disqualified?: ending = "disqualified"
        case .played?, nil: ending = "played"
        }
        let teams = s.teams.map { t in JSON.object([("name", .string(t.name)), ("players", players(t))]) }
        var games = s.games.map { JSON.array([.int($0[0]), .int($0[1])]) }
        if let u = s.unfinishedScore { games.append(.array([.int(u[0]), .int(u[1])])) }
        return .object([
            ("court", .string(court)), ("started", time(log.startedAt)), ("ended", time(end)), ("number", .string(o.matchNumber)),
            ("event", .string(o.event)), ("round", .string(o.round)), ("heading", .string(o.heading)), ("teams", .array(teams)),
            ("games", .array(games)), ("winner", .int(s.winner)), ("ending", .string(ending)),
        ])
    }

    /// Whether two times fall on one day of the local calendar.
    static func sameDay(_ a: Double, _ b: Double) -> Bool {
        func day(_ t: Double) -> (Int32, Int32) {
            var tt = time_t(t.isFinite ? t : 0)
            var tm = tm()
            localtime_r(&tt, &tm)
            return (tm.tm_year, tm.tm_yday)
        }
        return day(a) == day(b)
    }

    static func time(_ t: Double) -> JSON { .number(MatchReport.decimal(t.isFinite ? t : 0, places: 3)) }
}
