import TerminiData

/// Whether this process may keep the state a lock names.
public enum LockOutcome: Equatable, Sendable {
    case acquired
    /// A live process holds it (the kernel frees it when that process dies).
    case heldByAnother
    /// The lock file is not a lock file (a link, a directory, a FIFO) or cannot be opened:
    /// nobody can be sure who keeps the state, so this process only reads it.
    case unusable(String)
}

/// Who keeps an app's files on this config directory: every app's state has one keeper,
/// the copy of termini holding the app's lock (`MiniApp.keeperLock`); any other copy of the
/// same app is read-only and follows what the keeper saves.
public enum Keeping: Equatable, Sendable {
    case keeper
    /// Another live termini keeps the files: read-only, following its saves, until it goes
    /// (then this copy takes the lock and keeps them).
    case following
    /// Read-only for good: the lock file is not one (a link, a directory), so nobody can be
    /// sure who keeps the files; `why` says so.
    case readOnly(String)

    public var keeps: Bool { self == .keeper }
    /// The lock file of a lock `name` (the store makes it; a watcher hears it close).
    public static func lockFile(_ name: String) -> String { "\(name).lock" }
    /// Why a copy started to watch (`--watch`) keeps nothing: its store changes nothing on
    /// disk, and every app opened in it is read-only.
    public static let watchOnly = "this termini only watches, so it saves nothing"

}

extension StateStore {
    public func retainFailedAppends(to file: String) {}
    /// A store that cannot write the recovered file keeps the damaged one aside.
    @discardableResult
    public func replaceDamaged(_ file: String, reason: String, with bytes: [UInt8]) -> String? { keepAside(file, reason: reason) }
}

extension StateReader {
    /// A store that writes keeps what it reads.
    public var keeping: Keeping { .keeper }
    public func readLines(_ file: String, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead? {
        readBytes(file).map { LinesRead.lines(of: $0, body) }
    }
    /// A reader of one file (a fuzz target) lists nothing.
    public func fileNames() -> [String] { [] }
}
