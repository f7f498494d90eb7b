#if canImport(Glibc)
import Glibc
#endif
import Testing
import TerminiCore
import TerminiApp
import TerminiData
@testable import TerminiDesk
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiTestSupport
@testable import TerminiShell

/// The desk's screen as an app: keys to calls, every change in desk.json before it shows.
@Suite struct DeskAppTests {
    static let csv = """
        match,event,round,team1,team2,country1,country2
        1,MS,R1,Lin Dan,Lee Chong Wei,CHN,MAS
        2,WD,R1,Ann/Bea,Cy/Di,DEN,ENG
        3,MS,R2,Lin Dan,Kento Momota,CHN,JPN
        4,MS,R1,"Evil \u{1b}[31m$(rm -rf ~)",Bob

        """

    func harness(_ store: InMemoryStore = InMemoryStore(), csv: String = DeskAppTests.csv, courts: Int = 4) -> (AppHarness<DeskApp>, TempDir) {
        let dir = TempDir("desk")
        let path = dir.file("m.csv")
        FileSystemTestWrite.write(path, csv)
        store.preferences[DeskApp.courtsKey] = "\(courts)"
        var o = AppOptions()
        o.values["--matches"] = path
        return (AppHarness<DeskApp>(options: o, store: store), dir)
    }

    func saved(_ store: InMemoryStore) -> DeskState? {
        store.load(DeskState.self, from: DeskFile.name, version: DeskFile.version)
    }

    @Test func theMatchesFileIsReadIntoDeskJsonAtTheStartAndSaid() {
        let store = InMemoryStore()
        let (h, _) = harness(store)
        #expect(saved(store)?.matches.map(\.number) == ["1", "2", "3", "4"])
        #expect(h.notices.contains("matches: 4 added"))
        // A hostile name is drawn cleaned.
        let screen = h.lines(size: AppContext.standardSize).joined(separator: "\n")
        #expect(!screen.contains("\u{1b}"))
        #expect(screen.contains("Queue (4)") && screen.contains("Courts") && screen.contains("Finished (0)"))
    }

    /// The referee's test: a damaged desk.json was set aside and the desk started empty with
    /// no word of it (played matches back in the queue, ready to be called again). It now
    /// stops at a dialog that says so before anything else, and calls nothing until it is read.
    @Test func aDamagedDeskFileIsSaidBeforeAnythingElse() {
        let store = InMemoryStore()
        store.files[DeskFile.name] = Array(#"{"version":1,"state":{"matches":[{"number":"1""#.utf8)
        let (h, _) = harness(store)
        let screen = h.lines(size: AppContext.standardSize).joined(separator: "\n")
        #expect(h.app.modals.top(DialogModal<DeskApp.Action>.self) != nil, "\(screen)")
        #expect(screen.contains("desk.json could not be read"), "\(screen)")
        #expect(!store.keptAside.isEmpty, "the damaged file is kept aside, not lost")
    }

    @Test func pickAMatchPickACourtEnterCallsItAndTheDiskHasItFirst() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        let effects = h.press(.enter, .down, .enter)
        #expect(effects.contains { if case .write(file: DeskFile.name, _) = $0 { return true } else { return false } })
        #expect(saved(store)?.call(of: "1")?.court == "2")
        #expect(h.notices.last == "Match 1 called to court 2.")
        #expect(h.spoken.last == "Match 1, men's singles, round one: Lin Dan, China, and Lee Chong Wei, Malaysia, court 2.")
        #expect(h.app.desk.queue.map(\.number) == ["2", "3", "4"])
        let screen = h.lines().joined(separator: "\n")
        #expect(screen.contains("Court 2 · Match 1 MS R1 · warm-up 0:00 · Lin Dan (CHN) v"))
        let big = h.lines(size: Size(width: 198, height: 57)).joined(separator: "\n")
        #expect(big.contains("Court 2 · Match 1 MS R1: Lin Dan (CHN) v Lee Chong Wei (MAS)"))
    }

