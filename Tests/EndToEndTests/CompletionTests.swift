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
                         environment: [String: String], directory: String? = nil) throws -> (ok: Bool, screen: String) {
        let socket = "termini-compl-\(getpid())-\(UUID().uuidString.prefix(6))"
        defer { _ = try? TmuxSession.tmux(["-L", socket, "kill-server"], output: false) }
        let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        let cd = directory.map { "cd \(TmuxSession.quote($0)) && " } ?? ""
        try TmuxSession.tmux(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "30", "\(cd)env -i \(env) \(command)"], output: false)
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

    /// The cases for a shell: the app, the option, the themes (from the installed ones), a
    /// value from a list, the options after an option whose value may be left out.
    static func check(_ sh: ShellUnderTest) throws {
        let shell = sh.name
        let ok1 = try sh.complete("termini bad", tabs: 1) { $0.contains("termini badminton") }
        #expect(ok1.ok, "\(shell): termini bad<Tab>\n\(ok1.screen)")
        let ok2 = try sh.complete("termini --th", tabs: 1) { $0.contains("termini --theme") }
        #expect(ok2.ok, "\(shell): termini --th<Tab>\n\(ok2.screen)")
        let themes = ["court", "high-contrast", "solarized-dark", "light", "mono"]
        let ok3 = try sh.complete("termini --theme ") { s in themes.allSatisfy { s.contains($0) } }
        #expect(ok3.ok, "\(shell): termini --theme <Tab>\n\(ok3.screen)")
        let ok4 = try sh.complete("termini badminton --export ") { $0.contains("csv") && $0.contains("json") }
        #expect(ok4.ok, "\(shell): termini badminton --export <Tab>\n\(ok4.screen)")
        // An option whose value may be left out is followed by the options.
        let ok5 = try sh.complete("termini badminton --scoresheet --ou", tabs: 1) { $0.contains("termini badminton --scoresheet --output") }
        #expect(ok5.ok, "\(shell): termini badminton --scoresheet --ou<Tab>\n\(ok5.screen)")
        // A command's words after its name: termini hall init, termini hall live.
        let ok6 = try sh.complete("termini hall i", tabs: 1) { $0.contains("termini hall init") }
        #expect(ok6.ok, "\(shell): termini hall i<Tab>\n\(ok6.screen)")
        let ok7 = try sh.complete("termini hall l", tabs: 1) { $0.contains("termini hall live") }
        #expect(ok7.ok, "\(shell): termini hall l<Tab>\n\(ok7.screen)")
    }

    /// How each shell is started with the installed completions: its command line, its prompt,
    /// the Tabs that list the choices, and its environment (no file of the user's is read).
    struct ShellUnderTest {
        let name: String
        let command: String
        let ready: String
        let tabs: Int
        let environment: [String: String]
        /// The prefix it was installed into, kept as long as the shell is.
        let installed: Installed

        init(_ name: String, _ i: Installed) throws {
            self.name = name
            installed = i
            switch name {
            case "bash":
                // bash-completion finds the script by the command's name, under XDG_DATA_DIRS.
                let rc = i.prefix + "/bashrc"
                try "PS1='ready$ '\nsource /usr/share/bash-completion/bash_completion\n".write(toFile: rc, atomically: true, encoding: .utf8)
                (command, ready, tabs) = ("bash --noprofile --rcfile \(TmuxSession.quote(rc)) -i", "ready$", 2)
                environment = ["PATH": i.path, "HOME": i.prefix, "TERM": "screen", "LANG": "C.UTF-8", "XDG_DATA_DIRS": i.prefix + "/share:/usr/share"]
            case "zsh":
                try FileManager.default.createDirectory(atPath: i.prefix + "/zdot", withIntermediateDirectories: true)
                try "PS1='ready%# '\nfpath=(\(i.prefix)/share/zsh/site-functions $fpath)\nautoload -U compinit\ncompinit -u -d \(i.prefix)/zcompdump\n"
                    .write(toFile: i.prefix + "/zdot/.zshrc", atomically: true, encoding: .utf8)
                (command, ready, tabs) = ("zsh -i", "ready", 1)
                environment = ["PATH": i.path, "HOME": i.prefix, "ZDOTDIR": i.prefix + "/zdot", "TERM": "screen", "LANG": "C.UTF-8"]
            default:
                // fish reads vendor completions under XDG_DATA_DIRS; no config of the user's.
                let config = i.prefix + "/fishconfig"
                try FileManager.default.createDirectory(atPath: config + "/fish", withIntermediateDirectories: true)
                try "function fish_prompt; echo 'ready> '; end\nset -g fish_greeting\n"
                    .write(toFile: config + "/fish/config.fish", atomically: true, encoding: .utf8)
                (command, ready, tabs) = ("fish -i", "ready>", 1)
                environment = ["PATH": i.path, "HOME": i.prefix, "XDG_CONFIG_HOME": config, "XDG_DATA_DIRS": i.prefix + "/share:/usr/share",
                               "TERM": "screen", "LANG": "C.UTF-8"]
            }
        }

        /// Where termini looks for the user's themes and courts in this shell's environment.
        var configDirectory: String { (environment["XDG_CONFIG_HOME"] ?? (environment["HOME"] ?? "/nonexistent") + "/.config") + "/termini" }

        func complete(_ line: String, tabs: Int? = nil, in directory: String? = nil, expect: @escaping (String) -> Bool) throws -> (ok: Bool, screen: String) {
            try CompletionTests.complete(command, ready: ready, line: line, tabs: tabs ?? self.tabs, expect: expect, environment: environment, directory: directory)
        }
    }

    @Test(.tmux, .make, .bashCompletion) func bashCompletesAppsOptionsAndThemes() throws {
        try Self.check(ShellUnderTest("bash", Installed()))
    }

    @Test(.tmux, .make, .needs("zsh")) func zshCompletesAppsOptionsAndThemes() throws {
        try Self.check(ShellUnderTest("zsh", Installed()))
    }

    @Test(.tmux, .make, .needs("fish")) func fishCompletesAppsOptionsAndThemes() throws {
        try Self.check(ShellUnderTest("fish", Installed()))
    }

    /// A completion never runs what a file's name says (issue 24: bash's `compgen -W` expanded
    /// a theme named `$(cd;touch${IFS}PWNED).theme`). Themes and courts named with command
    /// substitutions, backticks, quotes, spaces, a newline, glob characters and a leading `-`
    /// sit in the user's config directory beside one plain theme and one plain court; Tab
    /// after `--theme ` and `--court ` in each shell creates no file, and still offers the
    /// plain ones and the shipped themes. First the issue's name alone (a backtick elsewhere
    /// would stop bash's expansion with a syntax error before it ran anything), then all.
    @Test(.tmux, .make, .bashCompletion, .needs("zsh"), .needs("fish"), arguments: ["bash", "zsh", "fish"])
    func noCompletionEvaluatesAFileName(_ shell: String) throws {
        let i = try Installed()
        let sh = try ShellUnderTest(shell, i)
        let work = TempDir("termini-completion-cwd")
        let hostile = ["$(touch PWNED2)", "`touch PWNED3`", "a;touch PWNED4", "it's", "say\"hi\"", "two words", "new\nline",
                       "*", "[ab]", "?x", "-rf", "$HOME", "${IFS}PWNED5", "back\\slash", "a|touch PWNED6", "a&touch PWNED7"]
        let themes = sh.configDirectory + "/themes"
        let plain = try String(contentsOfFile: InstallTests.checkout + "/themes/court.theme", encoding: .utf8)
        func made() -> [String] {
            [i.prefix, work.path, sh.configDirectory, themes].flatMap { dir in
                ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("PWNED") }.map { dir + "/" + $0 }
            }
        }
        for names in [["$(cd;touch${IFS}PWNED)"], ["$(cd;touch${IFS}PWNED)"] + hostile] {
            try? FileManager.default.removeItem(atPath: sh.configDirectory)
            try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
            for name in names {
                try plain.write(toFile: themes + "/" + name + ".theme", atomically: false, encoding: .utf8)
                _ = FileManager.default.createFile(atPath: sh.configDirectory + "/badminton-" + name + "-match.jsonl", contents: Data())
            }
            try plain.write(toFile: themes + "/club.theme", atomically: false, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: sh.configDirectory + "/badminton-east-match.jsonl", contents: Data())
            let what = "\(shell), \(names.count) hostile name\(names.count == 1 ? "" : "s")"
            let theme = try sh.complete("termini --theme ", in: work.path) { $0.contains("club") && $0.contains("high-contrast") }
            #expect(theme.ok, "\(what): termini --theme <Tab> does not offer club and the shipped themes:\n\(theme.screen)")
            #expect(made().isEmpty, "\(what): completing --theme ran a theme's name: \(made())\n\(theme.screen)")
            let club = try sh.complete("termini --theme cl", tabs: 1, in: work.path) { $0.contains("termini --theme club") }
            #expect(club.ok, "\(what): termini --theme cl<Tab>:\n\(club.screen)")
            let court = try sh.complete("termini badminton --court ", tabs: 1, in: work.path) { $0.contains("termini badminton --court east") }
            #expect(court.ok, "\(what): termini badminton --court <Tab> does not complete east:\n\(court.screen)")
            #expect(made().isEmpty, "\(what): completing --court ran a file's name: \(made())\n\(court.screen)")
        }
    }
}
