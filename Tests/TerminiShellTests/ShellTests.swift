import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore

@Suite struct LauncherScreenTests {
    @Test func launcherAt80x24() {
        #expect(makeShell().screen() == [
            "┌─ Termini ────────────────────────────────────────────────────────────────────┐",
            "│                                                                              │",
            "│                                                                              │",
            "│                   █████ █████ ████  █   █  ███  █   █  ███                   │",
            "│                     █   █     █   █ ██ ██   █   █   █   █                    │",
            "│                     █   █     █   █ █ █ █   █   ██  █   █                    │",
            "│                     █   ████  ████  █ █ █   █   █ █ █   █                    │",
            "│                     █   █     █ █   █   █   █   █  ██   █                    │",
            "│                     █   █     █  █  █   █   █   █   █   █                    │",
            "│                     █   █████ █   █ █   █  ███  █   █  ███                   │",
            "│                                                                              │",
            "│                           five small everyday apps                           │",
            "│                                                                              │",
            "│   ▸ 1  Badminton    Courtside scoreboard with real BWF rules            F2   │",
            "│     2  Boxing Time  Punch the sandbag or the trash can                  F3   │",
            "│     3  Memory       Turn the cards and find the pairs                   F4   │",
            "│     4  Stamp Card   A loyalty card with ten stamps                      F5   │",
            "│     5  Coffee Shop  Beans from five Taipei branches                     F6   │",
            "│                                                                              │",
            "│                                                                              │",
            "│                                                                              │",
            "│                       theme: default  ·  t changes it                        │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
            " ? Help  ↑↓ Move  Enter Open  1-5 App  t Theme  F7 Settings  q Quit",
        ])
    }

    @Test func asciiLauncherHasNoUnicode() {
        let lines = makeShell(unicode: false).screen()
        for line in lines {
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
        }
        #expect(lines[0] == "+- Termini --------------------------------------------------------------------+")
        #expect(lines[13] == "|   > 1  Badminton    Courtside scoreboard with real BWF rules            F2   |")
        #expect(lines[23] == " ? Help  Up/Down Move  Enter Open  1-5 App  t Theme  F7 Settings  q Quit")
    }

    @Test func selectionShowsInMonochrome() {
        let canvas = makeShell(monochrome: true).render(size: standard, now: 0)
        #expect(canvas[6, 13].character == "1")
        #expect(canvas[6, 13].style.attributes.contains(.reverse))
        #expect(!canvas[6, 14].style.attributes.contains(.reverse))
        for y in 0..<24 {
            for x in 0..<80 {
                #expect(canvas[x, y].style.foreground == .default && canvas[x, y].style.background == .default)
            }
        }
    }

    @Test func everyAppFitsAtTheMinimumSize() {
        #expect(makeShell(config: "last_app = memory").screen(Size(width: 26, height: 8)) == [
            "┌─ Termini ──────────────┐",
            "│   1  Badminton      F2 │",
            "│   2  Boxing Time    F3 │",
            "│ ▸ 3  Memory         F4 │",
            "│   4  Stamp Card     F5 │",
            "│   5  Coffee Shop    F6 │",
            "└────────────────────────┘",
            " ↑↓ Move  q Quit  ? more",
        ])
    }

    @Test func aMediumLauncher() {
        #expect(makeShell(config: "last_app = memory").screen(Size(width: 40, height: 9)) == [
            "┌─ Termini ────────────────────────────┐",
            "│               Termini                │",
            "│   1  Badminton    Courtside scor… F2 │",
            "│   2  Boxing Time  Punch the sand… F3 │",
            "│ ▸ 3  Memory       Turn the cards… F4 │",
            "│   4  Stamp Card   A loyalty card… F5 │",
            "│   5  Coffee Shop  Beans from fiv… F6 │",
            "└──────────────────────────────────────┘",
            " ↑↓ Move  Enter Open  q Quit  ? more",
        ])
    }
}

@Suite struct LauncherKeyTests {
    func selectedLine(_ shell: Shell) -> String? {
        shell.screen().first { $0.contains("▸") }
    }

