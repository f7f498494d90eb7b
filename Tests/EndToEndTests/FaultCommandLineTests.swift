#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// Command-line fuzz: malformed command lines (each built to be wrong in one way) must exit
/// 64 with a message and the usage on stderr; random command lines of every option, app and
/// value may do whatever they mean (0, 1 or 64) but always say why on stderr when they fail;
/// none may crash (a status of 128 or more) or hang (10 s). (Run without a terminal: a valid
/// command line that would start the interface exits 1, saying it needs one.)
@Suite struct FaultCommandLineTests {
    static let apps = ["badminton", "boxing", "memory", "stamps", "coffee"]
    static let flags = ["--no-color", "--ascii", "--list-themes", "--help", "-h", "--version", "-V", "--new", "--doubles", "--watch",
                        "--status", "--json", "--receipt", "--scoresheet"]
    static let valued = ["--theme", "--config-dir", "--format", "--names", "--export", "--size", "--seed", "--output"]
    /// Options that change nothing about whether a command line is valid.
    static let neutral = ["--no-color", "--ascii", "--config-dir=cfg", "--theme", "mono", "--config-dir", "cfg/sub"]

    static func randomText(_ rng: inout FuzzRandom) -> [UInt8] {
        switch rng.int(0...11) {
        case 0: return []
        case 1: return Array(" ".utf8)
        case 2: return Array(String(repeating: "x", count: rng.int(1000...100_000)).utf8)
        case 3: return (0..<rng.int(1...20)).map { _ in UInt8.random(in: 1...255, using: &rng) }
        case 4: return Array(rng.pick(["3x21", "3x15", "5x11", "1x21", "3x21c25", "4x21", "0x0", "9x99c99", "11x21", "3x100", "3x21c20", "3X21", "3 x 21", "x", "3x", "x21", "3x21c", "3x21c25c30", "-3x21", "３x２１"]).utf8)
        case 5: return Array(rng.pick(["4x4", "4x5", "6x6", "4×4", "4X5", "5x5", "0x0", "4x4x4", "", "6x6 "]).utf8)
        case 6: return Array(rng.pick(["0", "42", "18446744073709551615", "18446744073709551616", "-1", "1e3", "0x10", "+7", " 7", "٣"]).utf8)
        case 7: return Array(rng.pick(["Ann,Bo", "Ann/Bob,Cat/Dan", "A", ",", "A,", ",B", "A,B,C", "A/B,C", "💀,👻", "\u{1b}[31mRed,Blue", "A\tB,C", "   ,  "]).utf8)
        case 8: return Array(rng.pick(["csv", "json", "xml", "CSV", ""]).utf8)
        case 9: return Array(rng.pick(["default", "mono", "court", "nope", "../etc/passwd", "a/b", ".hidden", "..", "mono.theme"]).utf8)
        case 10: return Array(rng.pick(["cfg", "cfg/sub", "file", "file/inside", "/", "//", "/proc/self", "/dev/null"]).utf8)
        default: return Array(rng.pick(["-", "--", "---", "-x", "--=", "=", "--no-color=yes", "--HELP", "--helpx", "-hV", "BADMINTON", "tennis", "☃"]).utf8)
        }
    }

    /// A command line wrong in one known way (it must exit 64), with neutral options around.
    static func malformed(_ rng: inout FuzzRandom) -> (String, [[UInt8]]) {
        let app = rng.pick(apps)
        let cases: [(String, [String])] = [
            ("unknown option", ["--" + String((0..<rng.int(1...12)).map { _ in Character(Unicode.Scalar(UInt8(rng.int(97...122)))) }) + "zz"]),
            ("unknown short option", ["-" + rng.pick(["x", "v", "q", "H", "hh", "Vh", "1"])]),
            ("a value missing at the end", [rng.pick(["--theme", "--config-dir"])]),
            ("a value missing before an option", ["--theme", rng.pick(["--ascii", "--no-color", "-h"])]),
            ("a value to a flag", [rng.pick(["--ascii=1", "--no-color=", "--help=yes", "--version=2", "--list-themes=all"])]),
            ("an empty value", [rng.pick(["--theme=", "--config-dir="])]),
            ("an unknown app", [rng.pick(["tennis", "Badminton2", "boxing-time", "☃", "."])]),
            ("two apps", [app, rng.pick(apps)]),
            ("a double dash", ["--", app]),
            ("an app's option without the app", [rng.pick(["--new", "--status", "--receipt", "--size=4x4", "--seed=1", "--watch"])]),
            ("another app's option", [rng.pick(["boxing", "stamps", "coffee"]), rng.pick(["--new", "--size=4x4", "--json"])]),
            ("a bad format", ["badminton", "--new", "--format", rng.pick(["4x21", "0x0", "3x100", "3x21c20", "x", "3x21c", "11x21", "abc"])]),
            ("bad names", ["badminton", "--new", "--names", rng.pick(["A", "A,B,C", ",B", "A/B,C", "   ,  "])]),
            ("bad doubles names", ["badminton", "--new", "--doubles", "--names", rng.pick(["Ann,Bo", "A/B,C", "A/B/C,D/E"])]),
            ("two modes", ["badminton", "--new", rng.pick(["--status", "--watch", "--export=csv"])]),
            ("a setup option without --new", ["badminton", rng.pick(["--format=3x21", "--doubles", "--names=A,B"])]),
            ("--json without --status", ["badminton", "--json"]),
            ("a bad export", ["badminton", "--export", rng.pick(["xml", "CSV", "pdf"])]),
            ("a bad match number", ["badminton", "--scoresheet", rng.pick(["0", "00", "x", "1.5", "1e3", "+2", "٣", "9999999999"])]),
            ("--output without --scoresheet", ["badminton", "--output", rng.pick(["x.html", "-", "/dev/null"])]),
            ("an empty match number", ["badminton", "--scoresheet="]),
            ("a bad size", ["memory", "--size", rng.pick(["5x5", "4x4x4", "0x0", "big"])]),
            ("a bad seed", ["memory", "--seed", rng.pick(["abc", "18446744073709551616", "1e3", "0x10", " 7", "7.0", "٣"])]),
            ("a theme name with a path", ["--theme", rng.pick(["../etc/passwd", "a/b", "..", "x/../y"])]),
        ]
        let (what, core) = rng.pick(cases)
        var args = core
        for _ in 0..<rng.int(0...2) {
            let n = rng.pick(neutral)
            // "--theme mono" and "--config-dir cfg/sub" come as pairs.
            if n == "--theme" { args = ["--theme", "mono"] + args } else if n == "--config-dir" { args = ["--config-dir", "cfg/sub"] + args } else if n != "mono" && n != "cfg/sub" { args.insert(n, at: rng.int(0...args.count)) }
        }
        return (what, args.map { Array($0.utf8) })
    }

