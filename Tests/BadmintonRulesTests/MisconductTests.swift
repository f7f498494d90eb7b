@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing

/// Law 16 misconduct as journal events: a warning (yellow card) changes nothing but the
/// record; a fault (red card) is a rally lost by the offender's side, service following as
/// after any rally; a disqualification (black card) ends the match, won by the other side.
@Suite struct MisconductTests {
    struct Situation: CustomTestStringConvertible, Sendable {
        var name: String
        var doubles = false
        /// Points before the card: "0101" as `Match.points`, or a score reached with `Match.score`.
        var rallies = ""
        var score: [Int]? = nil
        var format = "3x21"
        var games: [[Int]] = []
        var card: (team: Int, player: Int, kind: Misconduct)
        // What follows.
        var expectScore: [Int]
        var expectServer: Int
        var expectPhase: MatchState.Phase
        var expectWinner: Int? = nil
        var expectServerPlayer: Int? = nil
        var testDescription: String { name }
    }

    static let situations: [Situation] = [
        Situation(name: "warning to the receiver: nothing moves", rallies: "0011", card: (0, 0, .warning),
                  expectScore: [2, 2], expectServer: 1, expectPhase: .playing),
        Situation(name: "warning to the server", rallies: "0011", card: (1, 0, .warning),
                  expectScore: [2, 2], expectServer: 1, expectPhase: .playing),
        Situation(name: "fault, offender receiving: the server's side scores and serves on", rallies: "0011", card: (0, 0, .fault),
                  expectScore: [2, 3], expectServer: 1, expectPhase: .playing),
        Situation(name: "fault, offender serving: service over", rallies: "0011", card: (1, 0, .fault),
                  expectScore: [3, 2], expectServer: 0, expectPhase: .playing),
        Situation(name: "fault at game point ends the game", score: [20, 18], card: (1, 0, .fault),
                  expectScore: [21, 18], expectServer: 0, expectPhase: .gameOver),
        Situation(name: "fault against the side at game point: deuce", score: [20, 19], card: (0, 0, .fault),
                  expectScore: [20, 20], expectServer: 1, expectPhase: .playing),
        Situation(name: "fault at 29-all ends the game at 30", score: [29, 29], card: (0, 0, .fault),
                  expectScore: [29, 30], expectServer: 1, expectPhase: .gameOver),
        Situation(name: "fault at match point ends the match", score: [20, 10], games: [[21, 5]], card: (1, 0, .fault),
                  expectScore: [21, 10], expectServer: 0, expectPhase: .matchOver, expectWinner: 0),
        Situation(name: "fault at 29-all of the deciding game wins the match", score: [29, 29], games: [[21, 5], [5, 21]], card: (0, 0, .fault),
                  expectScore: [29, 30], expectServer: 1, expectPhase: .matchOver, expectWinner: 1),
        Situation(name: "disqualification ends the match for the other side", rallies: "00", card: (0, 0, .disqualification),
                  expectScore: [2, 0], expectServer: 0, expectPhase: .matchOver, expectWinner: 1),
        // Doubles, Red 1 serving to Blue 1 at love all (Red 1 right, Blue 1 right).
        Situation(name: "doubles: fault by the receiver's partner, the servers change courts", doubles: true, rallies: "0", card: (1, 1, .fault),
                  expectScore: [2, 0], expectServer: 0, expectPhase: .playing, expectServerPlayer: 0),
        Situation(name: "doubles: fault by the server's partner, service over to the player in the left court", doubles: true, rallies: "0",
                  card: (0, 1, .fault), expectScore: [1, 1], expectServer: 1, expectPhase: .playing, expectServerPlayer: 1),
        Situation(name: "doubles: warning to either player", doubles: true, rallies: "01", card: (0, 1, .warning),
                  expectScore: [1, 1], expectServer: 1, expectPhase: .playing),
        Situation(name: "doubles: disqualification of one player ends the match", doubles: true, rallies: "01", card: (1, 1, .disqualification),
                  expectScore: [1, 1], expectServer: 1, expectPhase: .matchOver, expectWinner: 0),
    ]

