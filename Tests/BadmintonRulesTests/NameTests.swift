import Testing
import TerminiCore
import TerminiData
@testable import BadmintonRules
import BadmintonRulesTestSupport
import Foundation

@Suite struct NameTests {
    /// Found by the journal fuzzer (Fuzz/corpus/journal/crash-long-name-ends-in-spaces): a name
    /// cut to 40 characters could end in the spaces inside it, so it read back shorter than it
    /// was written, and a journal's names changed between a save and the next start.
    @Test func aNameCutToFortyCharactersReadsBackTheSame() {
        for raw in ["An" + String(repeating: " ", count: 60) + "n", String(repeating: "ab ", count: 30), "  x  "] {
            let once = TextLayout.sanitizedName(raw)
            #expect(TextLayout.sanitizedName(once) == once, "\(raw.debugDescription) → \(once.debugDescription)")
            #expect(once.count <= 40 && once.first != " " && once.last != " ", "\(once.debugDescription)")
        }
        let line = #"{"e":"names","t":5,"teams":[{"name":"An                                             n","players":["An                                             n"]},{"name":"B","players":["B"]}]}"#
        let event = MatchEvent.parse(line: Array(line.utf8))
        #expect(event != nil && MatchEvent.parse(line: event!.line.dropLast()) == event)
    }
}

/// Issue 23, item 13: a pair's full names, never cut: each player's name is up to 40
/// characters, so the pair's (`A/B`) is up to 81, in the journal and all that reads it.
@Suite struct FullNameTests {
    @Test func aPairsFullNamesReadBackWhole() throws {
        let pair = try #require(TeamInfo.parse("Anders Skaarup Rasmussen (DEN)/Kim Astrup Sorensen (DEN)", discipline: .doubles))
        #expect(pair.name == "Anders Skaarup Rasmussen/Kim Astrup Sorensen")
        let setup = MatchSetup(discipline: .doubles, teams: [pair, TeamInfo.defaults(.doubles)[1]])
        let back = try #require(MatchEvent.parse(line: MatchEvent(.start(setup), at: 5).line.dropLast()))
        guard case .start(let read) = back.action else { Issue.record("\(back)"); return }
        #expect(read.teams[0].name == "Anders Skaarup Rasmussen/Kim Astrup Sorensen", "\(read.teams[0].name)")
        #expect(read.teams[0] == pair)
        let longest = String(repeating: "x", count: 40)
        let most = try #require(TeamInfo.parse("\(longest)/\(longest)", discipline: .doubles))
        let data = try JSONEncoder().encode(most)
        #expect(try JSONDecoder().decode(TeamInfo.self, from: data).name.count == 81)
    }
}

/// Issue 23, item 13: a player's country or club in brackets, the match's number and round.
@Suite struct CountryTests {
    @Test func aCountryInBracketsIsKeptApartFromTheName() throws {
        let lin = try #require(TeamInfo.parse("Lin Dan (CHN)", discipline: .singles))
        #expect(lin.name == "Lin Dan" && lin.players == ["Lin Dan"] && lin.countries == ["CHN"] && lin.fullName(0) == "Lin Dan (CHN)")
        #expect(lin.entry == "Lin Dan (CHN)", "the entry reads back")
        let pair = try #require(TeamInfo.parse("Ann (SUI)/Bob", discipline: .doubles))
        #expect(pair.name == "Ann/Bob" && pair.countries == ["SUI", ""] && pair.country(1) == nil && pair.entry == "Ann (SUI)/Bob")
        #expect(TeamInfo.parse("Ann", discipline: .singles)?.countries == [], "no country: none kept")
        #expect(TeamInfo.parse("(CHN)", discipline: .singles)?.name == "(CHN)", "brackets alone are the name")
        // Hostile text is cleaned as a name is.
        let odd = try #require(TeamInfo.parse("Eve (\u{1b}[31mX$(rm)\u{7})", discipline: .singles))
        #expect(!odd.countries[0].contains("\u{1b}") && !odd.countries[0].contains("\u{7}"))
    }

