import TerminiCore
import TerminiWidgets
import TerminiApp

/// The first screen: the five apps, one line each, chosen with ↑/↓ and Enter or 1–5.
struct Launcher {
    var selection: Int
    var lastApp: String?

    init(selection: Int = 0, lastApp: String? = nil) {
        self.selection = selection
        self.lastApp = lastApp
    }

    enum Action: Equatable, Sendable {
        case open(String)
        case cycleTheme
        case none
    }

    /// The launcher's keys, declared once: they dispatch, and make its hints, its help and the
    /// manual's list.
    static let keys = KeyTable<Launcher, Action>("Launcher", [
        Binding([.up, .char("k")], helpKeys: [.up, .down, .char("k"), .char("j")], hint: .init("Move", keys: [.up, .down]),
                "move between apps") { l, _, _ in
            l.move(-1)
        },
        Binding([.down, .char("j"), .tab], nil) { l, _, _ in l.move(1) },
        Binding([.backTab], nil) { l, _, _ in l.move(-1) },
        Binding([.home], nil) { l, _, _ in
            l.selection = 0
            return .none
        },
        Binding([.end], nil) { l, _, _ in
            l.selection = AppRegistry.apps.count - 1
            return .none
        },
        Binding([.enter, .char(" "), .right], hint: .init("Open", keys: [.enter]), "open the app") { l, _, _ in
            .open(AppRegistry.apps[l.selection].descriptor.id)
        },
        Binding(KeyNames.digits(1...AppRegistry.apps.count), hint: .init("App"), "open app 1 to 5 directly") { l, key, _ in
            guard let d = key.digit else { return .none }
            l.selection = d - 1
            return .open(AppRegistry.apps[d - 1].descriptor.id)
        },
        Binding([.char("t"), .char("T")], helpKeys: [.char("t")], hint: .init("Theme", keys: [.char("t")]),
                "next theme (remembered; F7 has every setting)") { _, _, _ in .cycleTheme },
    ])

    mutating func move(_ step: Int) -> Action {
        let count = AppRegistry.apps.count
        selection = (selection + count + step) % count
        return .none
    }

    mutating func handle(_ key: Key) -> Action {
        Launcher.keys.dispatch(key, to: &self, context: AppContext(now: 0)) ?? .none
    }

    func hints(context: AppContext) -> [KeyHint] { Launcher.keys.hints(for: self, context: context) }

    static func help(glyphs: Glyphs) -> [HelpSection] { keys.help(glyphs: glyphs) }

    static let minimumSize = Size(width: 24, height: 5)

    /// The page, centred in the window above the theme line: the logo when there is room for
    /// it and the list (taller on a tall window), a line under it, the apps (a blank row
    /// between them when the window has thirty rows or more).
    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, themeName: String) {
        let apps = AppRegistry.apps
        let pitch = rect.height >= 30 ? 2 : 1
        let listHeight = apps.count * pitch - (pitch - 1)
        // The rows the page may use: the window less its theme line and a blank above it.
        let room = rect.height >= listHeight + 3 ? rect.height - 2 : rect.height
        let titleSpace = room - listHeight - 3
        var top = rect.y
        if titleSpace >= 5,
           let v = BigText.fit("TERMINI", in: Size(width: rect.width - 2, height: min(titleSpace, rect.height >= 36 ? 14 : 7))) {
            let h = BigText.measure("TERMINI", v).height
            let page = h + 2 + listHeight + 1
            top = rect.y + max(0, (room - page) / 2)
            let ink = BigText.ink("TERMINI", v)
            let x = rect.x + (rect.width - ink.count) / 2 - ink.lowerBound
            BigText("TERMINI", role: .accent, alignment: .left, variant: v)
                .render(in: Rect(x: x, y: top, width: rect.maxX - x, height: h), on: &canvas, theme: theme)
            canvas.put("five small everyday apps", in: Rect(x: rect.x, y: top + h + 1, width: rect.width, height: 1), alignment: .center,
                       style: theme[.muted], ellipsis: theme.glyphs.ellipsis)
            top += h + 3
        } else if rect.height > listHeight {
            canvas.put("Termini", in: rect.row(0), alignment: .center, style: theme[.title], ellipsis: theme.glyphs.ellipsis)
            top = rect.y + (rect.height > listHeight + 1 ? 2 : 1)
        }
        // else: at the minimum height every row goes to the apps (the window title names Termini).
        let nameWidth = apps.map { DisplayWidth.of($0.descriptor.name) }.max() ?? 10
        let rowWidth = min(rect.width - 2, 72)
        let x = rect.x + max(1, (rect.width - rowWidth) / 2)
        for (i, app) in apps.enumerated() {
            let y = top + i * pitch
            guard y < rect.maxY else { break }
            let d = app.descriptor
            let row = Rect(x: x, y: y, width: rowWidth, height: 1)
            let selected = i == selection
            let base = selected ? theme[.focus] : theme[.text]
            if selected { canvas.fill(row, style: base) }
            var cx = canvas.put(selected ? "\(theme.glyphs.pointer) " : "  ", x: row.x, y: y, style: base, clip: row)
            cx = canvas.put("\(i + 1)  ", x: cx, y: y, style: selected ? base : theme[.accent], clip: row)
            cx = canvas.put(TextLayout.pad(d.name, to: nameWidth + 2), x: cx, y: y, style: selected ? base : theme[.text].with(.bold), clip: row)
            let fkey = " F\(i + 2)"
            // Room after the name for the summary and the "last used" mark, the F-key kept
            // right. The mark shows only beside a whole summary: it never squeezes the text.
            let room = row.maxX - cx - DisplayWidth.of(fkey)
            let mark = d.id == lastApp ? " \(theme.glyphs.middleDot) last used" : ""
            let last = DisplayWidth.of(d.summary) + DisplayWidth.of(mark) <= room ? mark : ""
            let summaryRoom = max(0, room - DisplayWidth.of(last))
            // A summary cut to a letter or two (or a lone ellipsis) says nothing: leave it out.
            if summaryRoom >= 6 {
                cx = canvas.put(TextLayout.truncate(d.summary, to: summaryRoom, ellipsis: theme.glyphs.ellipsis), x: cx, y: y, style: selected ? base : theme[.muted], clip: row)
            }
            if !last.isEmpty { canvas.put(last, x: cx, y: y, style: selected ? base : theme[.muted], clip: row) }
            if room >= 0 {
                canvas.put(fkey, x: row.maxX - DisplayWidth.of(fkey), y: y, style: selected ? base : theme[.muted], clip: row)
            }
        }
        let footerY = top + listHeight + 1
        if footerY < rect.maxY {
            canvas.put("theme: \(themeName)  \(theme.glyphs.middleDot)  t changes it", in: Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1),
                       alignment: .center, style: theme[.muted], ellipsis: theme.glyphs.ellipsis)
        }
    }
}
