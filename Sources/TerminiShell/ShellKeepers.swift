import TerminiCore
import TerminiApp
import TerminiStore

/// Who keeps each app's files: the keeper's lock taken at the app's start, lost under it, or
/// held by another copy that this one follows (and takes over when it goes).
extension Shell {
    // MARK: Keepers

    /// Takes the app's keeper's lock when it opens: held by another termini, the app is
    /// read-only and follows it; a lock file that is not one, read-only for good.
    func takeLock(_ id: String, _ lock: String?, name: String) {
        guard let lock else { return }
        locks[id] = lock
        switch store.tryLock(lock) {
        case .acquired: keeping[id] = .keeper
        case .heldByAnother:
            keeping[id] = .following
            notices.post("Another termini keeps \(name): this one is read-only and follows it live.")
        case .unusable(let why): keeping[id] = .readOnly(why)  // the store has said why
        }
    }

    /// The keeper's lock file was removed or replaced under it: a newcomer may keep
    /// the files now. The save is refused (the app goes back to what the files hold) and said;
    /// the lock is taken again if nobody has it (the files read afresh: another copy may have
    /// saved meanwhile), else this copy follows the one that has it.
    func lostLock(_ id: String) -> [ShellOutput] {
        saves.restore(id)
        keeping[id] = .following
        let name = AppRegistry.app(id)?.descriptor.name ?? id
        let file = locks[id].map(Keeping.lockFile) ?? "the lock file"
        let out = follow(id, now: lastNow, lockChanged: true, announce: false)
        // Short enough for the notice line at 80 columns.
        notices.post(keeping[id] == .keeper ? "\(file) was removed: that change was not saved; locked again."
            : "\(file) was removed: not saved; another termini keeps \(name).")
        return out
    }

    /// What an app reads through: the store itself for a keeper; for a copy that follows,
    /// the files as they are now, through a store that changes nothing.
    func reader(for id: String) -> AppStateReader {
        guard let k = keeping[id], !k.keeps else { return reader }
        return AppStateReader(store: store.currentFiles(), keeping: k) { [unowned self] in self.preferencesBook.file }
    }

    /// The keeper's store holds the appends the app asks to keep when the disk refuses them
    /// (`appendsKeptUntilSaved`); a follower saves nothing, so holds none.
    func keepRefusedAppends(of app: any MiniApp, _ id: String) {
        guard keeping[id]?.keeps ?? true else { return }
        for file in app.appendsKeptUntilSaved { store.retainFailedAppends(to: file) }
    }

    /// The notices a follower's reading gave (a damaged file, reported and left as it is).
    func collectNotices(of r: AppStateReader) {
        guard r !== reader else { return }
        for n in r.store.takeNotices() { notices.post(n) }
    }

    func readOnlyNotice(_ id: String, _ k: Keeping) -> String {
        let name = AppRegistry.app(id)?.descriptor.name ?? id
        if case .following = k { return "Read-only: another termini keeps \(name); its changes show here." }
        if k == .readOnly(Keeping.watchOnly) { return "Read-only: \(Keeping.watchOnly)." }
        return "Read-only: \(locks[id].map(Keeping.lockFile) ?? "the lock") is not a lock file, so this copy saves nothing."
    }

    /// A follower hears that files changed: the keeper's lock closed (it quit or died) and
    /// this copy takes it over, or the keeper saved and the app reads its files again.
    /// `announce`: say that the other termini has gone when this copy takes over.
    func follow(_ id: String, now: Double, lockChanged: Bool, announce: Bool = true) -> [ShellOutput] {
        saves.beforeChange()
        guard let k = keeping[id], !k.keeps, var app = apps[id] else { return [] }
        let ctx = context(now)
        if k == .following, lockChanged, let lock = locks[id], store.tryLock(lock) == .acquired {
            keeping[id] = .keeper
            // What the dead keeper left in side files is its last save: rolled forward first,
            // as a start does.
            store.rollForward()
            let effects = app.reload(.keeper, store: reader, context: ctx)
            saves.adopt(id, app)
            keepRefusedAppends(of: app, id)
            let name = AppRegistry.app(id)?.descriptor.name ?? id
            // What was said of the other copy is no longer so.
            notices.remove { $0.hasPrefix("Read-only: another termini") || $0.hasPrefix("Another termini keeps") }
            if announce { notices.post("The other termini has gone: this one keeps \(name) now.") }
            defer { flush() }
            return carry(effects, owner: id)
        }
        let r = reader(for: id)
        let effects = app.reload(k, store: r, context: ctx)
        saves.adopt(id, app)
        collectNotices(of: r)
        return carry(effects, owner: id)
    }

    public func filesChanged(_ names: Set<String>, now: Double) -> [ShellOutput] {
        // An app this copy keeps hears its files while off screen too (a court's call that
        // came while the umpire was at the launcher is there on F2).
        var behind: [ShellOutput] = []
        for (id, app) in apps where id != current && keeping[id]?.keeps != false && names.contains(where: app.watches) {
            let ctx = context(now)
            let r = reader
            behind += with(id) { $0.filesChanged(names, store: r, context: ctx) }
        }
        if !behind.isEmpty { flush() }
        return behind + filesChangedOnScreen(names, now: now)
    }

    func filesChangedOnScreen(_ names: Set<String>, now: Double) -> [ShellOutput] {
        guard let id = current, let app = apps[id] else { return [] }
        var out: [ShellOutput] = []
        if let k = keeping[id], !k.keeps {
            // A copy that follows the keeper: its lock closed (take over), or its files saved.
            let lockChanged = k == .following && (locks[id].map { names.contains(Keeping.lockFile($0)) } ?? false)
            if lockChanged || !Set(app.keptFiles).isDisjoint(with: names) { out += follow(id, now: now, lockChanged: lockChanged) }
        }
        guard let again = apps[id], names.contains(where: again.watches) else { return out }
        let ctx = context(now)
        let r = reader
        defer { flush() }
        return out + with(current) { $0.filesChanged(names, store: r, context: ctx) }
    }
}
