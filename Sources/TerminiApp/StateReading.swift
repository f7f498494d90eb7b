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
    /// A store without a side file of its own for it writes it as any file, a failure ignored.
    public func writeDerived(_ file: String, bytes: [UInt8]) { try? write(file, bytes: bytes) }
    /// A store that cannot write the recovered file keeps the damaged one aside.
    @discardableResult
    public func replaceDamaged(_ file: String, reason: String, with bytes: [UInt8]) -> String? { keepAside(file, reason: reason) }
}

extension StateStore {
    public var readOnly: Bool { false }
}

extension StateReader {
    /// A store that writes keeps what it reads.
    public var keeping: Keeping { .keeper }
    public func readLines(_ file: String, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead? {
        readBytes(file).map { LinesRead.lines(of: $0, body) }
    }
    public func readLines(_ file: String, from offset: Int, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead? {
        readBytes(file).map { FileRange.lines(of: $0, from: offset, body) }
    }
    public func readRange(_ file: String, offset: Int, count: Int) -> FileRange? {
        readBytes(file).map { FileRange(of: $0, offset: offset, count: count) }
    }
    /// A reader of one file (a fuzz target) lists nothing.
    public func fileNames() -> [String] { [] }
    public var directory: String? { nil }
}

/// Some bytes of a file, and the file's size when they were read.
public struct FileRange: Equatable, Sendable {
    public var bytes: [UInt8]
    public var size: Int
    public init(bytes: [UInt8], size: Int) {
        self.bytes = bytes
        self.size = size
    }

    /// Bytes `offset..<offset + count` of a whole file held in memory (fewer at its end).
    public init(of file: [UInt8], offset: Int, count: Int) {
        let from = min(max(0, offset), file.count), to = min(file.count, from + max(0, count))
        self.init(bytes: Array(file[from..<to]), size: file.count)
    }

    /// The lines of a whole file held in memory from byte `offset` on, each with its offset.
    public static func lines(of file: [UInt8], from offset: Int, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead {
        var start = min(max(0, offset), file.count)
        while let nl = file[start...].firstIndex(of: 0x0a) {
            body(file[start..<nl], start)
            start = nl + 1
        }
        if start < file.count { body(file[start...], start) }
        return LinesRead(endsMidLine: file.last.map { $0 != 0x0a } ?? false, overlongLines: 0, bytes: file.count - min(max(0, offset), file.count))
    }
}
