#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// The tournament desk as a user meets it (issue 27): the real binary in tmux, its matches
/// file, its calls over a real Mosquitto broker, its results.
@Suite(.serialized) struct DeskEndToEndTests {
    static let broker: ConditionTrait = .enabled(if: MosquittoBroker.available && Tools.installed("tmux") && Child.installed("mosquitto_sub"),
                                                 "needs tmux, mosquitto and mosquitto-clients")
    static let namespaces: ConditionTrait = .enabled(if: NamespacePair.available && MosquittoBroker.available && Tools.installed("tmux"),
                                                     "needs root, ip (iproute2), mosquitto and tmux")

    static let csv = """
        match,event,round,team1,team2,country1,country2,format
        1,MS,R1,Lin Dan,Lee Chong Wei,CHN,MAS,1x5
        2,WS,R1,Ann,Bea,DEN,ENG,1x5
        3,MS,R2,Lin Dan,Kento Momota,CHN,JPN,1x5
        oops,,
        4,XD,QF,Cy/Di,Eva/Fay,,,"1x5"

        """

    /// A desk's directory with its matches file and `desk.courts = 2`.
    static func deskDir(_ tag: String, csv: String = csv) throws -> TempDir {
        let dir = TempDir(tag)
        try csv.write(toFile: dir.file("m.csv"), atomically: true, encoding: .utf8)
        try "desk.courts = 2\nsound = no\n".write(toFile: dir.file("config"), atomically: true, encoding: .utf8)
        return dir
    }

    static func run(_ args: [String], _ dir: String, timeout: Double = 20) -> LimitedRun {
        LimitedRun.run([TmuxSession.binary, "desk"] + args + ["--config-dir", dir], environment: ["LANG": "C.UTF-8", "HOME": dir],
                       directory: dir, timeout: timeout)
    }

    /// The retained call on court `court`'s topic, as a subscriber gets it (`wrapper`: from a namespace).
    static func retainedCall(_ port: Int, host: String = "127.0.0.1", court: String, wrapper: [String] = []) throws -> String {
        try Child.output(wrapper + ["mosquitto_sub", "-h", host, "-p", "\(port)", "-C", "1", "-W", "5", "-t", "termini/hall/desk/call/\(court)"]).text
    }

