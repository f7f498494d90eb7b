@testable import Boxing
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// 100,000 random keys into Boxing Time through `handle` and `tick`, with the counts and the
/// best rate checked after each key and restarts from the saved file on the way.
@Suite struct BoxingFuzzTests {
    static let favoured: [Key] = Array(repeating: [Key.char(" "), .enter], count: 10).flatMap { $0 }
        + [.left, .right, .char("1"), .char("2"), .tab, .backTab, .char("r"), .char("R"), .char("y"), .char("n"),
           .char("b"), .escape, .char("q")]

    @Test func hundredThousandKeysKeepEveryInvariant() throws {
        var rng = Fuzz.random("BoxingFuzzTests")
        let total = Fuzz.count(100_000)
        let start = Fuzz.clock()
        var d = FuzzDriver<BoxingApp>(now: 1_800_000_000)
        var restarts = 0, resets = 0, maxCount = 0, tired = 0
        let (problem, renders) = d.run(total: total, using: &rng, keys: { rng, _ in KeyGen.burst(favoured: Self.favoured, favouredShare: 0.7, using: &rng) },
            key: { d, key, rng in
                if let p = d.advance(Self.advance(&rng)) { return p }
                let before = d.app.game
                let hadDialog = !d.app.modals.isEmpty
                let splash = d.app.splashUntil != nil
                if let p = d.deliver(key) ?? Self.problem(d.app, before: before, key: key, delivered: shellDelivers(key, wantsAllKeys: hadDialog),
                                                          hadDialog: hadDialog, splash: splash) { return p }
                if d.app.game.punches == 0 && before.punches > 0 { resets += 1 }
                return nil
            },
            burst: { d in
                maxCount = max(maxCount, d.app.game.sandbagPunches, d.app.game.trashCanPunches)
                if d.app.game.boxerIsTired { tired += 1 }
            },
            check: { d, _ in
                let (again, notices, aside) = d.restarted()
                if !notices.isEmpty || !aside.isEmpty || again.game != d.app.game { return "a restart gives \(again.game), not \(d.app.game); notices \(notices)" }
                restarts += 1
                return nil
            })
        if let problem { Issue.record("\(problem)"); return }
        #expect(resets > 0 && tired > 0, "resets \(resets), tired \(tired)")
        Fuzz.report("boxing model: \(d.keysSent) keys (\(d.keysDelivered) reached the app), highest count \(maxCount), \(resets) plays again, "
            + "\(d.ticks) ticks, \(restarts) restarts, \(renders) renders, every invariant held, \(Int((Fuzz.clock() - start) * 1000)) ms")
    }

    static func advance(_ rng: inout FuzzRandom) -> Double {
        switch rng.int(0...99) {
        case 0..<30: return 0
        case 30..<90: return rng.double(0.005..<0.5)
        default: return rng.double(1..<10)
        }
    }

    /// Counts never go below 0; one key changes at most the selected target's count, by
    /// exactly +1 (a punch) or to 0 (play again, from the dialog); the best rate falls only to
    /// 0 by the dialog, is never more than the punches the meter could have seen in its
    /// window, nor more than a strike every minStrikeGap.
    static func problem(_ app: BoxingApp, before: BoxingGame, key: Key, delivered: Bool, hadDialog: Bool, splash: Bool) -> String? {
        let g = app.game
        for t in Target.allCases {
            let (b, a) = (before.punches(t), g.punches(t))
            if a < 0 { return "\(t) count \(a)" }
            guard a != b else { continue }
            if !delivered || splash { return "\(t) changed \(b) → \(a) on a key the app did not act on (\(key))" }
            if t != g.selected { return "\(t) changed \(b) → \(a) but \(g.selected) is selected" }
            if a == b + 1 {
                if hadDialog || !(key == .enter || key == .char(" ")) { return "\(t) punched by \(key)" }
            } else if a == 0 {
                if !hadDialog { return "\(t) reset to 0 without the dialog" }
            } else {
                return "\(t) went \(b) → \(a)"
            }
        }
        // It falls only to 0, by the play-again question's yes.
        let cleared = hadDialog && g.bestRate == 0
        if !g.bestRate.isFinite || g.bestRate < 0 || g.bestRate < before.bestRate && !cleared { return "best rate \(before.bestRate) → \(g.bestRate)" }
        if g.bestRate > 1 / BoxingApp.minStrikeGap + 1e-9 { return "best rate \(g.bestRate): faster than a strike every \(BoxingApp.minStrikeGap) s" }
        // A rate is the punches of the last three seconds over at least one second.
        if g.bestRate > before.bestRate && g.bestRate > Double(app.meter.times.count) {
            return "best rate \(g.bestRate) with \(app.meter.times.count) punches in the window"
        }
        for t in Target.allCases where g.isTired(t) != (g.punches(t) >= BoxingGame.tiredAt) { return "tiredness of \(t)" }
        if app.meter.times != app.meter.times.sorted() { return "punch times out of order" }
        if let r = app.meter.rate(at: app.meter.lastPunch ?? 0), !r.isFinite || r < 0 { return "rate \(r)" }
        if splash && app.splashUntil != nil && delivered { return "a key did not end the launch screen" }
        return nil
    }
}
