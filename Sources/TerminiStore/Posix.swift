#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small wrappers over the POSIX calls the store needs, retrying on EINTR.
enum Posix {
    static var errnoText: String { text(errno) }

    /// The message for an errno value (read errno into a variable first: a call made while
    /// building a message may change it).
    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Whether a process of that id exists (a temporary file it writes is left alone).
    static func isAlive(_ pid: Int32) -> Bool { pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) }

    static func writeAll(_ fs: any FileSystemCalls, _ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        return writeAll(fs, fd, bytes, written: &written)
    }

    /// The same, telling how many bytes reached the file (a short write, then a failure).
    static func writeAll(_ fs: any FileSystemCalls, _ fd: Int32, _ bytes: [UInt8], written offset: inout Int) -> Bool {
        bytes.withUnsafeBytes { writeAll(fs, fd, $0, written: &offset) }
    }

    static func writeAll(_ fs: any FileSystemCalls, _ fd: Int32, _ buffer: UnsafeRawBufferPointer, written offset: inout Int) -> Bool {
        offset = 0
        while offset < buffer.count {
            let n = fs.write(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Reads a whole file descriptor, giving up past `limit` bytes (returns nil then).
    static func readAll(_ fs: any FileSystemCalls, _ fd: Int32, limit: Int) -> [UInt8]? {
        var out: [UInt8] = []
        let ok = readChunks(fs, fd) { chunk in
            out.append(contentsOf: chunk)
            return out.count <= limit
        }
        return ok ? out : nil
    }

    /// Reads a file descriptor to its end 64 KiB at a time, each chunk to `body` (which says
    /// whether to go on): a file of any size in the memory of one chunk. False when a read
    /// fails or `body` stops.
    static func readChunks(_ fs: any FileSystemCalls, _ fd: Int32, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        // Read into memory never zeroed: clearing 64 KiB for every small file read cost more
        // than the read (and dirtied 16 pages of heap) at each start.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = fs.read(fd, chunk)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            if n == 0 { return true }
            guard body(UnsafeRawBufferPointer(rebasing: chunk[0..<n])) else { return false }
        }
    }

    /// The identity (length and CRC-32) of what a file descriptor holds from where it stands,
    /// read in chunks; nil when a read fails.
    static func identity(_ fs: any FileSystemCalls, _ fd: Int32) -> ContentIdentity? {
        var crc = CRC32.Running(), length = 0
        guard readChunks(fs, fd, { chunk in
            crc.add(chunk)
            length += chunk.count
            return true
        }) else { return nil }
        return ContentIdentity(length: length, crc: crc.value)
    }

    /// Copies what `from` holds from where it stands to `to`, a chunk at a time.
    static func copy(_ fs: any FileSystemCalls, from: Int32, to: Int32) -> Bool {
        readChunks(fs, from) { chunk in
            var written = 0
            return writeAll(fs, to, chunk, written: &written)
        }
    }

    static func fileType(_ path: String) -> (exists: Bool, isLink: Bool, isDirectory: Bool, isRegular: Bool, size: Int) {
        fileType(PosixCalls.shared, path)
    }

    static func fileType(_ fs: any FileSystemCalls, _ path: String) -> (exists: Bool, isLink: Bool, isDirectory: Bool, isRegular: Bool, size: Int) {
        guard let info = fs.lstat(path) else { return (false, false, false, false, 0) }
        return (true, info.kind == .symlink, info.kind == .directory, info.kind == .regular, info.size)
    }

    /// Creates a directory and its missing parents; new ones get `mode`. 0 when the
    /// directory is there, else the errno (ENOTDIR: the path, or a parent, is not one).
    static func makeDirectories(_ fs: any FileSystemCalls, _ path: String, mode: mode_t) -> Int32 {
        if let info = fs.stat(path) { return info.kind == .directory ? 0 : ENOTDIR }
        if errno == ENOTDIR { return ENOTDIR }
        let parent = dirname(of: path)
        if parent != path && !parent.isEmpty && parent != "/" {
            let e = makeDirectories(fs, parent, mode: mode)
            if e != 0 { return e }
        }
        if fs.mkdir(path, mode) == 0 { return 0 }
        let e = errno
        if e == EEXIST { return fs.stat(path)?.kind == .directory ? 0 : ENOTDIR }
        return e
    }

    static func dirname(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.last == "/" { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }

    /// Makes a directory's entries durable; false when that failed.
    @discardableResult
    static func fsyncDirectory(_ fs: any FileSystemCalls, _ path: String) -> Bool {
        let fd = fs.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard fd >= 0 else { return false }
        let ok = fs.fsync(fd) == 0
        _ = fs.close(fd)
        return ok
    }

    /// `YYYYMMDD-HHMMSS` in local time, for names of files kept aside.
    static func timestamp(_ seconds: Double) -> String {
        var t = time_t(seconds)
        var tmv = tm()
        localtime_r(&t, &tmv)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(tmv.tm_year + 1900)\(two(tmv.tm_mon + 1))\(two(tmv.tm_mday))-\(two(tmv.tm_hour))\(two(tmv.tm_min))\(two(tmv.tm_sec))"
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The wall clock, read in one place: apps get time passed in as seconds since 1970.
public enum WallClock {
    public static func now() -> Double { Posix.now() }
}
