import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiStore

/// What the shell asks of the terminal after a key or a tick.
public enum ShellOutput: Equatable, Sendable {
    case bell
    /// Repaint every cell (Ctrl-L).
    case repaint
}

/// What the shell's own modals (the help, the settings) ask of it.
public enum ShellAction: Equatable, Sendable {
    case theme(String)
    case color(Bool)
    case ascii(Bool)
    case sound(String)
    /// An app's own setting (`AppSetting`): its config key and new value.
    case appSetting(app: String, key: String, value: String)
    /// Quit, once the app's question (`quitQuestion`) was answered yes.
    case quit
    /// Yes to "Go on without saving?": the app's changes stay in memory from now on.
    case goOnUnsaved(app: String)
}

/// The launcher, the app windows, switching, the help, the settings and the notice line:
/// everything between the terminal and the apps, testable without a terminal. One loop owns
/// it: it tells the shell the terminal's size (`resize`), hands it keys and ticks, and draws
/// what `render` returns, which changes nothing.
public final class Shell {
    public internal(set) var theme: Theme
    public internal(set) var themeName: String
    /// Whether the screen draws Unicode now (the locale allows it and `ascii` is off).
    public internal(set) var unicode: Bool
    /// Whether the locale allows Unicode at all (the settings can turn ASCII off only then).
    public let unicodeAvailable: Bool
    public internal(set) var monochrome: Bool
    /// Whether colours can be switched on now (the terminal was started with them).
    public let colorAvailable: Bool
    /// The terminal's colours; themes are mapped to them once (nil: left as written).
    public let depth: ColorDepth?
    public internal(set) var quitRequested = false
    /// The app on screen; nil for the launcher.
    public private(set) var current: String?
    /// The terminal's size, as the loop last said.
    public private(set) var size: Size

    let store: any StateStore
    let catalog: ThemeCatalog?
    let preferencesBook: ConfigPreferences
    /// The path of every save: the apps as shown and as saved, what waits for the disk.
    public let saves: SaveCoordinator
    var executor: EffectExecutor { saves.executor }
    var notices: NoticeBoard { saves.notices }
    /// Carries out `.speak`; nil: the apps' speech is not heard.
    let speaker: (any Speaker)?
    /// Each app as the screen shows it (kept by `saves`, with what its files hold).
    var apps: [String: any MiniApp] {
        get { saves.apps }
        _modify { yield &saves.apps }
    }
    var launcher: Launcher
    /// The help and the settings, over whatever is on screen.
    var modals = ModalStack<ShellAction>()
    var pendingOptions: (app: String, options: AppOptions)?
    /// The shell's hint-bar entries, made once per slot (`everywhereHints`).
    var everywhereHintsMade: [Int: EverywhereHints] = [:]
    /// Outputs produced outside a key or a tick (an app's start-up bell), for the loop.
    var pendingOutputs: [ShellOutput] = []
    /// The app whose screen is on view (it was told `shown`); nil when none is.
    var visibleApp: String?
    lazy var reader: AppStateReader = AppStateReader(store: store) { [unowned self] in self.preferencesBook.file }
    /// Who keeps each app's files, for the apps that have a keeper's lock (`keeperLock`),
    /// and the lock's name.
    var keeping: [String: Keeping] = [:]
    var locks: [String: String] = [:]
    /// The hall as this copy knows it (`--hall`): the court's link in the frame's status. nil
    /// without a hall: nothing of it is drawn.
    public var hall: HallView? {
        didSet {
            // A second keeper on this court is said at once, on the notice line, as well.
            if let w = hall?.link?.warning, w != oldValue?.link?.warning { notices.post(w) }
        }
    }

    /// A notice from outside the apps (the hall's desk), on the notice line.
    public func say(_ notice: String) { notices.post(notice) }

    /// Whether this copy keeps app `id`'s files (holds its keeper's lock).
    public func keeps(_ id: String) -> Bool { keeping[id]?.keeps ?? false }

