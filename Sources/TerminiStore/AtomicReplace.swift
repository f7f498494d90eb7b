#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// Atomic whole-file replace: side file written at once, then fsync, rename, directory fsync.
extension FileStore {
    /// Replaces a file's content (see the type's comment for the order of the calls).
    public func write(_ file: String, bytes: [UInt8]) throws {
        settleDeferredSync()
        _ = try checkWritable(file)
        do { try releaseKept() } catch {
            failedReplacements.insert(file)
            throw error
        }
        var base: ContentIdentity?
        if let b = leftovers[file] {
            base = b.side.base
        } else if let k = known[file] {
            base = k
        } else if let k = identity(of: file) {
            base = k
        } else {
            // Not a file Termini could have written (a FIFO, a directory): kept aside first.
            _ = readBytes(file)
            guard !protected.contains(file), let k = identity(of: file) else {
                failedReplacements.insert(file)
                throw StoreError.protected(file)
            }
            base = k
        }
        let entry: Pending
        do { entry = try createSide(file, bytes: bytes, base: base) } catch {
            failedReplacements.insert(file)
            throw error
        }
        // The same file written twice before a frame: only its last copy goes on.
        for old in pending where old.file == file { retire(old) }
        pending.removeAll { $0.file == file }
        pending.append(entry)
        failedReplacements.remove(file)
        onChange?(.replaced(file: file, bytes: bytes))
        if !syncAfterFrame { sync() }
    }

