@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The scoreboard asks the shell to speak each new call (`AppEffect.speak`) when
/// `badminton.speak = yes`; a call that stands is not said again.
@Suite struct SpeechEffectTests {
    static func spoken(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .speak(let t, _) = $0 { return t } else { return nil } }
    }

    static func speaking(_ options: [String: String] = ["--new": ""]) -> Harness {
        let store = InMemoryStore()
        store.preferences["badminton.speak"] = "yes"
        store.preferences["badminton.court"] = "4"
        return Harness(store: store, options: options)
    }

    @Test func eachNewCallIsSpokenOnce() throws {
        let store = InMemoryStore()
        store.preferences["badminton.speak"] = "yes"
        let app = BadmintonApp(options: AppOptions(["--new": ""]), store: store, context: AppContext(now: 1000))
        var a = app
        // The match --new asks for begins at the start (a start that cannot be saved goes back).
        let said = Self.spoken(a.start(context: AppContext(now: 1000)))
        #expect(said == [UmpireCall.text(try #require(a.log).state, now: 1000)], "the introduction")
        var h = Self.speaking()
        #expect(Self.spoken(h.press(.left)) == ["1-love"])
        h.press(.char("s"))
        #expect(Self.spoken(h.press(.char("y"))).isEmpty, "a change of ends: the call stands")
        #expect(Self.spoken(h.press(.left)) == ["Service over, 1 all"], "Blue, on the left half now")
        #expect(Self.spoken(h.press(.char("u"))) == ["1-love"], "an undo says the call again")
    }

    /// The umpire's test: espeak-ng read `Service over, 2-1` as "two dash one" ("Strich" in
    /// German); the score's dash between digits is spoken as a pause.
    @Test func aScoresDashIsNotSpoken() {
        var h = Self.speaking()
        h.press(.left, .left, .right, .right)
        #expect(Self.spoken(h.press(.left)) == ["Service over, 3 2"], "\(h.app.call(at: 0))")
        #expect(UmpireCall.spoken("Game; match won by Ann, 21-15 19-21 21-17") == "Game; match won by Ann, 21 15 19 21 21 17")
        #expect(UmpireCall.spoken("1-love; love-21; Service over, 2-1") == "1-love; love-21; Service over, 2 1")
    }

    @Test func theTwentySecondsCallComesWithTheTick() {
        var h = Self.speaking()
        for _ in 0..<11 { h.press(.left) }
        #expect(h.state?.interval != nil)
        let at = h.now + 40
        var said: [String] = []
        var t = h.now
        while t < at + 1 {
            t += 0.25
            if let d = h.app.nextDeadline(context: AppContext(now: t - 0.25)), d <= t { said += Self.spoken(h.app.tick(context: AppContext(now: t))) }
        }
        #expect(said == ["Court 4, 20 seconds"])
    }

    @Test func theToggleIsRememberedAndSaysTheCallAtOnce() {
        var h = Harness(options: ["--new": ""])
        #expect(Self.spoken(h.press(.left)).isEmpty, "off unless the config says yes")
        let on = h.app.toggleSpeech(AppContext(now: h.now))
        #expect(on.contains(.setPreference(key: "badminton.speak", value: "yes")) && Self.spoken(on) == ["1-love"])
        let off = h.app.toggleSpeech(AppContext(now: h.now))
        #expect(off == [.setPreference(key: "badminton.speak", value: "no")])
        #expect(Self.spoken(h.press(.left)).isEmpty)
    }

    /// Issue 23, item 10: without espeak-ng, `v` keeps the setting but says the truth — nothing
    /// is spoken, how to install it — and the call shows no speaker.
    @Test func withoutEspeakSpeechOnSaysItIsUnavailable() {
        var h = Harness(options: ["--new": ""])
        let missing = AppContext(now: h.now, speechAvailable: false)
        let on = h.app.toggleSpeech(missing)
        #expect(on == [.setPreference(key: "badminton.speak", value: "yes")], "kept, nothing to speak with")
        #expect(h.app.message?.text == "Speech on, but espeak-ng is not installed: nothing is spoken (Debian: apt install espeak-ng).")
        let s = h.app.log!.state
        let without = h.app.callLines(state: s, now: h.now, width: 78, height: 21, glyphs: .unicode, speechAvailable: false)
        let with = h.app.callLines(state: s, now: h.now, width: 78, height: 21, glyphs: .unicode, speechAvailable: true)
        #expect(!without.joined().contains("🔊") && with.joined().contains("🔊"), "\(without) \(with)")
    }

    @Test func aResumedMatchIsNotAnnouncedAndAWatcherNeverSpeaks() {
        var h = Self.speaking()
        h.press(.left)
        var resumed = BadmintonApp(options: AppOptions(), store: h.store, context: AppContext(now: h.now + 5))
        #expect(Self.spoken(resumed.start(context: AppContext(now: h.now + 5))).isEmpty, "no call on opening a match in progress")
        #expect(Self.spoken(resumed.handle(.left, context: AppContext(now: h.now + 6))) == ["2-love"])
        var watcher = BadmintonApp(options: AppOptions(["--watch": ""]), store: h.store, context: AppContext(now: h.now))
        #expect(Self.spoken(watcher.tick(context: AppContext(now: h.now + 1))).isEmpty)
    }
}
