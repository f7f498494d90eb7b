import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Boxing

/// The app on the shell's harness: a hundredth of a second between keys, past the launch
/// screen unless told.
typealias Driver = AppHarness<BoxingApp>

extension AppHarness where App == BoxingApp {
    init(store: InMemoryStore = InMemoryStore(), now: Double = 1000, unicode: Bool = true, skipSplash: Bool = true) {
        self.init(options: AppOptions(), store: store, now: now, unicode: unicode)
        step = 0.01
        if skipSplash { press(.char("x")) }
    }

    mutating func press(_ key: Key, after dt: Double) { press(key, advance: dt) }
    mutating func press(_ key: Key, times: Int, every dt: Double) { press(key, times: times, advance: dt) }

    var dialog: Dialog? { app.modals.top(DialogModal<BoxingApp.Action>.self)?.dialog }
    var soundOn: Bool { context.sound.effects }

    /// The screen with the inside of the open dialog blanked (the dialog widget's own layout
    /// is TerminiWidgets' to test), and the text that was inside it.
    func screenAroundDialog(width: Int = 78, height: Int = 21, theme: Theme = .builtinDefault) -> (screen: [String], inside: String) {
        var canvas = self.canvas(size: Size(width: width, height: height), theme: theme)
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        guard let dialog else { return (canvas.lines, "") }
        let inside = dialog.frame(in: rect, glyphs: theme.glyphs).inset(by: 1)
        let text = (inside.y..<inside.maxY).map { canvas.row(at: $0) }.joined(separator: "\n")
        canvas.fill(inside)
        return (canvas.lines, text)
    }
}

@Suite struct BoxingAppTests {
    /// Issue 25: 50 spaces pasted at once set "best rate 50.0/s" for good. Keys that come
    /// together (a paste, one read) count as punches but as one strike for the rate, and no
    /// two strikes count closer than 1/20 s: a held key's repeats cannot beat a hand either.
    @Test func aPasteCountsItsPunchesButNotAsAnImpossibleRate() {
        var d = Driver()
        for _ in 0..<50 { d.press(.char(" "), at: d.now) }
        #expect(d.app.game.punches == 50)
        #expect(d.app.game.bestRate <= 1.0, "\(d.app.game.bestRate)")
        d.now += 10
        d.press(.char(" "), times: 60, every: 0.01)
        #expect(d.app.game.bestRate <= 1 / BoxingApp.minStrikeGap + 0.001, "\(d.app.game.bestRate)")
    }

    /// r (play again) clears the best rate too, and asks for it even with no punches.
    @Test func playAgainClearsTheBestRate() {
        var d = Driver()
        d.press(.char(" "), times: 10, every: 0.1)
        #expect(d.app.game.bestRate > 5)
        d.press(.char("r"))
        #expect(d.screen().joined().contains("best rate"), "\(d.screen().joined(separator: "\n"))")
        d.press(.char("y"))
        #expect(d.app.game.punches == 0)
        #expect(d.app.game.bestRate == 0)
        #expect(Driver(store: d.store).app.game.bestRate == 0)
        // A best rate with no punches on this target: r offers to clear it.
        d.press(.char(" "), times: 10, every: 0.1)
        d.press(.char("2"))
        d.press(.char("r"))
        #expect(d.dialog != nil)
        d.press(.char("y"))
        #expect(d.app.game.bestRate == 0)
        #expect(d.app.game.punches(.sandbag) == 10)
    }

    /// With the trash can the target, the selector's note says Tab goes back to it, not to
    /// "the bag".
    @Test func theSelectorNoteNamesTheTargetTabGoesBackTo() {
        var d = Driver()
        d.press(.char("2"))
        d.press(.tab)
        let screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Tab: back to the trash can"), "\(screen)")
        d.press(.char("1"))
        #expect(d.screen().joined().contains("Tab: back to the sandbag"))
    }

    /// b goes round all three sound settings: alerts only -> on -> off -> alerts only.
    @Test func bGoesRoundTheThreeSoundSettings() {
        var d = Driver()
        var seen: [String] = []
        for _ in 0..<3 {
            let e = d.press(.char("b"))
            for case .setPreference(let key, let value) in e where key == SoundPreference.key { seen.append(value) }
        }
        #expect(seen == ["yes", "no", "alerts"], "\(seen)")
    }

    /// The two targets sound unlike each other: the sandbag one bell a punch, the trash can
    /// two in quick succession (a clang-clang).
    @Test func theTwoTargetsRingDistinctBells() {
        let store = InMemoryStore()
        store.preferences[SoundPreference.key] = "yes"
        var d = Driver(store: store)
        let before = d.bells
        d.press(.char(" "))
        d.settle()
        #expect(d.bells - before == 1)
        d.press(.char("2"))
        let can = d.bells
        d.press(.char(" "))
        d.settle()
        #expect(d.bells - can == 2)
    }

    @Test func theLaunchScreenShowsUntilAnyKeyAndThatKeyDoesNothingElse() {
        var d = Driver(skipSplash: false)
        #expect(d.app.splashUntil != nil)
        #expect(d.screen().joined().contains("Ding! Ding!"))
        #expect(d.hints.map(\.key) == ["any key"])
        d.press(.char(" "))
        #expect(d.app.splashUntil == nil)
        #expect(d.app.game.punches == 0, "the key that skips the splash is not a punch")
        #expect(!d.screen().joined().contains("Ding! Ding!"))
    }

