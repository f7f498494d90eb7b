#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import BadmintonRules
import TerminiDesk

/// `termini-bench hall DIR [--courts N] [--matches M] [--seed S]`: a hall of N courts (64 by
/// default) as the desk's config directory holds it, for the desk-at-scale figures of
/// `scripts/bench --only desk`:
///
/// - each court's recorded history, `badminton-C-history.jsonl`, of M finished matches (10,000
///   by default), the lines the keeper writes and the desk's copy keeps (`HistoryEntry.line`);
/// - a match in progress on every court, its journal copy `badminton-C-match.jsonl` (the
///   events as the keeper journals them, `MatchEvent.line`), begun after the history's last;
/// - the order of play, `matches.csv` (for `termini desk --matches`), and `desk.json`
///   (`DeskState`, as the desk saves it): two matches of every court's history near its end
///   (court C's 2C-th and (2C-1)-th from the end) called and finished there (results), the
///   match in progress on every court called and begun, and two waiting matches a court in
///   the queue.
///
/// The M matches are played once through the rules (`HistoryGenerator.play`, on a court of a
/// placeholder name) and every court's history is those lines with the court's own name put
/// in each match's setup (`"court":"C"`): one court's 10,000 played one by one take 3.8 s
/// (`termini-bench history`), 64 of them about four minutes; this writes the 64 in 7 s, and
/// each court's matches still name their court. The courts' histories share their players and
/// times; the matches in progress are each their own. The same seed gives the same bytes.
/// No history index: the desk keeps none for its copies.
enum HallGenerator {
    static let usage = "usage: termini-bench hall DIR [--courts N] [--matches M] [--seed S]\n"
    /// The court the template history is played on; each court's name replaces it.
    static let placeholder = "hallcourt"

    static func run(_ arguments: [String]) -> Int32 {
        var args = arguments[...]
        var dir: String?
        var (courts, matches, seed) = (64, 10_000, UInt64(28))
        while let a = args.popFirst() {
            let value = args.first
            switch a {
            case "--courts": courts = Int(value ?? "") ?? -1; args = args.dropFirst()
            case "--matches": matches = Int(value ?? "") ?? -1; args = args.dropFirst()
            case "--seed": seed = UInt64(value ?? "") ?? 0; args = args.dropFirst()
            default:
                if dir == nil, !a.hasPrefix("-") { dir = a } else { courts = -1 }
            }
        }
        guard let dir, (1...99).contains(courts), matches >= 2 else {
            HistoryGenerator.complain(usage)
            return 64
        }
        do {
            try generate(in: dir, courts: courts, matches: matches, seed: seed)
            return 0
        } catch {
            HistoryGenerator.complain("termini-bench: \(error.text)\n")
            return 1
        }
    }

    struct Failure: Error { let text: String }

