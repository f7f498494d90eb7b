#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore
@testable import Badminton
import BadmintonRules

/// I/O faults in turn, as SQLite's I/O-error tests do: each app's scripted session is run
/// once to count the store's calls, then once for every N, the Nth call failing with ENOSPC
/// and with EIO, once only (a transient fault) and from then on (a disk that stays full).
/// After each run: what the store reported saved (its ledger of changes) is exactly what a
/// fresh start reads from the files; nothing saved before is lost (the ledger only grows);
/// no line of a journal or the history is torn or glued; the fresh start reports no damage.
@Suite struct IOFaultTests {
    struct Tally: Sendable {
        var runs = 0
        var injected = 0
        var survived = 0
        var screenAhead = 0
        var aheadExamples: [String] = []
        var tornTails = 0
        var failures: [String] = []
    }

    /// The start time of every match the journal was ever saved holding.
    static func matchesSaved(_ ledger: [StoreChange]) -> Set<Double> {
        var starts: Set<Double> = []
        // A journal begun afresh counts once durable, or left in a side file a start rolls
        // forward; one the store took back before its frame was never saved.
        var begun: Double?
        for change in ledger {
            switch change {
            case let .replaced(f, b) where f == BadmintonApp.journalFile:
                if let s = begun { starts.insert(s) }
                begun = b.split(separator: 0x0a).first.flatMap { MatchEvent.parse(line: $0) }?.time
            case .committed(let f) where f == BadmintonApp.journalFile:
                if let s = begun { starts.insert(s) }
                begun = nil
            case .dropped(let f) where f == BadmintonApp.journalFile:
                begun = nil
            default: break
            }
        }
        if let s = begun { starts.insert(s) }
        return starts
    }

    /// The start times of the matches a directory holds, in the journal, the history and
    /// any copy kept aside.
    static func matchesKept(_ dir: String) -> Set<Double> {
        var starts: Set<Double> = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        for n in names where n.hasPrefix("badminton-") || n.hasPrefix(".badminton-") {
            guard let bytes = FileManager.default.contents(atPath: dir + "/" + n) else { continue }
            for line in [UInt8](bytes).split(separator: 0x0a) {
                if let log = HistoryEntry.parse(line: line) { starts.insert(log.startedAt) }
                if let e = MatchEvent.parse(line: line), case .start = e.action { starts.insert(e.time) }
            }
        }
        return starts
    }

