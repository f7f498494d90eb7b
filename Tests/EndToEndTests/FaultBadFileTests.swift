#if canImport(Glibc)
import Glibc
#endif
@testable import Badminton
import BadmintonRules
@testable import Boxing
@testable import Coffee
import Foundation
import TerminiTestSupport
@testable import Memory
@testable import Stamps
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// Bad files: every file Termini reads, spoilt nine ways. Each time termini must start, say
/// so on screen, keep a bad state file aside (`NAME.corrupt-…`, with exactly what was there),
/// never read or write through a symbolic link (the link's target is unchanged afterwards),
/// and go on saving: a change made after the start is in a fresh, regular file.
enum BadFile: String, CaseIterable, Sendable {
    case config, journal, history, boxing, memory, stamps, coffee, catalog, theme

    var path: String {
        switch self {
        case .config: return "config"
        case .journal: return BadmintonApp.journalFile
        case .history: return BadmintonApp.historyFile
        case .boxing: return BoxingApp.file
        case .memory: return MemoryApp.file
        case .stamps: return StampsApp.file
        case .coffee: return CoffeeApp.file
        case .catalog: return Catalog.fileName
        case .theme: return "themes/fault.theme"
        }
    }

    /// Written by Termini through the store (and so kept aside when bad), rather than the
    /// user's own input (a catalog, a theme), which is reported and left as it is.
    var isState: Bool { ![.catalog, .theme].contains(self) }

    var arguments: [String] {
        switch self {
        case .config: return []
        case .theme: return ["--theme", "fault"]
        case .journal: return ["badminton"]
        case .history: return ["badminton", "--new"]
        case .boxing: return ["boxing"]
        case .memory: return ["memory"]
        case .stamps: return ["stamps"]
        case .coffee, .catalog: return ["coffee"]
        }
    }

    /// Text on the screen once the app is up (without a match, badminton opens its setup).
    func isReady(_ screen: String) -> Bool {
        self == .journal ? screen.contains("Games ") || screen.contains("─ New match") : screen.contains(ready)
    }

    var ready: String {
        switch self {
        case .config, .theme: return "Coffee Shop"
        case .journal, .history: return "Games "
        case .boxing: return "Punches"
        case .memory: return "Flip"
        case .stamps: return "STAMP CARD"
        case .coffee, .catalog: return "Order"
        }
    }

    /// A word the notice about this file contains.
    var noticeWord: String {
        switch self {
        case .config: return "config"
        case .journal: return "match"
        case .history: return "history"
        case .catalog: return "coffee-catalog.json"
        case .theme: return "fault"
        default: return path
        }
    }

    /// Keys that make a change the app saves (the journal's first Enter starts a match if
    /// there is none).
    var keys: [String] {
        switch self {
        case .config, .theme: return ["t"]
        case .journal: return ["Enter", "a"]
        case .history: return ["a"]
        case .boxing: return ["x", "Space"]
        case .memory, .stamps: return ["Space"]
        case .coffee, .catalog: return ["Down", "+"]
        }
    }

    static let start = 1_700_000_000.0

    /// A journal of Ann v Bo, 2-1.
    static var journalLog: MatchLog { match(at: start) }

    /// Another match, already in the history.
    static var pastLog: MatchLog { match(at: start - 86_400) }

    static func match(at t: Double) -> MatchLog {
        var log = MatchLog(setup: MatchSetup(teams: [TeamInfo(name: "Ann", players: ["Ann"]), TeamInfo(name: "Bo", players: ["Bo"])]), at: t)
        for (i, team) in [0, 0, 1].enumerated() { log.take(MatchEvent(.point(team: team), at: t + Double(i + 1))) }
        return log
    }

    static func encoded<T: Encodable>(_ v: T) -> [UInt8] { (try? StateCodec.encode(v, version: 1).get()) ?? [] }

