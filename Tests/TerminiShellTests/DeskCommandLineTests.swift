import Testing
import TerminiApp
@testable import TerminiDesk
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiTestSupport
@testable import TerminiShell

@Suite struct DeskCommandLineTests: ParsesCommandLines {

    @Test func theResultsForm() {
        let r = parsed("desk", "--hall", "mqtt://desk.local", "--results", "csv")
        #expect(r?.command == "desk" && r?.app == nil)
        #expect(r?.appOptions.values == ["--hall": "mqtt://desk.local", "--results": "csv"])
        let call = parsed("desk", "--hall", "mqtt://h", "--call", "12", "--court", "3", "--matches", "m.csv", "--wait", "5").map { DeskOptions($0.appOptions) }
        #expect(call?.call == "12" && call?.court == "3" && call?.matches == "m.csv" && call?.wait == "5")
        #expect(parsed("desk", "--scoresheet", "12").map { DeskOptions($0.appOptions).scoresheet } == "12")
        #expect(parsed("desk", "--hall=mqtt://h", "--results", "json")?.appOptions.values["--results"] == "json")
        #expect(parsed("desk", "--results", "json", "--config-dir", "/tmp/d")?.configDir == "/tmp/d")
    }

    @Test func theDeskReadsItsOptionsOnce() {
        #expect(DeskOption.isTheTable(DeskCommand.descriptor.options))
        #expect(optionsUnread(DeskOption.self, by: DeskOptions.init) == [])
        let o = parsed("desk", "--hall", "mqtt://h", "--hall-credentials", "desk.creds", "--results=json").map { DeskOptions($0.appOptions) }
        #expect(o?.hall == "mqtt://h" && o?.hallCredentials == "desk.creds" && o?.results == "json")
    }

    @Test func badDeskCommandLinesAreUsageErrors() {
        #expect(error("desk") == nil)
        #expect(error("desk", "--call", "12") == "--call MATCH needs --court N")
        #expect(error("desk", "--court", "3")?.contains("--court goes with --call") == true)
        #expect(error("desk", "--call", "1", "--court", "a/b")?.contains("not a court's name") == true)
        #expect(error("desk", "--call", "$(x)", "--court", "1")?.contains("not a match number") == true)
        #expect(error("desk", "--call", "1", "--court", "1", "--results", "csv") == "--call, --results and --scoresheet go one at a time")
        #expect(error("desk", "--call", "1", "--court", "1", "--wait", "0")?.contains("--wait takes seconds") == true)
        #expect(error("desk", "--wait", "5")?.contains("--wait goes with --call") == true)
        #expect(error("desk", "--matches", "m.csv", "--results", "csv")?.contains("--matches goes with") == true)
        #expect(error("desk", "--matches") != nil)
        #expect(error("desk", "--scoresheet")?.contains("needs the number of a finished match") == true)
        #expect(error("desk", "--results", "xml")?.contains("csv or json") == true)
        #expect(error("desk", "--watch") == "'--watch' is not an option of desk")
        #expect(error("badminton", "--results", "csv") == "'--results' is not an option of badminton")
        #expect(error("--results", "csv")?.contains("termini desk --results") == true)
        #expect(error("desk", "badminton") != nil)
        #expect(error("desk", "--results", "csv", "--hall", "http://h")?.contains("mqtt://") == true)
    }

    @Test func helpAndCompletionsKnowTheDesk() {
        let help = CommandLineParser.helpText(for: "desk") ?? ""
        #expect(help.contains("Options of desk (termini desk ...):"))
        #expect(CommandLineParser.helpText.contains("desk"))
        for o in DeskCommand.descriptor.options { #expect(help.contains(o.usage)) }
        for shell in Completions.Shell.allCases {
            let script = Completions.script(for: shell)
            #expect(script.contains("desk") && script.contains("results") && script.contains("hall-credentials"))
        }
    }

    @Test func resultsHoldWhatTheDeskKeptAndWhatTheRecordedCourtsFinished() throws {
        let t0 = 1_800_000_000.0
        var desk = DeskState(matches: [
            DeskMatch(number: "1", event: "MS", round: "R1", teams: [DeskTeam(players: ["Ann"]), DeskTeam(players: ["Bea"])]),
            DeskMatch(number: "2", event: "WS", round: "R1", teams: [DeskTeam(players: ["Cy"]), DeskTeam(players: ["Di"])]),
        ])
        _ = desk.call("1", court: "1", at: t0, rest: 0)
        _ = desk.call("2", court: "2", at: t0, rest: 0)
        _ = desk.walkover("2", absent: 0, at: t0 + 60)
        let store = InMemoryStore()
        try DeskFile.save(desk, to: store)
        // Court 1's copy, as the recording desk keeps it: the called match, played out.
        let m = Match(names: ["Ann", "Bea"], at: t0 + 100)
        m.score(21, 9)
        m.take(.nextGame)
        m.score(21, 7)
        store.files[CourtFiles(court: "1").history] = HistoryEntry(events: m.log.effective).line
        let out = DeskCommand.results(.csv, store: store)
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.count == 3 && out.status == 0)
        #expect(lines[1].hasPrefix("2,WS,R1,2,Cy,,Di,,Di,,walkover,"))
        #expect(lines[2].hasPrefix("1,MS,R1,1,Ann,,Bea,,Ann,21-9 21-7,played,"))
        #expect(DeskCommand.results(.json, store: InMemoryStore()).stdout == "{\"results\":[]}\n")
    }
}
