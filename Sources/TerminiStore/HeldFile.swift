#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// The journal a keeper appends to, held open: the file it opened, not just its name.
///
/// A journal moved (`mv badminton-match.jsonl backup.jsonl`) or removed under a running keeper
/// leaves the name free; the next append would make a new file there holding only the new
/// line (no start event: no match to read, and a restart keeps it aside as damaged). So the
/// store keeps open the journal it last read line by line, appended to or replaced, and each
/// append compares the file at the name (device and inode) with it. When they differ, the
/// held file's content (wherever it is now, or unlinked) starts the new file at the name,
/// the new line after it, synced as one append, and the user is told. A different file put at
/// the name is kept aside first, never overwritten.
struct HeldFile {
    var fd: Int32
    var identity: FileIdentity
}

extension FileStore {
    /// Holds `fd` (the file `file` names now) in place of the one held before.
    func hold(_ file: String, fd: Int32, identity: FileIdentity) {
        if let old = held[file], old.fd != fd { _ = fs.close(old.fd) }
        held[file] = HeldFile(fd: fd, identity: identity)
    }

    /// Lets go of the file held for `file` (it was moved aside or removed by this store).
    func release(_ file: String) {
        guard let old = held[file] else { return }
        if unconfirmed?.fd == old.fd { settleDeferredSync() }
        held[file] = nil
        _ = fs.close(old.fd)
    }

    /// The file opened for an append (`fd`, `size`, `identity`) is not the one held for
    /// `file`: what the held one holds is read back, to be written at the start of the new
    /// file. A file that is not empty at the name (put there by someone) is kept aside first
    /// and a new one opened. Returns the descriptor to append to, its size (0) and identity,
    /// and the bytes to write before the new line. The held file stays held (a failed append
    /// tries again); the caller holds the new one once the append is on the disk.
    func takeBack(_ file: String, from kept: HeldFile, fd: Int32, size: Int) throws -> (fd: Int32, identity: FileIdentity, content: [UInt8]) {
        guard fs.lseekStart(kept.fd), let content = Posix.readAll(fs, kept.fd, limit: 1 << 30) else {
            let e = failed("cannot read back \(file), moved or removed while this termini kept it")
            _ = fs.close(fd)
            throw e
        }
        var fd = fd
        if size > 0 {
            _ = fs.close(fd)
            held[file] = nil
            moveAside(file, afresh: false, reason: "\(file) was replaced by another file while this termini kept it")
            held[file] = kept
            guard case let .file(f, s, _) = openRegular(file, flags: FileStore.appendFlags, mode: 0o600) else {
                throw StoreError.protected(file)
            }
            guard s == 0 else {
                _ = fs.close(f)
                throw StoreError.io("\(file) keeps being replaced while this termini keeps it; nothing is added to it")
            }
            fd = f
        }
        guard let identity = fs.fstat(fd)?.identity else {
            let e = failed("cannot append to \(file)")
            _ = fs.close(fd)
            throw e
        }
        let lines = content.reduce(0) { $0 + ($1 == 0x0a ? 1 : 0) }
        // Short enough for the notice line of an 80-column terminal.
        notice("\(file) was moved or removed: written afresh (\(lines) line\(lines == 1 ? "" : "s") kept)")
        return (fd, identity, content)
    }
}
