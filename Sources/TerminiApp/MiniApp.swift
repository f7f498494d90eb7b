import TerminiCore
import TerminiWidgets
import TerminiData
/// What an app is, for the launcher, `--help` and the command line.
public struct AppDescriptor: Sendable {
    /// The command-line name: `badminton`.
    public let id: String
    /// The name shown to people: `Badminton`.
    public let name: String
    /// One line for the launcher and `--help`.
    public let summary: String
    /// Options only this app takes (`termini badminton --watch`).
    public let options: [OptionSpec]
    /// The words a command takes right after its name (`termini hall init`), for the completions.
    public let words: [String]

    public init(id: String, name: String, summary: String, options: [OptionSpec] = [], words: [String] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.options = options
        self.words = words
    }
}

/// A command-line option: `--format FORMAT`, or a flag when `valueName` is nil; with
/// `valueIsOptional` the value may be left out (`--scoresheet [N]`). The one table of options
/// (the shell's and each app's) makes `--help`, the manual's option lists and the shell
/// completions.
public struct OptionSpec: Sendable, Equatable {
    /// What a shell completes after the option.
    public enum Values: Sendable, Equatable {
        /// Nothing to offer (a name, a number).
        case free
        /// One of these words.
        case choices([String])
        /// The names of the themes Termini finds (`termini --list-themes`).
        case themes
        /// A directory.
        case directory
        /// A file to write (`--output FILE`).
        case file
        /// The badminton courts kept in the config directory (its `badminton-NAME-*.jsonl`).
        case courts
    }

    public let name: String
    public let valueName: String?
    public let valueIsOptional: Bool
    public let help: String
    public let values: Values
    public init(_ name: String, value: String? = nil, optional: Bool = false, values: Values = .free, help: String) {
        self.name = name
        self.valueName = value
        self.valueIsOptional = optional && value != nil
        self.values = value == nil ? .free : values
        self.help = help
    }

    /// `--format FORMAT`, `--scoresheet [N]`, `--watch`: as `--help` and the manual show it.
    public var usage: String {
        guard let v = valueName else { return name }
        return name + (valueIsOptional ? " [\(v)]" : " \(v)")
    }
}

/// The moment and the manner of a call into an app: the time (wall-clock seconds since
/// 1970), whether the screen draws Unicode, the size of the app's content area and the
/// sound setting as it is now. Every call gets it, so no app keeps a clock, guesses a size
/// or holds a stale copy of a setting: models and apps stay testable.
public struct AppContext: Sendable, Equatable {
    public var now: Double
    public var unicode: Bool
    /// The app's content area (inside the window frame) as drawn now.
    public var size: Size
    /// Termini's `sound` setting (changed from any app, the settings or Boxing's `b`).
    public var sound: SoundPreference
    /// Whether a spoken call can be heard: the speech program (espeak-ng) is there. An app
    /// that speaks shows speech as on only while this holds.
    public var speechAvailable: Bool
    /// The hall as this copy knows it (`--hall`); nil without one.
    public var hall: HallView?
    public init(now: Double, unicode: Bool = true, size: Size = AppContext.standardSize, sound: SoundPreference = SoundPreference(nil),
                speechAvailable: Bool = true) {
        self.speechAvailable = speechAvailable
        self.now = now
        self.unicode = unicode
        self.size = size
        self.sound = sound
    }

    /// The content area of an 80×24 terminal.
    public static let standardSize = Size(width: 78, height: 21)

    public var glyphs: Glyphs { unicode ? .unicode : .ascii }
}

