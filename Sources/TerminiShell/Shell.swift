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

/// The launcher, the app windows, switching, help and notices: everything between the
/// terminal and the apps, testable without a terminal. One loop owns it.
public final class Shell {
    public private(set) var theme: Theme
    public private(set) var themeName: String
    public let unicode: Bool
    public let monochrome: Bool
    /// The terminal's colours; themes are mapped to them once (nil: left as written).
    public let depth: ColorDepth?
    public private(set) var quitRequested = false
    /// The app on screen; nil for the launcher.
    public private(set) var current: String?

    let store: any StateStore
    let catalog: ThemeCatalog?
    /// Carries out `.speak`; nil: the apps' speech is not heard.
    let speaker: (any Speaker)?
    var config: ConfigFile
    var apps: [String: any MiniApp] = [:]
    var launcher: Launcher
    var helpScroll: Int?
    var notices: [String] = []
    var pendingOptions: (app: String, options: AppOptions)?
    /// Outputs produced outside a key or a tick (an app's start-up bell), for the loop.
    var pendingOutputs: [ShellOutput] = []
    /// State files to write, the last content per file, flushed before the next frame.
    var pendingWrites: [(file: String, bytes: [UInt8])] = []
    /// Whether the last frame was the "enlarge the terminal" message: keys wait until the
    /// user can see what they do.
    var tooSmall = false
    lazy var reader: AppStateReader = AppStateReader(store: store) { [unowned self] in self.config }

    public init(store: any StateStore, config: ConfigFile, theme: Theme, themeName: String, unicode: Bool,
                monochrome: Bool, catalog: ThemeCatalog?, open app: String?, options: AppOptions = AppOptions(),
                notices: [String] = [], now: Double, depth: ColorDepth? = nil, speaker: (any Speaker)? = nil) {
        self.store = store
        self.speaker = speaker
        self.config = config
        self.unicode = unicode
        self.monochrome = monochrome
        self.catalog = catalog
        self.depth = depth
        self.themeName = themeName
        self.theme = Shell.prepare(theme, unicode: unicode, monochrome: monochrome, depth: depth)
        let last = config.value(PreferenceKey.lastApp).flatMap { AppRegistry.index(of: $0) != nil ? $0 : nil }
        launcher = Launcher(selection: last.flatMap { AppRegistry.index(of: $0) } ?? 0, lastApp: last)
        for n in notices { addNotice(n) }
        if let app {
            pendingOptions = (app, options)
            open(app, now: now)
        }
        collectNotices()
    }

    static func prepare(_ theme: Theme, unicode: Bool, monochrome: Bool, depth: ColorDepth? = nil) -> Theme {
        var t = monochrome ? theme.monochrome : theme
        if let depth, !monochrome { t = t.resolved(for: depth) }
        return t.withGlyphs(unicode ? .unicode : .ascii)
    }

    func context(_ now: Double) -> AppContext { AppContext(now: now, unicode: unicode) }

    // MARK: Apps

    /// Opens (creating on first use) an app and makes it current.
    public func open(_ id: String, now: Double) {
        guard let type = AppRegistry.app(id) else { return }
        if apps[id] == nil {
            var options = AppOptions()
            if let p = pendingOptions, p.app == id {
                options = p.options
                pendingOptions = nil
            }
            var app = type.init(options: options, store: reader, context: context(now))
            let effects = app.start(context: context(now))
            apps[id] = app
            pendingOutputs += perform(effects)
            flushWrites()
        }
        current = id
        launcher.selection = AppRegistry.index(of: id) ?? launcher.selection
        launcher.lastApp = id
        setPreference(PreferenceKey.lastApp, id)
        helpScroll = nil
    }

    /// Runs `body` on the current app and carries out its effects.
    func withCurrent(_ body: (inout any MiniApp) -> [AppEffect]) -> [ShellOutput] {
        guard let id = current, var app = apps[id] else { return [] }
        let effects = body(&app)
        apps[id] = app
        return perform(effects)
    }

    /// Carries out effects in order; writes reach their files before the next frame is drawn.
    func perform(_ effects: [AppEffect]) -> [ShellOutput] {
        var out: [ShellOutput] = []
        for e in effects {
            switch e {
            case let .write(file, bytes):
                // Only the last content of a file within one batch of keys is written.
                pendingWrites.removeAll { $0.file == file }
                pendingWrites.append((file, bytes))
            case let .append(file, bytes):
                flushWrites()  // keep the order of writes and journal appends
                do { try store.append(file, bytes: bytes) } catch { report(error, file) }
            case .bell: out.append(.bell)
            case .notice(let text): addNotice(text)
            case .close:
                current = nil
                helpScroll = nil
            case .quit: quitRequested = true
            case let .setPreference(key, value): setPreference(key, value)
            case .speak(let text): if let notice = speaker?.say(text) { addNotice(notice) }
            }
        }
        collectNotices()
        return out
    }

