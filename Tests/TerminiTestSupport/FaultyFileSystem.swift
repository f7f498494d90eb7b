#if canImport(Glibc)
import Glibc
#endif
import TerminiStore

/// The store's seam with faults put in, as SQLite's I/O-error tests do: the Nth counted call
/// fails with `error` (and, when `persistent`, every counted call after it too, as a disk that
/// stays full). A failing `write` first writes half its bytes (a short write, as a filling
/// disk gives) and the call after it fails, so torn lines are made as a real disk makes them.
public final class FaultInjector: FileSystemCalls {
    public let base: any FileSystemCalls
    /// Calls counted so far (only the kinds in `counted`).
    public private(set) var count = 0
    /// The 1-based number of the counted call that fails; nil: none.
    public var failAt: Int?
    /// Every counted call from `failAt` on fails (until `failAt` is changed).
    public var persistent = false
    public var error: Int32
    /// The kinds of call that are counted (and so can fail).
    public var counted: Set<FileOperation>
    /// Faults injected so far.
    public private(set) var injected = 0
    /// Of them, faults of calls that only read (an open that creates nothing, a read, a stat,
    /// a listing, access).
    public private(set) var failedReads = 0
    /// The next write fails (the second half of a short write).
    private var failNextWrite = false

    /// The calls a full disk can fail: those that need a block or a directory entry.
    public static let spaceNeeding: Set<FileOperation> = [.open, .write, .fsync, .fdatasync, .ftruncate, .rename, .link, .mkdir]
    /// Every call but `close` (EIO can come from anything that touches the disk).
    public static let all: Set<FileOperation> = Set(FileOperation.allCases).subtracting([.close])

    public init(base: any FileSystemCalls = PosixCalls.shared, error: Int32 = ENOSPC, counted: Set<FileOperation>? = nil) {
        self.base = base
        self.error = error
        self.counted = counted ?? (error == ENOSPC ? FaultInjector.spaceNeeding : FaultInjector.all)
    }

    /// Whether the call fails: counts it and decides.
    private func fails(_ op: FileOperation, creating: Bool = true, onlyReads: Bool = false) -> Bool {
        guard counted.contains(op), creating else { return false }
        count += 1
        guard let n = failAt else { return false }
        if count == n || (persistent && count > n) {
            injected += 1
            if onlyReads || FaultInjector.reading.contains(op) { failedReads += 1 }
            return true
        }
        return false
    }

    /// Calls that only read.
    static let reading: Set<FileOperation> = [.read, .fstat, .lstat, .stat, .list, .access]

    private func fail<T>(_ value: T) -> T {
        errno = error
        return value
    }

    public func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        // Only an open that may create a file needs space.
        fails(.open, creating: error != ENOSPC || flags & O_CREAT != 0, onlyReads: flags & O_CREAT == 0 && flags & O_ACCMODE == O_RDONLY)
            ? fail(-1) : base.open(path, flags, mode)
    }
    public func close(_ fd: Int32) -> Int32 { base.close(fd) }
    public func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        fails(.read) ? fail(-1) : base.read(fd, buffer)
    }
    public func pread(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int {
        fails(.read) ? fail(-1) : base.pread(fd, buffer, offset)
    }
    public func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        if failNextWrite {
            failNextWrite = false
            return fail(-1)
        }
        guard fails(.write) else { return base.write(fd, buffer) }
        if buffer.count > 1 {
            // A short write: half now, and the call that would write the rest fails.
            let n = base.write(fd, UnsafeRawBufferPointer(rebasing: buffer[0..<(buffer.count / 2)]))
            if n > 0 {
                failNextWrite = true
                return n
            }
        }
        return fail(-1)
    }
    public func fsync(_ fd: Int32) -> Int32 { fails(.fsync) ? fail(-1) : base.fsync(fd) }
    public func fdatasync(_ fd: Int32) -> Int32 { fails(.fdatasync) ? fail(-1) : base.fdatasync(fd) }
    public func ftruncate(_ fd: Int32, _ length: Int) -> Int32 {
        // Cutting a file shorter frees space: a full disk never refuses it.
        let shrinks = length <= (base.fstat(fd)?.size ?? Int.max)
        return fails(.ftruncate, creating: error != ENOSPC || !shrinks) ? fail(-1) : base.ftruncate(fd, length)
    }
    public func fstat(_ fd: Int32) -> FileInfo? { fails(.fstat) ? fail(nil) : base.fstat(fd) }
    public func lstat(_ path: String) -> FileInfo? {
        // ENOENT must stay ENOENT: a fault is only put on a path that exists.
        fails(.lstat) ? fail(nil) : base.lstat(path)
    }
    public func stat(_ path: String) -> FileInfo? { fails(.stat) ? fail(nil) : base.stat(path) }
    public func rename(_ from: String, _ to: String) -> Int32 { fails(.rename) ? fail(-1) : base.rename(from, to) }
    public func link(_ from: String, _ to: String) -> Int32 { fails(.link) ? fail(-1) : base.link(from, to) }
    public func unlink(_ path: String) -> Int32 { fails(.unlink) ? fail(-1) : base.unlink(path) }
    public func mkdir(_ path: String, _ mode: mode_t) -> Int32 { fails(.mkdir) ? fail(-1) : base.mkdir(path, mode) }
    public func flock(_ fd: Int32, _ operation: Int32) -> Int32 { fails(.flock) ? fail(-1) : base.flock(fd, operation) }
    public func list(_ directory: String) -> [String]? { fails(.list) ? fail(nil) : base.list(directory) }
    public func access(_ path: String, _ mode: Int32) -> Int32 { fails(.access) ? fail(-1) : base.access(path, mode) }
}

