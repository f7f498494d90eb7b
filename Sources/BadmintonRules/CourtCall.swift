#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiCore
import TerminiData

/// A call to court: the tournament desk sends match `match` to court `court`. It travels over
/// the hall (`HallCall`, on `desk/call/C`, retained) and the court keeps it in its config
/// directory (`Kept`, with where it stands) until its match begins. One line of JSON:
///
///     {"v":1,"id":"12@1790000000","match":"12","event":"MS","round":"R2","court":"3",
///      "team1":[{"name":"Lin Dan","country":"CHN"}],"team2":[{"name":"Lee Chong Wei","country":"MAS"}],
///      "format":"3x21","umpire":"Ann Ump","judge":"Bob Judge","calledAt":1790000000}
///
/// What arrives is hostile input: `parse` takes at most `maxBytes`, checks the court and match
/// number as names on the command line are checked, cleans every name as a typed name is
/// (control characters and bidi controls out, at most 40 characters), and refuses the rest.
public struct CourtCall: Equatable, Sendable {
    /// A player as called: a name and a country or club (an IOC code, `CHN`), if any.
    public struct Player: Equatable, Sendable {
        public var name: String
        public var country: String?

        public init(name: String, country: String? = nil) {
            self.name = TextLayout.sanitizedName(name)
            self.country = country.map(TextLayout.sanitizedName).flatMap { $0.isEmpty ? nil : $0 }
        }

        /// `Lin Dan (CHN)`.
        public var label: String { country.map { "\(name) (\($0))" } ?? name }
    }

    /// The call's own id, the same at every redelivery: `12@1790000000` (match @ calledAt).
    public var id: String
    /// The match number on the order of play (`12`): 1 to 12 letters, digits or `-`.
    public var match: String
    /// `MS`, `WD`, or the event's name.
    public var event: String
    /// `R2`, `QF`, `F`.
    public var round: String
    public var court: String
    /// One player a side in singles, two in doubles.
    public var team1: [Player]
    public var team2: [Player]
    /// `3x21`; nil: the court's own.
    public var format: String?
    public var umpire: String?
    public var judge: String?
    /// When the call was made (epoch seconds): the warm-up starts then.
    public var calledAt: Double

    public static let version = 1
    /// A call is a few hundred bytes; anything larger is not one.
    public static let maxBytes = 4096

    public init(id: String? = nil, match: String, event: String, round: String, court: String, team1: [Player], team2: [Player],
                format: String? = nil, umpire: String? = nil, judge: String? = nil, calledAt: Double) {
        self.id = id ?? CourtCall.id(match: match, calledAt: calledAt)
        self.match = match
        self.event = TextLayout.sanitizedName(event)
        self.round = TextLayout.sanitizedName(round)
        self.court = court
        self.team1 = team1
        self.team2 = team2
        self.format = format
        self.umpire = CourtCall.clean(umpire)
        self.judge = CourtCall.clean(judge)
        self.calledAt = calledAt
    }

    /// The id a call of `match` made at `calledAt` has: `12@1790000000`.
    public static func id(match: String, calledAt: Double) -> String {
        "\(match)@\(JSONWriter.number(calledAt) ?? "0")"
    }

    /// `Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei (MAS)`.
    public var title: String {
        let head = ["Match \(match)", [event, round].filter { !$0.isEmpty }.joined(separator: " ")].filter { !$0.isEmpty }
        return (head + ["\(CourtCall.side(team1)) v \(CourtCall.side(team2))"]).joined(separator: " · ")
    }

    /// `Lin Dan (CHN)`, `Ann (SUI)/Bob (GER)`.
    public static func side(_ players: [Player]) -> String { players.map(\.label).joined(separator: "/") }

    /// Singles or doubles, by the players a side.
    public var discipline: Discipline { team1.count > 1 ? .doubles : .singles }

    /// The sides as the court's setup takes them.
    public var teams: [TeamInfo] {
        [team1, team2].map { side in
            let names = side.map(\.name)
            return TeamInfo(name: names.joined(separator: "/"), players: names, countries: side.map { $0.country ?? "" })
        }
    }

