#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiStore

@Suite struct FileStoreWritingTests {
    @Test func createsItsDirectoryPrivate() {
        let tmp = TempDir()
        let dir = tmp.file("conf/termini")
        let store = FileStore(directory: dir)
        #expect(store.canWrite)
        #expect(mode(dir) == 0o700)
        #expect(mode(tmp.file("conf")) == 0o700)
        #expect(store.takeNotices().isEmpty)
    }

    @Test func atomicWrite() throws {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        try store.write("state.json", bytes: Array("one".utf8))
        #expect(readFile(tmp.file("state.json")) == "one")
        #expect(mode(tmp.file("state.json")) == 0o600)
        try store.write("state.json", bytes: Array("two".utf8))
        #expect(readFile(tmp.file("state.json")) == "two")
        // No temporary file is left behind.
        #expect(entries(tmp.path) == ["state.json"])
        #expect(store.takeNotices().isEmpty)
    }

    /// The loop's mode: a replaced file's bytes are in it at once (a killed process loses
    /// nothing), its fsyncs wait for `sync()` after the frame; a journal append is synced
    /// before it returns; no descriptor is left open after the sync.
    @Test func syncAfterFrameWritesAtOnceAndSyncsLater() throws {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        store.syncAfterFrame = true
        try store.write("state.json", bytes: Array("one".utf8))
        try store.write("state.json", bytes: Array("two".utf8))
        try store.append("journal", bytes: Array("a\n".utf8))
        try store.append("journal", bytes: Array("b\n".utf8))
        #expect(store.readBytes("state.json") == Array("two".utf8))
        #expect(readFile(tmp.file("journal")) == "a\nb\n")
        #expect(store.pending.map(\.file) == ["state.json"], "only the last copy of the state waits for the sync")
        #expect(entries(tmp.path).count == 2, "one side file for the state, the first copy's removed: \(entries(tmp.path))")
        // Each descriptor with the file it names: a test running beside this one may be given
        // a closed descriptor's number at once, so closed means "no longer names that file".
        func named(_ fd: Int32) -> [UInt]? {
            var st = stat()
            return fstat(fd, &st) == 0 ? [UInt(st.st_dev), UInt(st.st_ino)] : nil
        }
        let fds = store.pending.map { ($0.fd, named($0.fd)) }
        #expect(fds.allSatisfy { $0.1 != nil })
        store.sync()
        #expect(store.pending.isEmpty)
        #expect(fds.allSatisfy { fd, file in named(fd) != file }, "no descriptor left open")
        #expect(entries(tmp.path) == ["journal", "state.json"])
        #expect(readFile(tmp.file("state.json")) == "two")
        store.sync()
        #expect(store.takeNotices().isEmpty)
    }

    @Test func rewriteMakesAnOpenFilePrivate() throws {
        let tmp = TempDir()
        writeFile(tmp.file("state.json"), "old")
        _ = chmod(tmp.file("state.json"), 0o644)
        let store = FileStore(directory: tmp.path)
        try store.write("state.json", bytes: Array("new".utf8))
        #expect(mode(tmp.file("state.json")) == 0o600)
        #expect(readFile(tmp.file("state.json")) == "new")
    }

    @Test func append() throws {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        try store.append("journal", bytes: Array("a\n".utf8))
        try store.append("journal", bytes: Array("b\n".utf8))
        #expect(readFile(tmp.file("journal")) == "a\nb\n")
        #expect(mode(tmp.file("journal")) == 0o600)
        #expect(store.readBytes("journal") == Array("a\nb\n".utf8))
    }

    @Test func remove() throws {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        try store.write("x", bytes: [1])
        store.remove("x")
        store.remove("never-there")
        #expect(entries(tmp.path).isEmpty)
    }

    @Test func namesMustBePlain() {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        for bad in ["../escape", "a/b", "..", ".", ""] {
            #expect(store.path(bad) == nil, "\(bad)")
            #expect(throws: StoreError.nowhere) { try store.write(bad, bytes: [1]) }
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/../escape"))
        #expect(store.path("state.json") == tmp.file("state.json"))
    }

    @Test func noDirectoryMeansNoSaving() {
        let store = FileStore(directory: nil)
        #expect(!store.canWrite)
        #expect(throws: StoreError.nowhere) { try store.write("a", bytes: [1]) }
        #expect(store.load(Tally.self, from: "a", version: 1) == nil)
        #expect(store.lock("match"))
    }
}

@Suite struct FileStoreReadingTests {
    @Test func roundTrip() throws {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        let value = Tally(count: 3, names: ["民權", "😁"])
        try store.write("tally.json", bytes: envelope(value, version: 2))
        #expect(store.load(Tally.self, from: "tally.json", version: 2) == value)
        #expect(FileStore(directory: tmp.path).load(Tally.self, from: "tally.json", version: 3) == value)
        #expect(store.takeNotices().isEmpty)
    }

