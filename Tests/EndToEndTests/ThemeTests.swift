#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The colours and attributes a terminal was sent, read back from `capture-pane -e`.
struct ScreenColours: CustomStringConvertible {
    var foregrounds: Set<Int> = []
    var backgrounds: Set<Int> = []
    /// SGR attribute numbers seen: 1 bold, 2 dim, 3 italic, 4 underline, 7 reverse.
    var attributes: Set<Int> = []
    var truecolor = false

    init(_ raw: String) {
        var rest = Substring(raw)
        while let start = rest.range(of: "\u{1b}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            let params = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            let isSGR = rest[end] == "m"
            rest = rest[rest.index(after: end)...]
            guard isSGR else { continue }
            var i = 0
            while i < params.count {
                let p = params[i]
                switch p {
                case 30...37: foregrounds.insert(p - 30)
                case 90...97: foregrounds.insert(p - 90 + 8)
                case 40...47: backgrounds.insert(p - 40)
                case 100...107: backgrounds.insert(p - 100 + 8)
                case 38, 48:
                    if i + 2 < params.count, params[i + 1] == 5 {
                        if p == 38 { foregrounds.insert(params[i + 2]) } else { backgrounds.insert(params[i + 2]) }
                        i += 2
                    } else if i + 1 < params.count, params[i + 1] == 2 {
                        truecolor = true
                        i += 4
                    }
                case 1, 2, 3, 4, 5, 7: attributes.insert(p)
                default: break
                }
                i += 1
            }
        }
    }

    var colours: Set<Int> { foregrounds.union(backgrounds) }
    var hasColour: Bool { !colours.isEmpty || truecolor }
    var description: String { "fg \(foregrounds.sorted()) bg \(backgrounds.sorted()) attrs \(attributes.sorted())" }

    /// xterm's RGB for a palette index.
    static func rgb(_ i: Int) -> (Int, Int, Int) {
        let ansi = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        let levels = [0, 95, 135, 175, 215, 255]
        if i < 16 { return ansi[max(0, i)] }
        if i < 232 { return (levels[(i - 16) / 36], levels[((i - 16) / 6) % 6], levels[(i - 16) % 6]) }
        let v = 8 + 10 * (i - 232)
        return (v, v, v)
    }
}

/// The screen cell by cell with the look each cell was drawn in, read from `capture-pane -e`:
/// a cell's look is the SGR state in force where it stands (colours and attributes), so two
/// cells look alike exactly when their looks are equal.
struct StyledCells {
    struct Look: Hashable, CustomStringConvertible {
        var fg: String = "default", bg: String = "default"
        var attributes: Set<Int> = []
        var description: String { "fg \(fg) bg \(bg) attrs \(attributes.sorted())" }
    }
    var rows: [[(character: Character, look: Look)]] = []

    init(_ raw: String) {
        var look = Look()
        for line in raw.split(separator: "\n", omittingEmptySubsequences: false) {
            var row: [(Character, Look)] = []
            var rest = Substring(line)
            while let c = rest.first {
                if c == "\u{1b}", rest.dropFirst().first == "[" {
                    let body = rest.dropFirst(2)
                    guard let end = body.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
                    if body[end] == "m" { look = StyledCells.apply(body[..<end], to: look) }
                    rest = body[body.index(after: end)...]
                    continue
                }
                row.append((c, look))
                rest = rest.dropFirst()
            }
            rows.append(row)
        }
    }

    static func apply(_ params: Substring, to old: Look) -> Look {
        var look = old
        let p = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var i = 0
        while i < p.count {
            switch p[i] {
            case 0: look = Look()
            case 1, 2, 3, 4, 5, 7: look.attributes.insert(p[i])
            case 22: look.attributes.subtract([1, 2])
            case 23: look.attributes.remove(3)
            case 24: look.attributes.remove(4)
            case 25: look.attributes.remove(5)
            case 27: look.attributes.remove(7)
            case 30...37, 90...97: look.fg = "\(p[i] >= 90 ? p[i] - 90 + 8 : p[i] - 30)"
            case 39: look.fg = "default"
            case 40...47, 100...107: look.bg = "\(p[i] >= 100 ? p[i] - 100 + 8 : p[i] - 40)"
            case 49: look.bg = "default"
            case 38, 48:
                let foreground = p[i] == 38
                var value = "?"
                if i + 2 < p.count, p[i + 1] == 5 {
                    value = "\(p[i + 2])"
                    i += 2
                } else if i + 4 < p.count, p[i + 1] == 2 {
                    value = "#\(p[i + 2]),\(p[i + 3]),\(p[i + 4])"
                    i += 4
                }
                if foreground { look.fg = value } else { look.bg = value }
            default: break
            }
            i += 1
        }
        return look
    }

