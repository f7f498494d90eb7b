import BadmintonRules

/// What the desk says when it calls a match to a court (espeak-ng at the desk), in the words
/// of the hall's calls table (`badminton.calls`; `desk_call` and its words are moments of
/// every table): "Match 12, men's singles, round two: Lin Dan, China, and Lee Chong Wei,
/// Malaysia, court 3." Events and rounds given as the usual short names (`MS`, `XD`, `R2`,
/// `QF`) are said in the table's words; anything else as written. A pair is "Ann and Bea,
/// Denmark"; the sides are joined by the table's "and". Countries are said by their English
/// names in every language (the tables have no country names).
public enum DeskAnnouncement {
    public static func text(_ m: DeskMatch, court: String, calls: CallTable = .english) -> String {
        let and = calls.text(.deskAnd)
        let sides = m.teams.map { side($0, and: and) }.joined(separator: ", \(and) ")
        return calls.text(.deskCall, ["match": m.number, "event": event(m.event, calls), "round": round(m.round, calls), "sides": sides, "court": court])
    }

    static func side(_ t: DeskTeam, and: String) -> String {
        let names = t.players.joined(separator: " \(and) ")
        return t.country.map { names + ", " + Countries.said($0) } ?? names
    }

    static let events: [String: CallMoment] = ["MS": .eventMS, "WS": .eventWS, "MD": .eventMD, "WD": .eventWD, "XD": .eventXD]
    /// Youth events, said in English only (the tables have no words for them).
    static let youthEvents: [String: String] = ["BS": "boys' singles", "GS": "girls' singles", "BD": "boys' doubles", "GD": "girls' doubles"]

    public static func event(_ e: String, _ calls: CallTable = .english) -> String {
        let u = e.uppercased()
        if let moment = events[u] { return calls.text(moment) }
        return calls.code == "en" ? youthEvents[u] ?? e : e
    }

    static let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"]

    /// `R2` round two, `QF` quarter-final, `SF` semi-final, `F` final, in the table's words (a
    /// round's number in words in English, as a number for the voice of another language).
    public static func round(_ r: String, _ calls: CallTable = .english) -> String {
        let u = r.uppercased()
        switch u {
        case "F": return calls.text(.roundF)
        case "SF": return calls.text(.roundSF)
        case "QF": return calls.text(.roundQF)
        default:
            guard u.hasPrefix("R") || u == "L16" || u == "L32", let n = Int(u.dropFirst()), n >= 0, n < 1000 else { return r }
            if calls.code == "en" {
                if n == 16 || n == 32 { return n == 16 ? "round of sixteen" : "round of thirty-two" }
                if numbers.indices.contains(n) { return calls.text(.roundN, ["n": numbers[n]]) }
            }
            return calls.text(.roundN, ["n": String(n)])
        }
    }
}
