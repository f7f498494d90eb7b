import TerminiCore
import TerminiApp

/// A `StateStore` held in memory, for tests of apps and of the shell.
public final class InMemoryStore: StateStore {
    public var files: [String: [UInt8]]
    public var notices: [String] = []
    public var keptAside: [String: [UInt8]] = [:]
    public var locks: Set<String> = []
    /// Locks "held by another process", to test watch modes.
    public var foreignLocks: Set<String> = []
    public var canWrite: Bool
    public var writeCount = 0
    /// Writes and appends per file.
    public var writes: [String: Int] = [:]
    public var preferences: [String: String] = [:]
    /// Set: every write and append fails with it (a full or broken disk).
    public var failure: (any Error)?
    /// Whether the app reading keeps its files (a harness sets it, as the shell does).
    public var keeping: Keeping = .keeper
    public func preference(_ key: String) -> String? { preferences[key] }

    public init(files: [String: [UInt8]] = [:], canWrite: Bool = true) {
        self.files = files
        self.canWrite = canWrite
    }

    public func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        guard let bytes = files[file] else { return nil }
        switch StateCodec.decode(type, from: bytes, version: version) {
        case .success(let v): return v
        case .failure(let e):
            keepAside(file, reason: "\(file): \(e)")
            return nil
        }
    }

    public func readBytes(_ file: String) -> [UInt8]? { files[file] }
    public func fileNames() -> [String] { files.keys.filter { !$0.hasPrefix(".") }.sorted() }

    @discardableResult
    public func keepAside(_ file: String, reason: String) -> String? {
        guard let bytes = files.removeValue(forKey: file) else { return nil }
        let name = "\(file).corrupt-0"
        keptAside[name] = bytes
        notices.append(reason + " (kept as \(name))")
        return name
    }

    @discardableResult
    public func replaceDamaged(_ file: String, reason: String, with bytes: [UInt8]) -> String? {
        guard let old = files[file] else { return nil }
        let name = "\(file).corrupt-0"
        keptAside[name] = old
        notices.append(reason + " (a copy kept as \(name))")
        if canWrite { files[file] = bytes }
        return name
    }

    public func lock(_ name: String) -> Bool {
        if foreignLocks.contains(name) { return false }
        locks.insert(name)
        return true
    }
    public func unlock(_ name: String) { locks.remove(name) }
    public func notice(_ text: String) { notices.append(text) }

    public func write(_ file: String, bytes: [UInt8]) throws {
        guard canWrite else { throw InMemoryStoreError.readOnly }
        if let failure { throw failure }
        files[file] = bytes
        writeCount += 1
        writes[file, default: 0] += 1
    }
    public func append(_ file: String, bytes: [UInt8]) throws {
        guard canWrite else { throw InMemoryStoreError.readOnly }
        if let failure { throw failure }
        // As on disk: a line never goes onto one cut short.
        if let last = files[file]?.last, last != 0x0a { files[file]?.append(0x0a) }
        files[file, default: []].append(contentsOf: bytes)
        writeCount += 1
        writes[file, default: 0] += 1
    }
    public func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }
}

public enum InMemoryStoreError: Error, CustomStringConvertible {
    case readOnly
    /// A disk error, as the file store reports one.
    case io(String)
    public var description: String {
        switch self {
        case .readOnly: return "read-only"
        case .io(let why): return why
        }
    }
}
