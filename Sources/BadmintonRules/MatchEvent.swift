#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiCore
import TerminiData

/// Singles (one player a side) or doubles (two).
public enum Discipline: String, Codable, Sendable, CaseIterable {
    case singles, doubles
    /// The players on each side: 1 or 2.
    public var playersPerTeam: Int { self == .singles ? 1 : 2 }
}

/// A side's name and its players (one in singles, two in doubles).
public struct TeamInfo: Codable, Equatable, Hashable, Sendable {
    /// The side's name as shown and called: the player's (`Ann`), a pair's `Ann/Bob`.
    public var name: String
    /// Its players, in the order they were named.
    public var players: [String]
    /// Each player's country or club (an IOC code, `CHN`, or a club's name), "" for none;
    /// empty when no player has one.
    public var countries: [String]
    public init(name: String, players: [String], countries: [String] = []) {
        self.name = name
        self.players = players
        let clean = countries.map { TextLayout.sanitizedName($0) }
        self.countries = clean.count == players.count && clean.contains { !$0.isEmpty } ? clean : []
    }

    /// Player `p`'s country or club, nil for none.
    public func country(_ p: Int) -> String? {
        guard countries.indices.contains(p), !countries[p].isEmpty else { return nil }
        return countries[p]
    }

    /// `Lin Dan (CHN)`: the player's full name with his country, as the scoresheet writes it.
    public func fullName(_ p: Int) -> String {
        guard players.indices.contains(p) else { return name }
        return country(p).map { "\(players[p]) (\($0))" } ?? players[p]
    }

    /// Names read from a file are cleaned as typed ones are: a hand-edited journal cannot put
    /// escape sequences on the screen or into `--status`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = TextLayout.sanitizedName(try c.decode(String.self, forKey: .name))
        let players = try c.decode([String].self, forKey: .players).map(TextLayout.sanitizedName)
        guard !name.isEmpty, !players.contains(where: \.isEmpty) else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: c, debugDescription: "empty name")
        }
        let countries = try c.decodeIfPresent([String].self, forKey: .countries) ?? []
        guard countries.isEmpty || countries.count == players.count else {
            throw DecodingError.dataCorruptedError(forKey: .countries, in: c, debugDescription: "one country a player")
        }
        self.init(name: name, players: players, countries: countries)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(players, forKey: .players)
        // Only when a player has one: older journals read and write as they did.
        if !countries.isEmpty { try c.encode(countries, forKey: .countries) }
    }

    enum CodingKeys: String, CodingKey { case name, players, countries }

    /// `Lin Dan (CHN)` → `Lin Dan` and `CHN`: a country or club in brackets at the end.
    static func splitCountry(_ text: String) -> (name: String, country: String) {
        let t = TextLayout.sanitizedName(text)
        guard t.hasSuffix(")"), let open = t.lastIndex(of: "("), open > t.startIndex else { return (t, "") }
        let name = TextLayout.sanitizedName(String(t[..<open]))
        let country = TextLayout.sanitizedName(String(t[t.index(after: open)..<t.index(before: t.endIndex)]))
        return name.isEmpty ? (t, "") : (name, country)
    }

    /// `Ann` for singles, `Ann/Bob` for doubles (the team's name is then `Ann/Bob`); each
    /// player may carry a country or club in brackets: `Lin Dan (CHN)`, `Ann (SUI)/Bob (GER)`.
    public static func parse(_ text: String, discipline: Discipline) -> TeamInfo? {
        let clean = TextLayout.sanitized(text)
        if discipline == .singles {
            let (name, country) = splitCountry(clean)
            guard !name.isEmpty, !name.contains("/") else { return nil }
            return TeamInfo(name: name, players: [name], countries: [country])
        }
        let parts = clean.split(separator: "/", omittingEmptySubsequences: false).map { splitCountry(String($0)) }
        guard parts.count == 2, parts.allSatisfy({ !$0.name.isEmpty }) else { return nil }
        let players = parts.map(\.name)
        return TeamInfo(name: players.joined(separator: "/"), players: players, countries: parts.map(\.country))
    }

    /// A doubles pair: its name takes a plural verb (`Ann/Bob retire`).
    public var isPair: Bool { players.count > 1 }

    /// `verb` for a single player (`wins`), `plural` for a pair (`win`).
    public func verb(_ singular: String, _ plural: String) -> String { isPair ? plural : singular }

    /// The text that `parse` reads back: `Ann` or `Ann/Bob`.
    public var entry: String { players.indices.map(fullName).joined(separator: "/") }

    /// The sides of a match nobody named: Red and Blue (`Red 1`, `Red 2` … in doubles).
    public static func defaults(_ discipline: Discipline) -> [TeamInfo] {
        discipline == .singles
            ? [TeamInfo(name: "Red", players: ["Red"]), TeamInfo(name: "Blue", players: ["Blue"])]
            : [TeamInfo(name: "Red", players: ["Red 1", "Red 2"]), TeamInfo(name: "Blue", players: ["Blue 1", "Blue 2"])]
    }
}

