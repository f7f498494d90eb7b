#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small wrappers over the POSIX calls the store needs, retrying on EINTR.
enum Posix {
    static var errnoText: String { String(cString: strerror(errno)) }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                write(fd, buf.baseAddress! + offset, bytes.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Reads a whole file descriptor, giving up past `limit` bytes (returns nil then).
    static func readAll(_ fd: Int32, limit: Int) -> [UInt8]? {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { return nil }
        }
        return out
    }

    static func fileType(_ path: String) -> (exists: Bool, isLink: Bool, isDirectory: Bool, isRegular: Bool, size: Int) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return (false, false, false, false, 0) }
        let type = st.st_mode & S_IFMT
        return (true, type == S_IFLNK, type == S_IFDIR, type == S_IFREG, Int(st.st_size))
    }

    /// Creates a directory and its missing parents; new ones get `mode`.
    static func makeDirectories(_ path: String, mode: mode_t) -> Bool {
        var st = stat()
        if stat(path, &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR }
        let parent = dirname(of: path)
        if parent != path && !parent.isEmpty && parent != "/" {
            if !makeDirectories(parent, mode: mode) { return false }
        }
        if mkdir(path, mode) == 0 { return true }
        return errno == EEXIST
    }

    static func dirname(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.last == "/" { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }

    static func fsyncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
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
