#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing
import Badminton
import BadmintonRules

/// A real full disk: the config directory on a 64 KiB tmpfs, filled to the last block while
/// termini runs, then emptied again. Nothing on disk is ever torn, nothing saved before is
/// lost, and what is saved after the space returns is whole. (Needs root for `mount`; where it
/// is refused the tests are skipped.)
///
/// And the screen is never ahead of the disk: a key whose save the disk refuses is not shown
/// as done (the app goes back to what is saved), a warning naming the cause stays until a save
/// succeeds, and then "Saved again" is said once.
extension Trait where Self == ConditionTrait {
    static var mount: Self { .enabled(if: FaultFullDiskTests.canMount, "needs to mount a tmpfs (root)") }
}

@Suite(.serialized) struct FaultFullDiskTests {
    /// A 64 KiB tmpfs, unmounted when released.
    final class SmallDisk {
        let path: String
        let mounted: Bool
        let why: String
        init() {
            path = TmuxSession.makeTempDir("termini-fulldisk")
            let r = LimitedRun.run(["/bin/mount", "-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", path], environment: ["PATH": "/usr/bin:/bin"],
                                   directory: "/tmp")
            mounted = r.status == 0
            why = r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        deinit {
            if mounted { _ = LimitedRun.run(["/bin/umount", path], environment: ["PATH": "/usr/bin:/bin"], directory: "/tmp") }
            try? FileManager.default.removeItem(atPath: path)
        }
        /// Fills every free block (the filler is kept until `free()`).
        func fill() {
            let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let block = [UInt8](repeating: 0x55, count: 512)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
        }
        func free() { unlink(path + "/filler") }
        func file(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: path + "/" + name).map { [UInt8]($0) } }
    }

    /// Whether this machine lets the tests mount a tmpfs (root can): tried once, at the first ask.
    static let canMount: Bool = {
        let d = SmallDisk()
        if !d.mounted { Fuzz.report("full disk: mount of a 64 KiB tmpfs refused (\(d.why.isEmpty ? "not root?" : d.why))") }
        return d.mounted
    }()

    static func disk() throws -> SmallDisk {
        let d = SmallDisk()
        guard d.mounted else { throw MountRefused(why: d.why) }
        return d
    }
    struct MountRefused: Error { let why: String }

    /// Every line of a journal or the history is whole.
    static func whole(_ bytes: [UInt8]?, history: Bool) -> String? {
        guard let bytes, !bytes.isEmpty else { return nil }
        if bytes.last != 0x0a { return "ends inside a line" }
        for line in bytes.split(separator: 0x0a) {
            let ok = history ? HistoryEntry.parse(line: line) != nil : MatchEvent.parse(line: line) != nil
            if !ok { return "a torn or glued line: \(String(decoding: line, as: UTF8.self).prefix(60))" }
        }
        return nil
    }

    static func status(_ args: [String], _ dir: String) -> String {
        LimitedRun.run([TmuxSession.binary] + args + ["--config-dir", dir], environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": dir],
                       directory: "/tmp").stdout
    }

    @Test(.tmux, .mount) func badmintonPointsANewMatchAndTheHistory() throws {
        let disk = try Self.disk()
        let t = try TmuxSession(arguments: ["badminton", "--new"], configDir: disk.path)
        #expect(t.waitFor("serves from", timeout: 15))
        t.send("Right", "Right", "Left")
        #expect(t.wait { _ in Self.status(["badminton", "--status"], disk.path).hasPrefix("Red 1-2 Blue") }.ok)
        let saved = disk.file(BadmintonApp.journalFile) ?? []

        disk.fill()
        // tmpfs gives a file whole pages: appends go on into the journal's last page until one
        // needs a new page. Undo and redo (one line each, the score unchanged) until the disk
        // refuses one.
        var refused = false
        for _ in 0..<20 where !refused {
            t.sendKeys(Array(repeating: ["u", "y"], count: 10).flatMap { $0 })
            refused = t.wait(timeout: 2) { $0.contains("Could not save") }.ok
        }
        #expect(refused, "no word of a failed save:\n\(t.screen)")
        #expect(Self.whole(disk.file(BadmintonApp.journalFile), history: false) == nil,
                "journal on the full disk: \(Self.whole(disk.file(BadmintonApp.journalFile), history: false) ?? "")")
        let onFullDisk = disk.file(BadmintonApp.journalFile) ?? []
        // The board shows what the journal holds (the refused undo or redo is not shown).
        let board = BadmintonKill()
        let onDisk = try #require(board.reported(disk.path))
        #expect(t.wait { board.screenShows($0, onDisk) }.ok, "the screen is ahead of the disk (\(onDisk)):\n\(t.screen)")
        #expect(t.screen.contains("No space left on device"), "the warning does not name the cause:\n\(t.screen)")
        // A point on the full disk: refused, not shown, the warning stays.
        t.send("Right")
        t.barrier()
        #expect(t.wait { board.screenShows($0, onDisk) && $0.contains("Could not save") }.ok, "a refused point is shown:\n\(t.screen)")

        // A new match while the disk is full: it does not start; the old one stays the journal's.
        t.send("n")
        #expect(t.wait { $0.contains("New match?") }.ok, "\(t.screen)")
        t.send("y")
        #expect(t.wait { $0.contains("New match") && $0.contains("Start") }.ok, "\(t.screen)")
        t.send("Enter")
        t.barrier()
        // The setup form is still there (the match did not begin), with the warning.
        #expect(t.wait { $0.contains("Start") && $0.contains("Could not save") }.ok, "a new match began on a full disk:\n\(t.screen)")
        t.send("Escape")
        #expect(t.wait { board.screenShows($0, onDisk) }.ok, "the old match is not on screen after a new match was refused:\n\(t.screen)")
        t.send("Left")
        t.barrier()
        let journalNow = disk.file(BadmintonApp.journalFile) ?? []
        #expect(Self.whole(journalNow, history: false) == nil, "journal: \(Self.whole(journalNow, history: false) ?? "")")
        #expect(Array(journalNow.prefix(saved.count)) == saved, "the saved points were changed on a full disk")
        #expect(journalNow == onFullDisk, "a point went into the journal on a full disk")
        #expect(board.screenShows(t.screen, onDisk), "\(t.screen)")

