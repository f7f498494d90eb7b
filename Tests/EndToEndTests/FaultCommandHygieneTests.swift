#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// The commands that only report (`--status`, `--export`, `--receipt`, `--list-themes`):
/// they change nothing on disk, say what is damaged on stderr with status 1, print no
/// control character or bidi override a file smuggled in, neutralise CSV formulas, and end
/// quietly when the reader goes away. Plus the small command-line cases of issue 11.
@Suite struct FaultCommandHygieneTests {
    static let env = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    static func run(_ args: [String], dir: String, env: [String: String] = FaultCommandHygieneTests.env) -> LimitedRun {
        LimitedRun.run([TmuxSession.binary] + args, environment: env.merging(["HOME": dir]) { a, _ in a }, directory: dir)
    }

    /// Every entry of a directory tree, with its kind and bytes, to prove nothing changed.
    static func snapshot(_ dir: String) -> [String: String] {
        var out: [String: String] = [:]
        let fm = FileManager.default
        for sub in (try? fm.subpathsOfDirectory(atPath: dir)) ?? [] where !sub.hasPrefix(".run-") {
            let p = dir + "/" + sub
            if let dest = try? fm.destinationOfSymbolicLink(atPath: p) {
                out[sub] = "link to \(dest)"
            } else {
                var isDir: ObjCBool = false
                _ = fm.fileExists(atPath: p, isDirectory: &isDir)
                out[sub] = isDir.boolValue ? "directory" : (fm.contents(atPath: p).map { "file \($0.count) \($0.hashValue)" } ?? "unreadable")
            }
        }
        return out
    }

    static let hostile = "Ann\u{202E}gnp.exe"
    static func journal(_ a: String, _ b: String) -> String {
        let teams = "[{\"name\":\(json(a)),\"players\":[\(json(a))]},{\"name\":\(json(b)),\"players\":[\(json(b))]}]"
        return "{\"discipline\":\"singles\",\"e\":\"start\",\"format\":\"3x21\",\"server\":0,\"t\":1796000000,\"teams\":\(teams),\"v\":1}\n"
            + "{\"e\":\"point\",\"t\":1796000010,\"team\":0}\n"
    }
    static func json(_ s: String) -> String {
        String(decoding: (try? JSONEncoder().encode(s)) ?? Data(), as: UTF8.self)
    }

    @Test func readOnlyCommandsCreateNothing() {
        let tmp = TempDir("termini-ro")
        for args in [["stamps", "--status"], ["badminton", "--status"], ["badminton", "--export", "csv"], ["coffee", "--receipt"], ["--list-themes"]] {
            let r = Self.run(args + ["--config-dir", tmp.file("nonexistent/x/y")], dir: tmp.path)
            #expect(!FileManager.default.fileExists(atPath: tmp.file("nonexistent")), "\(args) created the config directory")
            #expect(!r.timedOut && r.status < 128, "\(args): \(r.status) \(r.stderr)")
        }
    }

    @Test func readOnlyCommandsMoveNothingAsideAndSayWhatIsDamaged() {
        let tmp = TempDir("termini-ro")
        let dir = tmp.file("cfg")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/stamps.json", contents: Data("{ not json".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/coffee.json", contents: Data("garbage".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/badminton-match.jsonl", contents: Data((Self.journal("A", "B") + "{\"e\":\"poi").utf8))
        _ = symlink(tmp.file("dotfiles-config"), dir + "/config")
        let before = Self.snapshot(dir)
        for (args, file) in [(["stamps", "--status"], "stamps.json"), (["coffee", "--receipt"], "coffee.json"),
                             (["badminton", "--status"], "badminton-match.jsonl"), (["badminton", "--export", "json"], "badminton-match.jsonl")] {
            let r = Self.run(args + ["--config-dir", dir], dir: tmp.path)
            #expect(r.status == 1, "\(args): exit \(r.status), stderr \(r.stderr)")
            #expect(r.stderr.contains(file), "\(args): \(r.stderr)")
            #expect(r.stderr.contains("config"), "\(args): the config link is not mentioned: \(r.stderr)")
            #expect(Self.snapshot(dir) == before, "\(args) changed the directory: \(Self.snapshot(dir))")
        }
    }

