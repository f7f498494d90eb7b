@testable import Badminton
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// Carries out effects the app returned outside a key (an umpire's action called directly),
/// with the shell's own executor, on `store`.
@discardableResult
func perform(_ effects: [AppEffect], on store: InMemoryStore) -> [AppEffect] {
    let executor = EffectExecutor(store: store, preferences: InMemoryPreferences(store))
    executor.perform(effects)
    executor.flush()
    return effects
}

/// The scoreboard on the shell's harness: a second between keys, history times in UTC.
typealias Harness = AppHarness<BadmintonApp>

extension AppHarness where App == BadmintonApp {
    init(store: InMemoryStore = InMemoryStore(), options: [String: String] = [:], now: Double = 1_800_000_000, unicode: Bool = true) {
        self.init(options: AppOptions(options), store: store, now: now, unicode: unicode)
        app.zone = .fixed(0)
        step = 1
    }

    var state: MatchState? { app.log?.state }

    /// Presses the point key of the half `team` plays on, `times` times.
    mutating func point(_ team: Int, times: Int = 1) {
        for _ in 0..<times { press(state?.left == team ? .left : .right) }
    }

    /// The scoreboard drawn at `width`×`height`.
    func board(width: Int = 78, height: Int = 21, theme: Theme = .builtinDefault) -> Canvas {
        canvas(size: Size(width: width, height: height), theme: theme)
    }

    var journal: [MatchEvent] { JournalContents.read(store.files[BadmintonApp.journalFile] ?? []).events }

    var setupForm: SetupForm? { app.modals.top(SetupForm.self) }
    var endMenu: EndMenu? { app.modals.top(EndMenu.self) }
    var question: Dialog? { app.modals.top(DialogModal<BadmintonApp.Action>.self)?.dialog }
    var historyOpen: Bool { app.modals.top(PanelModal<BadmintonApp.Action>.self) != nil }
}