/// The names the scoresheet's head carries beside the players': all optional, each cleaned as
/// a typed name is (control characters out, at most 40 characters; empty is none).
public struct MatchOfficials: Equatable, Sendable {
    /// The event or tournament: `Club championship, men's singles`.
    public var event: String?
    /// The court's number or name.
    public var court: String?
    public var umpire: String?
    public var serviceJudge: String?
    /// The match's number in the order of play (`12`) and its round (`R2`, `Final`).
    public var matchNumber: String?
    public var round: String?

    /// Each name cleaned as a typed name is; empty is none.
    public init(event: String? = nil, court: String? = nil, umpire: String? = nil, serviceJudge: String? = nil,
                matchNumber: String? = nil, round: String? = nil) {
        self.event = MatchOfficials.clean(event)
        self.court = MatchOfficials.clean(court)
        self.umpire = MatchOfficials.clean(umpire)
        self.serviceJudge = MatchOfficials.clean(serviceJudge)
        self.matchNumber = MatchOfficials.clean(matchNumber)
        self.round = MatchOfficials.clean(round)
    }

    /// No name given at all.
    public var isEmpty: Bool { event == nil && court == nil && umpire == nil && serviceJudge == nil && matchNumber == nil && round == nil }

    /// `Match 12 · MS · R2`: the match's number, event and round, as far as given; nil for none.
    public var heading: String? {
        let parts = [matchNumber.map { "Match \($0)" }, event, round].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let s = TextLayout.sanitizedName(text)
        return s.isEmpty ? nil : s
    }
}

/// Everything needed to begin a match.
public struct MatchSetup: Equatable, Sendable {
    public var format: MatchFormat
    public var discipline: Discipline
    public var teams: [TeamInfo]
    /// The team that serves first.
    public var firstServer: Int
    /// The event, court, umpire and service judge, for the scoresheet (none in older journals).
    public var officials: MatchOfficials
    /// A match called to court by the desk: its warm-up began at the call (`CourtCall.calledAt`),
    /// before the match was set up. nil: none (the umpire starts one with `w`).
    public var warmUpFrom: Double?
    public init(format: MatchFormat = .standard, discipline: Discipline = .singles, teams: [TeamInfo]? = nil, firstServer: Int = 0,
                officials: MatchOfficials = MatchOfficials(), warmUpFrom: Double? = nil) {
        self.format = format
        self.discipline = discipline
        self.teams = teams ?? TeamInfo.defaults(discipline)
        self.firstServer = firstServer == 1 ? 1 : 0
        self.officials = officials
        self.warmUpFrom = warmUpFrom
    }
}