    /// A good file of this kind.
    var valid: [UInt8] {
        switch self {
        case .config: return Array("theme = mono\nsound = no\nlast_app = coffee\n".utf8)
        case .journal: return JournalContents.bytes(of: BadFile.journalLog.records)
        case .history: return HistoryEntry(events: BadFile.pastLog.effective).line
        case .boxing: return BadFile.encoded(BoxingGame(sandbagPunches: 7, trashCanPunches: 3))
        case .memory:
            return BadFile.encoded(MemorySave(game: MemoryGame(size: .fourByFive, seed: 42), dealer: SplitMix64(seed: 7), records: MemoryRecords(), cursor: 3))
        case .stamps:
            let day = CalendarDay(year: 2024, month: 3, day: 1) ?? CalendarDay(ordinal: 0)
            return BadFile.encoded(StampCard(stamps: [Stamp(day: day, minute: 600), Stamp(day: day.next, minute: 601)]))
        case .coffee: return BadFile.encoded(SavedCart(branch: "古亭示範店", quantities: ["Geisha": 4, "Kenya": 1]))
        case .catalog:
            return Array("""
            {"currency": "€", "branches": [{"name": "Canal", "phone": "1", "address": "Quay 1"}],
             "products": [{"name": "Moka", "price": 5}, {"name": "Java", "price": 6}]}

            """.utf8)
        case .theme: return Array("accent = #ff0000 bold\ntext = white\nborder = #00ff00\n".utf8)
        }
    }

    /// Valid JSON (or a valid line) of the wrong shape.
    var wrongShape: [UInt8] {
        switch self {
        case .config: return Array("{\"theme\": \"mono\", \"sound\": false}\n".utf8)
        case .journal, .history: return Array("{\"format\": 1, \"data\": [true, null, \"x\"]}\n".utf8)
        case .catalog: return Array("{\"branches\": {}, \"products\": 5}\n".utf8)
        case .theme: return Array("{\"accent\": \"#ff0000\"}\n".utf8)
        default: return Array("{\"format\": 1, \"data\": [true, null, \"x\"]}\n".utf8)
        }
    }

    /// A file from a newer Termini.
    var future: [UInt8] {
        switch self {
        // The config and themes carry no format number; a newer Termini's keys and roles are
        // what they would hold.
        case .config: return Array("theme = mono\nfuture_option = 42\n".utf8)
        case .theme: return Array("accent = red\nscrollbar = blue\n".utf8)
        case .journal, .history:
            let line = String(decoding: HistoryEntry(events: BadFile.pastLog.effective).line, as: UTF8.self)
            let journal = String(decoding: valid, as: UTF8.self)
            return Array((self == .journal ? journal : line).replacingOccurrences(of: "\"v\":1", with: "\"v\":99").utf8)
        case .catalog:
            return Array(String(decoding: BadFile.catalog.valid, as: UTF8.self).replacingOccurrences(of: "{\"currency\"", with: "{\"version\": 2, \"currency\"").utf8)
        default:
            return Array(String(decoding: valid, as: UTF8.self)
                .replacingOccurrences(of: "\"format\"\\s*:\\s*1", with: "\"format\" : 99", options: .regularExpression).utf8)
        }
    }
}

enum Damage: String, CaseIterable, Sendable {
    case empty, truncated, random, wrongShape, futureVersion, huge, directory, symlink, unreadable
}

/// What termini must do with a damaged file: say so, keep it aside (state files) or leave it
/// as it is (the user's own files).
struct BadFileExpectation {
    var notice: Bool
    var keptAside: Bool
    var why: String = ""

    static func of(_ f: BadFile, _ d: Damage) -> BadFileExpectation {
        switch d {
        case .empty:
            // An empty config, theme or list of lines (journal, history) is valid: nothing
            // in it, nothing lost, nothing to say. An empty JSON state file or catalog is not.
            if [.config, .theme, .journal, .history].contains(f) {
                return .init(notice: false, keptAside: false, why: "valid: an empty \(f == .config ? "config" : f == .theme ? "theme" : "list of lines") says nothing")
            }
            return .init(notice: true, keptAside: f.isState)
        case .truncated, .random, .wrongShape:
            // History lines that cannot be read stay where they are (skipped, reported); the
            // config keeps lines it cannot read too, unless it is not text at all.
            if f == .history { return .init(notice: true, keptAside: false, why: "damaged lines are skipped and kept in place") }
            if f == .config { return .init(notice: true, keptAside: d == .random, why: d == .random ? "" : "lines it cannot read are kept verbatim") }
            return .init(notice: true, keptAside: f.isState)
        case .futureVersion:
            if f == .config { return .init(notice: false, keptAside: false, why: "no format number; a newer key is kept and ignored") }
            if f == .history { return .init(notice: true, keptAside: false, why: "the newer line is skipped and kept in place") }
            return .init(notice: true, keptAside: f.isState)
        case .huge where f == .history:
            // The history is read line by line, any size: 50 MB of garbage is so many damaged
            // lines, reported; the file stays (a long history is not damage).
            return .init(notice: true, keptAside: false, why: "read line by line; damaged lines reported, the file stays")
        case .huge, .directory, .symlink, .unreadable:
            // Themes are read through links and never written: a link to a file that is not a
            // theme is reported like any bad theme.
            return .init(notice: true, keptAside: f != .theme, why: f == .theme ? "a theme is never written; reported, left in place" : "")
        }
    }
}

