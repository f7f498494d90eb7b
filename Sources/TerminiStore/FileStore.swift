#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiApp

/// A change the store made to what a fresh start would read (for tests that keep a ledger of
/// what was saved, and for the shell to hear that saving works again).
public enum StoreChange: Equatable, Sendable {
    /// The file's content is now `bytes` (its side file is complete; see `SideFile`).
    case replaced(file: String, bytes: [UInt8])
    /// The last replacement of the file is durable: synced, renamed, the directory synced next.
    case committed(file: String)
    /// The last replacement of the file was refused by the disk before its frame and taken
    /// back (its side file removed): a start reads what the file held before it.
    case dropped(file: String)
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
///
/// Its parts, one file each: reading (`StoreReading`), atomic whole-file replace
/// (`AtomicReplace`), the journal (`Journal`), the keeper lock (`KeeperLock`), quarantine of
/// damaged files (`Quarantine`) and side files left behind (`Leftovers`, `SideFile`).
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
    /// With `syncAfterFrame`: a replaced file is made durable before the frame that shows it
    /// is sent (`syncPending`, `confirmWrites`), a refusal dropping it (`.dropped`).
    public var syncWritesBeforeFrame = false

    var deferredSync: ((Int32) -> (result: Int32, error: Int32))?
    /// The append whose sync is deferred, and the sync's answer once it ran: open until
    /// `confirmAppend()`.
    var unconfirmed: (file: String, fd: Int32, size: Int, line: [UInt8], existed: Bool, answer: (result: Int32, error: Int32)?)?
    /// A deferred sync that failed, found by another operation (which had to sync first):
    /// thrown by the next `confirmAppend()`.
    var lateFailure: StoreError?
    /// Told of every change to what a fresh start would read.
    public var onChange: ((StoreChange) -> Void)?
    /// Whether a file was found damaged, unreadable or not a regular file (commands exit 1).
    public internal(set) var reportedDamage = false

    let fs: any FileSystemCalls
    let clock: () -> Double
    var notices: [String] = []
    var lockFDs: [String: HeldLock] = [:]
    /// Files that could not be moved aside: never written this session, so nothing is lost.
    var protected: Set<String> = []
    var toldReadOnly = false

    struct Pending {
        var file: String
        var side: SideFile
        var fd: Int32
        var bytes: [UInt8]
        /// The last fsync failed: the side file is written afresh before the next try.
        var rewrite = false
    }
    /// Replacements in their side files, oldest first, waiting for `sync()`.
    var pending: [Pending] = []
    var directoryUnsynced = false
    /// Replacements `syncPending()` found refused, until `confirmWrites()` takes them.
    var refusedWrites: [(file: String, error: StoreError)] = []
    /// What each file held when this store last read or replaced it (nil: it did not exist).
    var known: [String: ContentIdentity?] = [:]
    /// Side files that could not be removed after the file moved on; removed at later syncs.
    var stale: [String] = []
    /// Side files left by an earlier process that win over their file, not yet renamed.
    var leftovers: [String: (side: SideFile, bytes: [UInt8])] = [:]
    /// Files whose last replacement failed: appends wait until a write succeeds (or the
    /// caller abandons the replacement).
    var failedReplacements: Set<String> = []
    var retained: Set<String> = []
    /// Appends kept after a failure, oldest first; everything asked after them waits.
    var kept: [(file: String, bytes: [UInt8])] = []
    /// Files an append could not cut back: the length to cut them to before the next append.
    var cutTo: [String: Int] = [:]
    var sequence: UInt64
    /// The journals this store read line by line, appended to or replaced, held open (see `HeldFile`).
    var held: [String: HeldFile] = [:]

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
        for held in lockFDs.values { _ = fs.close(held.fd) }
        lockFDs.removeAll()
        for file in held.values { _ = fs.close(file.fd) }
        held.removeAll()
    }

    deinit {
        sync()
        for p in pending { _ = fs.close(p.fd) }
        for held in lockFDs.values { _ = fs.close(held.fd) }
        for file in held.values { _ = fs.close(file.fd) }
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


    func checkWritable(_ file: String) throws -> String {
        guard let p = path(file), directory != nil else { throw StoreError.nowhere }
        guard canWrite, !readOnly else { throw StoreError.readOnly }
        guard !protected.contains(file) else { throw StoreError.protected(file) }
        return p
    }


    func failed(_ what: String) -> StoreError {
        let e = errno
        // A directory that turns read-only while Termini runs (EROFS, EACCES) is a failed
        // save like any other: the change is undone and the warning stays until one works.
        // Only a directory read-only from the start means "not saving, said once".
        return .io("\(what): \(Posix.text(e))")
    }

    func reportReadOnly(_ why: String) {
        guard !toldReadOnly else { return }
        toldReadOnly = true
        notice("Not saving: \(why). Nothing is kept.")
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
