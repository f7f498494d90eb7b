import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiStore

/// The shell's help and settings (F1, F7): opening them, and carrying out what they chose —
/// a theme, colour, ASCII, the sound, an app's own setting.
extension Shell {
    func openHelp(_ now: Double) -> [ShellOutput] {
        let app = current.flatMap { apps[$0] }
        let ctx = context(now)
        let title = current.flatMap { AppRegistry.app($0)?.descriptor.name }.map { "\($0): keys" } ?? "Termini: keys"
        var sections = (app?.help(context: ctx) ?? Launcher.help(glyphs: ctx.glyphs)) + Shell.keys.help(glyphs: ctx.glyphs)
        // A screen of a command (the desk) has no launcher for Esc to go back to.
        if let id = current, AppRegistry.index(of: id) == nil {
            for i in sections.indices { sections[i].entries.removeAll { $0.action == Shell.backToLauncher } }
        }
        if !seenNotices.isEmpty {
            sections.insert(HelpSection("Messages", seenNotices.map { ("!", $0) }), at: 0)
        }
        let ellipsis = ctx.glyphs.ellipsis
        let all = sections
        modals.push(PanelModal<ShellAction>(searchable: true) { ctx in
            HelpSection.panel(title: title, sections: all, areaWidth: ctx.size.width, ellipsis: ellipsis)
        })
        return []
    }

    func openSettings(_ now: Double) -> [ShellOutput] {
        modals.push(SettingsModal(themes: catalog?.names ?? [themeName], theme: themeName, color: !monochrome,
                                  colorAvailable: colorAvailable, ascii: !unicode, unicodeAvailable: unicodeAvailable,
                                  sound: SoundPreference(preferencesBook.value(SoundPreference.key)),
                                  appSettings: AppRegistry.apps.flatMap { type in type.settings(store: reader).map { (type.descriptor.id, $0) } }))
        return []
    }

    /// Carries out what the help or the settings chose.
    func apply(_ action: ShellAction, now: Double) -> [ShellOutput] {
        switch action {
        case .quit: quitRequested = true
        case .theme(let name): loadTheme(name)
        case .color(let on):
            // Without colours started, the choice is kept for the next start.
            if colorAvailable {
                monochrome = !on
                restyle()
            }
            executor.setPreference(PreferenceKey.color, on ? "yes" : "no")
        case .ascii(let on):
            guard unicodeAvailable || on else { return [] }
            unicode = !on
            restyle()
            executor.setPreference(PreferenceKey.ascii, on ? "yes" : "no")
        case .sound(let value):
            executor.setPreference(SoundPreference.key, value)
        case .goOnUnsaved(let app):
            unsaved.insert(app)
            // The key that asked is done now, as if it had not been stopped.
            if let (id, key) = unsavedAsk, id == app, current == id {
                unsavedAsk = nil
                let ctx = context(now)
                return with(id) { $0.handle(key, context: ctx) }
            }
        case let .appSetting(app, key, value):
            executor.setPreference(key, value)
            // The app on hand takes it at once; one not started reads it when it starts.
            if apps[app] != nil {
                let ctx = context(now)
                let effects = apps[app]?.settingChanged(key, to: value, context: ctx) ?? []
                executor.collectNotices()
                return perform(effects)
            }
        }
        executor.collectNotices()
        return []
    }

    func cycleTheme() {
        guard let catalog, !catalog.names.isEmpty else { return }
        let names = catalog.names
        loadTheme(names[((names.firstIndex(of: themeName) ?? -1) + 1) % names.count])
    }

    /// The theme read from the catalog is the one drawn at once, and remembered.
    func loadTheme(_ name: String) {
        guard let catalog else { return }
        let (t, messages) = catalog.load(name)
        themeName = name
        loadedTheme = t
        restyle()
        for m in messages { notices.post(m) }
        executor.setPreference(PreferenceKey.theme, name)
    }

    func restyle() {
        theme = Shell.prepare(loadedTheme, unicode: unicode, monochrome: monochrome, depth: depth)
    }
}
