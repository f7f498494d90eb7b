import TerminiCore

/// The messages on the notice line. Most last until the next key; a sticky one (a save that
/// keeps failing) stays until it is cleared by its id.
public final class NoticeBoard {
    public struct Notice: Equatable, Sendable {
        public var text: String
        /// Set for a notice that outlives keys; cleared with `clear(_:)`.
        public var stickyID: String?
    }

    public private(set) var notices: [Notice] = []

    public init() {}

    public var isEmpty: Bool { notices.isEmpty }
    public var texts: [String] { notices.map(\.text) }

    /// Posts a notice (once: the same text twice is one notice).
    public func post(_ text: String, sticky id: String? = nil) {
        let t = TextLayout.sanitized(text)
        if let id, let i = notices.firstIndex(where: { $0.stickyID == id }) {
            notices[i].text = t
            return
        }
        if !notices.contains(where: { $0.text == t }) { notices.append(Notice(text: t, stickyID: id)) }
    }

    /// A key was pressed: the notices that last until the next key go (the key still does its work).
    public func keyPressed() { notices.removeAll { $0.stickyID == nil } }

    public func clear(_ id: String) { notices.removeAll { $0.stickyID == id } }

    /// A notice that stays (sticky `id`), behind those already posted: they are seen first.
    public func postBehind(_ text: String, sticky id: String) {
        notices.insert(Notice(text: TextLayout.sanitized(text), stickyID: id), at: 0)
    }

    /// Makes the notices that match stay (as sticky `id`); false when none matched.
    @discardableResult
    public func stick(where matches: (String) -> Bool, id: String) -> Bool {
        var found = false
        for i in notices.indices where matches(notices[i].text) {
            notices[i].stickyID = id
            found = true
        }
        return found
    }

    /// Takes back the notices whose text is no longer true.
    public func remove(where isStale: (String) -> Bool) { notices.removeAll { isStale($0.text) } }

    /// The newest notice: the one the notice line shows (the `?` help lists them all).
    public var newest: String? { notices.last?.text }
}

/// What only the host can do: ring the terminal's bell, close the app, quit, speak.
public enum HostRequest: Equatable, Sendable {
    case bell, close, quit
    case speak(String, voice: String? = nil)
}

/// A save that did not happen: the file, the effect that asked for it, and why.
public struct SaveFailure: Sendable {
    public var file: String
    public var effect: AppEffect
    public var error: any Error
    /// The app whose effect it was (nil: the host's own, a setting).
    public var owner: String?
    /// Nothing can be saved (a config directory that cannot be written) and the change is
    /// one the user chose to keep in memory (a setting; an app they went on with unsaved): it
    /// stays on screen. Otherwise the host puts the app back to what is saved.
    public var inMemoryOnly: Bool
}

/// How the config file's preferences are changed: the host's `config` (the shell) or a test's.
/// A change is a read-modify-write of the one setting: `applying` makes the file's new
/// content from what the disk holds now (another copy's changes included), and only once it
/// is saved does the book take it for its own (`adopt`).
public protocol PreferenceBook: AnyObject {
    func value(_ key: String) -> String?
    /// `current` (the file on disk now; nil: none) with `key` set to `value`; nil when that
    /// changes nothing.
    func applying(_ key: String, _ value: String, to current: [UInt8]?) -> [UInt8]?
    /// The file as saved (or, where nothing is saved, as changed in memory) is now the book's.
    func adopt(_ content: [UInt8]?)
    /// The book's own content, for a change made in memory only (nothing can be saved).
    var content: [UInt8] { get }
}

/// The one place where apps' effects are carried out, for the shell and for the tests' app
/// harness alike: in order, against the store, each save's outcome reported.
///
/// A state file's write waits for `flush()`, called before the next frame: keys read together
/// (a held key, a paste) write a file once, with its last content, and the screen is never
/// ahead of the disk. A journal append keeps its place among the writes (pending ones are
/// flushed first). Failures come back per effect with the app that asked (its owner), so
/// the host can put that app back to its last saved state; once one save of a batch failed,
/// the batch's later saves are not tried (they belong to the change being undone).
///
/// A failure is said by a sticky notice (`saveWarning`) naming the cause, which stays until
/// a save succeeds; that success is said once ("Saved again").
public final class EffectExecutor {
    public let store: any StateStore
    public let preferences: any PreferenceBook
    public let notices: NoticeBoard
    /// Where nothing can be saved: whether the app's changes stay in memory (the user chose to
    /// go on without saving). Otherwise they are not done, as for any failed save.
    public var keptInMemory: (String) -> Bool = { _ in false }
    /// Whether the user is told of this error throughout (a read-only directory).
    public let alreadyTold: @Sendable (any Error) -> Bool
    private var pending: [(file: String, effect: AppEffect, bytes: [UInt8], owner: String?)] = []
    /// The append the store is still syncing (see `confirm()`).
    private var unconfirmed: (file: String, effect: AppEffect, bytes: [UInt8], owner: String?)?
    /// The replaced files the store has written but not yet synced (see `confirm()`).
    private var unconfirmedWrites: [(file: String, effect: AppEffect, bytes: [UInt8], owner: String?)] = []
    /// Told of each save once the disk holds it (the file, the bytes saved, and whether they
    /// were appended to it or are the whole file).
    public var onSynced: ((String, [UInt8], Bool) -> Void)?
    /// The sticky notice of a save that failed; cleared by the next save that succeeds.
    public static let saveWarning = "save-failed"
    /// Whether the sticky warning of a failed save is on the notice line.
    public private(set) var warningShown = false

