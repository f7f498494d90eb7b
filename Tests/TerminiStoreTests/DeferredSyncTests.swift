#if canImport(Glibc)
import Glibc
#endif
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiStore

/// A journal line's fdatasync deferred until the frame is drawn (it runs meanwhile) and
/// answered before the frame is sent: the same outcomes as a synchronous append (a refused
/// line is cut back and reported), only later.
@Suite struct DeferredSyncTests {
    let start = Array("{\"e\":\"start\"}\n".utf8)
    let point = Array("{\"e\":\"point\",\"t\":1796}\n".utf8)

    /// A store whose journal syncs are deferred, with nothing written yet.
    func fresh() -> (TempDir, FileStore, SyncAnswer) {
        let tmp = TempDir()
        let store = FileStore(directory: tmp.path)
        let answer = SyncAnswer()
        store.deferAppendSyncs(answer.call)
        return (tmp, store, answer)
    }

    /// A store whose journal syncs are deferred, its journal begun with a line on the disk.
    func started() throws -> (TempDir, FileStore, SyncAnswer) {
        let (tmp, store, answer) = fresh()
        try store.append("journal", bytes: start)
        try store.confirmAppend()
        return (tmp, store, answer)
    }

    @Test func theLineIsWrittenAtOnceAndSyncedWhileTheFrameIsDrawn() throws {
        let (tmp, store, answer) = fresh()
        var changes: [StoreChange] = []
        store.onChange = { changes.append($0) }
        try store.append("journal", bytes: start)
        // Written: a process killed now loses nothing; the sync is still to come.
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n")
        #expect(store.hasUnconfirmedAppend)
        #expect(answer.calls == 0, "synced before the frame could be drawn")
        // The sync the loop runs while the frame is drawn: the answer waits for the confirmation.
        store.syncDeferredAppend()
        #expect(answer.calls == 1)
        store.syncDeferredAppend()
        #expect(answer.calls == 1, "synced twice")
        #expect(store.hasUnconfirmedAppend)
        #expect(!changes.contains { if case .appended = $0 { return true } else { return false } }, "on the disk before the sync was confirmed")
        try store.confirmAppend()
        #expect(!store.hasUnconfirmedAppend)
        #expect(answer.calls == 1)
        #expect(changes.contains { if case .appended = $0 { return true } else { return false } })
        // Nothing waiting: confirming again is nothing.
        try store.confirmAppend()
        #expect(answer.calls == 1)
    }

    @Test func aConfirmationWithoutTheSyncSyncsItself() throws {
        let (tmp, store, answer) = try started()
        try store.append("journal", bytes: point)
        #expect(answer.calls == 1)
        try store.confirmAppend()
        #expect(answer.calls == 2)
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n{\"e\":\"point\",\"t\":1796}\n")
    }

    @Test func aRefusalFoundWhileTheFrameIsDrawnIsReportedWhenConfirmed() throws {
        let (tmp, store, answer) = try started()
        answer.error = EIO
        try store.append("journal", bytes: point)
        store.syncDeferredAppend()
        // Not cut back yet: the drawing thread may still be at work; the confirmation does it.
        #expect(store.hasUnconfirmedAppend)
        answer.error = 0
        #expect(throws: StoreError.io("cannot append to journal: \(Posix.text(EIO))")) { try store.confirmAppend() }
        #expect(answer.calls == 2, "the refused sync was asked again instead of its answer kept")
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n")
    }

    @Test func aRefusedSyncIsCutBackAndReportedWhenConfirmed() throws {
        let (tmp, store, answer) = try started()
        answer.error = EIO
        try store.append("journal", bytes: point)
        #expect(throws: StoreError.io("cannot append to journal: \(Posix.text(EIO))")) { try store.confirmAppend() }
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n", "the refused line is still there")
        answer.error = 0
        try store.append("journal", bytes: point)
        try store.confirmAppend()
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n{\"e\":\"point\",\"t\":1796}\n")
    }

    @Test func anotherSaveWaitsForTheSyncAndKeepsItsFailureForTheConfirmation() throws {
        let (tmp, store, answer) = try started()
        answer.error = ENOSPC
        try store.append("journal", bytes: point)
        // A write asked before the confirmation: the disk takes them in the order asked.
        try store.write("counts.json", bytes: Array("{}".utf8))
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n", "cut back before the next save")
        #expect(store.hasUnconfirmedAppend)
        #expect(throws: StoreError.self) { try store.confirmAppend() }
        #expect(!store.hasUnconfirmedAppend)
        try store.confirmAppend()
    }

    @Test func theHistoryIsStillSyncedBeforeAppendReturns() throws {
        let (tmp, store, answer) = fresh()
        defer { withExtendedLifetime(tmp) {} }  // the directory lasts the whole test
        store.retainFailedAppends(to: "history")
        try store.append("history", bytes: start)
        #expect(!store.hasUnconfirmedAppend)
        #expect(answer.calls == 0)
    }

    /// The executor: an append in progress keeps its app's state unsaved until confirmed;
    /// a late refusal comes back as a failed save of that app.
    @Test func theExecutorReportsALateRefusalAsTheAppsFailedSave() throws {
        let (tmp, store, answer) = fresh()
        defer { withExtendedLifetime(tmp) {} }  // the directory lasts the whole test
        let executor = EffectExecutor(store: store, preferences: NoPreferences())
        answer.error = ENOSPC
        let outcome = executor.perform([.append(file: "journal", bytes: start)], owner: "badminton")
        #expect(outcome.failures.isEmpty)
        #expect(executor.awaitsConfirmation)
        #expect(executor.hasPendingWrites(of: "badminton"), "saved before the disk answered")
        // Nothing waits to be written: the sync goes on (the frame is drawn meanwhile).
        #expect(executor.flush().isEmpty)
        #expect(executor.awaitsConfirmation)
        let failures = executor.confirm()
        #expect(failures.map(\.owner) == ["badminton"])
        #expect(failures.first?.file == "journal")
        #expect(!executor.hasPendingWrites(of: "badminton"))
        #expect(executor.notices.texts.contains { $0.hasPrefix("Could not save journal: \(Posix.text(ENOSPC))") }, "\(executor.notices.texts)")
        answer.error = 0
        executor.perform([.append(file: "journal", bytes: start)], owner: "badminton")
        #expect(executor.confirm().isEmpty)
        #expect(executor.notices.texts.contains { $0.hasPrefix("Saved again") }, "\(executor.notices.texts)")
    }

    @Test func twoAppendsInOneBatchAreSyncedInTurn() throws {
        let (tmp, store, answer) = fresh()
        let executor = EffectExecutor(store: store, preferences: NoPreferences())
        executor.perform([.append(file: "journal", bytes: start)], owner: "badminton")
        #expect(executor.confirm().isEmpty)
        answer.error = EIO
        // The first line of the batch is refused: the second is not written at all.
        let outcome = executor.perform([.append(file: "journal", bytes: point), .append(file: "journal", bytes: point)], owner: "badminton")
        #expect(outcome.failures.count == 1)
        #expect(!executor.awaitsConfirmation)
        #expect(readFile(tmp.file("journal")) == "{\"e\":\"start\"}\n")
    }
}

/// No preferences at all (the executor's tests save only files).
final class NoPreferences: PreferenceBook {
    func value(_ key: String) -> String? { nil }
    func applying(_ key: String, _ value: String, to current: [UInt8]?) -> [UInt8]? { nil }
    func adopt(_ content: [UInt8]?) {}
    var content: [UInt8] { [] }
}
