@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing

/// The clocks of a match: the warm-up, the intervals, and the stops that run up (injury,
/// suspension); and the shuttles, a counted event.
@Suite struct TimerTests {
    @Test func theWarmUpRunsTwoMinutesUntilTheFirstRally() {
        let m = Match(at: 1000)
        #expect(m.take(.warmUp))
        let start = m.time
        let t = m.state.timer(at: start + 10)
        #expect(t?.kind == .warmUp && t?.shownSeconds(at: start + 10) == 110 && t?.remaining(at: start + 10) == 110)
        #expect(m.state.timer(at: start + 119.5)?.shownSeconds(at: start + 119.5) == 1)
        // Over after two minutes: then it counts how late play is (issue 23, item 11).
        #expect(m.state.timer(at: start + 127.5)?.clockText(at: start + 127.5) == "+0:07")
        #expect(m.take(.warmUp), "w again starts it again")
        #expect(m.state.warmUpStart == m.time)
        m.points("0")
        #expect(m.state.warmUpStart == nil && m.state.timer(at: m.time) == nil, "the first rally ends it")
        #expect(!m.take(.warmUp), "no warm-up once play began")
        let d = Match(doubles: true)
        #expect(d.take(.warmUp), "in doubles the warm-up can run while the server is chosen")
    }

    @Test func anInjuryClockRunsUpAndIsKeptWithItsDuration() {
        let m = Match()
        m.points("0011")
        #expect(m.take(.stop(.injury, team: 1, player: 0)))
        let start = m.time
        let t = m.state.timer(at: start + 75.6)
        #expect(t?.kind == .injury && t?.duration == nil && t?.shownSeconds(at: start + 75.6) == 75)
        #expect(abs((t?.elapsed(at: start + 75.6) ?? 0) - 75.6) < 1e-6)
        #expect(!m.take(.stop(.suspension, team: nil, player: nil)), "one stop at a time")
        m.time += 184
        #expect(m.take(.resume))
        #expect(m.state.stoppages.count == 1)
        #expect(m.state.stoppages.first?.duration(at: .infinity) == m.time - start, "from the call to the resumption")
        #expect(m.state.stoppages[0].team == 1 && m.state.stoppages[0].player == 0 && !m.state.stoppages[0].isRunning)
        #expect(m.state.timer(at: m.time) == nil)
        #expect(!m.take(.resume), "nothing to resume")
        m.undo()
        #expect(m.state.stoppages[0].isRunning, "undo of the resumption: the clock runs again, from the same call")
    }

    @Test func aRallyAfterAStopResumesPlay() {
        let m = Match()
        m.take(.stop(.suspension, team: nil, player: nil))
        m.points("1")
        #expect(m.state.stoppages.first?.end == m.time && m.state.score == [0, 1])
    }

    @Test func aStopShowsOverTheIntervalWhichRunsOnBeneath() {
        let m = Match()
        m.score(11, 3)
        let iv = m.state.interval
        m.take(.stop(.injury, team: 0, player: 0))
        #expect(m.state.timer(at: m.time + 1)?.kind == .injury)
        m.take(.resume)
        #expect(m.state.interval == iv)
        #expect(m.state.timer(at: m.time)?.kind == .midGame, "the interval has time left")
    }

    @Test func stopsNeedAMatchInPlay() {
        let m = Match("1x21")
        m.score(21, 2)
        #expect(!m.take(.stop(.injury, team: 0, player: 0)))
        let r = Match()
        r.take(.stop(.injury, team: 1, player: 0))
        r.take(.retire(team: 1))
        #expect(r.state.stoppages.first?.end == r.time, "a retirement ends the clock")
        #expect(!Match().take(.stop(.injury, team: 0, player: 1)), "singles: one player a side")
    }

    @Test func intervalsAndTheirMoments() {
        let m = Match(at: 0)
        m.score(11, 0)  // the interval starts at 11 s
        let iv = m.state.timer(at: 11)
        #expect(iv?.kind == .midGame && iv?.duration == 60)
        // "20 seconds" when 40 seconds have passed, and the end.
        #expect(iv?.alertMoments == [51, 71])
        #expect(iv?.alerts(after: 50, upTo: 51.2) == true)
        #expect(iv?.alerts(after: 51.2, upTo: 70) == false)
        #expect(iv?.alerts(after: 70.5, upTo: 71) == true)
        #expect(iv?.nextChange(after: 11.2) == 12, "the countdown shows one second less at 12")
        #expect(iv?.nextChange(after: 71) == 72, "past its end it counts the overrun")
        #expect(iv?.nextChange(after: 71 + MatchTimer.overrunLimit) == nil, "an hour late: a stale clock never wakes the loop")
        let w = MatchTimer(kind: .warmUp, start: 0, duration: 120)
        #expect(w.alertMoments == [90, 120], "'Ready to play' at 90 seconds (ITTO 5.2.2.1), and the end")
        let up = MatchTimer(kind: .injury, start: 100, duration: nil)
        #expect(up.alertMoments.isEmpty && up.nextChange(after: 100.5) == 101 && up.nextChange(after: 5000) == 5001)
    }

