#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiStore

/// The store on a disk that fails: appends cut back, nothing glued onto a torn line, a
/// failed replacement that holds back the appends meant for it, lines kept and retried.
@Suite struct FileStoreAppendFaultTests {
    /// A store whose seam fails the next counted call (a short write, then ENOSPC).
    func faulty(_ dir: String, error: Int32 = ENOSPC) -> (FileStore, FaultInjector) {
        let f = FaultInjector(error: error)
        let store = FileStore(directory: dir, calls: f)
        return (store, f)
    }

    @Test func aFailedAppendIsCutBackToTheLastCompleteLine() throws {
        let tmp = TempDir()
        let (store, f) = faulty(tmp.path)
        f.counted = [.write]
        try store.append("journal", bytes: Array("{\"e\":\"start\"}\n".utf8))
        f.failAt = f.count + 1  // the next write: half of it lands, then ENOSPC
        #expect(throws: StoreError.self) { try store.append("journal", bytes: Array("{\"e\":\"point\",\"t\":1796}\n".utf8)) }
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n", "a torn line was left")
        f.failAt = nil
        try store.append("journal", bytes: Array("{\"e\":\"undo\"}\n".utf8))
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n{\"e\":\"undo\"}\n")
    }

    @Test func everyWayAnAppendCanFailLeavesWholeLines() throws {
        for error in [ENOSPC, EIO] {
            var n = 1
            while true {
                let tmp = TempDir()
                let f = FaultInjector(error: error)
                let store = FileStore(directory: tmp.path, calls: f)
                try? store.append("journal", bytes: Array("one\n".utf8))
                let before = f.count
                f.failAt = before + n
                let ok = (try? store.append("journal", bytes: Array("two two two\n".utf8))) != nil
                let reached = f.count >= before + n
                f.failAt = nil
                try? store.append("journal", bytes: Array("three\n".utf8))
                let text = readFile(tmp.file("journal")) ?? ""
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(text.isEmpty || text.hasSuffix("\n"), "\(error) at call \(n): \(text.debugDescription)")
                #expect(lines.dropLast().allSatisfy { ["one", "two two two", "three"].contains(String($0)) },
                        "\(error) at call \(n): a torn or glued line: \(text.debugDescription)")
                #expect(ok == text.contains("two two two"), "\(error) at call \(n): reported \(ok) for \(text.debugDescription)")
                if !reached { break }
                n += 1
            }
        }
    }

    @Test func anAppendNeverGluesOntoALineCutShort() throws {
        let tmp = TempDir()
        writeFile(tmp.file("history"), "{\"a\":1}\n{\"b\":")
        let store = FileStore(directory: tmp.path)
        try store.append("history", bytes: Array("{\"c\":3}\n".utf8))
        #expect(readFile(tmp.file("history")) == "{\"a\":1}\n{\"b\":\n{\"c\":3}\n")
    }

    @Test func aFailedReplacementHoldsBackTheAppendsMeantForIt() throws {
        let tmp = TempDir()
        let (store, f) = faulty(tmp.path)
        try store.write("journal", bytes: Array("old start\n".utf8))
        try store.append("journal", bytes: Array("old point\n".utf8))
        f.failAt = f.count + 1
        f.persistent = true
        #expect(throws: StoreError.self) { try store.write("journal", bytes: Array("new start\n".utf8)) }
        f.failAt = nil
        // The new match's point must not land in the old match's journal.
        #expect(throws: StoreError.self) { try store.append("journal", bytes: Array("new point\n".utf8)) }
        #expect(readFile(tmp.file("journal")) == "old start\nold point\n")
        // Once the file is written again, appends go on.
        try store.write("journal", bytes: Array("new start\n".utf8))
        try store.append("journal", bytes: Array("new point\n".utf8))
        #expect(readFile(tmp.file("journal")) == "new start\nnew point\n")
    }

    @Test func aFailedReplacementCanBeAbandonedSoTheOldFileGoesOn() throws {
        let tmp = TempDir()
        let (store, f) = faulty(tmp.path)
        try store.write("journal", bytes: Array("old start\n".utf8))
        f.failAt = f.count + 1
        #expect(throws: StoreError.self) { try store.write("journal", bytes: Array("new start\n".utf8)) }
        f.failAt = nil
        store.abandonFailedReplacement("journal")
        try store.append("journal", bytes: Array("old point\n".utf8))
        #expect(readFile(tmp.file("journal")) == "old start\nold point\n")
    }

    /// The history line of a finished match: kept when the disk refuses it, written before
    /// anything else once it takes it, and nothing written after it gets ahead of it (the
    /// old match's journal is not replaced while its history line is only in memory).
    @Test func aRetainedLineIsKeptRetriedAndHoldsBackWhatFollows() throws {
        let tmp = TempDir()
        let (store, f) = faulty(tmp.path)
        store.retainFailedAppends(to: "history")
        try store.write("journal", bytes: Array("old match\n".utf8))
        f.failAt = f.count + 1
        f.persistent = true
        #expect(throws: StoreError.self) { try store.append("history", bytes: Array("old match\n".utf8)) }
        #expect(throws: StoreError.self) { try store.write("journal", bytes: Array("new match\n".utf8)) }
        #expect(readFile(tmp.file("journal")) == "old match\n", "the old match is on disk only in its journal")
        #expect(readFile(tmp.file("history")) ?? "" == "")
        // Space again: the line kept goes first.
        f.failAt = nil
        store.abandonFailedReplacement("journal")
        try store.write("journal", bytes: Array("new match\n".utf8))
        #expect(readFile(tmp.file("history")) == "old match\n")
        #expect(readFile(tmp.file("journal")) == "new match\n")
        #expect(store.takeNotices().joined(separator: " ").contains("history"))
    }

    @Test func aRetainedLineIsWrittenAtTheNextSync() throws {
        let tmp = TempDir()
        let (store, f) = faulty(tmp.path)
        store.retainFailedAppends(to: "history")
        f.failAt = f.count + 1
        #expect(throws: StoreError.self) { try store.append("history", bytes: Array("match\n".utf8)) }
        store.sync()
        #expect(readFile(tmp.file("history")) == "match\n")
    }
}

