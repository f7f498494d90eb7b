import Testing
import TerminiTestSupport
@testable import TerminiCore

/// `trimmingBlanks` trims byte by byte where it can: it must trim exactly the Characters
/// the plain definition does (a blank is the whole Character " ", "\t" or "\r").
@Suite struct BlanksTests {
    /// The definition, Character by Character.
    static func reference(_ text: String) -> Substring {
        var s = Substring(text)
        func blank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }
        while let f = s.first, blank(f) { s = s.dropFirst() }
        while let l = s.last, blank(l) { s = s.dropLast() }
        return s
    }

    @Test func joinedCharactersAreNotBlanks() {
        let cases = [
            "", " ", "\t", "\r", "\r\n", "\n", "  a  ", "\t\ta b\t", "\r\na", "a\r\n", " \r\n x \r\n ",
            "\r\r\n", "\r\n\r", " \u{301}x", "x \u{301}", "  \u{301}", "\u{600} ", "x\u{600} ", " \u{600}",
            "é ", " é", "\t民\t", " 😁 ", " \u{200D} ", "a\r", "\ra", "\r \r", "key = value ",
        ]
        for text in cases {
            #expect(text.trimmingBlanks == BlanksTests.reference(text), "\(text.unicodeScalars.map { $0.value })")
            #expect(Substring(text).trimmingBlanks == BlanksTests.reference(text))
        }
    }

    @Test func randomMixturesOfBlanksAndJoiners() {
        let pieces = [" ", "\t", "\r", "\n", "a", "#", "=", "\u{301}", "\u{600}", "é", "\u{200D}", "😁", "\u{1F1E6}"]
        var rng = Fuzz.random("randomMixturesOfBlanksAndJoiners")
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            #expect(text.trimmingBlanks == BlanksTests.reference(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }
}

/// A theme file's lines are split by bytes: they must be the lines a split of its
/// Characters at "\n" and "\r\n" gives.
@Suite struct ThemeFileLinesTests {
    static func reference(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    @Test func linesAreTheCharacterSplit() {
        let cases = ["", "\n", "\r\n", "\r", "a", "a\n", "a\r\n", "a\r\r\n", "\r\r\n\n", "a\rb\nc", "x\n\u{301}y", "é\r\n民\n", "\n\n\r\n"]
        for text in cases {
            #expect(ThemeFile.lines(of: text) == ThemeFileLinesTests.reference(text), "\(text.unicodeScalars.map { $0.value })")
        }
        let pieces = ["\n", "\r", "a", "#", "\u{301}", "é", " ", "\u{200D}", "😁"]
        var rng = Fuzz.random("linesAreTheCharacterSplit")
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            #expect(ThemeFile.lines(of: text) == ThemeFileLinesTests.reference(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }
}

/// A theme line's comment is found by bytes where the line is ASCII: it must start where the
/// definition, Character by Character, says.
@Suite struct ThemeFileCommentTests {
    @Test func theCommentStartsWhereTheDefinitionSays() {
        let cases = ["", "#", "# note", "accent = #d7af00 bold", "accent = #d7af00# x", "accent = #d7af00a", "accent #d7af00",
                     "a = #d7af0", "a = #D7AF00\tbold # c", "a = #d7af00\r", "a = x # #d7af00", "a = #\u{301}d7af00", "a = #d7af00\u{301}",
                     "a = ＃d7af00", "a = #ｄ7af00", "é = #d7af00 # x", "a\r\n = #d7af00", "a\n = #d7af00 #"]
        for text in cases {
            let line = Substring(text)
            #expect(ThemeFile.commentStart(line) == ThemeFile.commentStartByCharacters(line), "\(text.unicodeScalars.map { $0.value })")
        }
        let pieces = ["#", "=", " ", "\t", "\r", "\n", "d7", "af", "00", "0", "F", "g", "x", "\u{301}", "é", "ｄ", "😁"]
        var rng = Fuzz.random("theCommentStartsWhereTheDefinitionSays")
        for _ in 0..<4000 {
            let text = (0..<Int.random(in: 0...10, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            let line = Substring(text)
            #expect(ThemeFile.commentStart(line) == ThemeFile.commentStartByCharacters(line), "\(text.unicodeScalars.map { $0.value })")
        }
    }
}