/// What an app asks the world to do. The shell carries effects out in order, before the
/// next frame is drawn: a write has reached the disk before its result is on screen.
public enum AppEffect: Sendable, Equatable {
    /// Replace a file in the config directory atomically (temp file, fsync, rename).
    case write(file: String, bytes: [UInt8])
    /// Append to a journal file and fsync it.
    case append(file: String, bytes: [UInt8])
    /// Replace a file derived from the app's others (badminton's history index) whole, now,
    /// if the disk takes it: a failure is no failed save (nothing undone, nothing said, no
    /// other save held back); the file is rebuilt from what it derives from.
    case writeDerived(file: String, bytes: [UInt8])
    /// Recovery of a damaged file the app read: a copy of it kept aside (`NAME.corrupt-…`,
    /// the user told `reason`), then the file replaced by `bytes`, what the app recovered
    /// from it (a journal's readable lines), synced at once. If the copy or the replacement
    /// cannot be written (a full disk), the file stays as it was: nothing it held is lost.
    case replaceDamaged(file: String, reason: String, bytes: [UInt8])
    /// A damaged file the app could recover nothing from, moved aside (`NAME.corrupt-…`),
    /// the user told `reason`.
    case keepAside(file: String, reason: String)
    /// Ring the terminal bell.
    case bell
    /// Tell the user something; shown on the notice line until the next key.
    case notice(String)
    /// Go back to the launcher.
    case close
    /// Leave Termini.
    case quit
    /// Remember a preference in the `config` file (`sound`, `badminton.format`, …).
    case setPreference(key: String, value: String)
    /// Say `text` aloud (the badminton umpire's calls), cutting short what is being said.
    /// Never waits; where speech cannot work the shell says so once, and nothing else changes.
    /// `voice`: espeak-ng's voice for the text's language (`de`); nil for its default.
    case speak(String, voice: String? = nil)

    /// A write, an append or a recovery: what a copy that does not keep the app's files may not do.
    public var isFileSave: Bool {
        switch self {
        case .write, .append, .writeDerived, .replaceDamaged, .keepAside: return true
        default: return false
        }
    }

    /// A save of what the user did (not a derived file, not a damaged file's recovery).
    public var isChange: Bool {
        switch self {
        case .write, .append: return true
        default: return false
        }
    }

    /// Saves a `Codable` value in the versioned envelope every state file uses.
    public static func save<T: Encodable>(_ value: T, to file: String, version: Int) -> AppEffect {
        switch StateCodec.encode(value, version: version) {
        case .success(let bytes): return .write(file: file, bytes: bytes)
        case .failure(let e): return .notice("Could not save \(file): \(e)")
        }
    }
}