    @Test func theLaunchScreenGoesByItselfAfterASecond() {
        var d = Driver(skipSplash: false)
        let deadline = d.deadline
        #expect(deadline == d.now + BoxingApp.splashLength)
        _ = d.settle()
        #expect(d.app.splashUntil == nil)
        #expect(d.deadline == nil)
    }

    @Test func theBellRingsAtStartOnlyWithSound() {
        let quiet = Driver(skipSplash: false)
        #expect(quiet.effects.isEmpty)
        let store = InMemoryStore()
        store.preferences["sound"] = "yes"
        let loud = Driver(store: store, skipSplash: false)
        #expect(loud.effects == [.bell])
        #expect(loud.soundOn)
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
        #expect(d.soundOn)
        #expect(d.effects.contains(.setPreference(key: "sound", value: "yes")))
        #expect(d.store.preferences["sound"] == "yes")
        d.effects.removeAll()
        d.press(.char(" "))
        #expect(d.effects.filter { $0 == .bell }.count == 1)
        d.press(.char("b"))
        #expect(!d.soundOn)
        #expect(d.store.preferences["sound"] == "no")
        d.effects.removeAll()
        d.press(.char(" "))
        #expect(!d.effects.contains(.bell))
        // Remembered: a new session starts with the same setting.
        let again = Driver(store: d.store)
        #expect(!again.soundOn)
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
        let help = d.help.flatMap(\.entries).first { $0.keys == "b" }?.action ?? ""
        #expect(help.contains("for all of Termini"), "\(help)")
    }

    @Test func arrowsAndNumbersSwitchTargets() {
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
    }

    /// Found trying it as a new user would: Tab on the selector changed nothing a user could
    /// see or use (Space punched either way). Keys act on what shows the focus: with the
    /// selector focused, Space and Enter switch the target; Tab goes back to the bag.
    @Test func spaceActsOnWhatHasTheFocus() {
        var d = Driver()
        d.press(.tab)
        #expect(d.app.selector.isFocused && d.app.focus == .selector)
        d.press(.char(" "))
        #expect(d.app.game.selected == .trashCan, "Space switches the target on the selector")
        #expect(d.app.game.punches(.trashCan) == 0 && d.app.game.punches(.sandbag) == 0, "and punches nothing")
        d.press(.enter)
        #expect(d.app.game.selected == .sandbag)
        #expect(d.hints.map(\.label).prefix(1) == ["Switch"])
        d.press(.right)
        #expect(d.app.game.selected == .trashCan, "the arrows choose wherever the focus is")
        d.press(.backTab)
        #expect(!d.app.selector.isFocused && d.app.focus == .target)
        d.press(.char(" "))
        #expect(d.app.game.punches(.trashCan) == 1, "back on the bag, Space punches")
        #expect(d.hints.map(\.label).prefix(1) == ["Punch"])
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
        #expect(d.dialog != nil)
        #expect(d.app.wantsAllKeys)
        #expect(d.screen().joined().contains("Reset the trash can's 4 punches to 0?"))
        d.press(.char(" "))  // in the dialog, Space chooses the focused "No"
        #expect(d.dialog == nil)
        #expect(d.app.game.punches == 4)
        d.press(.char("r"))
        d.press(.escape)
        #expect(d.dialog == nil)
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
        #expect(d.dialog == nil)
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
        #expect(d.deadline == nil, "idle: no CPU")
        d.press(.char(" "))
        let first = try #require(d.deadline)
        #expect(first - d.now <= PunchEffects.step + 0.001, "the first step of the shake and the +1")
        let ticks = d.settle()
        #expect(ticks > 5)
        #expect(d.deadline == nil, "after the +1, the shake and the rate are gone")
        #expect(d.app.meter.rate(at: d.now) == nil)
        #expect(d.app.rateShown == nil)
    }

    /// Frames come when the picture changes, not at a fixed rate: while the "+1" rises and
    /// the target shakes, every frame differs from the one before, and there are few.
    @Test func everyAnimationFrameChangesThePicture() {
        var d = Driver()
        d.press(.char(" "))
        let (frames, repeated) = d.animationFrames(within: PunchEffects.floatLife)
        #expect(repeated == nil, "frame \(repeated ?? 0) repeats the one before")
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
        d.tick(at: d.now)
        #expect(d.app.rateShown == shown, "an animation frame leaves the rate as it was")
        d.now += BoxingApp.rateRefresh
        d.tick(at: d.now)
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
        #expect(d.hints.map(\.key) == ["Space", "←→", "Tab", "r", "b"])
        let keys = d.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["Space", "Enter", "← →", "1 2", "Tab", "Shift-Tab", "r", "b", "any key", "y", "n", "Esc"] {
            #expect(keys.contains(k), "help lacks \(k)")
        }
        d.press(.char("x"))
        d.press(.char(" "))
        d.press(.char("r"))
        #expect(d.hints.map(\.key) == ["y", "n", "Enter", "Esc"])
        let ascii = Driver(unicode: false)
        #expect(ascii.hints.map(\.key).contains("Left/Right"))
    }
}
