import Testing
import BadmintonRules
import BadmintonRulesTestSupport
@testable import TerminiDesk

@Suite struct DeskQueueTests {
    /// The referee's test: with `desk.rest = 90s` the desk asked "has rested 1 min of 1"; a
    /// rest under ten minutes is said to the second.
    @Test func aShortRestIsSaidToTheSecond() {
        #expect(DeskDuration.said(60) == "1:00" && DeskDuration.said(90) == "1:30" && DeskDuration.said(599) == "9:59")
        #expect(DeskDuration.said(600) == "10 min" && DeskDuration.said(1800) == "30 min" && DeskDuration.said(3900) == "1 h 5 min")
    }

    static let t0 = 1_800_000_000.0
    let rest = DeskState.defaultRest

    func desk() -> DeskState {
        DeskState(matches: [
            DeskMatch(number: "1", event: "MS", round: "R1", teams: [DeskTeam(players: ["Ann"]), DeskTeam(players: ["Bea"])]),
            DeskMatch(number: "2", event: "MS", round: "R1", teams: [DeskTeam(players: ["Cy"]), DeskTeam(players: ["Di"])]),
            DeskMatch(number: "3", event: "MS", round: "R2", teams: [DeskTeam(players: ["ann "]), DeskTeam(players: ["Cy"])], notBefore: 15 * 60),
            DeskMatch(number: "4", event: "MD", round: "R1", teams: [DeskTeam(players: ["Eva", "Fay"]), DeskTeam(players: ["Gus", "Hal"])]),
        ])
    }

    func played(_ d: inout DeskState, _ number: String, court: String, end: Double) {
        var r = DeskResult(match: d.match(number)!, court: court, ending: .played, start: end - 1800, end: end)
        r.games = [[21, 10], [21, 12]]
        d.finish(r)
    }

    @Test func aCallTakesTheMatchOutOfTheQueueAndTheCourtIsThenBusy() {
        var d = desk()
        #expect(d.call("1", court: "1", at: Self.t0, rest: rest) == .called(DeskCall(match: "1", court: "1", calledAt: Self.t0)))
        #expect(d.queue.map(\.number) == ["2", "3", "4"])
        guard case .refused(let why) = d.call("2", court: "1", at: Self.t0, rest: rest) else { Issue.record("court 1 not busy"); return }
        #expect(why == "court 1 is busy: match 1 is called there")
        guard case .refused(let again) = d.call("1", court: "2", at: Self.t0, rest: rest) else { Issue.record("called twice"); return }
        #expect(again.contains("already called to court 1"))
        guard case .refused(let none) = d.call("99", court: "2", at: Self.t0, rest: rest) else { Issue.record("no such match"); return }
        #expect(none.contains("no match 99"))
    }