    /// A file derived from others (an index): replaced whole now if the disk takes it (its
    /// own side file `.NAME.derived`, written, synced, renamed, the directory synced), else
    /// left as it was without a word: it holds back no other save and is never retried.
    public func writeDerived(_ file: String, bytes: [UInt8]) {
        guard canWrite, !readOnly, let directory, let p = path(file) else { return }
        let side = directory + "/." + file + ".derived"
        let fd = fs.open(side, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = Posix.writeAll(fs, fd, bytes) && fs.fsync(fd) == 0
        _ = fs.close(fd)
        guard written, fs.rename(side, p) == 0 else {
            _ = fs.unlink(side)
            return
        }
        _ = Posix.fsyncDirectory(fs, directory)
    }

    /// A fresh side file holding `bytes`, written whole (not yet synced); held with a lock
    /// so that a second process starting meanwhile leaves it to us.
    func createSide(_ file: String, bytes: [UInt8], base: ContentIdentity?) throws -> Pending {
        guard let directory else { throw StoreError.nowhere }
        let content = ContentIdentity(of: bytes)
        var attempts = 0
        while true {
            sequence += 1
            let side = SideFile(file: file, sequence: sequence, content: content, base: base)
            let p = directory + "/" + side.name
            // Read and write: a journal's side file, once renamed, is the journal held (`HeldFile`).
            let fd = fs.open(p, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST && attempts < 8 {
                    attempts += 1
                    continue
                }
                throw failed("cannot write \(file)")
            }
            _ = fs.flock(fd, LOCK_EX | LOCK_NB)
            guard Posix.writeAll(fs, fd, bytes) else {
                let e = failed("cannot write \(file)")
                _ = fs.close(fd)
                _ = fs.unlink(p)
                throw e
            }
            return Pending(file: file, side: side, fd: fd, bytes: bytes)
        }
    }

    /// A side file that lost to a later one: closed and removed (or removed later).
    func retire(_ entry: Pending) {
        _ = fs.close(entry.fd)
        if let directory, fs.unlink(directory + "/" + entry.side.name) != 0 { stale.append(entry.side.name) }
    }

    /// Makes durable what `write` left in side files: each one's data, its name, then the
    /// directory. A failure becomes a notice; the side file stays (a start finds it) and is
    /// tried again at the next sync. Appends kept after a failure are retried too.
    public func sync() {
        settleDeferredSync()
        if !kept.isEmpty { try? releaseKept() }
        guard !pending.isEmpty || directoryUnsynced || !stale.isEmpty, let directory else { return }
        var renamed = false
        var still: [Pending] = []
        for var entry in pending {
            if commit(&entry) { renamed = true } else { still.append(entry) }
        }
        pending = still
        if renamed || directoryUnsynced {
            directoryUnsynced = !Posix.fsyncDirectory(fs, directory)
            if directoryUnsynced { notice("cannot save the names of the files in \(directory) to the disk: \(Posix.errnoText)") }
        }
        stale.removeAll { fs.unlink(directory + "/" + $0) == 0 || errno == ENOENT }
    }

    /// fsync, then rename over the file. False (with a notice) when either fails.
    func commit(_ entry: inout Pending) -> Bool {
        guard let why = commitOrSay(&entry) else { return true }
        notice(why)
        return false
    }

    /// fsync, then rename over the file: nil when both were done, else why not.
    func commitOrSay(_ entry: inout Pending) -> String? {
        guard let directory, let p = path(entry.file) else { return "cannot save \(entry.file): \(StoreError.nowhere)" }
        if entry.rewrite {
            // After a failed fsync the page cache cannot be trusted to still hold the data.
            guard let fresh = try? createSide(entry.file, bytes: entry.bytes, base: entry.side.base) else {
                return "cannot save \(entry.file) to the disk: \(Posix.errnoText)"
            }
            retire(entry)
            entry = fresh
        }
        guard fs.fsync(entry.fd) == 0 else {
            entry.rewrite = true
            return "cannot save \(entry.file) to the disk: \(Posix.errnoText)"
        }
        guard fs.rename(directory + "/" + entry.side.name, p) == 0 else {
            return "cannot replace \(entry.file): \(Posix.errnoText)"
        }
        if held[entry.file] != nil, let identity = fs.fstat(entry.fd)?.identity {
            hold(entry.file, fd: entry.fd, identity: identity)
        } else {
            release(entry.file)
            _ = fs.close(entry.fd)
        }
        known[entry.file] = entry.side.content
        if let l = leftovers.removeValue(forKey: entry.file) { stale.append(l.side.name) }
        onChange?(.committed(file: entry.file))
        return nil
    }

    // MARK: Synced before the frame is sent

    /// Replaced files wait for `syncPending()` (`syncAfterFrame`): written, not yet durable.
    public var hasUnconfirmedWrites: Bool { syncWritesBeforeFrame && syncAfterFrame && !pending.isEmpty }

    /// The last append's sync, then each replaced file made durable: its data, its name, the
    /// directory. A replacement the disk refuses is dropped (its side file removed: a start
    /// must not roll it forward) and kept for `confirmWrites()`, which says it; one whose side
    /// file cannot be removed stands, as a start would read it.
    /// Touches only the store's own records and descriptors, so another thread may draw.
    public func syncPending() {
        syncDeferredAppend()
        guard syncWritesBeforeFrame, syncAfterFrame, !pending.isEmpty, let directory else { return }
        var renamed = false
        var still: [Pending] = []
        for var entry in pending {
            guard let why = commitOrSay(&entry) else {
                renamed = true
                continue
            }
            if fs.unlink(directory + "/" + entry.side.name) == 0 || errno == ENOENT {
                _ = fs.close(entry.fd)
                failedReplacements.insert(entry.file)
                refusedWrites.append((entry.file, StoreError.io(why)))
                onChange?(.dropped(file: entry.file))
            } else {
                // A side file that cannot be removed wins at the next start: the change stands
                // (as after a kill) and is synced again at the next sync, said meanwhile.
                notice(why)
                still.append(entry)
            }
        }
        pending = still
        // A name renamed but not yet synced is what a start reads: said, and synced again later.
        if renamed && !Posix.fsyncDirectory(fs, directory) {
            directoryUnsynced = true
            notice("cannot save the names of the files in \(directory) to the disk: \(Posix.errnoText)")
        }
    }

    /// The replacements the disk refused (synced now if `syncPending()` did not run).
    public func confirmWrites() -> [(file: String, error: any Error)] {
        syncPending()
        defer { refusedWrites.removeAll() }
        return refusedWrites.map { ($0.file, $0.error) }
    }

    /// Commits a pending replacement of `file` now (before an append to it).
    func commitNow(_ file: String) throws {
        guard let i = pending.firstIndex(where: { $0.file == file }), let directory else { return }
        var entry = pending[i]
        guard commit(&entry) else {
            pending[i] = entry
            throw StoreError.io("cannot save \(file) to the disk")
        }
        pending.remove(at: i)
        guard Posix.fsyncDirectory(fs, directory) else {
            directoryUnsynced = true
            throw failed("cannot save \(file) to the disk")
        }
    }

    /// The caller gave up a replacement that failed (the app went back to what the file
    /// holds): appends to the file are taken again.
    public func abandonFailedReplacement(_ file: String) { failedReplacements.remove(file) }

    /// Removes a file (e.g. a finished journal). Missing files are fine.
    public func remove(_ file: String) {
        settleDeferredSync()
        guard let p = path(file), canWrite, !readOnly, !protected.contains(file) else { return }
        for old in pending where old.file == file { retire(old) }
        pending.removeAll { $0.file == file }
        if fs.unlink(p) == 0 {
            release(file)
            known[file] = .some(nil)
            onChange?(.removed(file: file))
        }
    }

    /// Replaces a file with what `change` makes of its current content (nil: leave it),
    /// under a lock that every copy of Termini takes for it: two copies changing different
    /// parts of one file (two settings in `config`) keep both. The new content is on the
    /// disk before the lock is let go, so the next copy reads it.
    public func update(_ file: String, _ change: ([UInt8]?) -> [UInt8]?) throws {
        settleDeferredSync()
        _ = try checkWritable(file)
        let lockFile = ".\(file).lock"
        guard case .file(let lfd, _, _) = openRegular(lockFile, flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode: 0o600) else {
            throw StoreError.io("cannot lock \(file): \(lockFile) is not a lock file")
        }
        defer { _ = fs.close(lfd) }
        // Another copy holds the lock for a few milliseconds at most; a hung one not forever.
        var waited = 0
        while fs.flock(lfd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < 200 else { throw failed("cannot lock \(file)") }
            usleep(10_000)
            waited += 1
        }
        defer { _ = fs.flock(lfd, LOCK_UN) }
        try commitNow(file)
        leftovers[file] = nil
        known[file] = nil
        let current = readBytes(file)
        guard let next = change(current), next != current else { return }
        let wasDeferred = syncAfterFrame
        syncAfterFrame = false
        defer { syncAfterFrame = wasDeferred }
        try write(file, bytes: next)
        if pending.contains(where: { $0.file == file }) { throw StoreError.io("cannot save \(file) to the disk") }
    }
}
