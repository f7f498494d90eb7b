import TerminiCore
import TerminiWidgets
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

    public init(id: String, name: String, summary: String, options: [OptionSpec] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.options = options
    }
}

/// A command-line option: `--format FORMAT`, or a flag when `valueName` is nil; with
/// `valueIsOptional` the value may be left out (`--scoresheet [N]`).
public struct OptionSpec: Sendable, Equatable {
    public let name: String
    public let valueName: String?
    public let valueIsOptional: Bool
    public let help: String
    public init(_ name: String, value: String? = nil, optional: Bool = false, help: String) {
        self.name = name
        self.valueName = value
        self.valueIsOptional = optional && value != nil
        self.help = help
    }

    /// `--format FORMAT`, `--scoresheet [N]`, `--watch`: as `--help` and the manual show it.
    public var usage: String {
        guard let v = valueName else { return name }
        return name + (valueIsOptional ? " [\(v)]" : " \(v)")
    }
}

/// The options given for an app on the command line.
public struct AppOptions: Sendable, Equatable {
    public var values: [String: String]
    public init(_ values: [String: String] = [:]) { self.values = values }
    public func flag(_ name: String) -> Bool { values[name] != nil }
    public func value(_ name: String) -> String? { values[name] }
    public var isEmpty: Bool { values.isEmpty }
}

/// The moment and the manner of a call into an app. Time is passed in, never read, so
/// models and apps stay testable: wall-clock seconds since 1970.
public struct AppContext: Sendable {
    public var now: Double
    public var unicode: Bool
    public init(now: Double, unicode: Bool = true) {
        self.now = now
        self.unicode = unicode
    }
}

/// What an app asks the world to do. The shell carries effects out in order, before the
/// next frame is drawn: a write has reached the disk before its result is on screen.
public enum AppEffect: Sendable, Equatable {
    /// Replace a file in the config directory atomically (temp file, fsync, rename).
    case write(file: String, bytes: [UInt8])
    /// Append to a journal file and fsync it.
    case append(file: String, bytes: [UInt8])
    /// Ring the terminal bell.
    case bell
    /// Tell the user something; shown above the key-hint bar until the next key.
    case notice(String)
    /// Go back to the launcher.
    case close
    /// Leave Termini.
    case quit
    /// Remember a preference in the `config` file (`sound`, `badminton.format`, …).
    case setPreference(key: String, value: String)
    /// Say `text` aloud (the badminton umpire's calls), cutting short what is being said.
    /// Never waits; where speech cannot work the shell says so once, and nothing else changes.
    case speak(String)

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
    /// Moves a damaged file aside (`NAME.corrupt-TIMESTAMP`) and tells the user `reason`.
    @discardableResult
    func keepAside(_ file: String, reason: String) -> String?
    /// Takes an exclusive lock named `name` for the life of the process (or until released).
    /// False when another live process holds it; a lock left by a dead process never blocks.
    func lock(_ name: String) -> Bool
    func unlock(_ name: String)
    /// A message for the user (shown on screen by the shell).
    func notice(_ text: String)
    /// Whether saving works (false for a read-only or missing config directory).
    var canWrite: Bool { get }
    /// A value from the `config` preferences file (`sound`, `badminton.format`, …).
    func preference(_ key: String) -> String?
}

/// The store the shell writes through (apps only ever see `StateReader`).
public protocol StateStore: StateReader {
    func write(_ file: String, bytes: [UInt8]) throws
    func append(_ file: String, bytes: [UInt8]) throws
    /// Notices gathered since the last call, oldest first.
    func takeNotices() -> [String]
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
    var title: String { get }
    /// A short status at the right of the title bar ("read-only"), or nil.
    var status: String? { get }
    /// The key-hint bar for the current state (a dialog shows its own keys).
    var hints: [KeyHint] { get }
    /// Every key of the app, for the `?` overlay and the manual.
    var help: [HelpSection] { get }
    /// The smallest content area the app can draw in; below it the shell asks for a larger terminal.
    var minimumSize: Size { get }
    /// True while a dialog or text field is open: then `q`, `?` and Esc go to the app.
    var wantsAllKeys: Bool { get }

    mutating func handle(_ key: Key, context: AppContext) -> [AppEffect]

    /// The next moment the app wants `tick` (an animation frame, a countdown); nil when
    /// nothing moves, so the loop blocks on input and uses no CPU.
    var nextDeadline: Double? { get }
    mutating func tick(context: AppContext) -> [AppEffect]

    /// Files whose change on disk the app wants to hear about (`--watch`).
    var watchedFiles: [String] { get }
    mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect]

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext)

    /// Options checked before anything starts; a message here exits with status 64.
    static func validate(_ options: AppOptions) -> String?
    /// Work done without a terminal (`--status`, `--export`, `--receipt`); nil to run the UI.
    static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput?
}

/// What a command run without a terminal prints, and its exit status.
public struct CommandOutput: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    public var status: Int32
    /// A file the user named for the output (`--output FILE`): written whole, atomically,
    /// after the command; a failure to write it is the command's failure.
    public var file: CommandFile?
    public init(stdout: String = "", stderr: String = "", status: Int32 = 0, file: CommandFile? = nil) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.file = file
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

extension MiniApp {
    public mutating func start(context: AppContext) -> [AppEffect] { [] }
    public var title: String { Self.descriptor.name }
    public var status: String? { nil }
    public var wantsAllKeys: Bool { false }
    public var nextDeadline: Double? { nil }
    public mutating func tick(context: AppContext) -> [AppEffect] { [] }
    public var watchedFiles: [String] { [] }
    public mutating func filesChanged(store: any StateReader, context: AppContext) -> [AppEffect] { [] }
    public static func validate(_ options: AppOptions) -> String? { nil }
    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? { nil }
}
