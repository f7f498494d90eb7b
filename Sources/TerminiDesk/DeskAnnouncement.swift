import BadmintonRules

/// What the desk says when it calls a match to a court (espeak-ng at the desk):
/// "Match 12, men's singles, round two: Lin Dan, China, and Lee Chong Wei, Malaysia, court 3."
/// Events and rounds given as the usual short names (`MS`, `XD`, `R2`, `QF`) are said in words;
/// anything else as written. A pair is "Ann and Bea, Denmark"; the sides are joined by "and".
public enum DeskAnnouncement {
    public static func text(_ m: DeskMatch, court: String) -> String {
        let sides = m.teams.map(side).joined(separator: ", and ")
        return "Match \(m.number), \(event(m.event)), \(round(m.round)): \(sides), court \(court)."
    }

    static func side(_ t: DeskTeam) -> String {
        let names = t.players.joined(separator: " and ")
        return t.country.map { names + ", " + Countries.said($0) } ?? names
    }

    static let events: [String: String] = [
        "MS": "men's singles", "WS": "women's singles", "MD": "men's doubles", "WD": "women's doubles", "XD": "mixed doubles",
        "BS": "boys' singles", "GS": "girls' singles", "BD": "boys' doubles", "GD": "girls' doubles",
    ]

    public static func event(_ e: String) -> String { events[e.uppercased()] ?? e }

    static let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"]

    /// `R2` round two, `R16` round of sixteen, `QF` quarter-final, `SF` semi-final, `F` final.
    public static func round(_ r: String) -> String {
        switch r.uppercased() {
        case "F": return "final"
        case "SF": return "semi-final"
        case "QF": return "quarter-final"
        case "R16", "L16": return "round of sixteen"
        case "R32", "L32": return "round of thirty-two"
        default:
            let u = r.uppercased()
            if u.hasPrefix("R"), let n = Int(u.dropFirst()), numbers.indices.contains(n) { return "round \(numbers[n])" }
            return r
        }
    }
}