    @Test func aPlayerOnCourtIsRefusedEvenUnderAnotherSpellingOfTheName() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        guard case .refused(let why) = d.call("3", court: "2", at: Self.t0, rest: rest) else { Issue.record("a player on court called"); return }
        #expect(why == "ann is still on court 1 (match 1)")
    }

    @Test func insideTheRestTheDeskIsAskedFirst() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        _ = d.call("2", court: "2", at: Self.t0, rest: rest)
        played(&d, "1", court: "1", end: Self.t0 + 2000)
        played(&d, "2", court: "2", end: Self.t0 + 2100)
        #expect(d.rest(of: "Ann", at: Self.t0 + 2600) == 600)
        #expect(d.rest(of: "Eva", at: Self.t0 + 2600) == nil)
        let soon = Self.t0 + 2000 + 600
        guard case .ask(_, let why) = d.call("3", court: "1", at: soon, rest: rest) else { Issue.record("called inside the rest without asking"); return }
        #expect(why.contains("rested 10 min of 30") && why.contains("Cy"))
        #expect(d.status(of: "3") == .waiting)
        guard case .called = d.call("3", court: "1", at: soon, rest: rest, confirmed: Set(CallQuestion.allCases)) else { Issue.record("confirmed call refused"); return }
        // After the rest, no question.
        var e = desk()
        _ = e.call("1", court: "1", at: Self.t0, rest: rest)
        _ = e.call("2", court: "2", at: Self.t0, rest: rest)
        played(&e, "1", court: "1", end: Self.t0)
        played(&e, "2", court: "2", end: Self.t0)
        guard case .called = e.call("3", court: "1", at: Self.t0 + rest, rest: rest, localMinute: 16 * 60) else { Issue.record("rested players asked about"); return }
    }

    @Test func beforeItsTimeTheDeskIsAskedFirst() {
        var d = desk()
        guard case .ask(_, let why) = d.call("3", court: "1", at: Self.t0, rest: rest, localMinute: 14 * 60) else { Issue.record("called before its time"); return }
        #expect(why.contains("not before 15:00"))
    }

    /// Inside the rest and before its time: the rest asked, then, once confirmed, the time
    /// (the referee's find: a yes to the rest called it without asking about the time).
    @Test func everyQuestionIsAskedInTurn() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        played(&d, "1", court: "1", end: Self.t0 + 2000)
        let soon = Self.t0 + 2600
        guard case .ask(.rest, _) = d.call("3", court: "2", at: soon, rest: rest, localMinute: 14 * 60) else { Issue.record("rest not asked"); return }
        guard case .ask(.notBefore, let why) = d.call("3", court: "2", at: soon, rest: rest, localMinute: 14 * 60, confirmed: [.rest]) else {
            Issue.record("not_before not asked once the rest was confirmed"); return
        }
        #expect(why.contains("not before 15:00") && d.status(of: "3") == .waiting)
        guard case .called = d.call("3", court: "2", at: soon, rest: rest, localMinute: 14 * 60, confirmed: [.rest, .notBefore]) else {
            Issue.record("both confirmed, not called"); return
        }
    }

    /// A match withdrawn at the desk while its court had begun it: the court says begun for
    /// that call, and the match is the court's again (its result comes as any call's).
    @Test func aMatchBegunBeforeItsWithdrawalReachedTheCourtIsItsAgain() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        _ = d.withdraw("1")
        let id = CourtCall.id(match: "1", calledAt: Self.t0)
        let other = d.courtBegan("1", court: "1", id: "1@x"), wrongMatch = d.courtBegan("2", court: "1", id: id)
        #expect(!other, "not a call's id")
        #expect(!wrongMatch, "the id of another match")
        // Match 4 called to court 1 meanwhile: it waits as the court's next.
        _ = d.call("4", court: "1", at: Self.t0 + 50, rest: rest)
        let taken = d.courtBegan("1", court: "1", id: id)
        #expect(taken)
        #expect(d.current(on: "1")?.match == "1" && d.next(on: "1")?.match == "4")
        let again = d.courtBegan("1", court: "1", id: id)
        #expect(!again, "once")
    }

    /// A walkover was not played: no rest for either side after it.
    @Test func aWalkoverGivesNoRest() {
        var d = desk()
        _ = d.walkover("1", absent: 1, at: Self.t0)
        #expect(d.rest(of: "Ann", at: Self.t0 + 60) == nil)
        guard case .called = d.call("3", court: "1", at: Self.t0 + 60, rest: rest, localMinute: 16 * 60) else { Issue.record("asked about a rest after a walkover"); return }
    }

    @Test func aCallIsWithdrawnOnlyBeforePlayStarts() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        #expect(d.withdraw("1") == .success(DeskCall(match: "1", court: "1", calledAt: Self.t0)))
        #expect(d.status(of: "1") == .waiting && d.queue.first?.number == "1")
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        d.started("1", at: Self.t0 + 300)
        #expect(d.call(of: "1")?.startedAt == Self.t0 + 300)
        guard case .failure(let why) = d.withdraw("1") else { Issue.record("withdrawn while played"); return }
        #expect(why.description.contains("has begun on court 1"))
        guard case .failure = d.withdraw("2") else { Issue.record("an uncalled match withdrawn"); return }
    }

    @Test func aCourtMidMatchKeepsTheCallAsNextAndTakesItWhenItsMatchEnds() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        d.started("1", at: Self.t0 + 60)
        #expect(d.call("2", court: "1", at: Self.t0 + 100, rest: rest) == .called(DeskCall(match: "2", court: "1", calledAt: Self.t0 + 100, next: true)))
        #expect(d.next(on: "1")?.match == "2" && d.current(on: "1")?.match == "1")
        guard case .refused(let why) = d.call("4", court: "1", at: Self.t0 + 100, rest: rest) else { Issue.record("two nexts"); return }
        #expect(why.contains("match 2 is its next"))
        played(&d, "1", court: "1", end: Self.t0 + 2000)
        // The next call is the court's now; its warm-up starts as the court is free, and the
        // call keeps its time (and its id on the hall: the court has it already).
        #expect(d.current(on: "1")?.calledAt == Self.t0 + 100 && d.current(on: "1")?.warmUpFrom == Self.t0 + 2000)
        #expect(d.hallCalls["1"]?.id == "2@1800000100")
    }

    @Test func walkoverBeforePlayRetiredDuringIt() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        let w = try? d.walkover("1", absent: 1, at: Self.t0 + 120).get()
        #expect(w?.ended == "walkover" && w?.winner == 0 && w?.endedBy == 1 && w?.start == nil && w?.court == "1")
        #expect(d.current(on: "1") == nil && d.status(of: "1") == .finished(w!))
        guard case .failure = d.walkover("1", absent: 0, at: Self.t0 + 130) else { Issue.record("a second result"); return }

        _ = d.call("2", court: "2", at: Self.t0, rest: rest)
        d.started("2", at: Self.t0 + 60)
        guard case .failure(let why) = d.walkover("2", absent: 0, at: Self.t0 + 200) else { Issue.record("walkover after play began"); return }
        #expect(why.description.contains("retires"))
        let m = Match(names: ["Cy", "Di"])
        m.score(21, 15)
        m.take(.nextGame)
        m.score(3, 5)
        let r = try? d.retired("2", team: 0, state: m.state, at: Self.t0 + 900).get()
        #expect(r?.ended == "retired" && r?.winner == 1 && r?.games == [[21, 15], [3, 5]] && r?.start == Self.t0 + 60)
        guard case .failure = d.retired("4", team: 0, state: nil, at: Self.t0) else { Issue.record("retired off court"); return }
    }

    @Test func lateCallsAreThoseNotBegunInTime() {
        var d = desk()
        _ = d.call("1", court: "1", at: Self.t0, rest: rest)
        _ = d.call("2", court: "2", at: Self.t0 + 200, rest: rest)
        #expect(d.late(at: Self.t0 + 300, after: 300).map(\.match) == ["1"])
        d.started("1", at: Self.t0 + 310)
        #expect(d.late(at: Self.t0 + 600, after: 300).map(\.match) == ["2"])
    }

    @Test func restSetting() {
        #expect(DeskDuration.parse("30m") == 1800)
        #expect(DeskDuration.parse("30") == 1800)
        #expect(DeskDuration.parse("1h30m") == 5400)
        #expect(DeskDuration.parse("90s") == 90)
        #expect(DeskDuration.parse("0") == 0)
        #expect(DeskDuration.parse("m30") == nil)
        #expect(DeskDuration.parse("30m1h") == nil)
        #expect(DeskDuration.parse("25h") == nil)
        #expect(DeskDuration.parse("-5m") == nil)
    }

    /// The players read once (`DeskPlayers`, for the screen's every row) say what asking the
    /// state call by call and result by result says: the first open call a name is in (case and
    /// spaces aside, next calls too), the latest end of its results; the queue is the matches
    /// with neither a call nor a result.
    @Test func thePlayersReadOnceAreWhatTheCallsAndResultsSay() {
        let t0 = DeskQueueTests.t0
        var d = desk()
        d.matches.append(DeskMatch(number: "5", event: "MS", round: "R3", teams: [DeskTeam(players: ["Ann"]), DeskTeam(players: ["Gus"])]))
        played(&d, "1", court: "1", end: t0)
        _ = d.call("2", court: "1", at: t0 + 10, rest: 0, confirmed: Set(CallQuestion.allCases))
        _ = d.call("4", court: "2", at: t0 + 20, rest: 0, confirmed: Set(CallQuestion.allCases))
        _ = d.call("3", court: "2", at: t0 + 30, rest: 0, confirmed: Set(CallQuestion.allCases))
        played(&d, "4", court: "2", end: t0 + 4000)
        let once = DeskPlayers(d)
        for name in ["Ann", " ann", "ANN ", "Bea", "Cy", "cy", "Di", "Eva", "Fay", "Gus", "Hal", "Zed", ""] {
            let key = name.trimmed.lowercased()
            let call = d.calls.first { c in d.match(c.match)?.players.contains { $0.trimmed.lowercased() == key } ?? false }
            let end = d.results.filter { $0.players.contains { $0.trimmed.lowercased() == key } }.map(\.end).max()
            #expect(once.openCall(of: name) == call && d.openCall(of: name) == call, "\(name)")
            #expect(once.rest(of: name, at: t0 + 5000) == end.map { t0 + 5000 - $0 } && d.rest(of: name, at: t0 + 5000) == once.rest(of: name, at: t0 + 5000), "\(name)")
        }
        for c in d.calls { #expect(once.calledMatch(c.match) == d.match(c.match) && once.calledMatch(c.match) != nil) }
        for court in ["1", "2", "3"] { #expect(once.current(on: court) == d.current(on: court), "court \(court)") }
        #expect(once.current(on: "1") != nil)
        #expect(once.calledMatch("5") == nil && once.calledMatch("1") == nil)
        #expect(d.queue.map(\.number) == d.matches.filter { d.status(of: $0.number) == .waiting }.map(\.number))
        // 3 is refused (Cy is on court 1): it waits with 5.
        #expect(d.queue.map(\.number) == ["3", "5"])
    }
}

@Suite struct DeskFromCourtsTests {
    static let t0 = 1_800_000_000.0

    func desk() -> DeskState {
        var d = DeskState(matches: [
            DeskMatch(number: "1", event: "MS", round: "R1", teams: [DeskTeam(players: ["Ann"]), DeskTeam(players: ["Bea"])]),
            DeskMatch(number: "2", event: "MS", round: "R1", teams: [DeskTeam(players: ["Cy"]), DeskTeam(players: ["Di"])]),
        ])
        _ = d.call("1", court: "1", at: Self.t0, rest: 0)
        return d
    }

    @Test func aMatchBegunOnTheCourtAfterTheCallIsTheCalledOneAndItsEndIsItsResult() {
        var d = desk()
        // A match begun on court 1 before the call is not the called one.
        let before = Match(names: ["X", "Y"], at: Self.t0 - 600)
        before.score(5, 3)
        #expect(d.take(court: "1", matches: [before.log]).isEmpty)
        #expect(d.call(of: "1")?.startedAt == nil)
        let m = Match(names: ["Ann", "Bea"], at: Self.t0 + 120)
        m.score(21, 3)
        #expect(d.take(court: "1", matches: [before.log, m.log]).isEmpty)
        #expect(d.call(of: "1")?.startedAt == Self.t0 + 120)
        m.take(.nextGame)
        m.score(21, 4)
        let results = d.take(court: "1", matches: [before.log, m.log])
        #expect(results.map(\.number) == ["1"] && results.first?.games == [[21, 3], [21, 4]] && results.first?.court == "1")
        #expect(d.results == results && d.calls.isEmpty)
        // Taken once: the same copies again change nothing.
        #expect(d.take(court: "1", matches: [before.log, m.log]).isEmpty && d.results.count == 1)
        // Another court's matches are not court 1's.
        var e = desk()
        #expect(e.take(court: "2", matches: [m.log]).isEmpty && e.call(of: "1")?.startedAt == nil)
    }

    @Test func eachCourtIsSentTheCallItHasStillToBegin() {
        var d = desk()
        _ = d.call("2", court: "2", at: Self.t0, rest: 0)
        #expect(d.hallCalls.mapValues(\.match) == ["1": "1", "2": "2"])
        let call = d.hallCalls["1"]
        #expect(call?.team1.first?.name == "Ann" && call?.calledAt == Self.t0 && call?.id == "1@1800000000")
        // Begun on court 1: its call is cleared; a call made then waits as its next and is sent.
        d.started("1", at: Self.t0 + 60)
        #expect(d.hallCalls["1"] == nil)
        _ = d.withdraw("2")
        #expect(d.hallCalls["2"] == nil)
        // Not to another court before court 2 says it has the call no more.
        guard case .refused(let why) = d.call("2", court: "1", at: Self.t0 + 110, rest: 0) else { Issue.record("called elsewhere at once"); return }
        #expect(why.contains("withdrawn from court 2, which has not said so yet"))
        let said = d.courtSaid("2", id: "2@1800000000", match: "2", step: .withdrawn)
        #expect(said)
        _ = d.call("2", court: "1", at: Self.t0 + 120, rest: 0)
        #expect(d.next(on: "1")?.match == "2" && d.hallCalls["1"]?.match == "2")
    }
}
