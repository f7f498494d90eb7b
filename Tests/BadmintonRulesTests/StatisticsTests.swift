@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing

/// Match statistics against figures worked out by hand, rally by rally (the comment beside
/// each case shows the working).
@Suite struct StatisticsTests {
    /// A game's figures in one line, side 0 first in each pair.
    static func summary(_ g: MatchStats.Game) -> String {
        func pair(_ f: (MatchStats.Side) -> Int) -> String { "\(f(g.sides[0]))-\(f(g.sides[1]))" }
        return "score \(g.score[0])-\(g.score[1]) · rallies \(g.rallies) · on serve \(pair(\.wonOnServe)) · on receive \(pair(\.wonOnReceive))"
            + " · from faults \(pair(\.fromFaults)) · served \(pair(\.served)) · run \(pair(\.longestRun)) · lead \(pair(\.biggestLead))"
            + " · momentum " + g.momentum.map(String.init).joined(separator: " ")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var build: @Sendable (Match) -> Void
        var doubles = false
        /// One summary per game.
        var games: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Red serves first. 1 R serves, R wins (on serve); 2 the same; 3 R serves, B wins (on
        // receive); 4 B serves, B wins; 5 B serves, R wins; 6 R serves, B wins; 7 B serves, R
        // wins; 8 R serves, R wins. Red served 1 2 3 6 8, Blue 4 5 7.
        Case(name: "serve and receive, runs, leads", build: { $0.points("00110100") },
             games: ["score 5-3 · rallies 8 · on serve 3-1 · on receive 2-2 · from faults 0-0 · served 5-3 · run 2-2 · lead 2-0 · momentum 1 2 1 0 1 0 1 2"]),
        // Undone points leave nothing: the effective events are 0 0 1 1 0 1 0 0 again.
        Case(name: "undo and redo leave no trace", build: { m in
            m.points("001"); m.undo(); m.undo(); m.redo(); m.points("110100")
        }, games: ["score 5-3 · rallies 8 · on serve 3-1 · on receive 2-2 · from faults 0-0 · served 5-3 · run 2-2 · lead 2-0 · momentum 1 2 1 0 1 0 1 2"]),
        // 1-0 on Red's serve; Red's fault (Red serving): 1-1, no rally, service over; Blue
        // serves and wins: 1-2 (Blue's run: the fault's point and the rally). The fault given
        // in the warm-up scores nothing; the warning neither.
        Case(name: "faults for misconduct are points but no rallies", build: { m in
            m.take(.warmUp)
            m.take(.card(team: 1, player: 0, card: .fault))
            m.points("0")
            m.take(.card(team: 0, player: 0, card: .fault))
            m.points("1")
            m.take(.card(team: 1, player: 0, card: .warning))
        }, games: ["score 1-2 · rallies 2 · on serve 1-1 · on receive 0-0 · from faults 0-1 · served 1-1 · run 1-2 · lead 1-1 · momentum 1 0 -1"]),
        // 3-0, the score corrected to 3-1 (a point to Blue forgotten): the run ends, the
        // difference is taken; Red still serves and wins: 4-1, a new run of 1.
        Case(name: "a corrected score counts as set, and ends the runs", build: { m in
            m.points("000"); m.take(.correctScore([3, 1])); m.points("0")
        }, games: ["score 4-1 · rallies 4 · on serve 4-0 · on receive 0-0 · from faults 0-0 · served 4-0 · run 3-0 · lead 3-0 · momentum 1 2 3 2 3"]),
        // 3-0, then Blue is found to be serving: its rally is won on its own serve.
        Case(name: "a corrected server serves the next rally", build: { m in
            m.points("000"); m.take(.correctService(team: 1, server: 0, receiver: 0)); m.points("1")
        }, games: ["score 3-1 · rallies 4 · on serve 3-1 · on receive 0-0 · from faults 0-0 · served 3-1 · run 3-1 · lead 3-0 · momentum 1 2 3 2"]),
        // 21-0, then Red's fault between games: game 2 opens 0-1 with Blue serving (no rally),
        // and Blue wins its serve: 0-2.
        Case(name: "a fault between games opens the next game", build: { m in
            m.points(0, 21); m.take(.card(team: 0, player: 0, card: .fault)); m.take(.nextGame); m.points("1")
        }, games: ["score 21-0 · rallies 21 · on serve 21-0 · on receive 0-0 · from faults 0-0 · served 21-0 · run 21-0 · lead 21-0 · momentum "
                    + (1...21).map(String.init).joined(separator: " "),
                   "score 0-2 · rallies 1 · on serve 0-1 · on receive 0-0 · from faults 0-1 · served 0-1 · run 0-2 · lead 0-2 · momentum -1 -2"]),
        // 1-1 and Blue's player is disqualified: the game ends there, unfinished.
        Case(name: "a disqualification ends the game where it stands", build: { m in
            m.points("01"); m.take(.card(team: 1, player: 0, card: .disqualification)); m.points("0")
        }, games: ["score 1-1 · rallies 2 · on serve 1-0 · on receive 0-1 · from faults 0-0 · served 2-0 · run 1-1 · lead 1-0 · momentum 1 0"]),
        Case(name: "a walkover has no game", build: { $0.take(.walkover(team: 1)) }, games: []),
        Case(name: "a retirement before play has no game", build: { $0.take(.retire(team: 0)) }, games: []),
    ]

    @Test(arguments: cases) func figures(_ c: Case) {
        let m = Match(doubles: c.doubles)
        c.build(m)
        let stats = MatchStats(m.log)
        #expect(stats.games.map(StatisticsTests.summary) == c.games)
        // The game's score is the match's.
        let scores = m.state.games + (m.state.unfinishedScore.map { [$0] } ?? [])
        #expect(stats.games.map(\.score) == (c.games.isEmpty ? [] : scores))
    }

    @Test func cardsAndTheMatchSummed() {
        let m = Match()
        m.points("00110100")
        m.take(.card(team: 1, player: 0, card: .warning))
        m.take(.card(team: 1, player: 0, card: .fault))  // 6-3
        m.take(.retire(team: 1))
        m.take(.card(team: 0, player: 0, card: .warning))  // after the end: the match's, in game 1
        let s = MatchStats(m.log)
        #expect(s.games.count == 1)
        #expect(s.games[0].sides.map(\.warnings) == [1, 1] && s.games[0].sides.map(\.faults) == [0, 1])
        #expect(s.match.sides.map(\.warnings) == [1, 1] && s.match.sides.map(\.faults) == [0, 1])
        #expect(s.match.sides.map(\.points) == [6, 3] && s.match.sides.map(\.fromFaults) == [1, 0])
        #expect(s.match.winner == 0 && s.match.score == [0, 0], "no game won: Blue retired in the first")
    }

    /// Bob serves to Dan. 1 Bob serves, Red wins (Ann and Bob change courts); 2 Bob serves,
    /// Blue wins: Blue has 1 point, serves from the left, where Cat stands; 3 Cat serves and
    /// wins.
    @Test func doublesServingPerPlayer() {
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        m.take(.service(team: 0, server: 1, receiver: 1))
        m.points("011")
        let s = MatchStats(m.log)
        let serving = s.games[0].sides.map { $0.players.map { "\($0.served)/\($0.won)" } }
        #expect(serving == [["0/0", "2/1"], ["1/1", "0/0"]])
        #expect(s.match.sides[0].players[1].served == 2)
    }

    /// Times by hand: the warm-up from 10 s (so play is called at 130 s), a rally every 20 s
    /// from 160 s to 11-0 at 360 s, the interval ended at 400 s (40 s), an injury from 420 s to
    /// 480 s, ten more rallies from 500 s to 680 s (21-0). Game 1: 550 s, 450 s in play, 21
    /// rallies: 2.8 a minute. Enter at 700 s during the break (it would end at 800 s), the
    /// break ended at 760 s, a rally at 790 s, Blue retires at 850 s: game 2 lasts 90 s.
    @Test func durationsIntervalsStopsAndRalliesPerMinute() {
        let m = Match(at: 0)
        func at(_ t: Double, _ a: MatchEvent.Action) {
            m.time = t - 1
            #expect(m.take(a), "\(a) at \(t)")
        }
        at(5, .shuttle)
        at(10, .warmUp)
        for i in 0..<11 { at(160 + Double(i) * 20, .point(team: 0)) }
        at(400, .endInterval)
        at(420, .stop(.injury, team: 1, player: 0))
        at(480, .resume)
        for i in 0..<10 { at(500 + Double(i) * 20, .point(team: 0)) }
        at(690, .shuttle)
        at(700, .nextGame)
        at(760, .endInterval)
        at(790, .point(team: 0))
        at(850, .retire(team: 1))
        let s = MatchStats(m.log)
        #expect(s.games.count == 2)
        let g1 = s.games[0], g2 = s.games[1]
        #expect(g1.start == 130 && g1.end == 680 && g1.duration == 550 && g1.playingSeconds == 450 && g1.rallies == 21)
        #expect(g1.ralliesPerMinute.map { abs($0 - 2.8) < 1e-9 } == true, "\(String(describing: g1.ralliesPerMinute))")
        #expect(g1.shuttles == 1 && g2.shuttles == 1)
        #expect(g2.start == 760 && g2.end == 850 && g2.duration == 90 && g2.playingSeconds == 90 && g2.winner == nil)
        #expect(s.match.start == 130 && s.match.end == 850 && s.match.duration == 720 && s.match.playingSeconds == 540)
        #expect(s.match.rallies == 22 && s.match.ralliesPerMinute.map { abs($0 - 22.0 * 60 / 540) < 1e-9 } == true)
        #expect(s.match.winner == 0 && s.match.shuttles == 2)
    }

    /// In doubles play is called when the server is chosen; in the next game, when the break
    /// ends if Enter came before.
    @Test func doublesPlayIsCalledWithTheChoiceOfServer() {
        let m = Match(doubles: true, at: 0)
        m.time = 29
        m.take(.service(team: 0, server: 0, receiver: 0))  // 30
        m.time = 59
        m.points("0")  // 60
        let s = MatchStats(m.log)
        #expect(s.games[0].start == 30 && s.games[0].duration == 30)
    }
}

/// The figures under `"stats"` in `--export json`, beside every field the export had.
@Suite struct StatisticsExportTests {
    @Test func statsInTheExport() {
        let m = Match(names: ["Lin", "Lee"], at: 1_800_000_000)
        m.points("00110100")
        let json = MatchReport.export([m.log], as: .json)
        func side(_ points: Int, _ serve: Int, _ receive: Int, _ served: Int, _ run: Int, _ lead: Int, _ name: String) -> String {
            "{\"points\":\(points),\"won_on_serve\":\(serve),\"won_on_receive\":\(receive),\"from_faults\":0,\"served\":\(served),"
                + "\"longest_run\":\(run),\"biggest_lead\":\(lead),\"cards\":{\"warning\":0,\"fault\":0,\"disqualification\":0},"
                + "\"players\":[{\"player\":\"\(name)\",\"served\":\(served),\"won_on_serve\":\(serve)}]}"
        }
        let sides = "[" + side(5, 3, 2, 5, 2, 2, "Lin") + "," + side(3, 1, 2, 3, 2, 0, "Lee") + "]"
        let expected = "\"stats\":{\"start\":\"2027-01-15T08:00:00Z\",\"end\":null,\"duration\":8,\"playing\":8,\"rallies\":8,\"rallies_per_minute\":60,"
            + "\"shuttles\":0,\"teams\":\(sides),\"games\":[{\"game\":1,\"score\":[5,3],\"winner\":null,\"start\":\"2027-01-15T08:00:00Z\",\"end\":null,"
            + "\"duration\":8,\"playing\":8,\"rallies\":8,\"rallies_per_minute\":60,\"shuttles\":0,\"teams\":\(sides),\"momentum\":[1,2,1,0,1,0,1,2]}]},"
        #expect(json.contains(expected), "\(json)")
        // Every field the export had is still there, in its place.
        #expect(json.hasPrefix("{\"matches\":[{\"started\":\"2027-01-15T08:00:00Z\",\"format\":\"3x21\",\"discipline\":\"singles\","))
        #expect(json.contains("\"cards\":[],\"shuttles\":0,\"stoppages\":[],\"stats\":{") && json.contains("]},\"events\":[{\"time\":"))
    }

