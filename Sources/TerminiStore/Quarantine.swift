#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// Quarantine: a file that cannot be read is kept aside (`NAME.corrupt-TIMESTAMP`), never
/// overwritten; a journal recovered from its readable lines replaces it with a copy kept.
extension FileStore {
    /// Moves a damaged file aside; the app says what it made of it (e.g. events recovered).
    @discardableResult
    public func keepAside(_ file: String, reason: String) -> String? {
        settleDeferredSync()
        return moveAside(file, afresh: false, reason: reason)
    }

    /// Keeps a copy of the damaged file aside (a second name for its data, which needs no
    /// space; a copy where links are refused), then replaces the file with `bytes`, synced
    /// at once: the journal a start recovers. If either step fails, the file stays as it was.
    @discardableResult
    public func replaceDamaged(_ file: String, reason: String, with bytes: [UInt8]) -> String? {
        settleDeferredSync()
        guard let name = copyAside(file, reason: reason) else { return nil }
        let wasDeferred = syncAfterFrame
        syncAfterFrame = false
        defer { syncAfterFrame = wasDeferred }
        do {
            try write(file, bytes: bytes)
        } catch {
            failedReplacements.remove(file)
            notice("The recovered \(file) could not be written (\(error)); the damaged one stays in place and is read again at the next start.")
            return name
        }
        if pending.contains(where: { $0.file == file }) {
            notice("The recovered \(file) is written but could not be synced to the disk yet.")
        }
        return name
    }

    /// Keeps a copy of a damaged file aside and leaves the file in place.
    @discardableResult
    func copyAside(_ file: String, reason: String) -> String? {
        reportedDamage = true
        guard let p = path(file), fs.lstat(p) != nil else {
            notice(reason)
            return nil
        }
        guard canWrite, !readOnly else {
            notice("\(reason); it was left as it is.")
            return nil
        }
        let name = asideName(file)
        guard let q = path(name) else { return nil }
        // A second name for the same data needs no space; a copy where links are refused.
        var ok = fs.link(p, q) == 0
        if !ok, case let .file(from, _, _) = openRegular(file) {
            let fd = fs.open(q, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                // A chunk at a time: the damaged file may be any size.
                ok = Posix.copy(fs, from: from, to: fd) && fs.fsync(fd) == 0
                _ = fs.close(fd)
                if !ok { _ = fs.unlink(q) }
            }
            _ = fs.close(from)
        }
        if ok, let directory {
            Posix.fsyncDirectory(fs, directory)
            notice("\(reason). A copy was kept as \(name).")
            return name
        }
        notice("\(reason). No copy could be kept aside (\(Posix.errnoText)); the file is left as it is.")
        return nil
    }

    func asideName(_ file: String) -> String {
        var name = "\(file).corrupt-\(Posix.timestamp(clock()))"
        var n = 1
        while let q = path(name), fs.lstat(q) != nil {
            n += 1
            name = "\(file).corrupt-\(Posix.timestamp(clock()))-\(n)"
        }
        return name
    }

    /// With `afresh`, the notice adds that the app starts without the file's contents.
    @discardableResult
    func moveAside(_ file: String, afresh: Bool, reason: String) -> String? {
        reportedDamage = true
        guard let p = path(file), fs.lstat(p) != nil else {
            notice(reason)
            return nil
        }
        guard !readOnly else {
            protected.insert(file)
            notice("\(reason); it was left as it is.")
            return nil
        }
        let name = asideName(file)
        if let q = path(name), fs.rename(p, q) == 0 {
            release(file)
            if let directory { Posix.fsyncDirectory(fs, directory) }
            known[file] = .some(nil)
            onChange?(.movedAside(file: file))
            notice("\(reason). It was kept as \(name)" + (afresh ? "; starting afresh." : "."))
            return name
        }
        protected.insert(file)
        notice("\(reason). It could not be moved aside (\(Posix.errnoText)) and will not be overwritten; changes are not saved.")
        return nil
    }
}