    static func id(in call: String) -> String? {
        guard let r = call.range(of: #""id":"([^"]+)""#, options: .regularExpression) else { return nil }
        return String(call[r].dropFirst(6).dropLast())
    }

    @Test(broker, arguments: [(80, 24, false), (200, 60, false), (80, 24, true), (200, 60, true)])
    func theDeskScreenCallsAMatchAndKeepsItAfterAKill(_ width: Int, _ height: Int, _ ascii: Bool) throws {
        let broker = try MosquittoBroker()
        let dir = try Self.deskDir("termini-desk-screen")
        let args = ["desk", "--hall", broker.url, "--matches", dir.file("m.csv")] + (ascii ? ["--ascii", "--no-color"] : [])
        var desk = try TmuxSession(width: width, height: height, arguments: args, configDir: dir.path)
        #expect(desk.wait { $0.contains("Queue (4)") && $0.contains("Courts") && $0.contains("Finished (0)") }.ok, "\(desk.screen)")
        // The bad line is said with its number.
        #expect(desk.wait { $0.contains("m.csv line 5") }.ok, "\(desk.screen)")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Match 1 called to court 1."), "\(desk.screen)")
        #expect(desk.waitFor("warm-up 0:0"), "\(desk.screen)")
        #expect(desk.screen.contains("Queue (3)"))
        if ascii { let s = desk.screen; #expect(s.unicodeScalars.allSatisfy { $0.isASCII }, "\(s)") }
        // On the hall, retained: a court that comes later gets it.
        let call = try Self.retainedCall(broker.port, court: "1")
        #expect(call.contains("\"match\":\"1\"") && call.contains("\"name\":\"Lin Dan\",\"country\":\"CHN\"") && call.contains("\"format\":\"1x5\""), "\(call)")
        // The court's answer shows on its line.
        let answer = "{\"v\":1,\"id\":\"\(Self.id(in: call) ?? "")\",\"match\":\"1\",\"state\":\"shown\"}"
        #expect(try Child.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-r", "-t", "termini/hall/court/1/call", "-m", answer]) == 0)
        #expect(desk.waitFor(ascii ? "on screen (Call to court) - warm-up" : "on screen (Call to court) · warm-up"), "\(desk.screen)")
        // Lin Dan is on court 1: calling match 3 to court 2 is refused with the reason.
        desk.send("Tab")
        desk.send("Tab")
        desk.send("Down")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Not called: Lin Dan is still on court 1 (match 1)."), "\(desk.screen)")
        // Killed -9 and started again: the queue and the call are there.
        desk.signal(SIGKILL)
        #expect(desk.exitStatus() == 128 + Int(SIGKILL))
        desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--hall", broker.url] + (ascii ? ["--ascii", "--no-color"] : []),
                               configDir: dir.path)
        #expect(desk.wait { $0.contains("Queue (3)") && $0.contains("Match 1 MS R1") }.ok, "\(desk.screen)")
        // Withdrawn before play: the retained call is cleared.
        desk.send("w")
        desk.send("y")
        #expect(desk.waitFor("Match 1 withdrawn from court 1"), "\(desk.screen)")
        #expect(desk.waitFor("Queue (4)"), "\(desk.screen)")
        #expect(try !Self.retainedCall(broker.port, court: "1").contains("\"match\""))
        desk.quit()
        #expect(desk.exitStatus() == 0)
        #expect(desk.terminalRestored())
    }

    @Test(broker) func callWithoutTheScreenExitsZeroOnceTheCourtHasIt() throws {
        let broker = try MosquittoBroker()
        let dir = try Self.deskDir("termini-desk-call")
        let log = dir.file("call.log")
        let pid = try Child.start([TmuxSession.binary, "desk", "--hall", broker.url, "--call", "2", "--court", "2", "--matches", dir.file("m.csv"),
                                   "--config-dir", dir.path], log: log)
        let call = try Self.retainedCall(broker.port, court: "2")
        let answer = "{\"v\":1,\"id\":\"\(Self.id(in: call) ?? "")\",\"match\":\"2\",\"state\":\"next\"}"
        #expect(try Child.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-r", "-t", "termini/hall/court/2/call", "-m", answer]) == 0)
        #expect(Child.wait(pid) == 0)
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(said.contains("Court 2 has match 2: next.") && said.contains("m.csv line 5: no event") && said.contains("matches: 4 added"), "\(said)")
        // The same match again, a player on court, no such match: 1 with the reason.
        var r = Self.run(["--hall", broker.url, "--call", "2", "--court", "1"], dir.path)
        #expect(r.status == 1 && r.stderr.contains("match 2 is already called to court 2"), "\(r.stderr)")
        r = Self.run(["--hall", broker.url, "--call", "99", "--court", "1"], dir.path)
        #expect(r.status == 1 && r.stderr.contains("there is no match 99"), "\(r.stderr)")
        r = Self.run(["--hall", broker.url, "--call", "1", "--court", "2"], dir.path)
        #expect(r.status == 1 && r.stderr.contains("court 2 is busy"), "\(r.stderr)")
        // No court answers: 1, and the call stays on the hall.
        r = Self.run(["--hall", broker.url, "--call", "1", "--court", "1", "--wait", "1"], dir.path)
        #expect(r.status == 1 && r.stderr.contains("no answer from court 1 in 1 s") && r.stderr.contains("stays on the hall"), "\(r.stderr)")
        #expect(try Self.retainedCall(broker.port, court: "1").contains("\"match\":\"1\""))
        // While the desk's screen runs on the directory, --call goes through it: refused here.
        let screen = try TmuxSession(arguments: ["desk", "--hall", broker.url], configDir: dir.path)
        #expect(screen.waitFor("Queue (2)"), "\(screen.screen)")
        r = Self.run(["--hall", broker.url, "--call", "3", "--court", "1"], dir.path)
        #expect(r.status == 1 && r.stderr.contains("a desk is running on this directory"), "\(r.stderr)")
        screen.quit()
        #expect(screen.exitStatus() == 0)
    }

    /// --call against a real court keeper: the court shows the call and answers; --call
    /// exits 0 with the answer.
    @Test(broker) func callToARealCourt() throws {
        let broker = try MosquittoBroker()
        let dir = try Self.deskDir("termini-desk-call-court")
        let courtDir = TempDir("termini-desk-call-court-c")
        let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--hall", broker.url], configDir: courtDir.path)
        #expect(court.wait(timeout: 15) { $0.contains("hall ● online") }.ok, "\(court.screen)")
        let r = Self.run(["--hall", broker.url, "--call", "1", "--court", "1", "--matches", dir.file("m.csv")], dir.path)
        #expect(r.status == 0 && ["Court 1 has match 1: at the court, not on screen.\n", "Court 1 has match 1: on screen (Call to court).\n"].contains(r.stdout),
                "\(r.stdout) \(r.stderr)")
        #expect(court.wait { $0.contains("Match 1 · MS R1 · Lin Dan (CHN) v Lee Chong Wei (MAS)") }.ok, "\(court.screen)")
        court.send("q")
    }

