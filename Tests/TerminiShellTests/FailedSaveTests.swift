#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
import TerminiStore
@testable import Stamps
@testable import Badminton
import BadmintonRules

/// The screen is never ahead of the disk: a change whose save fails is not shown as done;
/// a warning naming the cause stays until a save succeeds, which is then said once.
@Suite struct FailedSaveTests {
    static let full = InMemoryStoreError.io("cannot write stamps.json: No space left on device")

    func stamps(_ shell: Shell) -> Int { ((shell.apps["stamps"] as? StampsApp)?.card.count) ?? -1 }

    @Test func aStampTheDiskRefusesIsNotShownAndTheWarningStays() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, open: "stamps")
        shell.press(.char(" "))
        #expect(stamps(shell) == 1)
        store.failure = Self.full
        shell.press(.char(" "))
        #expect(stamps(shell) == 1, "the card shows a stamp the disk does not hold")
        #expect(shell.text().contains("Could not save stamps.json: No space left on device"), "\(shell.text())")
        // Keys that save nothing leave the warning in place.
        shell.press(.char("h"))
        shell.press(.escape)
        #expect(shell.text().contains("Could not save stamps.json"), "the warning went with a key:\n\(shell.text())")
        shell.press(.char(" "))
        #expect(stamps(shell) == 1)
        store.failure = nil
        shell.press(.char(" "))
        #expect(stamps(shell) == 2)
        #expect(!shell.text().contains("Could not save"), "\(shell.text())")
        #expect(shell.text().contains("Saved again"), "\(shell.text())")
        shell.press(.right)
        #expect(!shell.text().contains("Saved again"), "said once")
        let fresh = makeShell(store: store, open: "stamps")
        #expect(stamps(fresh) == 2)
    }

    @Test func aNewMatchWhoseJournalCannotBeWrittenDoesNotStart() throws {
        let store = InMemoryStore()
        let shell = makeShell(store: store, open: "badminton")
        // The setup form: Enter starts the match.
        shell.press(.enter)
        shell.press(.right, .right)
        let before = try #require((shell.apps["badminton"] as? BadmintonApp)?.log?.state)
        #expect(before.score == [0, 2] || before.score == [2, 0])
        store.failure = InMemoryStoreError.io("cannot write badminton-match.jsonl: No space left on device")
        shell.press(.char("n"))
        shell.press(.char("y"))
        shell.press(.enter)
        let after = (shell.apps["badminton"] as? BadmintonApp)?.log
        #expect(after?.state.score == before.score, "a new match began that the disk does not hold")
        #expect(after?.startedAt == CourtReader(store).journal().log?.startedAt)
        #expect(shell.text().contains("Could not save"), "\(shell.text())")
    }

    @Test func aReadOnlyDirectoryAsksBeforeAChangeStaysInMemory() {
        // Nothing can be saved: the first stamp is not done and asks; yes does it, in memory.
        let store = InMemoryStore(canWrite: false)
        let shell = makeShell(store: store, open: "stamps")
        shell.press(.char(" "))
        #expect(stamps(shell) == 0)
        #expect(shell.text().contains("Go on without saving?"), "\(shell.text())")
        shell.press(.char("n"))
        #expect(stamps(shell) == 0)
        shell.press(.char(" "), .char("y"))
        #expect(stamps(shell) == 1)
        shell.press(.char(" "))
        #expect(stamps(shell) == 2)
        #expect(store.files["stamps.json"] == nil)
        #expect(shell.text().contains("not saved"))
    }
}

/// The loop draws the frame while the journal's new line is synced on another thread, and
/// sends it only after `confirmSaves()`: a line the disk refuses then is undone like any
/// failed save, and the frame is drawn again before anything reaches the screen.
@Suite struct LateRefusalTests {
    func score(_ shell: Shell) -> [Int]? { (shell.apps["badminton"] as? BadmintonApp)?.log?.state.score }

    @Test func aRallyTheDiskRefusesLateIsUndoneBeforeTheFrameIsSent() throws {
        let tmp = TempDir("termini-late")
        let dir = tmp.path
        defer { withExtendedLifetime(tmp) {} }
        let store = FileStore(directory: dir)
        let answer = SyncAnswer()
        store.deferAppendSyncs(answer.call)
        let shell = Shell(store: store, config: ConfigFile(text: ""), theme: .builtinDefault, themeName: "default", unicode: true,
                          monochrome: false, catalog: nil, open: "badminton", now: 0)
        shell.press(.enter)  // the setup form: the match starts
        shell.saves.afterFrame()
        shell.press(.right)
        #expect(shell.saves.afterFrame() == false, "a line the disk took needs no second drawing")
        let before = try #require(score(shell))
        answer.error = ENOSPC
        shell.press(.right)
        // Drawn meanwhile: the rally as if saved (this frame is never sent).
        #expect(score(shell) != before)
        #expect(shell.saves.afterFrame(), "the frame drawn during the sync must be drawn again")
        #expect(score(shell) == before, "the screen shows a rally the disk does not hold")
        let text = shell.text()
        #expect(text.contains("Could not save badminton-match.jsonl: No space left on device"), "\(text)")
        let fresh = Shell(store: FileStore(directory: dir), config: ConfigFile(text: ""), theme: .builtinDefault, themeName: "default",
                          unicode: true, monochrome: false, catalog: nil, open: "badminton", now: 0)
        #expect(score(fresh) == before, "the disk holds another score than the one shown")
        // The disk takes lines again: the warning gives way at the confirmation, not a key later.
        answer.error = 0
        shell.press(.right)
        #expect(shell.saves.afterFrame(), "the warning must go from the frame that shows the saved rally")
        #expect(!shell.text().contains("Could not save"), "\(shell.text())")
        #expect(shell.text().contains("Saved again"), "\(shell.text())")
    }

    /// Keys read together: the first key's line is still syncing when the second key's line
    /// is refused (a disk that fills between them). The screen shows what the disk holds: the
    /// first rally, not the second, and never the state before both.
    @Test func aRefusalAfterALineStillSyncingKeepsTheLineThatWasSaved() throws {
        let tmp = TempDir("termini-late")
        let dir = tmp.path
        defer { withExtendedLifetime(tmp) {} }
        let faults = FaultInjector(counted: [.write])
        let store = FileStore(directory: dir, calls: faults)
        store.deferAppendSyncs(SyncAnswer().call)
        let shell = Shell(store: store, config: ConfigFile(text: ""), theme: .builtinDefault, themeName: "default", unicode: true,
                          monochrome: false, catalog: nil, open: "badminton", now: 0)
        shell.press(.enter)
        shell.saves.afterFrame()
        shell.press(.right)
        shell.saves.afterFrame()
        for keys in [[Key.right, .right], [.left, .right, .left], [.char("u"), .char("y"), .char("u")]] {
            faults.persistent = true
            faults.failAt = faults.count + 2
            _ = shell.handle(keys, now: 0)
            shell.saves.afterFrame()
            faults.failAt = nil
            let fresh = Shell(store: FileStore(directory: dir), config: ConfigFile(text: ""), theme: .builtinDefault, themeName: "default",
                              unicode: true, monochrome: false, catalog: nil, open: "badminton", now: 0)
            #expect(score(shell) == score(fresh), "after \(keys): the screen shows \(score(shell) ?? []), the disk holds \(score(fresh) ?? [])")
            #expect(shell.text().contains("Could not save"), "\(shell.text())")
            // Space again: the next key saves, and the screen follows the disk.
            shell.press(.right)
            shell.saves.afterFrame()
        }
    }
}
