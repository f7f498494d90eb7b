#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// The config directory on disk. Every write is atomic (temp file in the same directory,
/// fsync, rename, fsync of the directory); journals are appended and fsynced before `append`
/// returns, always: a journal is the record of each action (a rally), on the disk before the
/// screen shows it. With `syncAfterFrame` a replaced state file (a snapshot: counts, a cart,
/// a card) reaches the file and its name at once, which is all a killed process needs, and its
/// fsyncs wait for `sync()`, which the loop calls right after drawing the frame. Files that
/// cannot be read are moved aside, never overwritten; when the directory cannot be written
/// the user is told once and Termini runs on without saving.
public final class FileStore: StateStore {
    public let directory: String?
    public private(set) var canWrite: Bool
    /// Files bigger than this are not read (a 50 MB file of garbage is not a state file).
    public var readLimit = 8 << 20
    private var notices: [String] = []
    private var lockFDs: [String: Int32] = [:]
    /// Files that could not be moved aside: never written this session, so nothing is lost.
    private var protected: Set<String> = []
    private var toldReadOnly = false
    private let clock: () -> Double
    /// Delay the fsyncs of writes and appends until `sync()` (see above).
    public var syncAfterFrame = false
    /// Replaced files whose data still needs an fsync.
    private(set) var unsynced: [(fd: Int32, file: String)] = []
    private var directoryUnsynced = false

    /// `directory` nil means there is nowhere to save (no HOME): everything runs in memory.
    public init(directory: String?, clock: @escaping () -> Double = WallClock.now) {
        self.directory = directory
        self.clock = clock
        canWrite = false
        guard let directory else { return }
        if Posix.makeDirectories(directory, mode: 0o700) {
            canWrite = access(directory, W_OK) == 0
            if !canWrite { reportReadOnly("\(directory) is read-only") }
        } else {
            reportReadOnly("cannot create \(directory): \(Posix.errnoText)")
        }
    }

    deinit {
        sync()
        for fd in lockFDs.values { close(fd) }
    }

    public func path(_ file: String) -> String? {
        guard let directory, FileStore.isPlainName(file) else { return nil }
        return directory + "/" + file
    }

