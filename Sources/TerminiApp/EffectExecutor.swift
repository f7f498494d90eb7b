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

    /// The newest notice: the one the notice line shows (the `?` help lists them all).
    public var newest: String? { notices.last?.text }
}

/// What only the host can do: ring the terminal's bell, close the app, quit, speak.
public enum HostRequest: Equatable, Sendable {
    case bell, close, quit
    case speak(String)
}

/// A save that did not happen: the file, the effect that asked for it, and why.
public struct SaveFailure: Sendable {
    public var file: String
    public var effect: AppEffect
    public var error: any Error
}

/// How the config file's preferences are changed: the host's `config` (the shell) or a test's.
public protocol PreferenceBook: AnyObject {
    func value(_ key: String) -> String?
    /// Changes a preference; the config file's new contents, or nil when nothing changed.
    func set(_ key: String, to value: String) -> [UInt8]?
}

/// The one place where apps' effects are carried out, for the shell and for the tests' app
/// harness alike: in order, against the store, each save's outcome reported.
///
/// A state file's write waits for `flush()`, called before the next frame: keys read together
/// (a held key, a paste) write a file once, with its last content, and the screen is never
/// ahead of the disk. A journal append keeps its place among the writes (pending ones are
/// flushed first). Failures come back per effect, and are posted as notices: a host that must
/// undo a change whose save failed knows which one it was.
public final class EffectExecutor {
    public let store: any StateStore
    public let preferences: any PreferenceBook
    public let notices: NoticeBoard
    /// Whether the store told the user of this error already (a read-only directory is
    /// said once, not at every save).
    public let alreadyTold: @Sendable (any Error) -> Bool
    private var pending: [(file: String, effect: AppEffect, bytes: [UInt8])] = []

    public init(store: any StateStore, preferences: any PreferenceBook, notices: NoticeBoard = NoticeBoard(),
                alreadyTold: @escaping @Sendable (any Error) -> Bool = { _ in false }) {
        self.store = store
        self.preferences = preferences
        self.notices = notices
        self.alreadyTold = alreadyTold
    }

    /// Whether writes wait for `flush()`.
    public var hasPendingWrites: Bool { !pending.isEmpty }

    /// The outcome of one batch of effects.
    public struct Outcome: Sendable {
        /// What the host must do, in order.
        public var requests: [HostRequest] = []
        /// Saves that failed (a write that waits for `flush` reports there).
        public var failures: [SaveFailure] = []
    }

    /// Carries out effects in order.
    @discardableResult
    public func perform(_ effects: [AppEffect]) -> Outcome {
        var out = Outcome()
        for e in effects {
            switch e {
            case let .write(file, bytes):
                // Only the last content of a file within one batch of keys is written.
                pending.removeAll { $0.file == file }
                pending.append((file, e, bytes))
            case let .append(file, bytes):
                out.failures += flush()  // keep the order of writes and journal appends
                do { try store.append(file, bytes: bytes) } catch { out.failures.append(failed(file, e, error)) }
            case .bell: out.requests.append(.bell)
            case .notice(let text): notices.post(text)
            case .close: out.requests.append(.close)
            case .quit: out.requests.append(.quit)
            case .speak(let text): out.requests.append(.speak(text))
            case let .setPreference(key, value):
                if let failure = setPreference(key, value, effect: e) { out.failures.append(failure) }
            }
        }
        collectNotices()
        return out
    }

    /// Writes what the last effects changed; called before every frame.
    @discardableResult
    public func flush() -> [SaveFailure] {
        let writes = pending
        pending.removeAll()
        var failures: [SaveFailure] = []
        for w in writes {
            do { try store.write(w.file, bytes: w.bytes) } catch { failures.append(failed(w.file, w.effect, error)) }
        }
        collectNotices()
        return failures
    }

    /// Changes a preference and writes the config file when it changed (and can be written).
    @discardableResult
    public func setPreference(_ key: String, _ value: String) -> SaveFailure? {
        setPreference(key, value, effect: .setPreference(key: key, value: value))
    }

    func setPreference(_ key: String, _ value: String, effect: AppEffect) -> SaveFailure? {
        guard let bytes = preferences.set(key, to: value), store.canWrite else { return nil }
        do {
            try store.write("config", bytes: bytes)
            return nil
        } catch {
            return failed("config", effect, error)
        }
    }

    func failed(_ file: String, _ effect: AppEffect, _ error: any Error) -> SaveFailure {
        if !alreadyTold(error) { notices.post("Could not save \(file): \(error)") }
        return SaveFailure(file: file, effect: effect, error: error)
    }

    /// Moves the store's own notices (a damaged file kept aside) onto the notice line.
    public func collectNotices() {
        for n in store.takeNotices() { notices.post(n) }
    }
}
