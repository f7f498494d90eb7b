#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// Issue 24, fault 4: the journal moved (`mv`) or removed (`rm`) under a running keeper.
/// Before: the next rallies went into a new journal with no start event; the screen said
/// nothing, `--status` found no match ("0 damaged lines left out; no match could be read")
/// and a restart kept the new journal aside as damaged. Now the keeper notices that the file
/// at the name is not the one it kept, writes the whole match afresh there, and says so.
@Suite struct JournalMovedEndToEndTests {
    static func run(_ args: [String], _ dir: String) -> String {
        (try? Subprocess.run([TmuxSession.binary] + args + ["--config-dir", dir]))?.output ?? ""
    }

    static func keepsTheMatch(width: Int, height: Int, arguments: [String] = [], remove: Bool) throws {
        let dir = TempDir("termini-journal-moved")
        let status = { Self.run(["badminton", "--status"], dir.path) }
        let s = try TmuxSession(width: width, height: height,
                                arguments: arguments + ["badminton", "--new", "--names", "Ann,Bob"], configDir: dir.path)
        #expect(s.waitFor("serves from"), "\(s.screen)")
        s.sendKeys(["a", "a", "a"])
        #expect(s.wait { _ in status().hasPrefix("Ann 3-0 Bob") }.ok, "\(status())")
        let journal = dir.file("badminton-match.jsonl")
        let before = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? ""
        if remove {
            #expect(unlink(journal) == 0)
        } else {
            #expect(rename(journal, dir.file("backup.jsonl")) == 0)
        }
        s.send("l")
        // The notice is on screen until the next key.
        let told = s.wait { $0.contains("written afresh") }
        #expect(told.ok, "the keeper said nothing of its journal gone:\n\(told.screen)")
        s.send("l")
        #expect(s.wait { _ in status().hasPrefix("Ann 3-2 Bob") }.ok, "the journal lost the match: \(status())")
        // Nothing was kept aside as damaged; the moved copy is as it was moved.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(!names.contains { $0.contains(".corrupt-") }, "\(names)")
        if !remove {
            let backup = (try? String(contentsOfFile: dir.file("backup.jsonl"), encoding: .utf8)) ?? ""
            #expect(backup == before, "the moved copy changed:\n\(backup)")
        }
    }

    @Test(.tmux) func movedJournal80x24() throws { try Self.keepsTheMatch(width: 80, height: 24, remove: false) }
    @Test(.tmux) func removedJournal80x24() throws { try Self.keepsTheMatch(width: 80, height: 24, remove: true) }
    @Test(.tmux) func movedJournal200x60MonochromeASCII() throws {
        try Self.keepsTheMatch(width: 200, height: 60, arguments: ["--no-color", "--ascii"], remove: false)
    }
}