    /// `configBytes`: the bytes `config` was parsed from, if it was.
    public init(store: any StateStore, config: ConfigFile, configBytes: [UInt8]? = nil, theme: Theme, themeName: String, unicode: Bool,
                monochrome: Bool, catalog: ThemeCatalog?, open app: String?, options: AppOptions = AppOptions(),
                notices: [String] = [], now: Double, depth: ColorDepth? = nil, size: Size = Size(width: 80, height: 24),
                unicodeAvailable: Bool? = nil, colorAvailable: Bool = true, speaker: (any Speaker)? = nil,
                saveObservers: [any SaveObserver] = []) {
        self.store = store
        self.speaker = speaker
        preferencesBook = ConfigPreferences(config, bytes: configBytes)
        saves = SaveCoordinator(executor: EffectExecutor(store: store, preferences: preferencesBook) { error in
            // A read-only or missing config directory is said throughout, by the notice that stays.
            (error as? StoreError).map { $0 == .readOnly || $0 == .nowhere } ?? false
        })
        // Hung before the app opens: a save its start makes is heard too.
        saves.observers = saveObservers
        self.unicode = unicode
        self.unicodeAvailable = unicodeAvailable ?? unicode
        self.monochrome = monochrome
        self.colorAvailable = colorAvailable && depth != .monochrome
        self.catalog = catalog
        self.depth = depth
        self.size = size
        self.themeName = themeName
        loadedTheme = theme
        self.theme = Shell.prepare(theme, unicode: unicode, monochrome: monochrome, depth: depth)
        let last = config.value(PreferenceKey.lastApp).flatMap { AppRegistry.index(of: $0) != nil ? $0 : nil }
        launcher = Launcher(selection: last.flatMap { AppRegistry.index(of: $0) } ?? 0, lastApp: last)
        for n in notices { self.notices.post(n) }
        if let app {
            pendingOptions = (app, options)
            open(app, now: now)
        }
        executor.collectNotices()
        if savesNothing { sayNothingIsSaved() }
        updateVisibility(now: now)
        executor.keptInMemory = { [unowned self] id in self.unsaved.contains(id) }
    }

    static func prepare(_ theme: Theme, unicode: Bool, monochrome: Bool, depth: ColorDepth? = nil) -> Theme {
        var t = monochrome ? theme.monochrome : theme
        if let depth, !monochrome { t = t.resolved(for: depth) }
        return t.withGlyphs(unicode ? .unicode : .ascii)
    }

    public var preferences: ConfigFile { preferencesBook.file }

    /// The context of a call into an app: now, the glyphs, the content area of the window at
    /// the terminal's size, and the sound setting.
    func context(_ now: Double) -> AppContext {
        lastNow = now
        var ctx = AppContext(now: now, unicode: unicode, size: appRect(Rect(size)).size,
                             sound: SoundPreference(preferencesBook.value(SoundPreference.key)), speechAvailable: speaker?.available ?? false)
        ctx.hall = hall
        return ctx
    }
    /// The time of the last call into an app (what a save refused for a lost lock reloads at).
    var lastNow: Double = 0

    /// The current app draws the whole screen (no frame, no bar).
    var currentIsFullScreen: Bool { current.flatMap { apps[$0] }?.fullScreen ?? false }

    /// Where the current app draws on a screen: inside the window, or all of it.
    func appRect(_ screen: Rect) -> Rect { currentIsFullScreen ? screen : Window.contentRect(screen) }

    // MARK: Apps

