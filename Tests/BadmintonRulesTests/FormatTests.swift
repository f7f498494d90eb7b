@testable import BadmintonRules
import Testing

@Suite struct FormatTests {
    @Test func presetsParse() throws {
        #expect(try MatchFormat.parse("3x21").get() == MatchFormat(games: 3, points: 21, cap: 30))
        #expect(try MatchFormat.parse("3x15").get() == MatchFormat(games: 3, points: 15, cap: 21))
        #expect(try MatchFormat.parse("5x11").get() == MatchFormat(games: 5, points: 11, cap: 15))
        #expect(try MatchFormat.parse("1x21").get() == MatchFormat(games: 1, points: 21, cap: 30))
        #expect(try MatchFormat.parse("3X21").get().description == "3x21")
    }

    @Test func customFormats() throws {
        let f = try MatchFormat.parse("3x25c29").get()
        #expect(f == MatchFormat(games: 3, points: 25, cap: 29))
        #expect(f.description == "3x25c29")
        #expect(try MatchFormat.parse("3x21c30").get().description == "3x21")
        #expect(try MatchFormat.parse("1x21c21").get().description == "1x21c21")
        #expect(try MatchFormat.parse("5x7").get() == MatchFormat(games: 5, points: 7, cap: nil))
        #expect(try MatchFormat.parse("5x7").get().description == "5x7")
    }

    @Test(arguments: ["", "3", "x21", "3x", "2x21", "0x21", "11x21", "3x0", "3x100", "3x21c20", "3x21c", "3x21c100", "3x21x5", "ax21", "3x2 1c", "-3x21", "3x21c-1"])
    func badFormatsAreRejected(_ s: String) {
        if case .success(let f) = MatchFormat.parse(s) {
            #expect(Bool(false), "\(s) parsed as \(f)")
        }
    }

    @Test func thresholds() throws {
        #expect(try MatchFormat.parse("3x21").get().intervalAt == 11)
        #expect(try MatchFormat.parse("3x15").get().intervalAt == 8)
        #expect(try MatchFormat.parse("5x11").get().intervalAt == 6)
        #expect(try MatchFormat.parse("3x21").get().gamesToWin == 2)
        #expect(try MatchFormat.parse("5x11").get().gamesToWin == 3)
        #expect(try MatchFormat.parse("1x21").get().gamesToWin == 1)
    }

    @Test func winningScores() throws {
        let f = try MatchFormat.parse("3x21").get()
        #expect(f.wins(21, against: 19))
        #expect(!f.wins(21, against: 20))
        #expect(f.wins(22, against: 20))
        #expect(!f.wins(29, against: 28))
        #expect(f.wins(30, against: 29))
        #expect(!f.wins(20, against: 0))
        let g = try MatchFormat.parse("3x15").get()
        #expect(g.wins(15, against: 13))
        #expect(!g.wins(15, against: 14))
        #expect(g.wins(16, against: 14))
        #expect(!g.wins(20, against: 19))
        #expect(g.wins(21, against: 20))
        let h = try MatchFormat.parse("5x11").get()
        #expect(h.wins(11, against: 9))
        #expect(!h.wins(14, against: 13))
        #expect(h.wins(15, against: 14))
    }
}

@Suite struct FormatMessageTests {
    @Test func anEmptyFormatSaysSo() {
        guard case .failure(let e) = MatchFormat.parse("") else {
            Issue.record("'' parsed")
            return
        }
        #expect(e.description.hasPrefix("No format: use 3x21"))
        if case .failure(let bad) = MatchFormat.parse("abc") { #expect(bad.description.hasPrefix("'abc' is not a format: use 3x21")) }
    }
}
