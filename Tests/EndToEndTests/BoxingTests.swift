import Foundation
import Testing

/// Boxing Time in a real terminal: the punches a person sends, what they see, what is kept.
@Suite(.serialized, .tmux) struct BoxingEndToEndTests {
    /// "31" in the count's big digits at 80×24 (the 5×7 font).
    static let thirtyOne = ["████    █", "    █  ██", " ███    █", "████   ███"]

    /// Opens Boxing Time and gets past the ring-bell launch screen ("x" does nothing else).
    func open(_ t: TmuxSession) {
        #expect(t.waitFor("Ding! Ding!") || t.screen.contains("Punches"), "\(t.screen)")
        t.send("x")
        #expect(t.waitFor("Punches"), "\(t.screen)")
    }

    func showsThirtyOne(_ screen: String) -> Bool {
        BoxingEndToEndTests.thirtyOne.allSatisfy { screen.contains($0) }
    }

    @Test func thirtyOnePunchesTireHerAndSwitchingBackKeepsBoth() throws {
        let t = try TmuxSession(arguments: ["boxing"])
        open(t)
        #expect(t.screen.contains("She's fighting fit"))
        // Held down: 31 Spaces arrive as fast as tmux can type them.
        t.send(keys: Array(repeating: "Space", count: 31))
        let tired = t.wait { $0.contains("resting in the corner") && showsThirtyOne($0) }
        #expect(tired.ok, "\(tired.screen)")
        #expect(tired.screen.contains("▐█▌"), "the corner post of the tired boxer:\n\(tired.screen)")

        t.send("Right")
        // Waited for whole: one frame arrives in pieces under load, and the footer comes last.
        let trash = t.wait { $0.contains("He's fighting fit") && $0.contains("Sandbag: 31") && $0.contains("● Trash can") }
        #expect(trash.ok, "\(trash.screen)")
        #expect(trash.screen.contains("● Trash can"))

        t.send("Left")
        let back = t.wait { $0.contains("She's tired,") && $0.contains("resting in the corner") && showsThirtyOne($0) && $0.contains("Trash can: 0") }
        #expect(back.ok, "switching back must keep 31 and the tired boxer:\n\(back.screen)")
        #expect(back.screen.contains("Trash can: 0"))

        // Kept: a new session shows the same.
        t.send("q")
        #expect(t.exitStatus() == 0)
        let again = try TmuxSession(arguments: ["boxing"], configDir: t.configDir)
        open(again)
        let restored = again.wait { $0.contains("resting in the corner") && showsThirtyOne($0) }
        #expect(restored.ok, "\(restored.screen)")
        again.send("q")
    }

    @Test func playAgainAsksThenResetsOnlyThisTarget() throws {
        let t = try TmuxSession(arguments: ["boxing"])
        open(t)
        t.send(keys: Array(repeating: "Enter", count: 5))
        t.send("2")
        #expect(t.waitFor("Sandbag: 5"), "\(t.screen)")
        t.send(keys: Array(repeating: "Space", count: 3))
        t.send("r")
        #expect(t.waitFor("Reset the trash can's 3 punches to 0?"), "\(t.screen)")
        t.send("y")
        #expect(t.wait { !$0.contains("Reset the trash can") && $0.contains("hit it!") }.ok, "\(t.screen)")
        t.send("1")
        #expect(t.waitFor("Trash can: 0"), "\(t.screen)")
        #expect(t.screen.contains("25 punches to go"), "the sandbag kept its 5:\n\(t.screen)")
    }

    @Test func soundIsTerminisSettingRememberedInTheConfigFile() throws {
        let t = try TmuxSession(arguments: ["boxing"])
        open(t)
        // The footer may come a moment after "Punches" on a busy machine: waited for, not glimpsed.
        #expect(t.waitFor("Termini sound: alerts only"), "unset: punches do not ring\n\(t.screen)")
        t.send("b")
        #expect(t.waitFor("Sound on for all of Termini"), "\(t.screen)")
        t.send("x")  // the notice goes at the next key, which does nothing here
        #expect(t.waitFor("Termini sound: on"), "\(t.screen)")
        // The new config takes its name right after the frame: read until it has.
        func config(containing line: String) -> String {
            var text = ""
            for _ in 0..<50 {
                text = (try? String(contentsOfFile: t.configDir + "/config", encoding: .utf8)) ?? ""
                if text.contains(line) { break }
                usleep(20_000)
            }
            return text
        }
        let on = config(containing: "sound = yes")
        #expect(on.contains("sound = yes"), "\(on)")
        t.send("q")
        #expect(t.exitStatus() == 0)
        let again = try TmuxSession(arguments: ["boxing"], configDir: t.configDir)
        open(again)
        #expect(again.screen.contains("Termini sound: on"), "\(again.screen)")
        again.send("b", "x")
        #expect(again.waitFor("Termini sound: off"), "\(again.screen)")
        let off = config(containing: "sound = no")
        #expect(off.contains("sound = no"), "\(off)")
    }