    static func check(_ session: Session, failAt n: Int?, error: Int32, persistent: Bool)
        -> (injected: Bool, problems: [String], screenAhead: String?, tornTail: Bool) {
        let dir = ScratchDir("iofault")
        let faults = FaultInjector(error: error)
        faults.failAt = n
        faults.persistent = persistent
        var readFailedAtStart = false
        var run: Session.Run? = session.run(in: dir.path, calls: faults) { mark in
            if mark == "synced 0" { readFailedAtStart = faults.failedReads > 0 }
        }
        let ledger = run?.ledger ?? []
        let shown = run.flatMap { r in r.shell.current.flatMap { r.shell.apps[$0] }.map(Session.visible) } ?? ""
        // A directory that cannot be made or written at the start (the disk failing from the
        // first call on): "Not saving" is said once and the app runs in memory, as designed.
        // A file that could not be read at the start (EIO): said ("cannot read", kept as it
        // is), and the app starts without it; a fresh start on a sound disk reads it. Not a
        // save shown before it was made, so not compared.
        let savingFromTheStart = (run?.store.canWrite ?? false) && !readFailedAtStart
        // Quit: the loop's last sync, and the store let go (as the process ends).
        faults.failAt = persistent ? n : nil
        run?.store.sync()
        let injected = faults.injected > 0
        run = nil
        var problems: [String] = []
        let expected = Session.model(ledger, initial: session.files)
        let names = Set(expected.keys).union(session.files.keys)
        let onDisk = filesAsAStartReads(dir.path, names: names)
        for name in names.sorted() where onDisk[name] != expected[name] {
            problems.append("\(name): the disk holds \(onDisk[name].map { "\($0.count) bytes" } ?? "nothing"), "
                + "the store reported \(expected[name].map { "\($0.count) bytes" } ?? "nothing")")
        }
        // A disk that fails every call from some point on may refuse even the cut back of a
        // failed append: the store says so, and that part of a line is the only damage.
        let torn = reportedTornTails(ledger)
        problems += tornLines(onDisk, allowedTornTail: torn)
        let fresh = session.freshStart(dir.path)
        let damage = fresh.notices.filter { $0.contains("damaged") || $0.contains("could not be read") || $0.contains("corrupt") }
        if !damage.isEmpty && torn.isEmpty { problems.append("the next start found damage: \(damage)") }
        // Nothing saved before is lost: every match the journal ever held is still there.
        let lost = matchesSaved(ledger).subtracting(matchesKept(dir.path))
        if !lost.isEmpty { problems.append("matches saved and then lost: \(lost.sorted())") }
        // An append the disk took whole but could not confirm (fdatasync failed) nor take
        // back (ftruncate failed too) was reported as not saved, and the app went back: the
        // screen is then what the files hold once that line is cut, as the next append cuts it.
        var onDiskNow = fresh.visible
        if !torn.isEmpty {
            let cut = ScratchDir("iofault-cut")
            let files = Session.model(ledger, initial: session.files, withoutTornTails: true)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
                try? FileManager.default.copyItem(atPath: dir.path + "/" + name, toPath: cut.path + "/" + name)
            }
            for f in torn { _ = FileManager.default.createFile(atPath: cut.path + "/" + f, contents: Data(files[f] ?? [])) }
            onDiskNow = session.freshStart(cut.path).visible
        }
        let ahead = onDiskNow == shown || !savingFromTheStart ? nil : "screen \(shown)\n    disk   \(onDiskNow)"
        return (injected, problems, ahead, !torn.isEmpty)
    }

    static func sweep(_ session: Session) -> Tally {
        var tally = Tally()
        for error in [ENOSPC, EIO] {
            // Count the calls that can fail with this error, then fail each in turn.
            let c = FaultInjector(error: error)
            let d = ScratchDir("iofault-count")
            session.run(in: d.path, calls: c).store.sync()
            for n in 1...max(1, c.count + 1) {
                for persistent in [false, true] {
                    let r = check(session, failAt: n, error: error, persistent: persistent)
                    tally.runs += 1
                    if r.injected { tally.injected += 1 }
                    if r.problems.isEmpty {
                        if r.injected { tally.survived += 1 }
                    } else {
                        tally.failures.append("\(session.name), \(error == ENOSPC ? "ENOSPC" : "EIO") at call \(n)\(persistent ? " and after" : ""): "
                            + r.problems.joined(separator: "; "))
                    }
                    if let ahead = r.screenAhead, r.injected {
                        tally.screenAhead += 1
                        tally.aheadExamples.append("\(error == ENOSPC ? "ENOSPC" : "EIO") at call \(n)\(persistent ? " and after" : ""):\n    \(ahead)")
                    }
                    if r.tornTail { tally.tornTails += 1 }
                }
            }
        }
        return tally
    }

    /// The screen is never ahead of the disk: after a save the disk refused, the app shows
    /// what is saved (the shell hears of the failure and puts the app back), for a disk that
    /// fills, or breaks, at any call from the first key on.
    @Test(arguments: Session.all.map(\.name))
    func theScreenIsNeverAheadOfTheDisk(_ name: String) throws {
        let session = try #require(Session.all.first { $0.name == name })
        var compared = 0
        for error in [ENOSPC, EIO] {
            for n in stride(from: 1, through: 60, by: 1) {
                let r = Self.check(session, failAt: n, error: error, persistent: true)
                guard r.injected else { continue }
                compared += 1
                #expect(r.screenAhead == nil, "\(error == ENOSPC ? "disk full" : "EIO") from call \(n): the screen shows what the disk does not hold:\n    \(r.screenAhead ?? "")")
            }
        }
        #expect(compared > 20, "only \(compared) runs had a fault")
    }

    @Test(arguments: Session.all.map(\.name))
    func everyCallFailsInTurn(_ name: String) throws {
        let session = try #require(Session.all.first { $0.name == name })
        let start = Fuzz.clock()
        let t = Self.sweep(session)
        for f in t.failures.prefix(6) { Issue.record("\(f)") }
        for f in t.failures.filter({ $0.contains("EIO") }).prefix(6) { Issue.record("\(f)") }
        #expect(t.screenAhead == 0, "\(name): the screen showed what the disk did not hold after \(t.screenAhead) of \(t.injected) faults, e.g.\n\(t.aheadExamples.prefix(3).joined(separator: "\n"))")
        Fuzz.report("I/O faults, \(name): \(t.injected) faults injected (ENOSPC and EIO, once and for good, at each of the store's calls), "
            + "\(t.survived) survived: the disk held exactly what the store reported saved, no match saved and then lost, no torn line "
            + "and no damage at the next start (but in \(t.tornTails) runs where the disk refused even the cut back of a failed append, "
            + "reported: its part-line is skipped, and cut before the next append); \(t.failures.count) failed; screen ahead of the disk after \(t.screenAhead); \(String(format: "%.1f", Fuzz.clock() - start)) s")
    }
}
