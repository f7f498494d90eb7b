#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The badminton scoreboard driven by keys in a real terminal, the way it is used courtside.
@Suite(.serialized) struct BadmintonEndToEndTests {
    static func keys(_ k: String, _ n: Int) -> [String] { Array(repeating: k, count: n) }

    func send(_ t: TmuxSession, _ keys: [String]) {
        // In chunks: one tmux call per chunk, in order.
        var rest = keys[...]
        while !rest.isEmpty {
            let chunk = Array(rest.prefix(20))
            rest = rest.dropFirst(20)
            _ = try? TmuxSession.tmux(["-L", t.socket, "send-keys", "-t", "0"] + chunk)
        }
    }

    /// Waits until the screen stops changing for a moment, then returns it.
    func settled(_ t: TmuxSession) -> String {
        var last = t.screen
        var stableSince = Date()
        let end = Date().addingTimeInterval(5)
        while Date() < end {
            usleep(50_000)
            let s = t.screen
            if s != last {
                last = s
                stableSince = Date()
            } else if Date().timeIntervalSince(stableSince) > 0.3 {
                break
            }
        }
        return last
    }

    static func status(_ dir: String, json: Bool = false) -> (status: Int32, output: String) {
        (try? Subprocess.run([TmuxSession.binary, "badminton", "--status"] + (json ? ["--json"] : []) + ["--config-dir", dir])) ?? (-1, "")
    }

