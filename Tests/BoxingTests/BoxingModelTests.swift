import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import Boxing
import TerminiTestSupport

@Suite struct BoxingModelTests {
    @Test func eachTargetKeepsItsOwnCount() {
        var g = BoxingGame()
        #expect(g.selected == .sandbag)
        for _ in 0..<5 { g.punch() }
        g.select(.trashCan)
        #expect(g.punches == 0)
        for _ in 0..<3 { g.punch() }
        #expect(g.punches(.sandbag) == 5)
        #expect(g.punches(.trashCan) == 3)
        g.select(.sandbag)
        #expect(g.punches == 5)
    }

    @Test func theBoxerTiresAtThirtyPunches() {
        var g = BoxingGame()
        for _ in 0..<29 { g.punch() }
        #expect(!g.boxerIsTired)
        g.punch()
        #expect(g.punches == 30)
        #expect(g.boxerIsTired)
        g.punch()
        #expect(g.boxerIsTired)
    }

    /// The original's bug: switching to the other target and back showed the boxer fresh
    /// again although the count was over 30. Tiredness follows the count, whatever switching.
    @Test func tirednessSurvivesSwitchingAwayAndBack() {
        var g = BoxingGame()
        for _ in 0..<31 { g.punch() }
        #expect(g.boxerIsTired)
        g.select(.trashCan)
        #expect(!g.boxerIsTired, "the man at the trash can has not punched yet")
        #expect(g.isTired(.sandbag))
        g.select(.sandbag)
        #expect(g.boxerIsTired)
        g.select(.trashCan)
        g.select(.trashCan)
        g.select(.sandbag)
        #expect(g.boxerIsTired)
        #expect(g.punches == 31)
    }

    @Test func bothBoxersCanBeTiredIndependently() {
        var g = BoxingGame()
        for _ in 0..<30 { g.punch() }
        g.select(.trashCan)
        for _ in 0..<29 { g.punch() }
        #expect(!g.boxerIsTired)
        g.punch()
        #expect(g.isTired(.trashCan) && g.isTired(.sandbag))
    }

    @Test func playAgainResetsOnlyTheCurrentTarget() {
        var g = BoxingGame()
        for _ in 0..<40 { g.punch() }
        g.select(.trashCan)
        for _ in 0..<35 { g.punch() }
        g.playAgain()
        #expect(g.punches(.trashCan) == 0)
        #expect(!g.isTired(.trashCan))
        #expect(g.punches(.sandbag) == 40)
        #expect(g.isTired(.sandbag))
        g.select(.sandbag)
        g.playAgain()
        #expect(g.punches(.sandbag) == 0)
        #expect(!g.boxerIsTired)
    }

    @Test func theBestRateOnlyGoesUp() {
        var g = BoxingGame()
        let offers = [4.5, 3, .nan, .infinity, 6].map { g.offerRate($0) }
        #expect(offers == [true, false, false, false, true])
        #expect(g.bestRate == 6)
    }

    @Test func targetsHaveTheirBoxers() {
        #expect(Target.sandbag.boxer == .woman)
        #expect(Target.trashCan.boxer == .man)
        #expect(Target.sandbag.other == .trashCan)
        #expect(Target.trashCan.other == .sandbag)
        #expect(Target.allCases.map(\.name) == ["Sandbag", "Trash can"])
    }

    @Test func savedStateRoundTrips() throws {
        var g = BoxingGame()
        for _ in 0..<31 { g.punch() }
        g.select(.trashCan)
        g.punch()
        g.offerRate(7.25)
        let bytes = try StateCodec.encode(g, version: 1).get()
        let back = try StateCodec.decode(BoxingGame.self, from: bytes, version: 1).get()
        #expect(back == g)
        #expect(back.selected == .trashCan)
        #expect(back.isTired(.sandbag))
    }

    @Test func decodingIsLenientAboutMissingFieldsAndRefusesNonsense() throws {
        let text = #"{"format": 1, "data": {"trashCanPunches": 12}}"#
        let g = try StateCodec.decode(BoxingGame.self, from: Array(text.utf8), version: 1).get()
        #expect(g.punches(.sandbag) == 0)
        #expect(g.punches(.trashCan) == 12)
        #expect(g.selected == .sandbag)
        #expect(g.bestRate == 0)
        // A count or a rate out of range is damage (the file is kept aside), not a count of 0.
        for bad in [#""sandbagPunches": -4"#, #""trashCanPunches": 1e18"#, #""bestRate": 1e18"#, #""bestRate": -1"#] {
            let t = #"{"format": 1, "data": {\#(bad)}}"#
            guard case .failure = StateCodec.decode(BoxingGame.self, from: Array(t.utf8), version: 1) else {
                Issue.record("decoded \(bad)")
                continue
            }
        }
    }

    @Test func anUnknownTargetIsADamagedFile() {
        let text = #"{"format": 1, "data": {"selected": "piano"}}"#
        let r = StateCodec.decode(BoxingGame.self, from: Array(text.utf8), version: 1)
        guard case .failure = r else {
            Issue.record("decoded a target that does not exist")
            return
        }
    }
}

@Suite struct PunchMeterTests {
    @Test func aSteadyRhythmReadsItsRate() throws {
        var m = PunchMeter()
        for i in 0..<10 { m.record(at: 100 + Double(i) * 0.1) }
        let r = try #require(m.lastPunch.flatMap { m.rate(at: $0) })
        #expect(abs(r - 10) < 0.001)
        // Three seconds of 5 punches a second.
        var m2 = PunchMeter()
        for i in 0..<15 { m2.record(at: Double(i) * 0.2) }
        let r2 = try #require(m2.lastPunch.flatMap { m2.rate(at: $0) })
        #expect(abs(r2 - 5) < 0.001)
    }