    /// Opens (creating on first use) an app and makes it current.
    public func open(_ id: String, now: Double) {
        guard let type = AppRegistry.app(id) else { return }
        if apps[id] == nil {
            saves.beforeChange()
            var options = AppOptions()
            if let p = pendingOptions, p.app == id {
                options = p.options
                pendingOptions = nil
            }
            let ctx = context(now)
            takeLock(id, type.keeperLock(options), name: type.descriptor.name)
            let r = reader(for: id)
            var app = type.init(options: options, store: r, context: ctx)
            // As read: what a start that cannot be saved (a new match) goes back to.
            saves.readAtStart(id, app)
            let effects = app.start(context: ctx)
            apps[id] = app
            keepRefusedAppends(of: app, id)
            collectNotices(of: r)
            pendingOutputs += carry(effects, owner: id)
            flush()
        } else if keeping[id] == .following {
            // Back on screen: the keeper may have saved, or gone, meanwhile (only the app on
            // screen hears of changes).
            pendingOutputs += follow(id, now: now, lockChanged: true)
        }
        current = id
        guard let index = AppRegistry.index(of: id) else { return }
        launcher.selection = index
        launcher.lastApp = id
        executor.setPreference(PreferenceKey.lastApp, id)
    }

    /// Runs `body` on an app and carries out its effects.
    func with(_ id: String?, _ body: (inout any MiniApp) -> [AppEffect]) -> [ShellOutput] {
        guard let id else { return [] }
        saves.beforeChange()
        guard var app = apps[id] else { return [] }
        let effects = body(&app)
        apps[id] = app
        return carry(effects, owner: id)
    }

    /// Carries out effects through the executor and does what only the shell can; `owner`
    /// is the app that gave them. A read-only copy's saves are refused: the app goes back to
    /// what it showed before (the keeper's files), and the notice says why.
    func carry(_ effects: [AppEffect], owner: String? = nil) -> [ShellOutput] {
        var out: [ShellOutput] = []
        var effects = effects
        if let id = owner, keeping[id] == .keeper, let lock = locks[id], effects.contains(where: \.isFileSave), !store.holdsLock(lock) {
            return lostLock(id)
        }
        if let id = owner, let k = keeping[id], !k.keeps {
            if effects.contains(where: \.isFileSave) {
                effects.removeAll(where: \.isFileSave)
                saves.restore(id)
                notices.post(readOnlyNotice(id, k))
            }
        }
        if let id = owner, savesNothing, !unsaved.contains(id), effects.contains(where: \.isChange) {
            // Nothing can be saved: the change is not done until the user says to go on unsaved.
            effects.removeAll(where: \.isFileSave)
            saves.restore(id)
            askToGoOnUnsaved(id)
        }
        let outcome = saves.submit(effects, owner: owner)
        for r in outcome.requests {
            switch r {
            case .bell: out.append(.bell)
            case .close: current = nil
            case .quit: quitRequested = true
            case let .speak(text, voice): if let notice = speaker?.say(text, voice: voice) { notices.post(notice) }
            }
        }
        return out
    }

    /// Carries out effects (for tests, as an app would return them).
    func perform(_ effects: [AppEffect]) -> [ShellOutput] { carry(effects) }

    /// Writes what the last keys changed (their side files; the disk's answer comes before
    /// the frame is sent, `SaveCoordinator.afterFrame`).
    func flush() { saves.beforeFrame() }

    /// Outputs waiting for the loop (e.g. the bell an app rang when it opened).
    public func takeOutputs() -> [ShellOutput] {
        defer { pendingOutputs.removeAll() }
        return pendingOutputs
    }

    // MARK: Visibility

    /// Whether the screen is too small for what is on it: keys then wait (they would act unseen).
    func isTooSmall(_ size: Size) -> Bool { !size.contains(needed) }

    /// The smallest terminal for what is on screen: the content's minimum, the frame and the bar.
    /// The help or the settings opened there show over an empty window as small as the launcher's.
    var needed: Size {
        let app = appNeeded
        guard !modals.isEmpty else { return app }
        let framed = Shell.framed(Launcher.minimumSize)
        return Size(width: min(app.width, framed.width), height: min(app.height, framed.height))
    }

    /// The smallest terminal the current app (or the launcher) can be drawn in.
    var appNeeded: Size {
        let minimum = current.flatMap { apps[$0] }?.minimumSize ?? Launcher.minimumSize
        return currentIsFullScreen ? minimum : Shell.framed(minimum)
    }

