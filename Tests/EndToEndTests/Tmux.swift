#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The programs tests drive besides termini. A test whose program is missing is skipped
/// through its trait (`@Test(.tmux)`), so a run says so; it never returns early as passed.
enum Tools {
    static func installed(_ name: String) -> Bool {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + name) }
    }
    static var root: Bool { geteuid() == 0 }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs `tool` (from the Debian package `package`).
    static func needs(_ tool: String, package: String? = nil) -> Self {
        .enabled(if: Tools.installed(tool), "needs \(tool): apt-get install \(package ?? tool)")
    }
    static var tmux: Self { needs("tmux") }
    static var strace: Self { needs("strace") }
    static var python3: Self { needs("python3") }
    static var make: Self { needs("make") }
    static var bashCompletion: Self {
        .enabled(if: Tools.installed("bash") && FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion"),
                 "needs bash with bash-completion: apt-get install bash-completion")
    }
}

/// The real `termini` binary in a real terminal: a private tmux server per session, a pane
/// of a given size, keys sent with `send-keys`, the screen read with `capture-pane -p`.
/// Nothing depends on the caller's terminal, `$HOME` or config: each session gets its own
/// temporary config directory (or one passed in, to test restarts).
final class TmuxSession {
    let socket: String
    let configDir: String
    let ownsConfigDir: Bool
    let statusFile: String
    let width: Int
    let height: Int
    let sttyBefore: String
    let sttyAfter: String

