import TerminiCore
import BadmintonRules

/// One side of a match on the order of play: its players (one, or two for doubles written
/// `A/B`) and their country or club (an IOC code such as `CHN`, or a club's name; none given: nil).
public struct DeskTeam: Codable, Equatable, Hashable, Sendable {
    public var players: [String]
    public var country: String?

    public init(players: [String], country: String? = nil) {
        self.players = players
        self.country = country
    }

    /// `Lin Dan`, or `Ann/Bob` for a pair (as the court's setup reads it back).
    public var name: String { players.joined(separator: "/") }
    /// `Lin Dan (CHN)`; a pair from two countries (`DEN/ITA`) `Lars (DEN)/Sofia (ITA)`.
    public var label: String {
        let each = countries
        if players.count > 1, Set(each).count > 1 {
            return zip(players, each).map { p, c in c.map { "\(p) (\($0))" } ?? p }.joined(separator: "/")
        }
        return country.map { "\(name) (\($0))" } ?? name
    }

    /// Each player's country: `DEN/ITA` for a pair gives the first `DEN` and the second
    /// `ITA`; one country is both players'.
    public var countries: [String?] {
        guard let c = country else { return players.map { _ in nil } }
        let parts = c.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmed }
        if players.count > 1, parts.count == players.count { return parts.map { $0.isEmpty ? nil : $0 } }
        return players.map { _ in c }
    }
}

/// A match of the order of play, as the desk's CSV gives it.
public struct DeskMatch: Codable, Equatable, Sendable {
    /// The match number, as the desk and `--call MATCH` name it: 1 to 12 letters, digits or `-`.
    public var number: String
    /// `MS`, `WD`, `XD`, or any event name of the tournament.
    public var event: String
    /// `R2`, `QF`, `F`.
    public var round: String
    public var teams: [DeskTeam]
    /// The match's format (`3x21`); nil: the court's own.
    public var format: MatchFormat?
    public var umpire: String?
    public var judge: String?
    /// Not to be called before this time of day (`14:30`, minutes after midnight), if given.
    public var notBefore: Int?

    public var discipline: Discipline { teams.contains { $0.players.count > 1 } ? .doubles : .singles }
    /// Every player of the match, both sides.
    public var players: [String] { teams.flatMap(\.players) }
    /// `Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei (MAS)`.
    public var title: String { "Match \(number) · \(event) \(round) · \(teams[0].label) v \(teams[1].label)" }

    /// A match number as the desk takes it.
    public static func isValidNumber(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 12 && text.first != "-"
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x61 && $0 <= 0x7a) || $0 == 0x2d }
    }

    /// `14:30` as minutes after midnight; nil for anything else.
    public static func timeOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else { return nil }
        return h * 60 + m
    }
}

/// A line of the matches file that was not taken, and why (line numbers count from 1, the
/// header being line 1; a quoted field across lines is reported at its first line).
public struct MatchesProblem: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}

/// The desk's matches file: a header, then one match a line. Columns `match,event,round,
/// team1,team2` are required, `country1,country2,format,umpire,judge,not_before` optional, in
/// any order; fields may be quoted (`"Lee, Chong Wei"`, `""` for a quote); a byte-order mark,
/// CRLF line ends and UTF-8 names are read as they come. A bad line is reported with its line
/// number and skipped; the other lines are all taken.
public enum MatchesCSV {
    public static let required = ["match", "event", "round", "team1", "team2"]
    public static let optional = ["country1", "country2", "format", "umpire", "judge", "not_before"]
    /// A file bigger than this is not an order of play.
    public static let maxBytes = 4 << 20

    public struct Read: Equatable, Sendable {
        public var matches: [DeskMatch]
        public var problems: [MatchesProblem]
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case empty
        case tooBig
        case missingColumns([String])
        public var description: String {
            switch self {
            case .empty: return "the matches file is empty: it needs a header line (match,event,round,team1,team2)"
            case .tooBig: return "the matches file is over \(MatchesCSV.maxBytes >> 20) MB: not an order of play"
            case .missingColumns(let c): return "the matches file's header lacks the column\(c.count == 1 ? "" : "s") \(c.joined(separator: ", ")) (needed: \(MatchesCSV.required.joined(separator: ",")))"
            }
        }
    }

    public static func read(_ bytes: [UInt8]) -> Result<Read, Failure> {
        guard bytes.count <= maxBytes else { return .failure(.tooBig) }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let records = CSVRecords.split(String(decoding: body, as: UTF8.self))
        guard let header = records.first(where: { !$0.isBlank }) else { return .failure(.empty) }
        let names = header.fields.map { $0.trimmed.lowercased() }
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else { return .failure(.missingColumns(missing)) }
        var problems: [MatchesProblem] = []
        for (i, n) in names.enumerated() where !required.contains(n) && !optional.contains(n) {
            problems.append(MatchesProblem(line: header.line, reason: "column \(i + 1) '\(TextLayout.sanitizedName(n))' is not one the desk knows: ignored"))
        }
        var matches: [DeskMatch] = []
        var numbers: Set<String> = []
        for record in records where record.line > header.line && !record.isBlank {
            switch match(record, columns: names) {
            case .failure(let why):
                problems.append(MatchesProblem(line: record.line, reason: why.text))
            case .success(let m):
                guard numbers.insert(m.number).inserted else {
                    problems.append(MatchesProblem(line: record.line, reason: "match \(m.number) is already on an earlier line"))
                    continue
                }
                matches.append(m)
            }
        }
        return .success(Read(matches: matches, problems: problems))
    }

