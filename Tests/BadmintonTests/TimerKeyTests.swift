@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The clocks in the app: the bells they ring, their ticks, a new shuttle.
@Suite struct TimerAppTests {
    // MARK: The app: bells and ticks

    @Test func theWarmUpRingsAtNinetySecondsAndAtItsEnd() {
        var h = Harness(options: ["--new": ""])
        perform(h.app.startWarmUp(at: h.now), on: h.store)
        let start = h.now
        #expect(h.journal.last?.action == .warmUp)
        #expect(h.deadline == start + 1)
        var bells: [Double] = []
        var t = start
        while t < start + 130 {
            t += 0.5
            if h.app.nextDeadline(context: AppContext(now: t - 0.5)).map({ $0 <= t }) == true,
               h.app.tick(context: AppContext(now: t)).contains(.bell) { bells.append(t) }
        }
        #expect(bells == [start + 90, start + 120])
        // Past its end the warm-up counts its overrun once a second, with no bell, for an hour.
        #expect(h.app.nextDeadline(context: AppContext(now: t)) == start + 131, "the overrun counts on")
        #expect(h.app.nextDeadline(context: AppContext(now: start + 120 + MatchTimer.overrunLimit)) == nil, "nothing moves an hour later")
    }

    @Test func aStopClockTicksEverySecond() {
        var h = Harness(options: ["--new": ""])
        h.point(0)
        perform(h.app.stopPlay(.injury, team: 0, player: 0, at: h.now), on: h.store)
        #expect(h.deadline == h.now + 1)
        _ = h.app.tick(context: AppContext(now: h.now + 1))
        #expect(h.app.nextDeadline(context: AppContext(now: h.now + 1)) == h.now + 2)
        perform(h.app.resumePlay(at: h.now + 30), on: h.store)
        #expect(h.app.nextDeadline(context: AppContext(now: h.now + 30)) == nil)
        #expect(h.journal.suffix(2).map(\.action) == [.stop(.injury, team: 0, player: 0), .resume])
    }

    @Test func aNewShuttleFromTheApp() {
        var h = Harness(options: ["--new": ""])
        perform(h.app.newShuttle(at: h.now), on: h.store)
        #expect(h.state?.shuttles == 1 && h.journal.last?.action == .shuttle)
    }
}
