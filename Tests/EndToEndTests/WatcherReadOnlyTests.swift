#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// Issue 24, fault 5: a read-only watcher (`--watch`, `--watch --all`) changes nothing in the
/// keeper's directory. Before: a journal that was a symbolic link or a FIFO was renamed to
/// `.corrupt-…`, and watchers created and wrote `config`. Checked from outside, in the real
/// binary's system calls: no open for writing, no rename, unlink, link or mkdir, nothing
/// cut; and the directory's names and contents are as they were.
@Suite struct WatcherReadOnlyTests {

    /// The calls of a trace that change a file system: opens for writing or creating (the
    /// terminal's devices left out), and every rename, unlink, link, mkdir, symlink, truncate.
    static func writes(_ trace: String) -> [String] {
        trace.split(separator: "\n").map(String.init).filter { line in
            let call = line.drop { $0 != " " }.drop { $0 == " " }
            if call.hasPrefix("open") || call.hasPrefix("creat") {
                guard ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC"].contains(where: line.contains) else { return false }
                return !(line.contains("\"/dev/") || line.contains("\"/proc/"))
            }
            return ["rename", "unlink", "link", "mkdir", "symlink", "truncate", "rmdir"].contains { call.hasPrefix($0) }
        }
    }

    /// Every name of a directory with what it holds (a link's target, a FIFO's kind).
    static func snapshot(_ dir: String) -> [String: String] {
        var out: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
            let p = dir + "/" + name
            var st = stat()
            guard lstat(p, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFLNK: out[name] = "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: p)) ?? "?")
            case S_IFIFO: out[name] = "fifo"
            case S_IFREG: out[name] = String(decoding: FileManager.default.contents(atPath: p) ?? Data(), as: UTF8.self)
            default: out[name] = "mode \(st.st_mode)"
            }
        }
        return out
    }

    @Test(.tmux, .strace,
          arguments: [["--watch"], ["--watch", "--all"], ["--watch", "--display"]])
    func aWatcherWritesNothing(_ mode: [String]) throws {
        let dir = TempDir("termini-watch-ro")
        let target = TempDir("termini-watch-target")
        _ = FileManager.default.createFile(atPath: target.file("elsewhere.jsonl"), contents: Data("not a journal\n".utf8))
        // The main court's journal a link, court 2's a FIFO, court 3's a side file left behind.
        try FileManager.default.createSymbolicLink(atPath: dir.file("badminton-match.jsonl"), withDestinationPath: target.file("elsewhere.jsonl"))
        #expect(mkfifo(dir.file("badminton-2-match.jsonl"), 0o600) == 0)
        _ = FileManager.default.createFile(atPath: dir.file(".badminton-3-match.jsonl.next-1-3-00000000-x"), contents: Data("abc".utf8))
        let before = Self.snapshot(dir.path)
        let trace = target.file("trace")
        let s = try TmuxSession(arguments: ["badminton"] + mode, configDir: dir.path,
                                wrapper: ["/usr/bin/strace", "-f", "-qq", "-o", trace,
                                          "-e", "trace=%file,%desc", "-e", "signal=none"])
        let shown = s.wait(timeout: 20) { $0.contains("Badminton") || $0.contains("court") || $0.contains("match") }
        #expect(shown.ok, "\(shown.screen)")
        usleep(500_000)
        s.send("q")
        #expect(s.exitStatus(timeout: 15) != nil, "\(s.screen)")
        let written = Self.writes((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")
        #expect(written.isEmpty, "the watcher wrote:\n\(written.joined(separator: "\n"))")
        #expect(Self.snapshot(dir.path) == before, "the watcher changed its directory:\n\(Self.snapshot(dir.path))")
        Fuzz.report("watchers read-only, badminton \(mode.joined(separator: " ")): no write, rename, unlink or mkdir in strace; the directory as it was")
    }

    /// A watcher started where no config directory exists yet makes none.
    @Test(.tmux)
    func aWatcherMakesNoConfigDirectory() throws {
        let parent = TempDir("termini-watch-none")
        let dir = parent.file("not-yet")
        let s = try TmuxSession(arguments: ["badminton", "--watch"], configDir: dir)
        #expect(s.wait(timeout: 10) { $0.contains("Badminton") }.ok, "\(s.screen)")
        s.send("q")
        // (Its exit status has no directory to go to: the marker says it has gone.)
        #expect(s.waitFor(TmuxSession.exitMarker), "\(s.screen)")
        #expect(!FileManager.default.fileExists(atPath: dir), "the watcher made \(dir)")
    }
}
