#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// The desk's call to court as the court's umpire meets it (issue 27): the real binary in tmux,
/// a real Mosquitto broker, the call published retained as the desk publishes it.
@Suite(.serialized) struct CourtCallEndToEndTests {
    static let broker: ConditionTrait = .enabled(if: MosquittoBroker.available && Tools.installed("tmux") && Child.installed("mosquitto_pub"),
                                                 "needs tmux, mosquitto and mosquitto-clients")

    static func call(_ match: String = "12", court: String = "3", calledAt: Double = Date().timeIntervalSince1970.rounded(.down)) -> String {
        #"{"v":1,"id":"\#(match)@\#(Int(calledAt))","match":"\#(match)","event":"MS","round":"R2","court":"\#(court)","#
            + #""team1":[{"name":"Lin Dan","country":"CHN"}],"team2":[{"name":"Lee Chong Wei","country":"MAS"}],"#
            + #""format":"3x15","umpire":"Ann Ump","calledAt":\#(Int(calledAt))}"#
    }

    /// The desk's call, retained at QoS 1 (`mosquitto_pub -r`); an empty message withdraws it.
    static func publish(_ broker: MosquittoBroker, court: String = "3", _ payload: String?) throws {
        let message = payload.map { ["-m", $0] } ?? ["-n"]
        let status = try Child.run(["mosquitto_pub", "-h", broker.address, "-p", "\(broker.port)", "-r", "-q", "1",
                                    "-t", "termini/hall/desk/call/\(court)"] + message)
        #expect(status == 0)
    }

    /// The court's retained answer, as the desk reads it.
    static func answer(_ broker: MosquittoBroker, court: String = "3") -> String {
        (try? Child.output(["mosquitto_sub", "-h", broker.address, "-p", "\(broker.port)", "-C", "1", "-W", "2",
                            "-t", "termini/hall/court/\(court)/call"]).text) ?? ""
    }

    /// The court answers `state` (polled: the broker has the retained answer once it is sent).
    static func answers(_ broker: MosquittoBroker, _ state: String, court: String = "3") -> Bool {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if answer(broker, court: court).contains(#""state":"\#(state)""#) { return true }
            usleep(200_000)
        }
        return false
    }

