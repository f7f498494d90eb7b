import TerminiCore
import TerminiData

/// The match in words and in JSON, for `--status`, `--status --json` and `--export`.
public enum MatchReport {
    /// `Red 21-19 17-21 5-3 Blue · game 3 · Red serves from the left court`
    public static func statusLine(_ s: MatchState, now: Double) -> String {
        let t0 = s.teams[0].name, t1 = s.teams[1].name
        var scores = s.games.map { "\($0[0])-\($0[1])" }
        if let u = s.unfinishedScore { scores.append("\(u[0])-\(u[1])") }
        var line = ([t0] + scores + [t1]).joined(separator: " ")
        switch s.phase {
        case .playing:
            line += " · game \(s.gameNumber) · \(s.serverName()) serves from the \(s.serviceCourt.rawValue) court"
        case .choosingService:
            line += " · game \(s.gameNumber) · \(s.teams[s.server].name) to serve"
        case .gameOver:
            let w = s.gameWinners.last ?? 0
            line += " · game \(s.gameNumber) won by \(s.teams[w].name)"
        case .matchOver:
            let w = s.winner ?? 0
            switch s.ending ?? .played {
            case .played: line += " · \(s.teams[w].name) won"
            case .retired(let t): line += " · \(s.teams[w].name) won, \(s.whoRetired(t)) retired"
            case .walkover(let t): line += " · \(s.teams[w].name) won by walkover (\(s.teams[t].name) did not play)"
            case .disqualified(let t): line += " · \(s.teams[w].name) won, \(s.teams[t].name) disqualified"
            }
        }
        if let iv = s.interval?.timer, iv.isShown(at: now) {
            line += " · \(iv.kind == .midGame ? "interval" : "interval between games") \(iv.clockText(at: now))"
            if iv.isOverrunning(at: now) { line += " over" }
        }
        if let notes = notes(s) { line += " · " + notes }
        // A stop or the warm-up: its clock (an interval is said above).
        if let t = s.timer(at: now), t.kind == .injury || t.kind == .suspension || t.kind == .warmUp {
            line += " · \(t.kind.rawValue) \(t.clockText(at: now))" + (t.isOverrunning(at: now) ? " over" : "")
        }
        return line
    }

    /// The umpire's record beside the score, for the status line and the history:
    /// `cards: Lee yellow, Lin red · 12 shuttles`; nil when there is none.
    public static func notes(_ s: MatchState) -> String? {
        var parts: [String] = []
        if !s.cards.isEmpty {
            parts.append("cards: " + s.cards.map { "\(UmpireCall.player($0.team, $0.player, s)) \($0.card.colour)" }.joined(separator: ", "))
        }
        if s.shuttles > 0 { parts.append("\(s.shuttles) shuttle\(s.shuttles == 1 ? "" : "s")") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A length of time to the nearest minute: `38 min`, `1 h 12 min`.
    public static func minutes(_ seconds: Double) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// `m:ss`
    public static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    /// A JSON number rounded to `places` decimals (1 to 6), trailing zeros dropped, no exponent.
    /// Values beyond what a file can hold in range are clamped to ±10^12 (never a trap).
    public static func decimal(_ x: Double, places: Int) -> String {
        var unit: Int64 = 1
        for _ in 0..<max(1, min(6, places)) { unit *= 10 }
        let bounded = x.isFinite ? min(max(x, -1e12), 1e12) : 0
        let n = Int64((bounded * Double(unit)).rounded())
        let whole = n / unit, frac = abs(n % unit)
        let sign = n < 0 && whole == 0 ? "-" : ""
        if frac == 0 { return sign + "\(whole)" }
        var f = String(frac)
        f = String(repeating: "0", count: String(unit).count - 1 - f.count) + f
        while f.last == "0" { f.removeLast() }
        return sign + "\(whole).\(f)"
    }

    /// `2026-11-29T14:03:07Z` (UTC), without Foundation's calendar.
    public static func isoTime(_ t: Double) -> String {
        let secs = Int64(MatchReport.clamped(t).rounded(.down))
        let days = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400
        let rem = secs - days * 86400
        let (y, m, d) = civil(days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(rem / 3600)):\(two(rem % 3600 / 60)):\(two(rem % 60))Z"
    }

    /// A time as the reports can write it: events are checked when read (`Ranges.moment`);
    /// anything else (a clock gone mad) is held to that range rather than trap.
    static func clamped(_ t: Double) -> Double {
        guard t.isFinite else { return 0 }
        return min(max(t, -Ranges.moment.upperBound), Ranges.moment.upperBound)
    }

    /// `2026-11-29 14:03` for lists: UTC, or local time given the zone's offset from UTC in
    /// seconds at `t` (the app asks the system for it; the model never does).
    public static func shortTime(_ t: Double, offset: Int = 0) -> String {
        let iso = isoTime(t + Double(offset))
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5))
    }