    struct Why: Error { var text: String }

    static func match(_ record: CSVRecords.Record, columns: [String]) -> Result<DeskMatch, Why> {
        if let e = record.error { return .failure(Why(text: e)) }
        guard record.fields.count <= columns.count else {
            return .failure(Why(text: "\(record.fields.count) fields, the header has \(columns.count)"))
        }
        func field(_ name: String) -> String? {
            guard let i = columns.firstIndex(of: name), i < record.fields.count else { return nil }
            let v = TextLayout.sanitizedName(record.fields[i])
            return v.isEmpty ? nil : v
        }
        for name in required where field(name) == nil { return .failure(Why(text: "no \(name)")) }
        guard let number = field("match"), let team1 = field("team1"), let team2 = field("team2") else {
            return .failure(Why(text: "no match or team"))
        }
        guard DeskMatch.isValidNumber(number) else {
            return .failure(Why(text: "match '\(number)' is not a match number (1 to 12 letters, digits or -)"))
        }
        var teams: [DeskTeam] = []
        for (side, team) in [(1, team1), (2, team2)] {
            let players = team.split(separator: "/", omittingEmptySubsequences: false).map { TextLayout.sanitizedName(String($0)) }
            guard players.count <= 2, !players.contains(where: \.isEmpty) else {
                return .failure(Why(text: "team\(side) '\(team)' is not a player or a pair A/B"))
            }
            teams.append(DeskTeam(players: players, country: field("country\(side)")))
        }
        guard teams[0].players.count == teams[1].players.count else {
            return .failure(Why(text: "one side is a pair and the other a single player"))
        }
        var m = DeskMatch(number: number, event: field("event")!, round: field("round")!, teams: teams,
                          umpire: field("umpire"), judge: field("judge"))
        if let f = field("format") {
            switch MatchFormat.parse(f) {
            case .success(let format): m.format = format
            case .failure(let e): return .failure(Why(text: "format: \(e)"))
            }
        }
        if let t = field("not_before") {
            guard let minutes = DeskMatch.timeOfDay(t) else { return .failure(Why(text: "not_before '\(t)' is not a time of day (14:30)")) }
            m.notBefore = minutes
        }
        return .success(m)
    }
}

/// RFC 4180 records: fields split at commas, quoted fields (holding commas, quotes doubled,
/// line ends), CRLF or LF line ends.
enum CSVRecords {
    struct Record {
        var line: Int
        var fields: [String]
        /// Why the record cannot be read (an unterminated quote, text after a closing quote).
        var error: String?
        var isBlank: Bool { error == nil && fields.allSatisfy { $0.trimmed.isEmpty } }
    }

    static func split(_ text: String) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1, start = 1
        var quoted = false, wasQuoted = false
        var error: String?
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return scalars.next()
        }
        func endRecord() {
            fields.append(field)
            records.append(Record(line: start, fields: fields, error: error))
            fields = []; field = ""; error = nil; wasQuoted = false
        }
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let d = next() {
                        if d == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = d }
                    } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                if field.trimmed.isEmpty && !wasQuoted {
                    field = ""
                    quoted = true
                    wasQuoted = true
                } else if error == nil {
                    error = "a quote inside a field that is not quoted, or text after a closing quote"
                }
            case ",":
                fields.append(field); field = ""; wasQuoted = false
            case "\r":
                // CR LF (or a lone CR) ends the line.
                if let d = next(), d != "\n" { pending = d }
                line += 1; endRecord(); start = line
            case "\n":
                line += 1; endRecord(); start = line
            default:
                if wasQuoted && c != " " && error == nil { error = "text after a closing quote" }
                field.unicodeScalars.append(c)
            }
        }
        if quoted {
            // What it swallowed: the lines after it, read into its field, so that
            // the next match never goes missing without a word.
            var rest = Substring(field)
            while rest.last == "\n" || rest.last == "\r" { rest = rest.dropLast() }
            let swallowed = rest.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            error = swallowed == 0 ? "a quote is never closed"
                : "a quote is never closed: line\(swallowed == 1 ? "" : "s") \(start + 1)\(swallowed == 1 ? "" : "-\(start + swallowed)") read into it"
        }
        if !field.isEmpty || !fields.isEmpty || quoted { endRecord() }
        return records
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