/// Read access to the config directory, given to apps. Writing happens through effects.
public protocol StateReader: AnyObject {
    /// Reads a versioned state file. Missing: nil. Unreadable, damaged, of the wrong shape or
    /// from a newer version: the store keeps the file aside under a new name, tells the user,
    /// and returns nil so the app carries on with defaults.
    func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T?
    /// The raw bytes of a file (journals); nil if it does not exist or cannot be read (then
    /// it is kept aside and the user told, as for `load`).
    func readBytes(_ file: String) -> [UInt8]?
    /// A journal or the history line by line, any size: `body` gets each line without its
    /// newline. Nil when the file does not exist or cannot be read (kept aside, as for `load`).
    func readLines(_ file: String, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead?
    /// The same from byte `offset` on, each line with the offset it starts at (an index of
    /// the history built or brought up to date); lines too long to read are counted, not given.
    func readLines(_ file: String, from offset: Int, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead?
    /// Up to `count` bytes of `file` from `offset`, and the file's size: a line of the history
    /// read where its index says it is. Nil when the file does not exist or cannot be read.
    func readRange(_ file: String, offset: Int, count: Int) -> FileRange?
    /// A message for the user (shown on screen by the shell).
    func notice(_ text: String)
    /// Whether saving works (false for a read-only or missing config directory).
    var canWrite: Bool { get }
    /// The config directory's path (a file written there is named to the user); nil: none.
    var directory: String? { get }
    /// A value from the `config` preferences file (`sound`, `badminton.format`, …).
    func preference(_ key: String) -> String?
    /// Whether the app reading through this keeps its files, or follows another termini's.
    var keeping: Keeping { get }
    /// The names of the files in the config directory, hidden ones left out, sorted (for an
    /// app that keeps several of a kind: badminton's courts). Empty when there is none.
    func fileNames() -> [String]
}

/// The store the shell writes through (apps only ever see `StateReader`, which cannot
/// change a file: what an app recovers it returns as effects the runtime carries out).
public protocol StateStore: StateReader {
    /// Saves nothing by design (a `--watch` screen): not a directory that cannot be written.
    var readOnly: Bool { get }
    func write(_ file: String, bytes: [UInt8]) throws
    func append(_ file: String, bytes: [UInt8]) throws
    /// `AppEffect.writeDerived`: replaced whole if the disk takes it, else left as it was.
    func writeDerived(_ file: String, bytes: [UInt8])
    /// Moves a damaged file aside (`NAME.corrupt-TIMESTAMP`) and tells the user `reason`.
    @discardableResult
    func keepAside(_ file: String, reason: String) -> String?
    /// Replaces a damaged file with what the app recovered from it (a journal's readable
    /// lines), a copy of the damaged one kept aside first. If the copy or the replacement
    /// cannot be written (a full disk), the file is left as it was: nothing it held is lost.
    /// Returns the name of the copy.
    @discardableResult
    func replaceDamaged(_ file: String, reason: String, with bytes: [UInt8]) -> String?
    /// Appends to `file` that fail are kept and written before anything else once the disk
    /// takes them (the files an app names in `appendsKeptUntilSaved`).
    func retainFailedAppends(to file: String)
    /// Notices gathered since the last call, oldest first.
    func takeNotices() -> [String]
    /// A reader of the files as they are on disk now, that changes nothing (what a copy that
    /// follows another termini reads through; made afresh for each reading).
    func currentFiles() -> any StateStore
    /// Replaces `file` with what `change` makes of its current content (nil: leave it), under
    /// a lock every copy of termini takes for it: two copies changing different parts of one
    /// file (two settings in `config`) keep both.
    func update(_ file: String, _ change: ([UInt8]?) -> [UInt8]?) throws
    /// The host gave up a save that failed (`.write` or `.append`): the app went back to
    /// what the files hold. A file whose replacement failed takes appends again; an append
    /// kept to be retried (`retainFailedAppends`) is dropped.
    func abandonFailedSave(_ effect: AppEffect)
    /// Whether the last append is written but its sync still under way (a store that syncs
    /// while the frame is drawn); `confirmAppend()` waits for it.
    var hasUnconfirmedAppend: Bool { get }
    /// Waits for the last append's sync; throws when the disk refused it (the append failed
    /// after all). Called before anything else is saved and before the frame is sent.
    func confirmAppend() throws
    /// Whether a replaced file is written (its side file) but not yet on the disk: its fsync,
    /// rename and the directory's fsync wait for `syncPending()` (a store that syncs while
    /// the frame is drawn); `confirmWrites()` answers for them.
    var hasUnconfirmedWrites: Bool { get }
    /// Makes durable what waits: the last append's sync, then each replaced file's. Safe
    /// while another thread draws the frame (it touches only the store's own records).
    func syncPending()
    /// The replacements the disk refused since the last call (synced now if `syncPending()`
    /// did not run): each dropped, its file left as it was, so the host puts its app back.
    func confirmWrites() -> [(file: String, error: any Error)]

    /// Takes an exclusive lock named `name` for the life of the process (or until released).
    /// False when another live process holds it; a lock left by a dead process never blocks.
    func lock(_ name: String) -> Bool
    /// The same, saying why not: held by another process, or a lock file that is not one.
    func tryLock(_ name: String) -> LockOutcome
    func unlock(_ name: String)
    /// Whether the lock `name` taken is still this process's: false once its lock file was
    /// removed or replaced (a newcomer may lock the file now at that path), and the lock is
    /// let go. Asked before each save of the files it guards.
    func holdsLock(_ name: String) -> Bool
    /// Side files a dead keeper left, rolled forward as a start does (at a takeover).
    func rollForward()
}

extension StateStore {
    public func tryLock(_ name: String) -> LockOutcome { lock(name) ? .acquired : .heldByAnother }
    public func holdsLock(_ name: String) -> Bool { true }
    public func rollForward() {}
    public func abandonFailedSave(_ effect: AppEffect) {}
    public var hasUnconfirmedAppend: Bool { false }
    public func confirmAppend() throws {}
    public var hasUnconfirmedWrites: Bool { false }
    public func syncPending() {}
    public func confirmWrites() -> [(file: String, error: any Error)] { [] }
    public func currentFiles() -> any StateStore { self }
    public func update(_ file: String, _ change: ([UInt8]?) -> [UInt8]?) throws {
        let current = readBytes(file)
        if let next = change(current), next != current { try write(file, bytes: next) }
    }
}

/// A mini-app: a model, an update from keys (and time) to a new model plus effects, and a
/// view. The shell owns the window frame, the key-hint bar, help, switching and quitting.
public protocol MiniApp {
    static var descriptor: AppDescriptor { get }

    /// Reads saved state through `store` (never writes). `options` are the command-line
    /// options for this app when it was named on the command line, else empty.
    init(options: AppOptions, store: any StateReader, context: AppContext)

    /// Effects to carry out right after the app is created (e.g. a new match written out).
    mutating func start(context: AppContext) -> [AppEffect]

    /// The window title; may change with state ("Badminton · watching").
    func title(context: AppContext) -> String
    /// A short status at the right of the title bar ("read-only"), or nil.
    func status(context: AppContext) -> String?
    /// The key-hint bar for the current state (an open modal shows its own keys): from the
    /// app's key table and its modal stack.
    func hints(context: AppContext) -> [KeyHint]
    /// Every key of the app, for the `?` overlay and the manual: from the same tables.
    func help(context: AppContext) -> [HelpSection]
    /// The smallest content area the app can draw in; below it the shell asks for a larger terminal.
    var minimumSize: Size { get }
    /// True while a modal (a dialog, a form, a panel) is open: then `q`, `?` and Esc go to it.
    var wantsAllKeys: Bool { get }

    mutating func handle(_ key: Key, context: AppContext) -> [AppEffect]

    /// The next moment the app wants `tick` (an animation frame, a countdown); nil when
    /// nothing moves, so the loop blocks on input and uses no CPU.
    func nextDeadline(context: AppContext) -> Double?
    mutating func tick(context: AppContext) -> [AppEffect]

    /// The app's screen is on view again (after another app, the launcher, the help, the
    /// settings or a terminal too small for it), or for the first time.
    mutating func shown(context: AppContext) -> [AppEffect]
    /// The app's screen is no longer on view (also just before Termini quits): a game
    /// clock stops here.
    mutating func hidden(context: AppContext) -> [AppEffect]

    /// The app's own rows of the settings (F7), read from its saved state: badminton's
    /// language of the calls. Each is a config key stepped through its choices.
    static func settings(store: any StateReader) -> [AppSetting]
    /// One of the app's settings was changed in F7 (already saved in config): the app takes it.
    mutating func settingChanged(_ key: String, to value: String, context: AppContext) -> [AppEffect]
    /// What `q` asks first, saying what quitting stops (the desk's recording and calls); nil:
    /// `q` quits at once, as for every app that loses nothing by it.
    func quitQuestion(context: AppContext) -> String?

    /// Files whose change on disk the app wants to hear about (`--watch`).
    var watchedFiles: [String] { get }
    /// Whether a change of `file` concerns the app: one of `watchedFiles`, or for an app that
    /// follows files yet to be made (badminton's `--watch --all`: a court that starts) one of
    /// its kind.
    func watches(_ file: String) -> Bool
    mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect]
    /// The same, told which files changed (an app following many re-reads only those).
    mutating func filesChanged(_ names: Set<String>, store: any StateReader, context: AppContext) -> [AppEffect]
    /// The app draws the whole terminal: no window frame, no title, no key-hint bar (a hall
    /// TV: badminton's `--watch --display`). The shell's keys still work.
    var fullScreen: Bool { get }

    /// The lock whose holder keeps the app's files (default: the app's id, `stamps.lock`);
    /// nil: the shell does not keep the app (it follows another on its own, `--watch`). The
    /// shell takes it when the app opens: held by another termini, the app is read-only
    /// (`store.keeping`), its saves refused, the title bar says so, and it follows the
    /// keeper's saves (`keptFiles`, `reload`) until the keeper goes, then takes it over.
    static func keeperLock(_ options: AppOptions) -> String?
    /// The files the keeper saves (a follower reloads when one changes).
    var keptFiles: [String] { get }
    /// Files whose appends, when the disk refuses them, the keeper's store holds and writes
    /// before anything else once it can (badminton's history: a finished match is never lost
    /// between the history and the next match's journal). Default: none.
    var appendsKeptUntilSaved: [String] { get }
    /// The files changed on disk (`keeping` `.following`: the keeper saved), or this copy has
    /// just become the keeper (`.keeper`: read and recover as a start does). `store` reads
    /// them as they are now. Default: the app made afresh from them, as a start makes it.
    mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect]

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext)

    /// Options checked before anything starts; a message here exits with status 64.
    static func validate(_ options: AppOptions) -> String?
    /// Options checked against the files of the config directory once it is known (before a
    /// command runs or the interface starts; `store` only reads); a message here exits with
    /// status 64. Default: none.
    static func validate(_ options: AppOptions, against store: any StateReader) -> String?
    /// Work done without a terminal (`--status`, `--export`, `--receipt`); nil to run the UI.
    static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput?
}

