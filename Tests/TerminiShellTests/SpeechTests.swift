import Foundation
import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore

/// The speech runner with a stand-in `espeak-ng` on its PATH: a script that writes down what
/// it was asked to say (and what it was given: its descriptors, its process group, its
/// blocked signals), then sleeps as long as it is told.
@Suite(.serialized) struct SpeechRunnerTests {
    final class StandIn {
        let dir: String
        let log: String
        init(sleep: Double = 0) throws {
            dir = NSTemporaryDirectory() + "termini-speech-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            log = dir + "/said.log"
            let script = """
                #!/bin/sh
                # What a call would say, one line per call; then who I am.
                printf 'said:%s|\\n' "$*" >> '\(log)'
                printf 'fd:%s %s %s\\n' "$(readlink /proc/$$/fd/0)" "$(readlink /proc/$$/fd/1)" "$(readlink /proc/$$/fd/2)" >> '\(log)'
                printf 'pgrp:%s pid:%s\\n' "$(cut -d' ' -f5 /proc/$$/stat)" "$$" >> '\(log)'
                printf 'blocked:%s\\n' "$(grep SigBlk /proc/$$/status | tr -d '\\t' | cut -d: -f2)" >> '\(log)'
                exec sleep \(sleep)
                """
            // Written through a descriptor that no other test's child can inherit: one that
            // did (a tmux server lives long) would keep the script "busy" and unrunnable.
            let path = dir + "/espeak-ng"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
            let bytes = Array(script.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        }
        deinit { try? FileManager.default.removeItem(atPath: dir) }

        var lines: [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        var said: [String] { lines.filter { $0.hasPrefix("said:") }.map { String($0.dropFirst(5).dropLast()) } }

        /// Waits (polling, however loaded the machine) until `condition` holds.
        func wait(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition() { return true }
                usleep(20_000)
            }
            return condition()
        }
    }

    static func gone(_ pid: pid_t) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

    @Test func saysTheCallInAChildThatNeverTouchesTheTerminal() throws {
        let s = try StandIn()
        let runner = SpeechRunner(searchPath: "/nonexistent:" + s.dir)
        // Termini blocks its termination signals (they arrive through a signalfd): the child
        // must not inherit that mask, or a new call could never cut it short.
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &block, &old)
        let notice = runner.say("Service over, 3-5")
        pthread_sigmask(SIG_SETMASK, &old, nil)
        #expect(notice == nil)
        #expect(s.wait { s.lines.contains { $0.hasPrefix("blocked:") } }, "\(s.lines)")
        #expect(s.said == ["-- Service over, 3-5"], "the text after --: never read as an option")
        #expect(s.lines.contains("fd:/dev/null /dev/null /dev/null"), "\(s.lines)")
        let group = s.lines.first { $0.hasPrefix("pgrp:") }?.dropFirst(5).split(separator: " ")
        #expect(group?.count == 2 && group?[0] == group?[1].dropFirst(4), "its own process group: \(String(describing: group))")
        #expect(s.lines.contains("blocked:0000000000000000"), "no signal blocked in the child: \(s.lines)")
    }

    @Test func neverBlocksAndANewCallCutsThePreviousShort() throws {
        let s = try StandIn(sleep: 30)
        let runner = SpeechRunner(searchPath: s.dir)
        let start = Date()
        #expect(runner.say("one") == nil)
        #expect(Date().timeIntervalSince(start) < 1, "say returns at once while the child speaks on")
        #expect(s.wait { s.said == ["-- one"] })
        let first = try #require(runner.speaking)
        #expect(runner.say("two") == nil)
        #expect(s.wait { s.said == ["-- one", "-- two"] })
        #expect(s.wait { runner.reap(); return Self.gone(first) }, "the first call was killed and reaped")
        let second = try #require(runner.speaking)
        #expect(second != first && kill(second, 0) == 0, "the second speaks on")
        runner.stop()
        #expect(s.wait { runner.reap(); return Self.gone(second) })
        #expect(runner.speaking == nil)
    }

    @Test func aVoiceIsGivenAsEspeaksOptionAndNeverAsAnythingElse() throws {
        let s = try StandIn()
        let runner = SpeechRunner(searchPath: s.dir)
        #expect(runner.say("2 beide", voice: "de") == nil)
        #expect(s.wait { s.said == ["-v de -- 2 beide"] }, "\(s.said)")
        #expect(runner.say("3 all", voice: "--stdout") == nil)
        #expect(s.wait { s.said.last == "-- 3 all" }, "a voice that is not a plain name is not passed: \(s.said)")
        runner.stop()
    }

