#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp
import TerminiData

/// A change the store made to what a fresh start would read (for tests that keep a ledger of
/// what was saved, and for the shell to hear that saving works again).
public enum StoreChange: Equatable, Sendable {
    /// The file's content is now `bytes` (its side file is complete; see `SideFile`).
    case replaced(file: String, bytes: [UInt8])
    /// `bytes` were added at the end of the file.
    case appended(file: String, bytes: [UInt8])
    case removed(file: String)
    /// The file was moved aside (damaged or unreadable); the user was told.
    case movedAside(file: String)
    /// An append failed and could not be cut back: `bytes` (part of a line) end the file
    /// until the next append cuts them (readers skip them as a damaged line).
    case tornTail(file: String, bytes: [UInt8])
    /// The file was cut back to `length` (a torn tail removed).
    case cut(file: String, length: Int)
}

/// The config directory on disk, reached only through `FileSystemCalls`.
///
/// - A replaced file (a snapshot: counts, a cart, a card; `config`; a journal begun afresh)
///   goes into a side file at once, so a killed process loses nothing; after the frame
///   (`sync()`, or at once without `syncAfterFrame`) its data is fsynced, then it is renamed
///   over the file, then the directory is fsynced: data before name, name before the next
///   step (see `SideFile`, which also tells what a start does with side files left behind).
/// - A journal append is written and fdatasynced before `append` returns, or, with
///   `deferAppendSyncs`, written at once and fdatasynced by `syncDeferredAppend` while
///   another thread draws the frame, then confirmed (`confirmAppend`) before the frame is
///   sent: a rally is on the disk before the screen shows it. An append that fails is cut back to where the file
///   ended, so no torn line is left; an append never goes onto a line cut short (it starts a
///   line of its own); an append to a file whose replacement failed is refused (the new
///   match's rallies never land in the old match's journal).
/// - Appends to files named with `retainFailedAppends` (the match history) are kept in memory
///   when the disk refuses them and retried first, before any later write or append, which
///   wait meanwhile: what is saved is always a prefix of what was asked, in order.
/// - Only regular files are read or written (a FIFO, device, socket or directory in a file's
///   place is damage, and nothing blocks on it); snapshots are read up to `readLimit`,
///   journals and the history line by line, any size.
/// - Files that cannot be read are moved aside, never overwritten; in `readOnly` mode (the
///   commands that only report) nothing on disk changes at all, damage is only reported.
public final class FileStore: StateStore {
    public let directory: String?
    /// Nothing on disk is created, renamed, written or removed; side files left by a killed
    /// process are read in place of the files they replace.
    public let readOnly: Bool
    public private(set) var canWrite: Bool
    /// Snapshots bigger than this are not read (a 50 MB file of garbage is not a state file).
    public var readLimit = 8 << 20
    /// A line of a journal or the history longer than this is damage (a match is a few kB).
    public var maxLineLength = 4 << 20
    /// Delay the fsyncs and renames of replaced files until `sync()` (see above).
    public var syncAfterFrame = false

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
    private var deferredSync: ((Int32) -> (result: Int32, error: Int32))?
    /// The append whose sync is deferred, and the sync's answer once it ran: open until
    /// `confirmAppend()`.
    private var unconfirmed: (file: String, fd: Int32, size: Int, line: [UInt8], existed: Bool, answer: (result: Int32, error: Int32)?)?
    /// A deferred sync that failed, found by another operation (which had to sync first):
    /// thrown by the next `confirmAppend()`.
    private var lateFailure: StoreError?
    /// Whether an append waits for `confirmAppend()`.
    public var hasUnconfirmedAppend: Bool { unconfirmed != nil || lateFailure != nil }

    /// Syncs the last append's line, if it waits for that (see `deferAppendSyncs`), and keeps
    /// the answer for `confirmAppend()`. Touches nothing but that line's descriptor and the
    /// answer, so another thread may draw meanwhile.
    public func syncDeferredAppend() {
        guard let u = unconfirmed, u.answer == nil, let deferredSync else { return }
        unconfirmed?.answer = deferredSync(u.fd)
    }
    /// Told of every change to what a fresh start would read.
    public var onChange: ((StoreChange) -> Void)?
    /// Whether a file was found damaged, unreadable or not a regular file (commands exit 1).
    public private(set) var reportedDamage = false