    @Test func aBurstNeverDividesByLessThanOneSecond() throws {
        var m = PunchMeter()
        for _ in 0..<5 { m.record(at: 50) }
        #expect(try #require(m.rate(at: 50)) == 5)
        var one = PunchMeter()
        one.record(at: 3)
        #expect(one.rate(at: 3) == 1)
    }

    @Test func theRateSinksWhilePunchesStopAndDisappearsWhenIdle() throws {
        var m = PunchMeter()
        for i in 0..<10 { m.record(at: Double(i) * 0.1) }
        let last = try #require(m.lastPunch)
        let atOnce = try #require(m.rate(at: last))
        let later = try #require(m.rate(at: last + 1))
        #expect(later < atOnce)
        #expect(m.isPunching(at: last + PunchMeter.idle))
        #expect(m.rate(at: last + PunchMeter.idle + 0.01) == nil)
        #expect(!m.isPunching(at: 5))
        #expect(PunchMeter().rate(at: 0) == nil)
    }

    @Test func onlyTheLastFewSecondsCount() throws {
        var m = PunchMeter()
        // A fast burst long ago, then a slow pace.
        for i in 0..<20 { m.record(at: Double(i) * 0.05) }
        for i in 0..<6 { m.record(at: 10 + Double(i) * 0.5) }
        #expect(m.times.count <= 7)
        let r = try #require(m.lastPunch.flatMap { m.rate(at: $0) })
        #expect(abs(r - 2) < 0.001)
        m.forget(before: 100)
        #expect(m.times.isEmpty)
    }

    @Test func ratesReadWithOneDecimal() {
        #expect(PunchMeter.format(4.25) == "4.3")
        #expect(PunchMeter.format(10) == "10.0")
        #expect(PunchMeter.format(0.04) == "0.0")
        #expect(PunchMeter.format(-2) == "0.0")
    }
}

@Suite struct PunchEffectsTests {
    @Test func aPlusOneFloatsUpAndIsGoneAfterItsLife() {
        var e = PunchEffects()
        #expect(!e.isMoving(at: 0))
        e.punch(at: 10)
        #expect(e.isMoving(at: 10))
        let start = e.visibleFloats(at: 10)
        #expect(start.count == 1)
        #expect(start.first?.rise == 0)
        let late = e.visibleFloats(at: 10 + PunchEffects.floatLife * 0.9)
        #expect(late.first?.rise == PunchEffects.floatRise)
        #expect(late.first?.fading == true)
        #expect(e.visibleFloats(at: 10 + PunchEffects.floatLife).isEmpty)
        #expect(!e.isMoving(at: 10 + max(PunchEffects.floatLife, PunchEffects.shakeLife)))
        e.prune(at: 11)
        #expect(e.floats.isEmpty)
        #expect(e.shakeStart == nil)
    }

    @Test func fastPunchesOverlapInDifferentLanes() {
        var e = PunchEffects()
        for i in 0..<3 { e.punch(at: 5 + Double(i) * 0.03) }
        let lanes = e.visibleFloats(at: 5.07).map(\.lane)
        #expect(lanes == [0, 1, 2])
        for i in 0..<40 { e.punch(at: 6 + Double(i) * 0.001) }
        #expect(e.floats.count == PunchEffects.maxFloats)
    }

    /// Still while the count changes, a cell left, a cell right, still: in the same steps
    /// as the "+1" rises, so both move in one frame.
    @Test func theTargetShakesLeftThenRightThenStands() {
        var e = PunchEffects()
        #expect(e.shakeOffset(at: 0) == 0)
        e.punch(at: 0)
        let s = PunchEffects.step
        #expect(e.shakeOffset(at: 0) == 0)
        #expect(e.shakeOffset(at: s * 1.5) == -1)
        #expect(e.shakeOffset(at: s * 2.5) == 1)
        #expect(e.shakeOffset(at: s * 3.5) == 0)
        #expect(e.shakeOffset(at: PunchEffects.shakeLife) == 0)
    }

    /// Frames are asked for at the moments the picture changes: each step of the "+1"
    /// (rising, then gone) and of the shake, which fall together.
    @Test func theNextChangeIsTheNextStep() {
        var e = PunchEffects()
        #expect(e.nextChange(after: 0) == nil)
        e.punch(at: 10)
        var moments: [Double] = []
        var t = 10.0
        while let next = e.nextChange(after: t) {
            moments.append(next)
            t = next
        }
        let expected = (1...PunchEffects.floatRise + 1).map { 10 + Double($0) * PunchEffects.step }
        #expect(moments.count == expected.count)
        #expect(zip(moments, expected).allSatisfy { abs($0 - $1) < 1e-9 })
    }
}

@Suite struct BoxingSavedJSONTests {
    @Test func theSaveIsTheJSONItAlwaysWas() {
        for rate in [0, 1.5, 12.345, 1e-7, 0.1] {
            #expect(savedJSONProblem(BoxingGame(selected: .trashCan, sandbagPunches: 1_234_567, trashCanPunches: 7, bestRate: rate)) == nil)
        }
        #expect(savedJSONProblem(BoxingGame()) == nil)
    }
}
