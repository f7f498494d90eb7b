import Foundation
import Memory
import Testing

/// Memory in a real terminal: a seeded deal played to the end by keys, options, resuming.
@Suite(.serialized, .tmux) struct MemoryEndToEndTests {
    /// The tmux key names a perfect player presses to win `game`: for each pair in turn, the
    /// arrows to each of its two cards and Space.
    static func winningKeys(_ game: MemoryGame) -> [String] {
        let columns = game.size.columns
        var keys: [String] = []
        var at = 0
        var done = Set<Int>()
        for (i, card) in game.cards.enumerated() where !done.contains(i) {
            guard let j = game.cards.indices.first(where: { $0 != i && game.cards[$0].face == card.face }) else { continue }
            done.formUnion([i, j])
            for target in [i, j] {
                let (r0, c0) = (at / columns, at % columns), (r1, c1) = (target / columns, target % columns)
                keys += Array(repeating: r1 > r0 ? "Down" : "Up", count: abs(r1 - r0))
                keys += Array(repeating: c1 > c0 ? "Right" : "Left", count: abs(c1 - c0))
                keys.append("Space")
                at = target
            }
        }
        return keys
    }

    @Test func aSeededGamePlayedToTheEndShowsTheWinWithOneFlipPerCard() throws {
        let t = try TmuxSession(arguments: ["memory", "--seed", "42"])
        #expect(t.waitFor("seed 42"), "\(t.screen)")
        #expect(t.screen.contains("Flips 0"))
        let keys = MemoryEndToEndTests.winningKeys(MemoryGame(size: .fourByFour, seed: 42))
        t.send(keys: keys)
        let won = t.wait { $0.contains("You won!") && $0.contains("All 8 pairs in 16 flips") }
        #expect(won.ok, "\(won.screen)")
        #expect(won.screen.contains("Flips 16"), "\(won.screen)")
        #expect(won.screen.contains("Pairs 8/8"))
        #expect(won.screen.contains("New best for 4×4: fewest flips and fastest time!"))

        // Esc closes the win box (and stays in Memory); the result stays on the message
        // line; s then opens the size menu alone, not over the win box.
        t.send("Escape")
        let closed = t.wait { !$0.contains("You won!") && $0.contains("You won: 8 pairs in 16 flips") }
        #expect(closed.ok, "\(closed.screen)")
        #expect(closed.screen.contains("Memory 4×4"), "still in Memory:\n\(closed.screen)")
        t.send("s")
        #expect(t.waitFor("Board size"), "\(t.screen)")
        t.send("Escape")
        #expect(t.wait { !$0.contains("Board size") }.ok, "\(t.screen)")

        // The best is kept; a finished game is not resumed but dealt anew.
        t.send("q")
        #expect(t.exitStatus() == 0)
        let again = try TmuxSession(arguments: ["memory"], configDir: t.configDir)
        #expect(again.waitFor("4×4 best: 16 flips"), "\(again.screen)")
        #expect(again.screen.contains("Flips 0"))
        #expect(!again.screen.contains("seed 42"))
    }

    @Test func aGameInProgressComesBackAfterQuitting() throws {
        let t = try TmuxSession(arguments: ["memory", "--seed", "42"])
        #expect(t.waitFor("seed 42"), "\(t.screen)")
        // Cards 0 and 1 of seed 42 do not match.
        t.send("Space", "Right", "Space")
        #expect(t.waitFor("No match."), "\(t.screen)")
        // Quit a moment after the clock turned to 2 seconds: the game comes back with the
        // time the screen showed.
        #expect(t.waitFor("Time 00:02", timeout: 5), "\(t.screen)")
        usleep(600_000)
        let shown = t.capture().first { $0.contains("Time ") } ?? ""
        t.send("q")
        #expect(t.exitStatus() == 0)
        let again = try TmuxSession(arguments: ["memory"], configDir: t.configDir)
        let s = again.wait { $0.contains("Flips 2") && $0.contains("(paused)") && $0.contains("seed 42") }
        #expect(s.ok, "\(s.screen)")
        let time = shown.split(separator: " ").drop { $0 != "Time" }.dropFirst().first.map(String.init) ?? "?"
        #expect(s.screen.contains("Time \(time) (paused)"), "before quitting: \(shown)\nafter:\n\(s.screen)")
        #expect(s.screen.contains("Welcome back"))
        #expect(s.screen.contains("😁") && s.screen.contains("🐢"), "the two cards are still up:\n\(s.screen)")
    }