    /// Writes what the last keys changed. Called before every frame, so nothing reaches the
    /// screen before it is on disk.
    public func flushWrites() {
        let writes = pendingWrites
        pendingWrites.removeAll()
        for w in writes {
            do { try store.write(w.file, bytes: w.bytes) } catch { report(error, w.file) }
        }
        collectNotices()
    }

    /// Outputs waiting for the loop (e.g. the bell an app rang when it opened).
    public func takeOutputs() -> [ShellOutput] {
        defer { pendingOutputs.removeAll() }
        return pendingOutputs
    }

    func report(_ error: any Error, _ file: String) {
        if let e = error as? StoreError, e == .readOnly || e == .nowhere {
            return  // said once already by the store
        }
        addNotice("Could not save \(file): \(error)")
    }

    func addNotice(_ text: String) {
        let t = TextLayout.sanitized(text)
        if !notices.contains(t) { notices.append(t) }
    }

    func collectNotices() {
        for n in store.takeNotices() { addNotice(n) }
    }

    func setPreference(_ key: String, _ value: String) {
        guard config.set(key, value) else { return }
        guard store.canWrite else { return }
        do { try store.write("config", bytes: Array(config.text.utf8)) } catch { report(error, "config") }
    }

    public var preferences: ConfigFile { config }

    // MARK: Keys and time

    /// Handles keys read together (a held key, a paste); what they change is written once,
    /// before the next frame.
    public func handle(_ keys: [Key], now: Double) -> [ShellOutput] {
        var out: [ShellOutput] = []
        for k in keys where !quitRequested { out += handleOne(k, now: now) }
        flushWrites()
        return out
    }

    public func handle(_ key: Key, now: Double) -> [ShellOutput] {
        handle([key], now: now)
    }

    func handleOne(_ key: Key, now: Double) -> [ShellOutput] {
        // A notice stays until the next key, which still does its work (no rally is lost
        // to a dismissal).
        if !notices.isEmpty { notices.removeAll() }
        if key == .ctrl("l") { return [.repaint] }
        if key == .resize { return [] }
        if tooSmall {
            // The screen says "enlarge the terminal": a key here would act unseen.
            if key == .char("q") { quitRequested = true }
            return []
        }
        if let scroll = helpScroll {
            switch key {
            case .up, .char("k"): helpScroll = max(0, scroll - 1)
            case .down, .char("j"): helpScroll = scroll + 1
            case .pageUp: helpScroll = max(0, scroll - 10)
            case .pageDown: helpScroll = scroll + 10
            default: helpScroll = nil
            }
            return []
        }
        if case .function(let n) = key {
            if n == 1 {
                helpScroll = 0
                return []
            }
            if n >= 2, n - 2 < AppRegistry.apps.count {
                open(AppRegistry.apps[n - 2].descriptor.id, now: now)
                collectNotices()
                return []
            }
        }
        guard let id = current, let app = apps[id] else { return handleLauncher(key, now: now) }
        if !app.wantsAllKeys {
            switch key {
            case .char("?"):
                helpScroll = 0
                return []
            case .char("q"):
                quitRequested = true
                return []
            case .escape:
                current = nil
                return []
            default: break
            }
        }
        let ctx = context(now)
        return withCurrent { $0.handle(key, context: ctx) }
    }

    func handleLauncher(_ key: Key, now: Double) -> [ShellOutput] {
        switch key {
        case .char("q"), .char("Q"):
            quitRequested = true
            return []
        case .char("?"):
            helpScroll = 0
            return []
        default: break
        }
        switch launcher.handle(key) {
        case .open(let id): open(id, now: now)
        case .cycleTheme: cycleTheme()
        case .none: break
        }
        collectNotices()
        return []
    }

    func cycleTheme() {
        guard let catalog, !catalog.names.isEmpty else { return }
        let names = catalog.names
        let next = names[((names.firstIndex(of: themeName) ?? -1) + 1) % names.count]
        let (t, messages) = catalog.load(next)
        themeName = next
        theme = Shell.prepare(t, unicode: unicode, monochrome: monochrome, depth: depth)
        for m in messages { addNotice(m) }
        setPreference(PreferenceKey.theme, next)
    }

    /// The moment the current app next wants a tick; nil when nothing moves.
    public var nextDeadline: Double? {
        guard let id = current else { return nil }
        return apps[id]?.nextDeadline
    }

    public func tick(now: Double) -> [ShellOutput] {
        speaker?.reap()  // the loop calls this at every turn
        guard let id = current, let d = apps[id]?.nextDeadline, d <= now else { return [] }
        let ctx = context(now)
        defer { flushWrites() }
        return withCurrent { $0.tick(context: ctx) }
    }

