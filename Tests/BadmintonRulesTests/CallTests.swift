@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiTestSeeds
import TerminiCore
import TerminiData
import Testing

/// The umpire's calls, one row per moment of a match, written from the umpire's vocabulary
/// (BWF, Instructions to Technical Officials, Appendix 4) and Law 16's misconduct calls.
@Suite struct CallTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var moment: String
        var court: String? = nil
        var call: String
        /// The match, and the moment of the call (by default the time of its last event).
        var build: @Sendable () -> (Match, Double?)
        var testDescription: String { moment }
    }

    static func singles(_ format: String = "3x21", games: [[Int]] = []) -> Match {
        let m = Match(format, names: ["Ann", "Bob"])
        for g in games {
            m.score(g[0], g[1])
            m.take(.nextGame)
            m.take(.endInterval)
        }
        return m
    }

    /// Ann/Bob on the left, Cat/Dan on the right; Bob serves to Dan.
    static func doubles(_ format: String = "3x21") -> Match {
        let m = Match(format, doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        m.take(.service(team: 0, server: 1, receiver: 1))
        return m
    }

    static func at(_ m: Match, _ offset: Double? = nil) -> (Match, Double?) { (m, offset.map { m.time + $0 }) }

    /// Bob 6-0 serving, then Ann 10 in a row: Ann serves at 10-6.
    static func tenSix(_ m: Match) -> Match {
        m.points("111111" + "0000000000")
        return m
    }

    static let intro = "Ladies and gentlemen, on my right, Bob, and on my left, Ann; Ann to serve; love all; play"

    static let rows: [Row] = [
        // The introduction and the start of the match.
        Row(moment: "the introduction, singles", call: intro) { at(singles()) },
        Row(moment: "the introduction, doubles: the server to serve to the receiver",
            call: "Ladies and gentlemen, on my right, Cat and Dan, and on my left, Ann and Bob; Bob to serve to Dan; love all; play") { at(doubles()) },
        Row(moment: "the introduction after a change of ends",
            call: "Ladies and gentlemen, on my right, Ann, and on my left, Bob; Ann to serve; love all; play") {
            let m = singles(); m.take(.swapEnds); return at(m)
        },
        Row(moment: "doubles, while the first server is chosen: nothing to say yet", call: "") {
            at(Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"]))
        },
        Row(moment: "the warm-up: nothing to say", call: "") { let m = singles(); m.take(.warmUp); return at(m, 10) },
        Row(moment: "ninety seconds into the warm-up", call: "Ready to play") { let m = singles(); m.take(.warmUp); return at(m, 95) },
        Row(moment: "the warm-up is over", call: intro) { let m = singles(); m.take(.warmUp); return at(m, 121) },
        // Every score, the server's first.
        Row(moment: "the server scores", call: "1-love") { let m = singles(); m.points("0"); return at(m) },
        Row(moment: "the server leads", call: "5-3") { let m = singles(); m.points("00011100"); return at(m) },
        Row(moment: "service over", call: "Service over, 3-5") { let m = singles(); m.points("11001110"); return at(m) },
        Row(moment: "a score all", call: "2 all") { let m = singles(); m.points("0011"); return at(m) },
        Row(moment: "game point", call: "20 game point 18") { let m = singles(); m.score(18, 18); m.points("00"); return at(m) },
        Row(moment: "game point at love", call: "20 game point love") { let m = singles(); m.points(0, 20); return at(m) },
        Row(moment: "the receiver at game point: no call", call: "Service over, 19-20") {
            let m = singles(); m.score(18, 18); m.points("110"); return at(m)
        },
        Row(moment: "match point", call: "20 match point 8") {
            let m = singles(games: [[21, 5]]); m.score(18, 8); m.points("00"); return at(m)
        },
        Row(moment: "29-all", call: "Service over, 29 game point all") { let m = singles(); m.score(28, 28); m.points("10"); return at(m) },
        Row(moment: "29-all when the server's side has won a game", call: "Service over, 29 match point all") {
            let m = singles(games: [[21, 5]]); m.score(28, 28); m.points("10"); return at(m)
        },
        // Intervals.
        Row(moment: "the mid-game interval", call: "11-6 interval") { let m = tenSix(singles()); m.points("0"); return at(m) },
        Row(moment: "the mid-game interval after a service over", call: "Service over, 11-9 interval") {
            let m = singles(); m.points("11111111" + "0000000000" + "1" + "0"); return at(m)
        },
        Row(moment: "20 seconds left, the court known", court: "3", call: "Court 3, 20 seconds") {
            let m = tenSix(singles()); m.points("0"); return at(m, 40)
        },
        Row(moment: "20 seconds left, no court name", call: "20 seconds") { let m = tenSix(singles()); m.points("0"); return at(m, 45) },
        Row(moment: "the interval has run out", call: "11-6; play") { let m = tenSix(singles()); m.points("0"); return at(m, 61) },
        Row(moment: "the interval ended early", court: "3", call: "11-6; play") {
            let m = tenSix(singles()); m.points("0"); m.take(.endInterval); return at(m)
        },
        Row(moment: "the interval of the deciding game", call: "11-6 interval; change ends") {
            let m = tenSix(singles(games: [[21, 5], [5, 21]])); m.points("0"); return at(m)
        },
        // The end of a game, the interval between games, the next game.
        Row(moment: "the first game won", call: "Game; first game won by Ann, 21-15") { let m = singles(); m.score(21, 15); return at(m) },
        Row(moment: "one game all", call: "Game; second game won by Bob, 21-19; one game all") {
            let m = singles(games: [[21, 15]]); m.score(19, 21); return at(m)
        },
        Row(moment: "20 seconds left between games", court: "Centre", call: "Court Centre, 20 seconds") {
            let m = singles(); m.score(21, 15); return at(m, 100)
        },
        Row(moment: "the next game begun while the interval runs: the call waits", call: "Game; first game won by Ann, 21-15") {
            let m = singles(); m.score(21, 15); m.take(.nextGame); return at(m)
        },
        Row(moment: "the next game begun after 20 seconds were called", call: "20 seconds") {
            let m = singles(); m.score(21, 15); m.time += 105; m.take(.nextGame); return at(m)
        },
        Row(moment: "the second game", call: "Second game; love all; play") {
            let m = singles(); m.score(21, 15); m.take(.nextGame); m.take(.endInterval); return at(m)
        },
        Row(moment: "the interval between games has run out", call: "Second game; love all; play") {
            let m = singles(); m.score(21, 15); m.take(.nextGame); return at(m, 119)
        },
        Row(moment: "doubles, the second game once its server is chosen", call: "Second game; love all; play") {
            let m = doubles(); m.score(21, 15); m.take(.nextGame); m.take(.endInterval)
            m.take(.service(team: 0, server: 0, receiver: 0)); return at(m)
        },
        Row(moment: "the final game", call: "Final game; love all; play") { at(singles(games: [[21, 15], [19, 21]])) },
        Row(moment: "the third of five", call: "Third game; love all; play") { at(singles("5x11", games: [[11, 5], [11, 5]])) },
        Row(moment: "two games all", call: "Game; fourth game won by Bob, 11-5; two games all") {
            let m = singles("5x11", games: [[11, 5], [5, 11], [11, 5]]); m.score(5, 11); return at(m)
        },
        Row(moment: "game 3 of 5: the game score", call: "Game; third game won by Ann, 11-5; Ann leads two games to one") {
            let m = singles("5x11", games: [[11, 5], [5, 11]]); m.score(11, 5); return at(m)
        },
        Row(moment: "game 2 of 5 won by the leader: two games to love", call: "Game; second game won by Cat and Dan, 11-9; Cat and Dan lead two games to love") {
            let m = doubles("5x11"); m.score(5, 11); m.take(.nextGame); m.take(.endInterval)
            m.take(.service(team: 1, server: 0, receiver: 0)); m.score(9, 11); return at(m)
        },
        Row(moment: "the match won", call: "Game; match won by Ann, 21-15 21-19") {
            let m = singles(games: [[21, 15]]); m.score(21, 19); return at(m)
        },
        Row(moment: "the match won in three, the winner's scores first", call: "Game; match won by Bob, 21-15 19-21 21-17") {
            let m = singles(games: [[15, 21], [21, 19]]); m.score(17, 21); return at(m)
        },
        Row(moment: "a pair wins", call: "Game; match won by Ann and Bob, 21-15") { let m = doubles("1x21"); m.score(21, 15); return at(m) },
        // Misconduct (Law 16).
        Row(moment: "a warning", call: "Bob, warning for misconduct; 5-3") {
            let m = singles(); m.points("00011100"); m.take(.card(team: 1, player: 0, card: .warning)); return at(m)
        },
        Row(moment: "a fault by the receiver", call: "Bob, fault for misconduct; 6-3") {
            let m = singles(); m.points("00011100"); m.take(.card(team: 1, player: 0, card: .fault)); return at(m)
        },
        Row(moment: "a fault by the server", call: "Ann, fault for misconduct; service over, 4-5") {
            let m = singles(); m.points("00011100"); m.take(.card(team: 0, player: 0, card: .fault)); return at(m)
        },
        Row(moment: "a fault in doubles names the player", call: "Dan, fault for misconduct; 2-love") {
            let m = doubles(); m.points("0"); m.take(.card(team: 1, player: 1, card: .fault)); return at(m)
        },
        Row(moment: "a fault at game point ends the game", call: "Bob, fault for misconduct; game; first game won by Ann, 21-18") {
            let m = singles(); m.score(18, 18); m.points("00"); m.take(.card(team: 1, player: 0, card: .fault)); return at(m)
        },
        Row(moment: "a fault that brings the interval", call: "Bob, fault for misconduct; 11-6 interval") {
            let m = tenSix(singles()); m.take(.card(team: 1, player: 0, card: .fault)); return at(m)
        },
        Row(moment: "a fault during the interval", call: "Ann, fault for misconduct; service over, 7-11") {
            let m = tenSix(singles()); m.points("0"); m.take(.card(team: 0, player: 0, card: .fault)); return at(m)
        },
        Row(moment: "a fault between games", call: "Ann, fault for misconduct") {
            let m = singles(); m.score(21, 15); m.take(.card(team: 0, player: 0, card: .fault)); return at(m)
        },
        Row(moment: "the fault counts at the start of the next game", call: "Second game; love all; Ann, faulted for misconduct; 1-love; play") {
            let m = singles(); m.score(21, 15); m.take(.card(team: 0, player: 0, card: .fault))
            m.take(.nextGame); m.take(.endInterval); return at(m)
        },
        Row(moment: "a disqualification", call: "Bob, disqualified for misconduct; match won by Ann by disqualification; the games as they stood: 5-3 unfinished") {
            let m = singles(); m.points("00011100"); m.take(.card(team: 1, player: 0, card: .disqualification)); return at(m)
        },
        Row(moment: "a black card: won by disqualification, the games as they stood",
            call: "Bob, disqualified for misconduct; match won by Ann by disqualification; the games as they stood: 15-21, 5-3 unfinished") {
            let m = singles(games: [[15, 21]]); m.points("00011100"); m.take(.card(team: 1, player: 0, card: .disqualification)); return at(m)
        },
        Row(moment: "a card before the match", call: "Bob, warning for misconduct; " + "l" + intro.dropFirst()) {
            let m = singles(); m.take(.card(team: 1, player: 0, card: .warning)); return at(m)
        },
        // Retirements, walkovers, stops and corrections.
        Row(moment: "a retirement", call: "Bob retired; match won by Ann, 5-3") {
            let m = singles(); m.points("00011100"); m.take(.retire(team: 1)); return at(m)
        },
        Row(moment: "a pair retires", call: "Cat and Dan retired; match won by Ann and Bob, 1-love") {
            let m = doubles(); m.points("0"); m.take(.retire(team: 1)); return at(m)
        },
        Row(moment: "a walkover", call: "Walkover; match won by Ann") { let m = singles(); m.take(.walkover(team: 1)); return at(m) },
        Row(moment: "a suspension", call: "Play is suspended") {
            let m = singles(); m.points("00011100"); m.take(.stop(.suspension, team: nil, player: nil)); return at(m)
        },
        Row(moment: "play resumes", call: "5-3; play") {
            let m = singles(); m.points("00011100"); m.take(.stop(.suspension, team: nil, player: nil)); m.take(.resume); return at(m)
        },
        Row(moment: "an injury: the call stands", call: "5-3") {
            let m = singles(); m.points("00011100"); m.take(.stop(.injury, team: 1, player: 0)); return at(m, 30)
        },
        Row(moment: "a corrected score", call: "5-4") { let m = singles(); m.points("00011100"); m.take(.correctScore([5, 4])); return at(m) },
        Row(moment: "a change of ends, a shuttle: the call stands", call: "Service over, 3-5") {
            let m = singles(); m.points("11001110"); m.take(.swapEnds); m.take(.shuttle); return at(m)
        },
    ]

    @Test(arguments: rows)
    func theCallOfEachMoment(_ row: Row) {
        let (m, when) = row.build()
        #expect(UmpireCall.text(m.state, now: when ?? m.time, court: row.court) == row.call)
    }

    @Test func everyCallOfARandomMatchIsSomethingTheUmpireSays() {
        // No call ever names an index, says "nil" or doubles its punctuation.
        var rng = FuzzRandom(seed: 7)
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        for _ in 0..<600 {
            switch rng.next() % 20 {
            case 0: m.take(.card(team: Int(rng.next() % 2), player: Int(rng.next() % 2), card: Misconduct.allCases[Int(rng.next() % 3)]))
            case 1: m.take(.nextGame)
            case 2: m.take(.service(team: m.state.server, server: Int(rng.next() % 2), receiver: Int(rng.next() % 2)))
            case 3: m.take(.undo)
            case 4: m.take(.endInterval)
            default: m.take(.point(team: Int(rng.next() % 2)))
            }
            if m.state.isOver { m.take(.undo) }
            let call = UmpireCall.text(m.state, now: m.time + Double(rng.next() % 150), court: "1")
            #expect(!call.contains("nil") && !call.contains(";;") && !call.contains("; ;") && !call.hasPrefix(";") && !call.hasSuffix(";"), "\(call)")
        }
    }
}
