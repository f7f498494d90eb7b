import Testing
import BadmintonRules
@testable import TerminiHall

/// A court keeper's side of the desk's calls, without a broker: what it keeps, what it answers.
@Suite struct CourtCallsTests {
    let call = HallCall(match: "12", event: "MS", round: "R2", court: "3", team1: [.init(name: "Lin Dan")],
                        team2: [.init(name: "Lee Chong Wei")], calledAt: 1_800_000_000)

    func answer(_ bytes: [UInt8]?) -> HallCallAnswer.State? { bytes.flatMap(HallCallAnswer.parse)?.state }

    @Test func aCallIsKeptOnceAnsweredAndTheSameCallAgainChangesNothing() throws {
        var calls = CourtCalls(court: "3", kept: nil)
        #expect(calls.answerDue() == [])  // no call: the answer topic is cleared once
        #expect(calls.answerDue() == nil)
        let taken = calls.take(call.bytes, log: nil, now: 1_800_000_001)
        let change = try #require(taken)
        #expect(calls.answerDue() == nil, "not answered before it is on disk")
        calls.commit(change)
        #expect(CourtCall.Kept.parse(change.bytes) == calls.kept)
        #expect(answer(calls.answerDue()) == .delivered)
        #expect(calls.take(call.bytes, log: nil, now: 1_800_000_009) == nil, "retained again at a reconnection")
        calls.connected()
        #expect(answer(calls.answerDue()) == .delivered, "said again on a new connection")
        // The umpire's step, once saved, is the court's word while it keeps the call delivered.
        calls.umpireSaid(UmpireCallStep(id: call.id, step: .setup))
        #expect(answer(calls.answerDue()) == .setup)
        calls.umpireSaid(UmpireCallStep(id: "11@1", step: .shown))
        #expect(answer(calls.answerDue()) == .delivered, "the umpire's step of another call")
        let withdrawal = calls.take([], log: nil, now: 1_800_000_010)
        calls.commit(try #require(withdrawal))
        #expect(calls.kept?.state == .withdrawn && answer(calls.answerDue()) == .withdrawn)
        #expect(calls.take([], log: nil, now: 1_800_000_011) == nil)
    }

    @Test func aBusyCourtKeepsTheCallAsNextUntilItsMatchEndsAndAcceptsItWhenItBegins() throws {
        var log = MatchLog(setup: MatchSetup(), at: 1_799_999_000)
        _ = log.take(MatchEvent(.point(team: 0), at: 1_799_999_100))
        var calls = CourtCalls(court: "3", kept: nil)
        let taken = calls.take(call.bytes, log: log, now: 1_800_000_001)
        calls.commit(try #require(taken))
        #expect(calls.kept?.state == .next && answer(calls.answerDue()) == .next)
        #expect(calls.matchChanged(log) == nil)
        _ = log.take(MatchEvent(.retire(team: 1), at: 1_800_000_200))
        calls.commit(try #require(calls.matchChanged(log)))
        #expect(answer(calls.answerDue()) == .delivered)
        let begun = MatchLog(setup: MatchSetup(officials: MatchOfficials(matchNumber: "12"), warmUpFrom: 1_800_000_200), at: 1_800_000_300)
        calls.commit(try #require(calls.matchChanged(begun)))
        #expect(calls.kept?.state == .begun && answer(calls.answerDue()) == .begun)
        // The desk clears its call once begun: that is no withdrawal.
        #expect(calls.take([], log: begun, now: 1_800_000_301) == nil)
    }

    @Test func whatIsNotACallOfThisCourtIsRefusedAndCounted() {
        var calls = CourtCalls(court: "4", kept: nil)
        #expect(calls.take(call.bytes, log: nil, now: 1) == nil, "court 3's call on court 4's topic")
        #expect(calls.take(Array("garbage".utf8), log: nil, now: 1) == nil)
        #expect(calls.take(Array(repeating: 0x7b, count: 100_000), log: nil, now: 1) == nil)
        #expect(calls.refused == 3 && calls.kept == nil)
    }
}

/// The calls as a screen of the hall reads them: each court's next, until it is begun.
@Suite struct HallNextCallsTests {
    @Test func aCourtsNextIsItsCallUntilItAnswersAcceptedAndGoesWhenWithdrawn() {
        let call = HallCall(match: "12", event: "MS", round: "R2", court: "3", team1: [.init(name: "Lin Dan", country: "CHN")],
                            team2: [.init(name: "Lee Chong Wei")], calledAt: 1_800_000_000)
        var next = HallNextCalls()
        next.call("3", call.bytes)
        #expect(next.next("3") == "Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei")
        #expect(next.next("4") == nil)
        next.call("4", call.bytes)
        #expect(next.next("4") == nil, "court 3's call on court 4's topic")
        next.answer("3", HallCallAnswer(call, .next).bytes)
        #expect(next.next("3") != nil)
        next.answer("3", HallCallAnswer(call, .begun).bytes)
        #expect(next.next("3") == nil)
        next.answer("3", HallCallAnswer(id: "11@1", match: "11", state: .begun).bytes)
        #expect(next.next("3") != nil, "an answer to another call")
        next.call("3", [])
        #expect(next.next("3") == nil)
    }
}