/// A replaced file's data reaches the disk before its name, the directory after; a killed
/// process still keeps what the screen showed; leftovers of a kill are cleaned at start.
@Suite struct FileStoreDurabilityTests {
    /// Every rename onto a file's name comes after an fsync of the file renamed.
    func renamesFollowTheirData(_ calls: [RecordedCall], _ dir: String) -> [String] {
        var synced: Set<UInt64> = []
        var inodes: [String: UInt64] = [:]
        var problems: [String] = []
        for c in calls {
            switch c {
            case let .create(path, ino): inodes[path] = ino
            case .write(let ino, _, _), .truncate(let ino, _), .truncateOnOpen(let ino): synced.remove(ino)
            case .syncFile(let ino): synced.insert(ino)
            case let .rename(from, to):
                if let ino = inodes[from], !synced.contains(ino) { problems.append("\(from) renamed to \(to) before its data was synced") }
                inodes[to] = inodes[from]
                inodes[from] = nil
            default: break
            }
        }
        return problems
    }

    @Test func aReplacedFilesDataIsSyncedBeforeItsName() throws {
        let tmp = TempDir()
        let rec = CallRecorder()
        let store = FileStore(directory: tmp.path, calls: rec)
        store.syncAfterFrame = true
        try store.write("stamps.json", bytes: Array("one".utf8))
        store.sync()
        try store.write("stamps.json", bytes: Array("two".utf8))
        try store.write("stamps.json", bytes: Array("three".utf8))
        store.sync()
        let problems = renamesFollowTheirData(rec.calls, tmp.path)
        #expect(problems.isEmpty, "\(problems)")
        // The directory is synced after the last rename.
        let lastRename = rec.calls.lastIndex { if case .rename = $0 { return true } else { return false } } ?? -1
        let lastDirSync = rec.calls.lastIndex { if case .syncDirectory = $0 { return true } else { return false } } ?? -1
        #expect(lastRename >= 0 && lastDirSync > lastRename)
        #expect(readFile(tmp.file("stamps.json")) == "three")
        #expect(entries(tmp.path) == ["stamps.json"])
    }