    static func framed(_ content: Size) -> Size { Size(width: content.width + 2, height: content.height + 3) }

    /// A key on the "enlarge the terminal" screen: only those it names act (Esc, F1–F7, ?, q),
    /// none that would change an app unseen.
    func tooSmallKey(_ key: Key, now: Double) -> [ShellOutput] {
        let ctx = context(now)
        switch key {
        case .char("q"), .char("Q"): quitRequested = true
        case .escape where current.map({ AppRegistry.index(of: $0) != nil }) ?? true: current = nil
        case .char("?"): return openHelp(now)
        case .function(1...7):
            var me = self
            return Shell.keys.dispatch(key, to: &me, context: ctx) ?? []
        default: break
        }
        return []
    }

    /// Tells apps when their screen comes into view and leaves it: the current app with
    /// nothing over it, at a size it can be drawn in.
    func updateVisibility(now: Double) {
        let visible = quitRequested || suspended || !modals.isEmpty || isTooSmall(size) ? nil : current
        guard visible != visibleApp else { return }
        let ctx = context(now)
        if let old = visibleApp { pendingOutputs += with(old) { $0.hidden(context: ctx) } }
        visibleApp = visible
        if let new = visible { pendingOutputs += with(new) { $0.shown(context: ctx) } }
    }

    /// The terminal has a new size.
    public func resize(to size: Size, now: Double) {
        self.size = size
        updateVisibility(now: now)
        flush()
    }

    /// Stopped by Ctrl-Z: nothing is on view meanwhile (a game clock stops).
    public private(set) var suspended = false

    /// Ctrl-Z: the app on view is told it is hidden and what that changed is written, before
    /// the process stops.
    public func suspend(now: Double) {
        suspended = true
        updateVisibility(now: now)
        flush()
        saves.afterFrame()
    }

    /// Going on after Ctrl-Z (`fg`): the app is on view again.
    public func resume(now: Double) {
        suspended = false
        updateVisibility(now: now)
        flush()
    }

    /// Termini stops (a signal, the end of the loop): the app on view is told it is hidden and
    /// what that changed is written.
    public func finish(now: Double) {
        quitRequested = true
        updateVisibility(now: now)
        flush()
        saves.afterFrame()
    }

    // MARK: Keys and time

    /// The keys that work everywhere, declared once: they dispatch, and make the help's
    /// "Everywhere" and the manual's list.
    static let keys = KeyTable<Shell, [ShellOutput]>("Everywhere", [
        Binding([.function(1)], helpKeys: [.char("?"), .function(1)], "this help (/ searches it; n, N: next, previous)") { s, _, ctx in s.openHelp(ctx.now) },
        // Which keys reach these while an app is open: KeyRoute, the one rule.
        // The hint bar's lead (`? Help`, and `? more` when not every key fits): priority 2.
        Binding([.char("?")], hint: .init("Help", priority: 2), nil) { s, _, ctx in s.openHelp(ctx.now) },
        // Named in the bar on the launcher only (priority 0: after the screen's own keys).
        Binding([.function(7)], hint: .init { $0.current == nil ? "Settings" : nil }, "settings: theme, colour, ASCII, sound, calls; in config") { s, _, ctx in
            s.openSettings(ctx.now)
        },
        // The bar's pinned end (priority 1): kept when the rest is cut.
        // Not from a screen of a command (the desk), which the launcher does not list.
        Binding([.escape], hint: .init("Menu", priority: 1), Shell.backToLauncher, when: { $0.current.map { AppRegistry.index(of: $0) != nil } ?? false }) { s, _, _ in
            s.current = nil
            return []
        },
        Binding(KeyNames.functionKeys(AppRegistry.functionKeys), "switch to " + AppRegistry.apps.map { $0.descriptor.name }.joined(separator: ", ")) { s, key, ctx in
            guard case .function(let n) = key, let app = AppRegistry.app(functionKey: n) else { return [] }
            s.open(app.descriptor.id, now: ctx.now)
            return []
        },
        Binding([.char("q")], hint: .init(priority: 1) { $0.savesNothing ? "Quit, not saved" : "Quit" }, "quit (everything is saved; the desk asks first)") { s, _, ctx in
            if let question = s.current.flatMap({ s.apps[$0] })?.quitQuestion(context: ctx) {
                s.modals.push(DialogModal.confirm(title: "Quit", message: question, yes: "quit", action: ShellAction.quit))
                return []
            }
            s.quitRequested = true
            return []
        },
        Binding([.char("Q")], nil, when: { $0.current == nil }) { s, _, _ in
            s.quitRequested = true
            return []
        },
        Binding([.ctrl("l")], "redraw the screen") { _, _, _ in [.repaint] },
        // Ctrl-Z and Ctrl-C reach Termini as signals, not keys: listed for the help.
        Binding([.ctrl("z")], "suspend (fg resumes)") { _, _, _ in [] },
        Binding([.ctrl("c")], "quit") { _, _, _ in [] },
    ])

