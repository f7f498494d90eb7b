import TerminiKit

/// Boxing Time: a clicker. Punch the sandbag or the trash can with Space or Enter; each
/// target keeps its own count, and from 30 punches its boxer rests in the corner, tired.
public struct BoxingApp: MiniApp {
    public static let descriptor = AppDescriptor(id: "boxing", name: "Boxing Time", summary: "Punch the sandbag or the trash can")

    static let file = "boxing.json"
    static let fileVersion = 1
    static let soundKey = SoundPreference.key
    /// How long the ring-bell launch screen stays (any key skips it).
    static let splashLength = 1.0
    /// Animation frames while something moves, and refreshes of the punch rate while punching.
    static let frame = 1.0 / 30
    static let rateRefresh = 0.25

    public private(set) var game: BoxingGame
    public private(set) var meter = PunchMeter()
    public private(set) var effects = PunchEffects()
    public private(set) var soundOn: Bool
    /// Until when the launch screen shows; nil once it is gone.
    public private(set) var splashUntil: Double?
    /// The Play-again question while it is open.
    public private(set) var confirm: Dialog?
    /// Which of the target (0) and the target selector (1) has the keyboard focus.
    public private(set) var focus = FocusRing(count: 2)
    /// The last moment the app heard of (keys and ticks), for `nextDeadline`.
    private var now: Double
    private let unicode: Bool

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        game = store.load(BoxingGame.self, from: BoxingApp.file, version: BoxingApp.fileVersion) ?? BoxingGame()
        soundOn = SoundPreference(store: store).effects
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
                         focused: focus.isFocused(1))
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
            focus.handle(key)
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
            soundOn.toggle()
            var out: [AppEffect] = [.setPreference(key: BoxingApp.soundKey, value: soundOn ? "yes" : "no")]
            if soundOn { out.append(.bell) }
            return out
        default:
            return []
        }
    }

    mutating func punch() -> [AppEffect] {
        game.punch()
        meter.record(at: now)
        effects.punch(at: now)
        if let r = meter.rate(at: now) { game.offerRate(r) }
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

    var save: AppEffect { .save(game, to: BoxingApp.file, version: BoxingApp.fileVersion) }

    public var nextDeadline: Double? {
        var next: Double?
        func soonest(_ t: Double) { next = min(next ?? t, t) }
        if let s = splashUntil { soonest(s) }
        if effects.isMoving(at: now) { soonest(now + BoxingApp.frame) }
        if meter.isPunching(at: now), let last = meter.lastPunch {
            // Keep the rate fresh while punching; one last frame hides it.
            soonest(min(now + BoxingApp.rateRefresh, last + PunchMeter.idle + 0.01))
        }
        return next
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        now = context.now
        if let s = splashUntil, now >= s { splashUntil = nil }
        effects.prune(at: now)
        meter.forget(before: now - PunchMeter.window)
        return []
    }

    // MARK: Keys shown

    var arrows: String { unicode ? "←/→" : "Left/Right" }

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
                ("Tab Shift-Tab", "move the focus between the target and the selector"),
                ("r", "play again: this target's count back to 0 (asks first)"),
                ("b", "sound on or off: the bell rings for each punch (remembered)"),
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
