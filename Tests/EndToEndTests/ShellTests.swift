#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport

/// The shell's hard cases, met the way a person meets them: odd sizes, odd environments,
/// signals. Every case checks what is on screen and that the terminal is left as it was.
@Suite struct ShellTests {
    @Test(.tmux) func resizeToTinyAndBackRestoresTheScreen() throws {
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"))
        t.send("Down", "Down")
        t.resize(width: 20, height: 5)
        #expect(t.waitFor("need 26×8"), "\(t.screen)")
        t.resize(width: 1, height: 1)
        usleep(200_000)
        t.resize(width: 12, height: 3)
        #expect(t.waitFor("have 12×3"), "\(t.screen)")
        t.resize(width: 80, height: 24)
        let (ok, screen) = t.wait { $0.contains("Coffee Shop") && $0.contains("▸ 3  Memory") }
        #expect(ok, "\(screen)")
        // Nothing of the small-terminal message is left behind.
        #expect(!screen.contains("Enlarge"))
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    /// F7 from inside an app: the sound setting changed there shows at once in Boxing's footer
    /// and is in config; the theme changes live; Esc closes and the app is as it was.
    @Test(.tmux) func theSettingsWorkFromInsideAnApp() throws {
        let t = try TmuxSession(arguments: ["boxing"])
        #expect(t.waitFor("Punches", timeout: 15), "\(t.screen)")
        t.send("x")
        #expect(t.waitFor("Termini sound: alerts only"), "\(t.screen)")
        t.send("F7")
        #expect(t.waitFor("Settings"), "\(t.screen)")
        #expect(t.screen.contains("Setting") && t.screen.contains("Change"), "the bar shows the settings' keys")
        t.send("Down", "Down", "Down", "Left")  // Sound: alerts only → on
        #expect(t.waitFor("on: game sounds and alerts"), "\(t.screen)")
        t.send("Escape")
        #expect(t.waitFor("Termini sound: on"), "\(t.screen)")
        let config = (try? String(contentsOfFile: t.configDir + "/config", encoding: .utf8)) ?? ""
        #expect(config.contains("sound = yes"), "\(config)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test(.tmux) func aStormOfResizesLeavesAClean80x24Screen() throws {
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"))
        var rng = Fuzz.random("aStormOfResizesLeavesAClean80x24Screen")
        for i in 0..<40 {
            t.resize(width: Int.random(in: 1...160, using: &rng), height: Int.random(in: 1...50, using: &rng))
            if i % 5 == 0 { t.send("Down") }
        }
        t.resize(width: 80, height: 24)
        // The frame of the last size, not an earlier one still on the pane: tmux resizes at once,
        // the app redraws when it reads its SIGWINCH.
        let (ok, screen) = t.wait {
            $0.contains("Coffee Shop") && $0.contains("t changes it")
                && $0.hasPrefix("┌─ Termini ") && $0.split(separator: "\n").first?.count == 80
        }
        #expect(ok, "\(screen)")
        let lines = t.capture()
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(screen)")
        #expect(lines.first?.hasPrefix("┌─ Termini ") == true, "\(screen)")
        t.send("q")
        #expect(t.terminalRestored())
    }

    @Test(.tmux, arguments: [("xterm-nonexistent", "TERM=xterm-nonexistent"), ("<unset>", "TERM is not set"), ("dumb", "cannot move the cursor")])
    func unusableTermGivesOneLineAndStatus1(term: String, message: String) throws {
        let t = try TmuxSession(environment: ["TERM": term])
        #expect(t.exitStatus() == 1)
        let screen = t.screen
        #expect(screen.contains(message), "\(screen)")
        #expect(t.terminalRestored())
    }

    @Test(.tmux) func noHomeAndNoXDGRunsWithANotice() throws {
        let t = try TmuxSession(environment: ["HOME": "<unset>"], useConfigDirOption: false)
        // Said in full in the help's Messages; in fewer words where it does not fit.
        #expect(t.waitFor("Not saving"), "\(t.screen)")
        #expect(t.screen.contains("Coffee Shop"))
        t.send("?")
        #expect(t.waitFor("nowhere to keep"), "\(t.screen)")
        t.send("Escape")
        #expect(t.wait { !$0.contains(": keys") }.ok)
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test(.tmux) func relativeXDGConfigHomeIsIgnored() throws {
        let home = TmuxSession.makeTempDir("termini-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let t = try TmuxSession(environment: ["HOME": home, "XDG_CONFIG_HOME": "relative/dir"], useConfigDirOption: false)
        #expect(t.waitFor("Coffee Shop"))
        t.send("2")
        #expect(t.waitFor("Boxing Time  F3"))
        t.send("q")
        #expect(t.exitStatus() == 0)
        let config = try String(contentsOfFile: home + "/.config/termini/config", encoding: .utf8)
        #expect(config.contains("last_app = boxing"))
        // Directory 0700, file 0600.
        let dirMode = try FileManager.default.attributesOfItem(atPath: home + "/.config/termini")[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: home + "/.config/termini/config")[.posixPermissions] as? Int
        #expect(dirMode == 0o700)
        #expect(fileMode == 0o600)
    }

    @Test(.tmux) func readOnlyConfigDirectoryGivesANoticeAndRunsOn() throws {
        // Root ignores directory permissions; a read-only bind of the directory is not
        // available here either, so the case is made with a path under a plain file.
        let base = TmuxSession.makeTempDir("termini-ro")
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = FileManager.default.createFile(atPath: base + "/file", contents: Data("x".utf8))
        let t = try TmuxSession(arguments: ["--config-dir", base + "/file/termini"], useConfigDirOption: false)
        #expect(t.waitFor("Not saving"), "\(t.screen)")
        t.send("Down")
        #expect(t.waitFor("▸ 2  Boxing Time"), "\(t.screen)")
        #expect(t.screen.contains("Not saving"), "the notice stays for as long as nothing is saved")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test(.tmux) func signalsRestoreTheTerminal() throws {
        for (sig, status) in [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 0)] {
            let t = try TmuxSession()
            #expect(t.waitFor("Coffee Shop"))
            t.signal(sig)
            #expect(t.exitStatus() == status, "signal \(sig)")
            #expect(t.terminalRestored(), "signal \(sig)")
            // The alternate screen is gone: the pane shows the shell's screen again.
            #expect(!t.screen.contains("Coffee Shop"), "signal \(sig): \(t.screen)")
        }
    }

    @Test(.tmux) func ctrlCQuitsCleanly() throws {
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"))
        t.send("C-c")
        #expect(t.exitStatus() == 0)
        #expect(t.terminalRestored())
    }

    @Test(.tmux) func noColorDrawsWithAttributesOnly() throws {
        let t = try TmuxSession(environment: ["NO_COLOR": "1"])
        #expect(t.waitFor("Coffee Shop"))
        let raw = t.captureWithAttributes()
        #expect(!raw.contains("\u{1b}[38") && !raw.contains("\u{1b}[48"), "colour codes:\n\(raw)")
        // The selection is still visible: reverse video on the selected row.
        #expect(raw.contains("\u{1b}[1m\u{1b}[7m") || raw.contains("\u{1b}[7m") || raw.contains(";7m"), "\(raw)")
        t.send("q")
    }

    @Test(.tmux) func asciiAndCLocaleDrawOnlyASCII() throws {
        for (args, env) in [(["--ascii"], [String: String]()), ([], ["LANG": "C"])] {
            let t = try TmuxSession(arguments: args, environment: env)
            #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
            let screen = t.screen
            #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen)")
            #expect(screen.contains("+- Termini "), "\(screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    @Test func helpAndVersionNeedNoTerminal() throws {
        let help = try Subprocess.run([TmuxSession.binary, "--help"])
        #expect(help.status == 0)
        for word in ["badminton", "boxing", "memory", "stamps", "coffee", "--theme", "--no-color", "--ascii", "--config-dir", "--version"] {
            #expect(help.output.contains(word), "\(word) missing from --help")
        }
        let version = try Subprocess.run([TmuxSession.binary, "--version"])
        #expect(version.status == 0 && version.output.hasPrefix("termini "))
        let bad = try Subprocess.run([TmuxSession.binary, "--theme"])
        #expect(bad.status == 64)
        let notATerminal = try Subprocess.run([TmuxSession.binary, "--config-dir", "/tmp"])
        #expect(notATerminal.status == 1)
    }
}

/// A crash still restores the terminal: the crash handler calls endwin() before the
/// process dies of the signal.
@Suite struct CrashTests {
    @Test(.tmux, arguments: [SIGSEGV, SIGABRT, SIGILL])
    func aCrashRestoresTheTerminal(sig: Int32) throws {
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"))
        t.signal(sig)
        #expect(t.exitStatus() == 128 + Int(sig), "signal \(sig)")
        #expect(t.terminalRestored(), "signal \(sig)")
        #expect(!t.screen.contains("Coffee Shop"), "still on the alternate screen after signal \(sig)")
    }
}