    /// The match's format, when the call gives one the court can play.
    public var matchFormat: MatchFormat? {
        guard let format, case .success(let f) = MatchFormat.parse(format) else { return nil }
        return f
    }

    /// The scoresheet's head as the call fills it.
    public var officials: MatchOfficials {
        MatchOfficials(event: event, court: court, umpire: umpire, serviceJudge: judge, matchNumber: match, round: round)
    }

    // MARK: Wire

    public var bytes: [UInt8] {
        func side(_ players: [Player]) -> JSON {
            .array(players.map { p in
                var m: [(String, JSON)] = [("name", .string(p.name))]
                if let c = p.country { m.append(("country", .string(c))) }
                return .object(m)
            })
        }
        var members: [(String, JSON)] = [
            ("v", .int(CourtCall.version)), ("id", .string(id)), ("match", .string(match)), ("event", .string(event)),
            ("round", .string(round)), ("court", .string(court)), ("team1", side(team1)), ("team2", side(team2)),
        ]
        if let format { members.append(("format", .string(format))) }
        if let umpire { members.append(("umpire", .string(umpire))) }
        if let judge { members.append(("judge", .string(judge))) }
        members.append(("calledAt", .double(calledAt)))
        return JSON.object(members).bytes()
    }

    fileprivate struct Raw: Decodable {
        struct P: Decodable {
            var name: String
            var country: String?
        }
        var v: Int
        var id: String
        var match: String
        var event: String
        var round: String
        var court: String
        var team1: [P]
        var team2: [P]
        var format: String?
        var umpire: String?
        var judge: String?
        var calledAt: Double
    }

    /// A call read from the network; nil for anything that is not one (too large, not JSON,
    /// another version, a court or match number that is not one, a side of no or three players
    /// or an empty name, a format no court plays, a time out of range). An empty payload is
    /// not a call: it is the desk withdrawing one.
    public static func parse(_ payload: [UInt8]) -> CourtCall? {
        guard !payload.isEmpty, payload.count <= maxBytes, let raw = try? JSONDecoder().decode(Raw.self, from: Data(payload)) else { return nil }
        return CourtCall(raw)
    }

    fileprivate init?(_ raw: Raw) {
        guard raw.v == CourtCall.version, CourtCall.isValidID(raw.id), CourtCall.isValidMatch(raw.match), CourtFiles.isValidName(raw.court),
              raw.calledAt.isFinite, raw.calledAt > 0, raw.calledAt < 1e11 else { return nil }
        let sides = [raw.team1, raw.team2].map { $0.map { Player(name: $0.name, country: $0.country) } }
        guard sides.allSatisfy({ (1...2).contains($0.count) }), sides[0].count == sides[1].count,
              sides.joined().allSatisfy({ !$0.name.isEmpty && !$0.name.contains("/") }) else { return nil }
        var format: String?
        if let f = raw.format {
            guard f.utf8.count <= 12, case .success(let parsed) = MatchFormat.parse(f) else { return nil }
            format = parsed.description
        }
        self.init(id: raw.id, match: raw.match, event: raw.event, round: raw.round, court: raw.court,
                  team1: sides[0], team2: sides[1], format: format, umpire: raw.umpire, judge: raw.judge, calledAt: raw.calledAt)
    }

    /// The desk's retained word that a court has no call: a withdrawal a court offline meanwhile
    /// still hears when it connects (an empty retained message would leave the broker nothing
    /// to give it).
    public static let withdrawal: [UInt8] = Array(#"{"v":1,"call":null}"#.utf8)

    /// Whether a payload on a call topic withdraws the call: the desk's word, or an empty one.
    public static func withdraws(_ payload: [UInt8]) -> Bool { payload.isEmpty || payload == withdrawal }

    /// Reads a call from court `court`'s call topic: one that names another court is not its.
    public static func parse(_ payload: [UInt8], court: String) -> CourtCall? {
        parse(payload).flatMap { $0.court == court ? $0 : nil }
    }

    /// A call's id: 1 to 40 ASCII letters, digits and `-` `.` `@` `_` `:`.
    public static func isValidID(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 40 && s.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || [0x2d, 0x2e, 0x40, 0x5f, 0x3a].contains(b)
        }
    }

