import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Boxing

/// Drives the app as the shell does: keys and ticks with a clock the test moves.
struct Driver {
    var app: BoxingApp
    var now: Double
    let store: InMemoryStore
    var effects: [AppEffect] = []

    init(store: InMemoryStore = InMemoryStore(), now: Double = 1000, unicode: Bool = true, skipSplash: Bool = true) {
        self.store = store
        self.now = now
        app = BoxingApp(options: AppOptions(), store: store, context: AppContext(now: now, unicode: unicode))
        effects = app.start(context: AppContext(now: now))
        if skipSplash { press(.char("x")) }
    }

    mutating func press(_ key: Key, after dt: Double = 0.01) {
        now += dt
        let out = app.handle(key, context: AppContext(now: now))
        effects += out
        // Carry out the writes as the shell would, so restarts can be tested.
        for e in out {
            if case let .write(file, bytes) = e { try? store.write(file, bytes: bytes) }
            if case let .setPreference(key, value) = e { store.preferences[key] = value }
        }
    }

    mutating func press(_ key: Key, times: Int, every dt: Double = 0.01) {
        for _ in 0..<times { press(key, after: dt) }
    }

    /// Runs ticks until nothing moves (at most `limit` seconds of them).
    mutating func settle(limit: Double = 10) -> Int {
        var ticks = 0
        while let d = app.nextDeadline, d - now < limit {
            now = max(now, d)
            effects += app.tick(context: AppContext(now: now))
            ticks += 1
            if ticks > 10_000 { break }
        }
        return ticks
    }

    func screen(width: Int = 78, height: Int = 21, theme: Theme = .builtinDefault) -> [String] {
        var canvas = Canvas(width: width, height: height)
        app.render(in: Rect(x: 0, y: 0, width: width, height: height), on: &canvas, theme: theme, context: AppContext(now: now))
        return canvas.lines
    }

    /// The screen with the inside of the open dialog blanked (the dialog widget's own layout
    /// is TerminiWidgets' to test), and the text that was inside it.
    func screenAroundDialog(width: Int = 78, height: Int = 21, theme: Theme = .builtinDefault) -> (screen: [String], inside: String) {
        var canvas = Canvas(width: width, height: height)
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        app.render(in: rect, on: &canvas, theme: theme, context: AppContext(now: now))
        guard let dialog = app.confirm else { return (canvas.lines, "") }
        let inside = dialog.frame(in: rect, glyphs: theme.glyphs).inset(by: 1)
        let text = (inside.y..<inside.maxY).map { canvas.row(at: $0) }.joined(separator: "\n")
        canvas.fill(inside)
        return (canvas.lines, text)
    }
}

@Suite struct BoxingAppTests {
    @Test func theLaunchScreenShowsUntilAnyKeyAndThatKeyDoesNothingElse() {
        var d = Driver(skipSplash: false)
        #expect(d.app.splashUntil != nil)
        #expect(d.screen().joined().contains("Ding! Ding!"))
        #expect(d.app.hints.map(\.key) == ["any key"])
        d.press(.char(" "))
        #expect(d.app.splashUntil == nil)
        #expect(d.app.game.punches == 0, "the key that skips the splash is not a punch")
        #expect(!d.screen().joined().contains("Ding! Ding!"))
    }

    @Test func theLaunchScreenGoesByItselfAfterASecond() {
        var d = Driver(skipSplash: false)
        let deadline = d.app.nextDeadline
        #expect(deadline == d.now + BoxingApp.splashLength)
        _ = d.settle()
        #expect(d.app.splashUntil == nil)
        #expect(d.app.nextDeadline == nil)
    }

    @Test func theBellRingsAtStartOnlyWithSound() {
        let quiet = Driver(skipSplash: false)
        #expect(quiet.effects.isEmpty)
        let store = InMemoryStore()
        store.preferences["sound"] = "yes"
        let loud = Driver(store: store, skipSplash: false)
        #expect(loud.effects == [.bell])
        #expect(loud.app.soundOn)
    }

    @Test func everyKeyRepeatCountsAndIsSaved() throws {
        var d = Driver()
        // A key held down: the shell hands the app every repeat, even in one frame.
        d.press(.char(" "), times: 20, every: 0)
        d.press(.enter, times: 11, every: 0.001)
        #expect(d.app.game.punches == 31)
        #expect(d.app.game.boxerIsTired)
        let saved = try #require(d.store.load(BoxingGame.self, from: "boxing.json", version: 1))
        #expect(saved.punches(.sandbag) == 31)
        #expect(!d.effects.contains(.bell), "sound is off by default")
    }

