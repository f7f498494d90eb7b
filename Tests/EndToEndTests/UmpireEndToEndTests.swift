#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiCore
import BadmintonRules
import TerminiStore
import TerminiTestSupport
import Testing

extension TmuxSession {
    /// Waits until `text` is on screen in big letters (BigText's fonts or half blocks).
    @discardableResult
    func waitForLetters(_ text: String, glyphs: Glyphs = .unicode, timeout: Double = 10) -> Bool {
        wait(timeout: timeout) { _ in BigLetters.shows(text, in: self.capture(), glyphs: glyphs) }.ok
    }

    /// Waits until `sentence` is on screen, whole, though wrapped over lines inside boxes:
    /// the screen read as words, borders left out.
    func waitForSentence(_ sentence: String, timeout: Double = 10) -> Bool {
        func words(_ text: String) -> String {
            // Borders, box lines and the big digits' blocks (U+2500-U+259F) around the box.
            func drawing(_ c: Character) -> Bool {
                c == "|" || c.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) }
            }
            let plain = String(text.map { (c: Character) -> Character in drawing(c) ? " " : c })
            return plain.split(whereSeparator: { $0.isWhitespace }).map(String.init).joined(separator: " ")
        }
        let wanted = words(sentence)
        return wait(timeout: timeout) { _ in words(self.capture().joined(separator: "\n")).contains(wanted) }.ok
    }

    /// The last line: the key-hint bar.
    var hintBar: String { capture().last ?? "" }

    /// Waits for the hint bar to show every one of `texts` (the journal reaches the disk a
    /// moment before its frame reaches the screen).
    func hintBarShows(_ texts: String..., timeout: Double = 10) -> Bool {
        wait(timeout: timeout) { _ in let bar = self.hintBar; return texts.allSatisfy { bar.contains($0) } }.ok
    }
}

/// The umpire's toolkit by keys in the real binary: the three rule fixes, the card dialog,
/// correction mode, the warm-up, an injury and its resumption, shuttles, the spoken calls
/// (a stand-in espeak-ng that writes down what it is asked to say), and `--status --json`
/// after each; at 80×24 and 200×60, in ASCII and in monochrome.
@Suite(.serialized) struct UmpireEndToEndTests {
    static func json(_ dir: String) -> [String: Any] {
        let out = BadmintonEndToEndTests.status(dir, json: true).output
        return ((try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any]) ?? [:]
    }

    /// Waits until `--status --json` satisfies `condition`; returns the last object either way.
    @discardableResult
    static func waitJSON(_ dir: String, timeout: Double = 10, _ condition: ([String: Any]) -> Bool) -> (ok: Bool, json: [String: Any]) {
        let end = Date().addingTimeInterval(timeout)
        var j = json(dir)
        while Date() < end {
            if condition(j) { return (true, j) }
            usleep(50_000)
            j = json(dir)
        }
        return (condition(j), j)
    }

    static func score(_ j: [String: Any]) -> [Int] {
        ((j["teams"] as? [[String: Any]]) ?? []).map { $0["score"] as? Int ?? -1 }
    }

    static func player(_ j: [String: Any], _ key: String) -> String? {
        (j[key] as? [String: Any])?["player"] as? String
    }

    static func export(_ dir: String) -> String {
        (try? Subprocess.run([TmuxSession.binary, "badminton", "--export", "csv", "--config-dir", dir]))?.output ?? ""
    }

    func keys(_ t: TmuxSession, _ keys: String...) {
        for k in keys { t.send(k) }
    }

