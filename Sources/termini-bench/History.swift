#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import BadmintonRules
import TerminiData

/// `termini-bench history DIR [--matches N] [--seed S] [--court NAME]`: a badminton history of
/// N finished matches (10,000 by default) in DIR, for the history-at-scale figures of
/// `scripts/bench`. Every match is played event by event through the rules (`MatchLog`) and
/// written by the program's own writer (`HistoryEntry.line`, as the keeper appends it), so the
/// file is what a club's real seasons leave; its index (`HistoryIndex`) is written beside it as
/// a keeper would leave it. The same seed gives the same bytes.
///
/// Singles and doubles, formats 3x21, 1x21, 3x15, 5x11 and 3x21c25; shuttles, stops, a few
/// cards (yellow, red, the odd black: a disqualification), retirements and walkovers.
enum HistoryGenerator {
    static let names = ["Lin", "Lee", "Axelsen", "Momota", "Chen", "Ginting", "Christie", "Shi", "Loh", "Prannoy",
                        "Marín", "Yamaguchi", "Tai", "An", "Okuhara", "Sindhu", "Ratchanok", "Wang", "He", "Kim",
                        "Nguyen", "O'Neil", "Müller", "Dubois", "Rossi", "Silva", "Novak", "Berg", "Sato", "Park"]
    static let formats = ["3x21", "3x21", "3x21", "3x21", "1x21", "3x15", "5x11", "3x21c25"]

    static func complain(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var args = arguments
        var dir: String?
        var matches = 10_000
        var seed: UInt64 = 28
        var court: String?
        while let a = args.first {
            args.removeFirst()
            let value = args.first
            switch a {
            case "--matches": matches = Int(value ?? "") ?? -1; args = Array(args.dropFirst())
            case "--seed": seed = UInt64(value ?? "") ?? 0; args = Array(args.dropFirst())
            case "--court": court = value; args = Array(args.dropFirst())
            default:
                if dir == nil, !a.hasPrefix("-") { dir = a } else { dir = nil; matches = -1; args = [] }
            }
        }
        guard let dir, matches >= 0, court.map(CourtFiles.isValidName) ?? true else {
            complain("usage: termini-bench history DIR [--matches N] [--seed S] [--court NAME]\n")
            return 64
        }
        let path = dir + "/" + CourtFiles(court: court).history
        guard let file = fopen(path, "wx") else {
            complain("termini-bench: cannot create \(path): \(String(cString: strerror(errno))) (it must not exist yet)\n")
            return 1
        }
        var random = SplitMix64(seed: seed)
        // A season that began on 2024-09-01; a match every hour or so.
        var clock = 1_725_177_600.0
        var bytes = 0
        var index = HistoryIndex()
        for _ in 0..<matches {
            let log = play(&random, at: clock)
            let line = HistoryEntry(events: log.effective).line
            index.take(line.dropLast(), at: bytes)
            guard fwrite(line, 1, line.count, file) == line.count else {
                complain("termini-bench: cannot write \(path): \(String(cString: strerror(errno)))\n")
                fclose(file)
                return 1
            }
            bytes += line.count
            clock = (log.effective.last?.time ?? clock) + 600 + Double(random.below(7200))
        }
        guard fclose(file) == 0 else {
            complain("termini-bench: cannot write \(path): \(String(cString: strerror(errno)))\n")
            return 1
        }
        // The index beside it, as a keeper leaves it (`HistoryIndex`, from the same lines).
        index.finish(LinesRead(endsMidLine: false, bytes: bytes))
        let indexPath = dir + "/" + CourtFiles(court: court).historyIndex
        let indexBytes = index.bytes
        guard let indexFile = fopen(indexPath, "w"), fwrite(indexBytes, 1, indexBytes.count, indexFile) == indexBytes.count, fclose(indexFile) == 0 else {
            complain("termini-bench: cannot write \(indexPath): \(String(cString: strerror(errno)))\n")
            return 1
        }
        print("\(path): \(matches) matches, \(bytes) bytes; its index \(indexBytes.count) bytes")
        return 0
    }

    /// One match, played to its end from `start`.
    /// `court`: the court every match is played on (else one of six at random, as a club's
    /// history); `events`: stop after this many (a match under way), else play it out.
    static func play(_ r: inout SplitMix64, at start: Double, court: String? = nil, events limit: Int = 2_000) -> MatchLog {
        let doubles = r.below(3) == 0
        let discipline: Discipline = doubles ? .doubles : .singles
        let format = (try? MatchFormat.parse(formats[r.below(formats.count)]).get()) ?? .standard
        func player() -> String { names[r.below(names.count)] + " " + String(UnicodeScalar(UInt8(65 + r.below(26)))) }
        let entries = (0..<2).map { _ in doubles ? player() + "/" + player() : player() }
        let teams = entries.compactMap { TeamInfo.parse($0, discipline: discipline) }
        let drawn = String(1 + r.below(6))
        let officials = MatchOfficials(event: "Club season", court: court ?? drawn, umpire: names[r.below(names.count)],
                                       serviceJudge: nil, matchNumber: nil, round: nil)
        var log = MatchLog(setup: MatchSetup(format: format, discipline: discipline, teams: teams.count == 2 ? teams : nil,
                                             firstServer: r.below(2), officials: officials), at: start)
        var t = start
        func take(_ a: MatchEvent.Action, after seconds: Int) -> Bool {
            t += Double(seconds)
            return log.take(MatchEvent(a, at: t))
        }
        // One side a little stronger, so scores vary.
        let edge = 35 + r.below(30)
        if r.below(200) == 0 { _ = take(.walkover(team: r.below(2)), after: 60); return log }
        if r.below(4) == 0 { _ = take(.warmUp, after: 30) }
        var events = 0
        while log.state.phase != .matchOver, events < limit {
            events += 1
            switch log.state.phase {
            case .choosingService:
                let s = log.state
                _ = take(.service(team: s.server, server: r.below(2), receiver: r.below(2)), after: 5)
            case .gameOver:
                if !take(.nextGame, after: 90 + r.below(40)) { _ = take(.endInterval, after: 1) }
            case .playing:
                let roll = r.below(1000)
                if roll < 25 {
                    _ = take(.shuttle, after: 3)
                } else if roll < 27 {
                    // A card: mostly yellow, now and then red, rarely black.
                    let c = r.below(20)
                    let card: Misconduct = c == 0 ? .disqualification : c < 5 ? .fault : .warning
                    _ = take(.card(team: r.below(2), player: doubles ? r.below(2) : 0, card: card), after: 10)
                } else if roll < 28 {
                    let team = r.below(2)
                    if take(.stop(.injury, team: team, player: doubles ? r.below(2) : 0), after: 5) {
                        // Most come back; a few retire.
                        if r.below(4) == 0 {
                            _ = take(.retire(team: team, player: doubles ? r.below(2) : 0), after: 60 + r.below(120))
                        } else {
                            _ = take(.resume, after: 30 + r.below(150))
                        }
                    }
                } else if roll < 30 {
                    _ = take(.swapEnds, after: 2)
                } else {
                    _ = take(.point(team: r.below(100) < edge ? 0 : 1), after: 8 + r.below(40))
                }
            case .matchOver:
                break
            }
        }
        return log
    }
}