    /// What the frame showed is saved before the frame: a process killed right after it
    /// (before `sync`) loses nothing, and the next start finds it.
    @Test func whatWasWrittenBeforeTheFrameSurvivesAKill() throws {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        store.syncAfterFrame = true
        try store.write("stamps.json", bytes: Array("one".utf8))
        store.sync()
        try store.write("stamps.json", bytes: Array("two".utf8))
        // Killed here: no sync.
        store.dropAsIfKilled()
        // A command that only reads sees it, and changes nothing:
        let quiet = FileStore(directory: tmp.path, readOnly: true)
        #expect(quiet.readBytes("stamps.json") == Array("two".utf8))
        // The next start finds it and makes it the file.
        let next = FileStore(directory: tmp.path)
        #expect(next.readBytes("stamps.json") == Array("two".utf8))
        #expect(entries(tmp.path) == ["stamps.json"])
        #expect(readFile(tmp.file("stamps.json")) == "two")
    }

    @Test func tempFilesLeftByAKillAreRemovedAtStart() throws {
        let tmp = TempDir()
        writeFile(tmp.file("stamps.json"), "kept")
        writeFile(tmp.file(".stamps.json.tmp-999999"), "half a sa")
        writeFile(tmp.file(".coffee.json.next-5-99-00000000-x"), "torn")
        _ = FileStore(directory: tmp.path)
        #expect(entries(tmp.path) == ["stamps.json"])
        #expect(readFile(tmp.file("stamps.json")) == "kept")
    }
}

/// Only regular files are read or written, and nothing blocks.
@Suite struct FileStoreFileKindTests {
    /// Runs `body` on a thread; false when it has not finished in `seconds`.
    func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    /// A blocked open of a FIFO is released by opening its other end.
    func release(_ fifo: String) {
        let fd = open(fifo, O_RDWR | O_NONBLOCK)
        if fd >= 0 { close(fd) }
    }

    @Test func aFIFOInPlaceOfAStateFileIsDamagedAndNeverBlocks() {
        let tmp = TempDir()
        #expect(mkfifo(tmp.file("stamps.json"), 0o600) == 0)
        let dir = tmp.path
        let result = Locked<[String]>([])
        let ok = finishes(within: 3) {
            let store = FileStore(directory: dir, clock: { fixedNow })
            _ = store.load(Tally.self, from: "stamps.json", version: 1)
            result.withLock { $0 = store.takeNotices() }
        }
        if !ok { release(tmp.file("stamps.json")) }
        #expect(ok, "reading a FIFO blocked")
        let notice = result.withLock { $0 }.joined()
        #expect(notice.contains("FIFO"), "\(notice)")
        #expect(entries(tmp.path).contains("stamps.json.corrupt-\(stamp)"))
    }

    @Test func aFIFOInPlaceOfAJournalNeverBlocksAnAppend() {
        let tmp = TempDir()
        #expect(mkfifo(tmp.file("journal"), 0o600) == 0)
        let dir = tmp.path
        let ok = finishes(within: 3) {
            let store = FileStore(directory: dir, clock: { fixedNow })
            try? store.append("journal", bytes: Array("x\n".utf8))
        }
        if !ok { release(tmp.file("journal")) }
        #expect(ok, "appending to a FIFO blocked")
        // The FIFO is kept aside, as any damage; the line starts a fresh file.
        #expect(entries(tmp.path) == ["journal", "journal.corrupt-\(stamp)"])
        #expect(readFile(tmp.file("journal")) == "x\n")
    }

    @Test func aFIFOThemeNeverBlocks() {
        let tmp = TempDir()
        #expect(mkfifo(tmp.file("x.theme"), 0o600) == 0)
        let path = tmp.file("x.theme")
        let ok = finishes(within: 3) { _ = FileSystem.readText(path) }
        if !ok { release(path) }
        #expect(ok, "reading a FIFO theme blocked")
        guard case .failure(let e) = FileSystem.readText(path) else {
            Issue.record("a FIFO read as a theme")
            return
        }
        #expect(e.message.contains("FIFO"), "\(e.message)")
    }

    @Test func aLockFileThatIsNotAFileMeansReadOnly() {
        for make in ["symlink", "directory", "fifo"] {
            let tmp = TempDir()
            switch make {
            case "symlink": _ = symlink(tmp.file("elsewhere"), tmp.file("badminton.lock"))
            case "directory": _ = mkdir(tmp.file("badminton.lock"), 0o700)
            default: _ = mkfifo(tmp.file("badminton.lock"), 0o600)
            }
            let a = FileStore(directory: tmp.path)
            let b = FileStore(directory: tmp.path)
            #expect(!a.lock("badminton"), "\(make): a lock file that is a \(make) gave a keeper")
            #expect(!b.lock("badminton"), "\(make): two keepers")
            #expect(a.takeNotices().joined().contains("badminton.lock"), "\(make)")
        }
    }