    /// The looks of the cells holding `character`, in reading order.
    func looks(of character: Character) -> [Look] {
        rows.flatMap { $0.filter { $0.character == character }.map(\.look) }
    }
}

/// Starts termini in tmux and returns the session once `marker` is on screen.
func started(_ arguments: [String], environment: [String: String] = [:], configDir: String? = nil, marker: String = "t changes it",
             width: Int = 80, height: Int = 24) throws -> TmuxSession {
    let t = try TmuxSession(width: width, height: height, arguments: arguments, environment: environment, configDir: configDir)
    _ = t.waitFor(marker)
    // One more moment: the first frame is complete before it is read.
    usleep(100_000)
    return t
}

/// A terminfo directory with xterm-16color, for systems without ncurses-term: the same
/// entry ncurses ships (bright colours as SGR 90-97 and 100-107). Nil when the system has it;
/// the caller removes the directory.
func makeTerminfo16() -> String? {
    if FileManager.default.fileExists(atPath: "/usr/share/terminfo/x/xterm-16color")
        || FileManager.default.fileExists(atPath: "/lib/terminfo/x/xterm-16color") { return nil }
    let dir = TmuxSession.makeTempDir("termini-terminfo")
    let source = dir + "/xterm-16color.src"
    let entry = """
    xterm-16color|xterm with 16 colors,
    \tcolors#16, pairs#256,
    \tsetab=\\E[%?%p1%{8}%<%t%p1%{40}%+%e%p1%{92}%+%;%dm,
    \tsetaf=\\E[%?%p1%{8}%<%t%p1%{30}%+%e%p1%{82}%+%;%dm,
    \tuse=xterm,

    """
    _ = FileManager.default.createFile(atPath: source, contents: Data(entry.utf8))
    _ = try? Subprocess.run(["tic", "-o", dir, source], captureOutput: false)
    return dir
}

@Suite struct ThemeOnScreenTests {
    static let themes = ["default", "light", "high-contrast", "court", "solarized-dark", "mono"]

    /// Each theme's distinctive colours in the launcher on a 256-colour terminal, as the
    /// palette mapping gives them (see PaletteTests for the mapping itself).
    static let expected: [String: (fg: Set<Int>, bg: Set<Int>)] = [
        "default": ([178, 245, 244, 0], [6]),                 // gold #d7af00, greys, black on cyan keys
        "light": ([94, 24, 242, 245, 231], [24]),              // brown, blue title, white on blue keys
        "high-contrast": ([15, 11, 16], [0, 11, 15]),          // white and yellow on black, #000000 on yellow
        "court": ([255, 221, 22, 151], [22, 221, 231]),        // white and gold on court green (22)
        "solarized-dark": ([246, 136, 235], [235, 32, 37]),    // base0 and yellow on base03, blue focus
        "mono": ([], []),
    ]