    /// Ctrl-Z: the board is out of view, so the clock stops (as for another app or the help),
    /// the terminal is given back as the shell had it while termini is stopped, and `fg`
    /// (SIGCONT) brings the board back, redrawn, with the clock going on from where it stood.
    /// A stop from the terminal is dropped for an orphaned process group (the pane's own):
    /// as a job-control shell does, termini runs in a group of its own in the foreground,
    /// put there by python3.
    @Test(.python3) func ctrlZStopsTheClockAndGivesTheTerminalBack() throws {
        let foreground = ["/usr/bin/python3", "-c",
                          "import os,signal,sys; os.setpgid(0,0); signal.signal(signal.SIGTTOU,signal.SIG_IGN); "
                          + "os.tcsetpgrp(0,os.getpgrp()); signal.signal(signal.SIGTTOU,signal.SIG_DFL); os.execv(sys.argv[1],sys.argv[1:])"]
        let t = try TmuxSession(arguments: ["memory", "--seed", "42"], wrapper: foreground)
        #expect(t.waitFor("seed 42"), "\(t.screen)")
        t.send("Space")
        #expect(t.waitFor("Time 00:01", timeout: 5), "\(t.screen)")
        guard let pid = t.pid else { Issue.record("no pid"); return }
        t.send("C-z")
        func state() -> String {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) } ?? "?"
        }
        var stopped = false
        for _ in 0..<100 where !stopped {
            stopped = state() == "T"
            if !stopped { usleep(30_000) }
        }
        #expect(stopped, "Ctrl-Z did not stop termini (state \(state()))")
        // The terminal while stopped: the settings the shell had, not termini's raw mode.
        let tty = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0")) ?? ""
        let now = try Subprocess.run(["sh", "-c", "stty -g < \(tty)"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let before = ((try? String(contentsOfFile: t.sttyBefore, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!before.isEmpty && now == before, "the terminal while stopped: \(now)\nbefore termini: \(before)")
        sleep(3)
        // The pane's shell has no job control: SIGCONT to the process group stands in for fg.
        kill(-getpgid(pid), SIGCONT)
        let back = t.wait { $0.contains("seed 42") && $0.contains("Time ") }
        #expect(back.ok, "not redrawn after SIGCONT:\n\(back.screen)")
        usleep(300_000)
        let line = t.capture().first { $0.contains("Time ") } ?? ""
        #expect(line.contains("Time 00:01") || line.contains("Time 00:02"), "the clock ran while stopped: \(line)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test func badOptionsExit64WithAClearMessage() throws {
        let size = try TmuxSession(arguments: ["memory", "--size", "5x5"])
        #expect(size.exitStatus() == 64)
        #expect(size.waitFor("--size must be 4x4, 4x5 or 6x6 (not '5x5')"), "\(size.screen)")
        let seed = try TmuxSession(arguments: ["memory", "--seed", "lucky"])
        #expect(seed.exitStatus() == 64)
        #expect(seed.waitFor("--seed must be a whole number"), "\(seed.screen)")
    }

    @Test func sixBySixFitsAt80x24AndFlipAllEndsTheGame() throws {
        let t = try TmuxSession(arguments: ["memory", "--size", "6x6", "--seed", "5"])
        #expect(t.waitFor("Pairs 0/18"), "\(t.screen)")
        #expect(!t.screen.contains("Enlarge"))
        t.send("f")
        #expect(t.waitFor("Show every card?"), "\(t.screen)")
        t.send("y")
        let s = t.wait { $0.contains("Given up") && !$0.contains("░") }
        #expect(s.ok, "\(s.screen)")
    }

    /// 80×22, as in tmux with a status line: 6×6 fits in one-line cards, no "Enlarge".
    @Test func sixBySixFitsAt80x22() throws {
        let t = try TmuxSession(width: 80, height: 22, arguments: ["memory", "--size", "6x6", "--seed", "5"])
        #expect(t.waitFor("Pairs 0/18"), "\(t.screen)")
        #expect(!t.screen.contains("Enlarge"))
        t.send("Space")
        let s = t.wait { $0.contains("Flips 1") && $0.contains("[░░░░░░]") }
        #expect(s.ok, "\(s.screen)")
        #expect(s.screen.components(separatedBy: "[░░░░░░]").count - 1 == 35, "\(s.screen)")
    }

    @Test func withoutUTF8TheFacesAreLetters() throws {
        let t = try TmuxSession(arguments: ["memory", "--seed", "42"], environment: ["LANG": "C"])
        #expect(t.waitFor("seed 42"), "\(t.screen)")
        t.send("Space", "Right", "Space")
        // Seed 42 starts with faces 0 and 5: A and F.
        let s = t.wait { $0.contains("|  A   |") && $0.contains("|  F   |") }
        #expect(s.ok, "\(s.screen)")
        #expect(s.screen.allSatisfy { $0.isASCII })
    }

    /// Issue 25: in high-contrast the cursor on a mismatched card was as black on bright
    /// yellow, bold, as the other card of the mismatch. Seed 42 at 80x24 and 200x60: cards 0
    /// and 7 found, 2 and 3 a mismatch with the cursor on 3; its card's corner is drawn
    /// unlike every other card's (mismatch, found pair, face down).
    @Test(arguments: [(80, 24), (200, 60)])
    func theCursorShowsOnAMismatchInHighContrast(width: Int, height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["memory", "--seed", "42", "--theme", "high-contrast"])
        #expect(t.waitFor("seed 42"), "\(t.screen)")
        for key in ["Space", "Down", "Right", "Right", "Right", "Space", "Up", "Left", "Space", "Right", "Space"] { t.send(key) }
        #expect(t.waitFor("No match"), "\(t.screen)")
        // The flips' animation done: on a loaded machine a pause of the app can look like a
        // still screen mid-turn (a turning card is drawn plain), so look again until the
        // cursor's card stands apart or ten seconds pass, then judge the last look.
        var corners = StyledCells(t.captureWithAttributes()).looks(of: "╭")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline,
              corners.count != 16 || corners.indices.contains(where: { $0 != 3 && corners[$0] == corners[3] }) {
            usleep(100_000)
            corners = StyledCells(t.captureWithAttributes()).looks(of: "╭")
        }
        #expect(corners.count == 16, "\(corners.count) card corners:\n\(t.screen)")
        guard corners.count == 16 else { return }
        for i in corners.indices where i != 3 {
            #expect(corners[3] != corners[i], "\(width)x\(height): the cursor's card looks like card \(i): \(corners[3])")
        }
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