/// What a command run without a terminal prints, and its exit status.
public struct CommandOutput: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    public var status: Int32
    /// Output too big to build first (an export of a long history): written after `stdout`,
    /// a piece at a time, while `emit` returns true (false: the reader has gone).
    public var stream: CommandStream?
    /// A file the user named for the output (`--output FILE`): written whole, atomically,
    /// after the command; a failure to write it is the command's failure.
    public var file: CommandFile?
    public init(stdout: String = "", stderr: String = "", status: Int32 = 0, stream: CommandStream? = nil, file: CommandFile? = nil) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.stream = stream
        self.file = file
    }

    /// Everything the command prints, the stream included (for tests).
    public var allStdout: String {
        var text = stdout
        stream?.run { text += $0; return true }
        return text
    }
}

/// Output for a file named on the command line (a path as given, relative to the working
/// directory), never one in the config directory.
public struct CommandFile: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// Output produced a piece at a time; the same object is the same stream.
public final class CommandStream: @unchecked Sendable, Equatable {
    let body: (_ emit: (String) -> Bool) -> Void
    public init(_ body: @escaping (_ emit: (String) -> Bool) -> Void) { self.body = body }
    public func run(_ emit: (String) -> Bool) { body(emit) }
    public static func == (a: CommandStream, b: CommandStream) -> Bool { a === b }
}