    /// Issue 23, item 11: when the 60 s or 120 s runs out the clock counts on (`+0:07`, as
    /// bup's negative timers) until play resumes; a late call of play is on the scoresheet.
    @Test func intervalsCountTheirOverrunUntilPlayResumes() {
        let m = Match(at: 0)
        m.score(11, 0)  // the interval starts at 11 s and runs until 71 s
        #expect(m.state.timer(at: 70.5)?.clockText(at: 70.5) == "0:01")
        for (at, shown) in [(71.0, "+0:00"), (78.9, "+0:07"), (11 + 60 + 125, "+2:05")] {
            let t = m.state.timer(at: at)
            #expect(t?.kind == .midGame && t?.isOverrunning(at: at) == true && t?.clockText(at: at) == shown, "\(at)")
        }
        #expect(m.state.timer(at: 71 + MatchTimer.overrunLimit) == nil, "not after an hour")
        #expect(MatchReport.statusLine(m.state, now: 78.5).contains("interval +0:07 over"), "\(MatchReport.statusLine(m.state, now: 78.5))")
        #expect(MatchReport.statusJSON(m.state, now: 78.5).contains("\"timer\":{\"kind\":\"mid-game\",\"remaining\":0,\"overrun\":7}"))
        // The umpire calls play 9 s late (Enter): the interval ends, the delay is kept.
        m.time = 80
        #expect(m.take(.endInterval))
        #expect(m.state.timer(at: 82) == nil)
        m.points("1")
        let game = MatchTimeline(m.log).games[0]
        #expect(game.lateResumptions == [MatchTimeline.LateResumption(after: .midGame, seconds: 10, time: 81)], "\(game.lateResumptions)")
        #expect(game.intervalSeconds == 60, "the interval itself is still 60 s")
        // Play called on time (a rally, no Enter) records nothing.
        let onTime = Match(at: 0)
        onTime.score(11, 0)
        onTime.time = 75
        onTime.points("1")
        #expect(MatchTimeline(onTime.log).games[0].lateResumptions.isEmpty)
    }

    @Test func aLateStartAfterTheBreakBetweenGamesIsKept() {
        let m = Match(at: 0)
        m.score(21, 0)  // game 1 won at 21 s: 120 s between games, until 141 s
        m.time = 170
        #expect(m.take(.nextGame), "Enter 30 s after the break's end: play is called late")
        m.points("0")
        let games = MatchTimeline(m.log).games
        #expect(games[1].lateResumptions == [MatchTimeline.LateResumption(after: .betweenGames, seconds: 30, time: 171)], "\(games[1].lateResumptions)")
        let sheet = Scoresheet(m.log)
        #expect(sheet.caption(sheet.games[1], time: { _ in "t" }).contains("play resumed 0:30 late after the interval"), "\(sheet.caption(sheet.games[1], time: { _ in "t" }))")
        // Enter before the break's end: the game starts when the break ends, on time.
        let early = Match(at: 0)
        early.score(21, 0)
        early.time = 100
        early.take(.nextGame)
        early.time = 150
        early.points("0")
        #expect(MatchTimeline(early.log).games[1].lateResumptions.isEmpty)
    }

    @Test func shuttlesAreCounted() {
        let m = Match()
        #expect(m.take(.shuttle) && m.take(.shuttle))
        m.points("0")
        #expect(m.take(.shuttle))
        #expect(m.state.shuttles == 3)
        m.undo()
        #expect(m.state.shuttles == 2 && m.state.score == [1, 0])
        let over = Match("1x21")
        over.score(21, 0)
        #expect(!over.take(.shuttle), "not after the match")
    }

    @Test func timerAndShuttleEventsRoundTrip() {
        let events: [MatchEvent] = [
            MatchEvent(.warmUp, at: 1), MatchEvent(.shuttle, at: 2),
            MatchEvent(.stop(.injury, team: 0, player: 1), at: 3), MatchEvent(.resume, at: 4),
            MatchEvent(.stop(.suspension, team: nil, player: nil), at: 5),
        ]
        let lines = events.map { String(decoding: $0.line, as: UTF8.self) }
        #expect(lines[2] == "{\"e\":\"stop\",\"kind\":\"injury\",\"player\":1,\"t\":3,\"team\":0}\n")
        #expect(lines[4] == "{\"e\":\"stop\",\"kind\":\"suspension\",\"t\":5}\n")
        #expect(JournalContents.read(JournalContents.bytes(of: events)).events == events)
        for bad in ["{\"e\":\"stop\",\"t\":1,\"kind\":\"rain\"}", "{\"e\":\"stop\",\"t\":1,\"kind\":\"injury\",\"player\":0}",
                    "{\"e\":\"stop\",\"t\":1,\"kind\":\"injury\",\"team\":3,\"player\":0}"] {
            #expect(MatchEvent.parse(line: Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}