    /// The sandbag shakes a column or two sideways at each punch, which the screen writer
    /// sends as deletes and inserts of characters where the terminal has them (tmux's screen
    /// and xterm entries do; vt100's does not): after each punch's shake the bag is back whole
    /// where it was, and every row still ends with the window's border.
    @Test func theShakenBagComesBackWholeOnEveryTerminal() throws {
        for (term, lang, width, height) in [("xterm-256color", "C.UTF-8", 80, 24), ("screen-256color", "C.UTF-8", 200, 60), ("vt100", "C", 80, 24)] {
            let t = try TmuxSession(width: width, height: height, arguments: ["boxing"], environment: ["TERM": term, "LANG": lang])
            open(t)
            let before = t.capture()
            func bagAndBorder(_ lines: [String]) -> [String] { lines.map { String($0.prefix(20)) + "…" + String($0.suffix(1)) } }
            for punch in 1...4 {
                t.send("Space")
                // The count changes in the shake's first frame; the shake and the "+1" are over
                // when the screen stays the same for 0.4 s.
                #expect(t.waitFor("\(30 - punch) punches to go"), "\(t.screen)")
                var settled = false, last = t.capture()
                let end = Date().addingTimeInterval(10)
                while !settled && Date() < end {
                    usleep(400_000)
                    let now = t.capture()
                    settled = now == last && bagAndBorder(now) == bagAndBorder(before)
                    last = now
                }
                #expect(settled, "\(term) \(width)x\(height), punch \(punch):\n\(last.joined(separator: "\n"))")
                if !settled { break }
            }
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    @Test func asciiAndNoColourStillShowEveryState() throws {
        let t = try TmuxSession(arguments: ["boxing", "--ascii", "--no-color"], environment: ["LANG": "C"])
        open(t)
        t.send(keys: Array(repeating: "Space", count: 30))
        let s = t.wait { $0.contains("resting in the corner") }
        #expect(s.ok, "\(s.screen)")
        #expect(s.screen.contains("|#|(@)"), "\(s.screen)")
        #expect(s.screen.contains("| * Sandbag | . Trash can |"), "\(s.screen)")
        #expect(s.screen.allSatisfy { $0.isASCII }, "\(s.screen)")
    }

    /// Issue 25 at 80x24 (and 200x60): 50 spaces pasted at once set "best rate 50.0/s" for
    /// good; now they count 50 punches and a rate a hand could reach, r's question says the
    /// best rate goes too and y clears it; with the trash can the target the selector's note
    /// says Tab goes back to the trash can.
    @Test(arguments: [(80, 24), (200, 60)])
    func aPasteSetsNoImpossibleRateAndPlayAgainClearsIt(width: Int, height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["boxing"])
        open(t)
        t.type(String(repeating: " ", count: 50))
        #expect(t.waitFor("resting in the corner"), "50 punches tire her:\n\(t.screen)")
        let best = t.wait { $0.contains("best rate 1.0/s") }
        #expect(best.ok, "a paste is not 50 punches a second:\n\(best.screen)")
        t.send("r")
        #expect(t.waitFor("best rate (1.0/s) is cleared too"), "\(t.screen)")
        t.send("y")
        #expect(t.waitFor("best rate —"), "\(t.screen)")
        t.send("2", "Tab")
        #expect(t.waitFor("Tab: back to the trash can"), "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    /// The two targets ring unlike each other (the original had a sound per target): with
    /// sound on, the pane's raw output holds one bell for a punch of the sandbag and two
    /// for a punch of the trash can.
    @Test func theTwoTargetsRingDistinctBells() throws {
        let dir = TempDir("termini-boxing-bells")
        try "sound = yes\n".write(toFile: dir.file("config"), atomically: true, encoding: .utf8)
        let t = try TmuxSession(arguments: ["boxing"], configDir: dir.path)
        open(t)
        let raw = dir.file("pane.raw")
        try TmuxSession.tmux(["-L", t.socket, "pipe-pane", "-t", "0", "-o", "cat >> \(TmuxSession.quote(raw))"], output: false)
        func bells() -> Int { (FileManager.default.contents(atPath: raw) ?? Data()).filter { $0 == 0x07 }.count }
        t.send("Space")
        #expect(t.waitFor("29 punches to go"), "\(t.screen)")
        t.barrier()
        let bag = bells()
        #expect(bag == 1, "the sandbag rang \(bag) bells")
        t.send("2", "Space")
        #expect(t.waitFor("Trash can") && t.wait { _ in bells() >= bag + 2 }.ok, "\(t.screen)")
        t.barrier()
        #expect(bells() - bag == 2, "the trash can rang \(bells() - bag) bells")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}

extension TmuxSession {
    /// Sends many keys in one `send-keys`, as fast as a held-down key repeats.
    func send(keys: [String]) {
        _ = try? TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0"] + keys)
    }
}
