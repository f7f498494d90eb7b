import TerminiCore
import TerminiWidgets
import TerminiApp

/// The settings (F7, from every screen): the theme, colour, ASCII and sound, the keys of the
/// `config` file that are Termini's own, then the apps' own (badminton's language of the
/// calls). Each change shows at once and is saved through the preference path every other
/// setting takes.
struct SettingsModal: Modal {
    enum Row: Int, CaseIterable { case theme, color, ascii, sound }

    var themes: [String]
    var theme: String
    var color: Bool
    let colorAvailable: Bool
    var ascii: Bool
    let unicodeAvailable: Bool
    var sound: SoundPreference
    /// The apps' rows after Termini's own, each with its app's id.
    var appSettings: [(app: String, setting: AppSetting)]
    var focus: FocusRing

    init(themes: [String], theme: String, color: Bool, colorAvailable: Bool, ascii: Bool, unicodeAvailable: Bool, sound: SoundPreference,
         appSettings: [(app: String, setting: AppSetting)] = []) {
        self.appSettings = appSettings
        focus = FocusRing(count: Row.allCases.count + appSettings.count)
        self.themes = themes.isEmpty ? [theme] : themes
        self.theme = theme
        self.color = color
        self.colorAvailable = colorAvailable
        self.ascii = ascii || !unicodeAvailable
        self.unicodeAvailable = unicodeAvailable
        self.sound = sound
    }

    var row: Row? { Row(rawValue: focus.current) }
    /// The app's row in focus, as an index into `appSettings`.
    var appRow: Int? { focus.current >= Row.allCases.count ? focus.current - Row.allCases.count : nil }
    var rowCount: Int { Row.allCases.count + appSettings.count }

    /// Sound in the order ←/→ step through it.
    static let soundValues = ["yes", "alerts", "no"]

    static let keys = KeyTable<SettingsModal, ModalStep<ShellAction>>("Settings (F7)", [
        Binding([.up, .backTab], helpKeys: [.up, .down, .tab, .backTab], hint: .init("Setting", keys: [.up, .down]),
                "move between the settings") { m, _, _ in
            m.focus.previous()
            return .stay
        },
        Binding([.down, .tab], nil) { m, _, _ in
            m.focus.next()
            return .stay
        },
        Binding([.left], helpKeys: [.left, .right, .char(" ")], hint: .init("Change", keys: [.left, .right]),
                "change it: shown at once, saved in config") { m, _, _ in m.change(-1) },
        Binding([.right, .char(" ")], nil) { m, _, _ in m.change(1) },
        Binding([.enter], helpKeys: [.enter, .escape], hint: .init("Done"), "close the settings") { _, _, _ in .close },
    ])

    mutating func change(_ step: Int) -> ModalStep<ShellAction> {
        guard let row else {
            guard let i = appRow, appSettings.indices.contains(i) else { return .stay }
            let s = appSettings[i].setting
            appSettings[i].setting.value = s.stepped(step)
            return .send(.appSetting(app: appSettings[i].app, key: s.key, value: appSettings[i].setting.value))
        }
        switch row {
        case .theme:
            let i = themes.firstIndex(of: theme) ?? 0
            theme = themes[(i + step + themes.count) % themes.count]
            return .send(.theme(theme))
        case .color:
            color.toggle()
            return .send(.color(color))
        case .ascii:
            guard unicodeAvailable else { return .alert }
            ascii.toggle()
            return .send(.ascii(ascii))
        case .sound:
            let values = SettingsModal.soundValues
            let now = sound.setting.map { $0 ? "yes" : "no" } ?? "alerts"
            let next = values[((values.firstIndex(of: now) ?? 1) + step + values.count) % values.count]
            sound = SoundPreference(next)
            return .send(.sound(next))
        }
    }

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<ShellAction> {
        SettingsModal.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] {
        SettingsModal.keys.hints(for: self, context: context) + [KeyHint("Esc", "Close")]
    }

    /// Each row's value in words, and why it cannot change when it cannot.
    func value(_ r: Row) -> (text: String, note: String?) {
        switch r {
        case .theme: return (theme, nil)
        case .color: return (color ? "on" : "off", colorAvailable ? nil : "from the next start")
        case .ascii: return (ascii ? "on" : "off", unicodeAvailable ? nil : "the locale is not UTF-8")
        case .sound:
            switch sound.setting {
            case true?: return ("on: game sounds and alerts", nil)
            case false?: return ("off: never a bell", nil)
            case nil: return ("alerts only", nil)
            }
        }
    }

    static let labels: [Row: String] = [.theme: "Theme", .color: "Colour", .ascii: "ASCII only", .sound: "Sound"]

    func render(in rect: Rect, on canvas: inout Canvas, theme t: Theme, context: AppContext) {
        let g = t.glyphs
        let box = rect.centered(Size(width: min(rect.width, 60), height: min(rect.height, rowCount + 6)))
        guard box.width >= 20, box.height >= 4 else { return }
        canvas.fill(box, style: t[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: t[.dialogBorder], title: "Settings", titleStyle: t[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        for i in 0..<rowCount where 1 + i < inner.height {
            let r = Row(rawValue: i)
            let y = inner.y + 1 + i
            let focused = focus.current == i
            let row = Rect(x: inner.x, y: y, width: inner.width, height: 1)
            let app = r == nil ? appSettings[i - Row.allCases.count].setting : nil
            let label = (focused ? "\(g.pointer) " : "  ") + (r.flatMap { SettingsModal.labels[$0] } ?? app?.label ?? "")
            canvas.put(label, in: Rect(x: row.x, y: y, width: 14, height: 1), style: focused ? t[.accent] : t[.text], ellipsis: g.ellipsis)
            let (text, note) = r.map(value) ?? (app.map { TextLayout.sanitized($0.words) } ?? "", nil)
            let fixed = r == .ascii && !unicodeAvailable
            let shown = focused && !fixed ? "\(g.pointerLeft) \(text) \(g.pointer)" : "  \(text)  "
            let style: Style = fixed ? t[.disabled] : focused ? t[.focus] : t[.selected]
            let x = canvas.put(shown, x: row.x + 14, y: y, style: style, clip: row)
            if let note { canvas.put(" (\(note))", x: x, y: y, style: t[.muted], clip: row) }
        }
        if inner.height >= rowCount + 3 {
            canvas.put("Each change is saved in config at once.", in: inner.row(inner.height - 1), alignment: .center,
                       style: t[.muted], ellipsis: g.ellipsis)
        }
    }
}