extension MiniApp {
    public mutating func start(context: AppContext) -> [AppEffect] { [] }
    public func title(context: AppContext) -> String { Self.descriptor.name }
    public func status(context: AppContext) -> String? { nil }
    public var wantsAllKeys: Bool { false }
    public func nextDeadline(context: AppContext) -> Double? { nil }
    public mutating func tick(context: AppContext) -> [AppEffect] { [] }
    public mutating func shown(context: AppContext) -> [AppEffect] { [] }
    public mutating func hidden(context: AppContext) -> [AppEffect] { [] }
    public var watchedFiles: [String] { [] }
    public static func settings(store: any StateReader) -> [AppSetting] { [] }
    public mutating func settingChanged(_ key: String, to value: String, context: AppContext) -> [AppEffect] { [] }
    public func quitQuestion(context: AppContext) -> String? { nil }
    public func watches(_ file: String) -> Bool { watchedFiles.contains(file) }
    public mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect] { [] }
    public static func keeperLock(_ options: AppOptions) -> String? { descriptor.id }
    public static func validate(_ options: AppOptions, against store: any StateReader) -> String? { nil }
    public var keptFiles: [String] { [] }
    public var appendsKeptUntilSaved: [String] { [] }
    public mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect] {
        self = Self(options: AppOptions(), store: store, context: context)
        return []
    }
    public mutating func filesChanged(_ names: Set<String>, store: any StateReader, context: AppContext) -> [AppEffect] {
        filesChanged(store: store, context: context)
    }
    public var fullScreen: Bool { false }
    public static func validate(_ options: AppOptions) -> String? { nil }
    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? { nil }
}

/// A row of the settings (F7) that belongs to an app: a config key, its label, the values it
/// steps through with their words, and the value now.
public struct AppSetting: Equatable, Sendable {
    public struct Choice: Equatable, Sendable {
        public var value: String
        public var words: String
        public init(_ value: String, _ words: String) {
            self.value = value
            self.words = words
        }
    }
    public var key: String
    public var label: String
    public var choices: [Choice]
    public var value: String
    public init(key: String, label: String, choices: [Choice], value: String) {
        self.key = key
        self.label = label
        self.choices = choices
        self.value = value
    }

    /// The words for the value now (the value itself when it is none of the choices).
    public var words: String { choices.first { $0.value == value }?.words ?? value }

    /// The value `step` choices on, round.
    public func stepped(_ step: Int) -> String {
        guard !choices.isEmpty else { return value }
        let i = choices.firstIndex { $0.value == value } ?? (step > 0 ? -1 : 0)
        return choices[((i + step) % choices.count + choices.count) % choices.count].value
    }
}