    @Test func arrowsMoveTheSelection() {
        let shell = makeShell()
        shell.press(.down, .down)
        #expect(selectedLine(shell)?.contains("▸ 3  Memory") == true)
        shell.press(.up)
        #expect(selectedLine(shell)?.contains("▸ 2  Boxing Time") == true)
        shell.press(.char("j"), .char("j"), .char("k"))
        #expect(selectedLine(shell)?.contains("▸ 3  Memory") == true)
        shell.press(.end)
        #expect(selectedLine(shell)?.contains("▸ 5  Coffee Shop") == true)
        shell.press(.down)  // wraps round
        #expect(selectedLine(shell)?.contains("▸ 1  Badminton") == true)
        shell.press(.up)
        #expect(selectedLine(shell)?.contains("▸ 5  Coffee Shop") == true)
        shell.press(.home, .tab)
        #expect(selectedLine(shell)?.contains("▸ 2  Boxing Time") == true)
        shell.press(.backTab)
        #expect(selectedLine(shell)?.contains("▸ 1  Badminton") == true)
        #expect(shell.current == nil)
    }

    @Test func enterOpensTheSelectedApp() {
        let shell = makeShell()
        shell.press(.down, .enter)
        #expect(shell.current == "boxing")
        let lines = shell.screen()
        #expect(lines[0].hasPrefix("┌─ Boxing Time  F3 ─"))
        #expect(lines[23].hasPrefix(" ? Help ") && lines[23].hasSuffix(" Esc Menu  q Quit"))
        let space = makeShell()
        space.press(.char(" "))
        #expect(space.current == "badminton")
    }

    @Test func digitsOpenApps() {
        for (digit, id) in [("1", "badminton"), ("2", "boxing"), ("3", "memory"), ("4", "stamps"), ("5", "coffee")] {
            let shell = makeShell()
            shell.press(.char(Character(digit)))
            #expect(shell.current == id)
        }
        let shell = makeShell()
        shell.press(.char("0"), .char("6"), .char("9"))
        #expect(shell.current == nil)
    }

    @Test func functionKeysSwitchApps() {
        let shell = makeShell()
        for (n, id) in [(2, "badminton"), (3, "boxing"), (4, "memory"), (5, "stamps"), (6, "coffee"), (3, "boxing")] {
            shell.press(.function(n))
            #expect(shell.current == id)
            #expect(shell.screen()[0].contains("F\(n) "))
        }
        shell.press(.function(8))
        #expect(shell.current == "boxing")
        shell.press(.escape, .function(12))
        #expect(shell.current == nil)
    }

    @Test func escGoesBackToTheLauncherWithTheAppSelected() {
        let shell = makeShell()
        shell.press(.char("4"))
        #expect(shell.current == "stamps")
        shell.press(.escape)
        #expect(shell.current == nil)
        #expect(selectedLine(shell)?.contains("▸ 4  Stamp Card") == true)
        // Esc in the launcher does nothing.
        shell.press(.escape)
        #expect(shell.current == nil)
        #expect(!shell.quitRequested)
    }

    @Test func qQuitsFromTheLauncherAndFromAnApp() {
        let launcher = makeShell()
        launcher.press(.char("q"))
        #expect(launcher.quitRequested)
        let upper = makeShell()
        upper.press(.char("Q"))
        #expect(upper.quitRequested)
        let app = makeShell(open: "memory")
        #expect(app.current == "memory")
        #expect(!app.quitRequested)
        app.press(.char("q"))
        #expect(app.quitRequested)
    }

    @Test func ctrlLAsksForARepaint() {
        #expect(makeShell().press(.ctrl("l")) == [.repaint])
        #expect(makeShell().press(.resize) == [])
    }

    /// A redraw shows what was there: the notice on screen stays (another key takes it away).
    @Test func ctrlLKeepsTheNoticeOnScreen() {
        let shell = makeShell(notices: ["Sound on for all of Termini."])
        shell.press(.ctrl("l"))
        #expect(shell.notices.texts == ["Sound on for all of Termini."])
        shell.press(.down)
        #expect(shell.notices.texts.isEmpty)
    }
}

@Suite struct HelpOverlayInTheShellTests {
    @Test func questionMarkOpensHelpAndAnyKeyClosesIt() {
        let shell = makeShell()
        shell.press(.char("?"))
        let open = shell.text()
        #expect(open.contains("┌─ Termini: keys ─"))
        #expect(open.contains("│ ↑ ↓ k j        move between apps"))
        #expect(open.contains("│ Everywhere"))
        #expect(open.contains("│ F2-F6          switch to Badminton, Boxing Time, Memory, Stamp Card,   │"))
        #expect(open.contains("│                Coffee Shop"))
        // While the help is open the bar shows the help's keys.
        #expect(shell.screen()[23] == " ↑↓ Scroll  PgUp/PgDn Page  / Search  any other key Close")
        // The closing key does nothing else, even q.
        shell.press(.char("q"))
        #expect(!shell.quitRequested)
        #expect(!shell.text().contains("Termini: keys"))
        #expect(shell.screen() == makeShell().screen())
    }

