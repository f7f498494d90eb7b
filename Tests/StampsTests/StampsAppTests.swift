import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Stamps

/// 2024-03-04 (a Monday) at `minute` past midnight, UTC; the app runs in UTC for the tests.
func wall(_ y: Int, _ m: Int, _ d: Int, minute: Int = 9 * 60 + 41) -> Double {
    Double(day(y, m, d).ordinal) * 86_400 + Double(minute) * 60
}

let monday = wall(2024, 3, 4)

/// The app in UTC on the shell's harness.
func stamps(_ store: InMemoryStore = InMemoryStore(), now: Double = monday, unicode: Bool = true) -> AppHarness<StampsApp> {
    AppHarness(store: store, now: now, unicode: unicode) { store, context in StampsApp(store: store, context: context, zone: .fixed(0)) }
}

extension AppHarness where App == StampsApp {
    /// The dialog on top, if one is.
    var dialog: Dialog? { app.modals.top(DialogModal<StampsApp.Action>.self)?.dialog }
    var panelOpen: Bool { app.modals.top(PanelModal<StampsApp.Action>.self) != nil }
    func screen(now t: Double, size: Size = AppContext.standardSize) -> [String] {
        var h = self
        h.now = t
        return h.lines(size: size)
    }
}

@Suite struct StampsAppTests {
    @Test func stampSavesEveryChangeAndAnimates() {
        let store = InMemoryStore()
        var h = stamps(store)
        #expect(h.deadline == nil)
        let effects = h.press(.char(" "), at: monday)
        #expect(effects.contains { if case .write("stamps.json", _) = $0 { return true } else { return false } })
        #expect(h.app.card.count == 1)
        // Animating: a frame soon, then nothing once it is over.
        let next = h.deadline
        #expect(next.map { $0 > monday && $0 <= monday + 0.06 } == true)
        var t = monday
        var ticks = 0
        while let d = h.deadline, ticks < 100 {
            t = d
            h.tick(at: t)
            ticks += 1
        }
        #expect(ticks == 12)
        #expect(h.deadline == nil)
        #expect(h.app.animation == nil)
        // A new app on the same store finds the stamp.
        #expect(stamps(store).app.card.count == 1)
        _ = h.press(.enter, at: t + 1)
        #expect(stamps(store).app.card.count == 2)
    }

    @Test func tenthStampOpensTheFullCardDialogAfterItsAnimation() {
        let store = InMemoryStore()
        var h = stamps(store)
        var t = monday
        for _ in 0..<10 {
            _ = h.press(.char(" "), at: t)
            t += 1
            h.tick(at: t)
        }
        #expect(h.app.card.isFull)
        #expect(h.app.wantsAllKeys)
        guard let d = h.dialog else { Issue.record("no dialog"); return }
        #expect(d.title == "Card complete")
        #expect(d.message.contains("Your reward: one free coffee!"))
        #expect(d.message.contains("Cards completed: 1."))
        let text = h.screen(now: t).joined(separator: "\n")
        #expect(text.contains("All 10 stamps collected!"))
        _ = h.press(.enter, at: t)
        #expect(h.app.modals.isEmpty)
        // Stamp + on a full card says so again; Esc closes.
        _ = h.press(.char(" "), at: t)
        guard let d2 = h.dialog else { Issue.record("no dialog"); return }
        #expect(d2.title == "The card is full")
        _ = h.press(.escape, at: t)
        #expect(h.app.modals.isEmpty)
        #expect(stamps(store).app.card.count == 10)
    }

    @Test func rewardTextComesFromThePreference() {
        let store = InMemoryStore()
        store.preferences["stamps.reward"] = "A cake\u{1b}[31m on Friday"
        var h = stamps(store)
        for i in 0..<10 { _ = h.press(.char(" "), at: monday + Double(i)) }
        _ = h.press(.char(" "), at: monday + 20)
        guard let d = h.dialog else { Issue.record("no dialog"); return }
        #expect(d.message.contains("A cake[31m on Friday"))  // the escape character is gone
    }

    @Test func resetAsksFirst() {
        let store = InMemoryStore()
        var h = stamps(store)
        for i in 0..<3 { _ = h.press(.char(" "), at: monday + Double(i)) }
        _ = h.press(.char("r"), at: monday + 5)
        guard let d = h.dialog else { Issue.record("no confirmation"); return }
        #expect(d.message.contains("all 3 stamps"))
        // No (the default) keeps them.
        _ = h.press(.enter, at: monday + 5)
        #expect(h.app.card.count == 3)
        _ = h.press(.char("r"), at: monday + 6)
        _ = h.press(.escape, at: monday + 6)
        #expect(h.app.card.count == 3)
        _ = h.press(.char("r"), at: monday + 7)
        let effects = h.press(.char("y"), at: monday + 7)
        #expect(h.app.card.isEmpty)
        #expect(effects.contains { if case .write("stamps.json", _) = $0 { return true } else { return false } })
        #expect(stamps(store).app.card.isEmpty)
        // Reset on an empty card only says so.
        let again = h.press(.char("r"), at: monday + 8)
        #expect(h.app.modals.isEmpty)
        #expect(again == [.notice("The card is already empty.")])
    }