    @Test func missingFileIsNilWithoutANotice() {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        #expect(store.load(Tally.self, from: "none.json", version: 1) == nil)
        #expect(store.readBytes("none.json") == nil)
        #expect(store.takeNotices().isEmpty)
    }

    /// Loads `name` holding `text` and checks it was kept aside, with a notice naming it.
    func expectKeptAside(_ text: String, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let tmp = TempDir()
        writeFile(tmp.file("tally.json"), text)
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        #expect(store.load(Tally.self, from: "tally.json", version: 1) == nil, sourceLocation: sourceLocation)
        let aside = "tally.json.corrupt-\(stamp)"
        #expect(entries(tmp.path) == [aside], sourceLocation: sourceLocation)
        #expect(readFile(tmp.file(aside)) == text, sourceLocation: sourceLocation)
        let notices = store.takeNotices()
        #expect(notices.count == 1, sourceLocation: sourceLocation)
        let notice = notices.first ?? ""
        #expect(notice.contains(aside), "\(notice)", sourceLocation: sourceLocation)
        for w in words {
            #expect(notice.contains(w), "\(notice)", sourceLocation: sourceLocation)
        }
    }

    @Test func corruptFileIsKeptAside() {
        expectKeptAside("{ this is not json", mentioning: ["not valid JSON"])
    }

    @Test func emptyFileIsKeptAside() {
        expectKeptAside("", mentioning: ["empty"])
    }

    @Test func futureFileIsKeptAside() {
        expectKeptAside(#"{"format": 7, "data": {"count": 1, "names": []}}"#, mentioning: ["newer"])
    }

    @Test func wrongShapeIsKeptAside() {
        expectKeptAside(#"{"format": 1, "data": {"count": "three"}}"#, mentioning: ["unexpected content"])
    }

    @Test func aSecondBadFileInTheSameSecondGetsItsOwnName() {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        writeFile(tmp.file("t.json"), "bad")
        _ = store.load(Tally.self, from: "t.json", version: 1)
        writeFile(tmp.file("t.json"), "worse")
        _ = store.load(Tally.self, from: "t.json", version: 1)
        #expect(entries(tmp.path) == ["t.json.corrupt-\(stamp)", "t.json.corrupt-\(stamp)-2"])
        #expect(readFile(tmp.file("t.json.corrupt-\(stamp)")) == "bad")
        #expect(readFile(tmp.file("t.json.corrupt-\(stamp)-2")) == "worse")
    }

    @Test func afterKeepingAsideANewFileCanBeWritten() throws {
        let tmp = TempDir()
        writeFile(tmp.file("t.json"), "bad")
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        _ = store.load(Tally.self, from: "t.json", version: 1)
        try store.write("t.json", bytes: envelope(Tally(count: 1, names: [])))
        #expect(store.load(Tally.self, from: "t.json", version: 1) == Tally(count: 1, names: []))
        #expect(readFile(tmp.file("t.json.corrupt-\(stamp)")) == "bad")
    }

    @Test func aSymlinkIsKeptAsideAndNeverWrittenThrough() throws {
        let tmp = TempDir()
        let elsewhere = TempDir()
        let target = elsewhere.file("precious")
        writeFile(target, "precious")
        #expect(symlink(target, tmp.file("t.json")) == 0)
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        #expect(store.load(Tally.self, from: "t.json", version: 1) == nil)
        let notice = store.takeNotices().joined()
        #expect(notice.contains("t.json is a symbolic link; Termini does not follow links"), "\(notice)")
        // The link itself moved aside, still pointing where it did.
        #expect(isSymlink(tmp.file("t.json.corrupt-\(stamp)")))
        try store.write("t.json", bytes: envelope(Tally(count: 1, names: [])))
        #expect(!isSymlink(tmp.file("t.json")))
        #expect(readFile(target) == "precious")
    }

    @Test func writingOverASymlinkReplacesTheLinkNotItsTarget() throws {
        let tmp = TempDir()
        let elsewhere = TempDir()
        let target = elsewhere.file("precious")
        writeFile(target, "precious")
        #expect(symlink(target, tmp.file("t.json")) == 0)
        let store = FileStore(directory: tmp.path)
        try store.write("t.json", bytes: Array("mine".utf8))
        #expect(!isSymlink(tmp.file("t.json")))
        #expect(readFile(tmp.file("t.json")) == "mine")
        #expect(readFile(target) == "precious")
        // Appending never follows a link either: the link is kept aside, the line starts a file.
        #expect(symlink(target, tmp.file("journal")) == 0)
        try store.append("journal", bytes: Array("x".utf8))
        #expect(readFile(target) == "precious")
        #expect(!isSymlink(tmp.file("journal")))
        #expect(readFile(tmp.file("journal")) == "x")
    }

    @Test func aDirectoryInPlaceIsKeptAside() throws {
        let tmp = TempDir()
        #expect(mkdir(tmp.file("t.json"), 0o700) == 0)
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        #expect(store.load(Tally.self, from: "t.json", version: 1) == nil)
        #expect(store.takeNotices().joined().contains("is a directory"))
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.json.corrupt-\(stamp)"), isDirectory: &isDir) && isDir.boolValue)
        try store.write("t.json", bytes: [1])
        #expect(store.readBytes("t.json") == [1])
    }

    @Test func aHugeFileIsNotRead() {
        let tmp = TempDir()
        let path = tmp.file("t.json")
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 50 << 20) == 0)  // 50 MB, sparse: made in no time
        close(fd)
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        #expect(store.load(Tally.self, from: "t.json", version: 1) == nil)
        let notice = store.takeNotices().joined()
        #expect(notice.contains("50 MB"), "\(notice)")
        #expect(entries(tmp.path) == ["t.json.corrupt-\(stamp)"])
    }