    @Test func aPunchRingsTheBellWhenSoundIsOn() {
        var d = Driver()
        d.press(.char("b"))
        #expect(d.app.soundOn)
        #expect(d.effects.contains(.setPreference(key: "sound", value: "yes")))
        #expect(d.store.preferences["sound"] == "yes")
        d.effects.removeAll()
        d.press(.char(" "))
        #expect(d.effects.filter { $0 == .bell }.count == 1)
        d.press(.char("b"))
        #expect(!d.app.soundOn)
        #expect(d.store.preferences["sound"] == "no")
        d.effects.removeAll()
        d.press(.char(" "))
        #expect(!d.effects.contains(.bell))
        // Remembered: a new session starts with the same setting.
        let again = Driver(store: d.store)
        #expect(!again.app.soundOn)
    }

    /// `b` switches Termini's `sound` setting, for every app, and says so; the footer
    /// shows which of its three states is in force.
    @Test func theSoundKeySetsTerminisSoundAndTheFooterSaysWhich() {
        var d = Driver()
        #expect(d.screen().last?.contains("♪ Termini sound: alerts only") == true, "unset: only alerts ring, not punches")
        d.press(.char("b"))
        #expect(d.effects.contains(.notice("Sound on for all of Termini: punches and alerts ring the bell.")))
        #expect(d.screen().last?.contains("♪ Termini sound: on") == true)
        d.press(.char("b"))
        #expect(d.screen().last?.contains("♪ Termini sound: off") == true)
        #expect(d.effects.contains(.notice("Sound off for all of Termini: the bell never rings.")))
        let help = d.app.help.flatMap(\.entries).first { $0.keys == "b" }?.action ?? ""
        #expect(help.contains("for all of Termini"), "\(help)")
    }

    @Test func arrowsNumbersAndTheFocusedSelectorSwitchTargets() {
        var d = Driver()
        d.press(.right)
        #expect(d.app.game.selected == .trashCan)
        d.press(.right)
        #expect(d.app.game.selected == .trashCan, "the selector stops at its end")
        d.press(.left)
        #expect(d.app.game.selected == .sandbag)
        d.press(.char("2"))
        #expect(d.app.game.selected == .trashCan)
        d.press(.char("1"))
        #expect(d.app.game.selected == .sandbag)
        d.press(.tab)
        #expect(d.app.selector.isFocused)
        d.press(.right)
        #expect(d.app.game.selected == .trashCan)
        d.press(.char(" "))
        #expect(d.app.game.punches(.trashCan) == 1, "Space punches wherever the focus is")
        d.press(.backTab)
        #expect(!d.app.selector.isFocused)
    }

    /// The end-to-end story of the original's bug, through the app: 31 on the sandbag, over
    /// to the trash can and back, and she is still tired.
    @Test func theTiredBoxerStaysTiredAcrossSwitches() {
        var d = Driver()
        d.press(.char(" "), times: 31)
        #expect(d.screen().joined().contains("resting in the corner"))
        d.press(.right)
        #expect(!d.app.game.boxerIsTired)
        #expect(d.screen().joined().contains("He's fighting fit"))
        d.press(.left)
        #expect(d.app.game.boxerIsTired)
        #expect(d.app.game.punches == 31)
        #expect(d.screen().joined().contains("She's tired,"))
    }

    @Test func playAgainAsksAndResetsOnlyTheCurrentTarget() {
        var d = Driver()
        d.press(.char(" "), times: 31)
        d.press(.char("2"))
        d.press(.char(" "), times: 4)
        d.press(.char("r"))
        #expect(d.app.confirm != nil)
        #expect(d.app.wantsAllKeys)
        #expect(d.screen().joined().contains("Reset the trash can's 4 punches to 0?"))
        d.press(.char(" "))  // in the dialog, Space chooses the focused "No"
        #expect(d.app.confirm == nil)
        #expect(d.app.game.punches == 4)
        d.press(.char("r"))
        d.press(.escape)
        #expect(d.app.confirm == nil)
        #expect(d.app.game.punches == 4)
        d.press(.char("r"))
        d.press(.char("y"))
        #expect(d.app.game.punches(.trashCan) == 0)
        #expect(d.app.game.punches(.sandbag) == 31)
        d.press(.char("1"))
        d.press(.char("r"))
        d.press(.left)
        d.press(.enter)
        #expect(d.app.game.punches(.sandbag) == 0)
        #expect(!d.app.game.boxerIsTired)
    }

