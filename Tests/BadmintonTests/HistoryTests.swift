@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The `h` list: local times, the winner first, abandoned matches marked, readable at 80×24.
@Suite struct HistoryTests {
    /// Lin Dan beats Lee Chong Wei 15-21 21-18 21-5, then a match abandoned at 3-0, then a
    /// doubles match Chen/Jia win by retirement at 21-0 5-0.
    static func threeMatches() -> Harness {
        var h = Harness(options: ["--new": "", "--names": "Lin Dan,Lee Chong Wei"], now: 1_800_000_000)
        h.point(0, times: 15)
        h.point(1, times: 21)
        h.press(.enter)
        h.point(1, times: 18)
        h.point(0, times: 21)
        h.press(.enter)
        h.point(1, times: 5)
        h.point(0, times: 21)
        h.press(.char("n"), .enter)
        h.point(0, times: 3)
        h.press(.char("n"), .char("y"), .tab, .right, .tab)
        for c in "Chen Qingchen/Jia Yifan" { h.press(.char(c)) }
        h.press(.tab)
        for c in "Lee Chong Wei 1/Lee Chong Wei 2" { h.press(.char(c)) }
        h.press(.enter, .enter)
        h.point(0, times: 21)
        h.press(.enter, .enter)
        h.point(0, times: 5)
        h.press(.char("x"), .char("2"), .enter)
        return h
    }

    @Test func outcomesPutTheWinnerFirst() {
        let h = HistoryTests.threeMatches()
        let outcomes = h.app.historyMatches.map(\.outcome.text)
        #expect(outcomes == [
            "Chen Qingchen/Jia Yifan beat Lee Chong Wei 1/Lee Chong Wei 2 21-0 5-0 (retired)",
            "Abandoned: Lin Dan v Lee Chong Wei 3-0",
            "Lin Dan beat Lee Chong Wei 15-21 21-18 21-5",
        ])
        // Cut to a width, the loser's name goes first; the scores stay.
        let cut = h.app.historyMatches[2].outcome.fitted(width: 36)
        #expect(cut == "Lin Dan beat Lee C… 15-21 21-18 21-5", "\(cut)")
        #expect(DisplayWidth.of(cut) == 36)
    }

    @Test func historyAt80x24() {
        var h = HistoryTests.threeMatches()
        h.press(.char("h"))
        #expect(h.hints.map(\.label) == ["Choose", "Page", "Scoresheet", "Print", "Close"])
        #expect(h.board().lines == [
            " ┌─ History · 3 matches · 1 abandoned ──────────────────────────────────────┐",
            " │ 3  2027-01-15 08:02  3x21       1 min                                    │",
            " │   Chen Qingchen/Jia Yifan beat Lee Chong Wei 1/Lee C… 21-0 5-0 (retired) │",
            " │                                                                          │",
            " │ 2  2027-01-15 08:01  3x21       0 min                                    │",
            " │   Abandoned: Lin Dan v Lee Chong Wei 3-0                                 │",
            " │                                                                          │",
            " │ 1  2027-01-15 08:00  3x21       2 min                                    │",
            " │   Lin Dan beat Lee Chong Wei 15-21 21-18 21-5                            │",
        ] + Array(repeating: " │                                                                          │", count: 10) + [
            " │                                                           any key closes │",
            " └──────────────────────────────────────────────────────────────────────────┘",
        ], "\n\(h.board().text)")
        // Wide enough, one line a match.
        let wide = h.board(width: 198, height: 57).lines
        #expect(wide[1].contains("3  2027-01-15 08:02  3x21       1 min   Chen Qingchen/Jia Yifan beat Lee Chong Wei 1/Lee Chong Wei 2 21-0 5-0 (retired)"))
        #expect(wide[2].contains("2  2027-01-15 08:01  3x21       0 min   Abandoned: Lin Dan v Lee Chong Wei 3-0"))
    }

    @Test func abandonedMatchesAreMarkedInMonochrome() {
        var h = HistoryTests.threeMatches()
        h.press(.char("h"))
        let c = h.board(theme: Theme.builtinDefault.monochrome)
        #expect(c[5, 5].character == "A" && c[5, 5].style.attributes.contains(.dim), "the abandoned line is dim")
        #expect(!c[5, 8].style.attributes.contains(.dim), "a finished one is not")
    }

    @Test func timesAreLocal() {
        var h = HistoryTests.threeMatches()
        h.app.zone = .fixed(-5 * 3600)
        h.press(.char("h"))
        #expect(h.board().lines[1].contains("2027-01-15 03:02"), "\(h.board().lines[1])")
        h.press(.escape)
        h.app.zone = .fixed(9 * 3600 + 1800)
        h.press(.char("h"))
        #expect(h.board().lines[1].contains("2027-01-15 17:32"), "\(h.board().lines[1])")
        #expect(!h.board().text.contains("UTC"))
        #expect(MatchReport.shortTime(1_800_000_000, offset: 3600) == "2027-01-15 09:00")
        #expect(MatchReport.shortTime(1_800_000_000) == "2027-01-15 08:00")
        // The system zone answers with the C library's offset (whatever this machine's is).
        let offset = LocalZone.system.offset(at: 1_800_000_000)
        #expect(abs(offset) <= 14 * 3600)
    }

    @Test func aLongHistoryScrollsAndSaysWhere() {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        for _ in 0..<25 {
            h.point(0, times: 21)
            h.press(.enter)
            h.point(0, times: 21)
            h.press(.char("n"), .enter)
        }
        h.press(.char("h"))
        let top = h.board()
        #expect(top.lines[0].contains("History · 25 matches") && top.lines[20].contains(" 1-18 of 25 "), "\n\(top.text)")
        h.press(.end)
        let bottom = h.board()
        #expect(bottom.lines[20].contains(" 8-25 of 25 "), "\n\(bottom.text)")
        h.press(.pageUp)
        #expect(h.board().lines[20].contains(" 1-18 of 25 "), "a page is the rows less one, so the eye keeps its place")
        h.press(.escape)
        #expect(h.app.modals.isEmpty)
    }
}