    /// A match number as the desk takes it (`DeskMatch.isValidNumber`'s rule): 1 to 12 ASCII
    /// letters, digits and `-`, not starting with `-`.
    public static func isValidMatch(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 12 && s.first != "-" && s.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b == 0x2d
        }
    }

    /// Where a call stands on its court (`CallStep`): the court's answer to the desk.
    public typealias State = CallStep

    /// The call as its court keeps it (`CourtFiles.call`), with where it stands and when the
    /// court took it (its own clock): `{"state":"next","kept":1790000003.5,"call":{…}}`. Read
    /// back with the same checks as from the network. Written by the court's hall link only.
    public struct Kept: Equatable, Sendable {
        public var call: CourtCall
        public var state: State
        /// When this court took the call, by its own clock: a match it begins from then on
        /// with the call's number is the call's.
        public var keptAt: Double

        public init(call: CourtCall, state: State, keptAt: Double) {
            self.call = call
            self.state = state
            self.keptAt = keptAt
        }

        public var bytes: [UInt8] {
            Array(JSON.object([("state", .string(state.rawValue)), ("kept", .double(keptAt))]).bytes().dropLast())
                + Array(#","call":"#.utf8) + call.bytes + [0x7d, 0x0a]
        }

        private struct Raw: Decodable {
            var state: String
            var kept: Double
            var call: CourtCall.Raw
        }

        /// The kept call; nil for none (an empty file: the desk withdrew it) or a file that is not one.
        public static func parse(_ bytes: [UInt8]?) -> Kept? {
            guard let bytes, !bytes.isEmpty, bytes.count <= CourtCall.maxBytes + 128,
                  let raw = try? JSONDecoder().decode(Raw.self, from: Data(bytes)), let state = State(word: raw.state), state.atCourt,
                  raw.kept.isFinite, raw.kept > 0, raw.kept < 1e11, let call = CourtCall(raw.call) else { return nil }
            return Kept(call: call, state: state, keptAt: raw.kept)
        }

        /// Where the call stands with the court's match as it is: an end stays so; begun as
        /// soon as a match with its number begins after it was kept (before the hall link has
        /// written so), finished once that match is over or another followed it; else `delivered` on a free court,
        /// `next` on a busy one.
        public func standing(_ log: MatchLog?) -> State {
            if state.isEnd { return state }
            if let log, log.startedAt >= keptAt, log.setup?.officials.matchNumber == call.match {
                return log.state.isOver ? .finished : .begun
            }
            // Begun, and another match on court since: the call's match went to the history.
            if state == .begun { return .finished }
            return CourtCall.isFree(log) ? .delivered : .next
        }

        /// When the call's warm-up begins: at the call, or, for a call that waited as the
        /// court's next, when the match before it ended (the players could not warm up before).
        public func warmUpFrom(_ log: MatchLog?) -> Double {
            guard let log, log.state.isOver, let end = log.effective.last?.time else { return call.calledAt }
            return max(call.calledAt, end)
        }

        /// Still to be played on this court (delivered or next).
        public func isOpen(_ log: MatchLog?) -> Bool { standing(log).isOpen }
    }

    /// Whether a court can take a call now: no match, a match over, or one set up by hand
    /// where nothing has happened yet beyond its start. Else the call waits as the court's
    /// next: a match begun from a call (it has its number) is never put aside for another
    /// before it ends, or it would end as neither a result nor a refusal.
    public static func isFree(_ log: MatchLog?) -> Bool {
        guard let log else { return true }
        return log.state.phase == .matchOver || (log.effective.count <= 1 && (log.setup?.officials.matchNumber ?? "").isEmpty)
    }

    static func clean(_ s: String?) -> String? {
        s.map(TextLayout.sanitizedName).flatMap { $0.isEmpty ? nil : $0 }
    }
}