@Suite struct AppTests {
    @Test func firstStartAsksForAMatchAndRemembersTheChoices() {
        var h = Harness()
        #expect(h.app.log == nil)
        #expect(h.app.wantsAllKeys, "the setup dialog is open")
        h.press(.down, .right)  // doubles
        h.press(.down, .ctrl("u"))
        for c in "Ann/Bob" { h.press(.char(c)) }
        h.press(.down, .ctrl("u"))
        for c in "Cat/Dan" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.state?.discipline == .doubles)
        #expect(h.state?.teams.map(\.name) == ["Ann/Bob", "Cat/Dan"])
        #expect(h.store.preferences["badminton.names"] == "Ann/Bob,Cat/Dan")
        #expect(h.store.preferences["badminton.discipline"] == "doubles")
        #expect(h.store.preferences["badminton.format"] == "3x21")
        #expect(h.journal.count == 1)
        // The next setup dialog starts from them.
        h.press(.char("n"))
        guard let form = h.setupForm else {
            Issue.record("no setup dialog")
            return
        }
        #expect(form.discipline == .doubles && form.names.map(\.text) == ["Ann/Bob", "Cat/Dan"])
    }

    @Test func setupRejectsBadInput() {
        var h = Harness()
        h.press(.ctrl("u"))
        for c in "4x21" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.app.log == nil, "4x21 is not a format")
        if let form = h.setupForm { #expect(form.error?.contains("odd") == true) }
        h.press(.right)  // back to a preset
        h.press(.enter)
        #expect(h.state?.format.description == "3x21")
    }

    /// `--new` without `--format` is 3x21, as `--help` says, whatever the setup dialog chose
    /// last; the dialog (n) offers the last one chosen (issue 23, item 4).
    @Test func newWithoutAFormatIsThreeGamesOfTwentyOne() {
        let store = InMemoryStore()
        store.preferences["badminton.format"] = "1x21"
        let h = Harness(store: store, options: ["--new": ""])
        #expect(h.state?.format.description == "3x21")
        let f = Harness(store: store, options: ["--new": "", "--format": "5x11"])
        #expect(f.state?.format.description == "5x11")
        let fresh = InMemoryStore()
        fresh.preferences["badminton.format"] = "1x21"
        let d = Harness(store: fresh)
        #expect(d.setupForm?.format.text == "1x21", "the dialog starts from the last format chosen")
    }

    @Test func everyRallyIsAppendedBeforeItIsShown() {
        var h = Harness(options: ["--new": ""])
        let effects = h.press(.left)
        #expect(effects.count == 1)
        guard case .append(let file, let bytes)? = effects.first else {
            Issue.record("no append: \(effects)")
            return
        }
        #expect(file == "badminton-match.jsonl")
        #expect(MatchEvent.parse(line: bytes.dropLast()) == MatchEvent(.point(team: 0), at: h.now))
        h.press(.char("a"), .char("z"), .pageUp, .right, .char("l"), .char("m"), .pageDown)
        #expect(h.state?.score == [4, 4])
        h.press(.char("u"), .backspace)
        #expect(h.state?.score == [4, 2])
        h.press(.char("y"))
        #expect(h.state?.score == [4, 3])
        h.press(.ctrl("r"))
        #expect(h.state?.score == [4, 4])
        // A restart replays the journal to exactly the same state.
        let again = Harness(store: h.store, now: h.now + 5)
        #expect(again.state == h.state)
        #expect(again.app.log?.redoable == h.app.log?.redoable)
    }

    /// Issue 23, item 7: mid-game `s` asks first (No is the default, so Enter or Esc leaves the
    /// ends); before a game's first rally and between games it changes them at once.
    @Test func swappingEndsMidGameAsksFirst() {
        var h = Harness(options: ["--new": ""])
        h.point(0)
        h.press(.char("s"))
        #expect(h.question?.title == "Change ends now?" && h.state?.left == 0, "asked, nothing changed")
        h.press(.enter)
        #expect(h.question == nil && h.state?.left == 0, "Enter: No")
        h.press(.char("s"), .escape)
        #expect(h.state?.left == 0)
        h.press(.char("s"), .char("y"))
        #expect(h.question == nil && h.state?.left == 1 && h.journal.last?.action == .swapEnds)
        h.point(1, times: 21)
        #expect(h.state?.phase == .gameOver)
        h.press(.char("s"))
        #expect(h.question == nil, "between games: at once")
    }

    @Test func pointsGoToTheTeamOnThatHalf() {
        var h = Harness(options: ["--new": ""])
        h.press(.char("s"))
        #expect(h.state?.left == 1)
        h.press(.left)
        #expect(h.state?.score == [0, 1], "team 1 is on the left now")
    }

    @Test func enterStartsTheNextGameAndScoreKeysWaitForIt() {
        var h = Harness(options: ["--new": ""])
        h.press(.left, times: 21)
        #expect(h.state?.phase == .gameOver)
        let ignored = h.press(.left)
        #expect(ignored == [.bell])
        #expect(h.state?.score == [21, 0])
        // One key: the next game, and the interval with it ends (play is called).
        h.press(.enter)
        #expect(h.state?.phase == .playing && h.state?.gameNumber == 2)
        #expect(h.app.visibleInterval(at: h.now) == nil, "the interval between games ends with Enter")
    }

    @Test func intervalCountdownAsksForATickOnceASecond() {
        var h = Harness(options: ["--new": ""])
        #expect(h.deadline == nil)
        h.press(.left, times: 11)
        let start = h.now
        #expect(h.deadline == start + 1)
        h.tick(at: start + 1)
        #expect(h.deadline == start + 2)
        h.tick(at: start + 39.5)
        let bell = h.tick(at: start + 40)
        #expect(bell == [.bell], "the 20-second call")
        let end = h.tick(at: start + 60)
        #expect(end == [.bell])
        #expect(h.deadline == start + 61, "past its end the interval counts its overrun once a second")
        h.tick(at: start + 60 + MatchTimer.overrunLimit)
        #expect(h.deadline == nil, "no CPU an hour after the interval's end")
    }

    @Test func aRunningIntervalResumesWithItsRemainingTime() {
        var h = Harness(options: ["--new": ""])
        h.point(0, times: 11)
        let again = Harness(store: h.store, now: h.now + 25.5)
        #expect(again.app.visibleInterval(at: again.now)?.shownSeconds(at: again.now) == 35)
        #expect(again.deadline == h.now + 26)
        #expect(again.board().text.contains("0:35 left"), "\(again.board().text)")
        let later = Harness(store: h.store, now: h.now + 61)
        #expect(later.app.visibleInterval(at: later.now)?.timer.isOverrunning(at: later.now) == true && later.deadline == h.now + 62)
        #expect(later.board().text.contains("+0:01 over"), "\(later.board().text)")
        let stale = Harness(store: h.store, now: h.now + 60 + MatchTimer.overrunLimit)
        #expect(stale.app.visibleInterval(at: stale.now) == nil && stale.deadline == nil)
    }

    @Test func doublesServiceChoice() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        #expect(h.state?.phase == .choosingService)
        #expect(h.press(.left) == [.bell])
        h.press(.char("2"), .char("4"), .enter)
        #expect(h.state?.serverName() == "Bob" && h.state?.receiverName() == "Dan")
        let s = h.board().text
        #expect(s.contains("🏸 Bob serves") && s.contains("from the RIGHT court"), "\(s)")
        #expect(s.contains("Dan receives") && s.contains("in the right court"), "\(s)")
    }

    @Test func newMatchMovesTheOldOneToTheHistory() {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        h.point(0, times: 21)
        h.press(.enter)
        h.point(0, times: 21)
        #expect(h.state?.isOver == true)
        h.press(.char("n"))
        h.press(.enter)
        let lines = (h.store.files[BadmintonApp.historyFile] ?? []).split(separator: 0x0a)
        #expect(lines.count == 1)
        #expect(h.app.pastMatches().count == 1 && h.app.pastMatches()[0].outcome.first == "Red")
        #expect(h.state?.score == [0, 0] && h.state?.hasRallies == false)
        h.press(.char("h"))
        #expect(h.board().text.contains("2027-01-15 08:00  3x21       1 min   Red beat Blue 21-0 21-0"), "\(h.board().text)")
        h.press(.escape)
        #expect(h.app.modals.isEmpty)
    }

    @Test func newMatchWhilePlayingAsksFirst() {
        var h = Harness(options: ["--new": ""])
        h.press(.left)
        h.press(.char("n"))
        guard h.question != nil else {
            Issue.record("no confirmation")
            return
        }
        h.press(.enter)  // "Keep playing" has the focus
        #expect(h.app.modals.isEmpty && h.state?.score == [1, 0])
    }

    @Test func retireFromTheMenu() {
        var h = Harness(options: ["--new": ""])
        h.press(.left)
        h.press(.char("x"))
        h.press(.char("3"))
        #expect(!h.app.modals.isEmpty, "walkover is not possible after a rally")
        h.press(.char("2"))
        // The umpire's test: a digit alone ended the match while the bar said Enter did.
        #expect(!h.app.modals.isEmpty && h.state?.ending == nil, "a digit chooses; Enter ends")
        h.press(.enter)
        #expect(h.state?.ending == .retired(1) && h.state?.winner == 0)
        #expect(h.board().text.contains("Red wins: Blue retired"))
        h.press(.char("u"))
        #expect(h.state?.isOver == false)
    }

    @Test func editNames() {
        var h = Harness(options: ["--new": ""])
        h.press(.char("e"), .ctrl("u"))
        for c in "Lee" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.state?.teams[0] == TeamInfo(name: "Lee", players: ["Lee"]))
        #expect(h.journal.last?.action == .names([TeamInfo(name: "Lee", players: ["Lee"]), TeamInfo(name: "Blue", players: ["Blue"])]))
    }

    @Test func editNamesAfterAChangeOfEndsEditsTheLeftSideFirst() {
        var h = Harness(options: ["--new": ""])
        h.press(.char("s"), .char("e"), .ctrl("u"))
        for c in "Kim" { h.press(.char(c)) }
        h.press(.enter)
        #expect(h.state?.teams.map(\.name) == ["Red", "Kim"], "Blue was on the left")
    }

    @Test func damagedJournalRecoversEveryCompleteEvent() {
        var h = Harness(options: ["--new": ""])
        h.press(.left, .left, .right)
        var bytes = h.store.files[BadmintonApp.journalFile] ?? []
        bytes += Array("{\"e\":\"point\",\"t\":18000".utf8)  // cut off mid-write
        let store = InMemoryStore(files: [BadmintonApp.journalFile: bytes])
        let again = Harness(store: store)
        #expect(again.state?.score == [2, 1])
        #expect(store.keptAside.count == 1)
        let notices = again.notices.joined(separator: "\n")
        #expect(notices.contains("Recovered 4 events"), "\(notices)")
        let rewritten = JournalContents.read(store.files[BadmintonApp.journalFile] ?? [])
        #expect(!rewritten.damaged && rewritten.events.count == 4)
    }

    /// Apps never write: reading a damaged journal changes nothing on disk; its recovery is
    /// the keeper's first effects, carried out as every save is.
    @Test func readingADamagedJournalWritesNothingAndItsRecoveryIsAnEffect() {
        var h = Harness(options: ["--new": ""])
        h.press(.left, .left, .right)
        let whole = h.store.files[BadmintonApp.journalFile] ?? []
        let damaged = whole + Array("{\"e\":\"point\",\"t\":18000".utf8)
        for bytes in [damaged, Array("garbage\n".utf8)] {
            let store = InMemoryStore(files: [BadmintonApp.journalFile: bytes])
            var app = BadmintonApp(options: AppOptions(), store: store, context: AppContext(now: 1_800_000_100))
            #expect(store.files == [BadmintonApp.journalFile: bytes] && store.keptAside.isEmpty && store.writeCount == 0,
                    "the journal as it was until the effects are carried out")
            let effects = app.start(context: AppContext(now: 1_800_000_100))
            let recovery = effects.first { if case .replaceDamaged = $0 { return true }; if case .keepAside = $0 { return true }; return false }
            if bytes == damaged {
                #expect(recovery == .replaceDamaged(file: BadmintonApp.journalFile, reason: "The match journal was damaged (1 line could not be read)",
                                                    bytes: whole))
            } else {
                #expect(recovery == .keepAside(file: BadmintonApp.journalFile, reason: "The match journal was damaged (1 line could not be read)"))
            }
            #expect(store.keptAside.isEmpty)
        }
        // A watcher recovers nothing, and a copy another termini keeps is given nothing to do.
        let followed = InMemoryStore(files: [BadmintonApp.journalFile: damaged])
        followed.keeping = .following
        var follower = BadmintonApp(options: AppOptions(), store: followed, context: AppContext(now: 1_800_000_100))
        #expect(follower.start(context: AppContext(now: 1_800_000_100)).isEmpty && followed.keptAside.isEmpty)
        var watcher = BadmintonApp(options: AppOptions(["--watch": ""]), store: followed, context: AppContext(now: 1_800_000_100))
        #expect(watcher.start(context: AppContext(now: 1_800_000_100)).isEmpty && followed.keptAside.isEmpty)
    }

    /// The reader an app is given cannot change a file (`StateReader` has no write of any kind);
    /// what must outlive a full disk the app names, and the keeper's store holds it.
    @Test func theHistoryIsTheAppendKeptUntilSaved() {
        let store = InMemoryStore()
        let keeper = BadmintonApp(options: AppOptions(["--court": "3"]), store: store, context: AppContext(now: 1_800_000_100))
        #expect(keeper.appendsKeptUntilSaved == ["badminton-3-history.jsonl"])
        for watch in [["--watch": ""], ["--watch": "", "--all": ""]] {
            #expect(BadmintonApp(options: AppOptions(watch), store: store, context: AppContext(now: 1_800_000_100)).appendsKeptUntilSaved.isEmpty)
        }
    }

    @Test func garbageJournalIsKeptAsideAndTheUserAsked() {
        let store = InMemoryStore(files: [BadmintonApp.journalFile: Array("garbage\n".utf8)])
        let h = Harness(store: store)
        #expect(h.app.log == nil && store.keptAside.count == 1)
        #expect(h.notices.contains { $0.contains("No event") })
        #expect(h.app.wantsAllKeys)
    }

    @Test func secondInstanceWatchesReadOnly() {
        var keeper = Harness(options: ["--new": ""])
        keeper.press(.left, .left)
        let store = InMemoryStore(files: keeper.store.files)
        store.foreignLocks = ["badminton"]
        var watcher = Harness(store: store)
        // The shell says "read-only" in the title bar and follows the kept files (KeeperTests).
        #expect(watcher.app.watching && watcher.app.status(context: watcher.context) == "watching")
        #expect(watcher.app.keptFiles.contains(BadmintonApp.journalFile) && watcher.app.watchedFiles.isEmpty)
        let effects = watcher.press(.left, .char("u"), .char("n"))
        #expect(effects.isEmpty, "a watcher never writes")
        #expect(watcher.state?.score == [2, 0])
        keeper.press(.right)
        store.files = keeper.store.files
        _ = watcher.app.reload(.following, store: store, context: AppContext(now: keeper.now))
        #expect(watcher.state?.score == [2, 1])
        // Half a line (the keeper mid-write) is skipped until it is whole.
        store.files[BadmintonApp.journalFile]? += Array("{\"e\":\"poi".utf8)
        _ = watcher.app.reload(.following, store: store, context: AppContext(now: keeper.now))
        #expect(watcher.state?.score == [2, 1])
        #expect(store.keptAside.isEmpty)
    }

    @Test func watchOptionNeverLocks() {
        let store = InMemoryStore()
        let h = Harness(store: store, options: ["--watch": ""])
        #expect(h.app.watching && store.locks.isEmpty)
        #expect(h.board().text.contains("No match yet"))
    }

    @Test func hintsAndHelpNameEveryKey() {
        let h = Harness(options: ["--new": ""])
        let help = h.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["←", "a", "z", "PgUp", "→", "l", "m", "PgDn", "u", "Backspace", "y", "Ctrl-R", "s", "Enter", "n", "e", "h", "x"] {
            #expect(help.contains(k), "\(k) missing from help")
        }
        #expect(h.hints.map(\.key).contains("x"))
        let ascii = Harness(options: ["--new": ""], unicode: false)
        #expect(ascii.hints.allSatisfy { $0.key.allSatisfy(\.isASCII) })
    }
}