    /// A match's outcome for the history list, the winner first so a cut line keeps it:
    /// `Lee beat Lin 21-15 18-21 21-5` (scores from the winner's side), `… (retired)`,
    /// `Lee beat Lin: walkover`; an unfinished match `Abandoned: Lin v Lee 21-15 5-3`.
    /// Names are cut (the loser's first) so that the scores fit `width`.
    public static func outcome(_ s: MatchState, width: Int = .max, ellipsis: String = "…") -> String {
        Outcome(s).fitted(width: width, ellipsis: ellipsis)
    }

    /// A match's outcome in its five parts (`head` `first` `middle` `second` `tail`:
    /// `Lee` ` beat ` `Lin` ` 21-15 18-21 21-5`), kept by the history's index so that the list
    /// is drawn without reading the match again.
    public struct Outcome: Equatable, Sendable {
        public var head: String, first: String, middle: String, second: String, tail: String
        public init(head: String, first: String, middle: String, second: String, tail: String) {
            (self.head, self.first, self.middle, self.second, self.tail) = (head, first, middle, second, tail)
        }

        public init(_ s: MatchState) {
            func scores(from w: Int) -> String {
                var all = s.games.map { "\($0[w])-\($0[1 - w])" }
                if let u = s.unfinishedScore, u != [0, 0] || s.games.isEmpty { all.append("\(u[w])-\(u[1 - w])") }
                return all.joined(separator: " ")
            }
            guard s.isOver, let w = s.winner else {
                let sc = scores(from: 0)
                self.init(head: "Abandoned: ", first: s.teams[0].name, middle: " v ", second: s.teams[1].name, tail: sc.isEmpty ? "" : " " + sc)
                return
            }
            let winner = s.teams[w].name, loser = s.teams[1 - w].name
            let sc = scores(from: w)
            let tail: String
            switch s.ending ?? .played {
            case .played: tail = " " + sc
            case .retired: tail = (sc.isEmpty ? "" : " " + sc) + " (retired)"
            case .walkover: tail = ": walkover"
            case .disqualified: tail = (sc.isEmpty ? "" : " " + sc) + " (disqualified)"
            }
            self.init(head: "", first: winner, middle: " beat ", second: loser, tail: tail)
        }

        /// The whole outcome.
        public var text: String { head + first + middle + second + tail }

        /// The outcome in `width`, cutting `second`, then `first`, so that the scores fit.
        public func fitted(width: Int = .max, ellipsis: String = "…") -> String {
            let fixed = DisplayWidth.of(head + middle + tail)
            let room = max(2, width == .max ? .max : width - fixed)
            let w1 = DisplayWidth.of(first), w2 = DisplayWidth.of(second)
            if room == .max || w1 + w2 <= room { return text }
            // The loser keeps a few letters; the winner the rest, whole if it can.
            let keepFirst = room - min(w2, max(4, room / 3))
            let a = TextLayout.truncate(first, to: max(1, min(w1, keepFirst)), ellipsis: ellipsis)
            let b = TextLayout.truncate(second, to: max(1, room - DisplayWidth.of(a)), ellipsis: ellipsis)
            return head + a + middle + b + tail
        }
    }

