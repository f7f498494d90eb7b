import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import Stamps
@testable import Badminton

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
        #expect(after?.startedAt == (BadmintonApp.readJournal(store, recover: false))?.startedAt)
        #expect(shell.text().contains("Could not save"), "\(shell.text())")
    }

    @Test func aReadOnlyDirectoryKeepsItsChangesOnScreen() {
        // Said once at the start ("Not saving"): the app works in memory, nothing is undone.
        let store = InMemoryStore(canWrite: false)
        let shell = makeShell(store: store, open: "stamps")
        shell.press(.char(" "), .char(" "))
        #expect(stamps(shell) == 2)
    }
}
