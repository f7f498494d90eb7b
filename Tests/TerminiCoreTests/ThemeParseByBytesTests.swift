import Foundation
import Testing
import TerminiTestSupport
@testable import TerminiCore

/// A theme's ASCII lines are searched and their values parsed by their bytes (a start reads
/// the default theme's 18 lines); held to the definition, Character by Character: the same
/// theme and the same diagnostics for the shipped themes and for lines made up of what a
/// theme holds, odd case, separators, numbers out of range, half colours and junk.
@Suite struct ThemeParseByBytesTests {
    static let words = ["on", "On", "ON", "none", "normal", "Normal", "bold", "BOLD", "dim", "reverse", "underline", "italic",
                        "default", "Default", "red", "Bright-Blue", "bright-white", "grey", "gray", "GREY", "purple",
                        "0", "7", "255", "256", "0005", "00000000000000000000000000300", "99999999999999999999", "+5", "-1", "١",
                        "#d7af00", "#D7AF00", "#d7af0", "#d7af000", "#-00000", "#gggggg", "#", "d7af00", "on#ff0000",
                        "é", "\u{301}", "x\u{301}", "🎨", "\r", "=", "#", "# comment", "", ",", "\t"]
    static let keys = ["accent", "Accent", "hint-key", "hint_key", "HINT_KEY", "dialog-border", "team1", "nope", "", "#", "bäckground", "text\r"]
    static let separators = [" ", "  ", "\t", ",", ", ", " ,", ""]

    static func line(_ rng: inout FuzzRandom) -> String {
        var s = ""
        if rng.next(4) > 0 { s += keys[rng.next(keys.count)] }
        s += [" = ", "=", " =", "= ", " == ", " ", "\t=\t"][rng.next(7)]
        for _ in 0..<rng.next(5) {
            s += words[rng.next(words.count)] + separators[rng.next(separators.count)]
        }
        if rng.next(6) == 0 { s += " # note" }
        if rng.next(8) == 0 { s += "\r" }
        return s
    }

    @Test func theShippedThemesParseAsByCharacters() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../themes").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".theme") }
        #expect(names.count >= 5)
        for n in names {
            let text = try String(contentsOf: dir.appendingPathComponent(n), encoding: .utf8)
            let fast = ThemeFile.parse(text, name: n)
            let slow = ThemeFile.parse(text, name: n, base: .builtinDefault, byCharacters: true)
            #expect(fast.0 == slow.0 && fast.1 == slow.1, "\(n)")
        }
    }

    @Test func madeUpLinesParseAsByCharacters() {
        var rng = FuzzRandom(seed: 1515)
        for _ in 0..<3000 {
            let text = (0..<(1 + rng.next(5))).map { _ in ThemeParseByBytesTests.line(&rng) }.joined(separator: ["\n", "\r\n"][rng.next(2)])
            let fast = ThemeFile.parse(text, name: "t")
            let slow = ThemeFile.parse(text, name: "t", base: .builtinDefault, byCharacters: true)
            #expect(fast.0 == slow.0 && fast.1 == slow.1, "\(text.debugDescription)")
        }
    }

    @Test func aValueParsesAsByCharacters() {
        var rng = FuzzRandom(seed: 99)
        var values = ThemeParseByBytesTests.words
        for _ in 0..<4000 {
            values.append((0..<rng.next(5)).map { _ in
                ThemeParseByBytesTests.words[rng.next(ThemeParseByBytesTests.words.count)]
                    + ThemeParseByBytesTests.separators[rng.next(ThemeParseByBytesTests.separators.count)]
            }.joined())
        }
        for v in values {
            #expect(Style.parse(v) == Style.parseByCharacters(v), "\(v.debugDescription)")
            let ascii = v.utf8.allSatisfy { $0 < 0x80 }
            if ascii {
                #expect(Color(asciiLowercase: Array(v.lowercased().utf8)) == Color(parsing: v), "\(v.debugDescription)")
            }
        }
    }
}
