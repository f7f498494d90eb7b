import TerminiCore
import TerminiWidgets
import TerminiApp

/// Boxing Time: a clicker. Punch the sandbag or the trash can with Space or Enter; each
/// target keeps its own count, and from 30 punches its boxer rests in the corner, tired.
public struct BoxingApp: KeyedApp {
    public static let descriptor = AppDescriptor(id: "boxing", name: "Boxing Time", summary: "Punch the sandbag or the trash can")

    static let file = "boxing.json"
    static let fileVersion = 1
    static let soundKey = SoundPreference.key
    /// How long the ring-bell launch screen stays (any key skips it).
    static let splashLength = 1.0
    /// The closest two strikes count for the rate: keys that come together (a paste, a
    /// burst read at once) or faster than a hand can strike (a held key's repeats) count as
    /// punches, but a strike for the rate at most every 1/20 s.
    static let minStrikeGap = 0.05
    /// The second ring of a trash-can punch comes this long after the first: the sandbag
    /// rings once, the trash can twice (a clang-clang), so the two sound unlike each other.
    static let secondRing = 0.15
    /// Refreshes of the punch rate while punching.
    static let rateRefresh = 0.25
    /// Frames are drawn just after the moment the picture changes, so rounding never lands
    /// a frame a hair before its change.
    static let frameSlack = 0.0005

    /// What the Play again question chose.
    public enum Action: Sendable, Equatable { case playAgain }

    /// What has the keyboard focus: the target (Space and Enter punch it) or the selector
    /// (Space and Enter switch the target). Tab and Shift-Tab move between them.
    public enum Focus: Int, Sendable { case target, selector }

    public private(set) var game: BoxingGame
    public private(set) var meter = PunchMeter()
    public private(set) var effects = PunchEffects()
    /// The punch rate on screen: sampled at each punch and every `rateRefresh` seconds while
    /// punching, not at every animation frame (a figure changing 30 times a second cannot
    /// be read, and each change costs bytes). Nil when not punching.
    public private(set) var rateShown: Double?
    private var rateSampledAt = -Double.infinity
    /// When the trash can's second ring is due; nil when none is.
    public private(set) var ringAt: Double?
    /// Until when the launch screen shows; nil once it is gone.
    public private(set) var splashUntil: Double?
    /// The Play-again question while it is open.
    public var modals = ModalStack<Action>()
    public private(set) var focusRing = FocusRing(count: 2)

