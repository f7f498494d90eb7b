#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// The desk through a tournament day, as the desk's person meets it: the real binary in
/// tmux. Quitting a desk on the hall, a walkover's rest and scoresheet, the results' columns.
@Suite(.serialized) struct DeskDayEndToEndTests {
    static let broker = CourtCallEndToEndTests.broker

    /// D12: `q` at a desk on the hall asks first and says what stops; No keeps it running.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func quittingADeskOnTheHallAsksFirstAndSaysWhatStops(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let dir = try DeskEndToEndTests.deskDir("termini-day-quit")
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--ascii", "--no-color", "--hall", broker.url, "--matches", dir.file("m.csv")],
                                   configDir: dir.path)
        #expect(desk.wait { $0.contains("Queue (4)") && $0.contains("hall * online") }.ok, "\(desk.screen)")
        desk.send("q")
        let said = "Quitting stops this desk: the courts' rallies are not recorded here, calls are not sent and their answers not heard "
            + "until it runs again. The courts keep scoring, and what they played comes in then. Quit?"
        // Every word of it, wrapped in the dialog at 80x24.
        #expect(desk.wait { screen in said.split(separator: " ").allSatisfy { screen.contains($0) } }.ok, "the whole question:\n\(desk.screen)")
        #expect(desk.screen.contains("Yes, quit"), "\(desk.screen)")
        desk.send("n")
        #expect(desk.wait { !$0.contains("Quitting stops") }.ok, "\(desk.screen)")
        #expect(desk.exitStatus(timeout: 0.2) == nil, "still running after No")
        desk.send("q")
        #expect(desk.waitFor("Quitting stops"), "\(desk.screen)")
        desk.send("y")
        #expect(desk.exitStatus() == 0 && desk.terminalRestored())
    }

    /// D9 and D11: a walkover gives no rest (the next match of the side that came is called
    /// without asking), and its scoresheet says who did not play. D13: the results say who
    /// retired, and durations as h:mm under a header that says so.
    @Test(arguments: [(80, 24), (200, 60)])
    func aWalkoverGivesNoRestAndHasAScoresheetAndTheResultsSayWhoRetired(_ width: Int, _ height: Int) throws {
        let csv = """
            match,event,round,team1,team2
            1,MS,R1,Lin Dan,Lee Chong Wei
            2,WS,R1,Ann,Bea
            3,MS,R2,Lin Dan,Kento Momota

            """
        let dir = try DeskEndToEndTests.deskDir("termini-day-walkover", csv: csv)
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--ascii", "--no-color", "--matches", dir.file("m.csv")],
                                   configDir: dir.path)
        #expect(desk.waitFor("Queue (3)"), "\(desk.screen)")
        // Match 1: Lee Chong Wei does not come.
        desk.send("o")
        #expect(desk.waitFor("Which side did not come?"), "\(desk.screen)")
        desk.send("2")
        #expect(desk.waitFor("Match 1: walkover."), "\(desk.screen)")
        // Match 3, Lin Dan's next: called at once, no rest asked.
        desk.send("Down")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.wait { $0.contains("Match 3 called to court") || $0.contains("rested") }.ok, "\(desk.screen)")
        #expect(desk.screen.contains("Match 3 called to court"), "a walkover gave a rest:\n\(desk.screen)")
        // Match 2 called and retired at the desk (Bea cannot go on).
        desk.send("Tab")
        desk.send("Tab")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Match 2 called to court"), "\(desk.screen)")
        desk.send("r")
        #expect(desk.waitFor("Which side retired?"), "\(desk.screen)")
        desk.send("2")
        #expect(desk.waitFor("Match 2: retired."), "\(desk.screen)")
        let sheet = DeskEndToEndTests.run(["--scoresheet", "1"], dir.path)
        #expect(sheet.status == 0 && sheet.stdout.contains("<html") && sheet.stdout.contains("Lin Dan beat Lee Chong Wei: walkover") && sheet.stdout.contains(">Walkover<"),
                "\(sheet.stdout.split(separator: "\n").filter { $0.contains("won") || $0.contains("alkover") }) \(sheet.stderr)")
        let results = DeskEndToEndTests.run(["--results", "csv"], dir.path)
        let lines = results.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "match,event,round,court,team1,country1,team2,country2,winner,games,ended,ended by,start,end,duration (h:mm),shuttles,umpire,judge,cards",
                "\(results.stdout)")
        let retired = lines.first { $0.hasPrefix("2,") } ?? ""
        #expect(retired.contains(",retired,Bea,") && retired.range(of: #",0:0[0-9],"#, options: .regularExpression) != nil, "\(retired)")
        #expect(lines.contains { $0.hasPrefix("1,") && $0.contains(",walkover,Lee Chong Wei,") }, "\(lines)")
        desk.quit()
        #expect(desk.exitStatus() == 0)
    }

    /// The desk's `?` lists what its keys do there: Esc, which goes back to the launcher from
    /// an app, does nothing on the desk, and the help does not say it does.
    @Test(arguments: [(80, 24), (200, 60)])
    func theDesksHelpDoesNotOfferALauncher(_ width: Int, _ height: Int) throws {
        let dir = try DeskEndToEndTests.deskDir("termini-day-help")
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--ascii", "--no-color", "--matches", dir.file("m.csv")],
                                   configDir: dir.path)
        #expect(desk.waitFor("Queue (4)"), "\(desk.screen)")
        desk.send("?")
        #expect(desk.wait { $0.contains("Everywhere") || $0.contains("withdraw") }.ok, "\(desk.screen)")
        // The end of the help, where the keys of everywhere are.
        desk.send("End")
        #expect(desk.wait { $0.contains("redraw the screen") }.ok, "the end of the help:\n\(desk.screen)")
        #expect(!desk.screen.contains("back to the launcher"), "\(desk.screen)")
        desk.send("Escape")
        desk.quit()
        #expect(desk.exitStatus() == 0)
    }

    /// D4: a pair from two countries (`country1 = DEN/ITA`): each player has one in the call,
    /// the court's setup shows them so, and the match starts.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func aPairFromTwoCountriesGivesEachPlayerOne(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let csv = """
            match,event,round,team1,team2,country1,country2
            1,XD,R1,Lars Nielsen/Sofia Rossi,Jon Ek/Ann Bo,DEN/ITA,SWE

            """
        let dir = try DeskEndToEndTests.deskDir("termini-day-countries", csv: csv)
        let courtDir = TempDir("termini-day-countries-c")
        let court = try TmuxSession(width: width, height: height, arguments: ["badminton", "--ascii", "--no-color", "--court", "1", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.wait(timeout: 15) { $0.contains("hall * online") }.ok, "\(court.screen)")
        court.send("Escape")
        #expect(court.waitFor("No match in progress."), "\(court.screen)")
        let r = DeskEndToEndTests.run(["--hall", broker.url, "--call", "1", "--court", "1", "--matches", dir.file("m.csv")], dir.path)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(court.wait { CallLifeEndToEndTests.flat($0).contains("Lars Nielsen (DEN)/Sofia Rossi (ITA) v Jon Ek (SWE)/Ann Bo (SWE)") }.ok, "\(court.screen)")
        court.send("Enter")
        #expect(court.wait { $0.contains("Match no.") && $0.contains("Lars Nielsen (DEN)/Sofia Rossi (ITA)") }.ok, "\(court.screen)")
        court.send("Enter")
        #expect(court.wait { $0.contains("Warm-up") }.ok, "the match starts:\n\(court.screen)")
        let start = HallEndToEndTests.journal(courtDir.path, court: "1").first ?? ""
        #expect(start.contains("DEN") && start.contains("ITA"), "\(start)")
        court.send("q")
    }

    /// D14: the walkover's dialog with two long doubles names: both sides and Cancel whole.
    @Test(arguments: [(80, 24), (200, 60)])
    func theWalkoverDialogCutsNoText(_ width: Int, _ height: Int) throws {
        let csv = """
            match,event,round,team1,team2,country1,country2
            1,MD,R1,Lars Nielsen/Sofia Rossi,Jürgen Weiß/Élodie Martin,DEN/ITA,GER/FRA

            """
        let dir = try DeskEndToEndTests.deskDir("termini-day-cut", csv: csv)
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--matches", dir.file("m.csv")], configDir: dir.path)
        #expect(desk.waitFor("Queue (1)"), "\(desk.screen)")
        desk.send("o")
        #expect(desk.waitFor("Which side did not come?"), "\(desk.screen)")
        let s = desk.screen
        for text in ["Lars Nielsen (DEN)/Sofia Rossi (ITA)", "Jürgen Weiß (GER)/Élodie Martin (FRA)", "Side 1", "Side 2", "Cancel"] {
            #expect(s.contains(text), "\(text)\n\(s)")
        }
        desk.send("Escape")
        desk.quit()
        #expect(desk.exitStatus() == 0)
    }

    /// D10: `--status --json`'s `call` is in the umpire's language, as the screen says it.
    @Test(arguments: [(80, 24), (200, 60)])
    func theStatusJSONCallIsInTheCallsLanguage(_ width: Int, _ height: Int) throws {
        let dir = TempDir("termini-day-status")
        try "badminton.calls = de\nsound = no\n".write(toFile: dir.file("config"), atomically: true, encoding: .utf8)
        let court = try TmuxSession(width: width, height: height, arguments: ["badminton", "--court", "3", "--new", "--names", "Ann,Bob"], configDir: dir.path)
        #expect(court.waitFor("0 beide"), "the screen in German:\n\(court.screen)")
        let r = LimitedRun.run([TmuxSession.binary, "badminton", "--court", "3", "--status", "--json", "--config-dir", dir.path],
                               environment: ["LANG": "C.UTF-8", "HOME": dir.path], directory: dir.path, timeout: 20)
        #expect(r.status == 0 && r.stdout.contains(#""call":""#) && r.stdout.contains("0 beide"), "\(r.stdout) \(r.stderr)")
        #expect(!r.stdout.contains("love all"), "\(r.stdout)")
        court.send("q")
    }

    /// D6: a queue line longer than its pane gives its rest and its time a line of their
    /// own: never cut to `· re…`, at 200x60 (the queue a third of the width) as at 80x24.
    @Test(arguments: [(80, 24), (200, 60)])
    func theQueueNeverCutsTheRestOrTheTime(_ width: Int, _ height: Int) throws {
        let csv = """
            match,event,round,team1,team2,not_before
            1,MS,R1,Lin Dan,Lee Chong Wei,
            3,MS,R2,Lin Dan,Kento Momota,23:59

            """
        let dir = try DeskEndToEndTests.deskDir("termini-day-queue", csv: csv)
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--ascii", "--no-color", "--matches", dir.file("m.csv")],
                                   configDir: dir.path)
        #expect(desk.waitFor("Queue (2)"), "\(desk.screen)")
        DeskDayEndToEndTests.callAndRetireMatchOne(desk)
        #expect(desk.wait { $0.contains("(under 30 min)") && $0.contains("not before 23:59") }.ok, "\(desk.screen)")
        #expect(desk.screen.contains("rest Lin Dan 0:0"), "\(desk.screen)")
        desk.quit()
        #expect(desk.exitStatus() == 0)
    }

    /// At the desk's queue: match 1 called to court 1, then retired (side 2): its players'
    /// rest starts now.
    static func callAndRetireMatchOne(_ desk: TmuxSession) {
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Match 1 called to court 1."), "\(desk.screen)")
        desk.send("r")
        #expect(desk.waitFor("Which side retired?"), "\(desk.screen)")
        desk.send("2")
        #expect(desk.waitFor("Match 1: retired."), "\(desk.screen)")
    }
}