    /// File names are plain: no slashes, no `..`, nothing hidden outside the directory.
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.contains("\0")
    }

    // MARK: Reading

    public func readBytes(_ file: String) -> [UInt8]? {
        guard let p = path(file) else { return nil }
        let t = Posix.fileType(p)
        guard t.exists else { return nil }
        if t.isLink {
            moveAside(file, afresh: true, reason: "\(file) is a symbolic link; Termini does not follow links in its directory")
            return nil
        }
        if t.isDirectory {
            moveAside(file, afresh: true, reason: "\(file) is a directory, not a file")
            return nil
        }
        if t.size > readLimit {
            moveAside(file, afresh: true, reason: "\(file) is \(t.size / 1_048_576) MB, far too large to be Termini's")
            return nil
        }
        let fd = open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            moveAside(file, afresh: true, reason: "cannot read \(file): \(Posix.errnoText)")
            return nil
        }
        defer { close(fd) }
        guard let bytes = Posix.readAll(fd, limit: readLimit) else {
            moveAside(file, afresh: true, reason: "cannot read \(file): \(Posix.errnoText)")
            return nil
        }
        return bytes
    }

    public func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        guard let bytes = readBytes(file) else { return nil }
        switch StateCodec.decode(type, from: bytes, version: version) {
        case .success(let v): return v
        case .failure(let e):
            moveAside(file, afresh: true, reason: "\(file) could not be read: \(e)")
            return nil
        }
    }

    /// Moves a damaged file aside; the app says what it made of it (e.g. events recovered).
    @discardableResult
    public func keepAside(_ file: String, reason: String) -> String? {
        moveAside(file, afresh: false, reason: reason)
    }

    /// With `afresh`, the notice adds that the app starts without the file's contents.
    @discardableResult
    func moveAside(_ file: String, afresh: Bool, reason: String) -> String? {
        guard let p = path(file), Posix.fileType(p).exists else {
            notice(reason)
            return nil
        }
        var name = "\(file).corrupt-\(Posix.timestamp(clock()))"
        var n = 1
        while let q = path(name), Posix.fileType(q).exists {
            n += 1
            name = "\(file).corrupt-\(Posix.timestamp(clock()))-\(n)"
        }
        if let q = path(name), rename(p, q) == 0 {
            if let directory { Posix.fsyncDirectory(directory) }
            notice("\(reason). It was kept as \(name)" + (afresh ? "; starting afresh." : "."))
            return name
        }
        protected.insert(file)
        notice("\(reason). It could not be moved aside (\(Posix.errnoText)) and will not be overwritten; changes are not saved.")
        return nil
    }

    // MARK: Writing

    public func write(_ file: String, bytes: [UInt8]) throws {
        guard let p = path(file), let directory else { throw StoreError.nowhere }
        guard canWrite else { throw StoreError.readOnly }
        guard !protected.contains(file) else { throw StoreError.protected(file) }
        let tmp = "\(directory)/.\(file).tmp-\(getpid())"
        unlink(tmp)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failed("cannot write \(file)") }
        guard Posix.writeAll(fd, bytes), syncAfterFrame || fsync(fd) == 0 else {
            let e = failed("cannot write \(file)")
            close(fd)
            unlink(tmp)
            throw e
        }
        // rename replaces a symlink itself, never the file it points to.
        guard rename(tmp, p) == 0 else {
            let e = failed("cannot replace \(file)")
            close(fd)
            unlink(tmp)
            throw e
        }
        if syncAfterFrame {
            // The same file written twice before a frame needs only its last copy synced.
            unsynced.removeAll { entry in
                guard entry.file == file else { return false }
                close(entry.fd)
                return true
            }
            unsynced.append((fd, file))
            directoryUnsynced = true
        } else {
            close(fd)
            Posix.fsyncDirectory(directory)
        }
    }

    public func append(_ file: String, bytes: [UInt8]) throws {
        guard let p = path(file), let directory else { throw StoreError.nowhere }
        guard canWrite else { throw StoreError.readOnly }
        guard !protected.contains(file) else { throw StoreError.protected(file) }
        let existed = Posix.fileType(p).exists
        let fd = open(p, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failed("cannot append to \(file)") }
        defer { close(fd) }
        guard Posix.writeAll(fd, bytes), fdatasync(fd) == 0 else { throw failed("cannot append to \(file)") }
        if !existed { Posix.fsyncDirectory(directory) }
    }

    /// Makes durable what `write` left to sync: the files' data, then the directory (their
    /// new names). A failure becomes a notice, as any other failure to save.
    public func sync() {
        guard !unsynced.isEmpty || directoryUnsynced else { return }
        for entry in unsynced {
            if fsync(entry.fd) != 0 {
                notice("cannot save \(entry.file) to the disk: \(Posix.errnoText)")
            }
            close(entry.fd)
        }
        unsynced.removeAll()
        if directoryUnsynced, let directory { Posix.fsyncDirectory(directory) }
        directoryUnsynced = false
    }

    /// Removes a file (e.g. a finished journal). Missing files are fine.
    public func remove(_ file: String) {
        guard let p = path(file), canWrite, !protected.contains(file) else { return }
        unlink(p)
    }

    private func failed(_ what: String) -> StoreError {
        let text = "\(what): \(Posix.errnoText)"
        if errno == EROFS || errno == EACCES || errno == EPERM {
            canWrite = false
            reportReadOnly(text)
        }
        return .io(text)
    }

    private func reportReadOnly(_ why: String) {
        guard !toldReadOnly else { return }
        toldReadOnly = true
        notice("Not saving: \(why). Termini runs on; nothing will be kept when it quits.")
    }

    // MARK: Locks

    public func lock(_ name: String) -> Bool {
        if lockFDs[name] != nil { return true }
        guard let p = path("\(name).lock") else { return true }
        let fd = open(p, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        // Without a lock file (read-only directory) nobody can save anyway: no conflict.
        guard fd >= 0 else { return true }
        // flock is released by the kernel when its holder dies, so a killed process never
        // leaves a lock that blocks anyone.
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            return false
        }
        _ = ftruncate(fd, 0)
        _ = Posix.writeAll(fd, Array("\(getpid())\n".utf8))
        lockFDs[name] = fd
        return true
    }

    public func unlock(_ name: String) {
        if let fd = lockFDs.removeValue(forKey: name) {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    /// Preferences come from the shell's `config`; the bare store has none.
    /// Read from the `config` file, so commands run without a terminal (`--status`,
    /// `--receipt`) see the same preferences as the apps do inside the shell.
    public func preference(_ key: String) -> String? {
        guard let bytes = readBytes("config") else { return nil }
        return ConfigFile(text: String(decoding: bytes, as: UTF8.self)).value(key.lowercased())
    }

    // MARK: Notices

    public func notice(_ text: String) { notices.append(TextLayout.sanitized(text)) }

    public func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }
}

public enum StoreError: Error, Equatable, CustomStringConvertible {
    case nowhere, readOnly, protected(String), io(String)
    public var description: String {
        switch self {
        case .nowhere: return "there is no config directory"
        case .readOnly: return "the config directory is read-only"
        case .protected(let f): return "\(f) was unreadable and is left untouched"
        case .io(let t): return t
        }
    }
}
