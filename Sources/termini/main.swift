#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiShell
import TerminiStore
import TerminiTerminal
import TerminiRuntime

// Termination signals become events of the main loop; crashes restore the terminal.
// This must happen before anything else, so no thread ever runs with them unblocked.
Terminal.prepareProcess()

/// Writes text to stdout or stderr, any control character or bidi override in it shown as
/// an escape (names come from files); false once the reader has gone (`| head -1`).
@discardableResult
func emit(_ fd: Int32, _ text: String) -> Bool {
    var bytes = Array(TextLayout.printable(text).utf8)
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + off, $0.count - off) }
        if n <= 0 {
            if errno == EINTR { continue }
            return false
        }
        off += n
    }
    return true
}

func environment() -> [String: String] {
    var env: [String: String] = [:]
    for key in ["TERM", "NO_COLOR", "XDG_CONFIG_HOME", "HOME", "ESCDELAY", "LANG", "LC_ALL", "LC_CTYPE"] {
        if let v = getenv(key) { env[key] = String(cString: v) }
    }
    return env
}

let invocation: Invocation
switch CommandLineParser.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    emit(2, "termini: \(error.message)\n\(CommandLineParser.usage)\n")
    exit(64)
case .success(let inv):
    invocation = inv
}

switch invocation.action {
case .help:
    emit(1, CommandLineParser.helpText)
    exit(0)
case .version:
    emit(1, "termini \(CommandLineParser.version)\n")
    exit(0)
case .completions(let shell):
    emit(1, Completions.script(for: shell))
    exit(0)
case .listThemes, .run:
    break
}

let env = environment()
var startupNotices: [String] = []
let directory: String?
switch ConfigLocation.resolve(environment: env, override: invocation.configDir) {
case .success(let d): directory = d
case .failure(let f):
    directory = nil
    startupNotices.append(f.description)
}
// Everything up to the interface only reads, through a store that changes nothing on disk:
// a command that reports (--status, --export, --receipt, --list-themes) creates, renames
// and writes nothing, not even the config directory; what is damaged it only reports.
let reader = FileStore(directory: directory, readOnly: true)
let catalog = ThemeCatalog(configDirectory: directory, executablePath: FileSystem.executablePath())

if invocation.action == .listThemes {
    let width = (catalog.entries.map { DisplayWidth.of(TextLayout.printable($0.name)) }.max() ?? 7) + 2
    for e in catalog.entries {
        emit(1, TextLayout.pad(TextLayout.printable(e.name), to: width) + TextLayout.pad(e.origin.rawValue, to: 12)
            + TextLayout.printable(e.path ?? "") + "\n")
    }
    exit(0)
}

/// The preferences, what is wrong with their lines, and the bytes they were read from; a
/// config that is not text is kept aside whole (by a store that may write) and Termini starts
/// with a fresh one. The same bytes as an `earlier` load are not parsed again.
func loadConfig(_ store: FileStore, earlier: (config: ConfigFile, notices: [String], bytes: [UInt8]?)? = nil)
    -> (config: ConfigFile, notices: [String], bytes: [UInt8]?) {
    guard let bytes = store.readBytes("config") else { return (ConfigFile(), [], nil) }
    if let earlier, earlier.bytes == bytes { return earlier }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        // Not text: the next preference saved would rewrite it with U+FFFD in place of every
        // bad byte. Kept whole instead.
        store.keepAside("config", reason: "config is not UTF-8 text")
        return (ConfigFile(), [], nil)
    }
    let config = ConfigFile(text: text)
    let notices = config.problems.map { p in
        "config line \(p.line): expected 'key = value', found '\(TextLayout.truncate(TextLayout.sanitized(p.text), to: 30))' (ignored)"
    }
    return (config, notices, bytes)
}

var loaded = loadConfig(reader)
var (config, configNotices) = (loaded.config, loaded.notices)