    @Test(.tmux) func wholeThreeGameMatchPlayedByKeys() throws {
        let t = try TmuxSession(arguments: ["badminton", "--new", "--names", "Ann,Bo"])
        #expect(t.waitFor("serves from the RIGHT court"), "\(t.screen)")
        // Game 1: Ann on the left wins 21-15.
        send(t, Self.keys("l", 15) + Self.keys("a", 21))
        #expect(t.waitFor("Game 1 to Ann 21-15"), "\(t.screen)")
        t.send("l")  // ignored between games
        t.send("Enter")
        #expect(t.waitFor("Ends changed: Bo now on the left"), "\(t.screen)")
        // Game 2: Bo, now on the left, wins 21-17 (the first point ends the interval).
        send(t, Self.keys("Right", 17) + Self.keys("Left", 21))
        #expect(t.waitFor("Game 2 to Bo 21-17"), "\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("game 3"), "\(t.screen)")
        // Game 3: Ann (left again) reaches 11 first: ends change, the interval starts.
        send(t, Self.keys("PgDn", 9) + Self.keys("PgUp", 11))
        #expect(t.waitFor("Mid-game interval"), "\(t.screen)")
        #expect(t.screen.contains("Ends changed: Bo now on the left"), "\(t.screen)")
        t.send("Enter")
        #expect(t.wait { !$0.contains("Mid-game interval") }.ok)
        // Bo is on the left now: z scores for Bo, m for Ann.
        send(t, Self.keys("z", 10) + Self.keys("m", 9))
        #expect(t.waitForLetters("MATCH POINT"), "in big letters:\n\(t.screen)")
        t.send("m")
        #expect(t.waitFor("Ann wins the match 2-1"), "\(t.screen)")
        let final = settled(t)
        #expect(t.waitForLetters("MATCH WON"), "\(final)")
        #expect(final.contains("Won 2 · G1 21-15 G2 17-21 G3 21-19"), "\(final)")
        #expect(final.contains("Won 1 · G1 15-21 G2 21-17 G3 19-21"), "\(final)")
        #expect(final.contains("n: new match"), "\(final)")
        // The title and the hint bar.
        let lines = final.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.contains("Badminton · 3x21 · game 3") == true, "\(final)")
        #expect(lines.last?.contains("n New match") == true, "\(final)")
        // Undo after the match is won, then quit: everything is kept.
        t.send("u")
        #expect(t.waitForLetters("MATCH POINT"), "\(t.screen)")
        t.send("y")
        #expect(t.waitFor("Ann wins the match 2-1"), "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        let st = Self.status(t.configDir)
        #expect(st.status == 0)
        #expect(st.output == "Ann 21-15 17-21 21-19 Bo · Ann won\n")
    }

    @Test(.tmux) func killNineInTheMiddleLosesNothing() throws {
        let dir = TmuxSession.makeTempDir("termini-kill")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var before = ""
        do {
            let t = try TmuxSession(arguments: ["badminton", "--new", "--doubles", "--names", "Ann/Bob,Cat/Dan"], configDir: dir)
            #expect(t.waitFor("who serves?"), "\(t.screen)")
            send(t, ["2", "3", "Enter"])
            #expect(t.waitFor("🏸 Bob serves"), "\(t.screen)")
            #expect(t.screen.contains("from the RIGHT court"), "\(t.screen)")
            // 2-0, 2-1, 3-1, 3-3, 4-3, undo twice (3-2), redo (3-3), swap ends, 4-3, undo (3-3).
            send(t, ["a", "a", "l", "a", "l", "l", "a", "u", "u", "y", "s", "y", "l", "u"])
            #expect(t.wait { _ in Self.status(dir).output.hasPrefix("Ann/Bob 3-3 Cat/Dan") }.ok, "\(Self.status(dir).output)")
            before = settled(t)
            t.signal(SIGKILL)
            #expect(t.exitStatus() == 137)
        }
        let again = try TmuxSession(arguments: ["badminton"], configDir: dir)
        #expect(again.waitFor("serves"), "\(again.screen)")
        let after = settled(again)
        // Everything but the line that told what the last key did.
        func board(_ s: String) -> [Substring] { Array(s.split(separator: "\n", omittingEmptySubsequences: false).prefix(21)) }
        #expect(board(after) == board(before), "before:\n\(before)\nafter:\n\(after)")
        #expect(board(after).joined().contains("🏸 Cat serves") && board(after).joined().contains("from the LEFT court"))
        // The redo list came back too: y redoes the undone rally.
        again.send("y")
        #expect(again.wait { _ in Self.status(dir).output.hasPrefix("Ann/Bob 4-3 Cat/Dan") }.ok, "\(Self.status(dir).output)")
    }

    @Test(.tmux) func sigtermAndSighupExitCleanlyKeepingEverything() throws {
        let dir = TmuxSession.makeTempDir("termini-term")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (signal, code) in [(SIGTERM, 143), (SIGHUP, 129)] {
            let t = try TmuxSession(arguments: ["badminton"] + (signal == SIGTERM ? ["--new"] : []), configDir: dir)
            #expect(t.waitFor("serves from"), "\(t.screen)")
            send(t, ["a", "l", "l"])
            let expected = signal == SIGTERM ? "Red 1-2 Blue" : "Red 2-4 Blue"
            #expect(t.wait { _ in Self.status(dir).output.hasPrefix(expected) }.ok, "\(Self.status(dir).output)")
            _ = settled(t)
            t.signal(signal)
            #expect(t.exitStatus() == code)
        }
        #expect(Self.status(dir).output.hasPrefix("Red 2-4 Blue"), "\(Self.status(dir).output)")
    }

    @Test(.tmux) func watchFollowsTheKeeperReadOnly() throws {
        let dir = TmuxSession.makeTempDir("termini-watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let keeper = try TmuxSession(arguments: ["badminton", "--new", "--names", "Lin,Lee"], configDir: dir)
        #expect(keeper.waitFor("serves from"), "\(keeper.screen)")
        let watcher = try TmuxSession(arguments: ["badminton", "--watch"], configDir: dir)
        #expect(watcher.waitFor("read-only"), "\(watcher.screen)")
        // A second plain start finds the lock taken and opens read-only too, saying so.
        let second = try TmuxSession(arguments: ["badminton"], configDir: dir)
        #expect(second.waitFor("Another termini keeps Badminton"), "\(second.screen)")
        send(keeper, ["a", "a", "l", "a"])
        #expect(watcher.wait(timeout: 5) { $0.contains("serves from the LEFT court") }.ok, "\(watcher.screen)")
        let k = settled(keeper).split(separator: "\n").dropFirst().prefix(19)
        let w = settled(watcher).split(separator: "\n").dropFirst().prefix(19)
        #expect(Array(k) == Array(w), "keeper:\n\(k.joined(separator: "\n"))\nwatcher:\n\(w.joined(separator: "\n"))")
        // Keys do nothing to the match in the watcher.
        watcher.send("a")
        watcher.barrier()
        #expect(Self.status(dir).output.hasPrefix("Lin 3-1 Lee"))
        // The keeper starts a new match: the watcher follows.
        keeper.send("n")
        #expect(keeper.waitFor("New match?"), "\(keeper.screen)")
        keeper.send("y")
        #expect(keeper.waitFor("First server"), "\(keeper.screen)")
        keeper.send("Enter")
        #expect(keeper.wait { _ in Self.status(dir).output.hasPrefix("Lin 0-0 Lee") }.ok, "\(Self.status(dir).output)")
        #expect(watcher.waitFor("serves from the RIGHT court"), "\(watcher.screen)")
        watcher.send("h")
        #expect(watcher.waitFor("Abandoned: Lin v Lee 3-1"), "\(watcher.screen)")
    }

    @Test(.tmux) func statusAndExportWithoutATerminal() throws {
        let dir = TmuxSession.makeTempDir("termini-status")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let none = Self.status(dir)
        #expect(none.status == 1 && none.output.isEmpty)
        let t = try TmuxSession(arguments: ["badminton", "--new", "--format", "3x15"], configDir: dir)
        #expect(t.waitFor("serves from"), "\(t.screen)")
        send(t, ["a", "a", "a", "l"])
        #expect(t.wait { _ in Self.status(dir).output == "Red 3-1 Blue · game 1 · Blue serves from the left court\n" }.ok, "\(Self.status(dir).output)")
        let json = Self.status(dir, json: true).output
        #expect(json.hasPrefix("{\"format\":\"3x15\",\"discipline\":\"singles\",\"teams\":[{\"name\":\"Red\",\"players\":[\"Red\"],\"games\":0,\"score\":3}"), "\(json)")
        // The umpire's fields after the ones it always had: who receives, who stands where, the call.
        #expect(json.hasSuffix("\"winner\":null,\"interval\":null,\"receiver\":{\"team\":0,\"player\":\"Red\",\"court\":\"left\"},"
            + "\"positions\":[[{\"player\":\"Red\",\"court\":\"left\"}],[{\"player\":\"Blue\",\"court\":\"left\"}]],"
            + "\"cards\":[],\"shuttles\":0,\"call\":\"Service over, 1-3\",\"timer\":null}\n"), "\(json)")
        let csv = (try? Subprocess.run([TmuxSession.binary, "badminton", "--export", "csv", "--config-dir", dir]))?.output ?? ""
        #expect(csv.split(separator: "\n").count == 6, "\(csv)")
        #expect(csv.hasPrefix("match,started,format,discipline,team1,team2,seq,time,event,team,score1,score2,game,server,player,detail,duration,shuttles\n"))
        // A bad value is refused before anything starts, with status 64.
        let bad = try TmuxSession(arguments: ["badminton", "--new", "--format", "4x21"], configDir: dir)
        #expect(bad.exitStatus() == 64)
        #expect(bad.waitFor("odd"), "\(bad.screen)")
    }

    /// The dialogs as a first-time user meets them: the hint bar names their keys, typing
    /// replaces a prefilled name, y/n answer "New match?", the first server is remembered, and
    /// the history shows local times (a fixed zone 5:30 ahead of UTC, no tzdata needed).
    @Test(.tmux) func dialogsAnswerLikeEveryOtherApp() throws {
        let dir = TmuxSession.makeTempDir("termini-dialogs")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try TmuxSession(arguments: ["badminton"], environment: ["TZ": "IST-5:30"], configDir: dir)
        #expect(t.waitFor("First server"), "\(t.screen)")
        #expect(t.capture().last?.contains("Tab Next") == true && t.capture().last?.contains("Esc Cancel") == true, "\(t.screen)")
        send(t, ["Down", "Down"])
        let nameHints = t.wait { screen in screen.split(separator: "\n").last.map { $0.contains("Ctrl-U Clear") } ?? false }
        #expect(nameHints.ok, "\(nameHints.screen)")
        t.type("Lin Dan")
        send(t, ["Tab"])
        t.type("Lee Chong Wei")
        send(t, ["Tab", "Right"])
        #expect(t.waitFor("○ Lin Dan  ● Lee Chong Wei"), "\(t.screen)")
        t.send("Enter")
        #expect(t.wait { _ in Self.status(dir).output == "Lin Dan 0-0 Lee Chong Wei · game 1 · Lee Chong Wei serves from the right court\n" }.ok,
                "\(Self.status(dir).output)")
        // The config's new content is renamed into place right after the frame (the journal's
        // side file, which --status reads, may come first): polled for.
        let config = { (try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? "" }
        #expect(t.wait { _ in config().contains("badminton.server = right") }.ok, "\(config())")
        // n keeps playing, y starts over; the one left goes to the history as abandoned.
        t.send("a")
        #expect(t.wait { _ in Self.status(dir).output.hasPrefix("Lin Dan 1-0 Lee Chong Wei") }.ok)
        t.send("n")
        #expect(t.waitFor("New match?"), "\(t.screen)")
        #expect(t.capture().last?.contains("y New match") == true, "\(t.screen)")
        t.send("n")
        #expect(t.wait { !$0.contains("New match?") }.ok, "\(t.screen)")
        #expect(Self.status(dir).output.hasPrefix("Lin Dan 1-0 Lee Chong Wei"))
        send(t, ["n", "y"])
        #expect(t.waitFor("○ Lin Dan  ● Lee Chong Wei"), "the server is remembered: \(t.screen)")
        t.send("Enter")
        #expect(t.wait { _ in Self.status(dir).output.hasPrefix("Lin Dan 0-0 Lee Chong Wei") }.ok)
        t.send("h")
        #expect(t.waitFor("Abandoned: Lin Dan v Lee Chong Wei 1-0"), "\(t.screen)")
        let local = DateFormatter()
        local.dateFormat = "yyyy-MM-dd HH:mm"
        local.timeZone = TimeZone(secondsFromGMT: 5 * 3600 + 1800)
        let now = Date()
        let expected = [now, now.addingTimeInterval(-60), now.addingTimeInterval(-120)].map { local.string(from: $0) }
        #expect(expected.contains { t.screen.contains($0) }, "local time \(expected[0]):\n\(t.screen)")
        #expect(!t.screen.contains("UTC"))
        t.send("Escape")
        #expect(t.wait { !$0.contains("Abandoned:") }.ok)
    }

    /// Doubles: 2 and 4 move the server and receiver in the court diagram before Enter, and
    /// the interval between games counts down inside the next game's service dialog.
    @Test(.tmux) func doublesServiceChoiceIsPreviewedAndTheIntervalStaysInView() throws {
        let t = try TmuxSession(arguments: ["badminton", "--new", "--doubles", "--names", "Chen Qingchen/Jia Yifan,Lee Chong Wei 1/Lee Chong Wei 2"])
        #expect(t.waitFor("who serves?"), "\(t.screen)")
        #expect(t.waitFor("R Chen Qingchen 🏸 serves"), "\(t.screen)")
        send(t, ["2", "4"])
        #expect(t.waitFor("R Jia Yifan 🏸 serves"), "\(t.screen)")
        #expect(t.waitFor("Lee Chong Wei 2 receives R"), "\(t.screen)")
        #expect(t.screen.contains("🏸 Jia Yifan serves") && t.screen.contains("from the RIGHT court"), "\(t.screen)")
        t.send("Enter")
        send(t, Self.keys("a", 21))
        #expect(t.waitFor("Game 1 to Chen Qingchen/Jia Yifan 21-0"), "\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Game 2 · who serves?"), "\(t.screen)")
        #expect(t.wait { $0.contains("Interval between games · 1:5") }.ok, "\(t.screen)")
    }

    @Test(.tmux) func damagedJournalIsRecoveredOnStart() throws {
        let dir = TmuxSession.makeTempDir("termini-damaged")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let t = try TmuxSession(arguments: ["badminton", "--new"], configDir: dir)
            #expect(t.waitFor("serves from"), "\(t.screen)")
            send(t, ["a", "a", "l"])
            #expect(t.wait { _ in Self.status(dir).output.hasPrefix("Red 2-1 Blue") }.ok)
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
        let path = dir + "/badminton-match.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"e\":\"point\",\"t\":17".utf8))
        handle.closeFile()
        let t = try TmuxSession(arguments: ["badminton"], configDir: dir)
        #expect(t.waitFor("Recovered 4 events"), "\(t.screen)")
        #expect(Self.status(dir).output.hasPrefix("Red 2-1 Blue"))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        #expect(files.contains { $0.hasPrefix("badminton-match.jsonl.corrupt") }, "\(files)")
    }
}
