@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing
import Foundation

/// The scoresheet model: BWF's layout, one row per player and a column per rally, checked as
/// text: each column three characters (a score, a mark, `|` for a band, `(a-b)` for the
/// circled result), the `S`/`R` marks beside the names.
@Suite struct ScoresheetTests {
    static func text(_ sheet: Scoresheet, game: Int = 0) -> [String] {
        let g = sheet.games[game]
        let width = sheet.rows.map { $0.name.count }.max() ?? 0
        return sheet.rows.indices.map { r in
            var line = sheet.rows[r].name.padding(toLength: width, withPad: " ", startingAt: 0) + " "
            switch g.serviceMarks[r] {
            case .mark(let m): line += m.rawValue
            default: line += " "
            }
            line += " |"
            for c in g.columns {
                let cell: String
                switch c.cells[r] {
                case .score(let n): cell = String(n)
                case .mark(let m): cell = m.rawValue
                case .empty:
                    if c.kind == .result, let s = c.score { cell = r == 0 ? "(\(s[0])-\(s[1]))" : "" }
                    else if c.band != nil { cell = "|" }
                    else { cell = "" }
                }
                line += String(repeating: " ", count: max(0, 3 - cell.count)) + cell
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func kinds(_ g: Scoresheet.Game) -> String {
        g.columns.map { c -> String in
            switch c.kind {
            case .start: return "start"
            case .rally: return "."
            case .fault: return "fault"
            case .card: return "card"
            case .interval: return "interval"
            case .changeOfEnds: return "ends"
            case .stop: return "stop"
            case .note: return "note"
            case .correction(let k): return "correct-\(k.rawValue)"
            case .result: return "result"
            case .ending: return "ending"
            }
        }.joined(separator: " ")
    }

    /// Issue 23, item 14: ITTO's O (overrule) and R (referee called) are events on the row of
    /// the player serving then; a player who retires in doubles has Retired on his own row.
    @Test func overruleRefereeAndAPlayerRetiringAreOnTheSheet() {
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        #expect(m.take(.service(team: 0, server: 0, receiver: 0)))
        m.points("0")
        #expect(m.take(.overrule))
        m.points("0")
        #expect(m.take(.refereeCalled))
        #expect(m.take(.retire(team: 1, player: 1)))
        let sheet = Scoresheet(m.log)
        let g = sheet.games[0]
        #expect(ScoresheetTests.kinds(g) == "start . note . note ending", "\(ScoresheetTests.kinds(g))")
        let notes = g.columns.filter { $0.kind == .note }
        // Ann served both rallies (row 0).
        #expect(notes.map { $0.cells[0] } == [.mark(.overrule), .mark(.referee)])
        #expect(Scoresheet.Mark.referee.text == "R" && Scoresheet.Mark.overrule.text == "O")
        // Dan (team 1, player 1: row 3) retired; the pair loses.
        #expect(g.columns.last?.cells[3] == .mark(.retired) && g.columns.last?.cells[2] == .empty)
        #expect(m.state.whoRetired(1) == "Dan" && m.state.winner == 0)
        #expect(UmpireCall.text(m.state, now: m.time, court: nil).hasPrefix("Dan retired"), "\(UmpireCall.text(m.state, now: m.time, court: nil))")
        // The journal keeps each, and reads them back.
        for a in [MatchEvent.Action.overrule, .refereeCalled, .retire(team: 1, player: 1), .retire(team: 0)] {
            let e = MatchEvent(a, at: 1_800_000_000.5)
            #expect(MatchEvent.parse(line: e.line.dropLast()) == e, "\(String(decoding: e.line, as: UTF8.self))")
        }
        #expect(String(decoding: MatchEvent(.retire(team: 1, player: 0), at: 1_800_000_000).line, as: UTF8.self).contains("\"player\":0"))
        // A player of another side, or after the end: refused.
        let n = Match(doubles: true)
        #expect(!n.take(.retire(team: 0, player: 2)))
        #expect(n.take(.retire(team: 0)) && !n.take(.overrule) && !n.take(.refereeCalled))
        // Each is undone like any event.
        let u = Match(names: ["Lin", "Lee"])
        u.points("0")
        u.take(.overrule)
        u.take(.undo)
        #expect(Scoresheet(u.log).games[0].columns.allSatisfy { $0.kind != .note })
    }

    @Test func singlesScoresOnTheWinnersRow() {
        let m = Match(names: ["Lin", "Lee"])
        m.points("00110100")
        let sheet = Scoresheet(m.log)
        #expect(ScoresheetTests.text(sheet) == [
            "Lin S |  0  1  2        3     4  5",
            "Lee R |  0        1  2     3",
        ])
        // Who served each rally: Lin, Lin, Lin, Lee, Lee, Lin, Lee, Lin.
        #expect(sheet.games[0].columns.dropFirst().map(\.served) == [0, 0, 0, 1, 1, 0, 1, 0])
        #expect(sheet.rows.map(\.name) == ["Lin", "Lee"])
    }

    /// Bob serves to Dan; Red wins (Bob serves on), Blue wins (Cat, in Blue's left court,
    /// serves next), Blue wins on Cat's serve.
    @Test func doublesScoresOnTheRowOfTheNextServer() {
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        m.take(.service(team: 0, server: 1, receiver: 1))
        m.points("011")
        let sheet = Scoresheet(m.log)
        #expect(ScoresheetTests.text(sheet) == [
            "Ann   |",
            "Bob S |  0  1",
            "Cat   |        1  2",
            "Dan R |  0",
        ])
        #expect(sheet.games[0].columns.dropFirst().map(\.served) == [1, 1, 2])
    }

    @Test func intervalsChangesOfEndsAndResults() {
        let m = Match(names: ["Lin", "Lee"])
        m.points(0, 21)
        m.take(.nextGame)
        m.points(1, 21)
        m.take(.nextGame)
        m.points(0, 21)
        let sheet = Scoresheet(m.log)
        let rallies = { (n: Int) in Array(repeating: ".", count: n).joined(separator: " ") }
        #expect(sheet.games.count == 3)
        #expect(ScoresheetTests.kinds(sheet.games[0]) == "start \(rallies(11)) interval \(rallies(10)) result")
        #expect(ScoresheetTests.kinds(sheet.games[2]) == "start \(rallies(11)) interval ends \(rallies(10)) result")
        #expect(sheet.games.map(\.score) == [[21, 0], [0, 21], [21, 0]] && sheet.games.map(\.winner) == [0, 1, 0])
        // The winner of a game serves first in the next; ends change after every game.
        #expect(sheet.games.map(\.serviceMarks) == [[.mark(.server), .mark(.receiver)], [.mark(.server), .mark(.receiver)],
                                                     [.mark(.receiver), .mark(.server)]])
        #expect(sheet.games.map(\.leftAtStart) == [0, 1, 0])
        #expect(sheet.games[2].columns.last?.score == [21, 0] && sheet.games[2].columns.last?.span == Scoresheet.resultSpan)
        #expect(sheet.winner == 0 && sheet.outcome == "Lin won")
    }

    @Test func cardsWhereTheyWereGivenAndWhereTheyScore() {
        let m = Match(names: ["Lin", "Lee"])
        m.points("0")
        m.take(.card(team: 1, player: 0, card: .warning))
        m.take(.card(team: 1, player: 0, card: .fault))  // 2-0
        m.score(21, 5)
        m.take(.card(team: 0, player: 0, card: .warning))  // between games: stays in game 1
        m.take(.card(team: 0, player: 0, card: .fault))  // between games: game 2 opens 0-1
        m.take(.nextGame)
        m.points("1")
        let sheet = Scoresheet(m.log)
        let g1 = ScoresheetTests.text(sheet, game: 0)
        #expect(g1[0].hasPrefix("Lin S |  0  1     2"), "\(g1)")
        #expect(g1[1].hasPrefix("Lee R |  0     W  F"), "\(g1)")
        // The fault between games is in game 2, not in game 1; the warning stays in game 1.
        #expect(ScoresheetTests.kinds(sheet.games[0]).hasSuffix(". result card"))
        #expect(ScoresheetTests.text(sheet, game: 1) == [
            "Lin R |  F  0",
            "Lee S |     1  2",
        ])
        #expect(ScoresheetTests.kinds(sheet.games[1]) == "fault start .")
    }

    @Test func stopsCorrectionsAndTheEnd() {
        let m = Match(names: ["Lin", "Lee"])
        m.points("01")
        m.take(.stop(.injury, team: 1, player: 0))
        m.time += 99
        m.take(.resume)  // 100 s after the call
        m.take(.stop(.suspension, team: nil, player: nil))  // still on when the match ends
        m.take(.resume)
        m.take(.correctScore([2, 1]))
        m.take(.retire(team: 1))
        let sheet = Scoresheet(m.log)
        // The correction's column: where it left the score, on the server's (Lee's) and the
        // receiver's rows. Lee's retirement is written in Lee's row.
        #expect(ScoresheetTests.text(sheet) == [
            "Lin S |  0  1     |  |  2",
            "Lee R |  0     1  I  |  1Retired",
        ])
        let stops = sheet.games[0].columns.filter { $0.kind == .stop }.map(\.band)
        #expect(stops == [.injury(100), .suspension(1)])
        #expect(ScoresheetTests.kinds(sheet.games[0]) == "start . . stop stop correct-score ending")
        #expect(sheet.games[0].columns.last?.span == 3 && sheet.outcome == "Lin won, Lee retired")
    }

    @Test func walkoverAndDisqualification() {
        let w = Match(names: ["Lin", "Lee"])
        w.take(.walkover(team: 0))
        let ws = Scoresheet(w.log)
        #expect(ScoresheetTests.kinds(ws.games[0]) == "ending" && ws.games[0].start == nil)
        #expect(ws.games[0].columns[0].cells == [.mark(.walkover), .empty] && ws.outcome == "Lee won by walkover (Lin did not play)")
        let d = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        d.take(.service(team: 0, server: 0, receiver: 0))
        d.points("0")
        d.take(.card(team: 1, player: 1, card: .disqualification))
        let ds = Scoresheet(d.log)
        #expect(ds.games[0].columns.last?.cells == [.empty, .empty, .empty, .mark(.disqualified)])
        #expect(ds.outcome == "Ann/Bob won, Cat/Dan disqualified")
    }

    /// 30-29: 59 rallies, the start, the interval and the result make 64 units; at 48 a line
    /// the game takes two, the second without the S and R.
    @Test func aLongGameWrapsOntoASecondLine() {
        let m = Match()
        m.score(29, 29)
        m.points("0")
        let sheet = Scoresheet(m.log)
        #expect(sheet.games[0].columns.reduce(0) { $0 + $1.span } == 64)
        let lines = sheet.lines(units: 48)
        #expect(lines.map(\.units) == [48, 16] && lines.map(\.isFirst) == [true, false] && lines.map(\.game) == [0, 0])
        #expect(lines[0].columns == 0..<48 && lines[1].columns == 48..<62)
        // Each game starts a line.
        m.take(.nextGame)
        m.points("1")
        #expect(Scoresheet(m.log).lines(units: 48).map(\.game) == [0, 0, 1])
    }

    @Test func aNewMatchIsASheetReadyToFillIn() {
        let m = Match(names: ["Lin", "Lee"])
        let sheet = Scoresheet(m.log)
        #expect(ScoresheetTests.text(sheet) == ["Lin S |  0", "Lee R |  0"])
        #expect(sheet.end == nil && sheet.outcome == "Not finished")
        // Doubles before the server is chosen: the names only.
        let d = Scoresheet(Match(doubles: true).log)
        #expect(d.games.isEmpty && d.lines(units: 48).isEmpty)
    }
}

