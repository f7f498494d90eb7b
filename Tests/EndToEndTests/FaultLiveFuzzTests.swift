#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// 30 seconds of raw bytes into the real binary in each app and the launcher: random bytes,
/// escape sequences cut in half (with and without a pause after), invalid UTF-8, wide and
/// combining characters, and the keys the apps act on. termini must stay alive all along,
/// still answer at the end (Esc, Esc, Esc, q quits it with status 0), and restore the terminal.
///
/// Left out of the random bytes, because the terminal itself acts on them: Ctrl-C, Ctrl-Z and
/// Ctrl-\ (signals from the tty driver), and q and Q (they quit, which is tested everywhere
/// else). Ctrl-S and Ctrl-Q stay in: Termini turns the tty's flow control off while it runs.
@Suite struct FaultLiveFuzzTests {
    static let excluded: Set<UInt8> = [0x03, 0x1a, 0x1c, UInt8(ascii: "q"), UInt8(ascii: "Q")]

    static let sequences: [String] = [
        "\u{1b}[A", "\u{1b}[B", "\u{1b}[C", "\u{1b}[D", "\u{1b}OA", "\u{1b}[1;5C", "\u{1b}[1;2D", "\u{1b}[H", "\u{1b}[F", "\u{1b}[5~", "\u{1b}[6~",
        "\u{1b}OP", "\u{1b}OQ", "\u{1b}OR", "\u{1b}OS", "\u{1b}[15~", "\u{1b}[17~", "\u{1b}[24~", "\u{1b}[3~", "\u{1b}[2~", "\u{1b}[Z",
        "\u{1b}[M !!", "\u{1b}[<0;10;5M", "\u{1b}[<0;10;5m", "\u{1b}[200~pasted text\u{1b}[201~", "\u{1b}[I", "\u{1b}[O", "\u{1b}[12;40R",
        "\u{1b}]11;rgb:0000/0000/0000\u{1b}\\", "\u{1b}P1$r0m\u{1b}\\", "\u{1b}[?1;2c", "\u{1b}[999999999999999999;1H", "\u{1b}\u{1b}[A",
        "\u{1b}[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20m",
    ]

    static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xFE], [0xFF], [0xFE, 0xFF], [0xEF, 0xBF, 0xBE], [0xE2, 0x28, 0xA1],
    ]

    static let keys: [String] = ["a", "l", "u", "y", "s", "n", "e", "x", "r", "b", "f", "i", "d", "c", "t", "h", "j", "k", "1", "2", "3", "4",
                                 "5", "+", "-", "[", "]", " ", " ", " ", "\r", "\r", "\t", "?", "\u{7f}", "\u{1b}[A", "\u{1b}[B", "\u{1b}[C", "\u{1b}[D"]
    static let wide: [String] = ["漢字", "😁", "👩‍👩‍👧", "e\u{301}", "🇹🇼", "ｱ", "\u{200B}", "\u{202E}", "﷽", "\u{FEFF}"]

    struct Figures {
        /// Files the keys made the apps write: evidence that they got through.
        var written: [String] = []
        var bytes = 0
        var sends = 0
        var cutSequences = 0
        var invalid = 0
    }

    static func chunk(_ rng: inout FuzzRandom, _ f: inout Figures) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<rng.int(4...40) {
            switch rng.int(0...99) {
            case 0..<25: out += (0..<rng.int(1...8)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            case 25..<45:
                let s = Array(rng.pick(sequences).utf8)
                out += s.prefix(rng.int(1...max(1, s.count - 1)))
                f.cutSequences += 1
            case 45..<50: out += Array(rng.pick(sequences).utf8)
            case 50..<62:
                out += rng.pick(invalidUTF8)
                f.invalid += 1
            case 62..<67: out += Array(rng.pick(wide).utf8)
            default: out += Array(rng.pick(keys).utf8)
            }
        }
        return out.filter { !excluded.contains($0) }
    }

    @Test(.tmux) func thirtySecondsOfRawBytesInEveryApp() throws {
        let base = Fuzz.random("FaultLiveFuzzTests").state
        let seconds = 30 * Fuzz.scale
        let subjects: [(String, [String])] = [("launcher", []), ("badminton", ["badminton", "--new"]), ("boxing", ["boxing"]),
                                               ("memory", ["memory"]), ("stamps", ["stamps"]), ("coffee", ["coffee"])]
        let results = inParallel(subjects, width: subjects.count) { (name, args) -> (String?, Figures) in
            var rng = FuzzRandom(seed: base ^ Fuzz.seed(name))
            var f = Figures()
            guard let t = try? TmuxSession(arguments: args) else { return ("tmux", f) }
            guard t.wait(timeout: 15, until: { $0.hasPrefix("┌─ ") }).ok else { return ("did not start:\n\(t.screen)", f) }
            let end = Fuzz.clock() + seconds
            var recent: [[UInt8]] = []
            while Fuzz.clock() < end {
                let bytes = FaultLiveFuzzTests.chunk(&rng, &f)
                t.sendBytes(bytes)
                recent.append(bytes)
                if recent.count > 5 { recent.removeFirst() }
                f.bytes += bytes.count
                f.sends += 1
                // Sometimes a pause longer than ESCDELAY, so a cut sequence ends as Esc.
                usleep(UInt32(rng.chance(0.2) ? rng.int(40_000...120_000) : rng.int(5_000...40_000)))
                if f.sends % 20 == 0 && !t.isRunning {
                    let last = recent.map { $0.map { String(format: "%02x", $0) }.joined(separator: " ") }.joined(separator: " | ")
                    return ("termini exited (status \(t.exitStatus(timeout: 1).map(String.init) ?? "?")) after \(f.bytes) bytes; last bytes sent: \(last)", f)
                }
            }
            guard t.isRunning else { return ("termini exited (status \(t.exitStatus(timeout: 1).map(String.init) ?? "?"))", f) }
            // Still answering: Esc closes a dialog or goes to the launcher, q quits.
            for _ in 0..<4 {
                for _ in 0..<3 {
                    t.send("Escape")
                    usleep(150_000)
                }
                t.send("q")
                if t.exitStatus(timeout: 3) != nil { break }
            }
            guard let code = t.exitStatus(timeout: 2) else {
                t.signal(SIGKILL)
                return ("termini no longer answers: Esc and q do not quit it:\n\(t.screen)", f)
            }
            if code != 0 { return ("exit status \(code) after q", f) }
            f.written = ((try? FileManager.default.contentsOfDirectory(atPath: t.configDir)) ?? []).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".lock") }.sorted()
            let left = t.leftoverTerminalState()
            return (left.isEmpty ? nil : "terminal after exit: \(left.joined(separator: "; "))", f)
        }
        for ((name, _), (problem, f)) in zip(subjects, results) {
            if let problem { Issue.record("\(name): \(problem)") }
            Fuzz.report("live fuzz \(name): \(String(format: "%.0f", seconds)) s, \(f.bytes) bytes in \(f.sends) writes, "
                + "\(f.cutSequences) cut escape sequences, \(f.invalid) invalid UTF-8 sequences: \(problem == nil ? "alive throughout, quit with 0, terminal restored" : "FAILED"); files written: \(f.written.joined(separator: " "))")
        }
    }
}