    @Test func f1OpensHelpInsideAnApp() {
        let shell = makeShell(open: "coffee")
        shell.press(.function(1))
        #expect(shell.text().contains("Coffee Shop: keys"))
        shell.press(.enter)
        #expect(!shell.text().contains("Coffee Shop: keys"))
        #expect(shell.current == "coffee")
        shell.press(.char("?"))
        #expect(shell.text().contains("Coffee Shop: keys"))
        shell.press(.escape)  // closes help, stays in the app
        #expect(shell.current == "coffee")
        #expect(!shell.text().contains("Coffee Shop: keys"))
    }

    @Test func helpScrollsOnASmallScreen() {
        let shell = makeShell()
        let small = Size(width: 80, height: 12)
        _ = shell.screen(small)  // the terminal is this size when the keys come
        shell.press(.char("?"))
        let top = shell.screen(small)
        #expect(top[2] == "│  │ Launcher                                                               │  │")
        #expect(top[8].contains("↑/↓ scroll · / search · any other key closes"))
        #expect(top[9].contains(" 1-5 of 16 "), "the bottom edge says which lines show")
        shell.press(.down)
        #expect(shell.screen(small)[2] == "│  │ ↑ ↓ k j        move between apps                                       │  │")
        // Far past the end: the last entry shows, and one ↑ moves at once.
        for _ in 0..<30 { shell.press(.down) }
        let bottom = shell.screen(small)
        #expect(bottom[7] == "│  │ Ctrl-C         quit                                                    │  │")
        shell.press(.up)
        let up = shell.screen(small)
        #expect(up != bottom)
        #expect(up[7] == "│  │ Ctrl-Z         suspend (fg resumes)                                    │  │")
        shell.press(.home)
        #expect(shell.screen(small)[2] == "│  │ Launcher                                                               │  │")
        shell.press(.pageDown, .char("x"))
        #expect(!shell.text(small).contains("Termini: keys"))
    }

    @Test func asciiHelpHasNoUnicode() {
        let shell = makeShell(unicode: false)
        for size in [standard, Size(width: 80, height: 12), Size(width: 40, height: 10)] {
            shell.press(.char("?"))
            let lines = shell.screen(size)
            #expect(lines.joined().contains("Termini: keys"))
            for line in lines {
                #expect(line.allSatisfy { $0.isASCII }, "\(size): \(line)")
            }
            shell.press(.char("x"))
        }
        shell.press(.char("?"))
        #expect(shell.text().contains("| Up Down k j        move between apps"))
    }

    @Test func helpStaysInsideTheWindow() {
        let shell = makeShell()
        shell.press(.char("?"))
        let lines = shell.screen(Size(width: 60, height: 12))
        // The overlay's bottom edge is on the last content row, above the window's own.
        #expect(lines[10] == "└──────────────────────────────────────────────────────────┘")
        #expect(lines[9].hasPrefix("│") && lines[9].contains("└──") && lines[9].hasSuffix("│"))
    }
}