    public init(store: any StateStore, preferences: any PreferenceBook, notices: NoticeBoard = NoticeBoard(),
                alreadyTold: @escaping @Sendable (any Error) -> Bool = { _ in false }) {
        self.store = store
        self.preferences = preferences
        self.notices = notices
        self.alreadyTold = alreadyTold
    }

    /// Whether writes wait for `flush()`.
    public var hasPendingWrites: Bool { !pending.isEmpty }
    /// Whether saves `owner` asked for wait for `flush()` or `confirm()`.
    public func hasPendingWrites(of owner: String) -> Bool {
        pending.contains { $0.owner == owner } || (unconfirmed != nil && unconfirmed?.owner == owner)
            || unconfirmedWrites.contains { $0.owner == owner }
    }
    /// Forgets the writes `owner` asked for that wait for `flush()` (its change was undone).
    public func discardPending(of owner: String) { pending.removeAll { $0.owner == owner } }

    /// The outcome of one batch of effects.
    public struct Outcome: Sendable {
        /// What the host must do, in order.
        public var requests: [HostRequest] = []
        /// Saves that failed (a write that waits for `flush` reports there).
        public var failures: [SaveFailure] = []
    }

    /// Carries out effects in order; `owner` is the app that gave them.
    @discardableResult
    public func perform(_ effects: [AppEffect], owner: String? = nil) -> Outcome {
        var out = Outcome()
        for e in effects {
            // After a failed save the rest of the change is not saved either: it is undone.
            let saving = out.failures.allSatisfy(\.inMemoryOnly)
            switch e {
            case let .write(file, bytes):
                guard saving else { continue }
                // Only the last content of a file within one batch of keys is written.
                pending.removeAll { $0.file == file }
                pending.append((file, e, bytes, owner))
            case let .append(file, bytes):
                guard saving else { continue }
                // Two appends in one batch: the first one's sync answers before the second;
                // writes asked before the line are on the disk before it (the order asked).
                out.failures += confirmed()
                out.failures += flush()
                out.failures += confirmed()
                guard out.failures.allSatisfy(\.inMemoryOnly) else { continue }
                do {
                    try store.append(file, bytes: bytes)
                    if store.hasUnconfirmedAppend {
                        unconfirmed = (file, e, bytes, owner)
                    } else {
                        synced(file, bytes, appended: true)
                    }
                } catch { out.failures.append(failed(file, e, error, owner: owner)) }
            case let .writeDerived(file, bytes):
                guard saving else { continue }
                store.writeDerived(file, bytes: bytes)
            case let .replaceDamaged(file, reason, bytes):
                guard saving else { continue }
                // The store says what became of it (the copy kept, or why not) before the
                // app's next notice says what it recovered.
                store.replaceDamaged(file, reason: reason, with: bytes)
                collectNotices()
            case let .keepAside(file, reason):
                guard saving else { continue }
                store.keepAside(file, reason: reason)
                collectNotices()
            case .bell: out.requests.append(.bell)
            case .notice(let text): notices.post(text)
            case .close: out.requests.append(.close)
            case .quit: out.requests.append(.quit)
            case let .speak(text, voice): out.requests.append(.speak(text, voice: voice))
            case let .setPreference(key, value):
                guard saving else { continue }
                let earlier = confirmed()
                guard earlier.isEmpty else {
                    out.failures += earlier
                    continue
                }
                if let failure = setPreference(key, value, effect: e, owner: owner) { out.failures.append(failure) }
            }
        }
        settleWarning(out.failures)
        collectNotices()
        return out
    }

    /// Writes what the last effects changed; called before every frame.
    @discardableResult
    public func flush() -> [SaveFailure] {
        // A write waits for the append before it (disk order is the order asked); with
        // nothing to write, the append's sync goes on while the frame is drawn.
        var failures: [SaveFailure] = pending.isEmpty ? [] : confirmed()
        let writes = pending
        pending.removeAll()
        for w in writes {
            // One failed write of an app: its other writes belong to the change undone.
            guard !failures.contains(where: { $0.owner == w.owner && !$0.inMemoryOnly }) else { continue }
            do {
                try store.write(w.file, bytes: w.bytes)
                if store.hasUnconfirmedWrites {
                    unconfirmedWrites.removeAll { $0.file == w.file }
                    unconfirmedWrites.append((w.file, w.effect, w.bytes, w.owner))
                } else {
                    synced(w.file, w.bytes)
                }
            } catch { failures.append(failed(w.file, w.effect, error, owner: w.owner)) }
        }
        settleWarning(failures)
        collectNotices()
        return failures
    }