    static func random(_ rng: inout FuzzRandom) -> [[UInt8]] {
        var args: [[UInt8]] = []
        for _ in 0..<rng.int(0...7) {
            switch rng.int(0...9) {
            case 0...1: args.append(Array(rng.pick(apps).utf8))
            case 2...3: args.append(Array(rng.pick(flags).utf8))
            case 4...5:
                let o = rng.pick(valued)
                if rng.chance(0.5) { args += [Array(o.utf8), randomText(&rng)] } else { args.append(Array((o + "=").utf8) + randomText(&rng)) }
            default: args.append(randomText(&rng))
            }
        }
        return args
    }

    @Test func malformedAndRandomCommandLinesNeverCrashOrHang() throws {
        var rng = Fuzz.random("FaultCommandLineTests")
        let dir = TempDir("termini-cli")
        _ = FileManager.default.createFile(atPath: dir.file("file"), contents: Data("x".utf8))
        let env = ["HOME": dir.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let n = Fuzz.count(300)
        var cases: [(kind: String, args: [[UInt8]])] = []
        for _ in 0..<n { cases.append(Self.malformed(&rng)) }
        for _ in 0..<n { cases.append(("random", Self.random(&rng))) }
        // The extremes: a thousand arguments, and one of 100 kB.
        cases.append(("random", (0..<1000).map { _ in Array(rng.pick(Self.flags + Self.apps).utf8) }))
        cases.append(("unknown option", [Array(("--" + String(repeating: "y", count: 100_000)).utf8)]))
        let start = Fuzz.clock()
        let cwd = dir.path
        let results = inParallel(cases, width: 4) { c in
            LimitedRun.run(bytes: [Array(TmuxSession.binary.utf8)] + c.args, environment: env, directory: cwd, timeout: 10)
        }
        var statuses: [Int32: Int] = [:]
        var failures = 0
        var slowest = 0.0
        for (c, r) in zip(cases, results) {
            statuses[r.status, default: 0] += 1
            slowest = max(slowest, r.seconds)
            let shown = c.args.map { String(decoding: $0.prefix(60), as: UTF8.self).debugDescription }.joined(separator: " ")
            var problem: String?
            if r.timedOut {
                problem = "hung (killed after 10 s)"
            } else if r.status >= 128 || r.status < 0 {
                problem = "crashed with status \(r.status): \(r.stderr.suffix(300))"
            } else if c.kind != "random" {
                if r.status != 64 { problem = "\(c.kind): exit \(r.status), not 64" }
            } else if ![0, 1, 64].contains(r.status) {
                problem = "exit \(r.status)"
            }
            // A usage error names what was wrong and shows the way on: the usage, or for a theme
            // that does not exist the themes there are and `--list-themes`.
            if problem == nil, r.status == 64,
               !(r.stderr.hasPrefix("termini: ") && (r.stderr.contains("usage: termini") || r.stderr.contains("Try 'termini --list-themes'"))) {
                problem = "status 64 without a message and the usage (or the way on) on stderr: \(r.stderr.prefix(200).debugDescription)"
            }
            if problem == nil, r.status == 1, !r.stderr.hasPrefix("termini: ") { problem = "status 1 without a message on stderr" }
            if problem == nil, r.status == 0, r.stdout.isEmpty { problem = "status 0 and nothing printed" }
            if let problem {
                failures += 1
                Issue.record("termini \(shown.prefix(300)): \(problem)")
            }
        }
        #expect(failures == 0)
        Fuzz.report("command line: \(cases.count) runs (\(n) malformed, \(cases.count - n) random), statuses "
            + statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            + "; no crash, no hang (slowest \(String(format: "%.2f", slowest)) s), every failure explained on stderr; "
            + "\(String(format: "%.1f", Fuzz.clock() - start)) s")
    }
}
