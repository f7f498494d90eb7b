#if canImport(Glibc)
import Glibc
#endif

/// Read-only helpers for files outside the config directory (themes, catalogs).
public enum FileSystem {
    /// The text of a file, or a message saying why it cannot be read.
    public static func readText(_ path: String, limit: Int = 1 << 20) -> Result<String, FileReadError> {
        let fs = PosixCalls.shared
        // A theme may be a link (it is only read); a FIFO or a device never blocks the start.
        let fd = fs.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { return .failure(.init(message: "\(path): no such file")) }
            return .failure(.init(message: "cannot read \(path): \(Posix.text(e))"))
        }
        defer { _ = fs.close(fd) }
        guard let info = fs.fstat(fd) else { return .failure(.init(message: "cannot read \(path): \(Posix.errnoText)")) }
        guard info.kind == .regular else { return .failure(.init(message: "\(path) is \(info.described), not a file")) }
        if info.size > limit { return .failure(.init(message: "\(path) is too large (\(info.size) bytes)")) }
        guard let bytes = Posix.readAll(fs, fd, limit: limit) else {
            return .failure(.init(message: "cannot read \(path): \(Posix.errnoText)"))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Names of the entries in a directory (not `.`/`..`), sorted; empty when unreadable.
    public static func list(_ directory: String) -> [String] { (PosixCalls.shared.list(directory) ?? []).sorted() }

    public static func isDirectory(_ path: String) -> Bool { Posix.fileType(path).isDirectory || {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }() }

    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// The running executable's path (from /proc/self/exe), for finding installed files.
    public static func executablePath() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, 4095)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func dirname(_ path: String) -> String { Posix.dirname(of: path) }
}

public struct FileReadError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
