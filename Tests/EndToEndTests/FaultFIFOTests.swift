#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// A FIFO (named pipe) where a file should be never blocks termini: it starts, says the FIFO
/// is damage, keeps it aside where it is a state file, and quits with q; a lock file that is
/// not a file makes termini read-only, never a second keeper.
@Suite struct FaultFIFOTests {
    struct Case: Sendable {
        var name: String
        var path: String
        var arguments: [String]
        var ready: String
    }

    static let cases: [Case] = [
        Case(name: "stamps.json", path: "stamps.json", arguments: ["stamps"], ready: "STAMP CARD"),
        Case(name: "config", path: "config", arguments: [], ready: "Coffee Shop"),
        Case(name: "the journal", path: "badminton-match.jsonl", arguments: ["badminton"], ready: "Badminton"),
        Case(name: "the history", path: "badminton-history.jsonl", arguments: ["badminton"], ready: "Badminton"),
        Case(name: "a theme", path: "themes/fifo.theme", arguments: ["--theme", "fifo"], ready: "Coffee Shop"),
        Case(name: "the catalog", path: "coffee-catalog.json", arguments: ["coffee"], ready: "Order"),
    ]

    @Test(.tmux) func aFIFOInPlaceOfAFileNeverBlocks() {
        let results = inParallel(Self.cases, width: 6) { c -> String? in
            let dir = TempDir("termini-fifo")
            try? FileManager.default.createDirectory(atPath: dir.file("themes"), withIntermediateDirectories: true)
            guard mkfifo(dir.file(c.path), 0o600) == 0 else { return "mkfifo failed" }
            guard let t = try? TmuxSession(arguments: c.arguments, configDir: dir.path) else { return "tmux did not start" }
            defer {
                // Free a termini blocked in open() (the old behaviour) so the session can end.
                let fd = open(dir.file(c.path), O_RDWR | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
            guard t.waitFor(c.ready, timeout: 10) else { return "blocked: the app never came up:\n\(t.screen)" }
            // The notice is waited for too: on a busy machine the title may be seen first.
            if !t.waitFor("FIFO", timeout: 10) { return "no notice naming the FIFO:\n\(t.screen)" }
            // Esc closes badminton's new-match form (no match could be read), then q quits.
            t.send("Escape")
            usleep(200_000)
            t.send("q")
            guard let code = t.exitStatus(timeout: 10) else { return "q did not quit:\n\(t.screen)" }
            if code != 0 { return "exit \(code)" }
            return nil
        }
        for (c, r) in zip(Self.cases, results) {
            if let r { Issue.record("\(c.name): \(r)") }
        }
        Fuzz.report("FIFOs: \(results.filter { $0 == nil }.count) of \(Self.cases.count) as expected (stamps.json, config, journal, history, "
            + "theme, catalog: start at once, a notice naming the FIFO, q quits with 0)")
    }

    @Test(.tmux) func aLockFileThatIsALinkOrADirectoryNeverMakesTwoKeepers() {
        for kind in ["symlink", "directory"] {
            let dir = TempDir("termini-lock")
            if kind == "symlink" { _ = symlink(dir.file("elsewhere"), dir.file("badminton.lock")) } else { _ = mkdir(dir.file("badminton.lock"), 0o700) }
            guard let a = try? TmuxSession(arguments: ["badminton", "--new"], configDir: dir.path),
                  let b = try? TmuxSession(arguments: ["badminton"], configDir: dir.path) else { return }
            let both = [a, b].map { $0.wait(timeout: 10) { $0.contains("read-only") } }
            #expect(both[0].ok && both[1].ok, "\(kind): not both read-only:\n\(both[0].screen)\n\(both[1].screen)")
            #expect(both[0].screen.contains("badminton.lock"), "\(kind): the lock file is not named:\n\(both[0].screen)")
            a.send("Right")
            a.barrier()
            #expect(!FileManager.default.fileExists(atPath: dir.file("badminton-match.jsonl")), "\(kind): a read-only copy wrote the journal")
            a.send("q")
            b.send("q")
            _ = a.exitStatus(timeout: 5)
            _ = b.exitStatus(timeout: 5)
        }
    }
}
