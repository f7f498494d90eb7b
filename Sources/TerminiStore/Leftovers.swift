#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// Side files a killed process left behind (see `SideFile`).
extension FileStore {
    // MARK: Side files left behind

    /// Side files and temporary files a killed process left: the winning side file of each
    /// file is renamed over it (or, read-only, read in its place); the rest removed.
    func scanLeftovers(_ directory: String, removing: Bool) {
        guard let names = fs.list(directory) else { return }
        var candidates: [String: [SideFile]] = [:]
        for name in names {
            if let pid = SideFile.oldTemporary(name) {
                // A temporary file of an older Termini still writing is left alone.
                if removing && (pid == getpid() || !Posix.isAlive(pid)) { _ = fs.unlink(directory + "/" + name) }
            } else if let side = SideFile(name: name) {
                candidates[side.file, default: []].append(side)
                sequence = max(sequence, side.sequence)
            }
        }
        for (file, sides) in candidates {
            let current = identity(of: file)
            var winner: (side: SideFile, bytes: [UInt8], fd: Int32)?
            var losers: [SideFile] = []
            for side in sides.sorted(by: { $0.sequence > $1.sequence }) {
                let fd = fs.open(directory + "/" + side.name, FileStore.readFlags, 0)
                guard fd >= 0 else { continue }
                // A side file its writer still holds belongs to a live process: not ours.
                if fs.flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK && removing {
                    _ = fs.close(fd)
                    continue
                }
                let info = fs.fstat(fd)
                let bytes = info?.kind == .regular && (info?.size ?? -1) == side.content.length
                    ? Posix.readAll(fs, fd, limit: max(readLimit, side.content.length)) : nil
                if winner == nil, let bytes, ContentIdentity(of: bytes) == side.content, current == .some(side.base) {
                    winner = (side, bytes, fd)
                } else {
                    _ = fs.close(fd)
                    losers.append(side)
                }
            }
            if removing {
                for l in losers { _ = fs.unlink(directory + "/" + l.name) }
            }
            guard let w = winner else { continue }
            defer { _ = fs.close(w.fd) }
            if removing, let p = path(file), fs.fsync(w.fd) == 0, fs.rename(directory + "/" + w.side.name, p) == 0 {
                Posix.fsyncDirectory(fs, directory)
                known[file] = w.side.content
            } else {
                leftovers[file] = (w.side, w.bytes)
            }
        }
    }
}
