#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// SIGTERM, SIGHUP and SIGINT in the launcher and every app, right after a change (while its
/// animation may still run): the change is saved, the exit status says which signal, and the
/// terminal is as it was (stty settings, cursor shown, main screen, no mode or attribute left).
@Suite struct FaultSignalTests {
    struct Subject: Sendable {
        var name: String
        var arguments: [String]
        var ready: String
        var keys: [String]
        /// The change is saved (read from what the app reports or its file).
        var saved: @Sendable (String) -> Bool
    }

    static func run(_ argv: [String]) -> String { (try? Subprocess.run([TmuxSession.binary] + argv))?.output ?? "" }
    static func file(_ dir: String, _ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: dir + "/" + name) ?? Data(), as: UTF8.self)
    }

    static let subjects: [Subject] = [
        Subject(name: "launcher", arguments: [], ready: "Coffee Shop", keys: ["t"]) { file($0, "config").contains("theme = ") },
        Subject(name: "badminton", arguments: ["badminton", "--new"], ready: "serves from", keys: ["a"]) {
            run(["badminton", "--status", "--config-dir", $0]).hasPrefix("Red 1-0 Blue")
        },
        Subject(name: "boxing", arguments: ["boxing"], ready: "Punches", keys: ["x", "Space", "Space"]) {
            file($0, "boxing.json").contains("\"sandbagPunches\" : 2")
        },
        Subject(name: "memory", arguments: ["memory", "--seed", "7"], ready: "Flip", keys: ["Space"]) {
            file($0, "memory.json").contains("\"flips\" : 1")
        },
        Subject(name: "stamps", arguments: ["stamps"], ready: "STAMP CARD", keys: ["Space"]) {
            run(["stamps", "--status", "--config-dir", $0]).hasPrefix("stamps: 1/10")
        },
        Subject(name: "coffee", arguments: ["coffee"], ready: "Order", keys: ["Down", "+"]) {
            run(["coffee", "--receipt", "--config-dir", $0]).range(of: #"House Blend +1 [x×] "#, options: .regularExpression) != nil
        },
    ]

    /// One case: the subject started, changed, saved, signalled; what went wrong, or nil.
    static func signalled(_ s: Subject, _ sig: Int32, _ name: String, expecting status: Int) -> String? {
        let dir = TempDir("termini-signal")
        guard let t = try? TmuxSession(arguments: s.arguments, configDir: dir.path) else { return "tmux did not start" }
        guard t.waitFor(s.ready, timeout: 15) else { return "not ready:\n\(t.screen)" }
        t.sendKeys(s.keys)
        let deadline = Fuzz.clock() + 10
        while !s.saved(dir.path) && Fuzz.clock() < deadline { usleep(20_000) }
        guard s.saved(dir.path) else { return "the change was not saved before the signal" }
        t.signal(sig)
        guard let code = t.exitStatus(timeout: 10) else { return "still running 10 s after \(name)" }
        if code != status { return "exit status \(code) after \(name), not \(status)" }
        let leftovers = t.leftoverTerminalState()
        if !leftovers.isEmpty { return "after \(name): \(leftovers.joined(separator: "; "))" }
        if !s.saved(dir.path) { return "the change is gone after \(name)" }
        return nil
    }

    @Test(.tmux) func termHupAndIntSaveAndRestoreTheTerminalEverywhere() throws {
        let signals: [(Int32, String, Int)] = [(SIGTERM, "SIGTERM", 143), (SIGHUP, "SIGHUP", 129), (SIGINT, "SIGINT", 0)]
        var cases: [(Subject, Int32, String, Int)] = []
        for s in Self.subjects {
            for (sig, name, status) in signals { cases.append((s, sig, name, status)) }
        }
        let start = Fuzz.clock()
        let results = inParallel(cases, width: 6) { (s, sig, name, status) in Self.signalled(s, sig, name, expecting: status) }
        var failures = 0
        for ((s, _, name, _), r) in zip(cases, results) {
            if let r {
                failures += 1
                Issue.record("\(s.name), \(name): \(r)")
            }
        }
        Fuzz.report("signals: \(cases.count - failures) of \(cases.count) as expected (SIGTERM→143, SIGHUP→129, SIGINT→0 in the launcher and "
            + "the five apps; change saved; stty, cursor, main screen, modes and attributes restored), "
            + "\(String(format: "%.1f", Fuzz.clock() - start)) s")
    }

    /// Every other signal whose default action ends a process: each ends termini with the
    /// status a killed process has (128 + the signal), the change saved, the terminal restored.
    @Test(.tmux) func everyOtherEndingSignalRestoresTheTerminal() throws {
        let rtmin = __libc_current_sigrtmin(), rtmax = __libc_current_sigrtmax()
        let signals: [(Int32, String)] = [
            (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGPIPE, "SIGPIPE"), (SIGXCPU, "SIGXCPU"),
            (SIGXFSZ, "SIGXFSZ"), (SIGVTALRM, "SIGVTALRM"), (SIGPROF, "SIGPROF"), (SIGIO, "SIGIO"), (SIGPWR, "SIGPWR"),
            (SIGSTKFLT, "SIGSTKFLT"), (SIGQUIT, "SIGQUIT"), (rtmin, "SIGRTMIN"), (rtmin + 5, "SIGRTMIN+5"), (rtmax, "SIGRTMAX"),
        ]
        let subjects = [Self.subjects[0], Self.subjects[1], Self.subjects[4]]  // the launcher, badminton, stamps
        var cases: [(Subject, Int32, String)] = []
        for s in subjects {
            for (sig, name) in signals { cases.append((s, sig, name)) }
        }
        let start = Fuzz.clock()
        let results = inParallel(cases, width: 6) { (s, sig, name) in Self.signalled(s, sig, name, expecting: 128 + Int(sig)) }
        var failures = 0
        for ((s, _, name), r) in zip(cases, results) {
            if let r {
                failures += 1
                Issue.record("\(s.name), \(name): \(r)")
            }
        }
        Fuzz.report("other signals: \(cases.count - failures) of \(cases.count) as expected (\(signals.map(\.1).joined(separator: ", ")) "
            + "in the launcher, badminton and stamps: 128 + the signal, change saved, terminal restored), "
            + "\(String(format: "%.1f", Fuzz.clock() - start)) s")
    }
}