    static func prepared(_ c: Situation) -> Match {
        let m = Match(c.format, doubles: c.doubles)
        for g in c.games {
            if m.state.phase == .choosingService { m.take(.service(team: m.state.server, server: 0, receiver: 0)) }
            m.score(g[0], g[1])
            m.take(.nextGame)
        }
        if m.state.phase == .choosingService { m.take(.service(team: m.state.server, server: 0, receiver: 0)) }
        m.points(c.rallies)
        if let s = c.score { m.score(s[0], s[1]) }
        return m
    }

    @Test(arguments: situations)
    func eachCardAgainstItsSituation(_ c: Situation) {
        let m = MisconductTests.prepared(c)
        let before = m.state
        #expect(m.take(.card(team: c.card.team, player: c.card.player, card: c.card.kind)), "the card is taken")
        let s = m.state
        #expect(s.score == c.expectScore, "score \(s.score)")
        #expect(s.phase == c.expectPhase, "phase \(s.phase)")
        if s.phase == .playing { #expect(s.server == c.expectServer, "server \(s.server)") }
        #expect(s.winner == c.expectWinner)
        if let p = c.expectServerPlayer { #expect(s.serverPlayer == p && s.court(ofPlayer: p, team: s.server) == s.serviceCourt) }
        #expect(s.cards.count == before.cards.count + 1)
        let card = s.cards.last
        #expect(card?.team == c.card.team && card?.player == c.card.player && card?.card == c.card.kind && card?.time == m.time)
        if c.card.kind == .disqualification { #expect(s.ending == .disqualified(c.card.team)) }
        // Undo takes it back exactly; redo gives it again.
        m.undo()
        #expect(m.state == before)
        m.redo()
        #expect(m.state == s)
        #expect(MatchLog(records: m.log.records)?.state == s, "the journal replays to the same state")
    }

    @Test func aFaultIsARallyForTheIntervalAndItsCountdownRunsOn() {
        let m = Match()
        m.score(10, 4)
        m.take(.card(team: 1, player: 0, card: .fault))
        #expect(m.state.score == [11, 4] && m.state.interval?.kind == .midGame, "a fault reaching 11 brings the interval")
        let start = m.state.interval?.start
        m.take(.card(team: 0, player: 0, card: .fault))
        #expect(m.state.score == [11, 5] && m.state.interval?.start == start, "a fault during the interval leaves it running")
        m.points("0")
        #expect(m.state.interval == nil, "a rally ends it")
    }

    @Test func aFaultBetweenGamesCountsAtTheStartOfTheNext() {
        let m = Match()
        m.score(21, 15)
        m.take(.card(team: 0, player: 0, card: .fault))
        #expect(m.state.games == [[21, 15]] && m.state.score == [21, 15] && m.state.phase == .gameOver, "the game stays as won")
        #expect(m.state.pendingFaults.count == 1)
        m.take(.nextGame)
        #expect(m.state.score == [0, 1], "the opponents of the offender start with a point")
        #expect(m.state.server == 1, "and serve, as after any rally")
        #expect(m.state.serviceCourt == .left && m.state.pendingFaults.isEmpty)
        #expect(m.state.faultedAtStart.map(\.player) == [0])
        m.undo()
        #expect(m.state.phase == .gameOver && m.state.pendingFaults.count == 1)
    }

    @Test func aFaultBetweenGamesInDoublesComesBeforeTheChoiceOfServer() {
        let m = Match(doubles: true)
        m.take(.service(team: 0, server: 0, receiver: 0))
        m.score(21, 15)
        m.take(.card(team: 0, player: 1, card: .fault))
        m.take(.nextGame)
        #expect(m.state.phase == .choosingService && m.state.score == [0, 1] && m.state.server == 1)
        m.take(.service(team: 1, server: 1, receiver: 0))
        let s = m.state
        #expect(s.serverPlayer == 1 && s.serviceCourt == .left && s.court(ofPlayer: 1, team: 1) == .left,
                "the chosen server serves from the court of the side's score")
        #expect(s.receiverPlayer == 0 && s.court(ofPlayer: 0, team: 0) == .left)
    }

    @Test func misconductBeforeTheMatchHasNoEffectOnTheScore() {
        // The warm-up: the match has not begun.
        let a = Match()
        a.take(.warmUp)
        a.take(.card(team: 0, player: 0, card: .fault))
        #expect(a.state.score == [0, 0] && a.state.cards.count == 1 && a.state.cards[0].scored == false)
        // Doubles before the service choice of game 1: no "play" has been called.
        let b = Match(doubles: true)
        b.take(.card(team: 1, player: 1, card: .fault))
        #expect(b.state.score == [0, 0] && b.state.phase == .choosingService)
        // Singles without a warm-up, before the first rally (RTTO 3.7.7): recorded, no point.
        let c = Match()
        #expect(c.take(.card(team: 1, player: 0, card: .fault)))
        #expect(c.state.score == [0, 0] && c.state.server == 0 && c.state.cards.count == 1 && c.state.cards[0].scored == false)
        // Doubles with the server chosen ("love all; play"), still before the first rally.
        let d = Match(doubles: true)
        d.take(.service(team: 0, server: 0, receiver: 0))
        d.take(.card(team: 1, player: 1, card: .fault))
        #expect(d.state.score == [0, 0] && d.state.cards[0].scored == false)
        // From the first rally on, a fault is a rally lost.
        let e = Match()
        e.points("0")
        e.take(.card(team: 0, player: 0, card: .fault))
        #expect(e.state.score == [1, 1] && e.state.server == 1 && e.state.cards[0].scored == true)
    }

    /// Law 16.7: a warning is given to a side, once; a side that has any card is faulted
    /// (or disqualified) for a further offence, never warned again — either of its players.
    @Test func aSideIsWarnedOnceAndThenFaulted() {
        let d = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        d.take(.service(team: 0, server: 0, receiver: 0))
        d.points("01")
        #expect(d.take(.card(team: 1, player: 1, card: .warning)))
        #expect(!d.take(.card(team: 1, player: 1, card: .warning)), "the same player again")
        #expect(!d.take(.card(team: 1, player: 0, card: .warning)), "the warned player's partner")
        #expect(Misconduct.warning.refusal(d.state, team: 1) == "Cat/Dan already have a card (Dan yellow): a further offence is a fault (Law 16.7).")
        #expect(Misconduct.fault.refusal(d.state, team: 1) == nil && Misconduct.disqualification.refusal(d.state, team: 1) == nil)
        #expect(Misconduct.warning.refusal(d.state, team: 0) == nil, "the other side has none")
        #expect(d.take(.card(team: 0, player: 1, card: .warning)))
        #expect(d.take(.card(team: 1, player: 0, card: .fault)), "a further offence: a fault")
        #expect(d.state.cards.filter { $0.card == .warning }.count == 2)
        // Singles: after faults, no warning.
        let s = Match(names: ["Ann", "Bob"])
        s.points("0")
        for _ in 0..<3 { #expect(s.take(.card(team: 0, player: 0, card: .fault))) }
        #expect(!s.take(.card(team: 0, player: 0, card: .warning)))
        #expect(Misconduct.warning.refusal(s.state, team: 0) == "Ann already has a card (red, red, red): a further offence is a fault (Law 16.7).")
        // Undone, the card no longer counts.
        let u = Match(names: ["Ann", "Bob"])
        u.take(.card(team: 0, player: 0, card: .warning))
        u.take(.undo)
        #expect(u.take(.card(team: 0, player: 0, card: .warning)))
        // The preview says why instead of what.
        #expect(Misconduct.warning.preview(s.state, team: 0, player: 0, at: s.time + 1, court: nil).effect
                == "Ann already has a card (red, red, red): a further offence is a fault (Law 16.7).")
    }

    @Test func misconductAfterTheMatchIsRecordedOnly() {
        let m = Match("1x21")
        m.score(21, 3)
        let over = m.state
        #expect(m.take(.card(team: 0, player: 0, card: .disqualification)))
        #expect(m.state.winner == 0 && m.state.ending == .played && m.state.score == over.score)
        #expect(m.state.cards.count == 1)
    }

    @Test func disqualificationIsInTheReportsAndTheHistory() {
        let m = Match(names: ["Lin", "Lee"])
        m.score(21, 15)
        m.take(.nextGame)
        m.score(3, 5)
        m.take(.card(team: 0, player: 0, card: .disqualification))
        let s = m.state
        #expect(s.finalGame == 2 && s.unfinishedScore == [3, 5])
        #expect(MatchReport.statusLine(s, now: m.time).hasSuffix("· Lee won, Lin disqualified · cards: Lin black"))
        #expect(MatchReport.outcome(s) == "Lee beat Lin 15-21 5-3 (disqualified)")
        #expect(MatchReport.result(s).hasSuffix("· Lee won, Lin disqualified"))
        let json = MatchReport.export([m.log], as: .json)
        #expect(json.contains("\"ending\":\"disqualified\""))
        #expect(json.contains("\"event\":\"card\",\"team\":0,\"score\":[3,5],\"game\":2,\"player\":\"Lin\",\"card\":\"disqualification\""))
    }

    @Test func cardsAreRefusedWhenTheyNameNobody() {
        let m = Match()
        #expect(!m.take(.card(team: 0, player: 1, card: .warning)), "singles: one player a side")
        #expect(!m.take(.card(team: 2, player: 0, card: .warning)))
    }

    @Test func cardEventsRoundTripAndOutOfRangeOnesAreDamage() {
        let e = MatchEvent(.card(team: 1, player: 1, card: .fault), at: 12.5)
        #expect(String(decoding: e.line, as: UTF8.self) == "{\"card\":\"fault\",\"e\":\"card\",\"player\":1,\"t\":12.5,\"team\":1}\n")
        #expect(MatchEvent.parse(line: e.line.dropLast()) == e)
        for bad in ["{\"e\":\"card\",\"t\":1,\"team\":0,\"player\":2,\"card\":\"fault\"}",
                    "{\"e\":\"card\",\"t\":1,\"team\":0,\"player\":0,\"card\":\"purple\"}",
                    "{\"e\":\"card\",\"t\":1,\"team\":0,\"card\":\"warning\"}"] {
            #expect(MatchEvent.parse(line: Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}

/// What the card dialog says before Enter (`Misconduct.preview`), against the situations of Law 16.
@Suite struct CardPreviewTests {
    /// What the card dialog says before Enter, against the situations of Law 16.
    @Test func theCardPreviewSaysWhatWillHappen() {
        func preview(_ m: Match, _ team: Int, _ player: Int, _ card: Misconduct) -> String {
            card.preview(m.state, team: team, player: player, at: m.time + 1, court: nil).effect
        }
        let m = Match(names: ["Ann", "Bob"])
        #expect(preview(m, 0, 0, .fault) == "Fault to Ann: no point, the match has not begun (before the first rally).")
        m.take(.warmUp)
        #expect(preview(m, 0, 0, .fault) == "Fault to Ann: no point, the match has not begun (before the first rally).")
        m.score(5, 3)
        #expect(preview(m, 0, 0, .warning) == "Warning to Ann: nothing else changes.")
        #expect(preview(m, 0, 0, .fault) == "Fault: Bob scores, 4-5.")
        #expect(preview(m, 1, 0, .fault) == "Fault: Ann scores, 6-3.")
        #expect(preview(m, 1, 0, .disqualification) == "Disqualified: the match ends, won by Ann.")
        m.score(20, 3)
        #expect(preview(m, 1, 0, .fault) == "Fault: Ann scores and wins game 1, 21-3.")
        m.points(0, 1)
        #expect(preview(m, 1, 0, .fault) == "Fault: Ann scores the first point of game 2.")
        m.take(.nextGame)
        m.score(20, 0)
        #expect(preview(m, 1, 0, .fault) == "Fault: Ann scores and wins the match, 21-0.")
        let d = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        d.take(.service(team: 0, server: 0, receiver: 0))
        d.points("0")
        #expect(preview(d, 1, 1, .fault) == "Fault: Ann/Bob score, 2-0.")
        let call = Misconduct.fault.preview(d.state, team: 1, player: 1, at: d.time + 1, court: nil).call
        #expect(call == "Dan, fault for misconduct; 2-love")
    }
}