    @Test func dailyModeIsRememberedAndRefusesASecondStamp() {
        let store = InMemoryStore()
        var h = stamps(store)
        let e = h.press(.char("d"), at: monday)
        #expect(e.contains(.setPreference(key: "stamps.daily", value: "on")))
        #expect(h.app.status(context: h.context) == "daily")
        _ = h.press(.char(" "), at: monday)
        let refused = h.press(.char(" "), at: monday + 3600)
        #expect(refused.contains(.bell))
        #expect(refused.contains(.notice("Today's stamp is already on the card. Next stamp: Tue 5 Mar.")))
        #expect(h.app.card.count == 1)
        // Once the animation is over the app sleeps until local midnight.
        h.tick(at: monday + 3601)
        #expect(h.deadline == wall(2024, 3, 5, minute: 0))
        // A restarted app remembers daily mode.
        var again = stamps(store, now: monday + 7200)
        #expect(again.app.daily)
        _ = again.press(.char(" "), at: monday + 7200)
        #expect(again.app.card.count == 1)
        _ = again.press(.char(" "), at: wall(2024, 3, 5, minute: 0))
        #expect(again.app.card.count == 2)
        // Off again: stamps as often as one likes.
        _ = again.press(.char("d"), at: wall(2024, 3, 5))
        #expect(store.preferences["stamps.daily"] == "off")
        _ = again.press(.char(" "), at: wall(2024, 3, 5, minute: 600))
        #expect(again.app.card.count == 3)
    }

    @Test func historyListsTheStampsWithTheirDates() {
        let store = InMemoryStore()
        var h = stamps(store)
        _ = h.press(.char(" "), at: wall(2024, 2, 28, minute: 8 * 60))
        _ = h.press(.char(" "), at: wall(2024, 2, 29, minute: 12 * 60 + 5))
        _ = h.press(.char("h"), at: wall(2024, 3, 4))
        #expect(h.panelOpen)
        #expect(h.app.wantsAllKeys)
        let text = h.screen(now: wall(2024, 3, 4)).joined(separator: "\n")
        #expect(text.contains("  #  Date        Time"))
        #expect(text.contains("1  Wed 28 Feb  08:00"))
        #expect(text.contains("2  Thu 29 Feb  12:05"))
        #expect(text.contains("Cards completed: 0"))
        #expect(text.contains("any key closes"))
        _ = h.press(.escape, at: wall(2024, 3, 4))
        #expect(h.app.modals.isEmpty)
        // `i` opens it too.
        _ = h.press(.char("i"), at: wall(2024, 3, 4))
        #expect(h.panelOpen)
    }

    @Test func anyKeyButTheArrowsClosesTheHistoryAndQDoesNotQuit() {
        let store = InMemoryStore()
        var h = stamps(store)
        _ = h.press(.char(" "), at: monday)
        for key: Key in [.escape, .enter, .char(" "), .char("q"), .char("h"), .char("i"), .char("x"), .tab] {
            _ = h.press(.char("h"), at: monday + 10)
            _ = h.press(.up, at: monday + 10)
            _ = h.press(.down, at: monday + 10)
            #expect(!h.app.modals.isEmpty, "\(key)")
            let effects = h.press(key, at: monday + 10)
            #expect(h.app.modals.isEmpty, "\(key)")
            #expect(effects.isEmpty, "\(key)")
            // The key only closed the panel: no stamp from Space or Enter.
            #expect(h.app.card.count == 1)
        }
        _ = h.press(.char("h"), at: monday + 10)
        #expect(h.hints.map(\.key) == ["↑↓", "PgUp/PgDn", "any other key"])
        #expect(h.hints.map(\.label) == ["Scroll", "Page", "Close"])
    }

    @Test func aLongHistoryScrollsOnASmallScreen() {
        let store = InMemoryStore()
        var h = stamps(store)
        for i in 0..<9 { _ = h.press(.char(" "), at: wall(2024, 3, 1 + i)) }
        let small = Size(width: 44, height: 12)
        h.size = small  // the scroll limits come from the real height
        _ = h.press(.char("h"), at: wall(2024, 3, 10))
        var lines = h.screen(now: wall(2024, 3, 10), size: small)
        #expect(lines.contains { $0.contains("1  Fri 1 Mar  09:41") })
        #expect(!lines.contains { $0.contains("Cards completed") })
        #expect(lines.contains { $0.contains("↑/↓ scroll · any other key closes") })
        for _ in 0..<20 { _ = h.press(.down, at: wall(2024, 3, 10)) }
        lines = h.screen(now: wall(2024, 3, 10), size: small)
        #expect(lines.contains { $0.contains("Cards completed: 0") })
        #expect(lines.contains { $0.contains("9  Sat 9 Mar  09:41") })
        // Scrolled to the end and no further: one ↑ shows the line above at once.
        _ = h.press(.up, at: wall(2024, 3, 10))
        let up = h.screen(now: wall(2024, 3, 10), size: small)
        #expect(!up.contains { $0.contains("Cards completed: 0") })
    }