    @Test func playAgainWithNothingToResetJustSaysSo() {
        var d = Driver()
        d.press(.char("r"))
        #expect(d.app.confirm == nil)
        #expect(d.effects.contains(.notice("The sandbag has no punches to reset yet.")))
    }

    @Test func countsTheTargetAndTheBestRateComeBackAfterARestart() {
        var d = Driver()
        d.press(.char(" "), times: 12, every: 0.1)
        d.press(.right)
        d.press(.char(" "), times: 3, every: 0.1)
        let best = d.app.game.bestRate
        #expect(best > 5)
        let again = Driver(store: d.store)
        #expect(again.app.game.punches(.sandbag) == 12)
        #expect(again.app.game.punches(.trashCan) == 3)
        #expect(again.app.game.selected == .trashCan)
        #expect(again.app.game.bestRate == best)
    }

    @Test func aDamagedFileStartsFreshAndIsKeptAside() {
        let store = InMemoryStore(files: ["boxing.json": Array("{not json".utf8)])
        let d = Driver(store: store)
        #expect(d.app.game == BoxingGame())
        #expect(store.keptAside["boxing.json.corrupt-0"] != nil)
    }

    @Test func animationsAskForFramesOnlyWhileSomethingMoves() throws {
        var d = Driver()
        #expect(d.app.nextDeadline == nil, "idle: no CPU")
        d.press(.char(" "))
        let first = try #require(d.app.nextDeadline)
        #expect(first - d.now <= PunchEffects.step + 0.001, "the first step of the shake and the +1")
        let ticks = d.settle()
        #expect(ticks > 5)
        #expect(d.app.nextDeadline == nil, "after the +1, the shake and the rate are gone")
        #expect(d.app.meter.rate(at: d.now) == nil)
        #expect(d.app.rateShown == nil)
    }

    /// Frames come when the picture changes, not at a fixed rate: while the "+1" rises and
    /// the target shakes, every frame differs from the one before, and there are few.
    @Test func everyAnimationFrameChangesThePicture() {
        var d = Driver()
        d.press(.char(" "))
        var last = d.screen()
        var frames = 0
        while let t = d.app.nextDeadline, t - d.now < PunchEffects.floatLife {
            d.now = t
            _ = d.app.tick(context: AppContext(now: t))
            let screen = d.screen()
            #expect(screen != last, "frame \(frames + 1) repeats the one before")
            last = screen
            frames += 1
        }
        #expect(frames == PunchEffects.floatRise + 1, "the +1 rises \(PunchEffects.floatRise) rows and goes; the shake keeps step")
    }

    /// The rate on screen is a figure to read: it changes at a punch and a few times a
    /// second, not at every animation frame.
    @Test func theRateIsSampledNotRecomputedEveryFrame() {
        var d = Driver()
        d.press(.char(" "), times: 3, every: 0.3)
        let shown = d.app.rateShown
        #expect(shown != nil)
        d.now += PunchEffects.step + 0.001
        _ = d.app.tick(context: AppContext(now: d.now))
        #expect(d.app.rateShown == shown, "an animation frame leaves the rate as it was")
        d.now += BoxingApp.rateRefresh
        _ = d.app.tick(context: AppContext(now: d.now))
        #expect(d.app.rateShown != shown, "a refresh shows the sinking rate")
    }

    @Test func theRateShowsWhilePunchingAndTheBestStays() {
        var d = Driver()
        d.press(.char(" "), times: 10, every: 0.1)
        #expect(d.screen().joined().contains("10.0 punches/s"))
        #expect(d.screen().joined().contains("best rate 10.0/s"))
        _ = d.settle()
        #expect(!d.screen().joined().contains("punches/s"))
        #expect(d.screen().joined().contains("hit it!"), "idle, the same invitation whatever the count")
        #expect(d.screen().joined().contains("best rate 10.0/s"))
    }

    @Test func hintsAndHelpNameEveryKey() {
        var d = Driver()
        #expect(d.app.hints.map(\.key) == ["Space", "←/→", "r", "b"])
        let keys = d.app.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["Space", "Enter", "←/→", "1 2", "Tab", "Shift-Tab", "r", "b", "any key", "y", "n", "Esc"] {
            #expect(keys.contains(k), "help lacks \(k)")
        }
        d.press(.char("x"))
        d.press(.char(" "))
        d.press(.char("r"))
        #expect(d.app.hints.map(\.key) == ["y", "n", "Esc"])
        let ascii = Driver(unicode: false)
        #expect(ascii.app.hints.map(\.key).contains("Left/Right"))
    }
}
