#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// A file-size limit (`ulimit -f`) on termini itself: the write that would pass it raises
/// SIGXFSZ in termini and fails with EFBIG. That is a failed save like any other (not shown as
/// done, the user told), never the end of the loop.
@Suite(.serialized) struct FaultFileSizeLimitTests {
    /// termini under `ulimit -f 1` (1 KiB, bash's blocks): the journal passes it after a few
    /// dozen lines.
    static let limited = ["/bin/bash", "-c", "ulimit -f 1; exec \"$0\" \"$@\""]

    @Test(.tmux, arguments: [(80, 24, false), (200, 60, true)])
    func aFileSizeLimitFailsTheSaveAndTheLoopGoesOn(_ width: Int, _ height: Int, _ ascii: Bool) throws {
        let dir = TempDir("termini-fsize")
        let t = try TmuxSession(width: width, height: height,
                                arguments: ["badminton", "--new", "--names", "Red,Blue"] + (ascii ? ["--ascii", "--no-color"] : []),
                                configDir: dir.path, wrapper: Self.limited)
        #expect(t.waitFor("serves from", timeout: 15), "\(t.screen)")
        // Undo and redo (a line each, the score unchanged) until the journal would pass 1 KiB.
        t.send("Right", "Right", "Left")
        var refused = false
        for _ in 0..<10 where !refused {
            t.send("u", "y", "u", "y", "u", "y", "u", "y", "u", "y")
            refused = t.wait(timeout: 2) { $0.contains("Could not save") }.ok
        }
        #expect(refused, "no word of a failed save:\n\(t.screen)")
        #expect(t.screen.contains("File too large"), "the warning does not name the cause:\n\(t.screen)")
        // Still running: no exit status, and it answers keys.
        #expect(t.exitStatus(timeout: 0.5) == nil, "termini ended:\n\(t.screen)")
        #expect(t.barrier())
        let journal = (try? Data(contentsOf: URL(fileURLWithPath: dir.path + "/badminton-match.jsonl"))).map { [UInt8]($0) } ?? []
        #expect(journal.count <= 1024 && journal.last == 0x0a, "\(journal.count) bytes")
        if !ascii {
            // The screen shows what the journal holds: a refused key is not shown as done.
            let board = BadmintonKill()
            t.send("Right")
            t.barrier()
            let onDisk = try #require(board.reported(dir.path))
            #expect(t.wait { board.screenShows($0, onDisk) }.ok, "the screen is ahead of the disk (\(onDisk)):\n\(t.screen)")
        }
        t.send("q")
        #expect(t.exitStatus() == 0 && t.terminalRestored())
    }
}
