import Testing
@testable import Stamps
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp

func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay {
    guard let v = CalendarDay(year: y, month: m, day: d) else {
        Issue.record("invalid test date \(y)-\(m)-\(d)")
        return CalendarDay(ordinal: 0)
    }
    return v
}

func at(_ y: Int, _ m: Int, _ d: Int, _ minute: Int = 9 * 60) -> LocalMoment {
    LocalMoment(day: day(y, m, d), minute: minute)
}

@Suite struct CalendarDayTests {
    @Test func leapYears() {
        #expect(CalendarDay.isLeapYear(2024))
        #expect(!CalendarDay.isLeapYear(2023))
        #expect(!CalendarDay.isLeapYear(1900))
        #expect(CalendarDay.isLeapYear(2000))
        #expect(!CalendarDay.isLeapYear(2100))
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2024, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 2024, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2024, month: 1, day: 0) == nil)
    }

    @Test(arguments: [
        ((2024, 1, 31), (2024, 2, 1)),
        ((2024, 2, 28), (2024, 2, 29)),
        ((2024, 2, 29), (2024, 3, 1)),
        ((2023, 2, 28), (2023, 3, 1)),
        ((2100, 2, 28), (2100, 3, 1)),
        ((2000, 2, 28), (2000, 2, 29)),
        ((2024, 4, 30), (2024, 5, 1)),
        ((2023, 12, 31), (2024, 1, 1)),
        ((1999, 12, 31), (2000, 1, 1)),
        ((1969, 12, 31), (1970, 1, 1)),
    ])
    func nextDay(_ from: (Int, Int, Int), _ to: (Int, Int, Int)) {
        let a = day(from.0, from.1, from.2), b = day(to.0, to.1, to.2)
        #expect(a.next == b)
        #expect(b.previous == a)
        #expect(a < b)
    }

    @Test func ordinalRoundTripsOverFourCenturies() {
        // Every day from 1900 to 2300, stepped one by one, must agree with its ordinal.
        var d = day(1900, 1, 1)
        var n = d.ordinal
        var count = 0
        while d.year < 2300 {
            #expect(CalendarDay(ordinal: n) == d)
            let next = d.next
            #expect(next.ordinal == n + 1)
            #expect(CalendarDay(year: next.year, month: next.month, day: next.day) == next)
            d = next
            n += 1
            count += 1
        }
        #expect(count == 146_097)  // 400 Gregorian years
        #expect(day(1970, 1, 1).ordinal == 0)
        #expect(day(2000, 3, 1).ordinal == 11_017)
    }

    @Test func weekdays() {
        #expect(day(1970, 1, 1).weekday == 4)  // Thursday
        #expect(day(2024, 3, 4).weekday == 1)  // Monday
        #expect(day(2024, 2, 29).weekday == 4)
        #expect(day(1969, 12, 28).weekday == 0)  // Sunday, before the epoch
        #expect(day(2024, 3, 5).short == "Tue 5 Mar")
        #expect(day(2024, 3, 5).long == "Tue 5 Mar 2024")
        #expect(day(2024, 12, 31).monthDay == "12/31")
        // One form on screen: the year only when it is not this year's.
        #expect(day(2024, 3, 5).shown(today: day(2024, 12, 31)) == "Tue 5 Mar")
        #expect(day(2023, 12, 31).shown(today: day(2024, 1, 1)) == "Sun 31 Dec 2023")
        #expect(day(2025, 1, 1).shown(today: day(2024, 12, 31)) == "Wed 1 Jan 2025")
        #expect(at(2024, 3, 5, 9 * 60 + 41).shown(today: day(2024, 3, 5)) == "Tue 5 Mar 09:41")
        #expect(at(2023, 3, 5, 0).shown(today: day(2024, 3, 5)) == "Sun 5 Mar 2023 00:00")
    }

    @Test func localDayFromWallClockAndOffset() {
        // 2023-12-31 16:30 UTC is already 2024-01-01 00:30 in Taipei (UTC+8).
        let t = Double(day(2023, 12, 31).ordinal) * 86_400 + 16.5 * 3600
        #expect(CalendarDay(epochSeconds: t, utcOffset: 0) == day(2023, 12, 31))
        #expect(CalendarDay(epochSeconds: t, utcOffset: 8 * 3600) == day(2024, 1, 1))
        #expect(LocalMoment(epochSeconds: t, utcOffset: 8 * 3600).clock == "00:30")
        // New York (UTC-5): still the afternoon before.
        #expect(CalendarDay(epochSeconds: t, utcOffset: -5 * 3600) == day(2023, 12, 31))
        #expect(LocalMoment(epochSeconds: t, utcOffset: -5 * 3600).clock == "11:30")
        // Before 1970: rounding goes down, not towards zero.
        #expect(CalendarDay(epochSeconds: -1, utcOffset: 0) == day(1969, 12, 31))
    }

    @Test func isoTextRoundTrips() {
        #expect(day(2024, 2, 29).description == "2024-02-29")
        #expect(CalendarDay(iso: "2024-02-29") == day(2024, 2, 29))
        #expect(CalendarDay(iso: "2023-02-29") == nil)
        #expect(CalendarDay(iso: "2024-2-9") == nil)
        #expect(CalendarDay(iso: "yesterday") == nil)
    }

    @Test func fixedZoneStartOfDay() {
        let z = LocalZone.fixed(8 * 3600)
        let start = z.startOfDay(day(2024, 3, 5))
        #expect(z.day(at: start) == day(2024, 3, 5))
        #expect(z.day(at: start - 1) == day(2024, 3, 4))
        #expect(z.moment(at: start).clock == "00:00")
    }
}

