#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// The journal: appends on lines of their own, synced (or synced while the frame is drawn
/// and confirmed before it is sent), cut back on failure, kept and retried for the history.
extension FileStore {
    /// A journal append returns once its line is written (a killed process loses nothing);
    /// its `fdatasync` (`call`: `fdatasync` and its errno) is left for `syncDeferredAppend()`,
    /// which the host runs while another thread draws the frame, or else for
    /// `confirmAppend()`, which the host calls before it sends the frame: a failure found
    /// then undoes the change as a failed append does. Appends to files named with
    /// `retainFailedAppends` (the history) stay synchronous.
    public func deferAppendSyncs(_ call: @escaping (Int32) -> (result: Int32, error: Int32) = { fd in
        let r = fdatasync(fd)
        return (r, r == 0 ? 0 : errno)
    }) {
        deferredSync = call
    }

    /// Whether an append waits for `confirmAppend()`.
    public var hasUnconfirmedAppend: Bool { unconfirmed != nil || lateFailure != nil }


    /// Syncs the last append's line, if it waits for that (see `deferAppendSyncs`), and keeps
    /// the answer for `confirmAppend()`. Touches nothing but that line's descriptor and the
    /// answer, so another thread may draw meanwhile.
    public func syncDeferredAppend() {
        guard let u = unconfirmed, u.answer == nil, let deferredSync else { return }
        unconfirmed?.answer = deferredSync(u.fd)
    }

    /// Failed appends to a file are kept and retried first (the match history).
    public func retainFailedAppends(to file: String) { retained.insert(file) }

    /// The caller gave up a save that failed: for a replacement as above; an append kept to
    /// be retried is dropped (the change that asked for it was undone).
    public func abandonFailedSave(_ effect: AppEffect) {
        switch effect {
        case .write(let file, _): abandonFailedReplacement(file)
        case let .append(file, bytes):
            if let i = kept.lastIndex(where: { $0.file == file && $0.bytes == bytes }) { kept.remove(at: i) }
        default: break
        }
    }

    /// Writes the appends kept after a failure, oldest first; throws while the disk still
    /// refuses the first of them.
    func releaseKept() throws {
        while let first = kept.first {
            do {
                try appendNow(first.file, bytes: first.bytes)
            } catch {
                throw StoreError.waiting(first.file, "\(error)")
            }
            kept.removeFirst()
            notice("The \(first.file) line that could not be saved earlier is saved now.")
        }
    }

    public func append(_ file: String, bytes: [UInt8]) throws {
        settleDeferredSync()
        _ = try checkWritable(file)
        do {
            try releaseKept()
            guard !failedReplacements.contains(file) else {
                throw StoreError.io("\(file) could not be replaced as asked, so nothing is added to it")
            }
            try commitNow(file)
            try appendNow(file, bytes: bytes)
        } catch {
            // Kept only for a disk that may take it later, not for a file in the way.
            if retained.contains(file), !(error is StoreError && [.readOnly, .nowhere, .protected(file)].contains(error as? StoreError)) {
                kept.append((file, bytes))
            }
            throw error
        }
    }

    static let appendFlags = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

