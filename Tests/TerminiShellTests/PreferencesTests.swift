import Foundation
import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore

/// Command line > environment (NO_COLOR) > config file > built-in default, level by level.
@Suite struct PrecedenceTests {
    func settings(_ args: [String] = [], env: [String: String] = [:], config: String = "") -> Settings {
        let inv = (try? CommandLineParser.parse(args).get()) ?? Invocation()
        return Settings.resolve(inv, environment: env, config: ConfigFile(text: config))
    }

    @Test func builtInDefaults() {
        let s = settings()
        #expect(s.theme == "default" && s.themeSource == .builtin)
        #expect(s.color && s.colorSource == .builtin)
        #expect(!s.ascii && s.asciiSource == .builtin)
    }

    @Test func theConfigFileBeatsTheDefaults() {
        let s = settings(config: "theme = court\ncolor = no\nascii = yes\n")
        #expect(s.theme == "court" && s.themeSource == .config)
        #expect(!s.color && s.colorSource == .config)
        #expect(s.ascii && s.asciiSource == .config)
        // Values Termini cannot read leave the default in place.
        let odd = settings(config: "theme =\ncolor = maybe\nascii = sometimes\n")
        #expect(odd.theme == "default" && odd.themeSource == .builtin)
        #expect(odd.color && odd.colorSource == .builtin)
        #expect(!odd.ascii && odd.asciiSource == .builtin)
        #expect(settings(config: "color = yes\n").color)
    }

    @Test func theEnvironmentBeatsTheConfigFile() {
        let s = settings(env: ["NO_COLOR": "1"], config: "color = yes\n")
        #expect(!s.color && s.colorSource == .environment)
        // Any non-empty value counts (no-color.org); an empty one does not.
        #expect(!settings(env: ["NO_COLOR": "0"]).color)
        #expect(settings(env: ["NO_COLOR": ""], config: "color = yes\n").colorSource == .config)
        #expect(settings(env: ["NO_COLOR": ""]).color)
    }

    @Test func theCommandLineBeatsEverything() {
        let config = "theme = court\ncolor = yes\nascii = no\n"
        let s = settings(["--theme", "light", "--no-color", "--ascii"], config: config)
        #expect(s.theme == "light" && s.themeSource == .commandLine)
        #expect(!s.color && s.colorSource == .commandLine)
        #expect(s.ascii && s.asciiSource == .commandLine)
        // --color wins over NO_COLOR and over color = no.
        let c = settings(["--color"], env: ["NO_COLOR": "1"], config: "color = no\n")
        #expect(c.color && c.colorSource == .commandLine)
    }

    @Test func colorAndNoColorTheLastOneWins() {
        #expect(settings(["--color", "--no-color"]).color == false)
        #expect(settings(["--no-color", "--color"]).color == true)
        let inv = try? CommandLineParser.parse(["--color"]).get()
        #expect(inv?.color == true && inv?.noColor == false)
        #expect((try? CommandLineParser.parse(["--no-color"]).get())?.noColor == true)
        #expect((try? CommandLineParser.parse([]).get())?.color == nil)
        #expect(CommandLineParser.helpText.contains("--color "))
    }
}

/// The config file: written through the store (atomic), only when a value changed, with the
/// user's comments and order kept, for the shell's keys and the apps' alike.
@Suite struct ConfigWritingTests {
    let mine = """
    # My Termini settings
    theme = court   # the green one

    # the apps
    stamps.daily = off
    sound = yes
    badminton.format = 3x15

    """

    func text(_ store: InMemoryStore) -> String? { store.files["config"].map { String(decoding: $0, as: UTF8.self) } }

    @Test func anAppsKeyIsRewrittenInPlace() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, config: mine + "last_app = stamps\n", open: "stamps")
        #expect(store.writes["config"] == nil, "opening the app used last changes nothing")
        shell.press(.char("d"))
        #expect(text(store) == mine.replacingOccurrences(of: "stamps.daily = off", with: "stamps.daily = on") + "last_app = stamps\n")
        #expect(store.writes["config"] == 1)
        shell.press(.char("d"))
        #expect(text(store) == mine + "last_app = stamps\n")
        #expect(store.writes["config"] == 2)
    }

    @Test func nothingIsWrittenWhenNothingChanged() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, config: mine, catalog: ThemeCatalog(directories: []))
        shell.open("stamps", now: 0)
        #expect(store.writes["config"] == 1)  // last_app, appended at the end
        #expect(text(store) == mine + "last_app = stamps\n")
        shell.press(.escape)
        shell.open("stamps", now: 0)
        _ = shell.perform([.setPreference(key: "sound", value: "yes"), .setPreference(key: "badminton.format", value: "3x15")])
        #expect(store.writes["config"] == 1)
        _ = shell.perform([.setPreference(key: "sound", value: "no")])
        #expect(store.writes["config"] == 2)
        #expect(text(store)?.contains("\nsound = no\nbadminton.format = 3x15\n") == true)
    }

    @Test func theThemeKeyKeepsItsComment() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, config: mine, catalog: ThemeCatalog(directories: []))
        // default, then court (as the file says: nothing to write), then high-contrast.
        shell.press(.char("t"), .char("t"))
        #expect(text(store) == mine.replacingOccurrences(of: "theme = court   # the green one", with: "theme = high-contrast # the green one"))
    }
}