/// One call that changed the file system, as `CallRecorder` saw it: enough to replay the
/// calls on a model of the disk and ask what a power cut at any point could leave.
public enum RecordedCall: Equatable, Sendable {
    /// `open` with O_CREAT made a new name for a new (empty) file.
    case create(path: String, inode: UInt64)
    /// A file that was there was opened (its name and its inode, to follow it).
    case open(path: String, inode: UInt64)
    /// `open` with O_TRUNC emptied a file.
    case truncateOnOpen(inode: UInt64)
    case write(inode: UInt64, offset: Int, bytes: [UInt8])
    case truncate(inode: UInt64, length: Int)
    /// `fsync`/`fdatasync` of a file: its data (and size) are on the disk.
    case syncFile(inode: UInt64)
    /// `fsync` of a directory: its entries (creates, renames, unlinks) are on the disk.
    case syncDirectory(path: String)
    case rename(from: String, to: String)
    case link(from: String, to: String)
    case unlink(path: String)
    case mkdir(path: String)
    /// A point a test marks (a frame drawn, a key handled), with its label.
    case mark(String)
}

/// The real calls, each one that changes the disk recorded in order (the seam's answer to
/// `strace`): `calls` replays on `CrashModel` to build the directories a power cut could leave.
public final class CallRecorder: FileSystemCalls {
    public let base: any FileSystemCalls
    public private(set) var calls: [RecordedCall] = []
    private var appending: Set<Int32> = []
    private var directories: [Int32: String] = [:]

    public init(base: any FileSystemCalls = PosixCalls.shared) { self.base = base }

    public func mark(_ label: String) { calls.append(.mark(label)) }

    static func inode(_ fd: Int32) -> UInt64? { inodeOf(fd) }

    public func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        let existed = base.lstat(path) != nil
        let fd = base.open(path, flags, mode)
        guard fd >= 0 else { return fd }
        if flags & O_DIRECTORY != 0 || base.fstat(fd)?.kind == .directory {
            directories[fd] = path
            return fd
        }
        guard let ino = CallRecorder.inode(fd) else { return fd }
        if !existed && flags & O_CREAT != 0 { calls.append(.create(path: path, inode: ino)) } else { calls.append(.open(path: path, inode: ino)) }
        if existed && flags & O_TRUNC != 0 { calls.append(.truncateOnOpen(inode: ino)) }
        if flags & O_APPEND != 0 { appending.insert(fd) }
        return fd
    }
    public func close(_ fd: Int32) -> Int32 {
        appending.remove(fd)
        directories[fd] = nil
        return base.close(fd)
    }
    public func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int { base.read(fd, buffer) }
    public func pread(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int { base.pread(fd, buffer, offset) }
    public func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        let offset = appending.contains(fd) ? (base.fstat(fd)?.size ?? 0) : Int(lseek(fd, 0, SEEK_CUR))
        let n = base.write(fd, buffer)
        if n > 0, let ino = CallRecorder.inode(fd) {
            calls.append(.write(inode: ino, offset: offset, bytes: Array(buffer[0..<n])))
        }
        return n
    }
    public func fsync(_ fd: Int32) -> Int32 {
        let r = base.fsync(fd)
        if r == 0 { recordSync(fd) }
        return r
    }
    public func fdatasync(_ fd: Int32) -> Int32 {
        let r = base.fdatasync(fd)
        if r == 0 { recordSync(fd) }
        return r
    }
    private func recordSync(_ fd: Int32) {
        if let dir = directories[fd] {
            calls.append(.syncDirectory(path: dir))
        } else if let ino = CallRecorder.inode(fd) {
            calls.append(.syncFile(inode: ino))
        }
    }
    public func ftruncate(_ fd: Int32, _ length: Int) -> Int32 {
        let r = base.ftruncate(fd, length)
        if r == 0, let ino = CallRecorder.inode(fd) { calls.append(.truncate(inode: ino, length: length)) }
        return r
    }
    public func fstat(_ fd: Int32) -> FileInfo? { base.fstat(fd) }
    public func lstat(_ path: String) -> FileInfo? { base.lstat(path) }
    public func stat(_ path: String) -> FileInfo? { base.stat(path) }
    public func rename(_ from: String, _ to: String) -> Int32 {
        let r = base.rename(from, to)
        if r == 0 { calls.append(.rename(from: from, to: to)) }
        return r
    }
    public func link(_ from: String, _ to: String) -> Int32 {
        let r = base.link(from, to)
        if r == 0 { calls.append(.link(from: from, to: to)) }
        return r
    }
    public func unlink(_ path: String) -> Int32 {
        let r = base.unlink(path)
        if r == 0 { calls.append(.unlink(path: path)) }
        return r
    }
    public func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
        let r = base.mkdir(path, mode)
        if r == 0 { calls.append(.mkdir(path: path)) }
        return r
    }
    public func flock(_ fd: Int32, _ operation: Int32) -> Int32 { base.flock(fd, operation) }
    public func list(_ directory: String) -> [String]? { base.list(directory) }
    public func access(_ path: String, _ mode: Int32) -> Int32 { base.access(path, mode) }
}

private func inodeOf(_ fd: Int32) -> UInt64? {
    var st = stat()
    return fstat(fd, &st) == 0 ? UInt64(st.st_ino) : nil
}
