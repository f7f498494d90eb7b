#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// A second copy of badminton on the same config directory follows the keeper read-only;
/// when the keeper dies (or quits), it becomes the keeper without a restart and says so.
@Suite struct BadmintonTakeoverTests {
    static func status(_ dir: String) -> String {
        (try? Subprocess.run([TmuxSession.binary, "badminton", "--status", "--config-dir", dir]))?.output ?? ""
    }

    @Test(.tmux, arguments: [SIGKILL, 0])
    func theWatcherKeepsTheMatchWhenTheKeeperGoes(_ how: Int32) throws {
        let dir = TempDir("termini-takeover")
        let keeper = try TmuxSession(arguments: ["badminton", "--new", "--names", "Lin,Lee"], configDir: dir.path)
        #expect(keeper.waitFor("serves from"), "\(keeper.screen)")
        keeper.sendKeys(["a", "a"])
        #expect(keeper.wait { _ in Self.status(dir.path).hasPrefix("Lin 2-0 Lee") }.ok)
        let second = try TmuxSession(arguments: ["badminton"], configDir: dir.path)
        #expect(second.waitFor("read-only"), "\(second.screen)")
        if how == SIGKILL { keeper.signal(SIGKILL) } else { keeper.send("q") }
        // The title bar no longer says read-only, and a notice says why.
        let taken = second.wait(timeout: 10) { s in
            !(s.split(separator: "\n").first ?? "").contains("read-only") && s.contains("this one keeps the match")
        }
        #expect(taken.ok, "the watcher did not take over:\n\(taken.screen)")
        second.sendKeys(["l"])
        #expect(second.wait { _ in Self.status(dir.path).hasPrefix("Lin 2-1 Lee") }.ok, "\(Self.status(dir.path))")
        // A third copy now finds the new keeper.
        let third = try TmuxSession(arguments: ["badminton"], configDir: dir.path)
        #expect(third.waitFor("read-only"), "\(third.screen)")
    }
}