/// One line of the match journal: something that happened, and when (wall-clock seconds).
/// A match is the list of these; its state is their replay (see `MatchLog`).
public struct MatchEvent: Equatable, Sendable {
    /// What happened. Teams are 0 (named first) and 1; players index a team's `players`.
    public enum Action: Equatable, Sendable {
        /// A new match: always the journal's first line, and only there.
        case start(MatchSetup)
        /// A rally won by `team`.
        case point(team: Int)
        /// The umpire swapped the ends by hand (the Laws' changes of ends are in the state).
        case swapEnds
        /// Who serves and who receives at the start of a game (doubles): player indices.
        case service(team: Int, server: Int, receiver: Int)
        /// Game 1, before the first rally: the other side serves first (doubles: who of it
        /// serves, and who receives, is chosen again).
        case firstServer(team: Int)
        /// The sides' names edited (the players stay where they stand).
        case names([TeamInfo])
        /// The next game begins (after a game was won).
        case nextGame
        /// The interval ended early (by the umpire).
        case endInterval
        /// `team` retired: the match ends, won by the other. In doubles `player` names the
        /// player who retired (the pair retires with him); nil when none is named.
        case retire(team: Int, player: Int? = nil)
        /// `team` did not play: the match ends before any rally, won by the other.
        case walkover(team: Int)
        /// Law 16: a card to one player (`player` indexes the team's players).
        case card(team: Int, player: Int, card: Misconduct)
        /// A new shuttle brought into play.
        case shuttle
        /// The two-minute warm-up starts (again, if one runs): until the first rally.
        case warmUp
        /// Play stops for an injury (of a player, when named) or a suspension: a clock runs up.
        case stop(Stoppage.Kind, team: Int?, player: Int?)
        /// Play resumes after a stop; the stop is kept with its duration.
        case resume
        /// Correction: `team` serves, its player `server` to the other side's `receiver`; the
        /// courts follow from the score (doubles; 0 and 0 in singles).
        case correctService(team: Int, server: Int, receiver: Int)
        /// Correction (doubles): the player of `team` standing in the right service court.
        case correctCourts(team: Int, right: Int)
        /// Correction: the score of the game in play, `[team 0, team 1]`.
        case correctScore([Int])
        /// The umpire overruled a line judge (`O` on the scoresheet); the rally is scored as usual.
        case overrule
        /// The umpire called the referee onto the court (`R` on the scoresheet).
        case refereeCalled
        /// Takes back the last event in force (`MatchLog`).
        case undo
        /// Puts back the last undone event.
        case redo
    }

    /// When it happened: wall-clock seconds since 1970, to the millisecond.
    public var time: Double
    public var action: Action

    /// `action` at `time` (rounded to the millisecond, as the journal keeps it).
    public init(_ action: Action, at time: Double) {
        self.action = action
        // Milliseconds are plenty and keep the journal short.
        self.time = (time * 1000).rounded() / 1000
    }

    /// The journal's version of the line format.
    public static let version = 1

    /// The event's name in the journal line (`"event"`), `--export` and messages: `point`, `next-game`.
    public var name: String {
        switch action {
        case .start: return "start"
        case .point: return "point"
        case .swapEnds: return "swap"
        case .service: return "service"
        case .firstServer: return "first-server"
        case .names: return "names"
        case .nextGame: return "next-game"
        case .endInterval: return "end-interval"
        case .retire: return "retire"
        case .overrule: return "overrule"
        case .refereeCalled: return "referee"
        case .walkover: return "walkover"
        case .card: return "card"
        case .shuttle: return "shuttle"
        case .warmUp: return "warm-up"
        case .stop: return "stop"
        case .resume: return "resume"
        case .correctService: return "correct-service"
        case .correctCourts: return "correct-courts"
        case .correctScore: return "correct-score"
        case .undo: return "undo"
        case .redo: return "redo"
        }
    }
}

extension MatchEvent: Codable {
    enum Keys: String, CodingKey {
        case t, e, v, team, server, receiver, teams, format, discipline, player, card, kind, right, score
        /// The start's officials, each only when given (older journals have none); `warm`: the
        /// warm-up began at the desk's call, before the start.
        case event, court, umpire, judge, match, round, warm
    }