    /// What Esc does on an app of the launcher (a screen of a command, the desk, has no launcher).
    static let backToLauncher = "back to the launcher"

    var appWantsAllKeys: Bool { current.flatMap { apps[$0] }?.wantsAllKeys ?? false }

    /// Handles keys read together (a held key, a paste); what they change is written once,
    /// before the next frame.
    public func handle(_ keys: [Key], now: Double) -> [ShellOutput] {
        var out: [ShellOutput] = []
        for k in keys where !quitRequested {
            out += handleOne(k, now: now)
            updateVisibility(now: now)
        }
        flush()
        return out
    }

    public func handle(_ key: Key, now: Double) -> [ShellOutput] {
        handle([key], now: now)
    }

    func handleOne(_ key: Key, now: Double) -> [ShellOutput] {
        // A notice stays until the next key, which still does its work (no rally is lost to a
        // dismissal); the help opened by this key still lists it.
        // Ctrl-L redraws what is there: a notice on screen stays, nothing else changes.
        if key == .ctrl("l") { return [.repaint] }
        seenNotices = notices.texts
        notices.keyPressed()
        if key == .resize { return [] }
        if isTooSmall(size) { return tooSmallKey(key, now: now) }
        var out: [ShellOutput] = []
        let ctx = context(now)
        switch modals.handle(key, context: ctx) {
        case .handled: return []
        case .alert: return ctx.sound.alerts ? [.bell] : []
        case .action(let a): return apply(a, now: now)
        case .none: break
        }
        var me = self
        if current != nil && KeyRoute.of(key, appWantsAllKeys: appWantsAllKeys) == .app {
            keyInHand = key
            defer { keyInHand = nil }
            out += with(current) { $0.handle(key, context: ctx) }
        } else if let result = Shell.keys.dispatch(key, to: &me, context: ctx) {
            out += result
        } else if current == nil {
            switch launcher.handle(key) {
            case .open(let id): open(id, now: now)
            case .cycleTheme: cycleTheme()
            case .none: break
            }
        }
        executor.collectNotices()
        return out
    }

    /// The notices on screen when the last key came (the help shows them in full).
    var seenNotices: [String] = []
    /// Where nothing can be saved: the apps the user chose to go on with unsaved.
    var unsaved: Set<String> = []
    /// The app and key whose change waits for "Go on without saving?".
    var unsavedAsk: (String, Key)?
    /// The key an app is handling (a change it asks for may wait for that question).
    var keyInHand: Key?
    /// The theme as read, before colours and glyphs are applied (for a change of either later).
    var loadedTheme: Theme

    /// The moment the current app next wants a tick; nil when nothing moves.
    public func nextDeadline(now: Double) -> Double? {
        guard let id = current else { return nil }
        return apps[id]?.nextDeadline(context: context(now))
    }

