import TerminiCore
import BadmintonRules
import TerminiData

/// How a finished match ended, as the results say it.
public enum DeskEnding: Equatable, Sendable {
    case played
    /// The team that retired.
    case retired(Int)
    /// The team a player of which was disqualified.
    case disqualified(Int)
    /// The team that did not play.
    case walkover(Int)

    public var word: String {
        switch self {
        case .played: return "played"
        case .retired: return "retired"
        case .disqualified: return "disqualified"
        case .walkover: return "walkover"
        }
    }

    /// The side the ending is about (the one that retired, …); nil when played out.
    public var team: Int? {
        switch self {
        case .played: return nil
        case .retired(let t), .disqualified(let t), .walkover(let t): return t
        }
    }

    init(_ e: Ending) {
        switch e {
        case .played: self = .played
        case .retired(let t): self = .retired(t)
        case .walkover(let t): self = .walkover(t)
        case .disqualified(let t): self = .disqualified(t)
        }
    }
}

/// A card of a finished match: who, which card, in which game.
public struct DeskCard: Codable, Equatable, Sendable {
    public var team: Int
    public var player: String
    /// `warning`, `fault` or `disqualification` (yellow, red, black).
    public var card: String
    public var game: Int
}

/// One finished match, as the desk keeps and writes it (`--results csv|json`).
public struct DeskResult: Codable, Equatable, Sendable {
    public var number: String
    public var event: String
    public var round: String
    public var court: String?
    public var teams: [DeskTeam]
    /// 0 or 1.
    public var winner: Int
    /// Every game's score, team 1's first; an unfinished last game (a retirement) too.
    public var games: [[Int]]
    /// `played`, `retired`, `disqualified`, `walkover`.
    public var ended: String
    /// The side that retired, was disqualified or did not play.
    public var endedBy: Int?
    /// When play began (nil for a walkover) and ended, wall-clock seconds.
    public var start: Double?
    public var end: Double
    public var shuttles: Int
    public var umpire: String?
    public var judge: String?
    public var cards: [DeskCard]

    public init(match m: DeskMatch, court: String?, ending: DeskEnding, start: Double?, end: Double) {
        number = m.number
        event = m.event
        round = m.round
        self.court = court
        teams = m.teams
        winner = ending.team.map { 1 - $0 } ?? 0
        games = []
        ended = ending.word
        endedBy = ending.team
        self.start = start
        self.end = end
        shuttles = 0
        umpire = m.umpire
        judge = m.judge
        cards = []
    }

    /// The result of a match a court played to its end; nil while it is not over.
    public init?(match m: DeskMatch, court: String?, log: MatchLog) {
        let s = log.state
        guard s.isOver, let w = s.winner else { return nil }
        self.init(match: m, court: court, ending: DeskEnding(s.ending ?? .played), start: log.startedAt,
                  end: log.effective.last?.time ?? log.startedAt)
        winner = w
        take(s)
        // The countries as the court played them (its setup may have put them right).
        if let played = log.setup?.teams, played.count == 2 {
            for (i, t) in played.enumerated() where t.countries.contains(where: { !$0.isEmpty }) {
                let cs = t.countries.map { $0.isEmpty ? nil : $0 }
                teams[i].country = Set(cs).count == 1 ? cs[0] : cs.map { $0 ?? "" }.joined(separator: "/")
            }
        }
        if let u = log.setup?.officials.umpire { umpire = u }
        if let j = log.setup?.officials.serviceJudge { judge = j }
    }

    /// Games, shuttles and cards from the court's state of the match.
    mutating func take(_ s: MatchState) {
        games = s.games
        if endedBy != nil, let u = s.unfinishedScore, u != [0, 0] { games.append(u) }
        shuttles = s.shuttles
        cards = s.cards.map { c in
            let players = s.teams[c.team].players
            return DeskCard(team: c.team, player: players[min(max(0, c.player), players.count - 1)], card: c.card.rawValue, game: c.game)
        }
    }

    public var players: [String] { teams.flatMap(\.players) }
    public var duration: Double? { start.map { max(0, end - $0) } }
    /// `21-15 18-21 21-5`, team 1's points first.
    public var score: String { games.map { "\($0[0])-\($0[1])" }.joined(separator: " ") }
}

/// What `termini desk --results csv|json` writes: every finished match, in the order they ended.
public enum DeskResultsWriter {
    public enum Format: String, CaseIterable, Sendable { case csv, json }

    /// The duration is `h:mm` (`1:05`), as its column says; `ended by` names the side that
    /// retired, was disqualified or did not come.
    public static let csvHeader = "match,event,round,court,team1,country1,team2,country2,winner,games,ended,ended by,start,end,duration (h:mm),shuttles,umpire,judge,cards\n"

    /// `1:05` for 65 minutes, `0:42`: whole minutes, rounded.
    public static func hoursMinutes(_ seconds: Double) -> String {
        let m = Int((max(0, seconds) / 60).rounded())
        return "\(m / 60):" + (m % 60 < 10 ? "0" : "") + "\(m % 60)"
    }

    public static func write(_ results: [DeskResult], as format: Format) -> String {
        switch format {
        case .csv: return csvHeader + results.map(csvLine).joined()
        case .json: return JSON.object(["results": .array(results.map(jsonObject))]).text() + "\n"
        }
    }

    static func csvLine(_ r: DeskResult) -> String {
        let cells: [String] = [
            r.number, r.event, r.round, r.court ?? "",
            r.teams[0].name, r.teams[0].country ?? "", r.teams[1].name, r.teams[1].country ?? "",
            r.teams[r.winner].name, r.score, r.ended, r.endedBy.map { r.teams[min(max($0, 0), 1)].name } ?? "",
            r.start.map(MatchReport.isoTime) ?? "", MatchReport.isoTime(r.end),
            r.duration.map(hoursMinutes) ?? "",
            String(r.shuttles), r.umpire ?? "", r.judge ?? "",
            r.cards.map { "\($0.player) \(Misconduct(rawValue: $0.card)?.colour ?? $0.card) (game \($0.game))" }.joined(separator: "; "),
        ]
        return cells.map { MatchReport.csvField(TextLayout.sanitized($0)) }.joined(separator: ",") + "\n"
    }

    static func jsonObject(_ r: DeskResult) -> JSON {
        func s(_ t: String?) -> JSON { .string(t.map(TextLayout.sanitized)) }
        func team(_ t: DeskTeam) -> JSON { .object(["players": .array(t.players.map(s)), "country": s(t.country)]) }
        return .object([
            "match": s(r.number), "event": s(r.event), "round": s(r.round), "court": s(r.court),
            "teams": .array([team(r.teams[0]), team(r.teams[1])]), "winner": .int(r.winner + 1),
            "games": .array(r.games.map { .array([.int($0[0]), .int($0[1])]) }),
            "ended": s(r.ended), "endedBy": .int(r.endedBy.map { $0 + 1 }),
            "start": s(r.start.map(MatchReport.isoTime)), "end": s(MatchReport.isoTime(r.end)),
            "duration": .int(r.duration.map { Int($0.rounded()) }), "shuttles": .int(r.shuttles),
            "umpire": s(r.umpire), "judge": s(r.judge),
            "cards": .array(r.cards.map { .object(["team": .int($0.team + 1), "player": s($0.player), "card": s($0.card), "game": .int($0.game)]) }),
        ])
    }
}