    @Test func aRefusalAfterAResetSaysWhereTodaysStampWent() {
        let store = InMemoryStore()
        var h = stamps(store)
        _ = h.press(.char("d"), at: monday)
        _ = h.press(.char(" "), at: monday)
        let onCard = h.press(.char(" "), at: monday + 60)
        #expect(onCard.contains(.notice("Today's stamp is already on the card. Next stamp: Tue 5 Mar.")))
        _ = h.press(.char("r"), at: monday + 120)
        _ = h.press(.char("y"), at: monday + 120)
        #expect(h.app.card.isEmpty)
        let afterReset = h.press(.char(" "), at: monday + 180)
        #expect(afterReset.contains(.notice("Today's stamp was given before the reset. Next stamp: Tue 5 Mar.")))
        #expect(!afterReset.contains { if case .notice(let t) = $0 { return t.contains("already on the card") } else { return false } })
        let text = h.screen(now: monday + 180).joined(separator: "\n")
        #expect(text.contains("0 of 10 stamped"))
        #expect(text.contains("Daily mode on · next stamp Tue 5 Mar from 00:00"))
        // Across a year end the next day carries its year.
        #expect(StampsApp.refusal(card: h.app.card, today: day(2024, 12, 31), next: day(2025, 1, 1))
                == "Today's stamp was given before the reset. Next stamp: Wed 1 Jan 2025.")
    }

    /// Issue 25, item 9: ten stamps with daily mode off, a reset, daily mode on: the day's
    /// stamps count, so the empty card's stamp today is refused as given before the reset, as
    /// after a stamp given in daily mode. One rule, whichever mode gave the stamps.
    @Test func dailyModeTurnedOnAfterAResetCountsTodaysFreeStamps() {
        var h = stamps()
        for i in 0..<10 { h.press(.char(" "), at: monday + Double(i)) }
        h.tick(at: monday + 20)
        h.press(.enter, at: monday + 21)  // the full card's message
        h.press(.char("r"), at: monday + 22)
        h.press(.char("y"), at: monday + 22)
        #expect(h.app.card.isEmpty)
        h.press(.char("d"), at: monday + 23)
        let effects = h.press(.char(" "), at: monday + 24)
        #expect(h.app.card.isEmpty, "\(effects)")
        #expect(effects.contains(.notice("Today's stamp was given before the reset. Next stamp: Tue 5 Mar.")), "\(effects)")
        // The next day the stamp is given.
        let tuesday = monday + 24 * 3600
        h.tick(at: tuesday)
        h.press(.char(" "), at: tuesday + 1)
        #expect(h.app.card.count == 1)
    }

    @Test func datesTakeOneFormOnScreen() {
        let store = InMemoryStore()
        var h = stamps(store, now: wall(2023, 12, 30))
        _ = h.press(.char(" "), at: wall(2023, 12, 30, minute: 15 * 60 + 27))
        let sameYear = h.screen(now: wall(2023, 12, 30, minute: 16 * 60)).joined(separator: "\n")
        #expect(sameYear.contains("last stamp Sat 30 Dec 15:27"))
        _ = h.press(.char("h"), at: wall(2023, 12, 30, minute: 16 * 60))
        #expect(h.screen(now: wall(2023, 12, 30, minute: 16 * 60)).joined(separator: "\n").contains("1  Sat 30 Dec  15:27"))
        // In the new year the same stamp shows its year, in the footer and in the history alike.
        let later = wall(2024, 1, 2)
        let history = h.screen(now: later).joined(separator: "\n")
        #expect(history.contains("1  Sat 30 Dec 2023  15:27"))
        _ = h.press(.escape, at: later)
        let footer = h.screen(now: later).joined(separator: "\n")
        #expect(footer.contains("last stamp Sat 30 Dec 2023 15:27"))
        // Too narrow for the mode's words and a date with its year: the date stays.
        let small = h.screen(now: later, size: Size(width: 44, height: 12))
        #expect(small.last?.contains("last stamp Sat 30 Dec 2023 15:27") == true, "\(small)")
    }

    @Test func everyKeyIsInTheHelp() {
        let h = stamps()
        let keys = h.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["Space", "Enter", "r", "d", "h", "i", "Esc", "↑", "any other key"] { #expect(keys.contains(k), "\(k)") }
        let hints = h.hints.map(\.key)
        #expect(hints == ["Space", "r", "d", "h"])
    }

    @Test func statusCommandPrintsTheCard() {
        var card = StampCard()
        card.stamp(at: at(2024, 3, 4, 581), daily: true)
        let text = StampsApp.statusText(card: card, daily: true, today: day(2024, 3, 4))
        #expect(text == "stamps: 1/10\ncards completed: 0\ndaily mode: on\nnext stamp: 2024-03-05\n1 2024-03-04 09:41\n")
        #expect(StampsApp.runCommand(AppOptions(), store: InMemoryStore(), context: AppContext(now: monday)) == nil)
        let out = StampsApp.runCommand(AppOptions(["--status": ""]), store: InMemoryStore(), context: AppContext(now: monday))
        #expect(out?.stdout.hasPrefix("stamps: 0/10\n") == true)
        #expect(out?.status == 0)
    }
}