@Suite struct FaultBadFileTests {
    static let isRoot = getuid() == 0
    static let setprivAvailable = Tools.installed("setpriv")
    static let nobody: UInt32 = 65534

    @Test(.tmux) func everyFileTermiReadsSpoiltNineWays() throws {
        var rng = Fuzz.random("FaultBadFileTests")
        var cases: [(BadFile, Damage, UInt64)] = []
        for f in BadFile.allCases {
            for d in Damage.allCases { cases.append((f, d, rng.next())) }
        }
        let start = Fuzz.clock()
        let results = inParallel(cases, width: 4) { (f, d, seed) in Self.run(f, d, seed: seed) }
        var failures = 0
        for ((f, d, _), r) in zip(cases, results) {
            if let problem = r.problem {
                failures += 1
                Issue.record("\(f.path), \(d.rawValue): \(problem)")
            }
        }
        let skipped = results.filter { $0.skipped != nil }
        Fuzz.report("bad files: \(cases.count - failures - skipped.count) of \(cases.count) cases as expected "
            + "(\(BadFile.allCases.count) files x \(Damage.allCases.count) damages), \(skipped.count) skipped, "
            + "\(String(format: "%.1f", Fuzz.clock() - start)) s")
        for ((f, d, _), r) in zip(cases, results) {
            let e = BadFileExpectation.of(f, d)
            Fuzz.report("bad file \(f.path) \(d.rawValue): " + (r.skipped.map { "skipped: \($0)" } ?? r.problem.map { "FAILED: \($0)" }
                ?? "\(e.notice ? "notice" : "no notice")\(e.keptAside ? ", kept aside" : "")\(e.why.isEmpty ? "" : " (\(e.why))")"
                + (r.notice.isEmpty ? "" : ": \"\(r.notice)\"")))
        }
    }

    struct Outcome {
        var problem: String?
        var skipped: String?
        var notice = ""
    }

