/// Told of each save once its bytes are on the disk: a replaced file synced, renamed and its
/// directory synced, a journal line fdatasynced. Never of a save the disk refused, never
/// before the disk answered. The seam for whatever must follow the disk, not the screen
/// (a publisher of the courts to a hall desk): `SaveCoordinator.observers`.
public protocol SaveObserver: AnyObject {
    /// `appended`: `bytes` were added to the end of `file` (a journal line); else they are
    /// the whole file as replaced.
    func onSynced(file: String, bytes: [UInt8], appended: Bool)
}

/// The path of every save, in one place: the apps as shown and as their files hold them, the
/// effects carried out (`submit`), what waits for the disk, and the disk's answers before a
/// frame is sent. The loop's order around a frame is
///
///     saves.beforeFrame()              // the batch's writes go to the store
///     if saves.awaitsDisk {            // draw while the disk syncs, on two threads:
///         overlap(draw, with: saves.syncDuringFrame)
///     }
///     if saves.afterFrame() { draw again }  // a refusal put an app back: not that frame
///     send the frame
///
/// so the screen is never ahead of the disk: a change is shown only once its bytes are synced,
/// and a change the disk refused is undone (its app back to what is saved) and said by a
/// sticky warning until a save succeeds again.
public final class SaveCoordinator {
    public let executor: EffectExecutor
    public var notices: NoticeBoard { executor.notices }
    public var store: any StateStore { executor.store }
    /// Each app as it is now: what the screen shows.
    public var apps: [String: any MiniApp] = [:]
    /// Each app as its files on disk hold it: what a change whose save failed goes back to.
    private var saved: [String: any MiniApp] = [:]
    /// Told of each save the disk took (see `SaveObserver`), in the order taken.
    public var observers: [any SaveObserver] = []

    public init(executor: EffectExecutor) {
        self.executor = executor
        executor.onSynced = { [unowned self] file, bytes, appended in
            for o in self.observers { o.onSynced(file: file, bytes: bytes, appended: appended) }
        }
    }

    /// `app` as its files hold it (read at its start, or read again after another copy saved).
    public func adopt(_ id: String, _ app: any MiniApp) {
        saved[id] = app
        apps[id] = app
    }

    /// `app` as read, before its start's effects: what a start that cannot be saved goes back to.
    public func readAtStart(_ id: String, _ app: any MiniApp) { saved[id] = app }

    /// The app back to what its files hold (a save refused, or not this copy's to make).
    public func restore(_ id: String) {
        if let s = saved[id] { apps[id] = s }
    }

    /// Carries out `owner`'s effects; an app whose save failed goes back to what is saved.
    @discardableResult
    public func submit(_ effects: [AppEffect], owner: String?) -> EffectExecutor.Outcome {
        let outcome = executor.perform(effects, owner: owner)
        settle(outcome.failures)
        return outcome
    }

    /// Changes a preference of the host (a setting) and writes `config`.
    public func setPreference(_ key: String, _ value: String) {
        executor.setPreference(key, value)
        executor.collectNotices()
    }

    /// Before an app changes (the next key of a batch, a tick, a file another copy saved): the
    /// saves still syncing are answered first, so the state they saved becomes the one a later
    /// failed save goes back to (else a refusal would undo them too, which the disk holds).
    public func beforeChange() {
        if executor.awaitsConfirmation { _ = afterFrame() }
    }

    /// Writes what the last keys changed (a replaced file's side file, not yet synced).
    /// Called after every batch of keys and before every frame.
    public func beforeFrame() { settle(executor.flush()) }

    /// Whether a save waits for the disk's answer: the frame may be drawn meanwhile
    /// (`syncDuringFrame` on this thread) but is sent only after `afterFrame()`.
    public var awaitsDisk: Bool { executor.awaitsConfirmation }

    /// The disk's syncs of what waits (a journal line's fdatasync; a replaced file's fsync,
    /// rename and the directory's fsync). Touches only the store's own descriptors and
    /// records, so another thread may draw the frame meanwhile.
    public func syncDuringFrame() { store.syncPending() }

    /// The disk's answers, taken before the frame is sent. True when the frame drawn
    /// meanwhile must be drawn again: the disk refused a save (its app went back to what is
    /// saved, the warning says why), or the save is the first after a failure (the warning
    /// gives way to "Saved again").
    @discardableResult
    public func afterFrame() -> Bool {
        guard executor.awaitsConfirmation else { return false }
        let before = notices.notices
        let failures = executor.confirm()
        settle(failures)
        return !failures.isEmpty || notices.notices != before
    }

    /// Whether saves of `owner` wait for the disk.
    public func waits(_ owner: String) -> Bool { executor.hasPendingWrites(of: owner) }

    /// After saves: an app whose save failed goes back to its last saved state (its writes
    /// still waiting are dropped, and the store forgets the failed save: a file whose
    /// replacement failed is as it is, a history line kept for later is not written); every
    /// other app with nothing waiting is saved as it is now.
    func settle(_ failures: [SaveFailure]) {
        var undone: Set<String> = []
        for f in failures where !f.inMemoryOnly {
            store.abandonFailedSave(f.effect)
            if let id = f.owner { undone.insert(id) }
        }
        for id in undone {
            executor.discardPending(of: id)
            restore(id)
        }
        for (id, app) in apps where !undone.contains(id) && !executor.hasPendingWrites(of: id) { saved[id] = app }
    }
}