@Suite struct StampCardTests {
    @Test func stampsUpToTenThenFull() {
        var card = StampCard()
        for i in 0..<10 {
            let outcome = card.stamp(at: at(2024, 3, 4, 600 + i), daily: false)
            #expect(outcome == .stamped(slot: i, completed: i == 9))
            #expect(card.count == i + 1)
        }
        #expect(card.isFull)
        #expect(card.completedCards == 1)
        #expect(card.completions == [day(2024, 3, 4)])
        #expect(card.stamp(at: at(2024, 3, 4), daily: false) == .full)
        #expect(card.count == 10)
        #expect(card.completedCards == 1)
        #expect(!card.mayStamp(on: day(2024, 3, 5), daily: false))
    }

    @Test func resetClearsStampsAndKeepsCompletedCards() {
        var card = StampCard()
        for _ in 0..<10 { card.stamp(at: at(2024, 3, 4), daily: false) }
        card.reset()
        #expect(card.isEmpty)
        #expect(card.completedCards == 1)
        #expect(card.stamp(at: at(2024, 3, 4), daily: false) == .stamped(slot: 0, completed: false))
        for _ in 0..<9 { card.stamp(at: at(2024, 3, 4), daily: false) }
        #expect(card.completedCards == 2)
        // Resetting a card that is not full counts nothing.
        card.reset()
        card.stamp(at: at(2024, 3, 4), daily: false)
        card.reset()
        #expect(card.completedCards == 2)
    }

    @Test func stampsRememberDayAndTime() {
        var card = StampCard()
        card.stamp(at: at(2024, 3, 4, 9 * 60 + 41), daily: false)
        #expect(card.stamps == [Stamp(day: day(2024, 3, 4), minute: 581)])
        #expect(card.stamps[0].moment.clock == "09:41")
        #expect(card.lastStampDay == day(2024, 3, 4), "a stamp given with daily mode off takes its day too")
        card.stamp(at: at(2024, 3, 5, 600), daily: true)
        #expect(card.lastStampDay == day(2024, 3, 5))
    }

