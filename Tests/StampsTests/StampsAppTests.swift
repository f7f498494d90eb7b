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

func makeApp(_ store: InMemoryStore = InMemoryStore(), now: Double = monday) -> StampsApp {
    StampsApp(store: store, context: AppContext(now: now), zone: .fixed(0))
}

/// Runs the effects an app returned the way the shell does (writes reach the store).
func apply(_ effects: [AppEffect], to store: InMemoryStore) {
    for e in effects {
        switch e {
        case let .write(file, bytes): try? store.write(file, bytes: bytes)
        case let .setPreference(key, value): store.preferences[key] = value
        default: break
        }
    }
}

func press(_ app: inout StampsApp, _ key: Key, at now: Double, store: InMemoryStore) -> [AppEffect] {
    let e = app.handle(key, context: AppContext(now: now))
    apply(e, to: store)
    return e
}

func screen(_ app: StampsApp, now: Double, size: Size = Size(width: 78, height: 21), unicode: Bool = true) -> [String] {
    var canvas = Canvas(size: size)
    let theme = Theme.builtinDefault.withGlyphs(unicode ? .unicode : .ascii)
    app.render(in: Rect(size), on: &canvas, theme: theme, context: AppContext(now: now, unicode: unicode))
    return canvas.lines
}

@Suite struct StampsAppTests {
    @Test func stampSavesEveryChangeAndAnimates() {
        let store = InMemoryStore()
        var app = makeApp(store)
        #expect(app.nextDeadline == nil)
        let effects = press(&app, .char(" "), at: monday, store: store)
        #expect(effects.contains { if case .write("stamps.json", _) = $0 { return true } else { return false } })
        #expect(app.card.count == 1)
        // Animating: a frame soon, then nothing once it is over.
        let next = app.nextDeadline
        #expect(next.map { $0 > monday && $0 <= monday + 0.06 } == true)
        var t = monday
        var ticks = 0
        while let d = app.nextDeadline, ticks < 100 {
            t = d
            _ = app.tick(context: AppContext(now: t))
            ticks += 1
        }
        #expect(ticks == 12)
        #expect(app.nextDeadline == nil)
        #expect(app.animation == nil)
        // A new app on the same store finds the stamp.
        #expect(makeApp(store).card.count == 1)
        _ = press(&app, .enter, at: t + 1, store: store)
        #expect(makeApp(store).card.count == 2)
    }

    @Test func tenthStampOpensTheFullCardDialogAfterItsAnimation() {
        let store = InMemoryStore()
        var app = makeApp(store)
        var t = monday
        for _ in 0..<10 {
            _ = press(&app, .char(" "), at: t, store: store)
            t += 1
            _ = app.tick(context: AppContext(now: t))
        }
        #expect(app.card.isFull)
        #expect(app.wantsAllKeys)
        guard case .full(let d) = app.overlay else { Issue.record("no dialog"); return }
        #expect(d.title == "Card complete")
        #expect(d.message.contains("Your reward: one free coffee!"))
        #expect(d.message.contains("Cards completed: 1."))
        let text = screen(app, now: t).joined(separator: "\n")
        #expect(text.contains("All 10 stamps collected!"))
        _ = press(&app, .enter, at: t, store: store)
        #expect(app.overlay == nil)
        // Stamp + on a full card says so again; Esc closes.
        _ = press(&app, .char(" "), at: t, store: store)
        guard case .full(let d2) = app.overlay else { Issue.record("no dialog"); return }
        #expect(d2.title == "The card is full")
        _ = press(&app, .escape, at: t, store: store)
        #expect(app.overlay == nil)
        #expect(makeApp(store).card.count == 10)
    }

    @Test func rewardTextComesFromThePreference() {
        let store = InMemoryStore()
        store.preferences["stamps.reward"] = "A cake\u{1b}[31m on Friday"
        var app = makeApp(store)
        for i in 0..<10 { _ = press(&app, .char(" "), at: monday + Double(i), store: store) }
        _ = press(&app, .char(" "), at: monday + 20, store: store)
        guard case .full(let d) = app.overlay else { Issue.record("no dialog"); return }
        #expect(d.message.contains("A cake[31m on Friday"))  // the escape character is gone
    }