/// The event, court, umpire and service judge carried by the start event.
@Suite struct MatchOfficialsTests {
    @Test func carriedByTheStartEventAndReadBack() {
        let setup = MatchSetup(officials: MatchOfficials(event: "Club night", court: "3", umpire: "Ute", serviceJudge: "Sam"))
        let line = MatchEvent(.start(setup), at: 1).line
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains("\"court\":\"3\"") && text.contains("\"event\":\"Club night\"") && text.contains("\"judge\":\"Sam\"")
            && text.contains("\"umpire\":\"Ute\""))
        #expect(MatchEvent.parse(line: line.dropLast()) == MatchEvent(.start(setup), at: 1))
    }

    @Test func olderJournalsHaveNoneAndBadOnesAreDamage() {
        let old = #"{"discipline":"singles","e":"start","format":"3x21","server":0,"t":1,"teams":[{"name":"A","players":["A"]},{"name":"B","players":["B"]}],"v":1}"#
        guard case .start(let s)? = MatchEvent.parse(line: Array(old.utf8))?.action else {
            Issue.record("an older start line must load")
            return
        }
        #expect(s.officials == MatchOfficials() && s.officials.isEmpty)
        // Not text: the line is damaged.
        let bad = old.replacingOccurrences(of: "\"v\":1", with: "\"v\":1,\"umpire\":7")
        #expect(MatchEvent.parse(line: Array(bad.utf8)) == nil)
        // Cleaned as a typed name: control characters out, cut at 40, empty is none.
        let odd = old.replacingOccurrences(of: "\"v\":1", with: "\"v\":1,\"umpire\":\"\\u001b[31mUte\",\"event\":\"   \",\"court\":\"\(String(repeating: "x", count: 60))\"")
        guard case .start(let o)? = MatchEvent.parse(line: Array(odd.utf8))?.action else {
            Issue.record("odd names are cleaned, not refused")
            return
        }
        #expect(o.officials.umpire == "[31mUte" && o.officials.event == nil && o.officials.court?.count == 40)
    }

    @Test func theConfigsCourtWhenTheMatchNamesNone() {
        let m = Match()
        #expect(Scoresheet(m.log, court: "Court 2").officials.court == "Court 2")
        let named = MatchLog(setup: MatchSetup(officials: MatchOfficials(court: "5")), at: 0)
        #expect(Scoresheet(named, court: "Court 2").officials.court == "5")
    }
}