    @Test func aConfigDirectoryThatIsAFileSaysSo() {
        let tmp = TempDir()
        writeFile(tmp.file("plain"), "x")
        errno = ENOTTY  // a stale errno from an earlier call must not be reported
        let store = FileStore(directory: tmp.file("plain"))
        let notice = store.takeNotices().joined()
        #expect(notice.contains("Not a directory") || notice.contains("not a directory"), "\(notice)")
        #expect(!notice.contains("Inappropriate ioctl"), "\(notice)")
    }
}

/// Commands that only read change nothing on disk.
@Suite struct FileStoreReadOnlyTests {
    @Test func aReadOnlyStoreCreatesNothing() {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.file("x/y/z"), readOnly: true)
        #expect(store.readBytes("stamps.json") == nil)
        #expect(store.preference("theme") == nil)
        #expect(!FileManager.default.fileExists(atPath: tmp.file("x")))
        #expect(!store.canWrite)
    }

    @Test func aReadOnlyStoreReportsDamageAndMovesNothing() {
        let tmp = TempDir()
        writeFile(tmp.file("stamps.json"), "{ not json")
        _ = symlink(tmp.file("elsewhere"), tmp.file("config"))
        let store = FileStore(directory: tmp.path, readOnly: true)
        #expect(store.load(Tally.self, from: "stamps.json", version: 1) == nil)
        #expect(store.preference("theme") == nil)
        #expect(entries(tmp.path) == ["config", "stamps.json"])
        #expect(readFile(tmp.file("stamps.json")) == "{ not json")
        let notices = store.takeNotices().joined(separator: "\n")
        #expect(notices.contains("stamps.json"), "\(notices)")
        #expect(notices.contains("config"), "\(notices)")
        #expect(store.reportedDamage)
    }
}

/// Journals and the history are read as streams: any size, a damaged line costs that line.
@Suite struct FileStoreStreamTests {
    @Test func aHistoryBiggerThanTheSnapshotLimitIsReadLineByLine() {
        let tmp = TempDir()
        let line = String(repeating: "x", count: 1000) + "\n"
        let fd = open(tmp.file("history"), O_CREAT | O_WRONLY, 0o600)
        let chunk = Array(String(repeating: line, count: 1000).utf8)
        for _ in 0..<10 { _ = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }  // 10 MB
        close(fd)
        let store = FileStore(directory: tmp.path)
        store.readLimit = 1 << 20
        var lines = 0
        let outcome = store.readLines("history") { l in
            if l.count == 1000 { lines += 1 }
        }
        #expect(outcome?.endsMidLine == false)
        #expect(lines == 10_000)
        #expect(entries(tmp.path) == ["history"], "the history was moved aside")
        #expect(store.takeNotices().isEmpty)
    }
}

/// The pieces phase 2 wires into the shell: a read-modify-write of one file under a lock
/// (two copies changing different settings keep both), locks that say why not.
@Suite struct FileStoreSharedTests {
    @Test func twoCopiesChangingDifferentSettingsKeepBoth() throws {
        let tmp = TempDir()
        let a = FileStore(directory: tmp.path)
        let b = FileStore(directory: tmp.path)
        a.syncAfterFrame = true
        b.syncAfterFrame = true
        func setting(_ store: FileStore, _ key: String, _ value: String) throws {
            try store.update("config") { old in
                var c = ConfigFile(text: old.map { String(decoding: $0, as: UTF8.self) } ?? "")
                c.set(key, value)
                return Array(c.text.utf8)
            }
        }
        try setting(a, "stamps.daily", "on")
        try setting(b, "theme", "mono")
        try setting(a, "sound", "no")
        let c = ConfigFile(text: readFile(tmp.file("config")) ?? "")
        #expect(c.value("stamps.daily") == "on" && c.value("theme") == "mono" && c.value("sound") == "no", "\(c.text)")
        // Written through to the disk before the lock is let go: no side file waits.
        #expect(entries(tmp.path).filter { $0.contains(".next-") }.isEmpty, "\(entries(tmp.path))")
    }