    @Test(broker, arguments: [(80, 24), (200, 60)])
    func aCallIsADialogWhoseEnterFillsTheSetupAndTheCourtAnswersBegun(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let dir = TempDir("termini-call-court")
        let court = try TmuxSession(width: width, height: height,
                                    arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--hall", broker.url], configDir: dir.path)
        #expect(court.wait { $0.contains("hall * ") }.ok, "\(court.screen)")
        let calledAt = Date().timeIntervalSince1970.rounded(.down)
        try Self.publish(broker, Self.call(calledAt: calledAt))
        #expect(court.wait { $0.contains("Call to court") && $0.contains("Enter to start setup") }.ok, "\(court.screen)")
        let dialog = court.screen.replacingOccurrences(of: "|", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(dialog.contains("Match 12 - MS R2 - Lin Dan (CHN) v Lee Chong Wei (MAS) - court 3 - Enter to start setup"), "\(court.screen)")
        #expect(court.screen.contains("Called at the desk: warm-up ") && court.screen.contains(" left"), "\(court.screen)")
        #expect(Self.answers(broker, "shown"))
        court.send("Enter")
        #expect(court.wait { $0.contains("Match no.") && $0.contains("Lee Chong Wei (MAS)") }.ok, "\(court.screen)")
        for field in ["Lin Dan (CHN)", "3x15", "12", "MS", "R2", "Ann Ump"] { #expect(court.screen.contains(field), "\(field)\n\(court.screen)") }
        court.send("Enter")
        #expect(court.wait { $0.contains("Warm-up") && $0.contains("Lin Dan") }.ok, "\(court.screen)")
        #expect(Self.answers(broker, "begun"))
        let start = HallEndToEndTests.journal(dir.path, court: "3").first ?? ""
        #expect(start.contains(#""match":"12""#) && start.contains(#""warm":"#) && start.contains(#""round":"R2""#), "\(start)")
        // The same call again (the desk's retained copy) is not shown twice.
        try Self.publish(broker, Self.call(calledAt: calledAt))
        #expect(court.barrier())
        #expect(!court.screen.contains("Call to court"), "\(court.screen)")
        court.send("q")
        #expect(court.exitStatus() == 0 && court.terminalRestored())
    }

    @Test(broker) func aCallDuringAMatchWaitsAsNextAndIsOfferedWhenItEnds() throws {
        let broker = try MosquittoBroker()
        let dir = TempDir("termini-call-next")
        let court = try TmuxSession(arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--new", "--names", "Red,Blue",
                                                "--hall", broker.url], configDir: dir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        court.send("a")
        court.send("a")
        try Self.publish(broker, Self.call())
        #expect(court.wait { $0.contains("next: Match 12") }.ok, "\(court.screen)")
        #expect(!court.screen.contains("Call to court"))
        #expect(Self.answers(broker, "next"))
        // The match ends (a retirement): the call is offered.
        court.send("x")
        #expect(court.waitFor("End the match"), "\(court.screen)")
        court.send("2", "Enter")
        #expect(court.wait { $0.contains("Call to court") && $0.contains("Lin Dan (CHN)") }.ok, "\(court.screen)")
        #expect(Self.answers(broker, "shown"))
        // Withdrawn by the desk: the dialog goes.
        try Self.publish(broker, nil)
        #expect(court.wait { !$0.contains("Call to court") }.ok, "\(court.screen)")
    }

    @Test(broker) func aCallToACourtThatIsOfflineArrivesWhenItConnectsAndSurvivesAKill() throws {
        let broker = try MosquittoBroker()
        let dir = TempDir("termini-call-offline")
        // Published while no court is there: the broker keeps it.
        try Self.publish(broker, Self.call())
        let court = try TmuxSession(arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--hall", broker.url], configDir: dir.path)
        #expect(court.wait { $0.contains("Call to court") && $0.contains("Lin Dan (CHN)") }.ok, "\(court.screen)")
        // Killed -9 and started with no broker at all: the call is in its file, shown again.
        court.signal(SIGKILL)
        broker.stop()
        let again = try TmuxSession(arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--hall", broker.url], configDir: dir.path)
        #expect(again.wait { $0.contains("Call to court") && $0.contains("hall o offline") }.ok, "\(again.screen)")
    }
}

extension CourtCallEndToEndTests {
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func theRecordingDeskShowsEachCourtsNextCall(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-call-desk-court"), deskDir = TempDir("termini-call-desk")
        let court = try TmuxSession(arguments: ["badminton", "--court", "3", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        court.send("a")
        let desk = try TmuxSession(width: width, height: height, arguments: ["badminton", "--ascii", "--no-color", "--hall", broker.url, "--watch", "--all"],
                                   configDir: deskDir.path)
        try Self.publish(broker, Self.call())
        #expect(desk.wait(timeout: 15) { $0.contains("Court 3") && $0.contains("next on court 3: Match 12 - MS R2") }.ok, "\(desk.screen)")
        // Begun on the court: the desk's pane says next no more.
        court.send("x")
        #expect(court.waitFor("End the match"), "\(court.screen)")
        court.send("2", "Enter")
        #expect(court.waitFor("Call to court"), "\(court.screen)")
        court.send("Enter")
        #expect(court.waitFor("Match no."), "\(court.screen)")
        court.send("Enter")
        #expect(Self.answers(broker, "begun"))
        #expect(desk.wait { !$0.contains("next on court 3") }.ok, "\(desk.screen)")
    }

    @Test(arguments: [(80, 24), (200, 60)])
    func theHallTVOfAFinalShowsNoCourtNumber(_ width: Int, _ height: Int) throws {
        let dir = TempDir("termini-no-court")
        let court = try TmuxSession(arguments: ["badminton", "--court", "3", "--new", "--names", "Ann,Bob"], configDir: dir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        let tv = try TmuxSession(width: width, height: height, arguments: ["badminton", "--ascii", "--no-color", "--watch", "--court", "3", "--display"],
                                 configDir: dir.path)
        #expect(tv.waitFor("Court 3 - Game 1"), "\(tv.screen)")
        let final = try TmuxSession(width: width, height: height,
                                    arguments: ["badminton", "--ascii", "--no-color", "--watch", "--court", "3", "--display", "--no-court"], configDir: dir.path)
        #expect(final.waitFor("Game 1"), "\(final.screen)")
        #expect(!final.screen.contains("Court 3"), "\(final.screen)")
    }
}

extension CourtCallEndToEndTests {
    /// A hostile publisher on the call topic: garbage changes nothing; a call whose names carry
    /// escapes, bidi controls and 300 characters is shown cleaned and cut, never raw.
    @Test(broker) func aHostileCallIsIgnoredOrShownCleaned() throws {
        let broker = try MosquittoBroker()
        let dir = TempDir("termini-call-hostile")
        let court = try TmuxSession(arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--hall", broker.url], configDir: dir.path)
        #expect(court.wait { $0.contains("hall * ") }.ok, "\(court.screen)")
        try Self.publish(broker, "garbage \u{1b}[2J")
        try Self.publish(broker, String(repeating: "{", count: 5000))
        #expect(court.barrier())
        #expect(!court.screen.contains("Call to court"), "\(court.screen)")
        let hostile = Self.call().replacingOccurrences(of: #""Lin Dan""#, with: #""\u001b]0;owned\u0007Lin\u202e Dan""#)
            .replacingOccurrences(of: #""event":"MS""#, with: "\"event\":\"" + String(repeating: "E", count: 300) + "\"")
        try Self.publish(broker, hostile)
        #expect(court.wait { $0.contains("Call to court") }.ok, "\(court.screen)")
        let flat = court.screen.replacingOccurrences(of: "|", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(flat.contains("]0;ownedLin Dan (CHN)"), "\(court.screen)")
        #expect(flat.contains(String(repeating: "E", count: 40) + " R2") && !flat.contains(String(repeating: "E", count: 41)), "\(court.screen)")
        #expect(court.exitStatus(timeout: 0.1) == nil, "still running")
    }
}

extension CourtCallEndToEndTests {
    /// The title's hall link is the umpire's only sign that the desk gets the rallies: with a
    /// call waiting as next, and with a call put aside (`k`), it stays (the referee's find: at
    /// 80 columns the call's mark took its place, `Badminton · court 1 · 3x21 · game 2  F2`).
    /// Where there is room the call's mark is there too.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func theTitleKeepsTheHallLinkWhileACallWaits(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let dir = TempDir("termini-call-link")
        let court = try TmuxSession(width: width, height: height, arguments: ["badminton", "--ascii", "--no-color", "--court", "3", "--new",
                                                                              "--names", "Red,Blue", "--hall", broker.url], configDir: dir.path)
        func title(_ screen: String) -> String { String(screen.split(separator: "\n").first ?? "") }
        #expect(court.wait { $0.contains("serves from") && title($0).contains("hall * ") }.ok, "\(court.screen)")
        court.send("a")
        court.send("a")
        try Self.publish(broker, Self.call())
        #expect(court.wait { $0.contains("next: Match 12") }.ok, "\(court.screen)")
        #expect(court.wait { title($0).contains("hall * ") }.ok, "next:\n\(court.screen)")
        if width >= 200 { #expect(title(court.screen).contains("next: Match 12 - hall * "), "\(court.screen)") }
        court.send("x")
        #expect(court.waitFor("End the match"), "\(court.screen)")
        court.send("2", "Enter")
        #expect(court.waitFor("Call to court"), "\(court.screen)")
        court.send("Escape")
        #expect(court.wait { !$0.contains("Call to court") }.ok, "\(court.screen)")
        #expect(court.wait { title($0).contains("hall * ") }.ok, "pending:\n\(court.screen)")
        if width >= 200 { #expect(title(court.screen).contains("call: Match 12 (k) - hall * "), "\(court.screen)") }
        court.send("q")
        #expect(court.exitStatus() == 0 && court.terminalRestored())
    }
}