@Suite struct ThemeLookupTests {
    @Test func userThenInstalledThenCheckoutThenBuiltIn() {
        let user = TempThemes(["a.theme": "accent = red\n"])
        let installed = TempThemes(["a.theme": "accent = green\n", "b.theme": "accent = green\n"])
        let checkout = TempThemes(["a.theme": "", "b.theme": "", "c.theme": "accent = blue\n", "mono.theme": "accent = blue\n"])
        let c = ThemeCatalog(directories: [(user.path, .user), (installed.path, .installed), (checkout.path, .checkout)])
        let origins = Dictionary(uniqueKeysWithValues: c.entries.map { ($0.name, $0.origin) })
        #expect(origins == ["a": .user, "b": .installed, "c": .checkout, "mono": .checkout, "default": .builtin, "court": .builtin,
                            "high-contrast": .builtin, "light": .builtin, "solarized-dark": .builtin])
        #expect(c.names == ["default", "a", "b", "c", "court", "high-contrast", "light", "mono", "solarized-dark"])
        #expect(c.load("a").theme[.accent] == Style(foreground: .red))
        #expect(c.load("b").theme[.accent] == Style(foreground: .green))
        #expect(c.load("c").theme[.accent] == Style(foreground: .blue))
        #expect(c.entries.first { $0.name == "a" }?.path == user.path + "/a.theme")
        #expect(ThemeCatalog.Origin.installed.rawValue == "installed")
    }

    @Test func foundFromTheExecutable() {
        // PREFIX/bin/termini finds PREFIX/share/termini/themes; a checkout's .build finds themes/.
        let c = ThemeCatalog(configDirectory: "/nonexistent-config", executablePath: "/opt/x/bin/termini")
        #expect(c.directories.map(\.0) == ["/nonexistent-config/themes", "/opt/x/share/termini/themes"])
        #expect(c.directories.map(\.1) == [.user, .installed])
    }

    @Test func namesThatLeaveTheDirectoryAreRefused() {
        for name in ["../x", "a/b", "..", "/etc/passwd"] {
            let r = CommandLineParser.parse(["--theme", name])
            guard case .failure(let e) = r else {
                Issue.record("\(name) accepted")
                continue
            }
            #expect(e.message.contains("must not contain '/', '..' or control characters"), "\(e.message)")
        }
    }
}

@Suite struct ThemeDepthTests {
    @Test func theShellDrawsInTheColoursTheTerminalHas() {
        let dir = TempThemes(["court.theme": "background = #f0f0f0 on #0b4a26\naccent = #ffd75f bold\n"])
        let catalog = ThemeCatalog(directories: [(dir.path, .checkout)])
        for depth in [ColorDepth.ansi8, .ansi16, .palette256] {
            let shell = Shell(store: InMemoryStore(), config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: true,
                              monochrome: false, catalog: catalog, open: nil, now: 0, depth: depth)
            shell.press(.char("t"))
            #expect(shell.themeName == "court")
            let canvas = shell.render(size: Size(width: 80, height: 24), now: 0)
            for y in 0..<24 {
                for x in 0..<80 {
                    for c in [canvas[x, y].style.foreground, canvas[x, y].style.background] {
                        if case .indexed(let i) = c { #expect(Int(i) < depth.rawValue) }
                        if case .rgb = c { Issue.record("\(depth): #rrggbb reached the screen at \(x),\(y)") }
                    }
                }
            }
            if depth == .palette256 { #expect(shell.theme[.background].background == .indexed(22)) }
        }
    }
}

/// The start hands the shell the bytes its config was parsed from, so the first preference an
/// app sets does not parse them again: the book answers as one that parses what it is given.
@Suite struct ConfigBookStartBytesTests {
    @Test func aBookGivenItsBytesAnswersAsOneThatParsesThem() {
        let texts = ["", "theme = court\n", "# mine\nbadminton.names = Ann,Bo\nodd line\ncolor = no", "a = 1\r\nb = 2\r\n"]
        let changes = [("badminton.names", "Red,Blue"), ("theme", "light"), ("new.key", "x"), ("a", "1")]
        for text in texts {
            let bytes = Array(text.utf8)
            let file = ConfigFile(text: text)
            for current in [bytes, Array("theme = mono\n".utf8), [0xff, 0x0a]] {
                for (key, value) in changes {
                    let fast = ConfigPreferences(file, bytes: bytes).applying(key, value, to: current)
                    let slow = ConfigPreferences(file).applying(key, value, to: current)
                    #expect(fast == slow, "\(text.debugDescription) then \(key) = \(value) over \(current)")
                }
            }
            let book = ConfigPreferences(file, bytes: bytes)
            book.adopt(bytes)
            #expect(book.file == ConfigFile(text: text))
            #expect(book.content == ConfigPreferences(ConfigFile(text: text)).content)
        }
    }
}
