#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiShell
import TerminiStore
import TerminiTerminal

/// The program from its arguments to its exit status, in the order it works: the command
/// line; what needs neither the config nor a terminal (--help, --version, --completions);
/// the config directory read through a store that changes nothing; the commands that print
/// (--list-themes, desk commands, --status, --export, --scoresheet, --receipt); then the
/// interface — a store that saves, the terminal, the shell, and the one loop (`Program`).
public enum Main {
    /// The environment Termini reads, once.
    static func environment() -> [String: String] {
        var env: [String: String] = [:]
        for key in ["TERM", "NO_COLOR", "XDG_CONFIG_HOME", "HOME", "ESCDELAY", "LANG", "LC_ALL", "LC_CTYPE"] {
            if let v = getenv(key) { env[key] = String(cString: v) }
        }
        return env
    }

    public static func run(arguments: [String]) -> Never {
        let invocation: Invocation
        switch CommandLineParser.parse(arguments) {
        case .failure(let error):
            Output.say("termini: \(error.message)\n\(CommandLineParser.usage)\n")
            exit(64)
        case .success(let inv):
            invocation = inv
        }
        switch invocation.action {
        case .help: finish(invocation.app.flatMap(CommandLineParser.helpText(for:)) ?? invocation.command.flatMap(CommandLineParser.helpText(for:))
            ?? CommandLineParser.helpText)
        case .version: finish("termini \(CommandLineParser.version)\n")
        case .completions(let shell): finish(Completions.script(for: shell))
        case .listThemes, .run: break
        }
        let start = Startup(invocation: invocation, environment: environment())
        if invocation.action == .listThemes { finish(start.catalog.listing) }
        start.refuseOptionsTheDirectoryForbids()
        let hall = start.hall()
        start.runCommandIfAsked(hall: hall)
        exit(start.runInterface(hall: hall))
    }

    /// Prints `text` and exits 0 (or 1 when it cannot be written).
    static func finish(_ text: String) -> Never {
        Output.print(text)
        exit(0)
    }
}

/// What the start reads before it knows whether it prints or runs the interface.
struct Startup {
    let invocation: Invocation
    let env: [String: String]
    let directory: String?
    /// Everything up to the interface only reads, through a store that changes nothing on
    /// disk: a command that reports creates, renames and writes nothing, not even the config
    /// directory; what is damaged it only reports.
    let reader: FileStore
    let catalog: ThemeCatalog
    var notices: [String] = []
    let loaded: LoadedConfig

    init(invocation: Invocation, environment env: [String: String]) {
        self.invocation = invocation
        self.env = env
        switch ConfigLocation.resolve(environment: env, override: invocation.configDir) {
        case .success(let d): directory = d
        case .failure(let f):
            directory = nil
            notices.append(f.description)
        }
        reader = FileStore(directory: directory, readOnly: true)
        catalog = ThemeCatalog(configDirectory: directory, executablePath: FileSystem.executablePath())
        loaded = LoadedConfig(reader)
        settings = Settings.resolve(invocation, environment: env, config: loaded.config)
    }

    /// Precedence: command line > environment > config file > built-in default.
    let settings: Settings

    /// The app's options checked against the config directory's files (a court spelled as one
    /// kept here but in another case): refused with status 64 before anything runs.
    func refuseOptionsTheDirectoryForbids() {
        guard let app = invocation.app, let type = AppRegistry.app(app),
              let problem = type.validate(invocation.appOptions, against: reader) else { return }
        Output.say("termini: \(TextLayout.printable(problem))\n")
        exit(64)
    }

    /// The hall of a badminton command (`--hall`, or `hall` in the config) and its
    /// credentials read; a bad address, or a credentials file that cannot be read, is a usage
    /// error (64) said before anything runs.
    func hall() -> HallStart? {
        switch HallSettings.resolve(invocation, config: loaded.config, directory: directory) {
        case .failure(let e):
            Output.say("termini: \(TextLayout.printable(e.message))\n\(CommandLineParser.usage)\n")
            exit(64)
        case .success(nil):
            return nil
        case .success(let settings?):
            switch HallStart.read(settings) {
            case .failure(let e):
                Output.say("termini: \(TextLayout.printable(e.description))\n\(CommandLineParser.usage)\n")
                exit(64)
            case .success(let start):
                return start
            }
        }
    }