    @Test func aChildThatFinishesIsReapedWithoutWaiting() throws {
        let s = try StandIn(sleep: 0)
        let runner = SpeechRunner(searchPath: s.dir)
        #expect(runner.say("5-3") == nil)
        let pid = try #require(runner.speaking)
        #expect(s.wait { runner.reap(); return Self.gone(pid) }, "no zombie left")
        #expect(runner.speaking == nil)
    }

    @Test func aMissingProgramGivesOneNoticeAndNothingElse() {
        let runner = SpeechRunner(searchPath: "/nonexistent-a:/nonexistent-b")
        let first = runner.say("Love all; play")
        #expect(first?.contains("espeak-ng") == true && first?.contains("apt install espeak-ng") == true, "\(first ?? "")")
        #expect(runner.say("1-love") == nil, "said once")
        #expect(runner.speaking == nil)
        runner.reap()
        runner.stop()
    }
}

/// The shell carries out `.speak`: the calls of a badminton match kept with
/// `badminton.speak = yes` reach the speaker, one per change.
@Suite struct ShellSpeechTests {
    final class RecordingSpeaker: Speaker {
        var said: [String] = []
        var answer: String?
        var reaps = 0
        var voices: [String?] = []
        func say(_ text: String, voice: String?) -> String? {
            said.append(text)
            voices.append(voice)
            defer { answer = nil }
            return answer
        }
        func reap() { reaps += 1 }
        var available = true
    }

    @Test func theCallsOfAMatchAreSpokenWhenTheConfigSaysSo() {
        let speaker = RecordingSpeaker()
        speaker.answer = "espeak-ng is not installed"
        let shell = Shell(store: InMemoryStore(), config: ConfigFile(text: "badminton.speak = yes\n"), theme: .builtinDefault, themeName: "default",
                          unicode: true, monochrome: false, catalog: nil, open: "badminton", options: AppOptions(["--new": "", "--names": "Ann,Bob"]),
                          now: 1_800_000_000, speaker: speaker)
        #expect(speaker.said == ["Ladies and gentlemen, on my right, Bob, and on my left, Ann; Ann to serve; love all; play"])
        #expect(shell.text().contains("espeak-ng is not installed"), "the speaker's notice is shown")
        _ = shell.handle(.left, now: 1_800_000_001)
        _ = shell.handle(.char("s"), now: 1_800_000_002)  // mid-game: asked first
        _ = shell.handle(.char("y"), now: 1_800_000_002)  // a change of ends: the call stands, nothing said
        _ = shell.handle(.left, now: 1_800_000_003)  // Bob, on the left now
        #expect(speaker.said.dropFirst() == ["1-love", "Service over, 1 all"])
        _ = shell.tick(now: 1_800_000_004)
        #expect(speaker.reaps >= 1, "each turn of the loop reaps a finished child")
    }

    @Test func theCallsInTheHallsLanguageAreSpokenInItsVoice() {
        let speaker = RecordingSpeaker()
        let shell = Shell(store: InMemoryStore(), config: ConfigFile(text: "badminton.speak = yes\nbadminton.calls = de\n"), theme: .builtinDefault,
                          themeName: "default", unicode: true, monochrome: false, catalog: nil, open: "badminton",
                          options: AppOptions(["--new": "", "--names": "Ann,Bob"]), now: 1_800_000_000, speaker: speaker)
        _ = shell.handle(.left, now: 1_800_000_001)
        _ = shell.handle(.right, now: 1_800_000_002)
        #expect(speaker.said.first?.hasPrefix("Meine Damen und Herren, zu meiner Rechten, Bob") == true, "\(speaker.said)")
        #expect(speaker.said.dropFirst() == ["1 0", "Aufschlagwechsel, 1 beide"], "a score said without its dash (\"eins Strich null\")")
        #expect(speaker.voices == ["de", "de", "de"])
    }

    @Test func silentUnlessTheConfigSaysSo() {
        let speaker = RecordingSpeaker()
        let shell = Shell(store: InMemoryStore(), config: ConfigFile(text: ""), theme: .builtinDefault, themeName: "default",
                          unicode: true, monochrome: false, catalog: nil, open: "badminton", options: AppOptions(["--new": ""]),
                          now: 1_800_000_000, speaker: speaker)
        _ = shell.handle(.left, now: 1_800_000_001)
        #expect(speaker.said.isEmpty)
    }
}