    /// The append itself: on a line of its own, fdatasynced, cut back on any failure. A
    /// journal moved or removed since this store held it is written afresh first (`HeldFile`).
    func appendNow(_ file: String, bytes: [UInt8]) throws {
        guard let p = path(file), directory != nil else { throw StoreError.nowhere }
        let existed = fs.lstat(p) != nil
        // The size is the one `openRegular` read from the open file (its fstat).
        var fd: Int32
        var size: Int
        var identity: FileIdentity
        switch openRegular(file, flags: FileStore.appendFlags, mode: 0o600) {
        case .missing: throw failed("cannot append to \(file)")
        case .refused(let why, let inTheWay):
            guard inTheWay else { throw StoreError.io(why) }
            // Something else stands in its place: kept aside, and the line starts a new file
            // (with what the journal held, if this store held it).
            let kept = held.removeValue(forKey: file)
            moveAside(file, afresh: false, reason: why)
            held[file] = kept
            guard !protected.contains(file),
                  case .file(let f, let s, let i) = openRegular(file, flags: FileStore.appendFlags, mode: 0o600)
            else { throw StoreError.protected(file) }
            (fd, size, identity) = (f, s, i)
        case .file(let f, let s, let i): (fd, size, identity) = (f, s, i)
        }
        var line = bytes
        var rewritten = false
        if let kept = held[file], kept.identity != identity {
            rewritten = true
            let back = try takeBack(file, from: kept, fd: fd, size: size)
            (fd, size, identity) = (back.fd, 0, back.identity)
            if let last = back.content.last, last != 0x0a { line = [0x0a] + line }
            line = back.content + line
        }
        var syncing = false
        defer { if syncing { hold(file, fd: fd, identity: identity) } else { _ = fs.close(fd) } }
        // Whatever happens next, what this store knew of the file's content is out of date.
        known[file] = nil
        if let cut = cutTo[file], size > cut {
            guard fs.ftruncate(fd, cut) == 0 else { throw failed("cannot append to \(file)") }
            size = cut
            onChange?(.cut(file: file, length: cut))
        }
        cutTo[file] = nil
        if size > 0 {
            // A file that ends inside a line (cut short by a crash, or damaged) keeps that
            // line as it is; the new one starts on a line of its own instead of being glued on.
            var last: UInt8 = 0x0a
            let n = withUnsafeMutableBytes(of: &last) { fs.pread(fd, $0, size - 1) }
            guard n == 1 else { throw failed("cannot append to \(file)") }
            if last != 0x0a { line = [0x0a] + line }
        }
        var written = 0
        guard Posix.writeAll(fs, fd, line, written: &written) else {
            let e = failed("cannot append to \(file)")
            cutBack(file, fd: fd, to: size, line: line, written: written)
            throw e
        }
        // A journal written afresh is synced now: if the disk refuses, the held one still has it all.
        if deferredSync != nil, !retained.contains(file), !rewritten {
            // The line is in the file (a killed process loses nothing); it is synced while
            // the frame is drawn, and confirmed before the frame is sent.
            syncing = true
            unconfirmed = (file, fd, size, line, existed, nil)
            return
        }
        guard fs.fdatasync(fd) == 0 else {
            let e = failed("cannot append to \(file)")
            cutBack(file, fd: fd, to: size, line: line, written: line.count)
            throw e
        }
        syncing = true
        appended(file, line: line, existed: existed)
    }

    /// A line on the disk: the directory's entry too, when the file is new.
    func appended(_ file: String, line: [UInt8], existed: Bool) {
        if !existed, let directory, !Posix.fsyncDirectory(fs, directory) { directoryUnsynced = true }
        onChange?(.appended(file: file, bytes: line))
    }

    /// An append that failed after `written` bytes of `line`: the file goes back to its last
    /// whole line (`size`); if even that fails, it is cut before the next append.
    func cutBack(_ file: String, fd: Int32, to size: Int, line: [UInt8], written: Int) {
        if fs.ftruncate(fd, size) != 0 {
            cutTo[file] = size
            if written > 0 {
                onChange?(.tornTail(file: file, bytes: Array(line.prefix(written))))
                notice("\(file) ends with part of a line that could not be written whole nor removed; "
                    + "it is skipped when read, and cut before the next line")
            }
        } else if fs.fdatasync(fd) != 0 {
            cutTo[file] = size
        }
    }

    /// The answer of the last append's deferred sync (see `deferAppendSyncs`; synced now if
    /// `syncDeferredAppend()` did not); throws, with the file cut back to its last whole
    /// line, when the disk refused it. Nothing to confirm: returns at once.
    public func confirmAppend() throws {
        if let e = lateFailure {
            lateFailure = nil
            throw e
        }
        guard let u = unconfirmed, let deferredSync else { return }
        unconfirmed = nil
        // The descriptor stays open: it is the journal this store holds (see `HeldFile`).
        let answer = u.answer ?? deferredSync(u.fd)
        guard answer.result == 0 else {
            let e = StoreError.io("cannot append to \(u.file): \(Posix.text(answer.error))")
            cutBack(u.file, fd: u.fd, to: u.size, line: u.line, written: u.line.count)
            throw e
        }
        appended(u.file, line: u.line, existed: u.existed)
    }

    /// Every other change to the disk waits for the deferred sync first (disk order is call
    /// order); a failure is kept for `confirmAppend()`.
    func settleDeferredSync() {
        guard unconfirmed != nil else { return }
        do { try confirmAppend() } catch let e as StoreError { lateFailure = e } catch {}
    }
}