    public var focus: Focus { Focus(rawValue: focusRing.current) ?? .target }

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        game = store.load(BoxingGame.self, from: BoxingApp.file, version: BoxingApp.fileVersion) ?? BoxingGame()
        // The shell keeps this instance while the process lives: being created is the
        // first opening in this session, when the ring bell greets the player.
        splashUntil = context.now + BoxingApp.splashLength
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        context.sound.effects ? [.bell] : []
    }

    // MARK: Keys and time

    public var selector: SegmentedControl {
        SegmentedControl(Target.allCases.map(\.name), selected: Target.allCases.firstIndex(of: game.selected) ?? 0,
                         focused: focus == .selector)
    }

    public var keys: AppKeys<BoxingApp> { BoxingApp.keyTable }
    /// Built once: a binding acts on the app it is given, never on the one that built it.
    static let keyTable: AppKeys<BoxingApp> = {
        let splash: @Sendable (BoxingApp) -> Bool = { $0.splashUntil != nil }
        let playing: @Sendable (BoxingApp) -> Bool = { $0.splashUntil == nil }
        let punching: @Sendable (BoxingApp) -> Bool = { $0.splashUntil == nil && $0.focus == .target }
        let choosing: @Sendable (BoxingApp) -> Bool = { $0.splashUntil == nil && $0.focus == .selector }
        let bindings: [B] = [
            B(anyKey: "any key", hint: .init("Start"), "skip the ring-bell launch screen", when: splash) { app, _, _ in
                    app.splashUntil = nil  // and does nothing else
                    return []
                },
            B([.char(" "), .enter], hint: .init("Punch", keys: [.char(" ")]),
                    "punch the target, target focused (every key repeat counts)",
                    when: punching) { app, _, ctx in app.punch(ctx) },
            B([.char(" "), .enter], hint: .init("Switch", keys: [.char(" ")]), "switch the target, selector focused",
                    when: choosing) { app, _, ctx in
                    app.select(app.game.selected.other, ctx)
                },
            B(SegmentedControl.keyMap.keys, hint: .init("Target", keys: SegmentedControl.keyMap.keys), "switch between the sandbag and the trash can",
                    when: playing) { app, key, ctx in
                    var control = app.selector
                    control.isFocused = true  // the arrows choose wherever the focus is
                    control.handle(key)
                    return app.select(Target.allCases[control.selected], ctx)
                },
            B(KeyNames.digits(1...2), "the sandbag, the trash can", when: playing) { app, key, ctx in
                    app.select(key == .char("1") ? .sandbag : .trashCan, ctx)
                },
            B(FocusRing.keyMap.keys, hint: .init(keys: FocusRing.keyMap.keys(for: .next)) { $0.focus == .target ? "Selector" : "Back" },
                    "focus the target selector, or the target again: Space acts on the one with the focus", when: playing) { app, key, _ in
                    app.focusRing.handle(key)
                    return []
                },
            B([.char("r"), .char("R")], helpKeys: [.char("r")], hint: .init("Play again", keys: [.char("r")]),
                    "play again: this target's count and the best rate back to 0 (asks first)", when: playing) { app, _, _ in app.askPlayAgain() },
            B([.char("b"), .char("B")], helpKeys: [.char("b")], hint: .init("Sound", keys: [.char("b")]),
                    "sound for all of Termini, in turn on, off, alerts only (the sound setting, also in F7): on, the bell rings for each punch "
                        + "(once for the sandbag, twice for the trash can) and for alerts; alerts only, for alerts; off, never",
                    when: playing) { _, _, ctx in BoxingApp.cycleSound(ctx) },
        ]
        return AppKeys("Boxing Time", bindings)
    }()

    typealias B = AppBinding<BoxingApp>

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] { DialogModal<Action>.help(glyphs: glyphs) }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        effects.prune(at: context.now)
        return dispatch(key, context: context)
    }

    mutating func askPlayAgain() -> [AppEffect] {
        let best = game.bestRate > 0 ? "\(PunchMeter.format(game.bestRate))/s" : nil
        guard game.punches > 0 || best != nil else {
            return [.notice("The \(game.selected.name.lowercased()) has no punches to reset yet.")]
        }
        let n = game.punches
        let message = n == 0 ? "Clear the best rate (\(best ?? ""))?"
            : "Reset the \(game.selected.name.lowercased())'s \(n) punch\(n == 1 ? "" : "es") to 0?"
                + " The \(game.selected.other.name.lowercased()) keeps its count." + (best.map { " The best rate (\($0)) is cleared too." } ?? "")
        modals.push(DialogModal.confirm(title: "Play again", message: message, yes: n == 0 ? "clear" : "reset", action: Action.playAgain))
        return []
    }

    public mutating func perform(_ action: Action, context: AppContext) -> [AppEffect] {
        switch action {
        case .playAgain:
            game.playAgain()
            game.clearBestRate()
            return [save]
        }
    }

    /// The three settings in turn, for every app: alerts only (unset) turns on, on turns
    /// off, off turns to alerts only (the F7 settings' "alerts").
    static func cycleSound(_ context: AppContext) -> [AppEffect] {
        switch context.sound.setting {
        case nil:
            return [.setPreference(key: BoxingApp.soundKey, value: "yes"),
                    .notice("Sound on for all of Termini: punches and alerts ring the bell."), .bell]
        case true?:
            return [.setPreference(key: BoxingApp.soundKey, value: "no"), .notice("Sound off for all of Termini: the bell never rings.")]
        case false?:
            return [.setPreference(key: BoxingApp.soundKey, value: "alerts"),
                    .notice("Sound for alerts only: the bell rings for an alert, not for punches."), .bell]
        }
    }

    mutating func punch(_ context: AppContext) -> [AppEffect] {
        let now = context.now
        game.punch()
        if meter.lastPunch.map({ now - $0 >= BoxingApp.minStrikeGap }) ?? true { meter.record(at: now) }
        effects.punch(at: now)
        sampleRate(now)
        if let r = rateShown { game.offerRate(r) }
        var out = [save]
        if context.sound.effects {
            out.append(.bell)
            ringAt = game.selected == .trashCan ? now + BoxingApp.secondRing : nil
        }
        return out
    }

    mutating func select(_ target: Target, _ context: AppContext) -> [AppEffect] {
        guard target != game.selected else { return [] }
        game.select(target)
        effects = PunchEffects()
        return [save]
    }

    mutating func sampleRate(_ now: Double) {
        rateShown = meter.rate(at: now)
        rateSampledAt = now
    }

    var save: AppEffect { .save(game, to: BoxingApp.file, version: BoxingApp.fileVersion) }

    public func nextDeadline(context: AppContext) -> Double? {
        let now = context.now
        var next: Double?
        func soonest(_ t: Double) { next = min(next ?? t, t) }
        if let s = splashUntil { soonest(s) }
        if let r = ringAt { soonest(r) }
        if let change = effects.nextChange(after: now) { soonest(change + BoxingApp.frameSlack) }
        if rateShown != nil, let last = meter.lastPunch {
            // Keep the rate fresh while punching; one last frame hides it.
            soonest(min(rateSampledAt + BoxingApp.rateRefresh, last + PunchMeter.idle + 0.01))
        }
        return next
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        let now = context.now
        if let s = splashUntil, now >= s { splashUntil = nil }
        effects.prune(at: now)
        meter.forget(before: now - PunchMeter.window)
        if rateShown != nil, now >= rateSampledAt + BoxingApp.rateRefresh || !meter.isPunching(at: now) { sampleRate(now) }
        if let r = ringAt, now >= r {
            ringAt = nil
            return context.sound.effects ? [.bell] : []
        }
        return []
    }

    public var minimumSize: Size { Size(width: 56, height: 15) }
    /// What a second copy follows while this app's keeper runs (the shell reloads it).
    public var keptFiles: [String] { [BoxingApp.file] }
    /// The keeper's counts, read again; what is on view (the splash, the focus) stays.
    public mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect] {
        game = store.load(BoxingGame.self, from: BoxingApp.file, version: BoxingApp.fileVersion) ?? BoxingGame()
        effects = PunchEffects()
        return []
    }

    // MARK: Drawing

    public func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        if splashUntil != nil {
            BoxingView.splash(in: rect, on: &canvas, theme: theme)
            return
        }
        BoxingView(app: self, now: context.now, sound: context.sound).render(in: rect, on: &canvas, theme: theme)
    }
}