// Precedence: command line > environment > config file > built-in default.
let settings = Settings.resolve(invocation, environment: env, config: config)
let noColor = !settings.color
let forceASCII = settings.ascii
let themeName = settings.theme
if settings.themeSource == .commandLine, !catalog.names.contains(themeName) {
    // A theme asked for on the command line and not found is a mistake to point out at once;
    // one named in config (perhaps since deleted) only gets a notice.
    emit(2, "termini: no theme named '\(TextLayout.truncate(TextLayout.sanitized(themeName), to: 60))' (themes: \(catalog.names.joined(separator: ", ")))\n"
        + "Try 'termini --list-themes'.\n")
    exit(64)
}
let (theme, themeMessages) = catalog.load(themeName)

// `termini desk`: the tournament desk's commands, without a terminal.
if invocation.command == "desk", let output = DeskCommand.runCommand(invocation.appOptions, store: reader) {
    Terminal.prepareCommand()
    emit(1, output.stdout)
    emit(2, output.stderr)
    let notices = reader.takeNotices()
    for n in notices { emit(2, "termini: \(n)\n") }
    exit(output.status != 0 ? output.status : (reader.reportedDamage || !notices.isEmpty ? 1 : 0))
}

// Work that needs no terminal: --status, --export, --receipt, --scoresheet. Its signals act as
// for any command (Ctrl-C stops a long export; a reader that goes away ends it quietly).
if let app = invocation.app, let type = AppRegistry.app(app) {
    let context = AppContext(now: WallClock.now(), unicode: Terminal.adoptLocale() && !forceASCII)
    if let output = type.runCommand(invocation.appOptions, store: reader, context: context) {
        Terminal.prepareCommand()
        // A file named for the output (--output): written whole before anything is said.
        if let file = output.file, let problem = OutputFile.write(file.path, bytes: file.bytes) {
            emit(2, "termini: \(TextLayout.printable(problem))\n")
            exit(1)
        }
        func out(_ text: String) -> Bool {
            if emit(1, text) { return true }
            exit(128 + SIGPIPE)
        }
        _ = out(output.stdout)
        output.stream?.run(out)
        emit(2, output.stderr)
        // Damage found while reading: said on stderr, and the status says it (1).
        let notices = reader.takeNotices()
        for n in notices { emit(2, "termini: \(n)\n") }
        exit(output.status != 0 ? output.status : (reader.reportedDamage || !notices.isEmpty ? 1 : 0))
    }
}

// The interface: the store that saves. It makes the directory, finishes what a killed
// process left half done, and keeps damaged files aside (the config read again through it).
// A copy started to watch (an app no copy keeps under its options: `badminton --watch`)
// changes nothing on disk at all, whatever it finds there or is asked to do.
let watchOnly = invocation.app.flatMap(AppRegistry.app).map { $0.keeperLock(invocation.appOptions) == nil } ?? false
let store = FileStore(directory: directory, readOnly: watchOnly)
loaded = loadConfig(store, earlier: loaded)
(config, configNotices) = (loaded.config, loaded.notices)
startupNotices += configNotices + themeMessages

let terminal: Terminal
do {
    terminal = try Terminal.start(noColor: noColor, forceASCII: forceASCII, environment: env)
} catch {
    emit(2, "termini: \(error)\n")
    exit(1)
}

// Each save's sync waits for the frame: the frame is drawn meanwhile (on a side thread) and
// sent only once the disk has answered (Program.frame, SaveCoordinator).
store.syncAfterFrame = true
store.deferAppendSyncs()

let shell = Shell(store: store, config: config, configBytes: loaded.bytes, theme: theme, themeName: catalog.names.contains(themeName) ? themeName : "default",
                  unicode: terminal.unicode, monochrome: noColor || terminal.depth == .monochrome, catalog: catalog,
                  open: invocation.app, options: invocation.appOptions, notices: startupNotices, now: WallClock.now(),
                  depth: terminal.depth, size: terminal.size, unicodeAvailable: Terminal.adoptLocale(),
                  colorAvailable: terminal.depth != .monochrome, speaker: SpeechRunner())

exit(Program(shell: shell, terminal: terminal, store: store).run())