    let fs: any FileSystemCalls
    private let clock: () -> Double
    private var notices: [String] = []
    private var lockFDs: [String: Int32] = [:]
    /// Files that could not be moved aside: never written this session, so nothing is lost.
    private var protected: Set<String> = []
    private var toldReadOnly = false

    struct Pending {
        var file: String
        var side: SideFile
        var fd: Int32
        var bytes: [UInt8]
        /// The last fsync failed: the side file is written afresh before the next try.
        var rewrite = false
    }
    /// Replacements in their side files, oldest first, waiting for `sync()`.
    private(set) var pending: [Pending] = []
    private var directoryUnsynced = false
    /// What each file held when this store last read or replaced it (nil: it did not exist).
    private var known: [String: ContentIdentity?] = [:]
    /// Side files that could not be removed after the file moved on; removed at later syncs.
    private var stale: [String] = []
    /// Side files left by an earlier process that win over their file, not yet renamed.
    private var leftovers: [String: (side: SideFile, bytes: [UInt8])] = [:]
    /// Files whose last replacement failed: appends wait until a write succeeds (or the
    /// caller abandons the replacement).
    private var failedReplacements: Set<String> = []
    private var retained: Set<String> = []
    /// Appends kept after a failure, oldest first; everything asked after them waits.
    private var kept: [(file: String, bytes: [UInt8])] = []
    /// Files an append could not cut back: the length to cut them to before the next append.
    private var cutTo: [String: Int] = [:]
    private var sequence: UInt64

    /// `directory` nil means there is nowhere to save (no HOME): everything runs in memory.
    public init(directory: String?, clock: @escaping () -> Double = WallClock.now, calls: any FileSystemCalls = PosixCalls.shared,
                readOnly: Bool = false) {
        self.directory = directory
        self.clock = clock
        self.readOnly = readOnly
        fs = calls
        canWrite = false
        // Microseconds of the real clock: a later process numbers its side files higher.
        sequence = UInt64(max(0, Posix.now() * 1_000_000))
        guard let directory else { return }
        if readOnly {
            scanLeftovers(directory, removing: false)
            return
        }
        // A disk error may pass: once more before saying that nothing is saved.
        var made = Posix.makeDirectories(fs, directory, mode: 0o700)
        if made == EIO { made = Posix.makeDirectories(fs, directory, mode: 0o700) }
        if made == 0 {
            canWrite = fs.access(directory, W_OK) == 0 || (errno == EIO && fs.access(directory, W_OK) == 0)
            if canWrite {
                scanLeftovers(directory, removing: true)
            } else {
                reportReadOnly("\(directory) is read-only")
            }
        } else if made == ENOTDIR {
            reportReadOnly("\(directory) is not a directory (\(Posix.text(ENOTDIR)))")
        } else {
            reportReadOnly("cannot create \(directory): \(Posix.text(made))")
        }
    }

    /// As a SIGKILL leaves things: descriptors closed, nothing synced or renamed (tests).
    func dropAsIfKilled() {
        if let u = unconfirmed {
            _ = fs.close(u.fd)
            unconfirmed = nil
        }
        for p in pending { _ = fs.close(p.fd) }
        pending.removeAll()
        for fd in lockFDs.values { _ = fs.close(fd) }
        lockFDs.removeAll()
    }

    deinit {
        sync()
        for p in pending { _ = fs.close(p.fd) }
        for fd in lockFDs.values { _ = fs.close(fd) }
    }

    public func path(_ file: String) -> String? {
        guard let directory, FileStore.isPlainName(file) else { return nil }
        return directory + "/" + file
    }