@Suite struct PersistenceTests {
    @Test func theLastAppIsRememberedInConfig() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, config: "# mine\ntheme = default\n")
        shell.press(.char("3"))
        #expect(store.files["config"].map { String(decoding: $0, as: UTF8.self) } == "# mine\ntheme = default\nlast_app = memory\n")
        shell.press(.escape, .char("3"))
        #expect(store.writes["config"] == 1)  // unchanged: not written again
        shell.press(.function(6))
        #expect(shell.preferences.value("last_app") == "coffee")
        #expect(store.writes["config"] == 2)
    }

    @Test func theLastAppIsPreselected() {
        let shell = makeShell(config: "last_app = stamps\n")
        #expect(shell.screen()[16] == "│   ▸ 4  Stamp Card   A loyalty card with ten stamps · last used          F5   │")
        shell.press(.enter)
        #expect(shell.current == "stamps")
    }

    @Test func anUnknownLastAppIsIgnored() {
        let shell = makeShell(config: "last_app = tennis\n")
        #expect(shell.screen()[13].contains("▸ 1  Badminton"))
        #expect(!shell.text().contains("last used"))
    }

    @Test func aReadOnlyStoreIsNotWrittenAndNotNaggedAbout() {
        let store = InMemoryStore(canWrite: false)
        let shell = makeShell(store: store)
        shell.press(.char("2"))
        #expect(store.files.isEmpty)
        #expect(shell.preferences.value("last_app") == "boxing")
        #expect(!shell.text().contains("│ ! "))
    }

    @Test func effectsAreCarriedOutInOrder() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, open: "boxing")
        let out = shell.perform([
            .write(file: "a.json", bytes: [1]), .append(file: "j", bytes: [2, 0x0a]), .append(file: "j", bytes: [3, 0x0a]),
            .bell, .notice("Round over"), .setPreference(key: "sound", value: "no"),
        ])
        #expect(out == [.bell])
        #expect(store.files["a.json"] == [1])
        #expect(store.files["j"] == [2, 0x0a, 3, 0x0a])
        #expect(shell.preferences.value("sound") == "no")
        #expect(shell.screen()[22].contains("! Round over"))
        _ = shell.perform([.close])
        #expect(shell.current == nil)
        _ = shell.perform([.quit])
        #expect(shell.quitRequested)
    }

    @Test func aFailedWriteIsShown() {
        let store = InMemoryStore(canWrite: false)
        let shell = makeShell(store: store)
        _ = shell.perform([.write(file: "a.json", bytes: [1])])
        shell.saves.beforeFrame()
        #expect(shell.text().contains("! Could not save a.json"))
    }
}

@Suite struct NoticeTests {
    @Test func noticesShowUntilTheNextKeyWhichStillWorks() {
        let shell = makeShell(notices: ["Could not read config line 3"])
        let lines = shell.screen()
        // On the notice line: the window's bottom edge, in reverse video, over no content.
        #expect(lines[21] == "│                       theme: default  ·  t changes it                        │")
        #expect(lines[22] == "└ ! Could not read config line 3                                               ┘")
        #expect(shell.canvas()[3, 22].style.attributes.contains(.reverse))
        shell.press(.down)
        let after = shell.screen()
        #expect(after[22] == "└──────────────────────────────────────────────────────────────────────────────┘")
        #expect(after[14].contains("▸ 2  Boxing Time"))
    }

    @Test func storeNoticesAreCollected() {
        let store = InMemoryStore()
        let shell = makeShell(store: store)
        store.notice("boxing.json was damaged")
        shell.press(.char("2"))
        #expect(shell.text().contains("! boxing.json was damaged"))
        shell.press(.char("x"))
        #expect(!shell.text().contains("damaged"))
    }

    /// The line shows the newest, says how many more there are, and the help lists them all.
    @Test func manyNoticesShowTheNewestAndTheHelpListsThemAll() {
        let shell = makeShell(notices: ["one", "two", "two", "three", "four", "five"])
        let lines = shell.screen()
        #expect(lines[22] == "└ ! five                                                           +4 more (?) ┘")
        #expect(lines[21] == "│                       theme: default  ·  t changes it                        │", "the content keeps its rows")
        shell.press(.char("?"))
        let help = shell.text()
        for n in ["one", "two", "three", "four", "five"] { #expect(help.contains("│ !              \(n)"), "\(n)\n\(help)") }
        #expect(help.components(separatedBy: "│ !              two").count == 2)  // once
    }

    @Test func noticesAreSanitized() {
        let shell = makeShell(notices: ["bad\u{1b}[2Jname"])
        #expect(shell.screen()[22].contains("! bad[2Jname"))
    }

    /// Found trying it as a new user would: `termini coffee`, then `c` on an empty cart hid
    /// the Total row under the notice at 80×24 and 100×30; a catalog error took two lines and
    /// hid the separator and the total too. The notice line covers no content.
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 100, height: 30)])
    func aNoticeNeverCoversTheContent(_ size: Size) {
        let shell = makeShell(open: "coffee")
        let before = shell.screen(size)
        shell.press(.char("c"))
        let after = shell.screen(size)
        #expect(after.joined().contains("! The order is already empty."))
        #expect(Array(after.prefix(size.height - 2)) == Array(before.prefix(size.height - 2)), "every content row as it was")
        #expect(after.contains { $0.contains("Total") })

        let bad = "{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"Kenya\", \"price\": \"500\"}]\n}\n"
        let store = InMemoryStore(files: ["coffee-catalog.json": Array(bad.utf8)])
        let broken = makeShell(store: store, open: "coffee")
        let screen = broken.screen(size)
        #expect(screen[size.height - 2].hasPrefix("└ ! coffee-catalog.json line 3"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("Total") } && screen.contains { $0.contains("───────────") })
        // Cut on a narrow screen; the help has it whole.
        broken.press(.char("?"))
        #expect(broken.text(Size(width: 200, height: 60)).contains("coffee-catalog.json line 3: the price of \"Kenya\" must be a number such as 280, not text; using the built-in catalog"))
    }
}