    /// A desk command or an app's command (--status, --export, --receipt, --scoresheet): run,
    /// printed, and the process ends. Its signals act as for any command (Ctrl-C stops a long
    /// export; a reader that goes away ends it quietly). Returns when there is none.
    func runCommandIfAsked(hall: HallStart? = nil) {
        let s = settings
        if s.themeSource == .commandLine, !catalog.names.contains(s.theme) {
            // A theme asked for on the command line and not found is a mistake to point out at
            // once; one named in config (perhaps since deleted) only gets a notice.
            Output.say("termini: no theme named '\(TextLayout.truncate(TextLayout.sanitized(s.theme), to: 60))' "
                + "(themes: \(catalog.names.joined(separator: ", ")))\nTry 'termini --list-themes'.\n")
            exit(64)
        }
        // What the screen would say of the hall (a credentials file others may read, a password
        // in clear) is said by a command that uses the hall too, before its output.
        if let hall, DeskCommand.isCall(invocation) || HallService.isHallStatus(invocation) {
            for n in hall.notices { Output.say("termini: \(TextLayout.printable(n))\n") }
        }
        let output: CommandOutput?
        if let hall, HallCommand.isLive(invocation) {
            Terminal.prepareCommand()
            exit(HallLive.run(directory: invocation.operands[1], hall: hall, say: Output.say))
        } else if invocation.command == HallCommand.descriptor.id {
            output = HallCommand.run(invocation.appOptions, invocation.operands)
        } else if invocation.command == "desk" {
            if let why = DeskCommand.matchesProblem(invocation.appOptions) {
                Output.say("termini: \(TextLayout.printable(why))\n")
                exit(1)
            }
            if DeskCommand.isCall(invocation) {
                let r = DeskCommand.call(invocation.appOptions, hall: hall, directory: directory)
                Terminal.prepareCommand()
                Output.print(r.stdout)
                Output.say(r.stderr)
                exit(r.status)
            }
            output = DeskCommand.runCommand(invocation.appOptions, store: reader)
        } else if let hall, HallService.isHallStatus(invocation), let type = AppRegistry.app(HallService.app) {
            // The hall's courts as the broker retained them, read as a local hall's files are.
            switch HallService.readHall(hall) {
            case .failure(let e):
                Terminal.prepareCommand()
                Output.say("termini: hall: \(TextLayout.printable(e.description))\n")
                exit(1)
            case .success(let dir):
                let context = AppContext(now: WallClock.now(), unicode: Terminal.adoptLocale() && !s.ascii)
                output = type.runCommand(invocation.appOptions, store: FileStore(directory: dir, readOnly: true), context: context)
                PrivateDirectory.remove(dir)
            }
        } else if let app = invocation.app, let type = AppRegistry.app(app) {
            let context = AppContext(now: WallClock.now(), unicode: Terminal.adoptLocale() && !s.ascii)
            output = type.runCommand(invocation.appOptions, store: reader, context: context)
        } else {
            output = nil
        }
        guard let output else { return }
        Terminal.prepareCommand()
        // A config directory that is a file holds nothing to report: its error alone, no
        // empty card or list made up in its place.
        if let d = directory, FileSystem.exists(d), !FileSystem.isDirectory(d) {
            let found = reader.takeNotices()
            for n in found.isEmpty ? ["cannot read \(d): Not a directory"] : found { Output.say("termini: \(TextLayout.printable(n))\n") }
            exit(1)
        }
        // A file named for the output (--output): written whole before anything is said.
        if let file = output.file, let problem = OutputFile.write(file.path, bytes: file.bytes) {
            Output.say("termini: \(TextLayout.printable(problem))\n")
            exit(1)
        }
        Output.print(output.stdout)
        output.stream?.run(Output.print)
        Output.say(output.stderr)
        // Damage found while reading: said on stderr, and the status says it (1).
        let found = reader.takeNotices()
        for n in found { Output.say("termini: \(n)\n") }
        exit(output.status != 0 ? output.status : (reader.reportedDamage || !found.isEmpty ? 1 : 0))
    }

