#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// The hall as a user meets it (issue 26): a court keeper and the recording desk, each the real
/// binary in tmux with a config directory of its own, over a real Mosquitto broker.
@Suite(.serialized) struct HallEndToEndTests {
    static let broker: ConditionTrait = .enabled(if: MosquittoBroker.available && Tools.installed("tmux"),
                                                 "needs tmux and mosquitto: apt-get install tmux mosquitto")
    static let namespaces: ConditionTrait = .enabled(if: NamespacePair.available && MosquittoBroker.available && Tools.installed("tmux"),
                                                     "needs root, ip (iproute2), mosquitto and tmux")

    /// `ip netns exec NS` by the full path of `ip` (the pane's PATH has no sbin).
    static func inside(_ ns: String) -> [String] {
        let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "ip"
        return [ip, "netns", "exec", ns]
    }

    static func run(_ args: [String], _ dir: String, command: [String] = ["badminton"]) -> LimitedRun {
        LimitedRun.run([TmuxSession.binary] + command + args + ["--config-dir", dir], environment: ["LANG": "C.UTF-8", "HOME": dir], directory: dir)
    }

    static func journal(_ dir: String, court: String) -> [String] {
        let text = (try? String(contentsOfFile: dir + "/badminton-\(court)-match.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// The link line shows `synced` with nothing left to send.
    static func synced(_ screen: String) -> Bool {
        screen.contains("hall ● synced #") && !screen.contains("to send")
    }

    @Test(broker, arguments: [(80, 24), (200, 60)])
    func theCourtsLinkAndTheDesksCopyThroughABrokerKilledAndRestarted(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker(persistence: true)
        let courtDir = TempDir("termini-hall-court"), deskDir = TempDir("termini-hall-desk")
        let desk = try TmuxSession(width: width, height: height, arguments: ["badminton", "--hall", broker.url, "--watch", "--all"],
                                   configDir: deskDir.path)
        let court = try TmuxSession(arguments: ["badminton", "--court", "3", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        for _ in 0..<3 { court.send("a") }
        // The desk has stored and acknowledged every event: the court says so in its frame.
        #expect(court.wait { Self.synced($0) }.ok, "\(court.screen)")
        #expect(desk.wait { $0.contains("Court 3") && $0.contains("● online") }.ok, "\(desk.screen)")

        // The broker dies: the court goes on scoring, offline, and counts what it has to send.
        broker.kill9()
        for _ in 0..<2 { court.send("a") }
        #expect(court.wait { $0.contains("hall ○ offline · ") && $0.contains("2 to send") }.ok, "\(court.screen)")
        #expect(Self.run(["--status", "--court", "3"], courtDir.path).stdout.hasPrefix("Red 5-0"))

        // Back (with what it had persisted): the court catches up, the desk has every rally.
        try broker.start()
        #expect(court.wait(timeout: 15) { Self.synced($0) }.ok, "\(court.screen)")
        #expect(desk.wait { $0.contains("Court 3") && $0.contains("● online") }.ok, "\(desk.screen)")
        // Exactly once, in order: the desk's copy is the court's journal, line for line.
        let kept = Self.journal(courtDir.path, court: "3")
        #expect(kept.count == 6 && Self.journal(deskDir.path, court: "3") == kept, "\(Self.journal(deskDir.path, court: "3"))")
        let json = Self.run(["--status", "--all", "--json"], deskDir.path)
        #expect(json.status == 0 && json.stdout.contains("\"court\":\"3\"") && json.stdout.contains("\"players\":[\"Red\"],\"games\":0,\"score\":5}"), "\(json.stdout) \(json.stderr)")
        #expect(Self.run(["--status", "--court", "3"], deskDir.path).stdout.hasPrefix("Red 5-0"))
        // The desk's reports, with no court reachable: the same as the court's own.
        let exported = Self.run(["--export", "csv", "--court", "3"], courtDir.path).stdout
        #expect(exported.split(separator: "\n").count > 5 && Self.run(["--export", "csv", "--court", "3"], deskDir.path).stdout == exported, "\(exported)")
        let sheet = Self.run(["--scoresheet", "--court", "3"], deskDir.path)
        #expect(sheet.status == 0 && sheet.stdout.contains("<html") && sheet.stdout.contains("Red"), "\(sheet.stderr)")
        court.send("q")
        desk.send("q")
        #expect(court.exitStatus() == 0 && desk.exitStatus() == 0)
        #expect(court.terminalRestored() && desk.terminalRestored())
    }

    @Test(broker) func theLinkInASCII() throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-hall-ascii")
        let court = try TmuxSession(arguments: ["badminton", "--ascii", "--court", "1", "--new", "--names", "A,B", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        // No desk: the court is online with its match to send.
        #expect(court.wait { $0.contains("hall * ") && $0.contains("to send") }.ok, "\(court.screen)")
        broker.stop()
        #expect(court.wait { $0.contains("hall o offline - ") }.ok, "\(court.screen) exit \(String(describing: court.exitStatus(timeout: 0.1)))")
    }

    @Test(broker) func withoutAHallNothingOfItIsShown() throws {
        let dir = TempDir("termini-hall-none")
        try "hall = mqtt://127.0.0.1:1\n".write(toFile: dir.path + "/config", atomically: true, encoding: .utf8)
        // The config's hall is for named courts: the directory's one court is as it was.
        let court = try TmuxSession(arguments: ["badminton", "--new", "--names", "A,B"], configDir: dir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        court.send("a")
        #expect(court.barrier())
        #expect(!court.screen.contains("hall "), "\(court.screen)")
    }

    /// A screen anywhere: a machine with none of the court's files follows it over the hall,
    /// and prints the hall's every court.
    @Test(broker) func aScreenAnywhereFollowsACourtAndPrintsTheHall() throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-hall-c5"), elsewhere = TempDir("termini-hall-any")
        let court = try TmuxSession(arguments: ["badminton", "--court", "5", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        for _ in 0..<3 { court.send("a") }
        #expect(court.wait { $0.contains("hall ● ") && Self.run(["--status", "--court", "5"], courtDir.path).stdout.hasPrefix("Red 3-0") }.ok)
        let follower = try TmuxSession(arguments: ["badminton", "--hall", broker.url, "--watch", "--court", "5"], configDir: elsewhere.path)
        #expect(follower.wait { $0.contains("Red") && $0.contains("Blue") && $0.contains("watching") }.ok, "\(follower.screen)")
        let before = follower.screen
        court.send("a")
        #expect(follower.wait { $0 != before }.ok, "\(follower.screen)")
        let tv = try TmuxSession(arguments: ["badminton", "--hall", broker.url, "--watch", "--court", "5", "--display"], configDir: elsewhere.path)
        #expect(tv.waitFor("Court 5"), "\(tv.screen)")
        // The hall printed, from the courts' retained journals, anywhere.
        #expect(court.wait { _ in Self.run(["--hall", broker.url, "--status", "--all"], elsewhere.path).stdout.contains("Red 4-0") }.ok)
        let json = Self.run(["--hall", broker.url, "--status", "--all", "--json"], elsewhere.path)
        #expect(json.status == 0 && json.stdout.hasPrefix("{\"courts\":[{\"court\":\"5\""), "\(json.stdout) \(json.stderr)")
        // Nothing of the hall was written where the screen runs.
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: elsewhere.path)) ?? []).allSatisfy { !$0.hasPrefix("badminton-") })
        follower.send("q")
        #expect(follower.exitStatus() == 0 && follower.terminalRestored())
    }

    /// A screen anywhere has what a local watcher has: the court's link in its frame (as the
    /// desk's pane says it), its finished matches under `h` with their scoresheets, and the
    /// TV says when the court is gone.
    @Test(broker, arguments: [(80, 24), (200, 60)])
    func aScreenAnywhereShowsTheCourtsLinkAndItsFinishedMatches(_ width: Int, _ height: Int) throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-hall-h5"), elsewhere = TempDir("termini-hall-hany")
        var court = try TmuxSession(arguments: ["badminton", "--court", "5", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        for _ in 0..<3 { court.send("a") }
        #expect(court.wait { $0.contains("hall ● ") && $0.contains("Red") && $0.contains("3") }.ok)
        court.send("q")
        #expect(court.exitStatus() == 0)
        // The next match: Red v Blue goes to the court's history.
        court = try TmuxSession(arguments: ["badminton", "--court", "5", "--new", "--names", "Green,Gold", "--hall", broker.url],
                                configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        let screen = ["badminton", "--ascii", "--no-color", "--hall", broker.url, "--watch", "--court", "5"]
        let follower = try TmuxSession(width: width, height: height, arguments: screen, configDir: elsewhere.path)
        #expect(follower.wait { $0.contains("court 5") && $0.contains("hall ") && $0.contains(" online") }.ok, "\(follower.screen)")
        // Heard live once it scores: online, no question mark.
        court.send("a")
        #expect(follower.wait { $0.contains("hall * online") }.ok, "\(follower.screen)")
        follower.send("h")
        #expect(follower.wait { $0.contains("Red") && $0.contains("Blue") }.ok, "\(follower.screen)")
        follower.send("Enter")
        #expect(follower.wait { $0.contains("Scoresheet") && $0.contains("Red v Blue") }.ok, "\(follower.screen)")
        follower.send("Escape")
        #expect(follower.wait { !$0.contains("Scoresheet - ") && $0.contains("History - ") }.ok, "\(follower.screen)")
        follower.send("Escape")
        #expect(follower.wait { !$0.contains("History -") }.ok, "\(follower.screen)")
        let tv = try TmuxSession(width: width, height: height, arguments: screen + ["--display"], configDir: elsewhere.path)
        #expect(tv.wait { $0.contains("Court 5") }.ok, "\(tv.screen)")
        // The court dies: its last will reaches the screens, which say so.
        court.signal(SIGKILL)
        #expect(follower.wait(timeout: 15) { $0.contains("hall o offline") }.ok, "\(follower.screen)")
        #expect(tv.wait(timeout: 15) { $0.contains("hall o offline") && $0.contains("Court 5") }.ok, "\(tv.screen)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: elsewhere.path)) ?? []).allSatisfy { !$0.hasPrefix("badminton-") })
        follower.send("q")
        #expect(follower.exitStatus() == 0 && follower.terminalRestored())
    }

    /// A second copy on the court's config directory follows; when the keeper quits (or is
    /// killed) it keeps the court, and publishes it: the desk gets what it scores, once each,
    /// in order, after what the first one scored.
    @Test(broker, arguments: [false, true])
    func aFollowerThatTakesOverKeepingPublishesTheCourt(_ killed: Bool) throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-hall-to"), deskDir = TempDir("termini-hall-tod")
        let desk = try TmuxSession(arguments: ["badminton", "--hall", broker.url, "--watch", "--all"], configDir: deskDir.path)
        let args = ["badminton", "--court", "3", "--hall", broker.url]
        let first = try TmuxSession(arguments: args + ["--new", "--names", "Red,Blue"], configDir: courtDir.path)
        #expect(first.waitFor("serves from"), "\(first.screen)")
        for _ in 0..<2 { first.send("a") }
        #expect(first.wait { Self.synced($0) && $0.contains("synced #3") }.ok, "\(first.screen)")
        let second = try TmuxSession(arguments: args + ["--ascii", "--no-color"], configDir: courtDir.path)
        #expect(second.wait { $0.contains("watching") && $0.contains("Red") }.ok, "\(second.screen)")
        if killed { first.signal(SIGKILL) } else { first.send("q") }
        #expect(second.wait(timeout: 15) { $0.contains("keeps the match now") && $0.contains("hall * synced #3") }.ok, "\(second.screen)")
        for _ in 0..<3 { second.send("a") }
        #expect(second.wait(timeout: 15) { $0.contains("hall * synced #6") && !$0.contains("to send") }.ok, "\(second.screen)")
        let kept = Self.journal(courtDir.path, court: "3")
        #expect(kept.count == 6 && Self.journal(deskDir.path, court: "3") == kept, "\(Self.journal(deskDir.path, court: "3"))")
        #expect(desk.wait { $0.contains("Court 3") && $0.contains("● online") && !$0.contains("set aside") }.ok, "\(desk.screen)")
        #expect(!FileManager.default.fileExists(atPath: deskDir.path + "/hall-quarantine.log"))
        second.send("q")
        #expect(second.exitStatus() == 0)
    }

    /// Two desks on one config directory (two desk screens, two recording desks, or one of
    /// each): only the one holding the directory's keeper lock records; the other follows
    /// the files and takes over when the first goes. The copy holds each event once.
    @Test(broker, arguments: [("desk", "desk", false), ("watch", "watch", false), ("desk", "watch", false), ("desk", "desk", true), ("watch", "watch", true)])
    func twoDesksOnOneDirectoryRecordEachEventOnce(_ first: String, _ second: String, _ killed: Bool) throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-hall-2d"), deskDir = TempDir("termini-hall-2dd")
        try "desk.courts = 1\nsound = no\n".write(toFile: deskDir.file("config"), atomically: true, encoding: .utf8)
        func deskArgs(_ kind: String) -> [String] {
            kind == "desk" ? ["desk", "--hall", broker.url] : ["badminton", "--hall", broker.url, "--watch", "--all"]
        }
        let one = try TmuxSession(arguments: deskArgs(first), configDir: deskDir.path)
        #expect(one.waitFor("Quit"), "\(one.screen)")
        let two = try TmuxSession(arguments: deskArgs(second) + ["--ascii", "--no-color"], configDir: deskDir.path)
        #expect(two.wait { $0.contains("read-only") }.ok, "\(two.screen)")
        // A recording desk says why it records nothing (a desk's screen says so as any second copy does).
        if second == "watch" { #expect(two.wait { $0.contains("another desk records here") }.ok, "\(two.screen)") }
        let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        for _ in 0..<5 { court.send("a") }
        #expect(court.wait { Self.synced($0) && $0.contains("synced #6") }.ok, "\(court.screen)")
        Thread.sleep(forTimeInterval: 1)
        var kept = Self.journal(courtDir.path, court: "1")
        #expect(kept.count == 6 && Self.journal(deskDir.path, court: "1") == kept, "\(Self.journal(deskDir.path, court: "1"))")
        // The first goes (quits, or is killed): the second records from then on, each event once.
        if killed { one.signal(SIGKILL) } else { one.send("q") }
        #expect(one.exitStatus() == (killed ? 128 + Int(SIGKILL) : 0))
        if second == "watch" { #expect(two.wait { $0.contains("this desk records the hall now") }.ok, "\(two.screen)") }
        for _ in 0..<3 { court.send("a") }
        #expect(court.wait(timeout: 15) { Self.synced($0) && $0.contains("synced #9") }.ok, "\(court.screen)")
        Thread.sleep(forTimeInterval: 1)
        kept = Self.journal(courtDir.path, court: "1")
        #expect(kept.count == 9 && Self.journal(deskDir.path, court: "1") == kept, "\(Self.journal(deskDir.path, court: "1"))")
        court.send("q")
        two.send("q")
        #expect(two.exitStatus() == 0)
    }

    /// A desk's screen and a recording desk on two directories: each has a client id of its
    /// own (one per directory), so neither knocks the other off the broker, and each copy
    /// holds every event once; each restarted is the same client (its session kept).
    @Test(broker) func twoDesksOnTwoDirectoriesKeepTheirLinks() throws {
        let broker = try MosquittoBroker(persistence: true)
        let courtDir = TempDir("termini-hall-2x"), screenDir = TempDir("termini-hall-2xs"), watchDir = TempDir("termini-hall-2xw")
        try "desk.courts = 1\nsound = no\n".write(toFile: screenDir.file("config"), atomically: true, encoding: .utf8)
        let screenArgs = ["desk", "--hall", broker.url], watchArgs = ["badminton", "--hall", broker.url, "--watch", "--all"]
        var screen = try TmuxSession(arguments: screenArgs, configDir: screenDir.path)
        let watch = try TmuxSession(arguments: watchArgs, configDir: watchDir.path)
        let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        for _ in 0..<5 { court.send("a") }
        #expect(court.wait { Self.synced($0) && $0.contains("synced #6") }.ok, "\(court.screen)")
        let kept = Self.journal(courtDir.path, court: "1")
        for dir in [screenDir.path, watchDir.path] {
            #expect(court.wait { _ in Self.journal(dir, court: "1") == kept }.ok, "\(dir): \(Self.journal(dir, court: "1"))")
        }
        #expect(watch.wait { $0.contains("Court 1") && $0.contains("● online") }.ok, "\(watch.screen)")
        #expect(screen.wait { $0.contains("Court 1 [● online") }.ok, "\(screen.screen)")
        // The screen restarted comes back as the same client: the broker kept its session.
        screen.send("q")
        #expect(screen.exitStatus() == 0)
        screen = try TmuxSession(arguments: screenArgs, configDir: screenDir.path)
        #expect(screen.wait { $0.contains("Court 1 [") && $0.contains("Red 5-0 Blue") }.ok, "\(screen.screen)")
        court.send("a")
        #expect(court.wait { Self.synced($0) && $0.contains("synced #7") }.ok, "\(court.screen)")
        #expect(screen.wait { $0.contains("Court 1 [● online") && $0.contains("Red 6-0 Blue") }.ok, "\(screen.screen)")
        let log = (try? String(contentsOfFile: broker.log, encoding: .utf8)) ?? ""
        #expect(!log.contains("already connected"), "\(log.suffix(2000))")
        let clients = log.split(separator: "\n").filter { $0.contains("New client connected") && $0.contains("-desk") }
        #expect(clients.count == 3 && Set(clients.compactMap { $0.split(separator: " ").first { $0.hasPrefix("termini-") } }).count == 2, "\(clients)")
        court.send("q")
        screen.send("q")
        watch.send("q")
    }

    @Test(broker) func theHallsStatusWithNoBrokerSaysSo() throws {
        let port = try MosquittoBroker.freePort()
        let dir = TempDir("termini-hall-nobroker")
        let r = Self.run(["--hall", "mqtt://127.0.0.1:\(port)", "--status", "--all"], dir.path)
        #expect(r.status == 1 && r.stderr.hasPrefix("termini: hall: ") && r.stdout.isEmpty, "\(r.status) \(r.stderr)")
    }

    /// From nothing to a hall, as docs/hall.md tells it: `termini hall init`, the broker it
    /// prints, a court with the two files it copies and the lines it prints in its config,
    /// all over TLS; the broker listens on --host's address only.
    @Test(.enabled(if: MosquittoBroker.available && Child.installed("mosquitto_passwd") && Child.installed("openssl") && Tools.installed("tmux"),
                   "needs tmux, mosquitto, mosquitto_passwd and openssl: apt-get install tmux mosquitto openssl"))
    func aHallFromNothing() throws {
        let work = TempDir("termini-hall-init")
        let hallDir = work.path + "/hall", courtDir = work.path + "/court"
        try FileManager.default.createDirectory(atPath: courtDir, withIntermediateDirectories: true)
        let port = try MosquittoBroker.freePort()
        let r = Self.run(["--port", "\(port)"], work.path, command: ["hall", "init", hallDir, "--courts", "2", "--host", "127.0.0.1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("mosquitto -c \(hallDir)/mosquitto.conf"), "\(r.stdout)")
        let url = "mqtts://127.0.0.1:\(port)/hall"
        #expect(r.stdout.contains("hall = \(url)") && r.stdout.contains("copy \(hallDir)/credentials/court-2.credentials")
                && r.stdout.contains("hall.ca = hall-ca.crt") && r.stdout.contains(hallDir + "/hall-ca.crt"), "\(r.stdout)")
        // A second time would lose the passwords: refused.
        let again = Self.run([], work.path, command: ["hall", "init", hallDir, "--courts", "2"])
        #expect(again.status == 1 && again.stderr.hasPrefix("termini: hall init: "), "\(again.stderr)")
        let broker = try Child.start(["mosquitto", "-c", hallDir + "/mosquitto.conf"], log: work.path + "/broker.log")
        defer {
            kill(broker, SIGTERM)
            _ = Child.wait(broker)
        }
        // The court's laptop: the two files copied, the three lines in its config.
        for (from, to) in [("credentials/court-1.credentials", "court-1.credentials"), ("hall-ca.crt", "hall-ca.crt")] {
            try FileManager.default.copyItem(atPath: hallDir + "/" + from, toPath: courtDir + "/" + to)
        }
        try "hall = \(url)\nhall.credentials = court-1.credentials\nhall.ca = hall-ca.crt\n"
            .write(toFile: courtDir + "/config", atomically: true, encoding: .utf8)
        let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "A,B"], configDir: courtDir)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        #expect(court.wait(timeout: 15) { $0.contains("hall ● ") }.ok, "\(court.screen)")
        // Listening on 127.0.0.1 only (as --host said), in TLS only.
        #expect(Self.listeners(port) == ["0100007F"], "\(Self.listeners(port))")
        // The desk's line, with its credentials: it records the court.
        let deskDir = TempDir("termini-hall-init-desk")
        let desk = try TmuxSession(arguments: ["badminton", "--hall", url, "--hall-credentials", hallDir + "/credentials/desk.credentials",
                                               "--hall-ca", hallDir + "/hall-ca.crt", "--watch", "--all"], configDir: deskDir.path)
        #expect(desk.wait(timeout: 15) { $0.contains("Court 1") && $0.contains("● online") }.ok, "\(desk.screen)")
        #expect(court.wait(timeout: 15) { Self.synced($0) }.ok, "\(court.screen)")
        // --status --all with the desk's credentials, beside the recorder: the court printed,
        // and the recorder keeps its link (no command takes its client id).
        let status = Self.run(["--hall", url, "--hall-credentials", hallDir + "/credentials/display.credentials", "--hall-ca", hallDir + "/hall-ca.crt",
                               "--status", "--all"], deskDir.path)
        #expect(status.status == 0 && status.stdout.contains("A"), "\(status.stderr)")
        // The wrong CA: said by --status, and on the screen of a court.
        let other = work.path + "/other"
        #expect(Self.run([], work.path, command: ["hall", "init", other, "--courts", "1", "--host", "127.0.0.1"]).status == 0)
        let wrongCA = Self.run(["--hall", url, "--hall-credentials", hallDir + "/credentials/display.credentials", "--hall-ca", other + "/hall-ca.crt",
                                "--status", "--all"], deskDir.path)
        #expect(wrongCA.status == 1 && wrongCA.stderr.contains("not signed by the hall's CA"), "\(wrongCA.stderr)")
        // On a court's screen: offline, and why.
        let otherCourt = TempDir("termini-hall-init-otherca")
        let untrusting = try TmuxSession(arguments: ["badminton", "--court", "2", "--new", "--names", "E,F", "--hall", url,
                                                     "--hall-credentials", hallDir + "/credentials/court-2.credentials", "--hall-ca", other + "/hall-ca.crt"],
                                         configDir: otherCourt.path)
        #expect(untrusting.wait(timeout: 15) { $0.contains("hall ○ offline") && $0.contains("not signed by the hall's CA") }.ok, "\(untrusting.screen)")
        untrusting.send("q")
        // mqtt:// to this TLS port: refused, and the password-in-clear notice said once.
        let plain = Self.run(["--hall", "mqtt://127.0.0.1:\(port)/hall", "--hall-credentials", hallDir + "/credentials/display.credentials",
                              "--status", "--all"], deskDir.path)
        #expect(plain.status == 1 && plain.stderr.contains("crosses the network in clear"), "\(plain.stderr)")
        // A wrong password: the court says why it is offline, and scores on.
        let wrongDir = TempDir("termini-hall-init-wrong")
        try "user = court-2\npassword = not-it\n".write(toFile: wrongDir.path + "/c2.credentials", atomically: true, encoding: .utf8)
        chmod(wrongDir.path + "/c2.credentials", 0o600)
        let wrong = try TmuxSession(arguments: ["badminton", "--court", "2", "--new", "--names", "C,D", "--hall", url,
                                                "--hall-credentials", wrongDir.path + "/c2.credentials", "--hall-ca", hallDir + "/hall-ca.crt"],
                                    configDir: wrongDir.path)
        #expect(wrong.wait(timeout: 15) { $0.contains("hall ○ offline") && $0.contains("not authorised") }.ok, "\(wrong.screen)")
        wrong.send("a")
        #expect(wrong.wait { _ in Self.run(["--status", "--court", "2"], wrongDir.path).stdout.hasPrefix("C 1-0") }.ok)
        #expect(desk.wait(timeout: 5) { $0.contains("● online") }.ok, "\(desk.screen)")
    }

    /// A directory whose name holds a newline is refused before anything is written (its name
    /// would start a line of mosquitto.conf); `--status --all` says what the screen says of a
    /// credentials file others can read, and of a password sent in clear.
    @Test(broker) func badHallInputIsSaidByTheCommands() throws {
        let work = TempDir("termini-hall-bad")
        let bad = work.path + "/x\nallow_anonymous true"
        let r = Self.run([], work.path, command: ["hall", "init", bad, "--courts", "1", "--host", "127.0.0.1"])
        #expect(r.status == 64 && r.stderr.contains("control character"), "\(r.status) \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bad))
        try "user = display\npassword = pw\n".write(toFile: work.path + "/d.credentials", atomically: true, encoding: .utf8)
        chmod(work.path + "/d.credentials", 0o644)
        let port = try MosquittoBroker.freePort()
        let s = Self.run(["--hall", "mqtt://127.0.0.1:\(port)", "--hall-credentials", work.path + "/d.credentials", "--status", "--all"], work.path)
        #expect(s.stderr.contains("can be read by other users (chmod 600 it)") && s.stderr.contains("crosses the network in clear"), "\(s.stderr)")
        #expect(s.stderr.components(separatedBy: "in clear").count == 2, "said once: \(s.stderr)")
    }

    /// The local addresses (hex, as /proc/net/tcp has them) listening on `port`.
    static func listeners(_ port: Int) -> [String] {
        let hexPort = String(format: "%04X", port)
        return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { file -> [String] in
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").dropFirst().compactMap { line -> String? in
                let f = line.split(separator: " ")
                guard f.count > 3, f[3] == "0A" else { return nil }
                let local = f[1].split(separator: ":")
                return local.count == 2 && local[1] == hexPort ? String(local[0]) : nil
            }
        }
    }

    /// Two laptops claiming one court: both are told, on screen.
    @Test(broker) func aSecondKeeperOfACourtIsShown() throws {
        let broker = try MosquittoBroker()
        let a = TempDir("termini-hall-k1"), b = TempDir("termini-hall-k2")
        let first = try TmuxSession(arguments: ["badminton", "--court", "4", "--new", "--names", "A,B", "--hall", broker.url], configDir: a.path)
        #expect(first.wait { $0.contains("hall ● ") }.ok, "\(first.screen)")
        let second = try TmuxSession(arguments: ["badminton", "--court", "4", "--new", "--names", "C,D", "--hall", broker.url], configDir: b.path)
        #expect(second.wait { $0.contains("another keeper") && $0.contains("claims court 4") }.ok, "\(second.screen)")
        #expect(first.wait { $0.contains("another keeper") && $0.contains("claims court 4") }.ok, "\(first.screen)")
    }

    /// The court killed -9 right after a key, the desk killed -9 mid-match: each started
    /// again resumes from its files, and the desk holds the court's journal line for line.
    @Test(broker) func courtAndDeskKilledAndRestartedLoseNothing() throws {
        let broker = try MosquittoBroker(persistence: true)
        let courtDir = TempDir("termini-hall-kc"), deskDir = TempDir("termini-hall-kd")
        let deskArgs = ["badminton", "--hall", broker.url, "--watch", "--all"]
        var desk = try TmuxSession(arguments: deskArgs, configDir: deskDir.path)
        var court = try TmuxSession(arguments: ["badminton", "--court", "2", "--new", "--names", "Red,Blue", "--hall", broker.url], configDir: courtDir.path)
        #expect(court.waitFor("serves from"), "\(court.screen)")
        court.send("a")
        #expect(court.wait { Self.synced($0) }.ok, "\(court.screen)")
        // A key, and the court killed at once: the rally is in its journal (synced before it showed).
        court.send("a")
        #expect(court.wait { _ in Self.journal(courtDir.path, court: "2").count == 3 }.ok)
        court.signal(SIGKILL)
        #expect(court.exitStatus() == 128 + Int(SIGKILL))
        court = try TmuxSession(arguments: ["badminton", "--court", "2", "--hall", broker.url], configDir: courtDir.path)
        #expect(court.wait { Self.synced($0) }.ok, "\(court.screen)")
        #expect(desk.wait { _ in Self.journal(deskDir.path, court: "2") == Self.journal(courtDir.path, court: "2") }.ok)
        // The desk killed; the court goes on; the desk started again catches up.
        desk.signal(SIGKILL)
        #expect(desk.exitStatus() == 128 + Int(SIGKILL))
        for _ in 0..<3 { court.send("a") }
        #expect(court.wait { $0.contains("3 to send") }.ok, "\(court.screen)")
        desk = try TmuxSession(arguments: deskArgs, configDir: deskDir.path)
        #expect(court.wait { Self.synced($0) }.ok, "\(court.screen)")
        let kept = Self.journal(courtDir.path, court: "2")
        #expect(kept.count == 6 && Self.journal(deskDir.path, court: "2") == kept, "\(Self.journal(deskDir.path, court: "2"))")
        #expect(desk.wait { $0.contains("Court 2") && $0.contains("● online") }.ok, "\(desk.screen)")
    }

    /// A bad client on a court's topic: the desk sets its messages aside, says so on its
    /// screen and in its pane, and what it stored of the court stays as it was.
    @Test(.enabled(if: MosquittoBroker.available && Child.installed("mosquitto_pub") && Tools.installed("tmux"),
                   "needs tmux, mosquitto and mosquitto-clients"))
    func aBadClientIsSetAsideAtTheDesk() throws {
        let broker = try MosquittoBroker()
        let courtDir = TempDir("termini-hall-bad-c"), deskDir = TempDir("termini-hall-bad-d")
        let desk = try TmuxSession(arguments: ["badminton", "--hall", broker.url, "--watch", "--all"], configDir: deskDir.path)
        let court = try TmuxSession(arguments: ["badminton", "--court", "6", "--new", "--names", "Red,Blue", "--hall", broker.url], configDir: courtDir.path)
        court.send("a")
        #expect(court.wait { Self.synced($0) }.ok, "\(court.screen)")
        let held = Self.journal(deskDir.path, court: "6")
        // Garbage with an escape, a payload of 520 KiB (from a file: too long for an argument; over
        // the desk's 512 KiB, under the most its client takes), a forged seq.
        let huge = deskDir.path + "/../huge-\(getpid())"
        try String(repeating: "x", count: 520 << 10).write(toFile: huge, atomically: true, encoding: .utf8)
        defer { unlink(huge) }
        for message in [["-m", "garbage\u{1b}[2J"], ["-f", huge], ["-m", "{\"v\":1,\"court\":\"6\",\"keeper\":\"0123456789abcdef\",\"match\":1,\"seq\":9}\n{}"]] {
            let pub = ["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "termini/hall/court/6/event"] + message
            #expect(try Child.run(pub) == 0)
        }
        #expect(desk.wait { $0.contains("court 6:") && $0.contains("set aside") }.ok, "\(desk.screen)")
        #expect(desk.wait { $0.contains("3 set aside") }.ok, "\(desk.screen)")
        #expect(!desk.screen.contains("\u{1b}"))
        #expect(Self.journal(deskDir.path, court: "6") == held && held == Self.journal(courtDir.path, court: "6"))
    }

    /// The hall's Wi-Fi gone for 20 s: court and desk in network namespaces of their own,
    /// joined by a veth pair that is taken down. The court scores 10 rallies meanwhile, says
    /// it is offline, and once the link is back the desk holds all 10 in order within 2 s.
    @Test(namespaces) func aPartitionOf20SecondsLosesNothing() throws {
        let pair = try NamespacePair()
        let broker = try MosquittoBroker(address: pair.deskAddress, namespace: pair.desk)
        let courtDir = TempDir("termini-hall-ns-court"), deskDir = TempDir("termini-hall-ns-desk")
        let desk = try TmuxSession(arguments: ["badminton", "--hall", broker.url, "--watch", "--all"], configDir: deskDir.path,
                                   wrapper: Self.inside(pair.desk))
        let court = try TmuxSession(arguments: ["badminton", "--court", "7", "--new", "--names", "Red,Blue", "--hall", broker.url],
                                    configDir: courtDir.path, wrapper: Self.inside(pair.court))
        #expect(court.waitFor("serves from"), "\(court.screen)")
        #expect(court.wait(timeout: 15) { Self.synced($0) }.ok, "\(court.screen)")
        #expect(desk.waitFor("Court 7"), "\(desk.screen)")
        try pair.cut()
        let cutAt = Date()
        for _ in 0..<10 { court.send("a") }
        #expect(court.wait(timeout: 15) { $0.contains("hall ○ offline") && $0.contains("10 to send") }.ok, "\(court.screen)")
        #expect(Self.run(["--status", "--court", "7"], courtDir.path).stdout.hasPrefix("Red 10-0"))
        let rest = 20 - Date().timeIntervalSince(cutAt)
        if rest > 0 { usleep(UInt32(rest * 1_000_000)) }
        try pair.restore()
        let restoredAt = Date()
        let kept = Self.journal(courtDir.path, court: "7")
        #expect(kept.count == 11)
        var held: [String] = []
        while Date().timeIntervalSince(restoredAt) < 2 {
            held = Self.journal(deskDir.path, court: "7")
            if held == kept { break }
            usleep(20_000)
        }
        #expect(held == kept, "the desk held \(held.count) of \(kept.count) lines 2 s after the link came back")
        #expect(court.wait(timeout: 10) { Self.synced($0) }.ok, "\(court.screen)")
        court.send("q")
        desk.send("q")
        #expect(court.exitStatus() == 0 && desk.exitStatus() == 0)
    }
}
