/// How a match is played: best of `games` games to `points`, a 2-point lead needed from
/// `points - 1` all, and at `cap - 1` all the `cap`th point wins (nil: no cap).
/// Written `GxP` or `GxPcC`: `3x21` (cap 30), `3x15` (cap 21), `5x11` (cap 15), `1x21`.
public struct MatchFormat: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Games in the match (odd, 1 to 9): the first to win more than half wins it.
    public var games: Int
    /// Points to win a game.
    public var points: Int
    /// The point that wins a game at `cap - 1` all; nil: a 2-point lead always needed.
    public var cap: Int?

    public init(games: Int, points: Int, cap: Int?) {
        self.games = games
        self.points = points
        self.cap = cap
    }

    /// The Laws' format: best of three games to 21, capped at 30.
    public static let standard = MatchFormat(games: 3, points: 21, cap: 30)
    /// The formats offered first in the setup dialog.
    public static let presets = ["3x21", "3x15", "5x11", "1x21"]

    /// The cap the Laws give a game of `points` points, when they give one.
    public static func standardCap(for points: Int) -> Int? {
        switch points {
        case 21: return 30
        case 15: return 21
        case 11: return 15
        default: return nil
        }
    }

    /// Parses `GxP` or `GxPcC` (case-insensitive, spaces ignored). The message says why not.
    public static func parse(_ text: String) -> Result<MatchFormat, FormatError> {
        let t = String(text.lowercased().filter { $0 != " " })
        let parts = t.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .failure(.malformed(text)) }
        let rest = parts[1].split(separator: "c", omittingEmptySubsequences: false)
        guard rest.count <= 2, let g = number(parts[0]), let p = number(rest[0]) else { return .failure(.malformed(text)) }
        var cap = standardCap(for: p)
        if rest.count == 2 {
            guard let c = number(rest[1]) else { return .failure(.malformed(text)) }
            cap = c
        }
        guard g >= 1, g <= 9, g % 2 == 1 else { return .failure(.games(g)) }
        guard p >= 1, p <= 99 else { return .failure(.points(p)) }
        if let cap, cap < p || cap > 99 { return .failure(.cap(cap, points: p)) }
        return .success(MatchFormat(games: g, points: p, cap: cap))
    }

    private static func number(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.count <= 3, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(s)
    }

    /// Why a text is not a format; `description` says so in words for the user.
    public enum FormatError: Error, Equatable, CustomStringConvertible {
        case malformed(String), games(Int), points(Int), cap(Int, points: Int)
        public var description: String {
            switch self {
            case .malformed(let s):
                let what = s.isEmpty ? "No format" : "'\(s)' is not a format"
                return "\(what): use 3x21, 3x15, 5x11, 1x21 or GxP[cC] (games x points, optional cap)"
            case .games(let g): return "\(g) games: the number of games must be odd, 1 to 9"
            case .points(let p): return "\(p) points: a game goes to 1 to 99 points"
            case let .cap(c, p): return "cap \(c): the cap must be between the points (\(p)) and 99"
            }
        }
    }

    /// `3x21`, or `3x21c25` when the cap is not the usual one (`3x9c0` never: no cap is `3x9`).
    public var description: String {
        var s = "\(games)x\(points)"
        if cap != MatchFormat.standardCap(for: points), let cap { s += "c\(cap)" }
        return s
    }

    /// Games needed to win the match.
    public var gamesToWin: Int { games / 2 + 1 }
    /// The score at which the leading side's first arrival starts the mid-game interval
    /// (and, in the deciding game, the change of ends): 11 for 21, 8 for 15, 6 for 11.
    public var intervalAt: Int { (points + 1) / 2 }

    /// BWF's 2016 experimental scoring, best of five games to 11 (bup calls it `5x11_15`):
    /// its breaks differ from Law 16.2.
    public var isFiveByEleven: Bool { games == 5 && points == 11 }

    /// Whether game `n` (from 1) has a mid-game interval: every game under Law 16.2.1, only
    /// the deciding game in 5x11.
    public func hasMidGameInterval(inGame n: Int) -> Bool { !isFiveByEleven || n == games }

    /// The mid-game interval: at most 60 seconds (Law 16.2.1).
    public var midGameSeconds: Double { 60 }
    /// Between games: at most 120 seconds (Law 16.2.2); 60 in 5x11.
    public var betweenGamesSeconds: Double { isFiveByEleven ? 60 : 120 }

    /// Whether a side with `own` points against `other` has won the game.
    public func wins(_ own: Int, against other: Int) -> Bool {
        if let cap, own >= cap { return true }
        return own >= points && own - other >= 2
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        switch MatchFormat.parse(s) {
        case .success(let f): self = f
        case .failure(let e): throw DecodingError.dataCorruptedError(in: c, debugDescription: e.description)
        }
    }
}
