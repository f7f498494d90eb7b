#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport

/// What a new user meets in the first hour, in the real binary at 80x24 and 200x60.
@Suite(.serialized, .tmux) struct FirstHourEndToEndTests {
    static let sizes = [(80, 24), (200, 60)]

    /// Enter after a game won starts the next game and ends the interval: one box, one key.
    @Test func theIntervalBetweenGamesTakesOneKey() throws {
        for (w, h) in Self.sizes {
            let dir = TempDir("termini-interval")
            let t = try TmuxSession(width: w, height: h, arguments: ["badminton", "--new", "--format", "3x11", "--names", "Ann,Bo"],
                                    configDir: dir.path)
            #expect(t.waitFor("serves from"), "\(t.screen)")
            BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 11))
            #expect(t.waitFor("Interval between games"), "\(t.screen)")
            t.send("Enter")
            #expect(t.waitFor("Ends changed: Bo now on the left"), "\(t.screen)")
            #expect(!t.screen.contains("Interval"), "a second box after Enter:\n\(t.screen)")
            let status = UmpireEndToEndTests.json(dir.path)
            #expect(status["interval"] is NSNull, "the interval still runs: \(status)")
            // The next key is a point, not the end of an interval.
            t.send("Left")
            #expect(t.waitFor("1-love"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    /// `f`: a score typed on one row stays when the other is typed; Enter judges the whole.
    @Test func theCorrectionKeepsWhatWasTypedAndJudgesTheWholeScoreAtEnter() throws {
        for (w, h) in Self.sizes {
            let dir = TempDir("termini-correct")
            let t = try TmuxSession(width: w, height: h, arguments: ["badminton", "--new", "--names", "Ann,Bo"], configDir: dir.path)
            #expect(t.waitFor("serves from"), "\(t.screen)")
            t.send("f")
            #expect(t.waitFor("Correction"), "\(t.screen)")
            t.send("Down")
            t.type("28")
            t.send("Down")
            #expect(t.waitFor("28"), "\(t.screen)")
            t.type("28")
            t.send("Enter")
            #expect(t.wait { !$0.contains("Correction") }.ok, "\(t.screen)")
            #expect(UmpireEndToEndTests.waitJSON(dir.path) { UmpireEndToEndTests.score($0) == [28, 28] }.ok, "\(t.screen)")
            // An impossible score is refused at Enter, with what was typed still there.
            t.send("f")
            #expect(t.waitFor("Correction"), "\(t.screen)")
            t.send("Down")
            t.type("30")
            t.send("Down")
            t.type("5")
            t.send("Enter")
            #expect(t.waitFor("30-5 would end the game"), "\(t.screen)")
            #expect(t.screen.contains("Correction"), "\(t.screen)")
            t.send("Escape")
            #expect(t.wait { !$0.contains("Correction") }.ok, "\(t.screen)")
            #expect(UmpireEndToEndTests.score(UmpireEndToEndTests.json(dir.path)) == [28, 28])
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    /// `p` in the history writes the chosen match's scoresheet to a file it names, with the
    /// number `--scoresheet N` takes; the history shows those numbers; `?` finds "print".
    @Test func theHistoryPrintsAScoresheetWithTheNumberTheCommandTakes() throws {
        for (w, h) in Self.sizes {
            let dir = TempDir("termini-print")
            let t = try TmuxSession(width: w, height: h, arguments: ["badminton", "--new", "--format", "3x11", "--names", "Ann,Bo"],
                                    configDir: dir.path)
            #expect(t.waitFor("serves from"), "\(t.screen)")
            // Two games each side's way: the ends change between them.
            BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 11) + ["Enter"] + BadmintonEndToEndTests.keys("l", 11))
            #expect(t.waitFor("Ann wins the match"), "\(t.screen)")
            t.send("n")
            #expect(t.waitFor("New match"), "\(t.screen)")
            t.send("Enter")
            #expect(t.waitFor("serves from"), "\(t.screen)")
            BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("l", 11) + ["Enter"] + BadmintonEndToEndTests.keys("a", 11))
            #expect(t.waitFor("Bo wins the match"), "\(t.screen)")
            t.send("h")
            #expect(t.waitFor("History · 2 matches"), "\(t.screen)")
            // Newest first, each with the number --scoresheet takes (1 the oldest).
            let lines = t.capture()
            let first = lines.firstIndex { $0.contains("Bo beat Ann") }
            let second = lines.firstIndex { $0.contains("Ann beat Bo") }
            #expect(first.map { lines[$0].contains(" 2 ") || lines[max(0, $0 - 1)].contains(" 2 ") } == true, "\(t.screen)")
            #expect(second.map { lines[$0].contains(" 1 ") || lines[max(0, $0 - 1)].contains(" 1 ") } == true, "\(t.screen)")
            t.send("Down")
            t.send("p")
            let path = dir.path + "/scoresheet-1.html"
            #expect(t.waitFor("Match 1's scoresheet: \(path)"), "no file named:\n\(t.screen)")
            let written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let command = try Subprocess.run([TmuxSession.binary, "badminton", "--scoresheet", "1", "--config-dir", dir.path]).output
            #expect(!written.isEmpty && written == command, "the file is not what --scoresheet 1 prints")
            #expect(written.contains("Ann"))
            t.send("Escape")
            // And for the match on screen, from the scoreboard.
            #expect(t.wait { !$0.contains("History ·") }.ok, "\(t.screen)")
            t.send("p")
            #expect(t.waitFor("Match 2's scoresheet: \(dir.path)/scoresheet-2.html"), "\(t.screen)")
            // The help finds it.
            t.send("?")
            #expect(t.waitFor(": keys"), "\(t.screen)")
            t.send("/")
            t.type("print")
            t.send("Enter")
            #expect(t.wait { $0.contains("scoresheet") && !$0.contains("not found") }.ok, "\(t.screen)")
            t.send("Escape")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    /// `termini --help` in a screenful: the apps, the commands, where to read more; each app
    /// and command has a short help of its own, with its own options only.
    @Test func theHelpIsSizedForReading() throws {
        let top = try Subprocess.run([TmuxSession.binary, "--help"])
        let lines = top.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(top.status == 0 && lines.count <= 60, "termini --help is \(lines.count) lines")
        for word in ["badminton", "boxing", "memory", "stamps", "coffee", "desk", "hall", "man termini", "termini APP --help"] {
            #expect(top.output.contains(word), "\(word) missing from --help")
        }
        #expect(!top.output.contains("--hall-credentials") && !top.output.contains("--scoresheet"), "an app's options in the top help")
        for (name, own, other) in [("badminton", "--scoresheet", "--receipt"), ("desk", "--matches", "--scoresheet [N]"),
                                   ("hall", "--courts", "--matches"), ("stamps", "--status", "--new"), ("boxing", "--theme", "--new")] {
            let r = try Subprocess.run([TmuxSession.binary, name, "--help"])
            let n = r.output.split(separator: "\n").count
            #expect(r.status == 0 && n <= 60 && n < lines.count + 30, "termini \(name) --help: \(n) lines")
            #expect(r.output.contains("termini \(name)") && r.output.contains(own) && !r.output.contains(other), "\(name):\n\(r.output)")
        }
        // In a terminal: where to read more ends it at 80x24; at 200x60 all of it is on screen.
        let t = try TmuxSession(arguments: ["badminton", "--help"], useConfigDirOption: false)
        #expect(t.waitFor(TmuxSession.exitMarker), "\(t.screen)")
        #expect(t.screen.contains("man termini"), "\(t.screen)")
        let wide = try TmuxSession(width: 200, height: 60, arguments: ["badminton", "--help"], useConfigDirOption: false)
        #expect(wide.waitFor(TmuxSession.exitMarker), "\(wide.screen)")
        #expect(wide.screen.contains("usage: termini badminton") && wide.screen.contains("man termini"), "\(wide.screen)")
    }

    /// A bad value in config is named once, with the values its key takes, on the notice
    /// line and in `?`'s Messages.
    @Test func badConfigValuesAreNamedWithTheValuesTheKeyTakes() throws {
        for (w, h) in Self.sizes {
            let dir = TempDir("termini-badvalues")
            let config = "color = maybe\nsound = loud\nstamps.daily = sometimes\nbadminton.format = 77x0\n"
            _ = FileManager.default.createFile(atPath: dir.file("config"), contents: Data(config.utf8))
            let t = try TmuxSession(width: w, height: h, configDir: dir.path)
            #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
            #expect(t.waitFor("(?)") || t.waitFor("config"), "no notice:\n\(t.screen)")
            t.send("?")
            #expect(t.waitFor(": keys"), "\(t.screen)")
            let wanted = ["color = maybe", "sound = loud", "stamps.daily = sometimes", "badminton.format = 77x0"]
            var seen = t.screen
            // The Messages come first in the help; a page down shows the rest of a long one.
            for phrase in wanted where !seen.contains(phrase) {
                t.send("PageDown")
                _ = t.wait(timeout: 2) { $0.contains(phrase) }
                seen += t.screen
            }
            for phrase in wanted {
                #expect(seen.contains(phrase), "\(phrase) not named:\n\(seen)")
                #expect(seen.components(separatedBy: phrase).count - 1 == 1 || w < 200, "\(phrase) named more than once")
            }
            #expect(seen.contains("yes or no") && seen.contains("on or off") && seen.contains("GxP"), "the values a key takes:\n\(seen)")
            t.send("Escape")
            t.send("q")
            #expect(t.exitStatus() == 0)
            // Nothing was rewritten: the user's lines stay as they are.
            #expect((try? String(contentsOfFile: dir.file("config"), encoding: .utf8))?.hasPrefix(config) == true)
        }
    }

    /// A copy of the binary outside the checkout has all six themes, built in; a file of the
    /// same name in the user's theme directory still wins; a built-in theme draws.
    @Test func aCopiedBinaryHasEveryTheme() throws {
        let place = TempDir("termini-copy")
        let copy = place.file("termini")
        // By cp: a descriptor of the copy open in this process would reach a child another test
        // forks meanwhile, and running the copy would fail with ETXTBSY.
        _ = try Subprocess.run(["cp", TmuxSession.binary, copy])
        let config = TempDir("termini-copy-config")
        let list = try Subprocess.run([copy, "--list-themes", "--config-dir", config.path])
        let names = list.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(Set(names) == ["default", "light", "high-contrast", "court", "solarized-dark", "mono"], "\(list.output)")
        #expect(list.output.split(separator: "\n").allSatisfy { $0.contains("built in") }, "\(list.output)")
        try FileManager.default.createDirectory(atPath: config.file("themes"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: config.file("themes/court.theme"), contents: Data("text = red\n".utf8))
        let mine = try Subprocess.run([copy, "--list-themes", "--config-dir", config.path]).output
        #expect(mine.split(separator: "\n").contains { $0.hasPrefix("court") && $0.contains("user") }, "\(mine)")
        for (w, h) in Self.sizes {
            // The copy in the pane (the same bytes as the build's binary, away from the checkout).
            setenv("TERMINI_TEST_BINARY", copy, 1)
            let t = try TmuxSession(width: w, height: h, arguments: ["--theme", "solarized-dark"], configDir: config.path)
            unsetenv("TERMINI_TEST_BINARY")
            #expect(t.waitFor("theme: solarized-dark"), "\(t.screen)")
            #expect(!t.screen.contains("no theme named"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    /// A formula after any Unicode space or format character at a field's start is
    /// neutralised in `--export csv` as after nothing (OWASP's rule for CSV injection).
    @Test func aFormulaAfterAnInvisibleCharacterIsNeutralisedInTheCSV() throws {
        let dir = TempDir("termini-csv")
        let names = "\u{00A0}=1+1,\u{200B}@SUM"
        let t = try TmuxSession(arguments: ["badminton", "--new", "--names", names], configDir: dir.path)
        #expect(t.waitFor("serves from"), "\(t.screen)")
        t.send("Left")
        #expect(UmpireEndToEndTests.waitJSON(dir.path) { UmpireEndToEndTests.score($0).reduce(0, +) == 1 }.ok)
        t.send("q")
        #expect(t.exitStatus() == 0)
        let csv = try Subprocess.run([TmuxSession.binary, "badminton", "--export", "csv", "--config-dir", dir.path]).output
        #expect(csv.contains("\"'\u{00A0}=1+1\"") && csv.contains("\"'\u{200B}@SUM\""), "a formula left live:\n\(csv)")
    }

    /// `--scoresheet` when the match in progress has nothing on it says which match it prints.
    @Test func theScoresheetOfAFreshMatchSaysWhichMatchItPrints() throws {
        let dir = TempDir("termini-fresh")
        let t = try TmuxSession(arguments: ["badminton", "--new", "--names", "Ann,Bo"], configDir: dir.path)
        #expect(t.waitFor("serves from"), "\(t.screen)")
        t.send("Left")
        #expect(UmpireEndToEndTests.waitJSON(dir.path) { UmpireEndToEndTests.score($0).reduce(0, +) == 1 }.ok)
        t.send("n")
        #expect(t.waitFor("New match?"), "\(t.screen)")
        t.send("y")
        #expect(t.waitFor("New match"), "\(t.screen)")
        t.send("Enter")
        #expect(UmpireEndToEndTests.waitJSON(dir.path) { UmpireEndToEndTests.score($0) == [0, 0] }.ok)
        t.send("q")
        #expect(t.exitStatus() == 0)
        let r = try Subprocess.run(["/bin/sh", "-c", "\(TmuxSession.quote(TmuxSession.binary)) badminton --scoresheet --config-dir \(TmuxSession.quote(dir.path)) 2>&1 >/dev/null"])
        #expect(r.output.contains("match 1") && r.output.contains("abandoned"), "said nothing of the match printed: \(r.output)")
    }

    /// `stamps --status` on a config directory that is a file: the error alone, no card.
    @Test func stampsStatusOnAFileSaysTheErrorAndNoCard() throws {
        let tmp = TempDir("termini-statusfile")
        _ = FileManager.default.createFile(atPath: tmp.file("file"), contents: Data("x".utf8))
        let r = try Subprocess.run(["/bin/sh", "-c", "\(TmuxSession.quote(TmuxSession.binary)) stamps --status --config-dir \(TmuxSession.quote(tmp.file("file"))) 2>&1; echo status=$?"])
        #expect(!r.output.contains("of 10") && !r.output.contains("stamped"), "an invented card:\n\(r.output)")
        #expect(r.output.lowercased().contains("not a directory") && r.output.contains("status=1"), "\(r.output)")
    }

    /// Boxing's ring-bell screen says what it does: it goes on by itself, a key skips it.
    @Test func theLaunchScreenSaysItGoesOnByItself() throws {
        for (w, h) in Self.sizes {
            let t = try TmuxSession(width: w, height: h, arguments: ["boxing"])
            #expect(t.waitFor("Ding! Ding!"), "\(t.screen)")
            #expect(t.screen.contains("starts by itself") && !t.screen.contains("press any key"), "\(t.screen)")
            #expect(t.waitFor("Punches"), "it did not go on by itself:\n\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    /// `?`'s counter counts the lines as shown, not the entries.
    @Test func theHelpsCounterCountsLines() throws {
        for (w, h) in Self.sizes {
            let t = try TmuxSession(width: w, height: h, arguments: ["badminton"])
            #expect(t.waitFor("New match"), "\(t.screen)")
            t.send("Escape")
            t.send("?")
            #expect(t.waitFor(": keys"), "\(t.screen)")
            let lines = t.capture()
            guard let bottom = lines.last(where: { $0.contains(" of ") && $0.contains("┘") }),
                  let m = bottom.firstMatch(of: #/ (\d+)-(\d+) of (\d+) /#) else {
                Issue.record("no counter:\n\(t.screen)")
                continue
            }
            // The rows between the panel's top and its footer, less the blank ones after the
            // last entry shown (an entry that does not fit whole waits for the next page).
            let top = lines.firstIndex { $0.contains(": keys") } ?? 0
            let end = lines.lastIndex { $0.contains(" of ") && $0.contains("┘") } ?? 0
            var rows = Array(lines[(top + 1)..<max(top + 1, end - 1)])
            while let last = rows.last, last.filter({ $0.isLetter || $0.isNumber }).isEmpty { rows.removeLast() }
            let shownRows = rows.count
            let (a, b) = (Int(m.1) ?? 0, Int(m.2) ?? 0)
            #expect(a == 1 && b - a + 1 == shownRows, "\(m.0) for \(shownRows) rows of text:\n\(t.screen)")
            t.send("Escape")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    /// A terminal without an alternate screen (vt100): after q the last frame is gone and the
    /// shell's next line starts at the top, not on the key bar.
    @Test func aVT100IsLeftClearAfterQuitting() throws {
        for (w, h) in Self.sizes {
            let t = try TmuxSession(width: w, height: h, environment: ["TERM": "vt100"])
            #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
            t.send("q")
            #expect(t.waitFor(TmuxSession.exitMarker), "\(t.screen)")
            let lines = t.capture()
            let marker = lines.firstIndex { $0.contains(TmuxSession.exitMarker) } ?? -1
            #expect(marker >= 0 && marker < 3, "the shell's line is at row \(marker):\n\(t.screen)")
            #expect(!t.screen.contains("Coffee Shop") && !t.screen.contains("q Quit"), "the last screen stayed:\n\(t.screen)")
            #expect(t.terminalRestored())
        }
    }
}
