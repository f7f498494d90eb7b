#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// The call's life as the umpire and the desk meet it: the real binaries in tmux, a real
/// Mosquitto broker between them. A call that comes while the umpire is at the launcher, a
/// withdrawal that reaches an open setup, every question the desk has asked in turn.
@Suite(.serialized) struct CallLifeEndToEndTests {
    static let broker = CourtCallEndToEndTests.broker

    /// The screen's words on one line, the boxes' sides and the ASCII dots taken out.
    static func flat(_ screen: String) -> String {
        screen.replacingOccurrences(of: "|", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// D1: the umpire is at the launcher when the call comes. The launcher says so, the court
    /// tells the desk the umpire does not have it on screen, and F2 shows the call's dialog.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func aCallThatComesWhileTheUmpireIsAtTheLauncherIsThereOnF2(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let dir = TempDir("termini-life-launcher")
        let court = try TmuxSession(width: width, height: height,
                                    arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--hall", broker.url], configDir: dir.path)
        #expect(court.wait { $0.contains("hall * ") && $0.contains("New match") }.ok, "\(court.screen)")
        court.send("Escape")
        #expect(court.waitFor("No match in progress."), "\(court.screen)")
        court.send("Escape")
        #expect(court.wait { $0.contains("Boxing") && $0.contains("Coffee") }.ok, "launcher:\n\(court.screen)")
        try CourtCallEndToEndTests.publish(broker, CourtCallEndToEndTests.call())
        #expect(court.wait { Self.flat($0).contains("Call to court 3: Match 12") }.ok, "at the launcher:\n\(court.screen)")
        #expect(CourtCallEndToEndTests.answers(broker, "delivered"), "the court says the umpire does not have it on screen")
        court.send("F2")
        #expect(court.wait { $0.contains("Call to court") && $0.contains("Enter to start setup") }.ok, "back on F2:\n\(court.screen)")
        #expect(CourtCallEndToEndTests.answers(broker, "shown"))
        court.send("Escape")
        #expect(court.wait { $0.contains("k Call") }.ok, "put aside:\n\(court.screen)")
        #expect(CourtCallEndToEndTests.answers(broker, "delivered"))
        court.send("k")
        #expect(court.wait { $0.contains("Enter to start setup") }.ok, "\(court.screen)")
        court.send("Escape")
        court.send("q")
        #expect(court.exitStatus() == 0 && court.terminalRestored())
    }

    /// D2: the umpire has opened the setup of the desk's call; the desk withdraws it. The
    /// setup closes with the reason, the court says withdrawn, the desk has the match back in
    /// its queue, and the desk's line for the court said each step the court was in.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func aWithdrawalClosesAnOpenSetupWithTheReason(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let dir = try DeskEndToEndTests.deskDir("termini-life-withdraw")
        let courtDir = TempDir("termini-life-withdraw-c")
        let court = try TmuxSession(width: width, height: height,
                                    arguments: ["badminton", "--ascii", "--no-color", "--court", "1", "--hall", broker.url], configDir: courtDir.path)
        #expect(court.wait { $0.contains("hall * ") }.ok, "\(court.screen)")
        court.send("Escape")
        #expect(court.waitFor("No match in progress."), "\(court.screen)")
        let desk = try TmuxSession(width: width, height: height,
                                   arguments: ["desk", "--ascii", "--no-color", "--hall", broker.url, "--matches", dir.file("m.csv")], configDir: dir.path)
        #expect(desk.wait { $0.contains("Queue (4)") && $0.contains("hall * online") }.ok, "\(desk.screen)")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Match 1 called to court 1."), "\(desk.screen)")
        #expect(court.wait { $0.contains("Call to court") }.ok, "\(court.screen)")
        #expect(desk.wait(timeout: 15) { Self.flat($0).contains("on screen (Call to court)") }.ok, "\(desk.screen)")
        court.send("Enter")
        #expect(court.wait { $0.contains("Match no.") && $0.contains("Lin Dan") }.ok, "\(court.screen)")
        #expect(desk.wait(timeout: 15) { Self.flat($0).contains("setup open (New match)") }.ok, "\(desk.screen)")
        desk.send("w")
        #expect(desk.waitFor("Withdraw"), "\(desk.screen)")
        desk.send("y")
        #expect(desk.waitFor("Match 1 withdrawn from court 1"), "\(desk.screen)")
        #expect(court.wait { Self.flat($0).contains("The desk withdrew match 1: its setup is closed.") }.ok, "\(court.screen)")
        #expect(!court.screen.contains("Match no."), "\(court.screen)")
        #expect(CourtCallEndToEndTests.answers(broker, "withdrawn", court: "1"))
        // Enter on the court now begins nothing of match 1.
        court.send("Enter")
        #expect(court.barrier())
        #expect(!HallEndToEndTests.journal(courtDir.path, court: "1").joined().contains(#""match":"1""#))
        #expect(desk.waitFor("Queue (4)"), "\(desk.screen)")
        desk.quit()
        court.send("q")
    }

    /// D3: a match inside a player's rest and before its not_before: the desk asks about the
    /// rest, and once that is confirmed, about the time; only then it calls.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func everyQuestionOfTheDeskIsAskedInTurn(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let csv = """
            match,event,round,team1,team2,not_before
            1,MS,R1,Lin Dan,Lee Chong Wei,
            3,MS,R2,Lin Dan,Kento Momota,12:00

            """
        let dir = try DeskEndToEndTests.deskDir("termini-life-ask", csv: csv)
        // The desk's local time is about 06:00 whatever the hour: 12:00 is ahead of it.
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour ?? 0
        let ahead = 6 - hour
        let zone = "XXX" + (ahead >= 0 ? "-\(ahead)" : "+\(-ahead)")
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--ascii", "--no-color", "--hall", broker.url, "--matches", dir.file("m.csv")],
                                   environment: ["TZ": zone], configDir: dir.path)
        #expect(desk.waitFor("Queue (2)"), "\(desk.screen)")
        // Match 1 called and retired at the desk: Lin Dan's rest starts now.
        DeskDayEndToEndTests.callAndRetireMatchOne(desk)
        desk.send("Tab")
        desk.send("Tab")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.wait { Self.flat($0).contains("Lin Dan has rested") && Self.flat($0).contains("call anyway?") }.ok, "rest:\n\(desk.screen)")
        desk.send("y")
        #expect(desk.wait { Self.flat($0).contains("match 3 is not before 12:00: call anyway?") }.ok, "not_before:\n\(desk.screen)")
        #expect(!desk.screen.contains("Match 3 called"), "\(desk.screen)")
        desk.send("y")
        #expect(desk.waitFor("Match 3 called to court"), "\(desk.screen)")
        desk.quit()
    }
}

extension TmuxSession {
    /// `q`, and yes when the desk asks first (it says what quitting stops); another
    /// program quits at once.
    func quit(timeout: Double = 10) {
        send("q")
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if exitStatus(timeout: 0.1) != nil { return }
            if screen.contains("Quitting stops this desk") {
                send("y")
                return
            }
        }
    }
}