@Suite struct CommandLineTests {
    @Test func validation() {
        func check(_ o: [String: String]) -> String? { BadmintonApp.validate(AppOptions(o)) }
        #expect(check([:]) == nil)
        #expect(check(["--new": "", "--format": "3x15", "--names": "Ann,Bo"]) == nil)
        #expect(check(["--new": "", "--doubles": "", "--names": "A1/A2,B1/B2"]) == nil)
        #expect(check(["--new": "", "--format": "2x21"])?.contains("odd") == true)
        #expect(check(["--new": "", "--format": "abc"])?.contains("not a format") == true)
        #expect(check(["--new": "", "--names": "Ann"])?.contains("two sides") == true)
        #expect(check(["--new": "", "--names": "Ann,Bo,Cy"]) != nil)
        #expect(check(["--new": "", "--names": "Ann,"])?.contains("empty") == true)
        #expect(check(["--new": "", "--names": "A1/A2,B"])?.contains("--doubles") == true)
        #expect(check(["--new": "", "--doubles": "", "--names": "A,B"])?.contains("two players") == true)
        #expect(check(["--format": "3x21"])?.contains("--new") == true)
        #expect(check(["--doubles": ""])?.contains("--new") == true)
        #expect(check(["--watch": "", "--new": ""])?.contains("only one") == true)
        #expect(check(["--status": "", "--export": "csv"]) != nil)
        #expect(check(["--json": ""])?.contains("--status") == true)
        #expect(check(["--status": "", "--json": ""]) == nil)
        #expect(check(["--export": "xml"])?.contains("csv or json") == true)
    }

