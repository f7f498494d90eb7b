#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `fstat`/`lstat` tell about a file, in the store's terms.
public struct FileInfo: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case regular, directory, symlink, fifo, socket
        case characterDevice = "character device", blockDevice = "block device", unknown
    }
    public var kind: Kind
    public var size: Int
    public var mode: Int
    /// Which file it is (device and inode): the same name may come to mean another file (a
    /// file removed, moved or replaced under a process that holds it open).
    public var identity: FileIdentity

    public init(kind: Kind, size: Int, mode: Int = 0o600, identity: FileIdentity = .unknown) {
        self.kind = kind
        self.size = size
        self.mode = mode
        self.identity = identity
    }

    init(_ st: stat) {
        let type = st.st_mode & S_IFMT
        switch type {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        default: kind = .unknown
        }
        size = Int(st.st_size)
        mode = Int(st.st_mode & 0o7777)
        identity = FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// `a FIFO`, `a directory`: for messages.
    public var described: String {
        switch kind {
        case .regular: return "a file"
        case .directory: return "a directory"
        case .symlink: return "a symbolic link"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .unknown: return "not a regular file"
        }
    }
}

/// A file as the kernel knows it, whatever its name: its device and inode.
public struct FileIdentity: Equatable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    /// No file's: what a file made in memory (a test's) has.
    public static let unknown = FileIdentity(device: 0, inode: 0)
}

/// The kinds of call the store makes, for the seam's users (fault injection, recording).
public enum FileOperation: String, CaseIterable, Sendable {
    case open, close, read, write, fsync, fdatasync, ftruncate, fstat, lstat, stat, rename, link, unlink, mkdir, flock, list, access
}

/// The one seam through which the store reaches the file system. Each call behaves as the
/// POSIX call of the same name: -1 (or nil) on failure with `errno` set, EINTR retried by the
/// caller. Tests put a wrapper here that fails the Nth call with ENOSPC or EIO, or records
/// every call to build the directories a power cut could leave.
public protocol FileSystemCalls: AnyObject {
    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    func close(_ fd: Int32) -> Int32
    func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int
    /// Reads at `offset` without moving the file offset.
    func pread(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int
    func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int
    func fsync(_ fd: Int32) -> Int32
    func fdatasync(_ fd: Int32) -> Int32
    func ftruncate(_ fd: Int32, _ length: Int) -> Int32
    func fstat(_ fd: Int32) -> FileInfo?
    func lstat(_ path: String) -> FileInfo?
    /// `stat`: follows links (the config directory itself may be one).
    func stat(_ path: String) -> FileInfo?
    func rename(_ from: String, _ to: String) -> Int32
    func link(_ from: String, _ to: String) -> Int32
    func unlink(_ path: String) -> Int32
    func mkdir(_ path: String, _ mode: mode_t) -> Int32
    func flock(_ fd: Int32, _ operation: Int32) -> Int32
    /// The names in a directory, `.` and `..` left out; nil when it cannot be read.
    func list(_ directory: String) -> [String]?
    func access(_ path: String, _ mode: Int32) -> Int32
}

/// The real calls.
public final class PosixCalls: FileSystemCalls, Sendable {
    public init() {}
    public static let shared = PosixCalls()

    public func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
    public func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
    public func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(fd, buffer.baseAddress, buffer.count)
    }
    public func pread(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int {
        Glibc.pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
    }
    public func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        Glibc.write(fd, buffer.baseAddress, buffer.count)
    }
    public func fsync(_ fd: Int32) -> Int32 { Glibc.fsync(fd) }
    public func fdatasync(_ fd: Int32) -> Int32 { Glibc.fdatasync(fd) }
    public func ftruncate(_ fd: Int32, _ length: Int) -> Int32 { Glibc.ftruncate(fd, off_t(length)) }
    public func fstat(_ fd: Int32) -> FileInfo? { sysFstat(fd) }
    public func lstat(_ path: String) -> FileInfo? { sysLstat(path) }
    public func stat(_ path: String) -> FileInfo? { sysStat(path) }
    public func rename(_ from: String, _ to: String) -> Int32 { Glibc.rename(from, to) }
    public func link(_ from: String, _ to: String) -> Int32 { Glibc.link(from, to) }
    public func unlink(_ path: String) -> Int32 { Glibc.unlink(path) }
    public func mkdir(_ path: String, _ mode: mode_t) -> Int32 { Glibc.mkdir(path, mode) }
    public func flock(_ fd: Int32, _ operation: Int32) -> Int32 { sysFlock(fd, operation) }
    public func list(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
    public func access(_ path: String, _ mode: Int32) -> Int32 { Glibc.access(path, mode) }
}

// Inside `PosixCalls` these names mean its own methods (or, for flock, a struct).
private func sysFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
private func sysFstat(_ fd: Int32) -> FileInfo? {
    var st = stat()
    return fstat(fd, &st) == 0 ? FileInfo(st) : nil
}
private func sysLstat(_ path: String) -> FileInfo? {
    var st = stat()
    return lstat(path, &st) == 0 ? FileInfo(st) : nil
}
private func sysStat(_ path: String) -> FileInfo? {
    var st = stat()
    return stat(path, &st) == 0 ? FileInfo(st) : nil
}

extension FileSystemCalls {
    /// Back to the start of a file read from (lseek is no disk call: not part of the seam).
    func lseekStart(_ fd: Int32) -> Bool { lseek(fd, 0, SEEK_SET) == 0 }
    /// To byte `offset` of a file read from (a part of the history).
    func lseekTo(_ fd: Int32, _ offset: Int) -> Bool { lseek(fd, off_t(offset), SEEK_SET) == off_t(offset) }
}
