#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The completion scripts as a person meets them: `make install` puts them where each shell
/// looks, a real bash (with bash-completion), zsh (with compinit) and fish start in tmux with
/// that prefix on their paths, and Tab completes `termini bad`, `termini --th` and
/// `termini --theme `. A shell that is not installed skips its test (`.ci/run` installs all three).
@Suite(.serialized) struct CompletionTests {
    /// `make install` into a fresh prefix (the binary these tests run), with `bin` first on PATH.
    final class Installed {
        let prefix = TmuxSession.makeTempDir("termini-completions")
        init() throws {
            let vars = "PREFIX=\(TmuxSession.quote(prefix)) TERMINI_BIN=\(TmuxSession.quote(TmuxSession.binary))"
            let r = try InstallTests.sh("make install \(vars)")
            guard r.status == 0 else { throw CompletionError.install(r.output) }
        }
        deinit { try? FileManager.default.removeItem(atPath: prefix) }
        var path: String { "\(prefix)/bin:/usr/bin:/bin" }
    }

    enum CompletionError: Error { case install(String) }

    /// Starts `command` (a shell) in a pane, waits for its prompt `ready`, types `line` and Tab
    /// (twice for bash, which lists on the second), and returns the screen once `expect` holds.
    static func complete(_ command: String, ready: String, line: String, tabs: Int, expect: @escaping (String) -> Bool,
                         environment: [String: String]) throws -> (ok: Bool, screen: String) {
        let socket = "termini-compl-\(getpid())-\(UUID().uuidString.prefix(6))"
        defer { _ = try? TmuxSession.tmux(["-L", socket, "kill-server"], output: false) }
        let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        try TmuxSession.tmux(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "30", "env -i \(env) \(command)"], output: false)
        func screen() -> String { (try? TmuxSession.tmux(["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? "" }
        func wait(_ cond: (String) -> Bool, timeout: Double = 15) -> (Bool, String) {
            let end = Date().addingTimeInterval(timeout)
            var s = screen()
            while Date() < end {
                if cond(s) { return (true, s) }
                usleep(50_000)
                s = screen()
            }
            return (cond(s), s)
        }
        let (up, first) = wait { $0.contains(ready) }
        guard up else { return (false, "no prompt:\n\(first)") }
        _ = try TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0", "-l", line])
        for _ in 0..<tabs {
            usleep(300_000)
            _ = try TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0", "Tab"])
        }
        return wait(expect)
    }

    /// The three cases for a shell: the app, the option, the themes (from the installed ones).
    static func check(_ shell: String, _ command: String, ready: String, tabs: Int, environment: [String: String]) throws {
        let ok1 = try complete(command, ready: ready, line: "termini bad", tabs: 1, expect: { $0.contains("termini badminton") },
                               environment: environment)
        #expect(ok1.ok, "\(shell): termini bad<Tab>\n\(ok1.screen)")
        let ok2 = try complete(command, ready: ready, line: "termini --th", tabs: 1, expect: { $0.contains("termini --theme") },
                               environment: environment)
        #expect(ok2.ok, "\(shell): termini --th<Tab>\n\(ok2.screen)")
        let themes = ["court", "high-contrast", "solarized-dark", "light", "mono"]
        let ok3 = try complete(command, ready: ready, line: "termini --theme ", tabs: tabs,
                               expect: { s in themes.allSatisfy { s.contains($0) } }, environment: environment)
        #expect(ok3.ok, "\(shell): termini --theme <Tab>\n\(ok3.screen)")
        let ok4 = try complete(command, ready: ready, line: "termini badminton --export ", tabs: tabs,
                               expect: { $0.contains("csv") && $0.contains("json") }, environment: environment)
        #expect(ok4.ok, "\(shell): termini badminton --export <Tab>\n\(ok4.screen)")
        // An option whose value may be left out is followed by the options.
        let ok5 = try complete(command, ready: ready, line: "termini badminton --scoresheet --ou", tabs: 1,
                               expect: { $0.contains("termini badminton --scoresheet --output") }, environment: environment)
        #expect(ok5.ok, "\(shell): termini badminton --scoresheet --ou<Tab>\n\(ok5.screen)")
    }

    @Test(.tmux, .make, .bashCompletion) func bashCompletesAppsOptionsAndThemes() throws {
        let i = try Installed()
        // bash-completion finds the script by the command's name, under XDG_DATA_DIRS.
        let rc = i.prefix + "/bashrc"
        try "PS1='ready$ '\nsource /usr/share/bash-completion/bash_completion\n".write(toFile: rc, atomically: true, encoding: .utf8)
        try Self.check("bash", "bash --noprofile --rcfile \(TmuxSession.quote(rc)) -i", ready: "ready$", tabs: 2,
                       environment: ["PATH": i.path, "HOME": i.prefix, "TERM": "screen", "LANG": "C.UTF-8",
                                     "XDG_DATA_DIRS": i.prefix + "/share:/usr/share"])
    }

    @Test(.tmux, .make, .needs("zsh")) func zshCompletesAppsOptionsAndThemes() throws {
        let i = try Installed()
        try FileManager.default.createDirectory(atPath: i.prefix + "/zdot", withIntermediateDirectories: true)
        try "PS1='ready%# '\nfpath=(\(i.prefix)/share/zsh/site-functions $fpath)\nautoload -U compinit\ncompinit -u -d \(i.prefix)/zcompdump\n"
            .write(toFile: i.prefix + "/zdot/.zshrc", atomically: true, encoding: .utf8)
        try Self.check("zsh", "zsh -i", ready: "ready", tabs: 1,
                       environment: ["PATH": i.path, "HOME": i.prefix, "ZDOTDIR": i.prefix + "/zdot", "TERM": "screen", "LANG": "C.UTF-8"])
    }

    @Test(.tmux, .make, .needs("fish")) func fishCompletesAppsOptionsAndThemes() throws {
        let i = try Installed()
        // fish reads vendor completions under XDG_DATA_DIRS; no config of the user's.
        let config = i.prefix + "/fishconfig"
        try FileManager.default.createDirectory(atPath: config + "/fish", withIntermediateDirectories: true)
        try "function fish_prompt; echo 'ready> '; end\nset -g fish_greeting\n"
            .write(toFile: config + "/fish/config.fish", atomically: true, encoding: .utf8)
        try Self.check("fish", "fish -i", ready: "ready>", tabs: 1,
                       environment: ["PATH": i.path, "HOME": i.prefix, "XDG_CONFIG_HOME": config, "XDG_DATA_DIRS": i.prefix + "/share:/usr/share",
                                     "TERM": "screen", "LANG": "C.UTF-8"])
    }
}