    @Test func resetAsksFirst() {
        let store = InMemoryStore()
        var app = makeApp(store)
        for i in 0..<3 { _ = press(&app, .char(" "), at: monday + Double(i), store: store) }
        _ = press(&app, .char("r"), at: monday + 5, store: store)
        guard case .confirmReset(let d) = app.overlay else { Issue.record("no confirmation"); return }
        #expect(d.message.contains("all 3 stamps"))
        // No (the default) keeps them.
        _ = press(&app, .enter, at: monday + 5, store: store)
        #expect(app.card.count == 3)
        _ = press(&app, .char("r"), at: monday + 6, store: store)
        _ = press(&app, .escape, at: monday + 6, store: store)
        #expect(app.card.count == 3)
        _ = press(&app, .char("r"), at: monday + 7, store: store)
        let effects = press(&app, .char("y"), at: monday + 7, store: store)
        #expect(app.card.isEmpty)
        #expect(effects.contains { if case .write("stamps.json", _) = $0 { return true } else { return false } })
        #expect(makeApp(store).card.isEmpty)
        // Reset on an empty card only says so.
        let again = press(&app, .char("r"), at: monday + 8, store: store)
        #expect(app.overlay == nil)
        #expect(again == [.notice("The card is already empty.")])
    }

    @Test func dailyModeIsRememberedAndRefusesASecondStamp() {
        let store = InMemoryStore()
        var app = makeApp(store)
        let e = press(&app, .char("d"), at: monday, store: store)
        #expect(e.contains(.setPreference(key: "stamps.daily", value: "on")))
        #expect(app.status == "daily")
        _ = press(&app, .char(" "), at: monday, store: store)
        let refused = press(&app, .char(" "), at: monday + 3600, store: store)
        #expect(refused.contains(.bell))
        #expect(refused.contains(.notice("Today's stamp is already on the card. Next stamp: Tue 5 Mar.")))
        #expect(app.card.count == 1)
        // Once the animation is over the app sleeps until local midnight.
        _ = app.tick(context: AppContext(now: monday + 3601))
        #expect(app.nextDeadline == wall(2024, 3, 5, minute: 0))
        // A restarted app remembers daily mode.
        var again = makeApp(store, now: monday + 7200)
        #expect(again.daily)
        _ = press(&again, .char(" "), at: monday + 7200, store: store)
        #expect(again.card.count == 1)
        _ = press(&again, .char(" "), at: wall(2024, 3, 5, minute: 0), store: store)
        #expect(again.card.count == 2)
        // Off again: stamps as often as one likes.
        _ = press(&again, .char("d"), at: wall(2024, 3, 5), store: store)
        #expect(store.preferences["stamps.daily"] == "off")
        _ = press(&again, .char(" "), at: wall(2024, 3, 5, minute: 600), store: store)
        #expect(again.card.count == 3)
    }

    @Test func historyListsTheStampsWithTheirDates() {
        let store = InMemoryStore()
        var app = makeApp(store)
        _ = press(&app, .char(" "), at: wall(2024, 2, 28, minute: 8 * 60), store: store)
        _ = press(&app, .char(" "), at: wall(2024, 2, 29, minute: 12 * 60 + 5), store: store)
        _ = press(&app, .char("h"), at: wall(2024, 3, 4), store: store)
        #expect(app.overlay == .history(scroll: 0))
        #expect(app.wantsAllKeys)
        let text = screen(app, now: wall(2024, 3, 4)).joined(separator: "\n")
        #expect(text.contains("  #  Date        Time"))
        #expect(text.contains("1  Wed 28 Feb  08:00"))
        #expect(text.contains("2  Thu 29 Feb  12:05"))
        #expect(text.contains("Cards completed: 0"))
        #expect(text.contains("any key closes"))
        _ = press(&app, .escape, at: wall(2024, 3, 4), store: store)
        #expect(app.overlay == nil)
        // `i` opens it too.
        _ = press(&app, .char("i"), at: wall(2024, 3, 4), store: store)
        #expect(app.overlay == .history(scroll: 0))
    }

    @Test func anyKeyButTheArrowsClosesTheHistoryAndQDoesNotQuit() {
        let store = InMemoryStore()
        var app = makeApp(store)
        _ = press(&app, .char(" "), at: monday, store: store)
        for key: Key in [.escape, .enter, .char(" "), .char("q"), .char("h"), .char("i"), .char("x"), .tab] {
            _ = press(&app, .char("h"), at: monday + 10, store: store)
            _ = press(&app, .up, at: monday + 10, store: store)
            _ = press(&app, .down, at: monday + 10, store: store)
            #expect(app.overlay != nil, "\(key)")
            let effects = press(&app, key, at: monday + 10, store: store)
            #expect(app.overlay == nil, "\(key)")
            #expect(effects.isEmpty, "\(key)")
            // The key only closed the panel: no stamp from Space or Enter.
            #expect(app.card.count == 1)
        }
        _ = press(&app, .char("h"), at: monday + 10, store: store)
        #expect(app.hints.map(\.key) == ["↑↓", "any other key"])
        #expect(app.hints.map(\.label) == ["Scroll", "Close"])
    }

