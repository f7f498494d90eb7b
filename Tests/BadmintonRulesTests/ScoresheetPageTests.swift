@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing

/// The printable page: one self-contained HTML file, A4 landscape, nothing fetched, no
/// script, every name escaped. (The browser's print of it: EndToEndTests.ScoresheetPrintTests.)
@Suite struct ScoresheetPageTests {
    static func threeGames(names: [String] = ["Lin", "Lee"], doubles: Bool = false) -> Match {
        let m = Match(doubles: doubles, names: names, at: 1_800_000_000)
        if doubles { m.take(.service(team: 0, server: 0, receiver: 0)) }
        m.score(21, 15)
        m.take(.nextGame)
        if doubles { m.take(.service(team: 0, server: 0, receiver: 0)) }
        m.score(19, 21)
        m.take(.nextGame)
        if doubles { m.take(.service(team: 1, server: 0, receiver: 0)) }
        m.score(21, 17)
        return m
    }

    static func page(_ m: Match, officials: MatchOfficials? = nil) -> String {
        var log = m.log
        if let officials, case .start(var setup) = log.effective[0].action {
            setup.officials = officials
            log = MatchLog(records: [MatchEvent(.start(setup), at: log.startedAt)] + log.records.dropFirst()) ?? log
        }
        return ScoresheetHTML.render(Scoresheet(log), zone: .fixed(3600))
    }

    @Test func selfContainedAndPrintable() {
        let html = ScoresheetPageTests.page(ScoresheetPageTests.threeGames())
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<meta charset=\"utf-8\">") && html.contains("<style>"))
        #expect(html.contains("@page { size: A4 landscape;"))
        for banned in ["<script", "http:", "https:", "url(", "<link", "@import", "<img", "<iframe", "src=", "href="] {
            #expect(!html.contains(banned), "\(banned)")
        }
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func namesOfficialsScoresAndTimes() {
        let m = ScoresheetPageTests.threeGames()
        let html = ScoresheetPageTests.page(m, officials: MatchOfficials(event: "Club night", court: "3", umpire: "Ute Umpire", serviceJudge: "Sam Judge"))
        for text in ["Club night", ">3<", "Ute Umpire", "Sam Judge", ">Lin<", ">Lee<", "Lin beat Lee 21-15 19-21 21-17"] {
            #expect(html.contains(text), "\(text)")
        }
        // Each game's result circled, side 0 above.
        #expect(html.contains("<b>21</b><b>15</b>") && html.contains("<b>19</b><b>21</b>") && html.contains("<b>21</b><b>17</b>"))
        // Local time (UTC+1 here): the match began at 09:00 on 15 January 2027.
        #expect(html.contains("2027-01-15") && html.contains("09:00"))
        #expect(html.contains("3x21 · singles") || html.contains("3x21 &middot; singles"))
    }

    @Test func everyNameIsEscaped() {
        let m = ScoresheetPageTests.threeGames(names: ["<i>Ann & \"Bo\"", "Lee's"])
        let html = ScoresheetPageTests.page(m, officials: MatchOfficials(event: "<script>alert(1)</script>", umpire: "A&B"))
        #expect(!html.contains("<i>Ann") && !html.contains("<script>") && !html.contains("A&B"))
        #expect(html.contains("&lt;i&gt;Ann &amp; &quot;Bo&quot;") && html.contains("Lee&#39;s") && html.contains("A&amp;B"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func pagesAsDesigned() {
        // Three games of singles, and of doubles: one page.
        #expect(ScoresheetHTML.pages(Scoresheet(ScoresheetPageTests.threeGames().log)).count == 1)
        #expect(ScoresheetHTML.pages(Scoresheet(ScoresheetPageTests.threeGames(names: ["A/B", "C/D"], doubles: true).log)).count == 1)
        // Three games of doubles to 30-29, each on two lines: six lines, still one page.
        let long = Match(doubles: true, at: 0)
        for g in 0..<3 {
            if g > 0 { long.take(.nextGame) }
            long.take(.service(team: long.state.server, server: 0, receiver: 0))
            long.score(29, 29)
            long.points(g == 1 ? "1" : "0")
        }
        let sheet = Scoresheet(long.log)
        #expect(sheet.lines(units: ScoresheetHTML.units).count == 6)
        #expect(ScoresheetHTML.pages(sheet).count == 1)
        // Five such games: ten lines, two pages, each with the head of the sheet.
        let five = Match("5x21", doubles: true, at: 0)
        for g in 0..<5 {
            if g > 0 { five.take(.nextGame) }
            five.take(.service(team: five.state.server, server: 0, receiver: 0))
            five.score(29, 29)
            five.points(g % 2 == 0 ? "0" : "1")
        }
        let html = ScoresheetHTML.render(Scoresheet(five.log), zone: .fixed(0))
        #expect(ScoresheetHTML.pages(Scoresheet(five.log)).count == 2)
        #expect(html.components(separatedBy: "<section class=\"page").count - 1 == 2)
        #expect(html.contains("page 2 of 2"))
    }

    /// Before anything is played (doubles, the server not chosen yet): empty grids for the
    /// games, with the names, as many as the format has and the page holds.
    @Test func aBlankSheetToFillIn() {
        func blanks(_ format: String) -> Int {
            let m = Match(format, doubles: true, names: ["Ann/Bob", "Cat/Dan"])
            return ScoresheetHTML.render(Scoresheet(m.log), zone: .fixed(0)).components(separatedBy: "<div class=\"cap\"><b>Game").count - 1
        }
        #expect(blanks("3x21") == 3 && blanks("5x11") == 5 && blanks("9x21") == 5)
        let html = ScoresheetHTML.render(Scoresheet(Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"]).log), zone: .fixed(0))
        #expect(html.contains("<th>Ann</th>") && html.contains("<th>Dan</th>") && html.contains("Ann/Bob v Cat/Dan · not finished"))
    }

    @Test func marksAndBandsAreWritten() {
        let m = Match(names: ["Lin", "Lee"], at: 0)
        m.points("0")
        m.take(.card(team: 1, player: 0, card: .warning))
        m.take(.card(team: 1, player: 0, card: .fault))
        m.take(.stop(.injury, team: 0, player: 0))
        m.time += 99
        m.take(.resume)
        m.take(.correctScore([3, 1]))
        m.score(11, 5)
        m.take(.retire(team: 1))
        let html = ScoresheetHTML.render(Scoresheet(m.log), zone: .fixed(0))
        for text in [">W<", ">F<", ">I<", "1:40", "Interval", ">Retired<", "class=\"corr", "Lin beat Lee 11-5 (retired)"] {
            #expect(html.contains(text), "\(text)")
        }
    }
}