    @Test func keepingAsideAMissingFileOnlyTells() {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        #expect(store.keepAside("gone.json", reason: "gone.json is odd") == nil)
        #expect(store.takeNotices() == ["gone.json is odd"])
        #expect(entries(tmp.path).isEmpty)
    }

    @Test func noticesAreSanitizedAndTakenOnce() {
        let store = FileStore(directory: nil)
        store.notice("bad\u{1b}[2J name")
        #expect(store.takeNotices() == ["bad[2J name"])
        #expect(store.takeNotices().isEmpty)
    }
}

@Suite struct FileStorePermissionTests {
    @Test func aDirectoryThatCannotBeCreatedMeansNoSaving() {
        let tmp = TempDir()
        writeFile(tmp.file("plain-file"), "x")
        // A file stands where a parent directory should be: even root cannot create it.
        let store = FileStore(directory: tmp.file("plain-file/termini"))
        #expect(!store.canWrite)
        let notices = store.takeNotices()
        #expect(notices.count == 1)
        #expect(notices.first?.contains("Not saving") == true, "\(notices)")
        #expect(throws: StoreError.readOnly) { try store.write("a", bytes: [1]) }
        #expect(throws: StoreError.readOnly) { try store.append("a", bytes: [1]) }
        #expect(store.takeNotices().isEmpty)  // told once
    }

    @Test(.enabled(if: !runningAsRoot, "root reads files whatever their permissions; run as a normal user"))
    func anUnreadableFileIsKeptAside() {
        let tmp = TempDir()
        writeFile(tmp.file("t.json"), "secret")
        _ = chmod(tmp.file("t.json"), 0o000)
        let store = FileStore(directory: tmp.path, clock: { fixedNow })
        #expect(store.load(Tally.self, from: "t.json", version: 1) == nil)
        #expect(store.takeNotices().joined().contains("cannot read t.json"))
        #expect(entries(tmp.path) == ["t.json.corrupt-\(stamp)"])
    }

    @Test(.enabled(if: !runningAsRoot, "root writes into read-only directories; run as a normal user"))
    func aReadOnlyDirectoryGivesOneNotice() {
        let tmp = TempDir()
        _ = chmod(tmp.path, 0o500)
        let store = FileStore(directory: tmp.path)
        #expect(!store.canWrite)
        #expect(throws: StoreError.readOnly) { try store.write("a", bytes: [1]) }
        #expect(throws: StoreError.readOnly) { try store.write("b", bytes: [1]) }
        let notices = store.takeNotices()
        #expect(notices.count == 1, "\(notices)")
        #expect(notices.first?.contains("read-only") == true, "\(notices)")
    }

    @Test(.enabled(if: !runningAsRoot, "root writes into read-only directories; run as a normal user"))
    func aDirectoryThatTurnsReadOnlyStopsSaving() {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        #expect(store.canWrite)
        _ = chmod(tmp.path, 0o500)
        #expect(throws: StoreError.self) { try store.write("a", bytes: [1]) }
        #expect(!store.canWrite)
        #expect(throws: StoreError.readOnly) { try store.write("a", bytes: [1]) }
        #expect(store.takeNotices().count == 1)
        #expect(entries(tmp.path).isEmpty)  // no temp file left
    }