    /// Days since 1970-01-01 to (year, month, day): Howard Hinnant's algorithm.
    static func civil(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// The result in a few words: `Red beat Blue 21-19 17-21 21-15`.
    public static func result(_ s: MatchState) -> String {
        let scores = s.games.map { "\($0[0])-\($0[1])" }
        let all = (scores + (s.unfinishedScore.map { ["\($0[0])-\($0[1])"] } ?? [])).joined(separator: " ")
        let t0 = s.teams[0].name, t1 = s.teams[1].name
        switch s.phase {
        case .matchOver:
            let w = s.teams[s.winner ?? 0].name
            switch s.ending ?? .played {
            case .played: return "\(t0) \(all) \(t1) · \(w) won"
            case .retired(let t): return "\(t0) \(all) \(t1) · \(w) won, \(s.whoRetired(t)) retired"
            case .walkover(let t): return "\(t0) v \(t1) · \(w) won by walkover (\(s.teams[t].name) did not play)"
            case .disqualified(let t): return "\(t0) \(all) \(t1) · \(w) won, \(s.teams[t].name) disqualified"
            }
        default:
            return "\(t0) \(all) \(t1) · not finished"
        }
    }

    // MARK: Export

    /// What `--export` writes: `csv` (one row per event) or `json` (one object per match).
    public enum ExportFormat: String, CaseIterable, Sendable { case csv, json }

    /// Every match (past ones first, then the current) with every rally and its time.
    public static func export(_ matches: [MatchLog], as format: ExportFormat) -> String {
        var w = ExportWriter(format)
        return w.header + matches.map { w.text(for: $0) }.joined() + w.footer
    }

    /// The export written a match at a time, so a history of any size never sits whole in
    /// memory: `header`, then `text(for:)` of each match in order, then `footer`.
    public struct ExportWriter {
        public let format: ExportFormat
        private var count = 0
        public init(_ format: ExportFormat) { self.format = format }

        /// What comes before the first match (the CSV's header row, the JSON's opening).
        public var header: String {
            format == .csv ? MatchReport.csvHeader : "{\"matches\":["
        }

        /// One match's rows (CSV) or object (JSON), in the order written.
        public mutating func text(for log: MatchLog) -> String {
            count += 1
            switch format {
            case .csv: return MatchReport.csvRows(log, number: count)
            case .json: return (count > 1 ? ",\n" : "") + MatchReport.match(log).text()
            }
        }

        /// What comes after the last match.
        public var footer: String { format == .csv ? "" : "]}\n" }
    }

    struct Row {
        var seq: Int
        var event: MatchEvent
        var state: MatchState
    }

    static func rows(_ log: MatchLog) -> [Row] {
        zip(log.effective, log.states).enumerated().map { Row(seq: $0.offset, event: $0.element.0, state: $0.element.1) }
    }

    static func eventTeam(_ e: MatchEvent) -> Int? {
        switch e.action {
        case .point(let t), .retire(let t, _), .walkover(let t), .service(let t, _, _), .firstServer(let t), .card(let t, _, _),
             .correctService(let t, _, _), .correctCourts(let t, _):
            return t
        case .stop(_, let t, _): return t
        default: return nil
        }
    }

    /// What an event adds beyond its team and the score: the player it names, a word for
    /// what it was (the card, the kind of stop, the court), and a stop's length.
    struct Details {
        var player: String?
        var detail: String?
        var duration: Double?
    }

    static func details(_ e: MatchEvent, after s: MatchState) -> Details {
        switch e.action {
        case let .card(t, p, card): return Details(player: UmpireCall.player(t, p, s), detail: card.rawValue)
        case let .stop(kind, t, p):
            return Details(player: t.flatMap { t in p.map { UmpireCall.player(t, $0, s) } }, detail: kind.rawValue)
        case .resume:
            // The stop this event ended is the state's last.
            let st = s.stoppages.last
            return Details(detail: st?.kind.rawValue, duration: st.map { $0.duration(at: e.time) })
        case let .correctCourts(t, right): return Details(player: UmpireCall.player(t, right, s), detail: "right court")
        case let .retire(t, p?): return Details(player: UmpireCall.player(t, p, s))
        default: return Details()
        }
    }

    /// A CSV cell. One that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a
    /// formula to a spreadsheet (OWASP's CSV injection), also after any spaces or invisible
    /// characters (Unicode Zs, Zl, Zp and Cf: U+00A0, U+200B, U+FEFF...): it gets a `'` in
    /// front and quotes, so it is read as the text it is. The one rule of every CSV Termini writes.
    public static func csvField(_ s: String) -> String {
        var cell = s
        var quote = cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        let blank: (Unicode.Scalar) -> Bool = { c in
            switch c.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .format: return true
            default: return c == " " || c == "\u{0B}" || c == "\u{0C}"
            }
        }
        let scalars = cell.unicodeScalars
        let leading = scalars.first.map { ["\t", "\r"].contains($0) } ?? false
        if leading || scalars.first(where: { !blank($0) }).map({ ["=", "+", "-", "@", "\t", "\r"].contains($0) }) == true {
            cell = "'" + cell
            quote = true
        }
        guard quote else { return cell }
        return "\"" + cell.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    static let csvHeader = "match,started,format,discipline,team1,team2,seq,time,event,team,score1,score2,game,server,player,detail,duration,shuttles\n"

    static func csvRows(_ log: MatchLog, number n: Int) -> String {
        let first = log.state
        // What every row of the match begins with, made once; then each row appended in place
        // (an export writes hundreds of thousands of them).
        let head = [String(n), isoTime(log.startedAt), first.format.description, first.discipline.rawValue,
                    csvField(first.teams[0].name), csvField(first.teams[1].name)].joined(separator: ",") + ","
        var out = ""
        out.reserveCapacity(log.effective.count * (head.utf8.count + 80))
        var times = DayCache()
        var names: [String] = [], fields: [String] = []
        /// A side's or player's name as a CSV cell, made once a name.
        func field(_ name: String) -> String {
            if let i = names.firstIndex(of: name) { return fields[i] }
            names.append(name)
            fields.append(csvField(name))
            return fields[fields.count - 1]
        }
        for r in rows(log) {
            let s = r.state
            let d = details(r.event, after: s)
            out += head
            out += String(r.seq)
            out += ","
            times.append(r.event.time, to: &out)
            out += ","
            out += r.event.name
            out += ","
            if let t = eventTeam(r.event) { out += field(s.teams[t].name) }
            out += ","
            out += String(s.score[0])
            out += ","
            out += String(s.score[1])
            out += ","
            out += String(s.gameNumber)
            out += ","
            if s.phase == .playing { out += field(s.serverName()) }
            out += ","
            out += csvField(d.player ?? "")
            out += ","
            out += d.detail ?? ""
            out += ","
            out += d.duration.map { decimal(clamped($0), places: 3) } ?? ""
            out += ","
            out += String(s.shuttles)
            out += "\n"
        }
        return out
    }

    /// `isoTime` of the times of one match, its day's `2024-09-01T` made once a day.
    struct DayCache {
        var day: Int64?
        var prefix = ""

        mutating func append(_ t: Double, to out: inout String) {
            let secs = Int64(MatchReport.clamped(t).rounded(.down))
            let days = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400
            if days != day {
                day = days
                prefix = String(MatchReport.isoTime(t).prefix(11))
            }
            let rem = secs - days * 86400
            func two(_ n: Int64) { if n < 10 { out += "0" }; out += String(n) }
            out += prefix
            two(rem / 3600)
            out += ":"
            two(rem % 3600 / 60)
            out += ":"
            two(rem % 60)
            out += "Z"
        }
    }
}