    func session(_ args: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:], dir: String) throws -> TmuxSession {
        let t = try TmuxSession(width: width, height: height, arguments: ["badminton"] + args, environment: environment, configDir: dir)
        #expect(t.waitFor("Games won"), "\(t.screen)")
        return t
    }

    // MARK: The rule fixes

    /// Issue 13's first bug: the doubles choice of server and receiver survives a change of
    /// ends made before Enter (it used to be reset: Ann served).
    @Test(.tmux) func doublesChoiceSurvivesAChangeOfEnds() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan"], dir: dir)
        #expect(t.waitFor("who serves?"), "\(t.screen)")
        keys(t, "2", "4", "s")
        // The numbers follow the screen: Ann/Bob are the right pair now, Bob 4.
        #expect(t.waitFor("4 ● Bob"), "\(t.screen)")
        t.send("Enter")
        // Both on one screen: the dialog's preview already says "Bob serves" before the
        // keys after it are handled (under load the screen was read in between).
        #expect(t.wait { $0.contains("🏸 Bob serves") && $0.contains("Dan receives") }.ok, "\(t.screen)")
        let j = Self.waitJSON(dir) { Self.player($0, "server") == "Bob" }
        #expect(j.ok && Self.player(j.json, "receiver") == "Dan", "\(j.json)")
        #expect(j.json["left"] as? Int == 1, "the ends changed")
    }

    /// The 5x11 breaks: no mid-game interval before game 5, 60 seconds between games, and
    /// the interval (with a change of ends) at 6 in game 5.
    @Test(.tmux) func fiveByElevenBreaks() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--format", "5x11", "--names", "Ann,Bob"], dir: dir)
        BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 6))
        #expect(Self.waitJSON(dir) { Self.score($0) == [6, 0] }.ok)
        #expect(!t.screen.contains("interval"), "no interval at 6 in game 1:\n\(t.screen)")
        #expect(Self.json(dir)["interval"] is NSNull)
        // Four games, each won 11-0 by the side on the left: 2-2.
        for game in 1...4 {
            BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", game == 1 ? 5 : 11))
            // (The box of the interval before may still be on screen: the status says when.)
            let won = Self.waitJSON(dir) { ($0["games"] as? [Any])?.count == game }
            #expect(won.ok, "game \(game): \(won.json)")
            #expect(t.waitFor("Interval between games"), "game \(game):\n\(t.screen)")
            let iv = won.json["interval"] as? [String: Any]
            let left = iv?["remaining"] as? Int ?? 0
            #expect(iv?["kind"] as? String == "between-games" && left <= 60 && left >= 50, "60 s between games: \(String(describing: iv))")
            t.send("Enter")
            #expect(t.waitFor("game \(game + 1)"), "\(t.screen)")
        }
        BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 6))
        #expect(t.waitFor("Mid-game interval"), "game 5 at 6:\n\(t.screen)")
        #expect(t.screen.contains("Ends changed"), "\(t.screen)")
        let iv = Self.json(dir)["interval"] as? [String: Any]
        #expect(iv?["kind"] as? String == "mid-game", "\(String(describing: iv))")
    }

    /// The first server can change after setup, until the first rally (`t`, the toss).
    @Test(.tmux) func theTossChangesTheFirstServerUntilTheFirstRally() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], dir: dir)
        #expect(t.hintBarShows("t Toss"), "\(t.hintBar)")
        #expect(Self.player(Self.json(dir), "server") == "Ann")
        t.send("t")
        #expect(t.waitFor("Bob serves first."), "\(t.screen)")
        #expect(Self.waitJSON(dir) { Self.player($0, "server") == "Bob" }.ok)
        #expect(t.capture()[1].contains("🏸 Bob"), "the shuttle beside Bob:\n\(t.screen)")
        let config = (try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? ""
        #expect(config.contains("badminton.server = right"), "remembered for the next match: \(config)")
        // After the first rally it is a correction's work.
        t.send("l")
        #expect(Self.waitJSON(dir) { Self.score($0) == [0, 1] }.ok)
        t.send("t")
        #expect(t.waitFor("before the first rally"), "\(t.screen)")
        #expect(Self.player(Self.json(dir), "server") == "Bob")
        #expect(!t.hintBar.contains("Toss"))
        // Doubles: the other pair serves, and the choice of players is asked again.
        let d = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan"], dir: TmuxSession.makeTempDir("termini-umpire"))
        defer { try? FileManager.default.removeItem(atPath: d.configDir) }
        #expect(d.waitFor("Ann/Bob serve first"), "\(d.screen)")
        d.send("t")
        #expect(d.waitFor("Cat/Dan serve first"), "\(d.screen)")
        // Numbered as on screen (issue 23, item 9): Cat/Dan are the right pair, so Dan is 4.
        #expect(d.waitFor("3 ○ Cat   4 ○ Dan") || d.waitFor("3 ● Cat   4 ○ Dan"), "\(d.screen)")
        keys(d, "4", "Enter")
        #expect(d.waitFor("🏸 Dan serves"), "\(d.screen)")
    }

    // MARK: Cards

    @Test(.tmux) func cardDialogInSingles() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], dir: dir)
        keys(t, "a", "a", "l")
        #expect(Self.waitJSON(dir) { Self.score($0) == [2, 1] }.ok)
        #expect(t.hintBarShows("c Card"), "\(t.hintBar)")
        t.send("c")
        #expect(t.waitFor("Card · Law 16"), "\(t.screen)")
        #expect(t.hintBarShows("1/2 Player", "w/f/d Card", "Enter Record"), "\(t.hintBar)")
        // Enter before a choice records nothing and says why.
        t.send("Enter")
        #expect(t.waitFor("Choose the player: 1 or 2."), "\(t.screen)")
        // A warning to Ann (1: the left side's player).
        keys(t, "1", "w")
        #expect(t.waitFor("Warning to Ann: nothing else changes."), "\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Ann  Y "), "the card beside the name:\n\(t.screen)")
        #expect(t.screen.contains("\u{201c}Ann, warning for misconduct; 1-2\u{201d}"), "the call:\n\(t.screen)")
        var j = Self.waitJSON(dir) { ($0["cards"] as? [Any])?.count == 1 }
        let first = (j.json["cards"] as? [[String: Any]])?.first
        #expect(first?["player"] as? String == "Ann" && first?["card"] as? String == "warning" && first?["team"] as? Int == 0, "\(j.json)")
        // A fault to Bob: Ann scores and serves.
        keys(t, "c", "2", "f")
        #expect(t.waitFor("Fault: Ann scores, 3-1."), "\(t.screen)")
        t.send("Enter")
        j = Self.waitJSON(dir) { Self.score($0) == [3, 1] }
        #expect(j.ok && (j.json["call"] as? String) == "Bob, fault for misconduct; service over, 3-1", "\(j.json)")
        #expect(t.waitFor("Bob  R "), "\(t.screen)")
        // Esc leaves the match as it was.
        keys(t, "c", "1", "d", "Escape")
        #expect(t.wait { !$0.contains("Card · Law 16") }.ok)
        #expect((Self.json(dir)["cards"] as? [Any])?.count == 2)
        // A disqualification of Ann ends the match, won by Bob.
        keys(t, "c", "1", "d")
        #expect(t.waitFor("Disqualified: the match ends, won by Bob."), "\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Bob wins: Ann disqualified"), "\(t.screen)")
        #expect(t.waitForLetters("MATCH WON"), "\(t.screen)")
        j = Self.waitJSON(dir) { $0["winner"] as? Int == 1 }
        #expect(j.ok && (j.json["cards"] as? [[String: Any]])?.last?["card"] as? String == "disqualification", "\(j.json)")
        t.send("h")
        #expect(t.waitFor("disqualified"), "the history:\n\(t.screen)")
        #expect(Self.export(dir).contains(",card,"), "the export has the cards")
        // u undoes the disqualification like any event.
        keys(t, "Escape", "u")
        #expect(Self.waitJSON(dir) { $0["winner"] is NSNull }.ok)
    }

    /// Issue 23, items 1, 2 and 4 at 80×24 in ASCII and monochrome: `--new` is 3x21 whatever
    /// was chosen last; a fault before the first rally is recorded and scores nothing; a side
    /// with a card is not warned again (the dialog says why, Enter records nothing).
    @Test(.tmux) func aSideIsWarnedOnceAndMisconductBeforeTheMatchDoesNotScore() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "badminton.format = 1x21\n".write(toFile: dir + "/config", atomically: true, encoding: .utf8)
        let t = try session(["--new", "--names", "Ann,Bob", "--ascii", "--no-color"], environment: ["TERM": "xterm-256color"], dir: dir)
        #expect(Self.json(dir)["format"] as? String == "3x21", "--new without --format: \(Self.json(dir))")
        keys(t, "c", "2", "f")
        #expect(t.waitForSentence("Fault to Bob: no point, the match has not begun (before the first rally)."), "\(t.screen)")
        t.send("Enter")
        var j = Self.waitJSON(dir) { ($0["cards"] as? [Any])?.count == 1 }
        #expect(j.ok && Self.score(j.json) == [0, 0] && Self.player(j.json, "server") == "Ann", "\(j.json)")
        keys(t, "c", "2", "w")
        #expect(t.waitForSentence("Bob already has a card (red): a further offence is a fault (Law 16.7)."), "\(t.screen)")
        #expect(t.screen.contains("warning: not now, the side has a card"), "\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Choose the card: w, f or d."), "\(t.screen)")
        // Ann has no card: her warning is taken.
        keys(t, "1", "w")
        #expect(t.waitFor("Warning to Ann: nothing else changes."), "\(t.screen)")
        t.send("Enter")
        j = Self.waitJSON(dir) { ($0["cards"] as? [Any])?.count == 2 }
        #expect(j.ok && Self.score(j.json) == [0, 0], "\(j.json)")
        // After the first rally a fault scores.
        keys(t, "a", "c", "2", "f", "Enter")
        #expect(Self.waitJSON(dir) { Self.score($0) == [2, 0] }.ok, "\(Self.json(dir))")
    }

    /// Issue 23, item 5 at 80×24 in ASCII and monochrome, the keeper and a watcher: the side's
    /// name stays on its bar once cards are given; each card is a letter beside the player.
    @Test(.tmux) func namesStayAndCardsAreMarksBesideThePlayer() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan", "--ascii", "--no-color"], environment: ["TERM": "xterm-256color"], dir: dir)
        keys(t, "Enter", "a", "c", "4", "w", "Enter", "c", "4", "f", "Enter")
        #expect(t.wait(until: { $0.contains("Cat/Dan  Y  R ") }).ok, "\(t.screen)")
        #expect(t.screen.contains("Ann/Bob"), "\(t.screen)")
        let w = try TmuxSession(width: 80, height: 24, arguments: ["badminton", "--watch", "--ascii"], environment: ["TERM": "xterm-256color"], configDir: dir)
        #expect(w.wait(until: { $0.contains("Cat/Dan  Y  R ") }).ok, "the watcher: \(w.screen)")
        #expect(w.screen.contains("Ann/Bob"), "\(w.screen)")
    }

    /// Issue 23, item 5 at 200×60 in colour, singles: five cards, and the name still whole.
    @Test(.tmux) func fiveCardsAt200x60KeepTheName() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], width: 200, height: 60, dir: dir)
        keys(t, "a", "c", "2", "w", "Enter", "c", "2", "f", "Enter", "c", "2", "f", "Enter", "c", "2", "f", "Enter", "c", "2", "d", "Enter")
        let j = Self.waitJSON(dir) { ($0["cards"] as? [Any])?.count == 5 }
        #expect(j.ok, "\(j.json)")
        #expect(t.wait(until: { $0.contains("Y  R  R  R  B") }).ok, "\(t.screen)")
    }

    /// A journal of Ann v Bob, 11-0 in game 1 with the mid-game interval begun `ago` seconds
    /// ago (the journal's own times: the clock on screen is the real one).
    static func writeIntervalJournal(_ dir: String, ago: Double) throws {
        let now = Date().timeIntervalSince1970
        let start = now - ago - 11
        var log = MatchLog(setup: MatchSetup(teams: [TeamInfo(name: "Ann", players: ["Ann"]), TeamInfo(name: "Bob", players: ["Bob"])]), at: start)
        for i in 1...11 { log.take(MatchEvent(.point(team: 0), at: start + Double(i))) }
        try Data(JournalContents.bytes(of: log.records)).write(to: URL(fileURLWithPath: dir + "/badminton-match.jsonl"))
    }

    /// Issue 23, item 11 at 80×24 (ASCII, monochrome) and 200×60: past the 60 s the interval
    /// counts its overrun (`+0:07`); Enter calls play and the delay is on the scoresheet.
    @Test(.tmux) func anIntervalCountsItsOverrunAndALateCallIsOnTheScoresheet() throws {
        for (w, h, extra) in [(80, 24, ["--ascii", "--no-color"]), (200, 60, [String]())] {
            let dir = TmuxSession.makeTempDir("termini-umpire")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try Self.writeIntervalJournal(dir, ago: 65)
            let t = try session(extra, width: w, height: h, environment: ["TERM": "xterm-256color"], dir: dir)
            #expect(t.waitFor("Time is up") && t.screen.contains("+0:0"), "\(w)x\(h): \(t.screen)")
            #expect(t.screen.contains("Interval over") && t.screen.contains("Enter: play") && t.screen.contains("the delay is recorded"), "\(t.screen)")
            #expect(t.screen.contains("Enter Play"), "the hint: \(t.screen)")
            // The clock goes on counting, once a second.
            let seen = Self.overrun(t)
            #expect(t.waitFor("+0:0\(seen + 1) over"), "\(t.screen)")
            let status = Self.json(dir)["timer"] as? [String: Any]
            #expect(status?["kind"] as? String == "mid-game" && (status?["overrun"] as? Int ?? 0) >= 5, "\(String(describing: status))")
            t.send("Enter")
            #expect(t.wait(until: { !$0.contains("Interval over") }).ok, "\(t.screen)")
            keys(t, "a")
            #expect(Self.waitJSON(dir) { Self.score($0) == [12, 0] }.ok)
            let sheet: (status: Int32, output: String) = (try? Subprocess.run([TmuxSession.binary, "badminton", "--scoresheet", "--config-dir", dir])) ?? (-1, "")
            #expect(sheet.output.contains("play resumed 0:0") && sheet.output.contains("late after the mid-game interval"), "\(sheet.output.suffix(3000))")
        }
    }

    /// The overrun on screen now, in seconds (`+0:07` → 7).
    static func overrun(_ t: TmuxSession) -> Int {
        guard let r = t.screen.range(of: "+0:0") else { return 0 }
        return Int(String(t.screen[r.upperBound])) ?? 0
    }

    /// Issue 23, item 14 at 80×24 (ASCII, monochrome) and 200×60: o an overrule, r the referee
    /// called, x and a player's number his retirement (doubles); each is in the journal, on both
    /// scoresheets and in the export, and u undoes it.
    @Test(.tmux) func overruleRefereeAndAPlayersRetirementAreRecorded() throws {
        for (w, h, extra) in [(80, 24, ["--ascii", "--no-color"]), (200, 60, [String]())] {
            let dir = TmuxSession.makeTempDir("termini-umpire")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let t = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan"] + extra, width: w, height: h,
                                environment: ["TERM": "xterm-256color"], dir: dir)
            keys(t, "Enter", "a", "o")
            #expect(t.waitFor("Overrule recorded: O on the scoresheet"), "\(w)x\(h): \(t.screen)")
            keys(t, "u")
            #expect(t.waitFor("Undone"), "\(t.screen)")
            keys(t, "o", "a", "r")
            #expect(t.waitFor("Referee called: R on the scoresheet"), "\(t.screen)")
            keys(t, "x")
            #expect(t.waitFor("4  Dan retires (Ann/Bob win)"), "\(t.screen)")
            keys(t, "4")
            // A digit picks, Enter ends (the umpire's test: one digit ended the match at once).
            #expect(t.wait { $0.contains("▸ 4  Dan retires") || $0.contains("> 4  Dan retires") }.ok, "the digit picks: \(t.screen)")
            #expect(!t.screen.contains("retired;"), "\(t.screen)")
            keys(t, "Enter")
            #expect(t.waitForSentence("Dan retired; match won by Ann and Bob, 2-love"), "\(t.screen)")
            let export: (status: Int32, output: String) = (try? Subprocess.run([TmuxSession.binary, "badminton", "--export", "csv", "--config-dir", dir])) ?? (-1, "")
            let events = export.output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }.compactMap { $0.count > 8 ? String($0[8]) : nil }
            #expect(events.filter { ["overrule", "referee", "retire"].contains($0) } == ["overrule", "referee", "retire"], "\(export.output)")
            #expect(export.output.contains("retire,Cat/Dan") && export.output.contains(",Dan,"), "\(export.output)")
            // The terminal's scoresheet: O and R on Ann's row, Retired on Dan's.
            keys(t, "h", "Enter")
            // The title comes with the sheet's first lines; its grid may be a read of the pane later.
            #expect(t.waitFor("Scoresheet") && t.waitFor("Retired"), "\(t.screen)")
            let rows = t.screen.components(separatedBy: "\n")
            #expect(rows.contains { $0.contains("Ann S") && $0.contains(" O ") && $0.contains(" R") }, "\(t.screen)")
            #expect(rows.contains { $0.contains("Dan") && $0.contains("Retired") }, "\(t.screen)")
            let page: (status: Int32, output: String) = (try? Subprocess.run([TmuxSession.binary, "badminton", "--scoresheet", "--config-dir", dir])) ?? (-1, "")
            #expect(page.output.contains("<b>O</b> overrule") && page.output.contains(">Retired<"), "\(page.output.suffix(2000))")
        }
    }

    /// Issue 23, item 13 at 80×24 (ASCII, monochrome) and 200×60: countries in brackets, the
    /// match's number, event and round from the command line and the setup dialog; the whole
    /// introduction names the countries; the page carries them.
    @Test(.tmux) func countriesMatchNumberAndRoundReachTheCallsAndTheSheet() throws {
        for (w, h, extra) in [(80, 24, ["--ascii", "--no-color"]), (200, 60, [String]())] {
            let dir = TmuxSession.makeTempDir("termini-umpire")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let t = try session(["--new", "--names", "Lin Dan (CHN),Lee Chong Wei (MAS)", "--match-no", "12", "--event", "MS", "--round", "R2"] + extra,
                                width: w, height: h, environment: ["TERM": "xterm-256color"], dir: dir)
            #expect(t.waitForSentence("Ladies and gentlemen, on my right, Lee Chong Wei, Malaysia, and on my left, Lin Dan, China; Lin Dan to serve; love all; play"),
                    "\(w)x\(h): \(t.screen)")
            let page: (status: Int32, output: String) = (try? Subprocess.run([TmuxSession.binary, "badminton", "--scoresheet", "--config-dir", dir])) ?? (-1, "")
            #expect(page.output.contains("<i>Match no.</i><b>12</b>") && page.output.contains("Lin Dan (CHN)"), "\(page.output.prefix(3000))")
            // The setup dialog asks for them too (n, then Yes to a new match).
            keys(t, "a", "n")
            #expect(t.waitFor("New match?"), "\(t.screen)")
            keys(t, "y")
            #expect(t.waitFor("Match no.") && t.screen.contains("Round"), "\(t.screen)")
        }
    }

    /// Issue 23, item 8: in `--ascii --no-color` doubles at 80×24 who serves is in letters three
    /// rows high (ASCII capitals), as in colour; item 12: the hall display at 200×60 has the
    /// names in block letters, who serves and the cards.
    @Test(.tmux) func whoServesReadsFromAfarInAsciiAndOnTheHallDisplay() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan", "--ascii", "--no-color"], environment: ["TERM": "xterm-256color"], dir: dir)
        keys(t, "Enter", "a")
        #expect(t.waitForLetters("SERVES", glyphs: .ascii), "\(t.screen)")
        keys(t, "c", "4", "w", "Enter")
        let tv = try TmuxSession(width: 200, height: 60, arguments: ["badminton", "--watch", "--display"], configDir: dir)
        #expect(tv.waitForLetters("SERVES"), "who serves, on the display")
        let rows = tv.capture()
        #expect(rows.prefix(7).dropFirst().prefix(5).allSatisfy { $0.contains("█") } && !rows.prefix(7).contains { $0.contains("Ann/Bob") },
                "the names in block letters")
        #expect(rows.prefix(8).contains { $0.contains("Dan  Y") }, "the card under the names")
        #expect(rows.prefix(8).contains { $0.contains("🏸") }, "the service marker")
    }

    /// Issue 23, item 12: doubles names too long for one line of block letters (a pair's full
    /// names at 200×60) are a line of letters per player, in colour and in ASCII, the server's
    /// marked; never the small bar.
    @Test(.tmux, arguments: [false, true]) func aPairsLongNamesAreInLettersOnTheHallDisplay(ascii: Bool) throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let look = ascii ? ["--ascii", "--no-color"] : []
        let t = try session(["--new", "--doubles", "--names", "Lin Dan/Cai Yun,Lee Chong Wei/Koo Kien Keat"] + look, dir: dir)
        keys(t, "Enter", "a")
        let tv = try TmuxSession(width: 200, height: 60, arguments: ["badminton", "--watch", "--display"] + look, configDir: dir)
        let glyphs: Glyphs = ascii ? .ascii : .unicode
        #expect(tv.waitForLetters("LEE CHONG WEI", glyphs: glyphs), "\(tv.screen)")
        for name in ["KOO KIEN KEAT", "LIN DAN", "CAI YUN"] {
            #expect(BigLetters.shows(name, in: tv.capture(), glyphs: glyphs), "\(name) in letters: \(tv.screen)")
        }
        #expect(!tv.capture().prefix(8).contains { $0.contains("Lee Chong Wei") }, "not the small bar")
        #expect(tv.capture().prefix(8).contains { $0.contains(ascii ? ">" : "🏸") }, "the service marker")
    }

    /// Issue 23, item 6 (the umpire's test): the card dialog's preview of the call was cut at
    /// its one row ("…match won by Ann and B…"); it wraps over as many rows as it needs.
    @Test(.tmux, arguments: [false, true]) func theCardDialogsCallIsNeverCut(ascii: Bool) throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--doubles", "--names", "Mathias Boe/Carsten Mogensen,Mohammad Ahsan/Hendra Setiawan"] + (ascii ? ["--ascii"] : []), dir: dir)
        keys(t, "Enter", "a", "c", "2", "d")
        #expect(t.waitForSentence("Carsten Mogensen, disqualified for misconduct; match won by Mohammad Ahsan and Hendra Setiawan by disqualification"),
                "\(t.screen)")
        #expect(!t.screen.contains(ascii ? "..." : "\u{2026}"), "\(t.screen)")
    }

    /// Issue 23: the calls' language from the settings (F7) at 80×24 in ASCII: the call on
    /// screen changes at once and the choice is in config.
    @Test(.tmux) func theCallsLanguageFromTheSettings() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob", "--ascii"], environment: ["TERM": "xterm-256color"], dir: dir)
        keys(t, "F7")
        #expect(t.waitFor("Calls"), "\(t.screen)")
        keys(t, "Down", "Down", "Down", "Down", "Right")
        #expect(t.waitFor("Deutsch (de)"), "\(t.screen)")
        keys(t, "Enter")
        #expect(t.waitForSentence("Ann schlaegt auf"), "\(t.screen)")
        let config = (try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? ""
        #expect(config.contains("badminton.calls = de"), "\(config)")
    }

    /// Issue 23, item 7: `s` next to `a` mid-game asks first; Enter (No) leaves the ends.
    @Test(.tmux) func swappingEndsMidGameAsksFirst() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], dir: dir)
        keys(t, "a", "s")
        #expect(t.waitFor("Change ends now?"), "\(t.screen)")
        t.send("Enter")
        #expect(t.wait { !$0.contains("Change ends now?") }.ok)
        keys(t, "a")
        #expect(Self.waitJSON(dir) { Self.score($0) == [2, 0] }.ok, "Enter said No: a still scores for Ann")
        keys(t, "s", "y")
        #expect(Self.waitJSON(dir) { $0["left"] as? Int == 1 }.ok, "\(Self.json(dir))")
        keys(t, "a")
        #expect(Self.waitJSON(dir) { Self.score($0) == [2, 1] }.ok, "Bob is on the left now")
    }

    @Test(.tmux) func cardDialogInDoublesAt200x60() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan"], width: 200, height: 60, dir: dir)
        t.send("Enter")
        #expect(t.waitFor("🏸 Ann serves"), "\(t.screen)")
        t.send("c")
        // The dialog, then its hint bar: waited for, not glimpsed (it may come a moment later).
        #expect(t.waitFor("Card · Law 16") && t.hintBarShows("1-4 Player"), "\(t.screen)")
        #expect(t.screen.contains("1 ○ Ann") && t.screen.contains("4 ○ Dan"), "\(t.screen)")
        // 4: the right pair's second player.
        keys(t, "4", "w", "Enter")
        #expect(t.waitFor("Dan  Y "), "\(t.screen)")
        #expect(t.screen.contains("Dan [Y"), "in the court diagram:\n\(t.screen)")
        // A rally: before it, a fault would score nothing (RTTO 3.7.7).
        t.send("a")
        #expect(Self.waitJSON(dir) { Self.score($0) == [1, 0] }.ok)
        // Law 16.7: Cat/Dan have a card, so neither is warned again; w is refused, with the reason.
        keys(t, "c", "3")
        #expect(t.waitFor("warning: not now, the side has a card"), "\(t.screen)")
        t.send("w")
        #expect(t.waitForSentence("Cat/Dan already have a card (Dan yellow): a further offence is a fault (Law 16.7)."), "\(t.screen)")
        t.send("Enter")
        #expect(t.waitFor("Choose the card: w, f or d."), "Enter records nothing:\n\(t.screen)")
        // 3 a fault: the receiving side's Cat loses the rally, Ann/Bob score.
        t.send("f")
        #expect(t.waitFor("Fault: Ann/Bob score, 2-0."), "\(t.screen)")
        t.send("Enter")
        let j = Self.waitJSON(dir) { Self.score($0) == [2, 0] }
        let cards = (j.json["cards"] as? [[String: Any]]) ?? []
        #expect(cards.map { $0["player"] as? String ?? "" } == ["Dan", "Cat"] && cards.map { $0["card"] as? String ?? "" } == ["warning", "fault"],
                "\(j.json)")
        // Who serves, in letters at 200×60.
        #expect(t.waitForLetters("ANN SERVES"), "\(t.screen)")
    }

    // MARK: Corrections

    /// Correction mode in doubles, each kind: the server, the receiver, a pair's courts, the
    /// score; each recorded as its own event, undoable, in the export.
    @Test(.tmux) func correctionModeEachKind() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--doubles", "--names", "Ann/Bob,Cat/Dan"], dir: dir)
        keys(t, "Enter", "a", "a", "l")
        var j = Self.waitJSON(dir) { Self.score($0) == [2, 1] }
        #expect(j.ok && Self.player(j.json, "server") == "Dan" && Self.player(j.json, "receiver") == "Bob", "\(j.json)")
        // At 80 columns f is behind "? more" (swap, new and history come first: issue 25);
        // the whole bar is checked in UmpireKeyTests.
        #expect(t.hintBarShows("c Card", "? more"), "\(t.hintBar)")
        // The server: 2, Bob (Ann/Bob serve, from the right court at 2), to Cat opposite.
        t.send("f")
        #expect(t.waitFor("Correction · f") && t.screen.contains("Now    Dan serves to Bob from the left court, 1-2"), "\(t.screen)")
        t.send("2")
        #expect(t.waitFor("After  Bob serves to Cat from the right court, 2-1"), "\(t.screen)")
        t.send("Enter")
        j = Self.waitJSON(dir) { Self.player($0, "server") == "Bob" }
        #expect(j.ok && Self.player(j.json, "receiver") == "Cat" && Self.score(j.json) == [2, 1], "\(j.json)")
        #expect(t.waitFor("Corrected: the server (Bob); u undoes it."), "\(t.screen)")
        // The receiver: the other player of the receiving pair.
        keys(t, "f", "Down", "Right")
        #expect(t.waitFor("After  Bob serves to Dan"), "\(t.screen)")
        t.send("Enter")
        j = Self.waitJSON(dir) { Self.player($0, "receiver") == "Dan" }
        #expect(j.ok, "\(j.json)")
        // Which player stands in which court: the serving pair changes courts (the one now in
        // the service court serves).
        keys(t, "f", "Down", "Down", "Right")
        #expect(t.waitFor("After  Ann serves to Dan"), "\(t.screen)")
        t.send("Enter")
        j = Self.waitJSON(dir) { Self.player($0, "server") == "Ann" }
        let positions = (j.json["positions"] as? [[[String: Any]]]) ?? []
        #expect(positions.first?.map { "\($0["player"] ?? "") \($0["court"] ?? "")" } == ["Ann right", "Bob left"], "\(j.json)")
        // The score by hand: the left side's 2 becomes 7 (typed), the right's 1 becomes 0 (←).
        keys(t, "f", "Down", "Down", "Down", "Down", "7", "Down", "Left")
        #expect(t.waitFor("After  Bob serves to Cat from the left court, 7-0"), "\(t.screen)")
        t.send("Enter")
        j = Self.waitJSON(dir) { Self.score($0) == [7, 0] }
        #expect(j.ok && j.json["call"] as? String == "7-love", "\(j.json)")
        // A score that would end the game is refused.
        keys(t, "f", "Down", "Down", "Down", "Down", "2", "1")
        #expect(t.waitFor("would end the game"), "\(t.screen)")
        t.send("Escape")
        #expect(t.wait { !$0.contains("Correction · f") }.ok)
        #expect(Self.score(Self.json(dir)) == [7, 0])
        // Each correction is an event of the journal and of the export; u undoes the last.
        let csv = Self.export(dir)
        for e in ["correct-service", "correct-courts", "correct-score"] { #expect(csv.contains(",\(e),"), "\(e) in:\n\(csv)") }
        t.send("u")
        #expect(Self.waitJSON(dir) { Self.score($0) == [2, 1] }.ok)
    }

    @Test(.tmux) func correctionModeInSingles() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], dir: dir)
        keys(t, "a", "a", "a")
        #expect(Self.waitJSON(dir) { Self.score($0) == [3, 0] }.ok)
        // Bob should have been serving: 2 (the right side's player), and his score by hand.
        keys(t, "f", "2", "Down", "Down", "1")
        #expect(t.waitFor("After  Bob serves from the left court, 1-3"), "\(t.screen)")
        t.send("Enter")
        let j = Self.waitJSON(dir) { Self.player($0, "server") == "Bob" }
        #expect(j.ok && Self.score(j.json) == [3, 1] && j.json["call"] as? String == "1-3", "\(j.json)")
        #expect(t.waitFor("Corrected: the score (3-1), the server (Bob); u undoes each."), "\(t.screen)")
        // Between games there is nothing to correct: the key says so.
        BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 18))
        #expect(t.waitFor("Game 1 to Ann"), "\(t.screen)")
        t.send("f")
        #expect(t.waitFor("Only during a game.") || t.screen.contains("Corrections are for the game in play"), "\(t.screen)")
    }

    // MARK: Timers and shuttles

    @Test(.tmux) func warmUpInjuryResumeAndShuttles() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], dir: dir)
        #expect(t.hintBarShows("w Warm-up"), "\(t.hintBar)")
        t.send("w")
        #expect(t.waitFor("Warm-up: two minutes"), "\(t.screen)")
        #expect(t.wait { $0.contains("Warm-up · 2:00 left") || $0.contains("Warm-up · 1:5") }.ok, "\(t.screen)")
        var j = Self.waitJSON(dir) { ($0["timer"] as? [String: Any])?["kind"] as? String == "warm-up" }
        let left = (j.json["timer"] as? [String: Any])?["remaining"] as? Int ?? 0
        #expect(j.ok && left <= 120 && left > 100, "\(j.json)")
        // The first rally ends it.
        t.send("a")
        #expect(t.wait { !$0.contains("Warm-up") }.ok, "\(t.screen)")
        #expect(Self.waitJSON(dir) { $0["timer"] is NSNull }.ok)
        // An injury: Bob (2); the clock runs up in big digits.
        t.send("i")
        #expect(t.waitFor("Stop play") && t.hintBar.contains("1/2 Injured player"), "\(t.screen)")
        t.send("2")
        #expect(t.waitFor("Injury: Bob"), "\(t.screen)")
        #expect(t.wait(timeout: 5) { $0.contains("0:02 since the call") }.ok, "the clock runs up:\n\(t.screen)")
        #expect(t.waitForLetters("0:02") || t.waitForLetters("0:03"), "in big digits:\n\(t.screen)")
        #expect(t.hintBarShows("Enter Resume"), "\(t.hintBar)")
        j = Self.waitJSON(dir) { ($0["timer"] as? [String: Any])?["kind"] as? String == "injury" }
        let elapsed = (j.json["timer"] as? [String: Any])?["elapsed"] as? Int ?? -1
        #expect(j.ok && elapsed >= 2, "\(j.json)")
        // i resumes; the stop is kept with its length.
        t.send("i")
        #expect(t.waitFor("Play resumed after 0:0"), "\(t.screen)")
        #expect(Self.waitJSON(dir) { $0["timer"] is NSNull }.ok)
        let csv = Self.export(dir)
        let resume = csv.split(separator: "\n").first { $0.contains(",resume,") }
        #expect(resume.map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().last.map { Double($0) ?? 0 } ?? 0 >= 2 } == true,
                "the resume row has the duration:\n\(csv)")
        // A suspension, resumed with Enter.
        keys(t, "i", "s")
        #expect(t.waitFor("Play suspended"), "\(t.screen)")
        #expect(t.screen.contains("\u{201c}Play is suspended\u{201d}"), "\(t.screen)")
        let suspended = Self.waitJSON(dir) { ($0["timer"] as? [String: Any])?["kind"] as? String == "suspension" }
        #expect(suspended.ok, "\(suspended.json)")
        t.send("Enter")
        #expect(Self.waitJSON(dir) { $0["timer"] is NSNull }.ok)
        #expect(t.waitFor("\u{201c}1-love; play\u{201d}"), "\(t.screen)")
        // New shuttles: counted in the title and the status.
        keys(t, "+", "+")
        #expect(t.waitFor("game 1 · 2 shuttles"), "\(t.screen)")
        #expect(Self.waitJSON(dir) { $0["shuttles"] as? Int == 2 }.ok)
    }

    // MARK: Speech

    /// `v` speaks the calls through a stand-in espeak-ng on PATH that writes down each text it
    /// is given: each new call once, nothing on a redraw or a tick, nothing once muted.
    /// Issue 23, item 10: `v` without espeak-ng on PATH says the truth and how to install it;
    /// no speaker is shown beside the call.
    @Test(.tmux) func withoutEspeakTheScreenSaysNothingIsSpoken() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = dir + "/bin"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let t = try session(["--new", "--names", "Ann,Bob"], width: 200, height: 60, environment: ["PATH": empty], dir: dir)
        t.send("v")
        #expect(t.waitFor("Speech on, but espeak-ng is not installed: nothing is spoken (Debian: apt install espeak-ng)."), "\(t.screen)")
        t.send("a")
        #expect(t.waitFor("1-love"), "\(t.screen)")
        #expect(!t.screen.contains("🔊"), "no speaker while nothing can be heard:\n\(t.screen)")
        #expect(((try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? "").contains("badminton.speak = yes"), "the setting is kept")
        #expect(!t.screen.contains("v Mute"), "nothing to mute:\n\(t.screen)")
        t.send("q")
        // At 80×24 (the umpire's test): the notice at the next call and the v message each say
        // how to install it, whole.
        let small = try session([], environment: ["PATH": empty], dir: dir)
        small.send("a")
        #expect(small.waitFor("No espeak-ng on PATH: calls not spoken (apt install espeak-ng)"), "\(small.screen)")
        small.send("v", "v")
        #expect(small.waitFor("Nothing is spoken without espeak-ng: apt install espeak-ng"), "\(small.screen)")
    }

    @Test(.tmux) func theSpeakToggleSpeaksEachNewCallOnce() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bin = dir + "/bin", said = dir + "/said.txt"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // Called as `espeak-ng -v VOICE -- TEXT`: the text is the last argument.
        let script = "#!/bin/sh\nfor a; do last=$a; done\nprintf '%s\\n' \"$last\" >> \(TmuxSession.quote(said))\n"
        #expect(FileManager.default.createFile(atPath: bin + "/espeak-ng", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        func heard() -> [String] {
            ((try? String(contentsOfFile: said, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func waitHeard(_ n: Int) -> [String] {
            let end = Date().addingTimeInterval(10)
            while Date() < end && heard().count < n { usleep(30_000) }
            return heard()
        }
        let t = try session(["--new", "--names", "Ann,Bob"], environment: ["PATH": bin + ":/usr/bin:/bin"], dir: dir)
        #expect(t.hintBarShows("? more"), "\(t.hintBar)")
        usleep(300_000)
        #expect(heard().isEmpty, "nothing is said until speech is on")
        t.send("v")
        #expect(t.waitFor("The calls are spoken (espeak-ng)."), "\(t.screen)")
        #expect(waitHeard(1) == ["Ladies and gentlemen, on my right, Bob, and on my left, Ann; Ann to serve; love all; play"], "\(heard())")
        // One key at a time: a new call cuts the one before short, perhaps before the stand-in
        // has written it down.
        t.send("a")
        #expect(waitHeard(2).last == "1-love", "\(heard())")
        t.send("l")
        #expect(waitHeard(3).last == "Service over, 1 all", "\(heard())")
        // A change of ends, a resize and a new shuttle change no call: nothing more is said.
        keys(t, "s", "y", "+")
        t.resize(width: 100, height: 30)
        usleep(600_000)
        t.resize(width: 80, height: 24)
        usleep(300_000)
        #expect(heard().count == 3, "\(heard())")
        // A card is a call (Bob is on the left since the change of ends: 1).
        keys(t, "c", "1", "w", "Enter")
        #expect(waitHeard(4).last == "Bob, warning for misconduct; 1 all", "\(heard())")
        let config = (try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? ""
        #expect(config.contains("badminton.speak = yes"), "\(config)")
        // Muted: the next call is not said.
        t.send("v")
        #expect(t.waitFor("The calls are not spoken."), "\(t.screen)")
        t.send("a")
        #expect(Self.waitJSON(dir) { Self.score($0) == [1, 2] || Self.score($0) == [2, 1] }.ok)
        usleep(400_000)
        #expect(heard().count == 4, "\(heard())")
        let after = (try? String(contentsOfFile: dir + "/config", encoding: .utf8)) ?? ""
        #expect(after.contains("badminton.speak = no"), "\(after)")
    }

    // MARK: Sizes, ASCII, monochrome

    /// Who serves and game point in letters: at 80×24 and at 200×60, in ASCII (`#`) and in
    /// monochrome (no colour sent at all), the words readable without colour.
    @Test(.tmux) func theLettersReadAtEverySizeInAsciiAndMonochrome() throws {
        let dir = TmuxSession.makeTempDir("termini-umpire")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try session(["--new", "--names", "Ann,Bob"], dir: dir)
        #expect(t.waitForLetters("SERVES"), "80×24:\n\(t.screen)")
        BadmintonEndToEndTests().send(t, BadmintonEndToEndTests.keys("a", 20))
        #expect(t.waitForLetters("GAME POINT"), "80×24:\n\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        // The same match at 200×60: both, and the digits still the largest thing on screen.
        let big = try session([], width: 200, height: 60, dir: dir)
        #expect(big.waitForLetters("GAME POINT") && big.waitForLetters("SERVES"), "200×60:\n\(big.screen)")
        big.send("q")
        #expect(big.exitStatus() == 0)
        for (args, env) in [(["--ascii"], [String: String]()), (["--no-color"], ["TERM": "xterm-256color"]), ([], ["LANG": "C", "TERM": "vt100"])] {
            let s = try TmuxSession(width: 80, height: 24, arguments: ["badminton"] + args, environment: env, configDir: dir)
            let ascii = args.contains("--ascii") || env["LANG"] == "C"
            #expect(s.waitFor("Games won"), "\(args) \(env):\n\(s.screen)")
            #expect(s.waitForLetters("GAME POINT", glyphs: ascii ? .ascii : .unicode), "\(args) \(env):\n\(s.screen)")
            if ascii {
                #expect(s.screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(args):\n\(s.screen)")
                #expect(s.waitFor("\"20 game point love\""), "\(s.screen)")
            } else {
                #expect(!ScreenColours(s.captureWithAttributes()).hasColour, "--no-color sent colours")
                // The frame may still be arriving when the letters are read: wait for the call.
                #expect(s.waitFor("\u{201c}20 game point love\u{201d}"), "\(s.screen)")
            }
            s.send("q")
            #expect(s.exitStatus() == 0)
        }
    }
}
