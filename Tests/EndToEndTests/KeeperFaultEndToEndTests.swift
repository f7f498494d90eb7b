#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// Issue 24's keeper faults, as a person meets them: the lock file removed under a running
/// keeper (fault 2), and a keeper killed between writing a replacement and renaming it into
/// place while another copy follows (fault 3).
@Suite struct KeeperFaultEndToEndTests {
    static func run(_ args: [String], _ dir: String) -> String {
        (try? Subprocess.run([TmuxSession.binary] + args + ["--config-dir", dir]))?.output ?? ""
    }
    static func titleBar(_ screen: String) -> String { String(screen.split(separator: "\n").first ?? "") }

    /// Fault 2, the issue's case: A stamps twice; `rm stamps.lock`; B starts; B, A, B each
    /// stamp. Before: the disk had 4/10, A showed 3, B showed 4 (two keepers). Now A's stamp is
    /// refused and said, A follows B, and both show what the disk holds.
    @Test(.tmux)
    func removingTheStampsLockNeverGivesTwoKeepers() throws {
        let dir = TempDir("termini-lock-removed")
        let status = { Self.run(["stamps", "--status"], dir.path) }
        let a = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(a.waitFor("0 of 10 stamped"), "\(a.screen)")
        a.sendKeys(["Space", "Space"])
        #expect(a.wait { _ in status().hasPrefix("stamps: 2/10") }.ok, "\(status())")
        #expect(unlink(dir.file("stamps.lock")) == 0)
        let b = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(b.waitFor("2 of 10 stamped"), "\(b.screen)")
        b.send("Space")
        #expect(b.wait { _ in status().hasPrefix("stamps: 3/10") }.ok, "\(status())")
        a.send("Space")
        let told = a.wait { $0.contains("stamps.lock was removed") }
        #expect(told.ok, "the keeper whose lock was removed said nothing:\n\(told.screen)")
        #expect(Self.titleBar(told.screen).contains("read-only"), "\(told.screen)")
        b.send("Space")
        #expect(b.wait { $0.contains("4 of 10 stamped") }.ok, "\(b.screen)")
        #expect(status().hasPrefix("stamps: 4/10"), "\(status())")
        #expect(a.wait { $0.contains("4 of 10 stamped") }.ok, "A does not show what the disk holds:\n\(a.screen)")
        Fuzz.report("keepers, lock file removed (stamps): the old keeper's next save refused and said, it follows the new one; disk 4, both show 4")
    }

    /// Fault 2 for badminton: three different scores on two screens and the disk before.
    @Test(.tmux)
    func removingTheBadmintonLockNeverGivesTwoKeepers() throws {
        let dir = TempDir("termini-lock-removed")
        let status = { Self.run(["badminton", "--status"], dir.path) }
        let a = try TmuxSession(arguments: ["badminton", "--new", "--names", "Ann,Bob"], configDir: dir.path)
        #expect(a.waitFor("serves from"), "\(a.screen)")
        a.sendKeys(["a", "a"])
        #expect(a.wait { _ in status().hasPrefix("Ann 2-0 Bob") }.ok, "\(status())")
        #expect(unlink(dir.file("badminton.lock")) == 0)
        let b = try TmuxSession(arguments: ["badminton"], configDir: dir.path)
        #expect(b.waitFor("serves from"), "\(b.screen)")
        b.send("l")
        #expect(b.wait { _ in status().hasPrefix("Ann 2-1 Bob") }.ok, "\(status())")
        a.send("a")
        #expect(a.wait { $0.contains("badminton.lock was removed") }.ok, "\(a.screen)")
        #expect(a.barrier())
        #expect(status().hasPrefix("Ann 2-1 Bob"), "the old keeper saved: \(status())")
        b.send("l")
        #expect(b.wait { _ in status().hasPrefix("Ann 2-2 Bob") }.ok, "\(status())")
        #expect(a.wait { $0.contains("2-2") || $0.contains("2 - 2") }.ok || a.screen.contains("read-only"), "\(a.screen)")
        Fuzz.report("keepers, lock file removed (badminton): the old keeper's rally refused and said; the disk has the new keeper's score")
    }

    /// The process that a pane's `strace` traces.
    static func traced(_ session: TmuxSession) -> Int32? {
        guard let tracer = session.pid else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(tracer)/task/\(tracer)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Fault 3: keeper A (its fsyncs held back 3 s by strace), follower B; Space, then
    /// `kill -9 A` while the stamp is in its side file. Before: B took over showing 0 while
    /// `--status` said 1, and B's next stamp overwrote A's for good. Now the takeover rolls the
    /// side file forward, as a start does.
    @Test(.tmux, .strace)
    func aTakeoverKeepsTheDeadKeepersLastStamp() throws {
        let dir = TempDir("termini-takeover-side")
        let a = try TmuxSession(arguments: ["stamps"], configDir: dir.path,
                                wrapper: ["/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-e", "inject=fsync:delay_enter=3000000"])
        #expect(a.waitFor("0 of 10 stamped", timeout: 20), "\(a.screen)")
        let b = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(b.wait { Self.titleBar($0).contains("read-only") }.ok, "\(b.screen)")
        a.send("Space")
        let side = { (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.contains { $0.hasPrefix(".stamps.json.next-") } ?? false }
        #expect(a.wait { _ in side() }.ok, "no side file")
        #expect(!FileManager.default.fileExists(atPath: dir.file("stamps.json")), "renamed already: the window was missed")
        let pid = try #require(Self.traced(a))
        kill(pid, SIGKILL)
        let taken = b.wait(timeout: 15) { !Self.titleBar($0).contains("read-only") && $0.contains("this one keeps") }
        #expect(taken.ok, "no takeover:\n\(taken.screen)")
        #expect(taken.screen.contains("1 of 10 stamped"), "the new keeper lost the dead keeper's stamp:\n\(taken.screen)")
        b.send("Space")
        #expect(b.wait { _ in Self.run(["stamps", "--status"], dir.path).hasPrefix("stamps: 2/10") }.ok,
                "\(Self.run(["stamps", "--status"], dir.path))")
        Fuzz.report("keepers, keeper killed with its stamp in a side file: the takeover rolled it forward (1), the next stamp made 2")
    }
}