    @Test func dailyModeRefusesASecondStampTheSameDay() {
        var card = StampCard()
        #expect(card.stamp(at: at(2024, 3, 4, 8 * 60), daily: true) == .stamped(slot: 0, completed: false))
        #expect(card.stamp(at: at(2024, 3, 4, 23 * 60 + 59), daily: true) == .alreadyToday(next: day(2024, 3, 5)))
        #expect(card.count == 1)
        #expect(card.nextStampDay(from: day(2024, 3, 4), daily: true) == day(2024, 3, 5))
        #expect(card.stamp(at: at(2024, 3, 5, 0), daily: true) == .stamped(slot: 1, completed: false))
        #expect(card.nextStampDay(from: day(2024, 3, 6), daily: true) == day(2024, 3, 6))
        // Without daily mode the same day is fine.
        #expect(card.stamp(at: at(2024, 3, 5, 1), daily: false) == .stamped(slot: 2, completed: false))
    }

    @Test(arguments: [
        ((2024, 1, 31), (2024, 2, 1)),   // month end
        ((2023, 12, 31), (2024, 1, 1)),  // year end
        ((2024, 2, 28), (2024, 2, 29)),  // into a leap day
        ((2024, 2, 29), (2024, 3, 1)),   // out of a leap day
        ((2023, 2, 28), (2023, 3, 1)),   // no leap day
        ((2024, 4, 30), (2024, 5, 1)),   // a 30-day month
    ])
    func dailyModeAcrossBoundaries(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) {
        var card = StampCard()
        let first = day(a.0, a.1, a.2), second = day(b.0, b.1, b.2)
        #expect(card.stamp(at: LocalMoment(day: first, minute: 1439), daily: true) == .stamped(slot: 0, completed: false))
        #expect(card.stamp(at: LocalMoment(day: first, minute: 1439), daily: true) == .alreadyToday(next: second))
        #expect(card.stamp(at: LocalMoment(day: second, minute: 0), daily: true) == .stamped(slot: 1, completed: false))
        #expect(card.stamp(at: LocalMoment(day: second, minute: 5), daily: true) == .alreadyToday(next: second.next))
    }

    @Test func tenDailyStampsOverTenDaysCompleteTheCard() {
        var card = StampCard()
        var d = day(2024, 12, 27)  // across the year end and into January
        for i in 0..<10 {
            #expect(card.stamp(at: LocalMoment(day: d, minute: 720), daily: true) == .stamped(slot: i, completed: i == 9))
            let again = card.stamp(at: LocalMoment(day: d, minute: 721), daily: true)
            #expect(again == (i == 9 ? .full : .alreadyToday(next: d.next)))
            d = d.next
        }
        #expect(card.completions == [day(2025, 1, 5)])
    }

    @Test func resetDoesNotHandOutASecondStampTheSameDay() {
        var card = StampCard()
        card.stamp(at: at(2024, 3, 4), daily: true)
        #expect(card.hasStamp(on: day(2024, 3, 4)))
        card.reset()
        // Refused, though the stamp is no longer on this card.
        #expect(!card.hasStamp(on: day(2024, 3, 4)))
        #expect(card.stamp(at: at(2024, 3, 4), daily: true) == .alreadyToday(next: day(2024, 3, 5)))
        #expect(card.stamp(at: at(2024, 3, 5), daily: true) == .stamped(slot: 0, completed: false))
    }

    /// Issue 25, item 9: stamps given freely, a reset, then daily mode on allowed another
    /// stamp that day, while a daily stamp and a reset refused one. One rule: every stamp
    /// given today counts, whichever mode gave it.
    @Test func stampsGivenWithDailyModeOffTakeTheDayAfterAResetToo() {
        var card = StampCard()
        for _ in 0..<10 { card.stamp(at: at(2024, 3, 4), daily: false) }
        #expect(card.isFull)
        card.reset()
        #expect(!card.mayStamp(on: day(2024, 3, 4), daily: true))
        #expect(card.stamp(at: at(2024, 3, 4), daily: true) == .alreadyToday(next: day(2024, 3, 5)))
        #expect(StampsApp.refusal(card: card, today: day(2024, 3, 4), next: day(2024, 3, 5)).hasPrefix("Today's stamp was given before the reset."))
        #expect(card.stamp(at: at(2024, 3, 5), daily: true) == .stamped(slot: 0, completed: false))
        // Without daily mode nothing is refused.
        #expect(card.stamp(at: at(2024, 3, 5), daily: false) == .stamped(slot: 1, completed: false))
    }