    /// A file created (it must not exist yet), written through stdio.
    final class Output {
        let path: String
        let file: UnsafeMutablePointer<FILE>
        init(_ path: String) throws(Failure) {
            guard let f = fopen(path, "wx") else { throw Failure(text: "cannot create \(path): \(String(cString: strerror(errno))) (it must not exist yet)") }
            (self.path, file) = (path, f)
        }
        func write<C: Collection>(_ bytes: C) throws(Failure) where C.Element == UInt8 {
            let n = bytes.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, file) } ?? Array(bytes).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            guard n == bytes.count else { throw Failure(text: "cannot write \(path): \(String(cString: strerror(errno)))") }
        }
        func close() throws(Failure) {
            guard fclose(file) == 0 else { throw Failure(text: "cannot write \(path): \(String(cString: strerror(errno)))") }
        }
    }

    static func generate(in dir: String, courts: Int, matches: Int, seed: UInt64) throws(Failure) {
        var random = SplitMix64(seed: seed)
        var clock = 1_725_177_600.0
        var template: [[UInt8]] = []
        template.reserveCapacity(matches)
        for _ in 0..<matches {
            let log = HistoryGenerator.play(&random, at: clock, court: placeholder)
            template.append(HistoryEntry(events: log.effective).line)
            clock = (log.effective.last?.time ?? clock) + 600 + Double(random.below(7200))
        }
        let token = Array("\"court\":\"\(placeholder)\"".utf8)
        var rows: [String] = ["match,event,round,team1,team2,umpire"]
        var finished: [(number: String, court: String, log: MatchLog)] = []
        var playing: [(number: String, court: String, start: Double)] = []
        var bytes = 0
        for c in 1...courts {
            let court = String(c)
            let name = Array("\"court\":\"\(court)\"".utf8)
            let history = try Output(dir + "/" + CourtFiles(court: court).history)
            let picked = Set([2 * c, 2 * c - 1].map { ((matches - $0) % matches + matches) % matches })
            for (i, line) in template.enumerated() {
                guard let at = find(token, in: line) else { throw Failure(text: "a generated match names no court") }
                try history.write(line[..<at])
                try history.write(name)
                try history.write(line[(at + token.count)...])
                bytes += line.count - token.count + name.count
                // Two of the court's matches near the end (others on each court): called and finished at the desk.
                if picked.contains(i), let log = HistoryEntry.parse(line: (Array(line[..<at]) + name + line[(at + token.count)...]).dropLast()) {
                    let number = String(finished.count + 1)
                    finished.append((number, court, log))
                    rows.append(row(number, log))
                }
            }
            try history.close()
            // A match under way, begun a quarter of an hour after the history's last.
            var live: MatchLog
            repeat {
                live = HistoryGenerator.play(&random, at: clock + 900 + Double(c * 7), court: court, events: 30 + random.below(60))
            } while live.state.isOver
            let journal = try Output(dir + "/" + CourtFiles(court: court).journal)
            try journal.write(JournalContents.bytes(of: live.records))
            try journal.close()
            playing.append((String(2 * courts + c), court, live.startedAt))
            rows.append(row(String(2 * courts + c), live))
        }
        // The queue: two waiting matches a court.
        for q in 0..<(2 * courts) {
            func player() -> String { HistoryGenerator.names[random.below(HistoryGenerator.names.count)] + " " + String(UnicodeScalar(UInt8(65 + random.below(26)))) }
            rows.append("\(3 * courts + q + 1),MS,R2,\(player()),\(player()),\(HistoryGenerator.names[random.below(HistoryGenerator.names.count)])")
        }
        try writeDesk(in: dir, rows: rows, finished: finished, playing: playing)
        print("\(dir): \(courts) courts of \(matches) matches (\(bytes) bytes of history), a match under way on each; matches.csv and desk.json: "
              + "\(finished.count) finished, \(playing.count) in play, \(2 * courts) waiting")
    }

    /// The order of play (`matches.csv`, read back by the desk's own reader) and `desk.json`.
    static func writeDesk(in dir: String, rows: [String], finished: [(number: String, court: String, log: MatchLog)],
                          playing: [(number: String, court: String, start: Double)]) throws(Failure) {
        // In the order of play: by number.
        let ordered = rows.prefix(1) + rows.dropFirst().sorted { (Int($0.prefix { $0 != "," }) ?? 0) < (Int($1.prefix { $0 != "," }) ?? 0) }
        let csv = Array((ordered.joined(separator: "\n") + "\n").utf8)
        let out = try Output(dir + "/matches.csv")
        try out.write(csv)
        try out.close()
        guard case .success(let read) = MatchesCSV.read(csv), read.problems.isEmpty else { throw Failure(text: "the generated matches.csv does not read back") }
        var byNumber: [String: DeskMatch] = [:]
        for m in read.matches { byNumber[m.number] = m }
        let results = finished.compactMap { f in byNumber[f.number].flatMap { DeskResult(match: $0, court: f.court, log: f.log) } }.sorted { $0.end < $1.end }
        // Called three minutes before the umpire began.
        let calls = playing.map { DeskCall(match: $0.number, court: $0.court, calledAt: $0.start - 180, startedAt: $0.start) }
        guard case .success(let desk) = StateCodec.encode(DeskState(matches: read.matches, calls: calls, results: results), version: DeskFile.version) else {
            throw Failure(text: "desk.json could not be made")
        }
        let file = try Output(dir + "/" + DeskFile.name)
        try file.write(desk)
        try file.close()
    }

    /// A line of the order of play for a match the rules played: its teams and umpire.
    static func row(_ number: String, _ log: MatchLog) -> String {
        let teams = log.setup?.teams ?? []
        let names = teams.map { $0.players.joined(separator: "/") }
        let event = teams.contains { $0.players.count > 1 } ? "MD" : "MS"
        return "\(number),\(event),R1,\(names.first ?? "A"),\(names.last ?? "B"),\(log.setup?.officials.umpire ?? "")"
    }

    /// Where `token` first occurs in `line`.
    static func find(_ token: [UInt8], in line: [UInt8]) -> Int? {
        guard line.count >= token.count else { return nil }
        var i = 0
        while i <= line.count - token.count {
            if line[i] == token[0], line[i..<(i + token.count)].elementsEqual(token) { return i }
            i += 1
        }
        return nil
    }
}
