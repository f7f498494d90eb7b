#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the user named on the command line (`--scoresheet --output FILE`), written the
/// way the config directory's files are: whole or not at all. The bytes go to a new file
/// beside it, are synced, and the new file is renamed over FILE, so a reader never sees half
/// a page and a failure leaves FILE as it was. An existing file keeps its permissions; a link
/// is followed (the file it names is replaced, the link stays). What is not a file to replace
/// (`/dev/stdout`, a terminal, a FIFO) is written into as it is.
public enum OutputFile {
    /// Writes `bytes` to `path`; nil when done, else why not (`cannot write x.html: No space left on device`).
    public static func write(_ path: String, bytes: [UInt8]) -> String? {
        guard !path.isEmpty else { return "no file named" }
        var st = stat()
        let exists = stat(path, &st) == 0
        let kind = st.st_mode & S_IFMT
        if exists && kind == S_IFDIR { return "\(path) is a directory" }
        if exists && kind != S_IFREG { return writeInto(path, bytes) }
        // A link to a file: the file is replaced where it is.
        var target = path
        var link = stat()
        if exists, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let directory = Posix.dirname(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        let tmp = directory + "/.\(base).tmp-\(getpid())"
        unlink(tmp)
        clearLeftovers(of: base, in: directory)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return "cannot write \(path): \(Posix.errnoText)" }
        func fail(_ what: String) -> String {
            let why = Posix.errnoText
            close(fd)
            unlink(tmp)
            return "\(what) \(path): \(why)"
        }
        if exists { _ = fchmod(fd, st.st_mode & 0o7777) }
        guard Posix.writeAll(PosixCalls.shared, fd, bytes) else { return fail("cannot write") }
        guard fsync(fd) == 0 else { return fail("cannot write") }
        guard rename(tmp, target) == 0 else { return fail("cannot replace") }
        close(fd)
        _ = Posix.fsyncDirectory(PosixCalls.shared, directory)
        return nil
    }

    /// Removes `.BASE.tmp-PID` files that a writer killed before its rename left in
    /// `directory`: regular files only, and only when no process has that number.
    static func clearLeftovers(of base: String, in directory: String) {
        guard let d = opendir(directory) else { return }
        defer { closedir(d) }
        let prefix = ".\(base).tmp-"
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            var st = stat()
            let path = directory + "/" + name
            if lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG { unlink(path) }
        }
    }

    /// A device or a FIFO: written into, never replaced (a FIFO with no reader is refused at
    /// once rather than waited for).
    static func writeInto(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "cannot write \(path): \(Posix.errnoText)" }
        defer { close(fd) }
        // Blocking again: a slow reader is waited for, not given half the page.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return Posix.writeAll(PosixCalls.shared, fd, bytes) ? nil : "cannot write \(path): \(Posix.errnoText)"
    }
}
