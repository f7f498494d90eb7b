import Testing
import BadmintonRules
@testable import TerminiDesk

@Suite struct MatchesCSVTests {
    func read(_ text: String) throws -> MatchesCSV.Read { try MatchesCSV.read(Array(text.utf8)).get() }

    @Test func requiredColumnsInAnyOrderOptionalOnesToo() throws {
        let r = try read("""
            round,team2,match,event,team1,country1,country2,format,umpire,judge,not_before
            R2,Lee Chong Wei,12,MS,Lin Dan,CHN,MAS,3x15,Ann Umpire,Bo Judge,14:30
            F,C/D,13,XD,A/B,Club Nord,,,,,

            """)
        #expect(r.problems.isEmpty)
        #expect(r.matches.count == 2)
        let m = r.matches[0]
        #expect(m.number == "12" && m.event == "MS" && m.round == "R2")
        #expect(m.teams == [DeskTeam(players: ["Lin Dan"], country: "CHN"), DeskTeam(players: ["Lee Chong Wei"], country: "MAS")])
        #expect(m.format == MatchFormat(games: 3, points: 15, cap: 21))
        #expect(m.umpire == "Ann Umpire" && m.judge == "Bo Judge" && m.notBefore == 14 * 60 + 30)
        #expect(m.title == "Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei (MAS)")
        let d = r.matches[1]
        #expect(d.discipline == .doubles && d.teams[0].players == ["A", "B"] && d.teams[0].country == "Club Nord" && d.teams[1].country == nil)
        #expect(d.format == nil && d.umpire == nil && d.notBefore == nil)
    }

    @Test func badLinesAreReportedWithTheirNumberAndSkipped() throws {
        let r = try read("""
            match,event,round,team1,team2,format,not_before
            1,MS,R1,Ann,Bea
            2,MS,R1,,Bea
            3,MD,R1,A/B,Cy
            4,MS,R1,Ann,Bea,4x21
            1,MS,R1,Cy,Di
            5,MS,R1,Cy,Di,,25:00
            6,MS,R1,Cy,Di,,,extra
            bad number!,MS,R1,Cy,Di
            7,MD,R1,A/B/C,D/E
            8,WS,R1,Eva,Fay

            """)
        #expect(r.matches.map(\.number) == ["1", "8"])
        #expect(r.problems.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10])
        #expect(r.problems[0].description == "line 3: no team1")
        #expect(r.problems[1].reason.contains("pair"))
        #expect(r.problems[2].reason.hasPrefix("format:"))
        #expect(r.problems[3].reason == "match 1 is already on an earlier line")
        #expect(r.problems[4].reason.contains("not_before"))
        #expect(r.problems[5].reason.contains("fields"))
    }

    @Test func bomCRLFQuotesAndUTF8Names() throws {
        let text = "\u{FEFF}match,event,round,team1,team2\r\n"
            + "1,MS,R1,\"Lee, Chong Wei\",\"Søren \"\"the wall\"\" Ås\"\r\n"
            + "2,WS,\"R1\",李雪芮,Ратчанок\r\n"
            + "3,MS,R1,\"two\nlines\",Bo\r\n"
            + "4,MS,R1,\"unclosed,Bo\r\n"
        let r = try read(text)
        #expect(r.matches.count == 3)
        #expect(r.matches[0].teams[0].players == ["Lee, Chong Wei"])
        #expect(r.matches[0].teams[1].players == ["Søren \"the wall\" Ås"])
        #expect(r.matches[1].teams.map(\.name) == ["李雪芮", "Ратчанок"] && r.matches[1].round == "R1")
        // A line end inside quotes is no line end of the file; names hold no control characters.
        #expect(!r.matches[2].teams[0].name.contains("\n"))
        #expect(r.problems == [MatchesProblem(line: 6, reason: "a quote is never closed")])
    }

    /// The referee's test: an unclosed quote read the next match into its field and said only
    /// "a quote is never closed"; it names the lines it swallowed.
    @Test func anUnclosedQuoteSaysWhichLinesItSwallowed() throws {
        let text = "match,event,round,team1,team2\n1,MS,R1,\"Ann,Bo\n2,MS,R1,Cy,Di\n3,MS,R1,Ed,Flo\n"
        let r = try read(text)
        #expect(r.problems == [MatchesProblem(line: 2, reason: "a quote is never closed: lines 3-4 read into it")], "\(r.problems)")
    }

    @Test func aHeaderWithoutTheRequiredColumnsIsRefusedWhole() {
        #expect(MatchesCSV.read(Array("match,event,team1,team2\n1,MS,A,B\n".utf8)) == .failure(.missingColumns(["round"])))
        #expect(MatchesCSV.read([]) == .failure(.empty))
        #expect(MatchesCSV.read(Array("\u{FEFF}\r\n\r\n".utf8)) == .failure(.empty))
    }

    @Test func unknownColumnsAreSaidAndIgnored() throws {
        let r = try read("match,event,round,team1,team2,seed\n1,MS,R1,A,B,2\n")
        #expect(r.matches.count == 1)
        #expect(r.problems.count == 1 && r.problems[0].line == 1 && r.problems[0].reason.contains("seed"))
    }

    @Test func hostileNamesLoseTheirEscapes() throws {
        let r = try read("match,event,round,team1,team2\n1,MS,R1,\"A\u{1B}[2J\",B\n")
        #expect(!r.matches[0].teams[0].name.contains("\u{1B}"))
    }
}