    @Test(.enabled(if: !runningAsRoot, "root renames in read-only directories; run as a normal user"))
    func aBadFileThatCannotBeMovedAsideIsNeverOverwritten() {
        let tmp = TempDir()
        writeFile(tmp.file("t.json"), "bad")
        let store = FileStore(directory: tmp.path)
        _ = chmod(tmp.path, 0o500)
        #expect(store.load(Tally.self, from: "t.json", version: 1) == nil)
        _ = chmod(tmp.path, 0o700)
        #expect(store.takeNotices().joined().contains("will not be overwritten"))
        #expect(throws: StoreError.protected("t.json")) { try store.write("t.json", bytes: [1]) }
        #expect(readFile(tmp.file("t.json")) == "bad")
    }
}

@Suite struct FileStoreLockTests {
    @Test func aSecondStoreCannotLockWhileTheFirstHolds() {
        let tmp = TempDir()
        let first = FileStore(directory: tmp.path)
        let second = FileStore(directory: tmp.path)
        #expect(first.lock("match"))
        #expect(first.lock("match"))  // holding it already
        #expect(!second.lock("match"))
        #expect(second.lock("other"))
        first.unlock("match")
        #expect(second.lock("match"))
        #expect(!first.lock("match"))
        #expect(mode(tmp.file("match.lock")) == 0o600)
    }

    @Test func aLockIsReleasedWhenItsStoreGoesAway() {
        let tmp = TempDir()
        var first: FileStore? = FileStore(directory: tmp.path)
        #expect(first?.lock("match") == true)
        let second = FileStore(directory: tmp.path)
        #expect(!second.lock("match"))
        first = nil
        #expect(second.lock("match"))
    }

    /// The lock file names its holder's process, whatever it held before (an earlier
    /// holder's longer or shorter number, nothing, a stray line).
    @Test func aLockFileHoldsOnlyItsHoldersProcess() {
        for before in ["", "7\n", "123456789012345678\n", "\(getpid())\n", "not a number at all, and long\n"] {
            let tmp = TempDir()
            writeFile(tmp.file("match.lock"), before)
            let store = FileStore(directory: tmp.path)
            #expect(store.lock("match"))
            #expect(readFile(tmp.file("match.lock")) == "\(getpid())\n", "before: \(before.debugDescription)")
        }
    }

    /// Truncating a file that has blocks costs ext4 a journal transaction (0.25 ms of every
    /// app's start): the lock file is cut only when it held more than the new number.
    @Test func takingALockCutsTheFileOnlyWhenItHeldMore() {
        let pidLine = "\(getpid())\n"
        for (before, cuts) in [(String(repeating: "9", count: pidLine.count - 1) + "\n", 0), ("", 0), ("1\n", 0),
                               ("123456789012345678\n", 1)] {
            let tmp = TempDir()
            writeFile(tmp.file("match.lock"), before)
            let calls = FaultInjector(error: EIO, counted: [.ftruncate])
            let store = FileStore(directory: tmp.path, calls: calls)
            #expect(store.lock("match"))
            #expect(calls.count == cuts, "before: \(before.debugDescription)")
            #expect(readFile(tmp.file("match.lock")) == pidLine)
        }
    }
}

@Suite struct FileSystemTests {
    @Test func readTextAndList() {
        let tmp = TempDir()
        writeFile(tmp.file("b.theme"), "accent = red\n")
        writeFile(tmp.file("a.theme"), "")
        #expect(FileSystem.list(tmp.path) == ["a.theme", "b.theme"])
        #expect(FileSystem.list(tmp.file("nope")).isEmpty)
        #expect(FileSystem.readText(tmp.file("b.theme")) == .success("accent = red\n"))
        guard case .failure(let e) = FileSystem.readText(tmp.file("nope")) else {
            Issue.record("read a missing file")
            return
        }
        #expect(e.message.contains("no such file"))
        guard case .failure = FileSystem.readText(tmp.path) else {
            Issue.record("read a directory")
            return
        }
        guard case .failure = FileSystem.readText(tmp.file("b.theme"), limit: 4) else {
            Issue.record("read past the limit")
            return
        }
        #expect(FileSystem.isDirectory(tmp.path))
        #expect(!FileSystem.isDirectory(tmp.file("a.theme")))
        #expect(FileSystem.exists(tmp.file("a.theme")))
        #expect(FileSystem.dirname("/a/b/c") == "/a/b")
        #expect(FileSystem.dirname("/a") == "/")
        #expect(FileSystem.dirname("a") == ".")
        #expect(FileSystem.dirname("/a/b/") == "/a")
    }
}