    @Test func aClockTurnedBackFindsTheDayTaken() {
        var card = StampCard()
        card.stamp(at: at(2024, 3, 4), daily: true)
        card.stamp(at: at(2024, 3, 5), daily: true)
        // The clock goes back a day: that day already has its stamp on this card.
        #expect(card.stamp(at: at(2024, 3, 4), daily: true) == .alreadyToday(next: day(2024, 3, 5)))
        // A clock that ran ahead once does not lock the card until then.
        #expect(card.stamp(at: at(2024, 3, 3), daily: true) == .stamped(slot: 2, completed: false))
    }

    @Test func savedFormRoundTripsAndIsBounded() throws {
        var card = StampCard()
        for i in 0..<10 { card.stamp(at: at(2024, 3, 1 + i, 60 * i), daily: false) }
        card.reset()
        card.stamp(at: at(2024, 3, 20), daily: false)
        let bytes = try #require(try? StateCodecHelper.encode(card))
        let back = try #require(StateCodecHelper.decode(bytes))
        #expect(back == card)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"2024-03-20\""))

        // A hand-edited file with more stamps than a card holds is damaged (kept aside), not
        // silently cut to ten; ten is a full card.
        func stamped(_ n: Int) -> [UInt8] {
            let many = (1...n).map { "{\"day\":\"2024-03-\($0 < 10 ? "0" : "")\($0)\",\"minute\":0}" }.joined(separator: ",")
            return Array("{\"format\":1,\"data\":{\"stamps\":[\(many)]}}".utf8)
        }
        #expect(StateCodecHelper.decode(stamped(12)) == nil)
        let loaded = try #require(StateCodecHelper.decode(stamped(10)))
        #expect(loaded.count == 10)
        #expect(loaded.lastStampDay == day(2024, 3, 10))
        #expect(loaded.completedCards == 0)
        // A minute outside the day is damage too.
        #expect(StateCodecHelper.decode(Array("{\"format\":1,\"data\":{\"stamps\":[{\"day\":\"2024-03-01\",\"minute\":1440}]}}".utf8)) == nil)

        // A bad date is refused, so the store keeps the file aside.
        let bad = Array("{\"format\":1,\"data\":{\"stamps\":[{\"day\":\"2023-02-29\",\"minute\":0}]}}".utf8)
        #expect(StateCodecHelper.decode(bad) == nil)
    }
}

@Suite struct StampAnimationTests {
    @Test func pressesThenShakesThenStops() {
        let a = StampAnimation(slot: 3, start: 100)
        guard case .pressing(let s0) = a.phase(at: 100) else { Issue.record("not pressing"); return }
        #expect(s0 == StampAnimation.startScale)
        guard case .pressing(let s1) = a.phase(at: 100.2) else { Issue.record("not pressing"); return }
        #expect(s1 < s0 && s1 > 1)
        #expect(a.phase(at: 100.31) == .shaking(offset: 1))
        #expect(a.phase(at: 100.36) == .shaking(offset: -1))
        #expect(a.phase(at: 100.59) == .shaking(offset: 0))
        #expect(a.phase(at: 100.6) == .done)
        #expect(a.phase(at: 200) == .done)
    }

    @Test func framesStepUntilTheEndThenNil() {
        let a = StampAnimation(slot: 0, start: 100)
        var t = 100.0
        var frames = 0
        while let next = a.nextFrame(after: t) {
            #expect(next > t)
            #expect(next <= a.end)
            t = next
            frames += 1
            if frames > 100 { break }
        }
        #expect(frames == 12)  // 0.6 s at 20 frames a second
        #expect(t == a.end)
        #expect(a.nextFrame(after: a.end) == nil)
        #expect(a.nextFrame(after: 500) == nil)
    }
}

@Suite struct StampsSavedJSONTests {
    @Test func theSaveIsTheJSONItAlwaysWas() {
        var card = StampCard()
        #expect(savedJSONProblem(card) == nil)
        for i in 0..<9 { card.stamp(at: at(2024, 3, 1 + i, 60 * i), daily: false) }
        #expect(savedJSONProblem(card) == nil)
    }
}