    @Test func anUpdateThatCannotBeSavedSaysSo() {
        let tmp = TempDir()
        let f = FaultInjector(error: ENOSPC)
        let store = FileStore(directory: tmp.path, calls: f)
        f.failAt = f.count + 1
        f.persistent = true
        #expect(throws: StoreError.self) { try store.update("config") { _ in Array("theme = mono\n".utf8) } }
        f.failAt = nil
        #expect(readFile(tmp.file("config")) == nil)
    }

    @Test func aLockSaysWhyNot() {
        let tmp = TempDir()
        let a = FileStore(directory: tmp.path)
        let b = FileStore(directory: tmp.path)
        #expect(a.tryLock("stamps") == .acquired)
        #expect(b.tryLock("stamps") == .heldByAnother)
        _ = mkdir(tmp.file("coffee.lock"), 0o700)
        guard case .unusable(let why) = b.tryLock("coffee") else {
            Issue.record("a directory as a lock file")
            return
        }
        #expect(why.contains("coffee.lock") && why.contains("directory"), "\(why)")
        a.unlock("stamps")
        #expect(b.tryLock("stamps") == .acquired)
    }
}

@Suite struct SideFileTests {
    @Test func aSideFileNameCarriesWhatAStartNeeds() {
        let content = ContentIdentity(of: Array("four stamps".utf8))
        let base = ContentIdentity(of: Array("three stamps".utf8))
        let side = SideFile(file: "stamps.json", sequence: 1_796_000_000_123_456, content: content, base: base)
        #expect(side.name.hasPrefix(".stamps.json.next-1796000000123456-11-"))
        #expect(SideFile(name: side.name) == side)
        let first = SideFile(file: "config", sequence: 7, content: content, base: nil)
        #expect(first.name.hasSuffix("-x") && SideFile(name: first.name) == first)
        // A file's own name may hold the marker; the fields are read from the end.
        let odd = SideFile(file: "a.next-b", sequence: 3, content: content, base: base)
        #expect(SideFile(name: odd.name) == odd)
        for bad in ["stamps.json", ".stamps.json.next-", ".stamps.json.next-1-2-zz-x", ".s.next-1-2-00000000-y", "..next-1-2-00000000-x",
                    ".s.next-99999999999999999999999-2-00000000-x"] {
            #expect(SideFile(name: bad) == nil, "\(bad)")
        }
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926, "the standard check value")
    }

    /// The byte search a start reads directory entries with finds what the string-processing
    /// library's `ranges(of:).last` finds, for names of ASCII and of anything else.
    @Test func theMarkerIsFoundWhereRangesOfFindsIt() {
        var rng = FuzzRandom(seed: 15)
        let pieces = [".", "next", "-", ".next-", ".tmp-", "tmp", "x", "7", "é", "e\u{301}", "\u{301}", "-\u{301}", "\r", "\n", "\r\n", "🏸", " "]
        for _ in 0..<4000 {
            var name = ""
            for _ in 0..<rng.int(0...8) { name += rng.pick(pieces) }
            for marker in [SideFile.marker, ".tmp-"] {
                let fast = SideFile.lastRange(of: marker, in: name)
                let slow = name.ranges(of: marker).last
                #expect(fast == slow, "\(name.debugDescription) \(marker)")
            }
        }
    }
}

@Suite struct FileStoreVanishingTests {
    /// The config directory removed while Termini runs: every save says it failed, none
    /// traps, and nothing is written anywhere else.
    @Test func aDirectoryThatVanishesFailsEverySave() throws {
        let tmp = TempDir()
        let dir = tmp.file("cfg")
        let store = FileStore(directory: dir)
        store.syncAfterFrame = true
        try store.write("stamps.json", bytes: Array("one".utf8))
        store.sync()
        try FileManager.default.removeItem(atPath: dir)
        #expect(throws: StoreError.self) { try store.write("stamps.json", bytes: Array("two".utf8)) }
        #expect(throws: StoreError.self) { try store.append("journal", bytes: Array("x\n".utf8)) }
        store.sync()
        #expect(!FileManager.default.fileExists(atPath: dir))
        #expect(store.takeNotices().allSatisfy { !$0.isEmpty })
    }
}