    /// File names are plain: no slashes, no `..`, nothing hidden outside the directory.
    public static func isPlainName(_ name: String) -> Bool {
        // By bytes: a slash or NUL byte anywhere, even inside a character, would end the name
        // for the system (and looking at bytes costs no grapheme breaking on every append).
        !name.isEmpty && !name.utf8.contains(UInt8(ascii: "/")) && name != "." && name != ".." && !name.utf8.contains(0)
    }

    // MARK: Reading

    /// How a file opens for reading: never following a final link, never waiting on a FIFO
    /// or a device, never making a terminal ours.
    static let readFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

    enum Opened {
        case missing
        case file(fd: Int32, size: Int)
        /// Why not; `inTheWay` when something that is not a regular file has the name.
        case refused(String, inTheWay: Bool)
    }

    /// Opens a file of the directory if it is a regular file; says why not otherwise.
    func openRegular(_ file: String, flags: Int32 = FileStore.readFlags, mode: mode_t = 0) -> Opened {
        guard let p = path(file) else { return .missing }
        var fd = fs.open(p, flags, mode)
        // A disk error may pass: once more before the file is taken for damaged.
        if fd < 0 && errno == EIO { fd = fs.open(p, flags, mode) }
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { return .missing }
            // The directory itself is not one (a path under a file): said once, not for each
            // file as damage (a store that writes has said it as "Not saving").
            if e == ENOTDIR {
                if readOnly, !toldReadOnly, let directory {
                    toldReadOnly = true
                    notice("cannot read \(directory): \(Posix.text(e))")
                }
                return .missing
            }
            if e == ELOOP || e == EMLINK {
                return .refused("\(file) is a symbolic link; Termini does not follow links in its directory", inTheWay: true)
            }
            if e == ENXIO || e == EISDIR || e == ENODEV, let info = fs.lstat(p), info.kind != .regular {
                return .refused("\(file) is \(info.described), not a file", inTheWay: true)
            }
            return .refused("cannot open \(file): \(Posix.text(e))", inTheWay: false)
        }
        guard let info = fs.fstat(fd) else {
            let e = errno
            _ = fs.close(fd)
            return .refused("cannot read \(file): \(Posix.text(e))", inTheWay: false)
        }
        guard info.kind == .regular else {
            _ = fs.close(fd)
            return .refused("\(file) is \(info.described), not a file", inTheWay: true)
        }
        return .file(fd: fd, size: info.size)
    }

    /// The content of a snapshot; nil if it does not exist, and nil after keeping it aside
    /// (with a notice) when it cannot be read or is not a file Termini could have written.
    /// The directory's visible names, and the files that so far live only in side files
    /// (replaced, not yet renamed into place).
    public func fileNames() -> [String] {
        guard let directory else { return [] }
        var names = Set((fs.list(directory) ?? []).filter { !$0.hasPrefix(".") })
        names.formUnion(pending.map(\.file))
        names.formUnion(leftovers.keys)
        return names.sorted()
    }

    public func readBytes(_ file: String) -> [UInt8]? {
        if let p = pending.last(where: { $0.file == file }) { return p.bytes }
        if let l = leftovers[file] { return l.bytes }
        switch openRegular(file) {
        case .missing:
            known[file] = .some(nil)
            return nil
        case .refused(let why, _):
            moveAside(file, afresh: true, reason: why)
            return nil
        case let .file(fd, size):
            defer { _ = fs.close(fd) }
            if size > readLimit {
                moveAside(file, afresh: true, reason: "\(file) is \(size / 1_048_576) MB, far too large to be Termini's")
                return nil
            }
            var bytes = Posix.readAll(fs, fd, limit: readLimit)
            if bytes == nil && errno == EIO, fs.lseekStart(fd) {
                bytes = Posix.readAll(fs, fd, limit: readLimit)
            }
            guard let bytes else {
                let e = errno
                moveAside(file, afresh: true, reason: "cannot read \(file): \(Posix.text(e))")
                return nil
            }
            known[file] = ContentIdentity(of: bytes)
            return bytes
        }
    }

    /// Reads a journal or the history line by line, any size: `body` gets each line without
    /// its newline. Nil when the file does not exist, or (kept aside, with a notice) cannot
    /// be read at all; a read that fails midway keeps the lines read so far.
    public func readLines(_ file: String, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead? {
        if let bytes = pending.last(where: { $0.file == file })?.bytes ?? leftovers[file]?.bytes {
            return LineSplitter.lines(of: bytes, limit: maxLineLength, body)
        }
        switch openRegular(file) {
        case .missing: return nil
        case .refused(let why, _):
            moveAside(file, afresh: true, reason: why)
            return nil
        case .file(let fd, _):
            defer { _ = fs.close(fd) }
            var splitter = LineSplitter(limit: maxLineLength)
            // Read into memory never zeroed (as Posix.readAll): clearing 64 KiB to read a
            // journal of a few hundred bytes cost 65,000 instructions and 16 pages of heap.
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
            defer { chunk.deallocate() }
            var retried = false
            while true {
                let n = fs.read(fd, chunk)
                if n < 0 {
                    if errno == EINTR { continue }
                    // A disk error may pass: the same read once more (a failed read moves nothing).
                    if errno == EIO && !retried {
                        retried = true
                        continue
                    }
                    let e = errno
                    notice("cannot read all of \(file): \(Posix.text(e)); what was read is used")
                    reportedDamage = true
                    break
                }
                if n == 0 { break }
                splitter.feed(Array(UnsafeRawBufferPointer(rebasing: chunk[0..<n]))[...], body)
            }
            return splitter.finish(body)
        }
    }

    public func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        guard let bytes = readBytes(file) else { return nil }
        switch StateCodec.decode(type, from: bytes, version: version) {
        case .success(let v): return v
        case .failure(let e):
            moveAside(file, afresh: true, reason: "\(file) could not be read: \(e)")
            return nil
        }
    }

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
        if !ok, let bytes = copyableBytes(file) {
            let fd = fs.open(q, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                ok = Posix.writeAll(fs, fd, bytes) && fs.fsync(fd) == 0
                _ = fs.close(fd)
                if !ok { _ = fs.unlink(q) }
            }
        }
        if ok, let directory {
            Posix.fsyncDirectory(fs, directory)
            notice("\(reason). A copy was kept as \(name).")
            return name
        }
        notice("\(reason). No copy could be kept aside (\(Posix.errnoText)); the file is left as it is.")
        return nil
    }

    private func copyableBytes(_ file: String) -> [UInt8]? {
        guard case let .file(fd, _) = openRegular(file) else { return nil }
        defer { _ = fs.close(fd) }
        return Posix.readAll(fs, fd, limit: 1 << 30)
    }

    private func asideName(_ file: String) -> String {
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

    // MARK: Side files left behind

    /// Side files and temporary files a killed process left: the winning side file of each
    /// file is renamed over it (or, read-only, read in its place); the rest removed.
    private func scanLeftovers(_ directory: String, removing: Bool) {
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

    /// The identity of a file's content on disk: `.some(nil)` when it does not exist, nil
    /// when it cannot be read.
    private func identity(of file: String) -> ContentIdentity?? {
        switch openRegular(file) {
        case .missing: return .some(nil)
        case .refused: return nil
        case .file(let fd, _):
            defer { _ = fs.close(fd) }
            guard let bytes = Posix.readAll(fs, fd, limit: 1 << 30) else { return nil }
            return .some(ContentIdentity(of: bytes))
        }
    }

    // MARK: Writing

    private func checkWritable(_ file: String) throws -> String {
        guard let p = path(file), directory != nil else { throw StoreError.nowhere }
        guard canWrite, !readOnly else { throw StoreError.readOnly }
        guard !protected.contains(file) else { throw StoreError.protected(file) }
        return p
    }

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

    /// A fresh side file holding `bytes`, written whole (not yet synced); held with a lock
    /// so that a second process starting meanwhile leaves it to us.
    private func createSide(_ file: String, bytes: [UInt8], base: ContentIdentity?) throws -> Pending {
        guard let directory else { throw StoreError.nowhere }
        let content = ContentIdentity(of: bytes)
        var attempts = 0
        while true {
            sequence += 1
            let side = SideFile(file: file, sequence: sequence, content: content, base: base)
            let p = directory + "/" + side.name
            let fd = fs.open(p, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
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
    private func retire(_ entry: Pending) {
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
    private func commit(_ entry: inout Pending) -> Bool {
        guard let directory, let p = path(entry.file) else { return false }
        if entry.rewrite {
            // After a failed fsync the page cache cannot be trusted to still hold the data.
            guard let fresh = try? createSide(entry.file, bytes: entry.bytes, base: entry.side.base) else { return false }
            retire(entry)
            entry = fresh
        }
        guard fs.fsync(entry.fd) == 0 else {
            notice("cannot save \(entry.file) to the disk: \(Posix.errnoText)")
            entry.rewrite = true
            return false
        }
        guard fs.rename(directory + "/" + entry.side.name, p) == 0 else {
            notice("cannot replace \(entry.file): \(Posix.errnoText)")
            return false
        }
        _ = fs.close(entry.fd)
        known[entry.file] = entry.side.content
        if let l = leftovers.removeValue(forKey: entry.file) { stale.append(l.side.name) }
        return true
    }

    /// Commits a pending replacement of `file` now (before an append to it).
    private func commitNow(_ file: String) throws {
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

    /// Failed appends to a file are kept and retried first (the match history).
    public func retainFailedAppends(to file: String) { retained.insert(file) }

    /// The caller gave up a replacement that failed (the app went back to what the file
    /// holds): appends to the file are taken again.
    public func abandonFailedReplacement(_ file: String) { failedReplacements.remove(file) }

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
    private func releaseKept() throws {
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

    /// The append itself: on a line of its own, fdatasynced, cut back on any failure.
    private func appendNow(_ file: String, bytes: [UInt8]) throws {
        guard let p = path(file), directory != nil else { throw StoreError.nowhere }
        let existed = fs.lstat(p) != nil
        // The size is the one `openRegular` read from the open file (its fstat).
        let fd: Int32
        var size: Int
        switch openRegular(file, flags: O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode: 0o600) {
        case .missing: throw failed("cannot append to \(file)")
        case .refused(let why, let inTheWay):
            guard inTheWay else { throw StoreError.io(why) }
            // Something else stands in its place: kept aside, and the line starts a new file.
            moveAside(file, afresh: false, reason: why)
            guard !protected.contains(file),
                  case .file(let f, let s) = openRegular(file, flags: O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode: 0o600)
            else { throw StoreError.protected(file) }
            (fd, size) = (f, s)
        case .file(let f, let s): (fd, size) = (f, s)
        }
        var syncing = false
        defer { if !syncing { _ = fs.close(fd) } }
        // Whatever happens next, what this store knew of the file's content is out of date.
        known[file] = nil
        var line = bytes
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
        if deferredSync != nil, !retained.contains(file) {
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
        appended(file, line: line, existed: existed)
    }

    /// A line on the disk: the directory's entry too, when the file is new.
    private func appended(_ file: String, line: [UInt8], existed: Bool) {
        if !existed, let directory, !Posix.fsyncDirectory(fs, directory) { directoryUnsynced = true }
        onChange?(.appended(file: file, bytes: line))
    }

    /// An append that failed after `written` bytes of `line`: the file goes back to its last
    /// whole line (`size`); if even that fails, it is cut before the next append.
    private func cutBack(_ file: String, fd: Int32, to size: Int, line: [UInt8], written: Int) {
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
        defer { _ = fs.close(u.fd) }
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
    private func settleDeferredSync() {
        guard unconfirmed != nil else { return }
        do { try confirmAppend() } catch let e as StoreError { lateFailure = e } catch {}
    }

    /// Removes a file (e.g. a finished journal). Missing files are fine.
    public func remove(_ file: String) {
        settleDeferredSync()
        guard let p = path(file), canWrite, !readOnly, !protected.contains(file) else { return }
        for old in pending where old.file == file { retire(old) }
        pending.removeAll { $0.file == file }
        if fs.unlink(p) == 0 {
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
        guard case .file(let lfd, _) = openRegular(lockFile, flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode: 0o600) else {
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

    private func failed(_ what: String) -> StoreError {
        let e = errno
        // A directory that turns read-only while Termini runs (EROFS, EACCES) is a failed
        // save like any other: the change is undone and the warning stays until one works.
        // Only a directory read-only from the start means "not saving, said once".
        return .io("\(what): \(Posix.text(e))")
    }

    private func reportReadOnly(_ why: String) {
        guard !toldReadOnly else { return }
        toldReadOnly = true
        notice("Not saving: \(why). Termini runs on; nothing will be kept when it quits.")
    }

    // MARK: Locks

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

    /// The files as they are now, read by a store that changes nothing (a copy that follows
    /// another termini reads through a fresh one each time: side files are looked at anew).
    public func currentFiles() -> any StateStore {
        FileStore(directory: directory, clock: clock, calls: fs, readOnly: true)
    }

    /// Preferences come from the shell's `config`; the bare store has none.
    /// Read from the `config` file, so commands run without a terminal (`--status`,
    /// `--receipt`) see the same preferences as the apps do inside the shell.
    public func preference(_ key: String) -> String? {
        guard let bytes = readBytes("config") else { return nil }
        return ConfigFile(text: String(decoding: bytes, as: UTF8.self)).value(key.lowercased())
    }

    // MARK: Notices

    /// A notice once until taken (a file read for each preference is reported once).
    public func notice(_ text: String) {
        let t = TextLayout.sanitized(text)
        if !notices.contains(t) { notices.append(t) }
    }

    public func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }
}

public enum StoreError: Error, Equatable, CustomStringConvertible {
    case nowhere, readOnly, protected(String), io(String)
    /// An earlier line of `file` is still waiting for the disk; nothing goes ahead of it.
    case waiting(String, String)
    public var description: String {
        switch self {
        case .nowhere: return "there is no config directory"
        case .readOnly: return "the config directory is read-only"
        case .protected(let f): return "\(f) was unreadable and is left untouched"
        case .io(let t): return t
        case let .waiting(f, why): return "a line of \(f) is waiting to be saved first (\(why))"
        }
    }
}

/// Splits a stream of bytes into lines, skipping (and counting) lines over a length limit.
struct LineSplitter {
    let limit: Int
    private var partial: [UInt8] = []
    private var overlong = false
    private var overlongLines = 0
    private var total = 0
    private var lastByte: UInt8?

    init(limit: Int) { self.limit = limit }

    mutating func feed(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        total += bytes.count
        if let l = bytes.last { lastByte = l }
        var start = bytes.startIndex
        while let nl = bytes[start...].firstIndex(of: 0x0a) {
            let piece = bytes[start..<nl]
            if overlong || partial.count + piece.count > limit {
                overlongLines += 1
            } else if partial.isEmpty {
                body(piece)
            } else {
                partial.append(contentsOf: piece)
                body(partial[...])
            }
            partial.removeAll(keepingCapacity: true)
            overlong = false
            start = nl + 1
        }
        let rest = bytes[start...]
        if overlong || partial.count + rest.count > limit {
            overlong = true
            partial.removeAll()
        } else {
            partial.append(contentsOf: rest)
        }
    }

    mutating func finish(_ body: (ArraySlice<UInt8>) -> Void) -> LinesRead {
        if overlong {
            overlongLines += 1
        } else if !partial.isEmpty {
            body(partial[...])
        }
        return LinesRead(endsMidLine: lastByte.map { $0 != 0x0a } ?? false, overlongLines: overlongLines, bytes: total)
    }

    static func lines(of bytes: [UInt8], limit: Int, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead {
        var s = LineSplitter(limit: limit)
        s.feed(bytes[...], body)
        return s.finish(body)
    }
}
