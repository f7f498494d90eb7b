import TerminiCore
import TerminiWidgets
import TerminiApp

/// Preferences kept in an `InMemoryStore`'s dictionary, written out as a config file.
public final class InMemoryPreferences: PreferenceBook {
    let store: InMemoryStore
    /// The settings a change made, taken by `adopt` once saved.
    private var changed: [String: String]?
    public init(_ store: InMemoryStore) { self.store = store }
    public func value(_ key: String) -> String? { store.preferences[key] }
    public func applying(_ key: String, _ value: String, to current: [UInt8]?) -> [UInt8]? {
        guard store.preferences[key] != value else { return nil }
        var p = store.preferences
        p[key] = value
        changed = p
        return Self.text(p)
    }
    public func adopt(_ content: [UInt8]?) {
        if let changed, content == Self.text(changed) { store.preferences = changed }
        changed = nil
    }
    public var content: [UInt8] { Self.text(store.preferences) }
    static func text(_ p: [String: String]) -> [UInt8] { Array(p.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)\n" }.joined().utf8) }
}

/// One app driven as the shell drives it, for every app's tests: keys and ticks with a
/// clock the test moves, a content area of a given size, and every effect carried out by the
/// shell's own executor on an `InMemoryStore`, so a restart sees what was saved.
public struct AppHarness<App: MiniApp> {
    public var app: App
    public let store: InMemoryStore
    public let executor: EffectExecutor
    public var now: Double
    public var unicode: Bool
    /// The content area the app draws in (80×24 less the frame by default).
    public var size: Size
    /// Every effect the app gave, in order.
    public var effects: [AppEffect] = []
    /// Bells rung (game sounds and alerts).
    public private(set) var bells = 0
    /// What the app asked to be said aloud, in order.
    public private(set) var spoken: [String] = []
    public private(set) var closed = false
    public private(set) var quit = false
    /// Saves that failed.
    public private(set) var failures: [SaveFailure] = []
    /// How far the clock moves before each key when a test does not say.
    public var step = 0.5

    public init(options: AppOptions = AppOptions(), store: InMemoryStore = InMemoryStore(), now: Double = 1_800_000_000,
                unicode: Bool = true, size: Size = AppContext.standardSize, shown: Bool = true) {
        self.store = store
        self.now = now
        self.unicode = unicode
        self.size = size
        executor = EffectExecutor(store: store, preferences: InMemoryPreferences(store))
        executor.collectNotices()
        // As the shell does: the keeper's lock first (held by "another process": read-only).
        if let lock = App.keeperLock(options) {
            switch store.tryLock(lock) {
            case .acquired: store.keeping = .keeper
            case .heldByAnother: store.keeping = .following
            case .unusable(let why): store.keeping = .readOnly(why)
            }
        }
        app = App(options: options, store: store, context: AppContext(now: now, unicode: unicode, size: size, sound: SoundPreference(store.preferences[SoundPreference.key])))
        let ctx = context
        carry(app.start(context: ctx))
        if shown { carry(app.shown(context: ctx)) }
    }

    /// Builds the app with `make` (an app with a test-only initialiser) instead of `init(options:)`.
    public init(store: InMemoryStore = InMemoryStore(), now: Double = 1_800_000_000, unicode: Bool = true,
                size: Size = AppContext.standardSize, make: (any StateReader, AppContext) -> App) {
        self.store = store
        self.now = now
        self.unicode = unicode
        self.size = size
        executor = EffectExecutor(store: store, preferences: InMemoryPreferences(store))
        app = make(store, AppContext(now: now, unicode: unicode, size: size))
        let ctx = context
        carry(app.start(context: ctx))
        carry(app.shown(context: ctx))
    }

    public var context: AppContext { AppContext(now: now, unicode: unicode, size: size, sound: SoundPreference(store.preferences[SoundPreference.key])) }

    /// The notices on the notice line now.
    public var notices: [String] { executor.notices.texts }

    /// Carries out effects as the shell does, writes included.
    @discardableResult
    public mutating func carry(_ out: [AppEffect]) -> [AppEffect] {
        effects += out
        let outcome = executor.perform(out)
        failures += outcome.failures + executor.flush()
        for r in outcome.requests {
            switch r {
            case .bell: bells += 1
            case .close: closed = true
            case .quit: quit = true
            case .speak(let text, _): spoken.append(text)
            }
        }
        return out
    }