    /// The broker killed: the desk's title says its own link is down, the courts' links are
    /// unknown, the health counts it, and a call made then says it is sent once the link is
    /// back; the broker back, the call reaches the hall.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func theDeskSaysItsOwnLinkIsDown(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let dir = try Self.deskDir("termini-desk-offline")
        let courtDir = TempDir("termini-desk-offline-c")
        let desk = try TmuxSession(width: width, height: height, arguments: ["desk", "--hall", broker.url, "--matches", dir.file("m.csv"), "--ascii", "--no-color"],
                                   configDir: dir.path)
        let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "Red,Blue", "--hall", broker.url], configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        #expect(desk.wait { $0.contains("hall * online") && $0.contains("Court 1 [* online") }.ok, "\(desk.screen)")
        broker.kill9()
        #expect(desk.wait { $0.contains("hall o offline") && $0.contains("Court 1 [? unknown") && $0.contains("1 to look at") }.ok, "\(desk.screen)")
        desk.send("Enter")
        desk.send("Down")
        desk.send("Enter")
        #expect(desk.wait { $0.contains("Match 1 called to court 2: saved, sent when the hall is back.") }.ok, "\(desk.screen)")
        try broker.start()
        #expect(desk.wait(timeout: 15) { $0.contains("hall * online") }.ok, "\(desk.screen)")
        #expect(try Self.retainedCall(broker.port, court: "2").contains("\"match\":\"1\""))
        court.send("q")
        desk.quit()
        #expect(desk.exitStatus() == 0)
    }

    @Test func badCommandLinesAndBadFiles() throws {
        let dir = try Self.deskDir("termini-desk-bad")
        var r = Self.run(["--call", "1"], dir.path)
        #expect(r.status == 64 && r.stderr.contains("--call MATCH needs --court N") && r.stderr.contains("usage:"), "\(r.stderr)")
        r = Self.run(["--results", "xml"], dir.path)
        #expect(r.status == 64 && r.stderr.contains("usage:"))
        r = Self.run(["--frobnicate"], dir.path)
        #expect(r.status == 64 && r.stderr.contains("unknown option"))
        // A file that is no order of play: said before any screen, 1.
        try "name,team\nx,y\n".write(toFile: dir.file("bad.csv"), atomically: true, encoding: .utf8)
        r = Self.run(["--matches", dir.file("bad.csv")], dir.path)
        #expect(r.status == 1 && r.stderr.contains("lacks the columns match, event, round, team1, team2"), "\(r.stderr)")
        r = Self.run(["--matches", dir.file("none.csv")], dir.path)
        #expect(r.status == 1 && r.stderr.contains("none.csv: no such file"), "\(r.stderr)")
        // --call without a hall.
        r = Self.run(["--call", "1", "--court", "1", "--matches", dir.file("m.csv")], dir.path)
        #expect(r.status == 64 && r.stderr.contains("--call needs a hall"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("desk.json")))
    }
    /// The issue's proof, end to end: a desk and two courts in config directories of their
    /// own, court 1 in a network namespace of its own whose link is down when it is called;
    /// the desk calls match 1 to court 1 and match 2 to court 2 by keys, court 1's call
    /// arrives once its link is back, both courts play to the end by keys, the results say
    /// who won and the games, and the desk killed -9 and started again keeps its queue and
    /// its results.
    @Test(namespaces) func anEventFromTheMatchesFileToTheResults() throws {
        let pair = try NamespacePair()
        let broker = try MosquittoBroker(address: pair.deskAddress, namespace: pair.desk, persistence: true)
        let dir = try Self.deskDir("termini-desk-event")
        let c1 = TempDir("termini-desk-court1"), c2 = TempDir("termini-desk-court2")
        let deskArgs = ["desk", "--hall", broker.url]
        var desk = try TmuxSession(width: 200, height: 60, arguments: deskArgs + ["--matches", dir.file("m.csv")], configDir: dir.path,
                                   wrapper: HallEndToEndTests.inside(pair.desk))
        #expect(desk.waitFor("Queue (4)"), "\(desk.screen)")
        // Both courts up on the hall; then court 1's link goes down.
        let court1 = try TmuxSession(arguments: ["badminton", "--court", "1", "--hall", broker.url], configDir: c1.path,
                                     wrapper: HallEndToEndTests.inside(pair.court))
        let court2 = try TmuxSession(arguments: ["badminton", "--court", "2", "--hall", broker.url], configDir: c2.path,
                                     wrapper: HallEndToEndTests.inside(pair.desk))
        for court in [court1, court2] { #expect(court.wait(timeout: 15) { $0.contains("hall ● online") }.ok, "\(court.screen)") }
        try pair.cut()
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Match 1 called to court 1."), "\(desk.screen)")
        desk.send("Tab")
        desk.send("Tab")
        desk.send("Enter")
        desk.send("Enter")
        #expect(desk.waitFor("Match 2 called to court 2."), "\(desk.screen)")
        // Court 2 has its call at once; court 1, cut off, not while its link is down, and
        // once it is back the call arrives (retained by the broker) as its dialog.
        #expect(court2.wait { $0.contains("Enter to start setup") }.ok, "\(court2.screen)")
        usleep(2_000_000)
        #expect(!court1.screen.contains("Enter to start setup"), "\(court1.screen)")
        try pair.restore()
        // Each court takes its call (the dialog, Enter: the setup filled from the call, Enter),
        // then plays it to the end by keys: Lin Dan (left) wins on court 1, Bea (right) on
        // court 2; at 3 the ends change (the one game is the deciding one).
        for (court, keys) in [(court1, ["a", "l"]), (court2, ["l", "a"])] {
            #expect(court.wait(timeout: 20) { $0.contains("Enter to start setup") && $0.contains("hall ● online") }.ok, "\(court.screen)")
            court.send("Enter")
            #expect(court.waitFor("Match no."), "\(court.screen)")
            court.send("Enter")
            #expect(court.waitFor("serves from"), "\(court.screen)")
            for i in 0..<5 {
                court.send(keys[i < 3 ? 0 : 1])
                if i == 2 { #expect(court.waitFor("interval"), "\(court.screen)") }
                usleep(150_000)
            }
            #expect(court.wait(timeout: 15) { $0.contains("wins the match") }.ok, "\(court.screen)")
        }
        #expect(desk.wait(timeout: 20) { $0.contains("Finished (2)") }.ok, "\(desk.screen)")
        // Begun: the desk's retained calls are cleared.
        #expect(try !Self.retainedCall(broker.port, host: pair.deskAddress, court: "1", wrapper: HallEndToEndTests.inside(pair.desk)).contains("\"match\""))
        #expect(desk.screen.contains("1 MS R1 Lin Dan beat Lee Chong Wei 5-0"), "\(desk.screen)")
        let results = Self.run(["--results", "csv"], dir.path)
        let lines = results.stdout.split(separator: "\n").map(String.init)
        #expect(results.status == 0 && lines.count == 3, "\(results.stdout) \(results.stderr)")
        #expect(lines.contains { $0.hasPrefix("1,MS,R1,1,Lin Dan,CHN,Lee Chong Wei,MAS,Lin Dan,5-0,played,") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("2,WS,R1,2,Ann,DEN,Bea,ENG,Bea,0-5,played,") }, "\(lines)")
        // Killed -9 mid-event and started again: the queue and the results are all there.
        desk.signal(SIGKILL)
        #expect(desk.exitStatus() == 128 + Int(SIGKILL))
        desk = try TmuxSession(width: 200, height: 60, arguments: deskArgs, configDir: dir.path, wrapper: HallEndToEndTests.inside(pair.desk))
        #expect(desk.wait { $0.contains("Queue (2)") && $0.contains("Finished (2)") && $0.contains("Bea beat Ann") }.ok, "\(desk.screen)")
        #expect(Self.run(["--results", "csv"], dir.path).stdout == results.stdout)
        let sheet = Self.run(["--scoresheet", "1"], dir.path)
        #expect(sheet.status == 0 && sheet.stdout.contains("<html") && sheet.stdout.contains("Lin Dan"), "\(sheet.stderr)")
        for s in [court1, court2, desk] { s.quit() }
        #expect(desk.exitStatus() == 0)
    }
}
