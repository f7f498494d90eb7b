@testable import Badminton
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// Cards, shuttles, stops, positions and the call in `--status`, `--status --json`,
/// `--export` and the history.
@Suite struct UmpireReportTests {
    func status(_ m: Match, at now: Double? = nil) -> String {
        let store = InMemoryStore(files: [BadmintonApp.journalFile: JournalContents.bytes(of: m.log.records)])
        return BadmintonApp.runCommand(AppOptions(["--status": "", "--json": ""]), store: store, context: AppContext(now: now ?? m.time))?.stdout ?? ""
    }

    // The whole object of a singles match, old fields and new: AppTests.statusLineAndJSONMatchTheDocumentedShape.

    @Test func doublesPositionsTheReceiverAndCards() {
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"], at: 1_000_000)
        m.take(.service(team: 0, server: 1, receiver: 1))  // Bob serves to Dan
        m.points("0")  // 1-0: Bob serves from the left to Cat
        m.take(.card(team: 1, player: 1, card: .warning))
        m.take(.shuttle)
        let json = status(m)
        #expect(json.contains("\"server\":{\"team\":0,\"player\":\"Bob\",\"court\":\"left\"},"))
        #expect(json.contains("\"receiver\":{\"team\":1,\"player\":\"Cat\",\"court\":\"left\"},"))
        #expect(json.contains("\"positions\":[[{\"player\":\"Ann\",\"court\":\"right\"},{\"player\":\"Bob\",\"court\":\"left\"}],[{\"player\":\"Cat\",\"court\":\"left\"},{\"player\":\"Dan\",\"court\":\"right\"}]],"))
        #expect(json.contains("\"cards\":[{\"team\":1,\"player\":\"Dan\",\"card\":\"warning\",\"t\":1000003}],\"shuttles\":1,"))
        #expect(json.contains("\"call\":\"Dan, warning for misconduct; 1-love\""))
    }

    @Test func noServerNoReceiverNoPositions() {
        let m = Match()
        m.score(21, 3)
        let json = status(m)
        #expect(json.contains("\"server\":null,") && json.contains("\"receiver\":null,\"positions\":null,"))
        let d = Match(doubles: true)
        #expect(status(d).contains("\"server\":null,\"left\":0,\"winner\":null,\"interval\":null,\"receiver\":null,\"positions\":null,"))
    }

    @Test func theTimerFieldForEveryClock() {
        let w = Match()
        w.take(.warmUp)
        #expect(status(w, at: w.time + 30.5).contains("\"timer\":{\"kind\":\"warm-up\",\"remaining\":90}}"))
        let i = Match()
        i.score(11, 4)
        let mid = status(i, at: i.time + 15.5)
        #expect(mid.contains("\"interval\":{\"kind\":\"mid-game\",\"remaining\":45},") && mid.contains("\"timer\":{\"kind\":\"mid-game\",\"remaining\":45}}"))
        i.take(.stop(.injury, team: 1, player: 0))
        #expect(status(i, at: i.time + 75.6).contains("\"timer\":{\"kind\":\"injury\",\"elapsed\":75}}"))
        let s = Match()
        s.take(.stop(.suspension, team: nil, player: nil))
        #expect(status(s, at: s.time + 3).contains("\"call\":\"Play is suspended\",\"timer\":{\"kind\":\"suspension\",\"elapsed\":3}}"))
    }

    @Test func theCourtNameIsTheConfigs() {
        let m = Match()
        m.score(11, 4)
        let store = InMemoryStore(files: [BadmintonApp.journalFile: JournalContents.bytes(of: m.log.records)])
        store.preferences["badminton.court"] = "2"
        let json = BadmintonApp.runCommand(AppOptions(["--status": "", "--json": ""]), store: store, context: AppContext(now: m.time + 45))?.stdout ?? ""
        #expect(json.contains("\"call\":\"Court 2, 20 seconds\""))
    }

