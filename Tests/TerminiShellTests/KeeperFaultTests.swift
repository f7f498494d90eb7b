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
@testable import Stamps

/// Issue 24's keeper faults, in process: two shells, each with a store of its own, on one
/// config directory (two stores hold two open files, so their locks exclude each other as two
/// processes' do).
@Suite struct KeeperFaultTests {
    final class Dir {
        let tmp = TempDir("termini-keeper-faults")
        var path: String { tmp.path }
        func shell(_ app: String = "stamps", deferred: Bool = false) -> (Shell, FileStore) {
            let store = FileStore(directory: path)
            store.syncAfterFrame = deferred
            return (Shell(store: store, config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: true,
                          monochrome: false, catalog: nil, open: app, notices: [], now: 0), store)
        }
        /// What a fresh start reads (`termini stamps --status`).
        var onDisk: Int { (FileStore(directory: path, readOnly: true).load(StampCard.self, from: StampsApp.file, version: StampsApp.version))?.count ?? 0 }
    }

    func stamps(_ shell: Shell) -> Int { ((shell.apps["stamps"] as? StampsApp)?.card.count) ?? -1 }

    /// Issue 24, fault 2: A stamps twice; `rm stamps.lock`; B starts; B, A, B each stamp. Before:
    /// B started as a second keeper, the disk had 4, A showed 3, B showed 4. Now A notices at its
    /// next save that its lock is no longer the file at that path: it saves nothing, says so, and
    /// follows B; what each shows is what the disk holds.
    @Test func removingTheLockFileNeverGivesTwoKeepers() throws {
        let dir = Dir()
        let (a, _) = dir.shell()
        a.press(.char(" "), .char(" "))
        #expect(dir.onDisk == 2)
        #expect(unlink(dir.path + "/stamps.lock") == 0)
        let (b, _) = dir.shell()
        #expect(b.keeping["stamps"] == .keeper)
        b.press(.char(" "))
        #expect(dir.onDisk == 3)
        a.press(.char(" "))
        #expect(dir.onDisk == 3, "A saved as a second keeper")
        #expect(a.keeping["stamps"] != .keeper, "A still thinks it keeps the card")
        #expect(a.notices.texts.contains { $0.contains("stamps.lock") && $0.contains("removed") }, "\(a.notices.texts)")
        #expect(stamps(a) <= dir.onDisk, "A shows a stamp the disk does not hold")
        b.press(.char(" "))
        #expect(dir.onDisk == 4 && stamps(b) == 4)
        _ = a.filesChanged(["stamps.json"], now: 0)
        #expect(stamps(a) == 4, "A does not follow B")
    }

    /// The lock removed and nobody else started: the keeper's next save is refused all the
    /// same (it was made on what the files held before), and it takes a lock file of its own
    /// again, reading the files afresh; the key after that is saved.
    @Test func aKeeperWhoseLockWasRemovedTakesItAgainWhenNobodyHasIt() throws {
        let dir = Dir()
        let (a, _) = dir.shell()
        a.press(.char(" "))
        #expect(unlink(dir.path + "/stamps.lock") == 0)
        a.press(.char(" "))
        #expect(dir.onDisk == 1 && stamps(a) == 1)
        #expect(a.keeping["stamps"] == .keeper)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/stamps.lock"))
        a.press(.char(" "))
        #expect(dir.onDisk == 2 && stamps(a) == 2)
        // A newcomer now finds the lock held.
        let (b, _) = dir.shell()
        #expect(b.keeping["stamps"] == .following)
    }

    /// The lock file replaced by another file (a copy put back): not the file locked either.
    @Test func aLockFileReplacedUnderTheKeeperIsNotItsLock() throws {
        let dir = Dir()
        let (a, _) = dir.shell()
        a.press(.char(" "))
        #expect(rename(dir.path + "/stamps.lock", dir.path + "/old.lock") == 0)
        #expect(FileManager.default.createFile(atPath: dir.path + "/stamps.lock", contents: Data("1\n".utf8)))
        let (b, _) = dir.shell()
        #expect(b.keeping["stamps"] == .keeper)
        a.press(.char(" "))
        #expect(dir.onDisk == 1 && a.keeping["stamps"] == .following)
    }

    /// Issue 24, fault 3: keeper A stamps and is killed before its side file is renamed into
    /// place (the frame's sync never ran); follower B takes over. Before: B showed 0 while
    /// `--status` said 1, and B's next stamp overwrote A's. Now the takeover rolls the side
    /// files forward exactly as a start does.
    @Test func aTakeoverRollsTheDeadKeepersSideFileForward() throws {
        let dir = Dir()
        let (a, storeA) = dir.shell(deferred: true)
        let (b, _) = dir.shell()
        #expect(b.keeping["stamps"] == .following)
        a.press(.char(" "))  // in its side file, not yet renamed (syncAfterFrame)
        #expect(dir.onDisk == 1, "a fresh start reads the side file")
        storeA.dropAsIfKilled()
        _ = b.filesChanged(["stamps.lock"], now: 0)
        #expect(b.keeping["stamps"] == .keeper)
        #expect(stamps(b) == 1, "the new keeper lost the dead keeper's stamp")
        b.press(.char(" "))
        #expect(dir.onDisk == 2 && stamps(b) == 2)
    }
}