    public var watchedFiles: [String] {
        guard let id = current else { return [] }
        return apps[id]?.watchedFiles ?? []
    }

    public func filesChanged(_ names: Set<String>, now: Double) -> [ShellOutput] {
        guard !Set(watchedFiles).isDisjoint(with: names) else { return [] }
        let ctx = context(now)
        let r = reader
        defer { flushWrites() }
        return withCurrent { $0.filesChanged(store: r, context: ctx) }
    }

    // MARK: Drawing

    /// The whole screen for a terminal of `size`.
    public func render(size: Size, now: Double) -> Canvas {
        var canvas = Canvas(size: size)
        let screen = Rect(size)
        canvas.fill(screen, style: theme[.background])
        let app = current.flatMap { apps[$0] }
        let minimum = app?.minimumSize ?? Launcher.minimumSize
        let needed = Size(width: minimum.width + 2, height: minimum.height + 3)
        guard size.contains(needed) else {
            tooSmall = true
            renderTooSmall(on: &canvas, needed: needed)
            return canvas
        }
        tooSmall = false
        let ctx = context(now)
        if let app, let id = current {
            var hints = app.hints
            var pinned = 0
            if !app.wantsAllKeys {
                hints = [KeyHint("?", "Help")] + hints + [KeyHint("Esc", "Menu"), KeyHint("q", "Quit")]
                pinned = 2
            }
            let index = (AppRegistry.index(of: id) ?? 0) + 2
            Window(title: "\(app.title)  F\(index)", hints: hints, status: app.status, pinnedHints: pinned)
                .render(in: screen, on: &canvas, theme: theme)
            app.render(in: Window.contentRect(screen), on: &canvas, theme: theme, context: ctx)
        } else {
            Window(title: "Termini", hints: Launcher.hints(glyphs: theme.glyphs), pinnedHints: 1).render(in: screen, on: &canvas, theme: theme)
            launcher.render(in: Window.contentRect(screen), on: &canvas, theme: theme,
                            themeName: monochrome ? "\(themeName), colours off" : themeName)
        }
        renderNotices(on: &canvas, in: screen)
        if let scroll = helpScroll {
            let title = current.flatMap { AppRegistry.app($0)?.descriptor.name }.map { "\($0): keys" } ?? "Termini: keys"
            let sections = (app?.help ?? Launcher.help(glyphs: theme.glyphs)) + [Shell.globalHelp]
            // Inside the window: screen.inset(by: 1) still held the window's bottom border row.
            let area = Window.contentRect(screen)
            var overlay = HelpOverlay(title: title, sections: sections, scroll: scroll)
            // Keep the offset where the overlay can still move, so ↑ after many ↓ scrolls at once.
            overlay.scroll = min(scroll, overlay.maxScroll(in: area))
            helpScroll = overlay.scroll
            overlay.render(in: area, on: &canvas, theme: theme)
        }
        return canvas
    }

    static let globalHelp = HelpSection("Everywhere", [
        ("? F1", "this help"),
        ("Esc", "back to the launcher"),
        ("F2-F6", "switch to Badminton, Boxing Time, Memory, Stamp Card, Coffee Shop"),
        ("q", "quit (everything is saved)"),
        ("Ctrl-L", "redraw the screen"),
        ("Ctrl-Z", "suspend (fg resumes)"),
        ("Ctrl-C", "quit"),
    ])

    func renderNotices(on canvas: inout Canvas, in screen: Rect) {
        guard !notices.isEmpty, screen.height >= 4 else { return }
        let width = max(1, screen.width - 4)
        var lines: [String] = []
        for n in notices { lines += TextLayout.wrap("! " + n, width: width) }
        let maxLines = max(1, min(4, screen.height / 3))
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = TextLayout.truncate(lines[maxLines - 1], to: width - 1, ellipsis: theme.glyphs.ellipsis)
        }
        let bottom = screen.maxY - 3  // the last row inside the window's border
        for (i, line) in lines.enumerated() {
            let y = bottom - (lines.count - 1) + i
            let row = Rect(x: screen.x + 1, y: y, width: screen.width - 2, height: 1)
            canvas.fill(row, style: theme[.warning].with(.reverse))
            canvas.put(" " + line, in: row, style: theme[.warning].with(.reverse), ellipsis: theme.glyphs.ellipsis)
        }
    }

    func renderTooSmall(on canvas: inout Canvas, needed: Size) {
        let size = canvas.size
        let lines = ["Enlarge the terminal", "need \(needed.width)×\(needed.height)", "have \(size.width)×\(size.height)"]
            .map { unicode ? $0 : $0.replacing("×", with: "x") }
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < size.height {
            canvas.put(line, in: Rect(x: 0, y: top + i, width: size.width, height: 1), alignment: .center,
                       style: i == 0 ? theme[.warning] : theme[.text], ellipsis: theme.glyphs.ellipsis)
        }
    }
}
