@testable import Stamps
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// 100,000 random keys into Stamp Card through `handle` and `tick`, the clock moving by
/// seconds, hours and days, with the card checked after each key and restarts on the way.
@Suite struct StampsFuzzTests {
    static let favoured: [Key] = Array(repeating: [Key.char(" "), .enter], count: 10).flatMap { $0 }
        + [.char("r"), .char("R"), .char("y"), .char("n"), .char("d"), .char("D"), .char("i"), .escape, .left, .right, .tab, .char("q")]

    @Test func hundredThousandKeysKeepEveryInvariant() throws {
        var rng = Fuzz.random("StampsFuzzTests")
        let total = Fuzz.count(100_000)
        let start = Fuzz.clock()
        var d = FuzzDriver<StampsApp>(now: 1_800_000_000)
        var restarts = 0, refusedDaily = 0, stamped = 0, resets = 0
        let (problem, renders) = d.run(total: total, using: &rng, keys: { rng, _ in KeyGen.burst(favoured: Self.favoured, favouredShare: 0.7, using: &rng) },
            key: { d, key, rng in
                if let p = d.advance(Self.advance(&rng)) { return p }
                let before = d.app.card
                let daily = d.app.daily
                let hadOverlay = !d.app.modals.isEmpty
                if let p = d.deliver(key) ?? Self.problem(d.app, before: before, daily: daily, hadOverlay: hadOverlay, key: key) { return p }
                let c = d.app.card
                if c.count > before.count { stamped += 1 }
                if c.count == 0 && before.count > 0 { resets += 1 }
                if c == before && daily && !hadOverlay && (key == .char(" ") || key == .enter) && !before.isFull { refusedDaily += 1 }
                return nil
            },
            check: { d, _ in
                let (again, notices, aside) = d.restarted()
                if !notices.isEmpty || !aside.isEmpty || again.card != d.app.card || again.daily != d.app.daily {
                    return "a restart gives \(again.card) daily \(again.daily); notices \(notices)"
                }
                restarts += 1
                return nil
            })
        if let problem { Issue.record("\(problem)"); return }
        #expect(d.app.card.completedCards > 0 && refusedDaily > 0 && resets > 0, "completed \(d.app.card.completedCards), refused \(refusedDaily), resets \(resets)")
        Fuzz.report("stamps model: \(d.keysSent) keys (\(d.keysDelivered) reached the app), \(stamped) stamps, \(d.app.card.completedCards) cards completed, "
            + "\(resets) resets, \(refusedDaily) refused in daily mode, \(d.ticks) ticks, \(restarts) restarts, \(renders) renders, "
            + "every invariant held, \(Int((Fuzz.clock() - start) * 1000)) ms")
    }

    static func advance(_ rng: inout FuzzRandom) -> Double {
        switch rng.int(0...99) {
        case 0..<30: return 0
        case 30..<85: return rng.double(0.01..<2)
        case 85..<95: return rng.double(60..<20_000)
        default: return rng.double(40_000..<200_000)
        }
    }

    /// 0–10 stamps; full exactly at ten; completed cards never go away and grow only when a
    /// tenth stamp goes on; a stamp is added one at a time and only by Space or Enter; in
    /// daily mode a new stamp's day is not a day already on the card or the last stamp's day;
    /// a reset only from its dialog; the clock of a stamp is a minute of the day.
    static func problem(_ app: StampsApp, before: StampCard, daily: Bool, hadOverlay: Bool, key: Key) -> String? {
        let c = app.card
        guard (0...StampCard.slots).contains(c.count), c.isFull == (c.count == StampCard.slots) else { return "\(c.count) stamps" }
        guard c.completions.count >= before.completions.count, Array(c.completions.prefix(before.completions.count)) == before.completions else {
            return "completed cards went from \(before.completions.count) to \(c.completions.count)"
        }
        if c.stamps.contains(where: { !(0...1439).contains($0.minute) }) { return "a stamp at minute outside the day" }
        if c.count == before.count + 1 {
            guard !hadOverlay, key == .char(" ") || key == .enter else { return "a stamp from \(key)" }
            guard Array(c.stamps.prefix(before.count)) == before.stamps, let new = c.stamps.last else { return "older stamps changed" }
            if daily && (before.stamps.contains { $0.day == new.day } || before.lastStampDay == new.day) {
                return "a second stamp on \(new.day) in daily mode"
            }
            if c.completions.count != before.completions.count + (c.isFull ? 1 : 0) { return "completion not counted with the tenth stamp" }
            // Every stamp takes its day, in daily mode or not (one rule for daily mode).
            if c.lastStampDay != new.day {
                return "last stamp day \(String(describing: c.lastStampDay)) after a stamp on \(new.day), daily \(daily)"
            }
        } else if c.count == 0 && before.count > 0 {
            if !hadOverlay { return "the card was reset without its dialog" }
            if c.completions != before.completions || c.lastStampDay != before.lastStampDay { return "a reset changed more than the stamps" }
        } else if c != before {
            return "the card changed \(before.count) → \(c.count) stamps"
        }
        if let last = c.lastStampDay, let l = before.lastStampDay, last < l && c.count > before.count {
            return "the last stamp day went back with the clock going forward"
        }
        return nil
    }
}
