import Foundation
import Testing
@testable import TerminiShell

/// The themes built into the binary are the files of themes/, byte for byte. With
/// TERMINI_UPDATE_DOCS=1 (scripts/update-docs) the Swift file is written from them.
@Suite struct BuiltinThemesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func themeFiles() -> [String: String] {
        let dir = root.appendingPathComponent("themes")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".theme") }
        return Dictionary(uniqueKeysWithValues: names.compactMap { file in
            (try? String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)).map { (String(file.dropLast(6)), $0) }
        })
    }

    static func source(_ files: [String: String]) -> String {
        var out = ["// Made from themes/*.theme by scripts/update-docs (BuiltinThemesTests): change the files there.", "",
                   "/// The shipped themes, built into the binary: a copy of it anywhere has them all. A theme",
                   "/// file of the same name in a theme directory wins over its built-in copy.",
                   "enum BuiltinThemes {", "    static let files: [String: String] = ["]
        for name in files.keys.sorted() {
            out += ["        \"\(name)\": #\"\"\"", files[name] ?? "", "\"\"\"#,"]
        }
        out += ["    ]", "}"]
        return out.joined(separator: "\n") + "\n"
    }

    @Test func theBuiltInThemesAreTheThemeFiles() throws {
        let files = Self.themeFiles()
        #expect(files.count == 6, "\(files.keys.sorted())")
        if ProcessInfo.processInfo.environment["TERMINI_UPDATE_DOCS"] == "1" {
            try Self.source(files).write(to: Self.root.appendingPathComponent("Sources/TerminiShell/BuiltinThemes.swift"), atomically: true, encoding: .utf8)
            return
        }
        #expect(BuiltinThemes.files == files, "run scripts/update-docs after changing themes/")
    }

    @Test func aBuiltInThemeLoadsWithoutAWord() {
        let catalog = ThemeCatalog(directories: [])
        #expect(catalog.names == ["default", "court", "high-contrast", "light", "mono", "solarized-dark"])
        for name in catalog.names {
            let (theme, messages) = catalog.load(name)
            #expect(messages.isEmpty && theme.name == name, "\(name): \(messages)")
        }
    }
}
