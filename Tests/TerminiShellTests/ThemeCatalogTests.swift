#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import TerminiShell

/// A directory of theme files under /tmp, removed afterwards.
final class TempThemes {
    let path: String
    init(_ files: [String: String]) {
        path = "/tmp/termini-themes-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(text.utf8))
        }
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct ThemeCatalogTests {
    @Test func builtinsAlwaysThereDefaultFirst() {
        let c = ThemeCatalog(directories: [])
        #expect(c.names == ["default", "court", "high-contrast", "light", "mono", "solarized-dark"])
        #expect(c.entries.allSatisfy { $0.origin == .builtin && $0.path == nil })
        #expect(c.load("mono").theme == .mono)
        #expect(c.load("default").theme == .builtinDefault)
        #expect(c.load("mono").messages.isEmpty)
    }

    @Test func userThemesWinOverInstalledOnes() {
        let user = TempThemes(["dark.theme": "accent = red\n", "mono.theme": "focus = underline\n", "notes.txt": "x"])
        let installed = TempThemes(["dark.theme": "accent = blue\n", "light.theme": "", ".hidden.theme": ""])
        let c = ThemeCatalog(directories: [(user.path, .user), (installed.path, .installed)])
        #expect(c.names == ["default", "court", "dark", "high-contrast", "light", "mono", "solarized-dark"])
        #expect(c.entries.first { $0.name == "dark" }?.origin == .user)
        #expect(c.entries.first { $0.name == "light" }?.origin == .installed)
        #expect(c.entries.first { $0.name == "mono" }?.origin == .user)
        #expect(c.load("dark").theme[.accent] == Style(foreground: .red))
        #expect(c.load("mono").theme[.focus] == Style(attributes: .underline))
    }

    @Test func problemsComeBackAsMessages() {
        let dir = TempThemes(["bad.theme": "accent = blurple\n"])
        let c = ThemeCatalog(directories: [(dir.path, .user)])
        let (theme, messages) = c.load("bad")
        #expect(theme[.accent] == Theme.builtinDefault[.accent])
        #expect(messages == ["\(dir.path)/bad.theme: line 1: accent: 'blurple' is not a colour or an attribute"])
        let missing = c.load("nope")
        #expect(missing.theme == .builtinDefault)
        #expect(missing.messages.first?.hasPrefix("no theme named 'nope'") == true)
        #expect(c.load("../etc").messages.first?.contains("must not contain") == true)
    }

    @Test func validNames() {
        #expect(ThemeCatalog.isValidName("solarized-dark"))
        // A name with a control character (a newline, an escape, a bidi override) would
        // break --list-themes' one line a theme and the completions that read it.
        for bad in ["", "a/b", "..", "a..b", ".hidden", "x\0y", "new\nline", "tab\there", "\u{1b}[31mred", "a\u{202e}b", "del\u{7f}"] {
            #expect(!ThemeCatalog.isValidName(bad), "\(bad)")
        }
    }
}