    @Test func ratesAndTheEndOfAFinishedMatch() {
        let m = Match(at: 0)
        func points(_ n: Int, from t: Double) {
            m.time = t - 1
            m.points(0, n)
        }
        // Game 1: 11-0 from 60 to 70 s, the interval to 130 s, 21-0 from 135 to 144 s: 144 s,
        // 84 in play, 15 rallies a minute. Enter at 145 s, in the break that ends at 264 s:
        // game 2 is called then; 11-0 from 300 to 310 s, the interval, 21-0 from 375 to 384 s:
        // 120 s, 60 in play, 21 a minute. The match: 384 s, 144 in play, 17.5 a minute.
        points(11, from: 60)
        points(10, from: 135)
        m.take(.nextGame)
        points(11, from: 300)
        points(10, from: 375)
        let json = MatchReport.export([m.log], as: .json)
        let stats = json.split(separator: "\"stats\":").dropFirst().first.map(String.init) ?? ""
        #expect(stats.hasPrefix("{\"start\":\"1970-01-01T00:00:00Z\",\"end\":\"1970-01-01T00:06:24Z\",\"duration\":384,\"playing\":144,\"rallies\":42,\"rallies_per_minute\":17.5,"), "\(stats.prefix(300))")
        #expect(stats.contains("{\"game\":1,\"score\":[21,0],\"winner\":0,\"start\":\"1970-01-01T00:00:00Z\",\"end\":\"1970-01-01T00:02:24Z\",\"duration\":144,\"playing\":84,\"rallies\":21,\"rallies_per_minute\":15,"))
        #expect(stats.contains("{\"game\":2,\"score\":[21,0],\"winner\":0,\"start\":\"1970-01-01T00:04:24Z\",\"end\":\"1970-01-01T00:06:24Z\",\"duration\":120,\"playing\":60,\"rallies\":21,\"rallies_per_minute\":21,"))
        #expect(MatchReport.decimal(2.0 / 3, places: 2) == "0.67" && MatchReport.decimal(-0.25, places: 1) == "-0.3" && MatchReport.decimal(-0.004, places: 2) == "0")
    }
}