@Suite struct TooSmallTests {
    let enlarge = "Enlarge the terminal"

    @Test func tinyTerminals() {
        let shell = makeShell()
        #expect(shell.screen(Size(width: 1, height: 1)) == ["…"])
        #expect(shell.screen(Size(width: 10, height: 3)) == ["Enlarge t…", "need 26×8", "have 10×3"])
        #expect(makeShell(unicode: false).screen(Size(width: 10, height: 3)) == ["Enlarge t~", "need 26x8", "have 10x3"])
        #expect(shell.render(size: Size(width: 0, height: 0), now: 0).lines == [])
    }

    @Test func justBelowAndAtTheMinimum() {
        let shell = makeShell()
        #expect(shell.screen(Size(width: 25, height: 8)) == [
            "",
            "  Enlarge the terminal",
            "        need 26×8",
            "        have 25×8",
            "",
            " F2–F6 apps  F7 settings",
            "     ? help  q quit",
            "",
        ])
        #expect(shell.text(Size(width: 26, height: 7)).contains(enlarge))
        #expect(!shell.text(Size(width: 26, height: 8)).contains(enlarge))
    }

    @Test func growingRestoresTheScreenAsItWas() {
        let shell = makeShell()
        shell.press(.down, .down)
        let before = shell.screen()
        #expect(shell.text(Size(width: 10, height: 3)).contains("Enlarge"))
        shell.press(.resize)
        #expect(shell.screen() == before)
    }

    @Test func anAppHasItsOwnMinimum() throws {
        let shell = makeShell(open: "badminton")
        // The app's minimum content plus the frame (2×2) and the hint bar (1 row).
        let m = try #require(shell.apps["badminton"]).minimumSize
        let need = Size(width: m.width + 2, height: m.height + 3)
        #expect(shell.text(Size(width: need.width - 1, height: need.height)).contains("need \(need.width)×\(need.height)"))
        #expect(shell.text(Size(width: need.width, height: need.height - 1)).contains("Enlarge"))
        #expect(shell.screen(need)[0].hasPrefix("┌─ Badminton  F2"))
    }
}

@Suite struct ThemeCyclingTests {
    @Test func tCyclesThroughTheCatalogAndRemembersIt() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, catalog: ThemeCatalog(directories: []))
        #expect(shell.themeName == "default")
        // The six built in, default first, then by name.
        shell.press(.char("t"))
        #expect(shell.themeName == "court")
        #expect(shell.theme[.accent] == ThemeCatalog(directories: []).load("court").theme[.accent])
        #expect(shell.screen()[21].contains("theme: court"))
        #expect(store.files["config"].map { String(decoding: $0, as: UTF8.self) } == "theme = court\n")
        shell.press(.char("T"))
        #expect(shell.themeName == "high-contrast")
        #expect(shell.preferences.value("theme") == "high-contrast")
    }

    @Test func userThemesAreIncludedWithTheirProblems() {
        let dir = TempThemes(["a-mine.theme": "accent = red\nsparkle = blue\n"])
        let shell = makeShell(catalog: ThemeCatalog(directories: [(dir.path, .user)]))
        shell.press(.char("t"))
        #expect(shell.themeName == "a-mine")
        #expect(shell.theme[.accent] == Style(foreground: .red))
        // The message names the file's whole path: a wide screen has room for it all.
        let text = shell.text(Size(width: 240, height: 24))
        #expect(text.contains("a-mine.theme: line 2: unknown"))
        #expect(text.contains("role 'sparkle' (ignored)"))
        shell.press(.char("t"))
        #expect(shell.themeName == "court")
    }

    @Test func monochromeAndAsciiSurviveACycle() {
        let shell = makeShell(unicode: false, monochrome: true, catalog: ThemeCatalog(directories: []))
        shell.press(.char("t"), .char("t"))
        #expect(shell.theme.glyphs == .ascii)
        for role in Role.allCases {
            #expect(shell.theme[role].foreground == .default)
        }
    }

    @Test func withoutACatalogTDoesNothing() {
        let shell = makeShell()
        shell.press(.char("t"))
        #expect(shell.themeName == "default")
        #expect(shell.current == nil)
    }
}