    @Test func nothingPrintedCarriesControlsOrBidiOverrides() {
        let tmp = TempDir("termini-hygiene")
        let dir = tmp.file("cfg")
        try? FileManager.default.createDirectory(atPath: dir + "/themes", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/themes/x\u{1b}]0;PWNED\u{07}.theme", contents: Data("accent = red\n".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/themes/y\u{202E}txt.theme", contents: Data("accent = red\n".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/badminton-match.jsonl",
                                       contents: Data(Self.journal(Self.hostile, "=HYPERLINK(\"http://x\")").utf8))
        let bad: [Unicode.Scalar] = ["\u{1b}", "\u{07}", "\u{9b}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                                     "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
        for args in [["--list-themes"], ["badminton", "--status"], ["badminton", "--status", "--json"], ["badminton", "--export", "csv"],
                     ["badminton", "--export", "json"], ["--theme", "x\u{1b}[2J"], ["bad\u{202E}app"]] {
            let r = Self.run(args + ["--config-dir", dir], dir: tmp.path)
            for s in (r.stdout + r.stderr).unicodeScalars where bad.contains(s) {
                Issue.record("\(args) printed U+\(String(s.value, radix: 16, uppercase: true)): \((r.stdout + r.stderr).debugDescription)")
                break
            }
        }
        let csv = Self.run(["badminton", "--export", "csv", "--config-dir", dir], dir: tmp.path).stdout
        #expect(csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "a formula left live: \(csv)")
        #expect(!csv.contains(",=HYPERLINK") && !csv.contains(",\"=HYPERLINK"), "\(csv)")
    }

    @Test func aClosedStdoutEndsQuietly() {
        let tmp = TempDir("termini-pipe")
        let dir = tmp.file("cfg")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A history long enough that the export cannot fit in the pipe before head leaves.
        let line = "{\"events\":[" + Self.journal("A", "B").split(separator: "\n").joined(separator: ",") + "]}\n"
        var big = ""
        for i in 0..<3000 { big += line.replacingOccurrences(of: "1796000000", with: "\(1_700_000_000 + i * 10_000)") }
        _ = FileManager.default.createFile(atPath: dir + "/badminton-history.jsonl", contents: Data(big.utf8))
        let script = "\(TmuxSession.quote(TmuxSession.binary)) badminton --export csv --config-dir \(TmuxSession.quote(dir)) | head -1"
        let r = LimitedRun.run(["/bin/bash", "-c", script + "; echo \"exit ${PIPESTATUS[0]}\" >&2"], environment: Self.env, directory: tmp.path)
        #expect(r.stdout.hasPrefix("match,started,"), "\(r.stdout.prefix(200))")
        #expect(!r.stderr.contains("termini"), "not quiet: \(r.stderr)")
        // As a program killed by SIGPIPE ends (what `set -o pipefail` scripts expect).
        #expect(r.stderr.contains("exit 141"), "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal") && !r.stderr.contains("Backtrace") && !r.stderr.contains("rror"), "\(r.stderr)")
    }

    /// Issue 24, fault 6: a failed write to stdout was reported as SIGPIPE (exit 141, nothing
    /// said). A full output is an error that names its cause, exit 1, in every command that
    /// prints; a reader that went away (`| head`) stays quiet, as the test above holds.
    @Test func aFullStdoutIsAnErrorThatSaysWhy() throws {
        let tmp = TempDir("termini-full")
        let dir = tmp.file("cfg")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/badminton-match.jsonl", contents: Data(Self.journal("A", "B").utf8))
        let history = "{\"events\":[" + Self.journal("A", "B").split(separator: "\n").joined(separator: ",") + "]}\n"
        _ = FileManager.default.createFile(atPath: dir + "/badminton-history.jsonl", contents: Data(history.utf8))
        let q = TmuxSession.quote
        for args in ["badminton --status", "badminton --status --json", "badminton --export csv", "badminton --export json",
                     "badminton --scoresheet 1", "stamps --status", "--help", "--list-themes", "--completions bash"] {
            let script = "\(q(TmuxSession.binary)) \(args) --config-dir \(q(dir)) > /dev/full; echo \"exit $?\" >&2"
            let r = LimitedRun.run(["/bin/bash", "-c", script], environment: Self.env, directory: tmp.path)
            #expect(r.stderr.contains("exit 1\n"), "\(args): \(r.stderr)")
            #expect(r.stderr.contains("No space left on device"), "\(args) does not say why: \(r.stderr)")
        }
    }

    /// Issue 24: `--output` left `.NAME.tmp-PID` behind when killed between its write and its
    /// rename. The next write clears what a dead process left (a live one's is its own).
    @Test func theNextOutputClearsADeadWritersTempFile() throws {
        let tmp = TempDir("termini-output")
        let dir = tmp.file("cfg")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/badminton-match.jsonl", contents: Data(Self.journal("A", "B").utf8))
        // pid_max is at most 4,194,304: no process has this number.
        let dead = tmp.file(".sheet.html.tmp-4194305")
        let live = tmp.file(".sheet.html.tmp-\(getpid())")
        let other = tmp.file(".other.html.tmp-4194305")
        for f in [dead, live, other] { _ = FileManager.default.createFile(atPath: f, contents: Data("half a page".utf8)) }
        let r = Self.run(["badminton", "--scoresheet", "--output", tmp.file("sheet.html"), "--config-dir", dir], dir: tmp.path)
        #expect(r.status == 0, "\(r.status) \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("sheet.html")))
        #expect(!FileManager.default.fileExists(atPath: dead), "a dead writer's temp file was left")
        #expect(FileManager.default.fileExists(atPath: live), "a live writer's temp file was removed")
        #expect(FileManager.default.fileExists(atPath: other), "another file's temp file was removed")
    }

    @Test func smallOnes() {
        let tmp = TempDir("termini-small")
        _ = FileManager.default.createFile(atPath: tmp.file("plain"), contents: Data("x".utf8))
        let seed = Self.run(["memory", "--seed", "-1"], dir: tmp.path)
        #expect(seed.status == 64 && seed.stderr.contains("--seed must be a whole number"), "\(seed.status) \(seed.stderr)")
        let dir = tmp.file("cfg")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/badminton-match.jsonl", contents: Data(Self.journal("A", "B").utf8))
        for (args, env) in [(["--ascii"], Self.env), ([], ["LANG": "C", "PATH": "/usr/bin:/bin"])] {
            let r = Self.run(["badminton", "--status", "--config-dir", dir] + args, dir: tmp.path, env: env)
            #expect(r.status == 0 && r.stdout.hasPrefix("A 1-0 B"), "\(r.status) \(r.stdout) \(r.stderr)")
            #expect(r.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "not ASCII with \(args) \(env): \(r.stdout)")
        }
        // A config directory that is a file: the right reason, not a stale errno.
        let file = Self.run(["stamps", "--status", "--config-dir", tmp.file("plain")], dir: tmp.path)
        #expect(file.stderr.contains("Not a directory") || file.stderr.contains("not a directory"), "\(file.stderr)")
        #expect(!file.stderr.contains("Inappropriate ioctl"), "\(file.stderr)")
    }
}