    @Test func aLongHistoryScrollsOnASmallScreen() {
        let store = InMemoryStore()
        var app = makeApp(store)
        for i in 0..<9 { _ = press(&app, .char(" "), at: wall(2024, 3, 1 + i), store: store) }
        let small = Size(width: 44, height: 12)
        _ = press(&app, .char("h"), at: wall(2024, 3, 10), store: store)
        var lines = screen(app, now: wall(2024, 3, 10), size: small)
        #expect(lines.contains { $0.contains("1  Fri 1 Mar  09:41") })
        #expect(!lines.contains { $0.contains("Cards completed") })
        #expect(lines.contains { $0.contains("↑/↓ scroll · any other key closes") })
        for _ in 0..<20 { _ = press(&app, .down, at: wall(2024, 3, 10), store: store) }
        lines = screen(app, now: wall(2024, 3, 10), size: small)
        #expect(lines.contains { $0.contains("Cards completed: 0") })
        #expect(lines.contains { $0.contains("9  Sat 9 Mar  09:41") })
        // Scrolled to the end and no further: one ↑ shows the line above at once.
        _ = press(&app, .up, at: wall(2024, 3, 10), store: store)
        let up = screen(app, now: wall(2024, 3, 10), size: small)
        #expect(!up.contains { $0.contains("Cards completed: 0") })
    }

    @Test func aRefusalAfterAResetSaysWhereTodaysStampWent() {
        let store = InMemoryStore()
        var app = makeApp(store)
        _ = press(&app, .char("d"), at: monday, store: store)
        _ = press(&app, .char(" "), at: monday, store: store)
        let onCard = press(&app, .char(" "), at: monday + 60, store: store)
        #expect(onCard.contains(.notice("Today's stamp is already on the card. Next stamp: Tue 5 Mar.")))
        _ = press(&app, .char("r"), at: monday + 120, store: store)
        _ = press(&app, .char("y"), at: monday + 120, store: store)
        #expect(app.card.isEmpty)
        let afterReset = press(&app, .char(" "), at: monday + 180, store: store)
        #expect(afterReset.contains(.notice("Today's stamp was given before the reset. Next stamp: Tue 5 Mar.")))
        #expect(!afterReset.contains { if case .notice(let t) = $0 { return t.contains("already on the card") } else { return false } })
        let text = screen(app, now: monday + 180).joined(separator: "\n")
        #expect(text.contains("0 of 10 stamped"))
        #expect(text.contains("Daily mode on · next stamp Tue 5 Mar from 00:00"))
        // Across a year end the next day carries its year.
        #expect(StampsApp.refusal(card: app.card, today: day(2024, 12, 31), next: day(2025, 1, 1))
                == "Today's stamp was given before the reset. Next stamp: Wed 1 Jan 2025.")
    }

    @Test func datesTakeOneFormOnScreen() {
        let store = InMemoryStore()
        var app = makeApp(store, now: wall(2023, 12, 30))
        _ = press(&app, .char(" "), at: wall(2023, 12, 30, minute: 15 * 60 + 27), store: store)
        let sameYear = screen(app, now: wall(2023, 12, 30, minute: 16 * 60)).joined(separator: "\n")
        #expect(sameYear.contains("last stamp Sat 30 Dec 15:27"))
        _ = press(&app, .char("h"), at: wall(2023, 12, 30, minute: 16 * 60), store: store)
        #expect(screen(app, now: wall(2023, 12, 30, minute: 16 * 60)).joined(separator: "\n").contains("1  Sat 30 Dec  15:27"))
        // In the new year the same stamp shows its year, in the footer and in the history alike.
        let later = wall(2024, 1, 2)
        let history = screen(app, now: later).joined(separator: "\n")
        #expect(history.contains("1  Sat 30 Dec 2023  15:27"))
        _ = press(&app, .escape, at: later, store: store)
        let footer = screen(app, now: later).joined(separator: "\n")
        #expect(footer.contains("last stamp Sat 30 Dec 2023 15:27"))
        // Too narrow for the mode's words and a date with its year: the date stays.
        let small = screen(app, now: later, size: Size(width: 44, height: 12))
        #expect(small.last?.contains("last stamp Sat 30 Dec 2023 15:27") == true, "\(small)")
    }

    @Test func everyKeyIsInTheHelp() {
        let app = makeApp()
        let keys = app.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["Space", "Enter", "r", "d", "h", "i", "Esc", "↑", "any other key"] { #expect(keys.contains(k), "\(k)") }
        let hints = app.hints.map(\.key)
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
