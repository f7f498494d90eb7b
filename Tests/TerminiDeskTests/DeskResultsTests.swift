import Foundation
import Testing
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiStore
import TerminiTestSupport
@testable import TerminiDesk

@Suite struct DeskResultsTests {
    static let t0 = 1_800_000_000.0
    let m12 = DeskMatch(number: "12", event: "MS", round: "R2",
                        teams: [DeskTeam(players: ["Lin Dan"], country: "CHN"), DeskTeam(players: ["Lee, Chong Wei"], country: "MAS")],
                        umpire: "Ann", judge: "=Bo")

    func finished() -> MatchLog {
        let m = Match(names: ["Lin Dan", "Lee, Chong Wei"], at: Self.t0)
        m.score(21, 15)
        m.take(.nextGame)
        m.take(.shuttle)
        m.take(.card(team: 1, player: 0, card: .warning))
        m.score(18, 21)
        m.take(.nextGame)
        m.score(21, 5)
        return m.log
    }

    @Test func aPlayedMatchFromTheCourtsJournal() throws {
        let log = finished()
        let r = try #require(DeskResult(match: m12, court: "3", log: log))
        #expect(r.winner == 0 && r.ended == "played" && r.endedBy == nil)
        #expect(r.games == [[21, 15], [18, 21], [21, 5]] && r.score == "21-15 18-21 21-5")
        #expect(r.start == Self.t0 && r.end == log.effective.last!.time && r.duration == r.end - Self.t0)
        #expect(r.shuttles == 1)
        #expect(r.cards == [DeskCard(team: 1, player: "Lee, Chong Wei", card: "warning", game: 2)])
        #expect(r.umpire == "Ann" && r.judge == "=Bo")
        let unfinished = Match(names: ["A", "B"])
        unfinished.score(3, 2)
        #expect(DeskResult(match: m12, court: "3", log: unfinished.log) == nil)
    }

    @Test func csvHasEveryColumnAndQuotesWhatNeedsIt() throws {
        let r = try #require(DeskResult(match: m12, court: "3", log: finished()))
        let w = DeskResult(match: m12, court: nil, ending: .walkover(0), start: nil, end: Self.t0 + 60)
        let csv = DeskResultsWriter.write([r, w], as: .csv)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines[0] == "match,event,round,court,team1,country1,team2,country2,winner,games,ended,ended by,start,end,duration (h:mm),shuttles,umpire,judge,cards")
        #expect(lines[1] == "12,MS,R2,3,Lin Dan,CHN,\"Lee, Chong Wei\",MAS,Lin Dan,21-15 18-21 21-5,played,,"
            + "\(MatchReport.isoTime(Self.t0)),\(MatchReport.isoTime(r.end)),\(DeskResultsWriter.hoursMinutes(r.duration!)),1,Ann,\"'=Bo\",\"Lee, Chong Wei yellow (game 2)\"")
        #expect(lines[2] == "12,MS,R2,,Lin Dan,CHN,\"Lee, Chong Wei\",MAS,\"Lee, Chong Wei\",,walkover,Lin Dan,,\(MatchReport.isoTime(Self.t0 + 60)),,0,Ann,\"'=Bo\",")
        #expect(lines.count == 3)
    }

    /// A duration is hours and minutes (`1:05`), never minutes and seconds that read as hours.
    @Test func durationsAreHoursAndMinutes() {
        #expect(DeskResultsWriter.hoursMinutes(42 * 60 + 20) == "0:42" && DeskResultsWriter.hoursMinutes(65 * 60) == "1:05")
        #expect(DeskResultsWriter.hoursMinutes(0) == "0:00" && DeskResultsWriter.hoursMinutes(2 * 3600 + 59 * 60 + 40) == "3:00")
    }

    @Test func jsonReadsBackAsJSON() throws {
        let r = try #require(DeskResult(match: m12, court: "3", log: finished()))
        let text = DeskResultsWriter.write([r], as: .json)
        let any = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let first = try #require((any?["results"] as? [[String: Any]])?.first)
        #expect(first["match"] as? String == "12" && first["winner"] as? Int == 1 && first["ended"] as? String == "played")
        #expect(first["games"] as? [[Int]] == [[21, 15], [18, 21], [21, 5]])
        #expect(first["shuttles"] as? Int == 1 && first["judge"] as? String == "=Bo")
        #expect((first["cards"] as? [[String: Any]])?.first?["card"] as? String == "warning")
        #expect(DeskResultsWriter.write([], as: .json) == "{\"results\":[]}\n")
    }

    @Test func theDesksFileKeepsQueueCallsAndResultsThroughARestart() throws {
        let dir = TempDir("desk")
        var d = DeskState(matches: [m12, DeskMatch(number: "13", event: "WS", round: "F", teams: [DeskTeam(players: ["A"]), DeskTeam(players: ["B"])])])
        _ = d.call("13", court: "1", at: Self.t0, rest: 0)
        d.finish(try #require(DeskResult(match: m12, court: "3", log: finished())))
        do {
            let store = FileStore(directory: dir.path)
            try DeskFile.save(d, to: store)
        }
        // A new process reads what the last one saved.
        let again = DeskFile.load(from: FileStore(directory: dir.path))
        #expect(again == d)
        #expect(DeskFile.load(from: FileStore(directory: TempDir("empty").path)) == DeskState())
    }

    @Test func aDamagedOrForgedFileStartsAnEmptyDeskAndSaysSo() throws {
        let store = InMemoryStore()
        store.files[DeskFile.name] = Array("{\"format\":1,\"data\":{\"matches\":[{\"number\":\"1\",\"event\":\"MS\",\"round\":\"R1\",\"teams\":[{\"players\":[\"A\"]}]}],\"calls\":[],\"results\":[]}}".utf8)
        #expect(DeskFile.load(from: store) == DeskState())
        #expect(store.takeNotices().contains { $0.contains("desk.json") })
        store.files[DeskFile.name] = Array("garbage".utf8)
        #expect(DeskFile.load(from: store) == DeskState())
    }
}
