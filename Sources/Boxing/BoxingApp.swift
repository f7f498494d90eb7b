import TerminiCore
import TerminiWidgets
import TerminiApp

/// Boxing Time: a clicker. Punch the sandbag or the trash can with Space or Enter; each
/// target keeps its own count, and from 30 punches its boxer rests in the corner, tired.
public struct BoxingApp: MiniApp {
    public static let descriptor = AppDescriptor(id: "boxing", name: "Boxing Time", summary: "Punch the sandbag or the trash can")

    static let file = "boxing.json"
    static let fileVersion = 1
    static let soundKey = SoundPreference.key
    /// How long the ring-bell launch screen stays (any key skips it).
    static let splashLength = 1.0
    /// Refreshes of the punch rate while punching.
    static let rateRefresh = 0.25
    /// Frames are drawn just after the moment the picture changes, so rounding never lands
    /// a frame a hair before its change.
    static let frameSlack = 0.0005

    public private(set) var game: BoxingGame
    public private(set) var meter = PunchMeter()
    public private(set) var effects = PunchEffects()
    /// The punch rate on screen: sampled at each punch and every `rateRefresh` seconds while
    /// punching, not at every animation frame (a figure changing 30 times a second cannot
    /// be read, and each change costs bytes). Nil when not punching.
    public private(set) var rateShown: Double?
    private var rateSampledAt = -Double.infinity
    /// The `sound` preference, shared by all of Termini: `b` switches it between yes and no.
    public private(set) var sound: SoundPreference
    /// Whether a punch rings the bell (only when the user turned sound on).
    public var soundOn: Bool { sound.effects }
    /// Until when the launch screen shows; nil once it is gone.
    public private(set) var splashUntil: Double?
    /// The Play-again question while it is open.
    public private(set) var confirm: Dialog?
    /// Whether the target selector has the keyboard focus (Tab, Shift-Tab). Space and Enter
    /// punch whatever has the focus and ←/→ always switch targets: the focus only shows
    /// where the selector is, as Tab reaches it in every other screen.
    public private(set) var selectorFocused = false
    /// The last moment the app heard of (keys and ticks), for `nextDeadline`.
    private var now: Double
    private let unicode: Bool

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        game = store.load(BoxingGame.self, from: BoxingApp.file, version: BoxingApp.fileVersion) ?? BoxingGame()
        sound = SoundPreference(store: store)
        now = context.now
        unicode = context.unicode
        // The shell keeps this instance while the process lives: being created is the
        // first opening in this session, when the ring bell greets the player.
        splashUntil = context.now + BoxingApp.splashLength
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        soundOn ? [.bell] : []
    }

    // MARK: Keys and time

    public var wantsAllKeys: Bool { confirm != nil }

    public var selector: SegmentedControl {
        SegmentedControl(Target.allCases.map(\.name), selected: Target.allCases.firstIndex(of: game.selected) ?? 0,
                         focused: selectorFocused)
    }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        now = context.now
        effects.prune(at: now)
        if splashUntil != nil {
            splashUntil = nil  // any key skips the launch screen, and does nothing else
            return []
        }
        if var dialog = confirm {
            switch dialog.handle(key) {
            case .chose(0):
                confirm = nil
                game.playAgain()
                return [save]
            case .chose, .cancelled:
                confirm = nil
            case nil:
                confirm = dialog
            }
            return []
        }
        switch key {
        case .enter, .char(" "):
            return punch()
        case .tab, .backTab:
            selectorFocused.toggle()
            return []
        case .left, .right, .char("1"), .char("2"):
            var control = selector
            control.isFocused = true  // ←/→ switch targets wherever the focus is
            control.handle(key)
            return select(Target.allCases[control.selected])
        case .char("r"), .char("R"):
            guard game.punches > 0 else {
                return [.notice("The \(game.selected.name.lowercased()) has no punches to reset yet.")]
            }
            let n = game.punches
            confirm = Dialog.confirm(title: "Play again",
                                     message: "Reset the \(game.selected.name.lowercased())'s \(n) punch\(n == 1 ? "" : "es") to 0?"
                                        + " The \(game.selected.other.name.lowercased()) keeps its count.",
                                     yes: "Yes, reset", no: "No")
            return []
        case .char("b"), .char("B"):
            // Unset (alerts only) and no turn it on, yes turns it off: for every app.
            let on = !sound.effects
            sound = SoundPreference(on ? "yes" : "no")
            var out: [AppEffect] = [
                .setPreference(key: BoxingApp.soundKey, value: on ? "yes" : "no"),
                .notice(on ? "Sound on for all of Termini: punches and alerts ring the bell."
                           : "Sound off for all of Termini: the bell never rings."),
            ]
            if on { out.append(.bell) }
            return out
        default:
            return []
        }
    }

    mutating func punch() -> [AppEffect] {
        game.punch()
        meter.record(at: now)
        effects.punch(at: now)
        sampleRate()
        if let r = rateShown { game.offerRate(r) }
        var out = [save]
        if soundOn { out.append(.bell) }
        return out
    }

    mutating func select(_ target: Target) -> [AppEffect] {
        guard target != game.selected else { return [] }
        game.select(target)
        effects = PunchEffects()
        return [save]
    }

    mutating func sampleRate() {
        rateShown = meter.rate(at: now)
        rateSampledAt = now
    }

    var save: AppEffect { .save(game, to: BoxingApp.file, version: BoxingApp.fileVersion) }

    public var nextDeadline: Double? {
        var next: Double?
        func soonest(_ t: Double) { next = min(next ?? t, t) }
        if let s = splashUntil { soonest(s) }
        if let change = effects.nextChange(after: now) { soonest(change + BoxingApp.frameSlack) }
        if rateShown != nil, let last = meter.lastPunch {
            // Keep the rate fresh while punching; one last frame hides it.
            soonest(min(rateSampledAt + BoxingApp.rateRefresh, last + PunchMeter.idle + 0.01))
        }
        return next
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        now = context.now
        if let s = splashUntil, now >= s { splashUntil = nil }
        effects.prune(at: now)
        meter.forget(before: now - PunchMeter.window)
        if rateShown != nil, now >= rateSampledAt + BoxingApp.rateRefresh || !meter.isPunching(at: now) { sampleRate() }
        return []
    }

    // MARK: Keys shown

    var glyphs: Glyphs { unicode ? .unicode : .ascii }
    /// ←/→ as the glyphs name them (`Left/Right` in ASCII), as on screen.
    var arrows: String { "\(glyphs.name(of: .left))/\(glyphs.name(of: .right))" }

    public var hints: [KeyHint] {
        if splashUntil != nil { return [KeyHint("any key", "Start")] }
        if confirm != nil { return [KeyHint("y", "Reset"), KeyHint("n", "Keep"), KeyHint("Esc", "Cancel")] }
        return [KeyHint("Space", "Punch"), KeyHint(arrows, "Target"), KeyHint("r", "Play again"),
                KeyHint("b", "Sound")]
    }

    public var help: [HelpSection] {
        [
            HelpSection("Boxing Time", [
                ("Space Enter", "punch the target (every key repeat counts)"),
                ("\(arrows)", "switch between the sandbag and the trash can"),
                ("1 2", "the sandbag, the trash can"),
                ("Tab Shift-Tab", "focus the target selector, and leave it (Space still punches)"),
                ("r", "play again: this target's count back to 0 (asks first)"),
                ("b", "sound on or off for all of Termini (the sound setting): on, the bell rings for each punch and for alerts; off, never"),
                ("any key", "skip the ring-bell launch screen"),
            ]),
            HelpSection("Play again?", [
                ("y Enter", "reset the count (Enter chooses the focused button)"),
                ("n Esc", "keep the count"),
                ("\(arrows) Tab", "move between the buttons"),
            ]),
        ]
    }

    public var minimumSize: Size { Size(width: 56, height: 15) }

    public var status: String? { nil }

    // MARK: Drawing

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        if splashUntil != nil {
            BoxingView.splash(in: rect, on: &canvas, theme: theme)
            return
        }
        BoxingView(app: self, now: context.now).render(in: rect, on: &canvas, theme: theme)
        if let confirm {
            confirm.render(in: rect, on: &canvas, theme: theme)
        }
    }
}