    @Test(.tmux, arguments: themes)
    func eachThemeInTheLauncher(theme: String) throws {
        let t = try started(["--theme", theme], environment: ["TERM": "xterm-256color"])
        #expect(t.screen.contains("theme: \(theme)"), "\(t.screen)")
        let c = ScreenColours(t.captureWithAttributes())
        let want = ThemeOnScreenTests.expected[theme] ?? ([], [])
        #expect(want.fg.isSubset(of: c.foregrounds), "\(theme): \(c)")
        #expect(want.bg.isSubset(of: c.backgrounds), "\(theme): \(c)")
        #expect(!c.truecolor)
        // The selected row is visible without colour: bold and reverse (mono) or a colour.
        #expect(c.attributes.contains(1), "\(theme): bold")
        switch theme {
        case "mono":
            #expect(!c.hasColour, "mono sent colours: \(c)")
            #expect(c.attributes.isSuperset(of: [1, 2, 7]), "\(c)")
        case "high-contrast":
            // No subtle greys: every colour is black, white or strong.
            for i in c.colours {
                let (r, g, b) = ScreenColours.rgb(i)
                #expect(max(r, g, b) - min(r, g, b) >= 128 || max(r, g, b) <= 16 || min(r, g, b) >= 240, "colour \(i) is a grey")
            }
            #expect(!c.attributes.contains(2), "dim text")
        default:
            #expect(c.hasColour)
        }
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    static let apps: [(id: String, args: [String], marker: String)] = [
        ("badminton", ["--new", "--names", "Ann,Bob"], "Games won"),
        ("boxing", [], "Punches"),
        ("memory", ["--seed", "7"], "Pairs"),
        ("stamps", [], "STAMP CARD"),
        ("coffee", [], "Order"),
    ]

    /// Every theme in every app: drawn whole, in colour (or not, for mono), with the theme's
    /// own background where it paints one, and with the two badminton sides apart.
    @Test(.tmux, arguments: themes, 0..<5)
    func everyThemeInEveryApp(theme: String, app: Int) throws {
        let a = ThemeOnScreenTests.apps[app]
        let t = try started([a.id] + a.args + ["--theme", theme], environment: ["TERM": "xterm-256color"], marker: a.marker)
        let screen = t.screen
        #expect(screen.contains(a.marker), "\(theme) \(a.id):\n\(screen)")
        #expect(screen.contains("F\(app + 2) "), "\(theme) \(a.id): the title")
        #expect(!screen.contains("└ ! "), "\(theme) \(a.id): a notice\n\(screen)")
        let c = ScreenColours(t.captureWithAttributes())
        if theme == "mono" {
            #expect(!c.hasColour, "\(a.id): \(c)")
        } else {
            #expect(c.hasColour, "\(a.id)")
        }
        let ground: [String: Int] = ["high-contrast": 0, "court": 22, "solarized-dark": 235]
        if let g = ground[theme] { #expect(c.backgrounds.contains(g), "\(theme) \(a.id): \(c)") }
        if a.id == "badminton" && theme != "mono" {
            // The name bars: each side's colour as a background (reverse video).
            let teams: [String: (Int, Int)] = ["default": (160, 33), "light": (124, 26), "high-contrast": (196, 45),
                                               "court": (203, 153), "solarized-dark": (160, 32)]
            if let (one, two) = teams[theme] {
                #expect(c.foregrounds.isSuperset(of: [one, two]), "\(theme): \(c)")
            }
        }
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    /// Issue 25, item 8: `light` kept the terminal's background, so on a dark terminal it
    /// drew dark blue and brown on black. It paints its own light ground now: at 80x24 and
    /// 200x60, in every app, no cell is left on the terminal's default background, and the
    /// new-match dialog's focused field is not the terminal's colours reversed.
    @Test(.tmux, arguments: [(80, 24), (200, 60)], 0..<5)
    func lightPaintsItsOwnBackground(size: (Int, Int), app: Int) throws {
        let a = ThemeOnScreenTests.apps[app]
        let t = try started([a.id] + a.args + ["--theme", "light"], environment: ["TERM": "xterm-256color"], marker: a.marker,
                            width: size.0, height: size.1)
        if a.id == "badminton" {
            t.send("n")
            #expect(t.wait { $0.contains("New match?") || $0.contains("Left side") }.ok, "\(t.screen)")
            if t.screen.contains("New match?") { t.send("y") }
            #expect(t.waitFor("Left side"), "\(t.screen)")
        }
        let cells = StyledCells(t.captureWithAttributes())
        var bare = 0, first = ""
        for (y, row) in cells.rows.enumerated() {
            // Reverse video with the terminal's own foreground is the terminal's ground too.
            for (x, cell) in row.enumerated()
            where cell.look.bg == "default" || (cell.look.fg == "default" && cell.look.attributes.contains(7)) {
                if bare == 0 { first = "row \(y) column \(x) '\(cell.character)'" }
                bare += 1
            }
        }
        #expect(bare == 0, "\(a.id) \(size.0)x\(size.1): \(bare) cells on the terminal's background, first at \(first)")
        if a.id == "badminton" { t.send("Escape") }
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test(.tmux, arguments: themes)
    func noColorOverridesEveryTheme(theme: String) throws {
        let t = try started(["--theme", theme], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        let c = ScreenColours(t.captureWithAttributes())
        #expect(!c.hasColour, "\(theme) with NO_COLOR: \(c)")
        #expect(c.attributes.isSuperset(of: [1, 7]), "\(theme): the selection still shows: \(c)")
        t.send("q")
    }

    @Test(.tmux) func colorAndNoColorOnTheCommandLine() throws {
        let off = try started(["--theme", "court", "--no-color"], environment: ["TERM": "xterm-256color"])
        #expect(!ScreenColours(off.captureWithAttributes()).hasColour)
        off.send("q")
        // --color wins over NO_COLOR.
        let on = try started(["--theme", "court", "--color"], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(ScreenColours(on.captureWithAttributes()).backgrounds.contains(22))
        on.send("q")
    }
}

/// What the terminal actually gets at 8, 16 and 256 colours.
@Suite struct ColourDepthOnScreenTests {
    func colours(theme: String, term: String) throws -> ScreenColours {
        var env = ["TERM": term]
        let terminfo = term == "xterm-16color" ? makeTerminfo16() : nil
        defer { if let terminfo { try? FileManager.default.removeItem(atPath: terminfo) } }
        if let terminfo { env["TERMINFO"] = terminfo }
        let t = try started(["--theme", theme], environment: env)
        defer { t.send("q") }
        #expect(t.screen.contains("theme: \(theme)"), "\(term):\n\(t.screen)")
        return ScreenColours(t.captureWithAttributes())
    }

    @Test(.tmux, arguments: ["default", "court", "high-contrast", "solarized-dark", "light"])
    func eightSixteenAndTwoFiftySix(theme: String) throws {
        let c8 = try colours(theme: theme, term: "xterm")
        #expect(c8.hasColour)
        #expect(c8.colours.allSatisfy { $0 < 8 }, "xterm has 8 colours: \(c8)")
        let c16 = try colours(theme: theme, term: "xterm-16color")
        #expect(c16.hasColour)
        #expect(c16.colours.allSatisfy { $0 < 16 }, "xterm-16color: \(c16)")
        let c256 = try colours(theme: theme, term: "xterm-256color")
        #expect(c256.colours.contains { $0 >= 16 } || theme == "high-contrast", "xterm-256color: \(c256)")
        #expect(!c8.truecolor && !c16.truecolor && !c256.truecolor)
    }

    @Test(.tmux) func theDefaultGoldAtEachDepth() throws {
        // #d7af00: yellow on 8 and 16 colours, 178 on 256; the grey border stays grey.
        let c8 = try colours(theme: "default", term: "xterm")
        #expect(c8.foregrounds.contains(3) && c8.foregrounds.contains(7), "\(c8)")
        let c16 = try colours(theme: "default", term: "xterm-16color")
        #expect(c16.foregrounds.contains(3) && c16.foregrounds.contains(8), "\(c16)")
        let c256 = try colours(theme: "default", term: "xterm-256color")
        #expect(c256.foregrounds.contains(178), "\(c256)")
        // high-contrast's bright colours: 90s on 16 colours, their plain forms on 8.
        let h16 = try colours(theme: "high-contrast", term: "xterm-16color")
        #expect(h16.foregrounds.contains(15) && h16.backgrounds.contains(11), "\(h16)")
        let h8 = try colours(theme: "high-contrast", term: "xterm")
        #expect(h8.foregrounds.contains(7) && h8.backgrounds.contains(3), "\(h8)")
    }
}

/// Theme files as a user meets them: lookup, mistakes, `t`, and what is remembered.
@Suite(.serialized) struct ThemeFileEndToEndTests {
    static func write(_ text: String, to path: String) {
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test(.tmux) func aBadThemeFileIsReportedAndTerminiStillStarts() throws {
        let dir = TmuxSession.makeTempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ThemeFileEndToEndTests.write("""
        # a theme with mistakes
        accent = #ff0000 bold
        sparkle = blue
        title = blurple

        """, to: dir + "/themes/oops.theme")
        let t = try started(["--theme", "oops"], environment: ["TERM": "xterm-256color"], configDir: dir, marker: "oops.theme: line 4",
                            width: 120, height: 30)
        let (ok, screen) = t.wait { $0.contains("oops.theme: line 4") && $0.contains("Coffee Shop") }
        #expect(ok, "\(screen)")
        #expect(screen.contains("+1 more (?)"), "the notice line says a second message waits\n\(screen)")
        // The file, the line and what is wrong; the unknown role as a warning: whole in the help.
        t.send("?")
        let (opened, help) = t.wait { $0.contains("Messages") && $0.contains("blurple") }
        #expect(opened, "\(help)")
        let flat = squeezedLines(help)
        #expect(flat.contains("\(dir)/themes/oops.theme: line 3: unknown role 'sparkle' (ignored)"), "\(help)")
        #expect(flat.contains("oops.theme: line 4: title: 'blurple' is not a colour or an attribute"), "\(help)")
        // accent from the file (red, 196); title, missing from it, from the default (gold, 178).
        let c = ScreenColours(t.captureWithAttributes())
        #expect(c.foregrounds.isSuperset(of: [196, 178]), "\(c)")
        // The key that opened the help dismissed the notices; the next closes the help.
        t.send("x")
        #expect(t.wait { !$0.contains("Messages") }.ok, "\(t.screen)")
        t.send("Down")
        #expect(t.wait { !$0.contains("oops.theme") && $0.contains("▸ 2  Boxing Time") && $0.contains("theme: oops") }.ok, "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test(.tmux) func tCyclesLiveAndTheChoiceIsRemembered() throws {
        let dir = TmuxSession.makeTempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/config"
        let mine = "# my settings\ntheme = default   # what I like\n\nsound = yes\n"
        ThemeFileEndToEndTests.write(mine, to: config)
        let t = try started([], environment: ["TERM": "xterm-256color"], configDir: dir)
        #expect(t.screen.contains("theme: default"))
        #expect(!ScreenColours(t.captureWithAttributes()).backgrounds.contains(22))
        t.send("t")
        #expect(t.waitFor("theme: court"), "\(t.screen)")
        // Drawn at once in the new colours, saved at once with the comments kept.
        #expect(t.wait(timeout: 5) { _ in ScreenColours(t.captureWithAttributes()).backgrounds.contains(22) }.ok)
        #expect(ThemeFileEndToEndTests.read(config) == "# my settings\ntheme = court # what I like\n\nsound = yes\n")
        t.send("t")
        #expect(t.waitFor("theme: high-contrast"))
        #expect(t.wait(timeout: 5) { _ in ScreenColours(t.captureWithAttributes()).backgrounds.contains(11) }.ok)
        t.send("q")
        #expect(t.exitStatus() == 0)
        #expect(ThemeFileEndToEndTests.read(config) == "# my settings\ntheme = high-contrast # what I like\n\nsound = yes\n")

        // The next start uses it; --theme overrides it for one run without touching config.
        let again = try started([], environment: ["TERM": "xterm-256color"], configDir: dir)
        #expect(again.screen.contains("theme: high-contrast"), "\(again.screen)")
        again.send("q")
        _ = again.exitStatus()
        let once = try started(["--theme", "light"], environment: ["TERM": "xterm-256color"], configDir: dir)
        #expect(once.screen.contains("theme: light"))
        #expect(ScreenColours(once.captureWithAttributes()).foregrounds.contains(94))
        once.send("q")
        _ = once.exitStatus()
        #expect(ThemeFileEndToEndTests.read(config) == "# my settings\ntheme = high-contrast # what I like\n\nsound = yes\n")
    }

    @Test(.tmux) func theConfigFileSetsTheLookAndTheCommandLineWins() throws {
        let dir = TmuxSession.makeTempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ThemeFileEndToEndTests.write("theme = court\ncolor = no\nascii = yes\n", to: dir + "/config")
        let fromConfig = try started([], environment: ["TERM": "xterm-256color"], configDir: dir)
        let s = fromConfig.screen
        #expect(s.contains("theme: court") && s.contains("+- Termini "), "\(s)")
        #expect(!ScreenColours(fromConfig.captureWithAttributes()).hasColour)
        fromConfig.send("q")
        _ = fromConfig.exitStatus()
        // --color beats color = no; --theme beats theme = court.
        let fromLine = try started(["--color", "--theme", "solarized-dark"], environment: ["TERM": "xterm-256color"], configDir: dir)
        #expect(fromLine.screen.contains("theme: solarized-dark"))
        #expect(ScreenColours(fromLine.captureWithAttributes()).backgrounds.contains(235))
        fromLine.send("q")
        _ = fromLine.exitStatus()
        // NO_COLOR beats color = yes in config.
        ThemeFileEndToEndTests.write("theme = court\ncolor = yes\n", to: dir + "/config")
        let env = try started([], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], configDir: dir)
        #expect(env.screen.contains("theme: court"))
        #expect(!ScreenColours(env.captureWithAttributes()).hasColour)
        env.send("q")
    }

    @Test(.tmux) func aUserThemeWinsAndListThemesSaysWhereEachIsFrom() throws {
        let dir = TmuxSession.makeTempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        ThemeFileEndToEndTests.write("background = on #870000\n", to: dir + "/themes/court.theme")
        ThemeFileEndToEndTests.write("accent = #00ff00\n", to: dir + "/themes/club.theme")
        let list = try Subprocess.run([TmuxSession.binary, "--list-themes", "--config-dir", dir])
        #expect(list.status == 0)
        let rows = list.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let origin = Dictionary(rows.map { ($0[0], $0.dropFirst().prefix { !$0.hasPrefix("/") }.joined(separator: " ")) }, uniquingKeysWith: { a, _ in a })
        #expect(rows.first?.first == "default")
        #expect(origin["court"] == "user" && origin["club"] == "user", "\(list.output)")
        for name in ["default", "high-contrast", "light", "mono", "solarized-dark"] {
            #expect(origin[name] == "source tree", "\(name): \(list.output)")
        }
        #expect(list.output.contains(dir + "/themes/court.theme"))
        // The user's court is the one drawn: dark red (88), not the green.
        let t = try started(["--theme", "court"], environment: ["TERM": "xterm-256color"], configDir: dir)
        let c = ScreenColours(t.captureWithAttributes())
        #expect(c.backgrounds.contains(88) && !c.backgrounds.contains(22), "\(c)")
        t.send("q")
    }

    @Test(.tmux) func themeNamesThatLeaveTheDirectoryOrDoNotExistExit64() throws {
        for (name, message) in [("../x", "must not contain '/', '..' or control characters"), ("a/b", "must not contain '/', '..' or control characters"),
                                ("nope", "no theme named 'nope' (themes: default, court")] {
            let r = try Subprocess.run(["/bin/sh", "-c", "\(TmuxSession.quote(TmuxSession.binary)) --theme \(TmuxSession.quote(name)) --config-dir /nonexistent-dir 2>&1"])
            #expect(r.status == 64, "\(name)")
            #expect(r.output.contains("termini: ") && r.output.contains(message), "\(name): \(r.output)")
        }
        // Also inside tmux: the message is on the screen and the terminal is untouched.
        let t = try TmuxSession(arguments: ["--theme", "../x"])
        #expect(t.exitStatus() == 64)
        #expect(t.waitFor("must not contain"), "\(t.screen)")
    }
}

/// A screen's lines without their box edges, joined by single spaces: the text of a wrapped
/// paragraph as one line.
func squeezedLines(_ screen: String) -> String {
    screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│| ")) }
        .joined(separator: " ").split(separator: " ").joined(separator: " ")
}