    /// Presses keys, the clock moving `advance` seconds before each (a tick first when one is
    /// due); returns the effects they gave. The notices of the key before go, as on screen.
    @discardableResult
    public mutating func press(_ keys: Key..., advance: Double? = nil) -> [AppEffect] { press(keys, advance: advance) }

    @discardableResult
    public mutating func press(_ keys: [Key], advance: Double? = nil) -> [AppEffect] {
        var all: [AppEffect] = []
        for k in keys {
            tick(advance: advance ?? step)
            executor.notices.keyPressed()
            all += carry(app.handle(k, context: context))
        }
        return all
    }

    /// Presses a key at the moment `t` (no tick first).
    @discardableResult
    public mutating func press(_ key: Key, at t: Double) -> [AppEffect] {
        now = t
        executor.notices.keyPressed()
        return carry(app.handle(key, context: context))
    }

    /// The app's tick at the moment `t`, due or not.
    @discardableResult
    public mutating func tick(at t: Double) -> [AppEffect] {
        now = t
        return carry(app.tick(context: context))
    }

    /// When the app next wants a tick.
    public var deadline: Double? { app.nextDeadline(context: context) }

    /// Plays an animation frame by frame: while `going` holds and the next deadline comes within
    /// `within` seconds of the last, the clock goes to it and the app ticks. Returns how many
    /// frames were drawn and the first (1 is the one after the start) that showed nothing new.
    public mutating func animationFrames(within: Double, while going: (Self) -> Bool = { _ in true }) -> (frames: Int, repeated: Int?) {
        var last = screen()
        var frames = 0, repeated: Int?
        while going(self), let t = deadline, t - now < within {
            now = t
            tick(at: t)
            let shown = screen()
            if shown == last, repeated == nil { repeated = frames + 1 }
            last = shown
            frames += 1
        }
        return (frames, repeated)
    }

    public mutating func press(_ key: Key, times: Int, advance: Double? = nil) {
        for _ in 0..<times { press(key, advance: advance) }
    }

    /// Types text, one key per character.
    public mutating func type(_ text: String, advance: Double = 0.1) {
        for c in text { press(.char(c), advance: advance) }
    }

    /// The clock moves on; the app gets its tick when its deadline has come.
    @discardableResult
    public mutating func tick(advance dt: Double = 0) -> [AppEffect] {
        now += max(0, dt)
        guard let d = app.nextDeadline(context: context), d <= now else { return [] }
        return carry(app.tick(context: context))
    }

    /// Runs ticks at their deadlines until nothing moves (or `limit` seconds have gone).
    @discardableResult
    public mutating func settle(limit: Double = 10, while more: (App) -> Bool = { _ in true }) -> Int {
        var ticks = 0
        let end = now + limit
        while let d = app.nextDeadline(context: context), d <= end, more(app), ticks < 10_000 {
            now = max(now, d)
            carry(app.tick(context: context))
            ticks += 1
        }
        return ticks
    }

    public mutating func hide() { carry(app.hidden(context: context)) }
    public mutating func show() { carry(app.shown(context: context)) }

    /// The app drawn in its content area (or one of `size`), in `theme`.
    public func canvas(size: Size? = nil, theme: Theme = .builtinDefault) -> Canvas {
        let s = size ?? self.size
        var canvas = Canvas(size: s)
        var ctx = context
        ctx.size = s
        // An ASCII harness draws in ASCII; a theme given with ASCII glyphs draws in them too.
        app.render(in: Rect(s), on: &canvas, theme: unicode ? theme : theme.withGlyphs(.ascii), context: ctx)
        return canvas
    }

    public func lines(size: Size? = nil, theme: Theme = .builtinDefault) -> [String] { canvas(size: size, theme: theme).lines }
    public func text(size: Size? = nil, theme: Theme = .builtinDefault) -> String { canvas(size: size, theme: theme).text }
    /// The screen's lines at `width`×`height` (the harness's size when not given).
    public func screen(width: Int? = nil, height: Int? = nil, theme: Theme = .builtinDefault) -> [String] {
        lines(size: Size(width: width ?? size.width, height: height ?? size.height), theme: theme)
    }

    public var hints: [KeyHint] { app.hints(context: context) }
    public var help: [HelpSection] { app.help(context: context) }

    /// A new instance of the app from what this one saved (a restart), on a copy of the store.
    public func restarted(options: AppOptions = AppOptions(), advance: Double = 0) -> AppHarness<App> {
        let copy = InMemoryStore(files: store.files)
        copy.preferences = store.preferences
        return AppHarness(options: options, store: copy, now: now + advance, unicode: unicode, size: size)
    }
}
