#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import BadmintonRules
import TerminiData

/// `termini-bench journal DIR [--damage junk|zeros|repeats] [--megabytes N] [--seed S]`: the
/// journal of a match in progress, `badminton-match.jsonl` in DIR, for the "a damaged or huge
/// journal is read in bounded memory" figures of `scripts/bench`. A match is played through the
/// rules (as `termini-bench history` plays one) and its events written by the program's own
/// writer (`MatchEvent.line`, as the keeper appends them), three quarters of it, so it is still
/// in progress; between its first half and the rest come N megabytes (100 by default) of:
/// - `junk`: lines that are no event (a disk that returned someone else's blocks);
/// - `zeros`: NUL bytes without a newline (a power cut on a file system that leaves zeros);
/// - `repeats`: one whole, valid event over and over (a runaway writer): a shuttle, which the
///   rules take every time, until the match holds all it can (`MatchLog.capacity`).
/// The same seed gives the same bytes.
enum DamagedJournalGenerator {
    static let usage = "usage: termini-bench journal DIR [--damage junk|zeros|repeats] [--megabytes N] [--seed S]\n"

    static func run(_ arguments: [String]) -> Int32 {
        var args = arguments
        var dir: String?
        var damage = "junk"
        var megabytes = 100
        var seed: UInt64 = 28
        while let a = args.first {
            args.removeFirst()
            let value = args.first
            switch a {
            case "--damage": damage = value ?? ""; args = Array(args.dropFirst())
            case "--megabytes": megabytes = Int(value ?? "") ?? -1; args = Array(args.dropFirst())
            case "--seed": seed = UInt64(value ?? "") ?? 0; args = Array(args.dropFirst())
            default:
                if dir == nil, !a.hasPrefix("-") { dir = a } else { dir = nil; args = [] }
            }
        }
        guard let dir, megabytes >= 0, ["junk", "zeros", "repeats"].contains(damage) else {
            HistoryGenerator.complain(usage)
            return 64
        }
        var random = SplitMix64(seed: seed)
        var log = HistoryGenerator.play(&random, at: 1_725_177_600)
        while log.effective.count < 40 { log = HistoryGenerator.play(&random, at: 1_725_177_600) }
        let events = log.records
        let half = events.count / 2
        let path = dir + "/" + CourtFiles.main.journal
        guard let file = fopen(path, "wx") else {
            HistoryGenerator.complain("termini-bench: cannot create \(path): \(String(cString: strerror(errno))) (it must not exist yet)\n")
            return 1
        }
        var ok = true
        func put(_ bytes: [UInt8]) { ok = ok && fwrite(bytes, 1, bytes.count, file) == bytes.count }
        events[..<half].forEach { put($0.line) }
        let size = megabytes * 1_000_000
        let unit: [UInt8]
        switch damage {
        case "zeros": unit = [UInt8](repeating: 0, count: 1 << 16)
        case "repeats": unit = MatchEvent(.shuttle, at: events[half - 1].time + 1).line
        default: unit = Array("{\"e\":\"point\",\"t\":17251\u{1}\u{7f}, \"team\": a disk's stray block\n".utf8)
        }
        var written = 0
        while written < size, ok {
            let piece = written + unit.count <= size ? unit : Array(unit[..<(size - written)])
            put(piece)
            written += piece.count
        }
        if damage == "zeros" { put([0x0a]) }
        // Three quarters of the match: it is still in progress, as a keeper's journal is.
        events[half..<(events.count * 3 / 4)].forEach { put($0.line) }
        guard fclose(file) == 0, ok else {
            HistoryGenerator.complain("termini-bench: cannot write \(path): \(String(cString: strerror(errno)))\n")
            return 1
        }
        print("\(path): \(events.count * 3 / 4) events of a match of \(events.count), \(written) bytes of \(damage) after the first \(half)")
        return 0
    }
}