    static func run(_ f: BadFile, _ d: Damage, seed: UInt64) -> Outcome {
        var rng = FuzzRandom(seed: seed)
        let dir = TempDir("termini-bad-\(f.rawValue)-\(d.rawValue)")
        let elsewhere = TempDir("termini-elsewhere")
        let fm = FileManager.default
        let path = dir.file(f.path)
        try? fm.createDirectory(atPath: dir.file("themes"), withIntermediateDirectories: true)
        // The history is read when a match begins (--new moves the old match there): a match
        // of 2-1 is waiting in the journal.
        if f == .history { _ = fm.createFile(atPath: dir.file(BadFile.journal.path), contents: Data(BadFile.journal.valid)) }
        var original: [UInt8]?
        var linkTarget: (path: String, bytes: [UInt8])?
        switch d {
        case .empty: original = []
        case .truncated where f == .config:
            // Cut inside a key (a cut inside a value leaves a shorter, valid line).
            original = Array("theme = mono\nsound = no\nlast_a".utf8)
        case .truncated:
            let v = f == .journal ? BadFile.journal.valid + Array("{\"e\":\"point\",\"t\":17000".utf8)
                : f == .history ? f.valid + Array(f.valid.prefix(f.valid.count / 2)) : Array(f.valid.prefix(f.valid.count / 2 + 1))
            original = v
        case .random: original = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case .wrongShape: original = f.wrongShape
        case .futureVersion: original = f.future
        case .huge:
            var chunk = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            chunk[0] = UInt8(ascii: "{")
            _ = fm.createFile(atPath: path, contents: nil)
            guard let h = FileHandle(forWritingAtPath: path) else { return Outcome(problem: "cannot make the 50 MB file") }
            for _ in 0..<50 { h.write(Data(chunk)) }
            h.closeFile()
        case .directory:
            try? fm.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        case .symlink:
            // The target is a good file of the same kind (for a theme: a file that is not a
            // theme): reading through the link would show its contents, writing would change it.
            let target = elsewhere.file("target")
            let bytes = f == .theme ? Array("not a theme at all\n".utf8) : f.valid
            _ = fm.createFile(atPath: target, contents: Data(bytes))
            try? fm.createSymbolicLink(atPath: path, withDestinationPath: target)
            linkTarget = (target, bytes)
        case .unreadable:
            original = f.valid
        }
        if let o = original { _ = fm.createFile(atPath: path, contents: Data(o)) }
        var wrapper: [String] = []
        if d == .unreadable {
            chmod(path, 0)
            if isRoot {
                // Root reads any file: the case runs as nobody, who owns the directory.
                guard setprivAvailable else { return Outcome(skipped: "running as root and setpriv is missing: cannot make a file unreadable") }
                wrapper = ["setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"]
                for p in [dir.path, dir.file("themes")] + ((try? fm.subpathsOfDirectory(atPath: dir.path)) ?? []).map(dir.file) {
                    lchown(p, nobody, nobody)
                }
            }
        }
        let before = Set((try? fm.contentsOfDirectory(atPath: parentDirectory(path))) ?? [])

        let t: TmuxSession
        do { t = try TmuxSession(arguments: f.arguments, configDir: dir.path, wrapper: wrapper) } catch {
            return Outcome(problem: "tmux: \(error)")
        }
        let expected = BadFileExpectation.of(f, d)
        var outcome = Outcome()
        // A 50 MB file is read whole before the first frame: on a loaded machine (CI beside other
        // jobs, four of these at once) that took longer than 15 s, with nothing wrong.
        let (ok, screen) = t.wait(timeout: d == .huge ? 60 : 15) { s in f.isReady(s) && (!expected.notice || s.contains("└ ! ") || s.contains("+- ! ")) }
        guard ok else { return Outcome(problem: "did not start\(expected.notice ? " with a notice" : ""):\n\(screen)") }
        let notice = Self.notice(in: t.settled(quiet: 0.2))
        outcome.notice = String(notice.prefix(160))
        if expected.notice && !notice.contains(f.noticeWord) { return Outcome(problem: "the notice does not name \(f.noticeWord): '\(notice)'") }
        if !expected.notice && !notice.isEmpty { return Outcome(problem: "a notice about a file that is fine: '\(notice)'") }
        t.sendKeys(f.keys)
        usleep(300_000)
        _ = t.settled(quiet: 0.2)
        t.send("q")
        guard t.exitStatus(timeout: 10) == 0 else { return Outcome(problem: "q did not quit with status 0:\n\(t.screen)") }
        let leftovers = t.leftoverTerminalState()
        if !leftovers.isEmpty { return Outcome(problem: "terminal after exit: \(leftovers)") }

        // Kept aside, with exactly what was there; or left as it was.
        let after = Set((try? fm.contentsOfDirectory(atPath: parentDirectory(path))) ?? [])
        let base = (f.path as NSString).lastPathComponent
        let aside = after.subtracting(before).filter { $0.hasPrefix(base + ".corrupt-") }
        if expected.keptAside {
            guard aside.count == 1, let name = aside.first else { return Outcome(problem: "not kept aside (directory now: \(after.sorted()))") }
            let kept = parentDirectory(path) + "/" + name
            switch d {
            case .directory:
                if !fm.fileExists(atPath: kept + "/inside") { return Outcome(problem: "the directory kept aside lost its contents") }
            case .symlink:
                if (try? fm.destinationOfSymbolicLink(atPath: kept)) != linkTarget?.path { return Outcome(problem: "the link kept aside points elsewhere") }
            case .huge:
                let size = (try? fm.attributesOfItem(atPath: kept)[.size] as? Int) ?? nil
                if size != 50 << 20 { return Outcome(problem: "the 50 MB file kept aside is \(String(describing: size)) bytes") }
            default:
                if let o = original, fm.contents(atPath: kept).map({ [UInt8]($0) }) != o { return Outcome(problem: "the file kept aside is not what was there") }
            }
        } else if !aside.isEmpty {
            return Outcome(problem: "kept aside (\(aside)) though it should stay")
        } else if !f.isState || f == .history {
            // The user's catalog or theme, and a history with damaged lines, stay as they were
            // (the history may only grow at the end).
            if let o = original, d != .unreadable {
                let now = fm.contents(atPath: path).map { [UInt8]($0) } ?? []
                if Array(now.prefix(o.count)) != o { return Outcome(problem: "\(f.path) was changed") }
            }
        }
        if let target = linkTarget, fm.contents(atPath: target.path).map({ [UInt8]($0) }) != target.bytes {
            return Outcome(problem: "the link's target was changed: Termini wrote through the symbolic link")
        }
        if let p = Self.savedProblem(f, dir: dir.path) { return Outcome(problem: p) }
        if f == .config, !expected.keptAside, let o = original {
            // Rewritten for the new theme, the config keeps every other line as it was.
            let now = String(decoding: fm.contents(atPath: path) ?? Data(), as: UTF8.self).split(separator: "\n")
            for line in String(decoding: o, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("theme") && !now.contains(line) {
                return Outcome(problem: "the config lost the line '\(line)' when it was rewritten")
            }
        }
        return outcome
    }

    /// The notice line: the bottom edge of the window ("└ ! ...┘"), its text.
    static func notice(in screen: String) -> String {
        let lines = screen.split(separator: "\n").map(String.init)
        guard let line = lines.last(where: { $0.hasPrefix("└ ! ") }) else { return "" }
        return line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
    }

    /// The change made after the start was saved, in a regular file.
    static func savedProblem(_ f: BadFile, dir: String) -> String? {
        let fm = FileManager.default
        func regular(_ name: String) -> [UInt8]? {
            guard let t = try? fm.attributesOfItem(atPath: dir + "/" + name)[.type] as? FileAttributeType, t == .typeRegular else { return nil }
            return fm.contents(atPath: dir + "/" + name).map { [UInt8]($0) }
        }
        switch f {
        case .config, .theme:
            guard let c = regular("config"), String(decoding: c, as: UTF8.self).contains("theme = ") else { return "the theme chosen with t was not saved in config" }
        case .journal, .history:
            guard let j = regular(BadmintonApp.journalFile), !JournalContents.read(j).damaged, let log = MatchLog(records: JournalContents.read(j).events),
                  log.state.hasRallies else { return "the rally was not saved in a good journal" }
            if f == .history {
                // The match that was in the journal went to the history, readable.
                let h = regular(BadmintonApp.historyFile) ?? []
                let matches = HistoryEntry.readAll(h).matches
                if !matches.contains(where: { $0.startedAt == BadFile.journalLog.startedAt }) {
                    return "the match moved to the history cannot be read back (\(matches.count) readable matches in \(h.count) bytes)"
                }
            }
        case .boxing:
            guard let b = regular(BoxingApp.file), let g = try? StateCodec.decode(BoxingGame.self, from: b, version: 1).get(), g.punches == 1 else {
                return "the punch was not saved"
            }
        case .memory:
            guard let b = regular(MemoryApp.file), let s = try? StateCodec.decode(MemorySave.self, from: b, version: 1).get(), s.game.flips == 1 else {
                return "the flip was not saved"
            }
        case .stamps:
            guard let b = regular(StampsApp.file), let c = try? StateCodec.decode(StampCard.self, from: b, version: 1).get(), c.count == 1 else {
                return "the stamp was not saved"
            }
        case .coffee, .catalog:
            guard let b = regular(CoffeeApp.file), let c = try? StateCodec.decode(SavedCart.self, from: b, version: 1).get(),
                  c.quantities == ["House Blend": 1] else { return "the bag was not saved" }
        }
        return nil
    }
}

func parentDirectory(_ p: String) -> String { (p as NSString).deletingLastPathComponent }