    /// The interface: the store that saves (it makes the directory, finishes what a killed
    /// process left half done, keeps damaged files aside; the config read again through it),
    /// the terminal, the shell and the loop. A copy started to watch (an app no copy keeps
    /// under its options: `badminton --watch`) changes nothing on disk at all.
    func runInterface(hall: HallStart? = nil) -> Int32 {
        let s = settings
        let (theme, themeMessages) = catalog.load(s.theme)
        let watchOnly = invocation.app.flatMap(AppRegistry.app).map { $0.keeperLock(invocation.appOptions) == nil } ?? false
        // A screen anywhere follows a court of the hall: its journal, as it comes, in a
        // directory of its own, which the app follows as it follows a local court's files.
        var hallService: HallService?
        var hallNotices = hall?.notices ?? []
        if let hall, HallService.isFollower(invocation) {
            switch HallService.follower(invocation, hall: hall, now: WallClock.now()) {
            case .success(let s): hallService = s
            case .failure(let e): hallNotices.append("hall: \(e.description)")
            }
        }
        let storeDirectory = hallService?.mirrorDirectory ?? directory
        let store = FileStore(directory: storeDirectory, readOnly: watchOnly)
        let config = storeDirectory == directory ? LoadedConfig(store, earlier: loaded) : loaded
        let terminal: Terminal
        do {
            terminal = try Terminal.start(noColor: !s.color, forceASCII: s.ascii, environment: env)
        } catch {
            hallService?.stop()
            Output.say("termini: \(error)\n")
            return 1
        }
        // Each save's sync runs while the frame is drawn (on a side thread); the frame is sent
        // only once the disk has answered (Program.frame, SaveCoordinator).
        // A replaced file (a stamp card, a cart, the config) likewise: synced, renamed and its
        // directory synced before the frame that shows it; a refusal is taken back, not shown.
        store.syncAfterFrame = true
        store.syncWritesBeforeFrame = true
        store.deferAppendSyncs()
        // A court keeper with a hall publishes its court: its files read before the app opens,
        // the publisher hung on the saves before the app's start makes any.
        if let hall, !watchOnly, !HallService.isDesk(invocation) {
            switch HallService.keeper(invocation, hall: hall, store: store, now: WallClock.now()) {
            case .success(let s): hallService = s
            case .failure(let e): hallNotices.append("hall: \(e.description)")
            }
        } else if let hall, HallService.isDesk(invocation) {
            // The desk's screen reads as any watcher does; its copies are written by a store
            // of their own, which syncs each write before the court is acknowledged.
            switch HallService.desk(hall: hall, store: FileStore(directory: directory), now: WallClock.now(),
                                    sendsCalls: DeskCommand.isScreen(invocation)) {
            case .success(let s): hallService = s
            case .failure(let e): hallNotices.append("hall: \(e.description)")
            }
        }
        let shell = Shell(store: store, config: config.config, configBytes: config.bytes, theme: theme,
                          themeName: catalog.names.contains(s.theme) ? s.theme : "default",
                          unicode: terminal.unicode, monochrome: !s.color || terminal.depth == .monochrome, catalog: catalog,
                          open: invocation.app ?? DeskCommand.screen(invocation), options: invocation.appOptions, notices: notices + config.notices + themeMessages + hallNotices,
                          now: WallClock.now(), depth: terminal.depth, size: terminal.size, unicodeAvailable: Terminal.adoptLocale(),
                          colorAvailable: terminal.depth != .monochrome, speaker: SpeechRunner(),
                          saveObservers: hallService.map { [$0] } ?? [])
        // Another termini keeps this court here: that one publishes it, not this one, until
        // this one keeps it (the other quit or died). The desk's screen records once its shell
        // keeps the desk (another desk may keep this directory's).
        if let s = hallService, DeskCommand.isScreen(invocation) {
            s.standBy { [unowned shell] in shell.keeps(HallService.deskLock) }
        } else if let s = hallService, s.publisher != nil, !shell.keeps(HallService.app) {
            s.standBy { [unowned shell] in shell.keeps(HallService.app) }
        }
        return Program(shell: shell, terminal: terminal, store: store, hall: hallService).run()
    }
}

/// The preferences, what is wrong with their lines, and the bytes they were read from; a
/// config that is not text is kept aside whole (by a store that may write) and Termini starts
/// with a fresh one. The same bytes as an `earlier` load are not parsed again.
struct LoadedConfig {
    var config = ConfigFile()
    var notices: [String] = []
    var bytes: [UInt8]?

    init(_ store: FileStore, earlier: LoadedConfig? = nil) {
        guard let bytes = store.readBytes("config") else { return }
        if let earlier, earlier.bytes == bytes {
            self = earlier
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // Not text: the next preference saved would rewrite it with U+FFFD in place of
            // every bad byte. Kept aside whole instead.
            store.keepAside("config", reason: "config is not UTF-8 text")
            return
        }
        config = ConfigFile(text: text)
        notices = config.problems.map { p in
            "config line \(p.line): expected 'key = value', found '\(TextLayout.truncate(TextLayout.sanitized(p.text), to: 30))' (ignored)"
        } + PreferenceKey.valueProblems(config)
        self.bytes = bytes
    }
}

extension ThemeCatalog {
    /// `--list-themes`: each theme's name, where it comes from and its file.
    var listing: String {
        let width = (entries.map { DisplayWidth.of(TextLayout.printable($0.name)) }.max() ?? 7) + 2
        return entries.map { e in
            TextLayout.pad(TextLayout.printable(e.name), to: width) + TextLayout.pad(e.origin.rawValue, to: 12)
                + TextLayout.printable(e.path ?? "") + "\n"
        }.joined()
    }
}