        // The history: opened and closed, the warning still there (no save has succeeded).
        t.send("h")
        t.barrier()
        t.send("Escape")
        #expect(t.wait { $0.contains("Could not save") }.ok, "the warning went away:\n\(t.screen)")

        // Space again: the next point is saved and shown, and that is said once.
        disk.free()
        t.send("Right")
        var after = onDisk
        after.scores[1] += 1
        #expect(t.wait { board.screenShows($0, after) && $0.contains("Saved again") && !$0.contains("Could not save") }.ok,
                "after space returned:\n\(t.screen)")
        #expect(board.reported(disk.path) == after, "\(board.reported(disk.path).map { "\($0)" } ?? "no match")")
        // A new match now starts, and the old one, every point of it, goes to the history.
        t.send("n")
        _ = t.wait { $0.contains("New match?") }
        t.send("y")
        _ = t.wait { $0.contains("Start") }
        t.send("Enter")
        let restarted = t.wait { _ in board.reported(disk.path)?.scores == [0, 0] }
        #expect(restarted.ok, "the new match did not start once space returned:\n\(t.screen)")
        #expect(!t.screen.contains("Saved again"), "said once:\n\(t.screen)")
        t.send("q")
        _ = t.exitStatus(timeout: 10)
        let journal = disk.file(BadmintonApp.journalFile)
        let history = disk.file(BadmintonApp.historyFile)
        #expect(Self.whole(journal, history: false) == nil, "journal: \(Self.whole(journal, history: false) ?? "")")
        #expect(Self.whole(history, history: true) == nil, "history: \(Self.whole(history, history: true) ?? "")")
        // The old match, with every point saved before the disk filled, is in the journal or,
        // moved there when the new match began, in the history.
        let kept = HistoryEntry.readAll(history ?? []).matches
        #expect(kept.contains { $0.startedAt == MatchEvent.parse(line: saved.split(separator: 0x0a)[0])?.time && $0.records.count >= after.scores.reduce(0, +) },
                "the old match is not in the history with its points")
        let export = Self.status(["badminton", "--export", "json"], disk.path)
        #expect(export.hasPrefix("{\"matches\":["), "\(export.prefix(200))")
        Fuzz.report("full disk, badminton: journal and history whole after a full disk and space again; the saved points kept; "
            + "a new match begun on the full disk left the old journal in place")
    }

    /// Stamps and coffee: a replaced state file is the old one or the new one, whole.
    @Test(.tmux, .mount, arguments: [("stamps", "Space", "STAMP CARD"), ("coffee", "+", "Order")])
    func aSnapshotIsAlwaysWhole(_ app: String, _ key: String, _ ready: String) throws {
        let disk = try Self.disk()
        let file = app == "stamps" ? "stamps.json" : "coffee.json"
        let report = app == "stamps" ? ["stamps", "--status"] : ["coffee", "--receipt"]
        let t = try TmuxSession(arguments: [app], configDir: disk.path)
        #expect(t.waitFor(ready, timeout: 15))
        // The coffee shop's + acts on the order, which Tab gives the focus.
        if app == "coffee" { t.send("Tab") }
        t.send(key)
        t.send(key)
        #expect(t.wait { _ in disk.file(file) != nil }.ok)
        t.barrier()
        let before = Self.status(report, disk.path)
        disk.fill()
        t.send(key)
        _ = t.wait { $0.contains("Could not save") }
        // Whole, and the last saved state (the key on the full disk did not reach it).
        #expect((try? JSONSerialization.jsonObject(with: Data(disk.file(file) ?? []))) != nil, "\(file) is not whole on a full disk")
        #expect(Self.status(report, disk.path) == before, "what was saved before the disk filled changed")
        #expect(t.screen.contains("Could not save \(file): No space left on device"), "no word of the failed save:\n\(t.screen)")
        // The screen shows what is saved: the key on the full disk is not shown as done.
        let shownCount = app == "stamps" ? "2 of 10 stamped" : "2 bags"
        #expect(t.wait { $0.contains(shownCount) }.ok, "the screen does not show the saved \(shownCount):\n\(t.screen)")
        t.send("Tab")  // saves nothing
        t.barrier()
        #expect(t.screen.contains("Could not save"), "the warning went away:\n\(t.screen)")
        t.send("Tab")
        disk.free()
        t.send(key)
        let savedCount = app == "stamps" ? "3 of 10 stamped" : "3 bags"
        #expect(t.wait { $0.contains(savedCount) && $0.contains("Saved again") && !$0.contains("Could not save") }.ok,
                "once space returned:\n\(t.screen)")
        t.send("q")
        _ = t.exitStatus(timeout: 10)
        #expect((try? JSONSerialization.jsonObject(with: Data(disk.file(file) ?? []))) != nil, "\(file) is not whole after space returned")
        let after = Self.status(report, disk.path)
        #expect(after != before, "nothing was saved once the space came back")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: disk.path)) ?? []).allSatisfy { !$0.contains(".next-") && !$0.contains(".tmp-") },
                "a side or temporary file was left: \((try? FileManager.default.contentsOfDirectory(atPath: disk.path)) ?? [])")
        Fuzz.report("full disk, \(app): \(file) whole on the full disk and after; saved state unchanged while full; saved again once space returned")
    }
}
