import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore
@testable import Memory
@testable import Badminton

/// The settings (F7): reachable from every screen, keyboard only, each change shown at once
/// and saved through the preference path every other setting takes.
@Suite struct SettingsTests {
    func config(_ store: InMemoryStore) -> String { String(decoding: store.files["config"] ?? [], as: UTF8.self) }

    @Test func f7OpensTheSettingsFromTheLauncherAndFromAnApp() {
        let shell = makeShell(catalog: ThemeCatalog(directories: []))
        shell.press(.function(7))
        let text = shell.text()
        #expect(text.contains("┌─ Settings "), "\(text)")
        for row in ["Theme", "Colour", "ASCII only", "Sound"] { #expect(text.contains(row), "\(row)") }
        #expect(shell.screen()[23] == " ↑↓ Setting  ←→ Change  Enter Done  Esc Close", "the bar shows the settings' keys")
        shell.press(.escape)
        #expect(!shell.text().contains("┌─ Settings"))
        // Inside an app, and over one of its dialogs too.
        let app = makeShell(open: "memory")
        app.press(.char("f"))
        #expect(app.apps["memory"]?.wantsAllKeys == true)
        app.press(.function(7))
        #expect(app.text().contains("┌─ Settings "))
        app.press(.enter)
        #expect(!app.text().contains("┌─ Settings") && app.text().contains("Flip all"), "the app's dialog is still there")
        // The help says where the settings are.
        app.press(.escape, .char("?"))
        let help = app.text(Size(width: 80, height: 60))
        #expect(help.contains("F7") && help.contains("settings: theme, colour, ASCII, sound, calls"), "\(help)")
    }

    @Test func eachChangeShowsAtOnceAndIsSaved() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, config: "# mine\nsound = no\n", catalog: ThemeCatalog(directories: []))
        shell.press(.function(7), .right)
        #expect(shell.themeName == "court" && shell.theme[.accent] == ThemeCatalog(directories: []).load("court").theme[.accent])
        #expect(config(store) == "# mine\nsound = no\ntheme = court\n", "one line changed, the rest kept")
        shell.press(.down, .right)  // colour off
        #expect(shell.monochrome && shell.theme[.accent].foreground == .default)
        #expect(config(store).contains("color = no"))
        shell.press(.left)  // and on again
        #expect(!shell.monochrome && shell.preferences.value("color") == "yes")
        shell.press(.down, .right)  // ASCII only
        #expect(shell.theme.glyphs == .ascii && !shell.unicode)
        #expect(shell.screen().allSatisfy { $0.allSatisfy(\.isASCII) }, "drawn in ASCII at once")
        #expect(config(store).contains("ascii = yes"))
        shell.press(.char(" "))
        #expect(shell.unicode && shell.preferences.value("ascii") == "no")
        shell.press(.down)
        #expect(shell.text().contains("off: never a bell"))
        shell.press(.right)  // no → yes
        #expect(shell.preferences.value("sound") == "yes")
        #expect(shell.context(0).sound.effects, "every app gets the new setting with its next call")
        shell.press(.right)
        #expect(shell.preferences.value("sound") == "alerts" && shell.text().contains("alerts only"))
        shell.press(.enter)
        #expect(!shell.text().contains("┌─ Settings"))
    }

    /// Issue 23: the language of the calls is a row of F7 too (badminton's own setting):
    /// changed there, saved as badminton.calls, and the call on screen is in it at once.
    @Test func theCallsLanguageIsASettingAndTheCallChangesAtOnce() {
        let store = InMemoryStore()
        let shell = Shell(store: store, config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: true,
                          monochrome: false, catalog: nil, open: "badminton", options: AppOptions(["--new": "", "--names": "Ann,Bob"]), now: 1_800_000_000)
        #expect(shell.text().contains("love all; play"), "\(shell.text())")
        shell.press(.function(7))
        #expect(shell.text().contains("Calls") && shell.text().contains("English (en)"), "\(shell.text())")
        shell.press(.down, .down, .down, .down, .right)
        #expect(shell.text().contains("◂ Deutsch (de) ▸"), "\(shell.text())")
        #expect(shell.preferences.value("badminton.calls") == "de")
        shell.press(.enter)
        #expect(shell.text().contains("beide") || shell.text().contains("bitte spielen"), "the call in German at once:\n\(shell.text())")
        // L, then F7: the prompt line says the language now, not the one L chose (the umpire's test).
        shell.press(.char("L"))
        #expect(shell.text().contains("Français"), "\(shell.text())")
        shell.press(.function(7), .down, .down, .down, .down, .right, .enter)
        #expect(shell.text().contains("Nederlands") && !shell.text().contains("Français"), "\(shell.text())")
        // Round the languages and back to English.
        shell.press(.function(7), .down, .down, .down, .down, .left, .left, .left)
        #expect(shell.preferences.value("badminton.calls") == "en")
    }

    @Test func asciiStaysOnWhenTheLocaleHasNoUTF8() {
        let shell = Shell(store: InMemoryStore(), config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: false,
                          monochrome: false, catalog: nil, open: nil, now: 0, unicodeAvailable: false)
        shell.press(.function(7), .down, .down)
        let out = shell.press(.right)
        #expect(!shell.unicode && out == [.bell], "refused, with an alert")
        #expect(shell.text().contains("(the locale is not UTF-8)"))
    }

    /// Found trying it as a new user would: Memory's clock ran while the board was out of view
    /// (flip a card, F5, wait 5 s, F4: +5 s). It stops whenever the board is not on screen.
    @Test func memorysClockStopsWhileTheBoardIsOutOfView() throws {
        let store = InMemoryStore()
        let shell = Shell(store: store, config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: true,
                          monochrome: false, catalog: nil, open: "memory", options: AppOptions(["--seed": "5"]), now: 100)
        _ = shell.handle(.char(" "), now: 101)
        func elapsed(_ now: Double) -> Double { (shell.apps["memory"] as? MemoryApp)?.game.elapsed(at: now) ?? -1 }
        #expect(elapsed(103) == 2)
        _ = shell.handle(.function(5), now: 103)
        _ = shell.handle(.function(4), now: 108)
        #expect(elapsed(108) == 2, "5 s on another app do not count")
        _ = shell.handle(.char("?"), now: 109)
        _ = shell.handle(.char("x"), now: 119)
        #expect(elapsed(119) == 3, "nor 10 s of help")
        _ = shell.handle(.function(7), now: 120)
        _ = shell.handle(.escape, now: 130)
        #expect(elapsed(131) == 5, "nor the settings")
        shell.resize(to: Size(width: 30, height: 10), now: 131)
        shell.resize(to: Size(width: 80, height: 24), now: 141)
        #expect(elapsed(141) == 5, "nor a terminal too small to show the board")
        // Quitting stops it too, and saves the time shown.
        shell.finish(now: 150)
        let saved = store.load(MemorySave.self, from: "memory.json", version: 1)
        #expect(saved?.game.elapsed(at: 10_000) == 14)
    }
}
