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

extension FileStore {
    // MARK: Reading

    /// How a file opens for reading: never following a final link, never waiting on a FIFO
    /// or a device, never making a terminal ours.
    static let readFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

    enum Opened {
        case missing
        /// `identity`: the file opened (device and inode, from its `fstat`).
        case file(fd: Int32, size: Int, identity: FileIdentity)
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
        return .file(fd: fd, size: info.size, identity: info.identity)
    }

    /// The directory's visible names, and the files that so far live only in side files
    /// (replaced, not yet renamed into place).
    public func fileNames() -> [String] {
        guard let directory else { return [] }
        var names = Set((fs.list(directory) ?? []).filter { !$0.hasPrefix(".") })
        names.formUnion(pending.map(\.file))
        names.formUnion(leftovers.keys)
        return names.sorted()
    }

    /// The content of a snapshot; nil if it does not exist, and nil after keeping it aside
    /// (with a notice) when it cannot be read or is not a file Termini could have written.
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
        case let .file(fd, size, _):
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
        lines(file, from: 0, holding: true) { line, _ in body(line) }
    }

    /// The same from byte `offset` on, each line with the offset it starts at (the file is not
    /// held: it is no journal this store appends to).
    public func readLines(_ file: String, from offset: Int, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead? {
        lines(file, from: offset, holding: false, body)
    }

    private func lines(_ file: String, from offset: Int, holding: Bool, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead? {
        if let bytes = pending.last(where: { $0.file == file })?.bytes ?? leftovers[file]?.bytes {
            let from = min(max(0, offset), bytes.count)
            var splitter = LineSplitter(limit: maxLineLength, base: from)
            splitter.feed(bytes[from...], body)
            return splitter.finish(body)
        }
        switch openRegular(file) {
        case .missing: return nil
        case .refused(let why, _):
            moveAside(file, afresh: true, reason: why)
            return nil
        case let .file(fd, _, identity):
            // A store that writes keeps the journal it read (whole) open: appended to later, it
            // can tell whether the file at the name is still this one (see `HeldFile`).
            let keep = holding && !readOnly && canWrite
            defer { if keep { hold(file, fd: fd, identity: identity) } else { _ = fs.close(fd) } }
            guard offset <= 0 || fs.lseekTo(fd, offset) else { return LinesRead(endsMidLine: false, bytes: 0) }
            var splitter = LineSplitter(limit: maxLineLength, base: max(0, offset))
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

    /// Up to `count` bytes of `file` from `offset`, and its size; nil when it does not exist,
    /// or (kept aside, with a notice) is not a file Termini could have written.
    public func readRange(_ file: String, offset: Int, count: Int) -> FileRange? {
        if let bytes = pending.last(where: { $0.file == file })?.bytes ?? leftovers[file]?.bytes {
            return FileRange(of: bytes, offset: offset, count: count)
        }
        switch openRegular(file) {
        case .missing: return nil
        case .refused(let why, _):
            moveAside(file, afresh: true, reason: why)
            return nil
        case let .file(fd, size, _):
            defer { _ = fs.close(fd) }
            let from = min(max(0, offset), size), wanted = min(max(0, count), size - from)
            guard wanted > 0 else { return FileRange(bytes: [], size: size) }
            guard from == 0 || fs.lseekTo(fd, from) else { return nil }
            var bytes = [UInt8](repeating: 0, count: wanted)
            var got = 0
            while got < wanted {
                let n = bytes.withUnsafeMutableBytes { fs.read(fd, UnsafeMutableRawBufferPointer(rebasing: $0[got...])) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                got += n
            }
            return FileRange(bytes: Array(bytes[0..<got]), size: size)
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

    /// The identity of a file's content on disk: `.some(nil)` when it does not exist, nil
    /// when it cannot be read.
    func identity(of file: String) -> ContentIdentity?? {
        switch openRegular(file) {
        case .missing: return .some(nil)
        case .refused: return nil
        case .file(let fd, _, _):
            defer { _ = fs.close(fd) }
            // In chunks: a 100 MB journal recovered at a start was read whole here to be replaced.
            return Posix.identity(fs, fd).map { .some($0) }
        }
    }
}
