import Testing
import TerminiData
@testable import BadmintonRules

/// The court's side of the desk's call, pure: the warm-up that begins at the call (kept in the
/// match's start event), and where a kept call stands with the court's match.
@Suite struct CourtCallRulesTests {
    let call = CourtCall(match: "12", event: "MS", round: "R2", court: "3", team1: [.init(name: "Lin Dan", country: "CHN")],
                         team2: [.init(name: "Lee Chong Wei", country: "MAS")], format: "3x15", calledAt: 1_800_000_000)

    /// A match begun at `t`, `points` rallies played (one a second), then over when `over`
    /// (a retirement, a second later).
    func match(number: String?, at t: Double, points: Int = 0, over: Bool = false, warm: Double? = nil) -> MatchLog {
        var log = MatchLog(setup: MatchSetup(officials: MatchOfficials(matchNumber: number), warmUpFrom: warm), at: t)
        for i in 0..<points { _ = log.take(MatchEvent(.point(team: 0), at: t + Double(i + 1))) }
        if over { _ = log.take(MatchEvent(.retire(team: 1), at: t + Double(points + 1))) }
        return log
    }

    @Test func theWarmUpOfACalledMatchRunsFromTheCallAndIsKeptInItsStart() throws {
        let log = match(number: "12", at: 1_800_000_050, warm: 1_800_000_000)
        #expect(log.state.warmUpStart == 1_800_000_000)
        // 50 s after the call: 70 s of the two minutes left, as the umpire's clock shows.
        #expect(log.state.timer(at: 1_800_000_050)?.clockText(at: 1_800_000_050) == "1:10")
        #expect(log.state.timer(at: 1_800_000_127)?.clockText(at: 1_800_000_127) == "+0:07")
        let line = log.records[0].line
        #expect(String(decoding: line, as: UTF8.self).contains(#""warm":1800000000"#))
        #expect(MatchEvent.parse(line: line.dropLast()) == log.records[0])
        // A warm-up after the start is damage; one an hour old runs no clock.
        let after = String(decoding: line, as: UTF8.self).replacingOccurrences(of: #""warm":1800000000"#, with: #""warm":1800000099"#)
        #expect(MatchEvent.parse(line: Array(after.utf8).dropLast()) == nil)
        #expect(match(number: "12", at: 1_800_004_000, warm: 1_800_000_000).state.warmUpStart == nil)
        #expect(match(number: nil, at: 1_800_000_050).state.warmUpStart == nil)
    }

    @Test func aKeptCallIsReceivedOnAFreeCourtNextOnABusyOneAndAcceptedByItsMatch() {
        let kept = CourtCall.Kept(call: call, state: .delivered, keptAt: 1_800_000_010)
        #expect(kept.standing(nil) == .delivered)
        // Set up and nothing more: free; a rally played: busy; over: free again.
        // Match 7 begun from a call and no rally yet: still match 7's court.
        #expect(kept.standing(match(number: "7", at: 1_800_000_000)) == .next)
        #expect(kept.standing(match(number: nil, at: 1_800_000_000)) == .delivered)
        #expect(kept.standing(match(number: "7", at: 1_800_000_000, points: 1)) == .next)
        #expect(kept.standing(match(number: "7", at: 1_800_000_000, points: 41, over: true)) == .delivered)
        // Its number begun after the court kept it: begun; the same number before: not it.
        #expect(kept.standing(match(number: "12", at: 1_800_000_020)) == .begun)
        #expect(kept.standing(match(number: "12", at: 1_800_000_005, points: 1)) == .next)
        var done = kept
        done.state = .begun
        #expect(done.standing(match(number: "13", at: 1_800_000_500, points: 1)) == .finished, "another match followed it")
        #expect(!done.isOpen(nil) && kept.isOpen(nil))
    }

    @Test func aCallThatWaitedWarmsUpFromTheEndOfTheMatchBefore() {
        let kept = CourtCall.Kept(call: call, state: .next, keptAt: 1_800_000_010)
        #expect(kept.warmUpFrom(nil) == 1_800_000_000)
        #expect(kept.warmUpFrom(match(number: "7", at: 1_700_000_000, points: 41, over: true)) == 1_800_000_000)
        #expect(kept.warmUpFrom(match(number: "7", at: 1_800_000_000, points: 41, over: true)) == 1_800_000_042)
        #expect(kept.warmUpFrom(match(number: "7", at: 1_800_000_000, points: 41)) == 1_800_000_000)
    }
}