    public func tick(now: Double) -> [ShellOutput] {
        speaker?.reap()  // the loop calls this at every turn
        guard let id = current, let d = apps[id]?.nextDeadline(context: context(now)), d <= now else { return [] }
        let ctx = context(now)
        defer { flush() }
        return with(id) { $0.tick(context: ctx) }
    }

    public var watchedFiles: [String] {
        guard let id = current, let app = apps[id] else { return [] }
        switch keeping[id] {
        case .following: return app.watchedFiles + app.keptFiles + (locks[id].map { [Keeping.lockFile($0)] } ?? [])
        case .readOnly: return app.watchedFiles + app.keptFiles
        case .keeper, nil: return app.watchedFiles
        }
    }

    // MARK: Drawing

    /// The whole screen for a terminal of `size`. Changes nothing: what a key does at this
    /// size was settled by `resize`.
    public func render(size: Size, now: Double) -> Canvas {
        // Made filled with the background, as a fill of a blank canvas would leave it (the
        // window below is told so and does not fill it again).
        var canvas = Canvas(width: size.width, height: size.height, fill: Cell(" ", style: theme[.background]))
        let screen = Rect(size)
        guard !isTooSmall(size) else {
            renderTooSmall(on: &canvas, needed: needed)
            return canvas
        }
        var ctx = context(now)
        ctx.size = appRect(screen).size
        let app = current.flatMap { apps[$0] }
        if let app, !size.contains(appNeeded) {
            // The help or the settings opened on the "enlarge" screen: over the app's empty window.
            let framed = Rect(size)
            ctx.size = Window.contentRect(framed).size
            var window = Window(title: "\(app.title(context: ctx))", bar: hintBar(app: app, context: ctx))
            window.groundLaid = true
            window.render(in: framed, on: &canvas, theme: theme)
            modals.render(in: Window.contentRect(framed), on: &canvas, theme: theme, context: ctx)
            return canvas
        }
        if let app, app.fullScreen {
            // No frame and no bar; the newest notice, if any, on the bottom row until a key.
            app.render(in: screen, on: &canvas, theme: theme, context: ctx)
            if let notice = notices.newest {
                canvas.put(TextLayout.sanitized(notice), in: Rect(x: 0, y: size.height - 1, width: size.width, height: 1),
                           style: theme[.warning], ellipsis: theme.glyphs.ellipsis)
            }
            modals.render(in: screen, on: &canvas, theme: theme, context: ctx)
            return canvas
        }
        let bar = hintBar(app: app, context: ctx)
        let more = notices.notices.count - 1
        let notice = notices.newest.map { fitted($0, width: screen.width, more: more) }
        if let app, let id = current {
            // A command's screen (the desk) has no F-key.
            let key = AppRegistry.index(of: id).map { "  F\($0 + 2)" } ?? ""
            let title = app.title(context: ctx) + key
            var window = Window(title: title, bar: bar, status: status(of: app, id, title: title, width: screen.width, context: ctx),
                                notice: notice, moreNotices: more)
            window.groundLaid = true
            window.render(in: screen, on: &canvas, theme: theme)
            app.render(in: Window.contentRect(screen), on: &canvas, theme: theme, context: ctx)
        } else {
            var window = Window(title: "Termini", bar: bar, status: savesNothing ? Shell.notSavedMark : nil, notice: notice, moreNotices: more)
            window.groundLaid = true
            window.render(in: screen, on: &canvas, theme: theme)
            launcher.render(in: Window.contentRect(screen), on: &canvas, theme: theme,
                            themeName: monochrome ? "\(themeName), colours off" : themeName)
        }
        // Inside the window: the overlay's bottom edge sits above the window's own.
        modals.render(in: Window.contentRect(screen), on: &canvas, theme: theme, context: ctx)
        return canvas
    }

