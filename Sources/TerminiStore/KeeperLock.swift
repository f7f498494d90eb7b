#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// The keeper lock: one copy of termini keeps an app's files (see `Keeping`).
extension FileStore {

    public func lock(_ name: String) -> Bool { tryLock(name) == .acquired }

    /// Takes the lock `name` for the life of the process (or until `unlock`). The kernel
    /// frees it when its holder dies, so a killed process never leaves a lock that blocks.
    public func tryLock(_ name: String) -> LockOutcome {
        if lockFDs[name] != nil { return .acquired }
        // Without a directory to save in, nobody can save: there is nothing to keep.
        guard canWrite, !readOnly else { return .acquired }
        let file = Keeping.lockFile(name)
        let fd: Int32, size: Int
        switch openRegular(file, flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode: 0o600) {
        case .missing: return .acquired
        case .refused(let why, _):
            let text = "\(why): Termini cannot tell whether another copy keeps this, so it only reads (remove \(file) to save here)"
            notice(text)
            return .unusable(text)
        case .file(let f, let s): (fd, size) = (f, s)
        }
        if fs.flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            _ = fs.close(fd)
            if e == EWOULDBLOCK { return .heldByAnother }
            let text = "cannot lock \(file): \(Posix.text(e)); this copy only reads"
            notice(text)
            return .unusable(text)
        }
        // The holder's process id, for a person looking: written over what the file held, and
        // the file cut only if it held more. Cutting a file that has a block to nothing first
        // costs ext4 a journal transaction, about 0.25 ms of every app's start; the earlier
        // holder's number is most often just as long. A write that fails leaves what it wrote
        // (the file cut there), as cutting first and writing did.
        let line = Array("\(getpid())\n".utf8)
        var written = 0
        let whole = Posix.writeAll(fs, fd, line, written: &written)
        if !whole || size > line.count { _ = fs.ftruncate(fd, written) }
        lockFDs[name] = fd
        return .acquired
    }

    public func unlock(_ name: String) {
        if let fd = lockFDs.removeValue(forKey: name) {
            _ = fs.flock(fd, LOCK_UN)
            _ = fs.close(fd)
        }
    }
}
