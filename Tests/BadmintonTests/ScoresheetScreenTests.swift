@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// The history's Enter: a match's scoresheet in the terminal, scrolled sideways and down, and
/// its statistics and momentum chart; the hall display's layout.
@Suite struct ScoresheetScreenTests {
    /// A harness whose history holds one finished 1x21 match (Lin beat Lee 21-5), and a match
    /// in progress.
    static func withHistory() -> Harness {
        var h = Harness(options: ["--new": "", "--names": "Lin,Lee", "--format": "1x21"])
        h.point(0, times: 10)
        h.point(1, times: 5)
        h.press(.enter)  // the interval at 11 is over when Enter ends it
        h.point(0, times: 11)
        h.press(.char("n"))
        h.press(.enter)  // the setup dialog's Start
        return h
    }

    func text(_ c: Canvas) -> String { (0..<c.size.height).map { c.row(at: $0) }.joined(separator: "\n") }

    /// Issue 23, item 13: the match's number, event and round, each player's country and the
    /// full names are on both scoresheets, wrapped, never cut; the introduction names the countries.
    @Test func theSheetCarriesTheMatchNumberEventRoundAndCountries() throws {
        var h = Harness(options: ["--new": "", "--names": "Anders Skaarup Rasmussen (DEN),Lee Chong Wei (MAS)", "--format": "1x21",
                                  "--match-no": "12", "--event": "MS", "--round": "R2"])
        #expect(h.state?.teams.map(\.countries) == [["DEN"], ["MAS"]])
        #expect(UmpireCall.text(try #require(h.state), now: h.now, court: nil)
            .hasPrefix("Ladies and gentlemen, on my right, Lee Chong Wei, Malaysia, and on my left, Anders Skaarup Rasmussen, Denmark;"))
        h.point(0, times: 11)
        h.press(.enter)
        h.point(0, times: 10)
        h.press(.char("n"))
        h.press(.enter)
        h.press(.char("h"))
        h.press(.enter)
        for width in [80, 200] {
            let screen = text(h.board(width: width, height: width == 80 ? 24 : 60))
            #expect(screen.contains("Anders Skaarup Rasmussen (DEN)") && screen.contains("Lee Chong Wei (MAS)"), "\(screen)")
            #expect(screen.contains("Match: 12 · Event: MS · Round: R2"), "\(screen)")
        }
        let past = try #require(h.app.pastMatches().last)
        var shelf = h.app.history
        let found = shelf.match(startedAt: past.startedAt, h.app.files, keeping: false)
        let log = try #require(found)
        let page = ScoresheetHTML.render(Scoresheet(log))
        #expect(page.contains("<i>Match no.</i><b>12</b>") && page.contains("<i>Round</i><b>R2</b>"), "\(page.prefix(4000))")
        #expect(page.contains("<th class=\"long\">Anders Skaarup Rasmussen (DEN)</th>") && page.contains("Lee Chong Wei (MAS)"))
    }

    @Test func enterOnAMatchOfTheHistoryOpensItsScoresheet() throws {
        var h = Self.withHistory()
        #expect(h.app.pastMatches().count == 1, "\(h.app.pastMatches().map(\.outcome))")
        h.press(.char("h"))
        #expect(h.app.modals.top(HistoryBrowser.self) != nil)
        #expect(h.hints.contains { $0.label == "Scoresheet" })
        h.press(.enter)
        let sheet = try #require(h.app.modals.top(ScoresheetModal.self))
        #expect(sheet.sheet.teams.map(\.name) == ["Lin", "Lee"] && sheet.tab == .sheet)
        let screen = text(h.board(width: 80, height: 24))
        #expect(screen.contains("Scoresheet · Lin v Lee") && screen.contains("Lin beat Lee 21-5") && screen.contains("Game 1"), "\(screen)")
        // The grid: a row per player, the running score on the winner's row.
        let lin = try #require(screen.split(separator: "\n").first { $0.contains(" Lin ") && $0.contains(" S │") })
        #expect(lin.contains(" 1  2  3  4  5"), "\(lin)")
        // Sideways: the names stay, the first rallies leave.
        h.press(.right, .right)
        let moved = text(h.board(width: 80, height: 24))
        let row = try #require(moved.split(separator: "\n").first { $0.contains(" Lin ") && $0.contains(" S │") })
        #expect(!row.contains(" 0  1  2  3") && row.contains("Lin"), "\(row)")
        #expect(h.hints.contains { $0.label == "Sideways" })
        // Tab: the statistics and the momentum chart.
        h.press(.tab)
        let stats = text(h.board(width: 80, height: 24))
        #expect(stats.contains("Statistics · Lin v Lee") && stats.contains("Points") && stats.contains("21-5"), "\(stats)")
        #expect(stats.contains("Longest run") && stats.contains("Won on serve"))
        h.press(.end)
        let chart = text(h.board(width: 80, height: 24))
        #expect(chart.contains("▀") || chart.contains("█"), "the momentum chart at the end:\n\(chart)")
        // Esc: back to the history; Esc again: the scoreboard.
        h.press(.escape)
        #expect(h.app.modals.top(HistoryBrowser.self) != nil)
        h.press(.escape)
        #expect(h.app.modals.isEmpty)
    }

    @Test func theStatisticsReadInASCIIToo() {
        var h = Self.withHistory()
        h.unicode = false
        h.press(.char("h"), .enter, .tab, .end)
        let screen = text(h.board(width: 80, height: 24, theme: Theme.builtinDefault.monochrome.withGlyphs(.ascii)))
        #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen.unicodeScalars.filter { !$0.isASCII }.map { String($0) })")
        #expect(screen.contains("#") && screen.contains("Momentum"), "\(screen)")
    }

    @Test func theHistoryChoiceMovesAndAnEmptyHistorySaysSo() {
        var h = Harness(options: ["--new": "", "--names": "A,B"])
        h.press(.char("h"))
        h.press(.enter)
        #expect(h.app.modals.isEmpty, "Enter on an empty history closes it")
    }

    @Test(arguments: [(80, 24), (200, 60), (40, 12)])
    func theCardGivesTheDigitsMostOfTheScreen(_ w: Int, _ hgt: Int) {
        let layout = BadmintonApp.CardLayout(height: hgt, glyphs: .unicode)
        #expect(layout.nameRows + layout.gamesRows + 2 * layout.gap + layout.bandRows + layout.digitRows == hgt)
        let v = BigText.fit("88", in: Size(width: w / 2 - 3, height: layout.digitRows))
        let rows = v.map { $0.font.height * $0.scaleY } ?? 0
        #expect(rows * 2 >= hgt, "\(w)x\(hgt): digits \(rows) rows")
    }

    @Test func theGridOfCourtsFitsTheTerminal() {
        for (count, size) in [(8, Size(width: 80, height: 24)), (3, Size(width: 120, height: 30)), (8, Size(width: 200, height: 60)), (1, Size(width: 80, height: 24))] {
            guard let c = CourtsBoard.columns(count: count, in: size) else {
                Issue.record("\(count) courts at \(size): no grid")
                continue
            }
            let panes = CourtsBoard.panes(count: count, columns: c, in: Rect(size))
            #expect(panes.allSatisfy { $0.maxX <= size.width && $0.maxY <= size.height && $0.x >= 0 && $0.y >= 0 && $0.width >= CourtsBoard.paneMinimum.width && $0.height >= CourtsBoard.paneMinimum.height },
                    "\(count) at \(size): \(panes)")
            for (i, a) in panes.enumerated() { for b in panes[(i + 1)...] { #expect(a.intersection(b).isEmpty, "\(a) \(b)") } }
        }
        // Too many for panes: a line each.
        #expect(CourtsBoard.columns(count: 40, in: Size(width: 80, height: 24)) == nil)
    }
}