    /// The title bar's status: the app's own, after "read-only" in a copy that does not keep
    /// the app's files, and the court's hall link. The link is the umpire's only sign that the
    /// desk gets the rallies: where the whole does not fit beside `title` on a top edge `width`
    /// wide, the app's own (a call's mark, which the hint bar and the prompt line say too)
    /// gives way to it, and where the link's words do not fit either, its dot stays (`hall ●`).
    func status(of app: any MiniApp, _ id: String, title: String, width: Int, context ctx: AppContext) -> String? {
        // The hall is badminton's and the desk's (its own link): another app's window says nothing of it.
        let hallLink = id == HallService.app || id == DeskCommand.descriptor.id ? hall?.link : nil
        let link = hallLink?.text(unicode: ctx.unicode)
        let readOnly = keeping[id].map { !$0.keeps } == true ? "read-only" : savesNothing ? Shell.notSavedMark : nil
        func joined(_ parts: [String?]) -> String? {
            let all = parts.compactMap { $0 }.filter { !$0.isEmpty }
            return all.isEmpty ? nil : all.joined(separator: " \(ctx.glyphs.middleDot) ")
        }
        let whole = joined([readOnly, app.status(context: ctx), link])
        guard let link, let whole, !Window.statusFits(whole, title: title, width: width) else { return whole }
        let alone = joined([readOnly, link]) ?? link
        guard !Window.statusFits(alone, title: title, width: width), let dot = hallLink?.presence(unicode: ctx.unicode) else { return alone }
        return joined([readOnly, dot])
    }

    /// The key-hint bar: the top modal's keys while one is open (the help's, the settings',
    /// an app's dialog's); else `? Help`, the screen's keys, `Esc Menu` and `q Quit`, ending
    /// with `? more` when not every key fits.
    func hintBar(app: (any MiniApp)?, context ctx: AppContext) -> KeyHintBar {
        if let hints = modals.hints(context: ctx) { return KeyHintBar(hints) }
        if let app, app.wantsAllKeys { return KeyHintBar(app.hints(context: ctx)) }
        // The shell's own entries, from its key table: the launcher names F7 too (the settings
        // are everywhere, the help says so in every app); Esc and q end the bar.
        let everywhere = everywhereHints(ctx)
        let own = app?.hints(context: ctx) ?? launcher.hints(context: ctx) + everywhere.own
        return KeyHintBar(own + everywhere.pinned, pinnedTrailing: everywhere.pinned.count, lead: everywhere.lead,
                          more: KeyHint(everywhere.lead.key, "more"))
    }

    /// The keys the "enlarge the terminal" screen names, as it words them; none acts unseen.
    static let tooSmallKeys = ["Esc launcher", "F\(AppRegistry.functionKeys.lowerBound)-F\(AppRegistry.functionKeys.upperBound) apps",
                               "F7 settings", "? help", "q quit"]

    func renderTooSmall(on canvas: inout Canvas, needed: Size) {
        let size = canvas.size
        var lines = ["Enlarge the terminal", "need \(needed.width)×\(needed.height)", "have \(size.width)×\(size.height)"]
        // The keys that work here, as many to a line as fit, after a blank line when there is room.
        let keys = Shell.tooSmallKeys.filter { current != nil || !$0.hasPrefix("Esc") }
            .map { unicode ? $0.replacing("-", with: "–") : $0 }
        var keyLines: [String] = []
        for k in keys {
            if let last = keyLines.last, DisplayWidth.of(last) + 2 + DisplayWidth.of(k) <= size.width {
                keyLines[keyLines.count - 1] = last + "  " + k
            } else {
                keyLines.append(k)
            }
        }
        if lines.count + keyLines.count < size.height { lines.append("") }
        lines += keyLines
        lines = lines.map { unicode ? $0 : $0.replacing("×", with: "x") }
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < size.height {
            canvas.put(line, in: Rect(x: 0, y: top + i, width: size.width, height: 1), alignment: .center,
                       style: i == 0 ? theme[.warning] : theme[.text], ellipsis: theme.glyphs.ellipsis)
        }
    }
}

