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
///
/// The kernel's lock is on the file opened, not on its name: a lock file removed (`rm
/// stamps.lock`) or replaced under its holder leaves the name to a newcomer, who locks a file
/// of its own there. So the keeper asks `holdsLock` before each save, and stops (the shell
/// refuses the save and says so) once its lock is no longer the file at that path.
extension FileStore {
    struct HeldLock {
        var fd: Int32
        /// The lock file as it was when locked (nil: a disk error hid it).
        var identity: FileIdentity?
    }

    public func lock(_ name: String) -> Bool { tryLock(name) == .acquired }

    /// Takes the lock `name` for the life of the process (or until `unlock`). The kernel
    /// frees it when its holder dies, so a killed process never leaves a lock that blocks.
    public func tryLock(_ name: String) -> LockOutcome {
        if lockFDs[name] != nil { return .acquired }
        // A copy that only watches keeps nothing (and makes no lock file).
        if readOnly { return .unusable(Keeping.watchOnly) }
        // Without a directory to save in, nobody can save: there is nothing to keep.
        guard canWrite else { return .acquired }
        let file = Keeping.lockFile(name)
        let fd: Int32, size: Int
        switch openRegular(file, flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode: 0o600) {
        case .missing: return .acquired
        case .refused(let why, _):
            let text = "\(why): Termini cannot tell whether another copy keeps this, so it only reads (remove \(file) to save here)"
            notice(text)
            return .unusable(text)
        case .file(let f, let s, _): (fd, size) = (f, s)
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
        // Removed or replaced between the open and the lock: not the file at that path (a
        // newcomer may lock the one there now).
        let identity = fs.fstat(fd)?.identity
        if let identity, lockFileIs(name, identity) == false {
            _ = fs.close(fd)
            return .heldByAnother
        }
        lockFDs[name] = HeldLock(fd: fd, identity: identity)
        return .acquired
    }

    /// Whether the file at the lock's path is `identity`; nil when that cannot be told (a
    /// disk error: not taken for a lock removed; the save that follows meets the error).
    private func lockFileIs(_ name: String, _ identity: FileIdentity) -> Bool? {
        guard let p = path(Keeping.lockFile(name)) else { return nil }
        var info = fs.lstat(p)
        if info == nil && errno == EIO { info = fs.lstat(p) }
        guard let info else { return errno == ENOENT || errno == ENOTDIR ? false : nil }
        return info.identity == identity
    }

    /// Whether the lock `name` this store took is still the file at its path; one that is not
    /// (removed, moved, replaced) is let go: a newcomer may hold the file there now, and
    /// this store's next `tryLock` takes that file, or finds it held. True when there is no
    /// lock to check (nowhere to save, or a lock not taken).
    public func holdsLock(_ name: String) -> Bool {
        guard canWrite, !readOnly, let held = lockFDs[name], let identity = held.identity,
              lockFileIs(name, identity) == false else { return true }
        unlock(name)
        return false
    }

    public func unlock(_ name: String) {
        if let held = lockFDs.removeValue(forKey: name) {
            _ = fs.flock(held.fd, LOCK_UN)
            _ = fs.close(held.fd)
        }
    }
}
