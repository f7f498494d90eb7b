#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `make install` and `make uninstall` as a packager runs them, into a temporary DESTDIR.
/// A release build takes minutes, so the test installs the binary these tests run
/// (TERMINI_BIN); that the default target builds release is checked with `make -n`.
@Suite(.serialized) struct InstallTests {
    static var checkout: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Runs a shell command in the checkout; stdout and stderr together.
    static func sh(_ command: String) throws -> (status: Int32, output: String) {
        try Subprocess.run(["/bin/sh", "-c", "cd \(TmuxSession.quote(checkout)) && { \(command) ; } 2>&1"])
    }

    /// Every file (not directory) under `dir`, relative to it.
    static func files(under dir: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }

    @Test(.tmux, .make)
    func installRunsFromAnyPrefixAndUninstallLeavesNothing() throws {
        let destdir = TmuxSession.makeTempDir("termini-destdir")
        defer { try? FileManager.default.removeItem(atPath: destdir) }
        let prefix = "/opt/termini-test"
        let root = destdir + prefix
        let vars = "DESTDIR=\(TmuxSession.quote(destdir)) PREFIX=\(prefix) TERMINI_BIN=\(TmuxSession.quote(TmuxSession.binary))"

        let install = try InstallTests.sh("make install \(vars)")
        #expect(install.status == 0, "\(install.output)")
        let themes = ["court", "default", "high-contrast", "light", "mono", "solarized-dark"]
        let expected = ["opt/termini-test/bin/termini", "opt/termini-test/share/man/man1/termini.1",
                        "opt/termini-test/share/bash-completion/completions/termini",
                        "opt/termini-test/share/zsh/site-functions/_termini",
                        "opt/termini-test/share/fish/vendor_completions.d/termini.fish"]
            + themes.map { "opt/termini-test/share/termini/themes/\($0).theme" }
        #expect(InstallTests.files(under: destdir) == expected.sorted())
        let mode = try FileManager.default.attributesOfItem(atPath: root + "/bin/termini")[.posixPermissions] as? Int
        #expect(mode == 0o755)
        let manMode = try FileManager.default.attributesOfItem(atPath: root + "/share/man/man1/termini.1")[.posixPermissions] as? Int
        #expect(manMode == 0o644)

        // The installed binary finds the installed themes next to itself, under any prefix.
        let config = TmuxSession.makeTempDir("termini-install-config")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let list = try Subprocess.run([root + "/bin/termini", "--list-themes", "--config-dir", config])
        #expect(list.status == 0)
        let rows = list.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.map { $0.first ?? "" } == ["default", "court", "high-contrast", "light", "mono", "solarized-dark"], "\(list.output)")
        for row in rows {
            #expect(row.count == 3 && row[1] == "installed" && row[2] == "\(root)/share/termini/themes/\(row[0]).theme", "\(row)")
        }

        // And draws with them: the court theme's green, from the installed file.
        let socket = "termini-install-\(getpid())"
        defer { _ = try? TmuxSession.tmux(["-L", socket, "kill-server"], output: false) }
        let command = "env -i TERM=xterm-256color LANG=C.UTF-8 PATH=/usr/bin:/bin "
            + [root + "/bin/termini", "--theme", "court", "--config-dir", config].map(TmuxSession.quote).joined(separator: " ") + "; sleep 60"
        try TmuxSession.tmux(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command], output: false)
        var screen = "", text = ""
        let end = Date().addingTimeInterval(10)
        while Date() < end, !text.contains("theme: court") {
            usleep(50_000)
            screen = (try? TmuxSession.tmux(["-L", socket, "capture-pane", "-p", "-e", "-t", "0"])) ?? ""
            text = screen.replacing(#/\x1b\[[0-9;]*m/#, with: "")
        }
        #expect(text.contains("theme: court"), "\(screen)")
        #expect(screen.contains("48;5;22m"), "the court green background")

        // The manual reads with man(1).
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let man = try Subprocess.run(["man", "-l", root + "/share/man/man1/termini.1"],
                                         environment: ["PATH": "/usr/bin:/bin", "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"])
            #expect(man.status == 0)
            for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
                #expect(man.output.contains("\n" + heading + "\n"), "\(heading) missing from man -l")
            }
            let flowing = man.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(flowing.contains("termini - five small everyday apps") || flowing.contains("termini \u{2212} five small everyday apps"),
                    "\(man.output.prefix(300))")
        }

        let uninstall = try InstallTests.sh("make uninstall \(vars)")
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(InstallTests.files(under: destdir).isEmpty, "left behind: \(InstallTests.files(under: destdir))")
        #expect(!FileManager.default.fileExists(atPath: root + "/share/termini"))
    }

    @Test(.make)
    func theDefaultInstallBuildsReleaseIntoUsrLocal() throws {
        // What `make install` would run, without running it.
        let dry = try InstallTests.sh("make -n install")
        #expect(dry.status == 0, "\(dry.output)")
        let lines = dry.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "swift build -c release --product termini", "\(dry.output)")
        #expect(dry.output.contains("install -m 755 -s \"$(swift build -c release --show-bin-path)/termini\" \"/usr/local/bin/termini\""), "\(dry.output)")
        #expect(dry.output.contains("\"/usr/local/share/termini/themes/\""))
        #expect(dry.output.contains("install -m 644 man/termini.1 \"/usr/local/share/man/man1/termini.1\""))
        let dryUninstall = try InstallTests.sh("make -n uninstall DESTDIR=/stage")
        #expect(dryUninstall.output.contains("rm -f \"/stage/usr/local/bin/termini\" \"/stage/usr/local/share/man/man1/termini.1\""), "\(dryUninstall.output)")
        #expect(dryUninstall.output.contains("\"/stage/usr/local/share/termini/themes/court.theme\""))
    }
}