    /// Whether a save's sync is still under way (`confirm()` waits for it).
    public var awaitsConfirmation: Bool { unconfirmed != nil || !unconfirmedWrites.isEmpty }

    /// Waits for the saves the store is still syncing (it syncs while the frame is drawn):
    /// called before the frame is sent, so the screen is never ahead of the disk. A failure
    /// comes back as any failed save does, with its app.
    @discardableResult
    public func confirm() -> [SaveFailure] {
        let failures = confirmed()
        settleWarning(failures)
        collectNotices()
        return failures
    }

    /// The outcome of the unconfirmed append and writes: empty once they are on the disk.
    private func confirmed() -> [SaveFailure] {
        var failures: [SaveFailure] = []
        if let u = unconfirmed {
            unconfirmed = nil
            do {
                try store.confirmAppend()
                synced(u.file, u.bytes, appended: true)
            } catch {
                failures.append(failed(u.file, u.effect, error, owner: u.owner))
            }
        }
        guard !unconfirmedWrites.isEmpty else { return failures }
        let writes = unconfirmedWrites
        unconfirmedWrites.removeAll()
        let refused = store.confirmWrites()
        // A replacement the store could neither finish nor drop stands (a start reads it) but
        // is not yet on the disk: not told to the observers.
        let stillWaiting = store.hasUnconfirmedWrites
        for w in writes {
            if let r = refused.first(where: { $0.file == w.file }) {
                failures.append(failed(w.file, w.effect, r.error, owner: w.owner))
            } else if stillWaiting {
                succeeded = true
            } else {
                synced(w.file, w.bytes)
            }
        }
        return failures
    }

    /// A save the disk holds: said to the observer, and the warning of an earlier failure may go.
    private func synced(_ file: String, _ bytes: [UInt8], appended: Bool = false) {
        succeeded = true
        onSynced?(file, bytes, appended)
    }

    /// Changes a preference and writes the config file when it changed (and can be written).
    @discardableResult
    public func setPreference(_ key: String, _ value: String) -> SaveFailure? {
        setPreference(key, value, effect: .setPreference(key: key, value: value))
    }

    func setPreference(_ key: String, _ value: String, effect: AppEffect, owner: String? = nil) -> SaveFailure? {
        guard store.canWrite else {
            // Nothing is saved (said once): the setting changes in memory.
            if let changed = preferences.applying(key, value, to: preferences.content) { preferences.adopt(changed) }
            return nil
        }
        do {
            // Under the config's lock: read what is there now, change the one setting, write.
            var result: [UInt8]?
            var wrote = false
            try store.update("config") { current in
                result = current
                guard let next = preferences.applying(key, value, to: current) else { return nil }
                result = next
                wrote = true
                return next
            }
            preferences.adopt(result)
            if wrote, let result { synced("config", result) }
            return nil
        } catch {
            return failed("config", effect, error, owner: owner)
        }
    }

    func failed(_ file: String, _ effect: AppEffect, _ error: any Error, owner: String?) -> SaveFailure {
        // A setting changes in memory where nothing is saved (the frame says so throughout).
        let inMemory = !store.canWrite && (store.readOnly || (owner.map(keptInMemory) ?? true))
        if !inMemory {
            notices.post(EffectExecutor.warning(file, error), sticky: EffectExecutor.saveWarning)
            warningShown = true
        } else if !alreadyTold(error) {
            // The read-only directory is said throughout; another cause is said once here.
            notices.post("Could not save \(file): \(error)")
        }
        return SaveFailure(file: file, effect: effect, error: error, owner: owner, inMemoryOnly: inMemory)
    }

    /// "Could not save stamps.json: No space left on device. Not done; …": the cause without
    /// the store's own "cannot write stamps.json: " before it.
    static func warning(_ file: String, _ error: any Error) -> String {
        var why = "\(error)"
        for prefix in ["cannot write \(file): ", "cannot append to \(file): ", "cannot save \(file) to the disk: "] where why.hasPrefix(prefix) {
            why.removeFirst(prefix.count)
        }
        return "Could not save \(file): \(why). Not done; showing what is saved."
    }

    /// A save succeeded since the last batch (and none failed in it): the warning of an
    /// earlier failure gives way to "Saved again", once.
    private var succeeded = false
    func settleWarning(_ failures: [SaveFailure]) {
        defer { succeeded = false }
        guard warningShown, succeeded, failures.allSatisfy(\.inMemoryOnly) else { return }
        warningShown = false
        notices.clear(EffectExecutor.saveWarning)
        notices.post("Saved again: the disk takes Termini's changes.")
    }

    /// Moves the store's own notices (a damaged file kept aside) onto the notice line.
    public func collectNotices() {
        for n in store.takeNotices() { notices.post(n) }
    }
}