    @Test func aPlayerOnCourtIsRefusedWithTheReasonAndNothingIsSaved() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        _ = h.press(.enter, .enter)          // match 1 to court 1
        let before = store.files[DeskFile.name]
        _ = h.press(.tab, .tab, .down, .enter, .down, .enter)  // match 3 (Lin Dan again) to court 2
        #expect(h.notices.last == "Not called: Lin Dan is still on court 1 (match 1).")
        #expect(store.files[DeskFile.name] == before)
        // The queue marks him.
        #expect(h.lines().contains { $0.contains("Lin Dan on court 1") })
    }

    @Test func aPlayerInsideTheRestAsksFirstAndYesCalls() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        _ = h.press(.enter, .enter)
        var d = h.app.desk
        var r = DeskResult(match: d.match("1")!, court: "1", ending: .played, start: h.now - 600, end: h.now)
        r.games = [[21, 3], [21, 4]]
        d.finish(r)
        try? DeskFile.save(d, to: store)
        _ = h.app.reload(.keeper, store: store, context: h.context)
        h.now += 5 * 60
        // Match 3 is the second of the queue now (2, 3, 4).
        _ = h.press(.tab, .tab, .down, .enter, .enter)
        #expect(h.app.wantsAllKeys)
        #expect(h.lines().joined().contains("Lin Dan has rested 5:0") && h.lines().joined().contains("of 30 min: call anyway?"))
        #expect(saved(store)?.call(of: "3") == nil)
        _ = h.press(.char("y"))
        #expect(saved(store)?.call(of: "3")?.court == "1")
    }

    @Test func aCallIsWithdrawnBeforePlayAndAWalkoverIsMarked() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        _ = h.press(.enter, .enter)
        _ = h.press(.char("w"), .char("y"))
        #expect(saved(store)?.calls == [])
        #expect(h.app.desk.queue.count == 4)
        _ = h.press(.tab, .tab, .down, .char("o"), .char("1"))
        #expect(saved(store)?.result(of: "2")?.ended == "walkover")
        #expect(saved(store)?.result(of: "2")?.winner == 1)
        #expect(h.lines().contains { $0.contains("2 WD R1 Cy/Di beat Ann/Bea (walkover)") })
    }

    @Test func readingTheFileAgainAfterARestartKeepsCallsAndResults() {
        let store = InMemoryStore()
        var (h, dir) = harness(store)
        _ = h.press(.enter, .enter)
        _ = h.press(.tab, .tab, .down, .char("o"), .char("2"))
        let before = saved(store)
        FileSystemTestWrite.write(dir.file("m.csv"), DeskAppTests.csv + "5,WS,R1,Zoe,Yan\n")
        var o = AppOptions()
        o.values["--matches"] = dir.file("m.csv")
        let again = AppHarness<DeskApp>(options: o, store: store)
        #expect(again.notices.contains("matches: 1 added"))
        #expect(saved(store)?.calls == before?.calls)
        #expect(saved(store)?.results == before?.results)
        #expect(saved(store)?.matches.count == 5)
    }

    @Test func theCourtsCopiesFinishACalledMatch() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        _ = h.press(.enter, .enter)
        let m = Match(names: ["Lin Dan", "Lee Chong Wei"], at: h.now + 60)
        m.score(21, 9)
        m.take(.nextGame)
        m.score(21, 7)
        store.files[CourtFiles(court: "1").history] = HistoryEntry(events: m.log.effective).line
        _ = h.carry(h.app.filesChanged([CourtFiles(court: "1").history], store: store, context: h.context))
        #expect(saved(store)?.result(of: "1")?.games == [[21, 9], [21, 7]])
        #expect(h.notices.last?.hasPrefix("Match 1 finished: 1 MS R1 Lin Dan beat Lee Chong Wei 21-9 21-7") == true)
    }

    @Test func theHealthCountsALateCallInTheTitle() {
        var (h, _) = harness()
        _ = h.press(.enter, .enter)
        #expect(h.app.title(context: h.context) == "Desk")
        h.now += DeskApp.defaultLate + 1
        #expect(h.app.title(context: h.context) == "Desk · 1 to look at")
        #expect(h.lines().contains { $0.contains("not begun") })
    }

    @Test func aCourtsLiveScoreAndAnOpenInjuryAreShownAndCounted() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        _ = h.press(.enter, .enter)
        let m = Match("1x21", names: ["Lin Dan", "Lee Chong Wei"], at: h.now + 60)
        m.score(20, 3)
        _ = m.take(.stop(.injury, team: 1, player: 0))
        store.files[CourtFiles(court: "1").journal] = m.log.effective.flatMap { $0.line + [0x0a] }
        h.now = m.time + 5
        _ = h.carry(h.app.filesChanged([CourtFiles(court: "1").journal], store: store, context: h.context))
        // Begun: the call has its start (the hall's retained call is cleared from it).
        #expect(saved(store)?.call(of: "1")?.startedAt == m.log.startedAt)
        #expect(h.app.title(context: h.context) == "Desk · 1 to look at")
        let big = h.lines(size: Size(width: 198, height: 57)).joined(separator: "\n")
        #expect(big.contains("Lin Dan 20-3 Lee Chong Wei"), "\(big)")
        #expect(big.contains("injury 0:0"), "\(big)")
        #expect(big.contains("MATCH POINT Lin Dan"), "\(big)")
    }

    /// The referee's test: `r` at the desk marked a match retired while its court, online,
    /// played on (the desk's result 1-0 retired, the court's 21-0 played). A match in play on a
    /// court the desk hears is retired by its umpire (x); the desk marks it only for a court it
    /// does not hear.
    @Test func aMatchInPlayOnACourtHeardIsRetiredByItsUmpire() {
        let store = InMemoryStore()
        var (h, _) = harness(store)
        _ = h.press(.enter, .enter)
        let m = Match("1x21", names: ["Lin Dan", "Lee Chong Wei"], at: h.now + 60)
        m.score(1, 0)
        store.files[CourtFiles(court: "1").journal] = m.log.effective.flatMap { $0.line + [0x0a] }
        h.now = m.time + 5
        _ = h.carry(h.app.filesChanged([CourtFiles(court: "1").journal], store: store, context: h.context))
        while h.app.focus != .courts { _ = h.press(.tab) }
        var ctx = h.context
        ctx.hall = HallView(courts: ["1": CourtLink(online: true, heardAt: h.now)])
        let said = h.app.askEnding(retired: true, ctx)
        #expect(h.app.modals.isEmpty, "no dialog: the umpire retires it")
        #expect(said.contains(.notice("Match 1 is in play on court 1: its umpire records a retirement there (x), and the result comes from the court.")), "\(said)")
        ctx.hall = HallView(courts: ["1": CourtLink(online: false)])
        _ = h.app.askEnding(retired: true, ctx)
        #expect(!h.app.modals.isEmpty, "a court the desk does not hear: the desk may mark it")
    }

    /// The referee's test: after a restart with ten results the Finished pane at 80x24 showed
    /// the oldest four and hid the newest. The newest comes first and is picked.
    @Test func theFinishedPaneOpensOnTheNewest() {
        var (h, _) = harness()
        for n in ["1", "2", "3", "4"] { _ = h.app.perform(.walkover(n, absent: 1), context: h.context) }
        let lines = h.lines(size: AppContext.standardSize)
        guard let title = lines.firstIndex(where: { $0.contains("Finished (4)") }) else { Issue.record("\(lines)"); return }
        #expect(lines[title + 1].contains("4 MS R1"), "\(lines.joined(separator: "\n"))")
        #expect(lines[title + 1].contains("▸"), "the newest is picked")
    }

    /// The referee's test: a court never heard read `Court 99 [○ not]` on the one-line form.
    @Test func aCourtNeverHeardSaysSoWhole() {
        let (h, _) = harness()
        var ctx = h.context
        ctx.hall = HallView(courts: ["1": CourtLink(online: true, heardAt: h.now), "9": CourtLink()])
        let (head, _, _) = DeskView(app: h.app, context: ctx, theme: .builtinDefault).courtText("9", h.app.health(ctx), short: true)
        #expect(head.hasPrefix("Court 9 [○ not heard]"), "\(head)")
    }

    @Test func aCourtOfflineIsCountedAndItsAnswerShown() {
        var (h, _) = harness()
        _ = h.press(.enter, .enter)
        var ctx = h.context
        var one = CourtLink(online: true)
        one.call = CallAnswer(id: h.app.desk.hallCall(h.app.desk.calls[0])?.id ?? "", match: "1", state: "next")
        ctx.hall = HallView(courts: ["1": one, "3": CourtLink(online: false)])
        #expect(h.app.health(ctx).offline == ["3"])
        #expect(h.app.title(context: ctx) == "Desk · 1 to look at")
        #expect(h.app.status(context: ctx)?.hasSuffix("no hall") == false)
        var canvas = Canvas(size: AppContext.standardSize)
        h.app.render(in: Rect(AppContext.standardSize), on: &canvas, theme: .builtinDefault, context: ctx)
        let screen = canvas.lines.joined(separator: "\n")
        #expect(screen.contains("Court 1 [● online] · Match 1 MS R1 · next · warm-up"), "\(screen)")
        #expect(screen.contains("Court 3 [○ offline] · free"), "\(screen)")
    }

    @Test func theDesksOwnLinkDownIsCountedAndACallMadeThenSaysItIsSentLater() {
        let (h, _) = harness()
        var ctx = h.context
        var one = CourtLink(online: false)
        one.unknown = true
        ctx.hall = HallView(link: HallLink(state: .offline), courts: ["1": one])
        let health = h.app.health(ctx)
        #expect(health.deskOffline && health.offline.isEmpty && health.count == 1)
        #expect(h.app.title(context: ctx) == "Desk · 1 to look at")
        #expect(one.text(now: ctx.now, unicode: false) == "? unknown")
        var app = h.app
        let said = app.call("1", court: "2", confirmed: Set(CallQuestion.allCases), context: ctx).compactMap { e -> String? in
            if case .notice(let t) = e { return t } else { return nil }
        }
        #expect(said == ["Match 1 called to court 2: saved, sent when the hall is back."])
    }

    @Test func itFitsEightyByTwentyFourAndUsesTwoHundredBySixty() {
        var (h, _) = harness(courts: 8)
        _ = h.press(.enter, .enter)
        let small = h.lines(size: AppContext.standardSize)
        #expect(small.count == 21 && small.allSatisfy { DisplayWidth.of($0) <= 78 })
        let big = h.lines(size: Size(width: 198, height: 57))
        // Side by side: the three titles on the first row.
        #expect(big[0].contains("Queue") && big[0].contains("Courts") && big[0].contains("Finished"))
        h.unicode = false
        #expect(h.lines().allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }
}

/// A file written for a test (outside any store).
enum FileSystemTestWrite {
    static func write(_ path: String, _ text: String) {
        let bytes = Array(text.utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}