    /// The one place an event becomes JSON fields (the journal, the history).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(time, forKey: .t)
        try c.encode(name, forKey: .e)
        switch action {
        case .start(let s):
            try c.encode(MatchEvent.version, forKey: .v)
            try c.encode(s.format, forKey: .format)
            try c.encode(s.discipline, forKey: .discipline)
            try c.encode(s.teams, forKey: .teams)
            try c.encode(s.firstServer, forKey: .server)
            try c.encodeIfPresent(s.officials.event, forKey: .event)
            try c.encodeIfPresent(s.officials.court, forKey: .court)
            try c.encodeIfPresent(s.officials.umpire, forKey: .umpire)
            try c.encodeIfPresent(s.officials.serviceJudge, forKey: .judge)
            try c.encodeIfPresent(s.officials.matchNumber, forKey: .match)
            try c.encodeIfPresent(s.officials.round, forKey: .round)
            try c.encodeIfPresent(s.warmUpFrom, forKey: .warm)
        case .point(let t), .walkover(let t), .firstServer(let t):
            try c.encode(t, forKey: .team)
        case let .retire(t, p):
            try c.encode(t, forKey: .team)
            try c.encodeIfPresent(p, forKey: .player)
        case let .service(t, s, r), let .correctService(t, s, r):
            try c.encode(t, forKey: .team)
            try c.encode(s, forKey: .server)
            try c.encode(r, forKey: .receiver)
        case .names(let teams):
            try c.encode(teams, forKey: .teams)
        case let .card(t, p, card):
            try c.encode(t, forKey: .team)
            try c.encode(p, forKey: .player)
            try c.encode(card.rawValue, forKey: .card)
        case let .stop(kind, t, p):
            try c.encode(kind.rawValue, forKey: .kind)
            try c.encodeIfPresent(t, forKey: .team)
            try c.encodeIfPresent(p, forKey: .player)
        case let .correctCourts(t, r):
            try c.encode(t, forKey: .team)
            try c.encode(r, forKey: .right)
        case .correctScore(let score):
            try c.encode(score, forKey: .score)
        case .swapEnds, .nextGame, .endInterval, .shuttle, .warmUp, .resume, .overrule, .refereeCalled, .undo, .redo:
            break
        }
    }

    /// A start's warm-up begun at the desk's call: on the wall clock and not after the start
    /// (else the line is damage); nil: none.
    static func warmUp(_ c: KeyedDecodingContainer<Keys>, start t: Double) throws -> Double? {
        let warm = try c.decodeIfPresent(Double.self, forKey: .warm, in: Ranges.moment)
        if let warm, warm > t { throw DecodingError.dataCorruptedError(forKey: .warm, in: c, debugDescription: "the warm-up cannot begin after the start") }
        return warm
    }

    /// The largest score a journal line may hold (the largest cap a format may have); the
    /// match itself refuses a score its format cannot reach.
    static let maxScore = 99

    /// The one place a journal line becomes an event: every field is checked here, by kind
    /// (a time on the wall clock, `Ranges.moment`; an index as 0 or 1; words, names and
    /// formats by their own decoders); anything out of its range makes the line damaged, and
    /// nothing later can trap on it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let t = try c.decode(Double.self, forKey: .t, in: Ranges.moment)
        let e = try c.decode(String.self, forKey: .e)
        func fail(_ key: Keys, _ why: String) -> DecodingError { .dataCorruptedError(forKey: key, in: c, debugDescription: why) }
        /// A team, a player of a team, a server, receiver or court index: 0 or 1.
        func index(_ key: Keys) throws -> Int {
            let v = try c.decode(Int.self, forKey: key)
            guard v == 0 || v == 1 else { throw fail(key, "\(key.stringValue) must be 0 or 1") }
            return v
        }
        func team(_ key: Keys = .team) throws -> Int { try index(key) }
        func word<W: RawRepresentable<String>>(_ key: Keys, as: W.Type) throws -> W {
            let raw = try c.decode(String.self, forKey: key)
            guard let w = W(rawValue: raw) else { throw fail(key, "unknown \(key.stringValue) '\(raw)'") }
            return w
        }
        let action: Action
        switch e {
        case "start":
            let v = try c.decodeIfPresent(Int.self, forKey: .v) ?? 1
            guard v <= MatchEvent.version else { throw fail(.v, "journal version \(v) is newer than this Termini") }
            let d = try c.decode(Discipline.self, forKey: .discipline)
            let teams = try c.decode([TeamInfo].self, forKey: .teams)
            guard teams.count == 2, teams.allSatisfy({ $0.players.count == d.playersPerTeam }) else {
                throw fail(.teams, "two teams of \(d.playersPerTeam) needed")
            }
            // A name that is not text is damage; one too long is cut as a typed one would be.
            let officials = MatchOfficials(event: try c.decodeIfPresent(String.self, forKey: .event),
                                           court: try c.decodeIfPresent(String.self, forKey: .court),
                                           umpire: try c.decodeIfPresent(String.self, forKey: .umpire),
                                           serviceJudge: try c.decodeIfPresent(String.self, forKey: .judge),
                                           matchNumber: try c.decodeIfPresent(String.self, forKey: .match),
                                           round: try c.decodeIfPresent(String.self, forKey: .round))
            action = .start(MatchSetup(format: try c.decode(MatchFormat.self, forKey: .format), discipline: d, teams: teams,
                                       firstServer: try team(.server), officials: officials, warmUpFrom: try MatchEvent.warmUp(c, start: t)))
        case "point": action = .point(team: try team())
        case "retire":
            action = .retire(team: try team(), player: c.contains(.player) ? try index(.player) : nil)
        case "overrule": action = .overrule
        case "referee": action = .refereeCalled
        case "walkover": action = .walkover(team: try team())
        case "first-server": action = .firstServer(team: try team())
        case "swap": action = .swapEnds
        case "service":
            action = .service(team: try team(), server: try index(.server), receiver: try index(.receiver))
        case "names":
            let teams = try c.decode([TeamInfo].self, forKey: .teams)
            guard teams.count == 2 else { throw fail(.teams, "two teams needed") }
            action = .names(teams)
        case "next-game": action = .nextGame
        case "end-interval": action = .endInterval
        case "card":
            action = .card(team: try team(), player: try index(.player), card: try word(.card, as: Misconduct.self))
        case "shuttle": action = .shuttle
        case "warm-up": action = .warmUp
        case "stop":
            let kind = try word(.kind, as: Stoppage.Kind.self)
            // A player is named with the team, or neither is.
            let named = c.contains(.team) || c.contains(.player)
            action = .stop(kind, team: named ? try team() : nil, player: named ? try index(.player) : nil)
        case "resume": action = .resume
        case "correct-service":
            action = .correctService(team: try team(), server: try index(.server), receiver: try index(.receiver))
        case "correct-courts": action = .correctCourts(team: try team(), right: try index(.right))
        case "correct-score":
            let score = try c.decode([Int].self, forKey: .score)
            guard score.count == 2, score.allSatisfy({ (0...MatchEvent.maxScore).contains($0) }) else {
                throw fail(.score, "a score is two numbers from 0 to \(MatchEvent.maxScore)")
            }
            action = .correctScore(score)
        case "undo": action = .undo
        case "redo": action = .redo
        default:
            throw fail(.e, "unknown event '\(e)'")
        }
        self.init(action, at: t)
        time = t
    }

    /// The event as one journal line, newline included.
    public var line: [UInt8] {
        if let line = numbersOnlyLine { return line }
        guard let bytes = try? JSONWriter.encode(self, layout: .compact) else { return [] }
        return bytes + [0x0a]
    }

    /// The line of an event whose fields are all numbers (a rally, an undo: the lines written
    /// while the umpire waits for the score), written straight out: the same bytes as
    /// `JSONWriter`'s (keys sorted by their UTF-8 bytes, the time as `JSONWriter.number`), at
    /// a fraction of the cost of going through `Encodable`, which is on the path from the key
    /// to the journal's sync. nil for the other kinds, and for a time JSON cannot hold.
    var numbersOnlyLine: [UInt8]? {
        guard let t = JSONWriter.number(time) else { return nil }
        // Each kind's fields in sorted order: e < receiver < right < server < t < team.
        let before: [(String, Int)], after: [(String, Int)]
        switch action {
        case .point(let t), .retire(let t, nil), .walkover(let t), .firstServer(let t):
            (before, after) = ([], [("team", t)])
        case let .service(t, s, r), let .correctService(t, s, r):
            (before, after) = ([("receiver", r), ("server", s)], [("team", t)])
        case let .correctCourts(t, r):
            (before, after) = ([("right", r)], [("team", t)])
        case .swapEnds, .nextGame, .endInterval, .shuttle, .warmUp, .resume, .overrule, .refereeCalled, .undo, .redo:
            (before, after) = ([], [])
        case .start, .names, .card, .stop, .correctScore, .retire:
            return nil
        }
        var out: [UInt8] = []
        out.reserveCapacity(64)
        func field(_ key: String, _ value: String) {
            out.append(out.isEmpty ? 0x7b : 0x2c)
            out.append(0x22)
            out.append(contentsOf: key.utf8)
            out.append(contentsOf: "\":".utf8)
            out.append(contentsOf: value.utf8)
        }
        field("e", "\"" + name + "\"")
        for (k, v) in before { field(k, v.description) }
        field("t", t)
        for (k, v) in after { field(k, v.description) }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// Reads one journal line; nil when it is not a whole, valid event.
    public static func parse(line: some Collection<UInt8>) -> MatchEvent? {
        let bytes = Array(line)
        if let e = numbersOnly(bytes) { return e }
        return try? JSONDecoder().decode(MatchEvent.self, from: Data(bytes))
    }

    /// A line exactly as `numbersOnlyLine` writes it (a rally, an undo: most of a journal), read
    /// without JSONDecoder, which cost 27,000 instructions a line (a `--new` after a match of
    /// 120 rallies read the old one for 3.8 M). Its fields are picked out loosely, and the event
    /// they make is taken only if writing it gives back these very bytes: then it is the event
    /// JSONDecoder reads from them (the writer's lines read back to the same events: tested).
    /// Anything else, damage included, is nil and left to JSONDecoder.
    static func numbersOnly(_ line: [UInt8]) -> MatchEvent? {
        let head = Array("{\"e\":\"".utf8)
        guard line.count > head.count, line.count < 200, line.starts(with: head) else { return nil }
        guard let close = line[head.count...].firstIndex(of: 0x22) else { return nil }
        let name = String(decoding: line[head.count..<close], as: UTF8.self)
        /// The number after `"key":`, as its text.
        func number(_ key: String) -> Substring? {
            let k = Array("\"\(key)\":".utf8)
            guard close + k.count <= line.count else { return nil }
            for i in close...(line.count - k.count) where line[i] == 0x22 && Array(line[i..<i + k.count]) == k {
                var j = i + k.count
                while j < line.count, (0x30...0x39).contains(line[j]) || line[j] == 0x2e || line[j] == 0x2d || line[j] == 0x2b
                        || line[j] == 0x65 || line[j] == 0x45 { j += 1 }
                return Substring(String(decoding: line[(i + k.count)..<j], as: UTF8.self))
            }
            return nil
        }
        func index(_ key: String) -> Int? { number(key).flatMap { Int($0) }.flatMap { $0 == 0 || $0 == 1 ? $0 : nil } }
        guard let t = number("t").flatMap({ Double($0) }), Ranges.moment.contains(t) else { return nil }
        let action: Action
        switch name {
        case "point", "retire", "walkover", "first-server":
            guard let team = index("team") else { return nil }
            action = name == "point" ? .point(team: team) : name == "retire" ? .retire(team: team)
                : name == "walkover" ? .walkover(team: team) : .firstServer(team: team)
        case "service", "correct-service":
            guard let team = index("team"), let server = index("server"), let receiver = index("receiver") else { return nil }
            action = name == "service" ? .service(team: team, server: server, receiver: receiver)
                : .correctService(team: team, server: server, receiver: receiver)
        case "correct-courts":
            guard let team = index("team"), let right = index("right") else { return nil }
            action = .correctCourts(team: team, right: right)
        case "swap": action = .swapEnds
        case "next-game": action = .nextGame
        case "end-interval": action = .endInterval
        case "shuttle": action = .shuttle
        case "warm-up": action = .warmUp
        case "resume": action = .resume
        case "overrule": action = .overrule
        case "referee": action = .refereeCalled
        case "undo": action = .undo
        case "redo": action = .redo
        default: return nil
        }
        // As `init(from:)` makes it: the time as read, not rounded.
        var event = MatchEvent(action, at: t)
        event.time = t
        guard let written = event.numbersOnlyLine, written.count == line.count + 1, written.starts(with: line) else { return nil }
        return event
    }
}