    @Test func theStartEventKeepsCountriesMatchNumberAndRound() throws {
        let teams = [try #require(TeamInfo.parse("Lin Dan (CHN)", discipline: .singles)), try #require(TeamInfo.parse("Lee (MAS)", discipline: .singles))]
        let setup = MatchSetup(teams: teams, officials: MatchOfficials(event: "MS", matchNumber: "12", round: "R2"))
        let e = MatchEvent(.start(setup), at: 1_800_000_000)
        let line = String(decoding: e.line, as: UTF8.self)
        #expect(line.contains("\"match\":\"12\"") && line.contains("\"round\":\"R2\"") && line.contains("\"countries\":[\"CHN\"]"), "\(line)")
        #expect(MatchEvent.parse(line: e.line.dropLast()) == e)
        #expect(setup.officials.heading == "Match 12 · MS · R2")
        // A journal without them reads as before; a countries list of the wrong length is damage.
        let old = #"{"e":"start","t":1800000000,"v":1,"format":"3x21","discipline":"singles","server":0,"teams":[{"name":"A","players":["A"]},{"name":"B","players":["B"]}]}"#
        #expect(MatchEvent.parse(line: Array(old.utf8)) != nil)
        let bad = old.replacingOccurrences(of: #""players":["A"]"#, with: #""players":["A"],"countries":["X","Y"]"#)
        #expect(MatchEvent.parse(line: Array(bad.utf8)) == nil)
    }

    /// The umpire's test: `--status --json` and `--export json` named no country.
    @Test func theReportsCarryTheCountries() {
        let m = Match(doubles: true, names: ["A (DEN)/B", "C (ENG)/D (SCO)"])
        let status = MatchReport.statusJSON(m.state, now: m.time)
        #expect(status.contains(#""players":["A","B"],"countries":["DEN",""]"#) && status.contains(#""countries":["ENG","SCO"]"#), "\(status)")
        let export = String(decoding: MatchReport.match(m.log).bytes(), as: UTF8.self)
        #expect(export.contains(#""countries":["ENG","SCO"]"#), "\(export)")
        let plain = MatchReport.statusJSON(Match(names: ["Ann", "Bob"]).state, now: 0)
        #expect(!plain.contains("countries"), "none given, none written: \(plain)")
    }

    /// The umpire's test: a match retired at 2-1 in its first game exported `"games":[]` and
    /// nothing else of the score; the game in play is `unfinished`, as it stood.
    @Test func theExportKeepsTheGameInPlayAtARetirement() {
        let m = Match(names: ["Ann", "Bob"])
        m.take(.point(team: 0))
        m.take(.point(team: 1))
        m.take(.point(team: 0))
        m.take(.retire(team: 1))
        let export = String(decoding: MatchReport.match(m.log).bytes(), as: UTF8.self)
        #expect(export.contains(#""games":[],"unfinished":[2,1]"#), "\(export)")
        let played = Match(names: ["Ann", "Bob"])
        #expect(String(decoding: MatchReport.match(played.log).bytes(), as: UTF8.self).contains(#""unfinished":null"#))
    }

    @Test func theIntroductionNamesTheCountries() {
        func intro(_ names: [String], doubles: Bool = false) -> String {
            let m = Match(doubles: doubles, names: names)
            if doubles { m.take(.service(team: 0, server: 0, receiver: 0)) }
            return UmpireCall.text(m.state, now: m.time, court: nil)
        }
        #expect(intro(["Lin Dan (CHN)", "Lee Chong Wei (MAS)"]).hasPrefix("Ladies and gentlemen, on my right, Lee Chong Wei, Malaysia, and on my left, Lin Dan, China;"))
        #expect(intro(["Ann (Club Nord)", "Bob"]).contains("on my left, Ann, Club Nord;"), "a club is said as written")
        let pairs = intro(["A (DEN)/B (DEN)", "C (ENG)/D (SCO)"], doubles: true)
        #expect(pairs.contains("on my right, C, England, and D, Scotland, and on my left, A and B, Denmark;"), "\(pairs)")
    }
}