    static var binary: String {
        // Another build to hold the same tests against (an older commit, to see a test fail
        // before its fix): TERMINI_TEST_BINARY=/path/to/termini swift test --filter ...
        if let other = ProcessInfo.processInfo.environment["TERMINI_TEST_BINARY"], !other.isEmpty { return other }
        // Tests run from .build/<config>/<package>PackageTests.xctest; termini sits beside it.
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        if dir.lastPathComponent == "MacOS" || dir.path.hasSuffix(".xctest/Contents") {
            dir = dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        return dir.appendingPathComponent("termini").path
    }


    static func makeTempDir(_ tag: String = "termini") -> String { TempDir.make(tag) }

    /// Starts `termini ARGS --config-dir DIR` in a fresh pane. `environment` is added to a
    /// clean one (TERM from tmux, LANG=C.UTF-8 unless overridden). `wrapper` runs before the
    /// binary (e.g. `setpriv --reuid=65534 ...` to run termini as another user).
    init(width: Int = 80, height: Int = 24, arguments: [String] = [], environment: [String: String] = [:],
         configDir: String? = nil, useConfigDirOption: Bool = true, wrapper: [String] = []) throws {
        self.width = width
        self.height = height
        socket = "termini-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        ownsConfigDir = configDir == nil
        self.configDir = configDir ?? TmuxSession.makeTempDir()
        statusFile = self.configDir + "/../" + socket + ".status"
        var env = ["LANG": "C.UTF-8", "HOME": self.configDir, "PATH": "/usr/bin:/bin"]
        for (k, v) in environment { env[k] = v }
        var args = arguments
        if useConfigDirOption { args += ["--config-dir", self.configDir] }
        if env["TERM"] == nil { env["TERM"] = "screen-256color" }
        // "<unset>" leaves a variable out of the (otherwise empty) environment.
        let envPart = env.filter { $0.value != "<unset>" }.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        let command = "env -i \(envPart) " + (wrapper + [TmuxSession.binary] + args).map(TmuxSession.quote).joined(separator: " ")
        sttyBefore = statusFile + ".stty-before"
        sttyAfter = statusFile + ".stty-after"
        // Keep the pane after exit so the last screen and the exit status can be read; record
        // the terminal settings before and after to prove they were restored, and print a
        // marker whose attributes show whether any were left switched on.
        let script = "stty -g > \(TmuxSession.quote(sttyBefore)); \(command); echo $? > \(TmuxSession.quote(statusFile)); "
            + "stty -g > \(TmuxSession.quote(sttyAfter)); printf '%s\\n' \(TmuxSession.quote(TmuxSession.exitMarker)); sleep 600"
        try TmuxSession.tmux(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", script], output: false)
    }

    deinit {
        _ = try? TmuxSession.tmux(["-L", socket, "kill-server"], output: false)
        for f in [statusFile, sttyBefore, sttyAfter] { try? FileManager.default.removeItem(atPath: f) }
        if ownsConfigDir { try? FileManager.default.removeItem(atPath: configDir) }
    }

    /// Printed in the pane once termini has exited.
    static let exitMarker = "[termini exited]"

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux and returns what it printed. A command that may start the tmux server gets
    /// no pipe: the server would inherit it and never close it.
    @discardableResult
    static func tmux(_ args: [String], output: Bool = true) throws -> String {
        try Subprocess.run(["tmux"] + args, captureOutput: output).output
    }

    /// Keys by tmux name (`Enter`, `Left`, `C-c`, `F2`) or literal characters (`a`).
    func send(_ keys: String...) {
        _ = try? TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0"] + keys)
    }

    /// Proves that termini has handled every key sent before: F1 opens the help (everywhere,
    /// even in a dialog or a text field), its title is waited for, then Esc closes it and the
    /// screen without it is waited for. Use it instead of a pause before a check that nothing
    /// changed (a key that does nothing, a write that must not happen): keys are handled in
    /// order, so the help on screen means the keys before it are done. A notice on screen is
    /// dismissed by it (read notices first).
    @discardableResult
    func barrier(timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        send("F1")
        let opened = wait(timeout: timeout) { $0.contains(": keys") }.ok
        send("Escape")
        let closed = wait(timeout: timeout) { !$0.contains(": keys") }.ok
        if !(opened && closed) { Issue.record("the help did not open and close as a barrier:\n\(screen)", sourceLocation: sourceLocation) }
        return opened && closed
    }

    /// Sends text literally (no key-name lookup).
    func type(_ text: String) {
        _ = try? TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0", "-l", text])
    }

    /// The screen as lines (trailing spaces removed).
    func capture() -> [String] {
        let text = (try? TmuxSession.tmux(["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.count > height { lines.removeLast() }
        return lines
    }

    var screen: String { capture().joined(separator: "\n") }

    /// Waits until the screen satisfies `condition`; returns the last screen either way.
    @discardableResult
    func wait(timeout: Double = 10, until condition: (String) -> Bool) -> (ok: Bool, screen: String) {
        let end = Date().addingTimeInterval(timeout)
        var s = screen
        while Date() < end {
            if condition(s) { return (true, s) }
            usleep(30_000)
            s = screen
        }
        return (condition(s), s)
    }

    /// Waits until `text` is on screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        wait(timeout: timeout) { $0.contains(text) }.ok
    }

    func resize(width: Int, height: Int) {
        _ = try? TmuxSession.tmux(["-L", socket, "resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The exit status once termini has exited, else nil (waits up to `timeout`).
    func exitStatus(timeout: Double = 5) -> Int? {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if let s = try? String(contentsOfFile: statusFile, encoding: .utf8), let n = Int(s.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return n
            }
            usleep(30_000)
        }
        return nil
    }

    /// True when the terminal settings after termini exited equal those before it started.
    func terminalRestored(timeout: Double = 5) -> Bool {
        _ = exitStatus(timeout: timeout)
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if let a = try? String(contentsOfFile: sttyBefore, encoding: .utf8),
               let b = try? String(contentsOfFile: sttyAfter, encoding: .utf8), !b.isEmpty {
                return a == b
            }
            usleep(30_000)
        }
        return false
    }

    /// The screen with colours and attributes as escape sequences (`capture-pane -e`).
    func captureWithAttributes() -> String {
        (try? TmuxSession.tmux(["-L", socket, "capture-pane", "-p", "-e", "-t", "0"])) ?? ""
    }

    /// The process id of termini in the pane.
    var pid: Int32? {
        let out = (try? TmuxSession.tmux(["-L", socket, "list-panes", "-F", "#{pane_pid}"])) ?? ""
        guard let shellPid = Int32(out.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        // The pane runs `sh -c "env -i ... termini ...; ..."`: termini is the shell's child.
        let children = (try? String(contentsOfFile: "/proc/\(shellPid)/task/\(shellPid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    func signal(_ sig: Int32) {
        if let p = pid { kill(p, sig) }
    }
}