    @Test func theStatusLineNamesCardsShuttlesAndStops() {
        let m = Match(names: ["Lin", "Lee"])
        m.points("000")
        m.take(.card(team: 1, player: 0, card: .warning))
        m.take(.card(team: 0, player: 0, card: .fault))
        m.take(.shuttle)
        m.take(.shuttle)
        #expect(MatchReport.statusLine(m.state, now: m.time) == "Lin 3-1 Lee · game 1 · Lee serves from the left court · cards: Lee yellow, Lin red · 2 shuttles")
        m.take(.stop(.injury, team: 0, player: 0))
        #expect(MatchReport.statusLine(m.state, now: m.time + 65).hasSuffix(" · 2 shuttles · injury 1:05"))
    }

    @Test func theExportHasCardsShuttlesAndStops() {
        let m = Match(names: ["Lin", "Lee"], at: 1_800_000_000)
        m.points("0")
        m.take(.card(team: 1, player: 0, card: .fault))  // 2-0
        m.take(.shuttle)
        m.take(.stop(.injury, team: 1, player: 0))
        m.time += 99
        m.take(.resume)
        let csv = MatchReport.export([m.log], as: .csv).split(separator: "\n").map(String.init)
        #expect(csv[0] == "match,started,format,discipline,team1,team2,seq,time,event,team,score1,score2,game,server,player,detail,duration,shuttles")
        #expect(csv[1].hasSuffix(",start,,0,0,1,Lin,,,,0"))
        #expect(csv[3] == "1,2027-01-15T08:00:00Z,3x21,singles,Lin,Lee,2,2027-01-15T08:00:02Z,card,Lee,2,0,1,Lin,Lee,fault,,0")
        #expect(csv[4].hasSuffix(",shuttle,,2,0,1,Lin,,,,1"))
        #expect(csv[5].hasSuffix(",stop,Lee,2,0,1,Lin,Lee,injury,,1"))
        #expect(csv[6].hasSuffix(",resume,,2,0,1,Lin,,injury,100,1"))
        let json = MatchReport.export([m.log], as: .json)
        #expect(json.contains("\"event\":\"card\",\"team\":1,\"score\":[2,0],\"game\":1,\"server\":{\"team\":0,\"player\":\"Lin\",\"court\":\"right\"},\"player\":\"Lee\",\"card\":\"fault\"}"))
        #expect(json.contains("\"event\":\"shuttle\",\"score\":[2,0],\"game\":1,\"server\":{\"team\":0,\"player\":\"Lin\",\"court\":\"right\"},\"shuttles\":1}"))
        #expect(json.contains("\"event\":\"resume\",\"score\":[2,0],\"game\":1,\"server\":{\"team\":0,\"player\":\"Lin\",\"court\":\"right\"},\"kind\":\"injury\",\"duration\":100}"))
        #expect(json.contains("\"cards\":[{\"team\":1,\"player\":\"Lee\",\"card\":\"fault\",\"t\":1800000002}],\"shuttles\":1,"
            + "\"stoppages\":[{\"kind\":\"injury\",\"team\":1,\"player\":\"Lee\",\"t\":1800000004,\"duration\":100}],"))
    }

    @Test func theHistoryLineHasCardsAndShuttles() {
        var h = Harness(options: ["--new": "", "--names": "Lin,Lee"])
        perform(h.app.newShuttle(at: h.now), on: h.store)
        h.point(0, times: 21)
        h.press(.enter)
        h.point(0, times: 20)
        perform(h.app.giveCard(.warning, team: 1, player: 0, at: h.now + 1), on: h.store)
        h.point(0)
        #expect(h.state?.isOver == true)
        let rows = h.app.historyRows(width: 120, ellipsis: "…")
        #expect(rows.first?.first?.text.hasSuffix("Lin beat Lee 21-0 21-0 · cards: Lee yellow · 1 shuttle") == true, "\(rows)")
        #expect(MatchReport.notes(h.state!) == "cards: Lee yellow · 1 shuttle")
        // Narrow: the notes go before the names are cut.
        let narrow = h.app.historyRows(width: 40, ellipsis: "…")
        #expect(narrow.first?.last?.text == "  Lin beat Lee 21-0 21-0", "\(narrow)")
    }
}