    @Test func statusLineAndJSONMatchTheDocumentedShape() throws {
        // Red 21-19 17-21 5-3 Blue · game 3 · Red serves from the left court
        let m = Match(at: 1000)
        m.score(21, 19)
        m.take(.nextGame)
        m.score(17, 21)
        m.take(.nextGame)
        m.take(.endInterval)
        m.points("11100000")  // 5-3, Red serving from the left

        let store2 = InMemoryStore(files: [BadmintonApp.journalFile: JournalContents.bytes(of: m.log.records)])
        let line = BadmintonApp.runCommand(AppOptions(["--status": ""]), store: store2, context: AppContext(now: m.time + 500))
        #expect(line?.stdout == "Red 21-19 17-21 5-3 Blue · game 3 · Red serves from the left court\n")
        #expect(line?.status == 0)
        let json = BadmintonApp.runCommand(AppOptions(["--status": "", "--json": ""]), store: store2, context: AppContext(now: m.time + 500))
        #expect(json?.status == 0)
        #expect(json?.stdout == "{\"format\":\"3x21\",\"discipline\":\"singles\",\"teams\":[{\"name\":\"Red\",\"players\":[\"Red\"],\"games\":1,\"score\":5},{\"name\":\"Blue\",\"players\":[\"Blue\"],\"games\":1,\"score\":3}],\"games\":[[21,19],[17,21]],\"game\":3,\"server\":{\"team\":0,\"player\":\"Red\",\"court\":\"left\"},\"left\":0,\"winner\":null,\"interval\":null,"
            + "\"receiver\":{\"team\":1,\"player\":\"Blue\",\"court\":\"left\"},\"positions\":[[{\"player\":\"Red\",\"court\":\"left\"}],[{\"player\":\"Blue\",\"court\":\"left\"}]],"
            + "\"cards\":[],\"shuttles\":0,\"call\":\"5-3\",\"timer\":null}\n")
    }

    @Test func statusShowsARunningInterval() {
        let m = Match(at: 1000)
        m.score(11, 4)
        let store = InMemoryStore(files: [BadmintonApp.journalFile: JournalContents.bytes(of: m.log.records)])
        let json = BadmintonApp.runCommand(AppOptions(["--status": "", "--json": ""]), store: store, context: AppContext(now: m.time + 15.5))
        #expect(json?.stdout.contains("\"interval\":{\"kind\":\"mid-game\",\"remaining\":45}") == true, "\(json?.stdout ?? "")")
        let line = BadmintonApp.runCommand(AppOptions(["--status": ""]), store: store, context: AppContext(now: m.time + 15.5))
        #expect(line?.stdout.hasSuffix("· interval 0:45\n") == true)
    }

    @Test func noMatchExitsOne() {
        let out = BadmintonApp.runCommand(AppOptions(["--status": ""]), store: InMemoryStore(), context: AppContext(now: 0))
        #expect(out?.status == 1 && out?.stderr.contains("no badminton match") == true)
        let exp = BadmintonApp.runCommand(AppOptions(["--export": "csv"]), store: InMemoryStore(), context: AppContext(now: 0))
        #expect(exp?.status == 1)
        #expect(BadmintonApp.runCommand(AppOptions(), store: InMemoryStore(), context: AppContext(now: 0)) == nil)
    }

    @Test func exportHasEveryRallyWithItsTime() {
        var h = Harness(options: ["--new": ""], now: 1_800_000_000)
        h.point(0, times: 21)
        h.press(.enter)
        h.point(0, times: 21)
        h.press(.char("n"), .enter)
        h.point(1)
        let csv = BadmintonApp.runCommand(AppOptions(["--export": "csv"]), store: h.store, context: AppContext(now: h.now))?.allStdout ?? ""
        let rows = csv.split(separator: "\n")
        #expect(rows.first == "match,started,format,discipline,team1,team2,seq,time,event,team,score1,score2,game,server,player,detail,duration,shuttles")
        // The start, 21 points, the next game and the end of its interval (one Enter), 21 points.
        #expect(rows.count == 1 + (1 + 21 + 2 + 21) + 2)
        #expect(rows[1].hasPrefix("1,2027-01-15T08:00:00Z,3x21,singles,Red,Blue,0,2027-01-15T08:00:00Z,start"))
        #expect(rows[2] == "1,2027-01-15T08:00:00Z,3x21,singles,Red,Blue,1,2027-01-15T08:00:01Z,point,Red,1,0,1,Red,,,,0")
        #expect(rows.last?.contains(",point,Blue,0,1,1,Blue") == true)
        let json = BadmintonApp.runCommand(AppOptions(["--export": "json"]), store: h.store, context: AppContext(now: h.now))?.allStdout ?? ""
        #expect(json.hasPrefix("{\"matches\":[{\"started\":\"2027-01-15T08:00:00Z\""))
        #expect(json.contains("\"event\":\"point\",\"team\":0,\"score\":[1,0],\"game\":1"))
        #expect(json.contains("\"winner\":0,\"ending\":\"played\",\"finished\":true"))
    }

    @Test func isoTimes() {
        #expect(MatchReport.isoTime(0) == "1970-01-01T00:00:00Z")
        #expect(MatchReport.isoTime(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(MatchReport.isoTime(1_800_000_000) == "2027-01-15T08:00:00Z")
        #expect(MatchReport.shortTime(1_800_000_000) == "2027-01-15 08:00")
    }

    @Test func journalLinesRoundTrip() {
        let events: [MatchEvent] = [
            MatchEvent(.start(MatchSetup(format: .standard, discipline: .doubles, teams: nil, firstServer: 1)), at: 1.5),
            MatchEvent(.point(team: 1), at: 2), MatchEvent(.swapEnds, at: 3), MatchEvent(.service(team: 1, server: 1, receiver: 0), at: 4),
            MatchEvent(.names(TeamInfo.defaults(.doubles)), at: 5), MatchEvent(.nextGame, at: 6), MatchEvent(.endInterval, at: 7),
            MatchEvent(.retire(team: 0), at: 8), MatchEvent(.walkover(team: 1), at: 9), MatchEvent(.undo, at: 10), MatchEvent(.redo, at: 11),
        ]
        let read = JournalContents.read(JournalContents.bytes(of: events))
        #expect(read.events == events && !read.damaged && !read.needsRewrite)
        #expect(MatchEvent.parse(line: Array("{\"e\":\"point\",\"t\":1,\"team\":2}".utf8)) == nil, "team out of range")
        #expect(MatchEvent.parse(line: Array("{\"e\":\"start\",\"t\":1,\"v\":9,\"format\":\"3x21\",\"discipline\":\"singles\",\"teams\":[],\"server\":0}".utf8)) == nil)
        let hostile = "{\"e\":\"names\",\"t\":1,\"teams\":[{\"name\":\"\\u001b[2JX\",\"players\":[\"\\u001b[2JX\"]},{\"name\":\"B\",\"players\":[\"B\"]}]}"
        #expect(MatchEvent.parse(line: Array(hostile.utf8))?.action == .names([TeamInfo(name: "[2JX", players: ["[2JX"]), TeamInfo(name: "B", players: ["B"])]))
        let unterminated = JournalContents.read(Array(JournalContents.bytes(of: events).dropLast()))
        #expect(unterminated.events.count == events.count && !unterminated.damaged && unterminated.needsRewrite)
    }
}
