import TerminiCore
import TerminiApp
import TerminiData
import TerminiStore
import BadmintonRules

/// The preference keys Termini reads from `config`, with what each does (for the manual).
public enum PreferenceKey {
    public static let theme = "theme"
    public static let ascii = "ascii"
    public static let color = "color"
    public static let lastApp = "last_app"
    public static let sound = "sound"

    public static let documented: [(key: String, values: String, meaning: String)] = [
        (theme, "NAME", "the theme (t in the launcher cycles and saves it)"),
        (ascii, "yes|no", "draw with ASCII characters only"),
        (color, "yes|no", "no draws in monochrome, as NO_COLOR does"),
        (sound, "yes|no", "yes: bell for game sounds and alerts; no: never; unset: alerts only"),
        (lastApp, "APP", "the app used last, preselected in the launcher"),
        ("badminton.format", "FORMAT", "the format last chosen for a new match (3x21, 3x15, 5x11, 1x21, or GxP[cC]: games x points, optional cap)"),
        ("badminton.discipline", "singles|doubles", "singles or doubles, last chosen"),
        ("badminton.names", "A,B", "the names last given to the two sides (doubles: A1/A2,B1/B2)"),
        ("badminton.server", "left|right", "the side that served first in the last new match"),
        ("badminton.event", "TEXT", "the event last given in the setup dialog, for the next match's scoresheet"),
        ("badminton.umpire", "NAME", "the umpire last given in the setup dialog, for the next match's scoresheet"),
        ("badminton.judge", "NAME", "the service judge last given in the setup dialog, for the next match's scoresheet"),
        ("badminton.court", "NAME", "the court's number or name, for the umpire's call \"Court NAME, 20 seconds\""),
        ("badminton.display.court", "yes|no", "no: the hall TV (--watch --display) shows no court number, as --no-court (finals)"),
        ("badminton.speak", "yes|no", "yes: each new call of the umpire is spoken by espeak-ng (when it is on PATH)"),
        ("badminton.calls", "LANG", "the language of the umpire's calls: en, de, fr, nl, or your own LANG.calls in the config directory"),
        (HallSettings.urlKey, "URL", "the hall's broker, mqtts://HOST[:PORT][/HALL] (TLS) or mqtt:// (clear), for badminton's courts (--court), desk and screens (as --hall)"),
        (HallSettings.credentialsKey, "FILE", "the file of the hall's user and password (user = and password = lines; relative: in the config directory)"),
        (HallSettings.caKey, "FILE", "with mqtts://: the CA certificate that signed the broker's, hall-ca.crt from hall init (as --hall-ca; relative: in the config directory)"),
        ("stamps.daily", "on|off", "daily mode of the stamp card: at most one stamp per day (d sets it)"),
        ("stamps.reward", "TEXT", "the reward shown when a stamp card is full"),
    ]

    /// Every key Termini reads from `config`, its own and the apps'.
    public static var all: [String] { documented.map(\.key) }

    /// The values `key` takes, in words, when `value` is not one of them; nil when it is (or
    /// the key takes any text, or is not Termini's).
    public static func wrongValue(_ key: String, _ value: String) -> String? {
        guard let spec = documented.first(where: { $0.key == key })?.values else { return nil }
        switch spec {
        case "yes|no", "on|off":
            return PreferenceValue.bool(value) == nil ? spec.replacing("|", with: " or ") : nil
        case "FORMAT":
            guard case .failure = MatchFormat.parse(value) else { return nil }
            return "3x21, 3x15, 5x11, 1x21 or GxP[cC] (games x points, optional cap)"
        default:
            let words = spec.split(separator: "|").map(String.init)
            guard words.count > 1, words.allSatisfy({ $0 == $0.lowercased() }) else { return nil }
            return words.contains(value.lowercased()) ? nil : words.joined(separator: " or ")
        }
    }

    /// A line of `config` a key of Termini's with a value it does not take: each said once,
    /// with its line and the values the key takes. The line stays as the user wrote it.
    public static func valueProblems(_ config: ConfigFile) -> [String] {
        var seen: Set<String> = []
        return config.keys.compactMap { key in
            guard seen.insert(key).inserted, let value = config.value(key), let takes = wrongValue(key, value) else { return nil }
            let line = config.lineNumber(of: key).map { "config line \($0)" } ?? "config"
            let shown = TextLayout.truncate(TextLayout.sanitized(value), to: 30)
            return "\(line): \(key) = \(shown) (ignored): it takes \(takes)"
        }
    }

    public static func bool(_ v: String?) -> Bool? { PreferenceValue.bool(v) }
}

/// Apps read through this: their own files from the store, preferences from `config`.
final class AppStateReader: StateReader {
    let store: any StateStore
    let preferences: () -> ConfigFile
    let keeping: Keeping

    init(store: any StateStore, keeping: Keeping = .keeper, preferences: @escaping () -> ConfigFile) {
        self.store = store
        self.keeping = keeping
        self.preferences = preferences
    }

    func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        store.load(type, from: file, version: version)
    }
    func readBytes(_ file: String) -> [UInt8]? { store.readBytes(file) }
    func readLines(_ file: String, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead? { store.readLines(file, body) }
    func readLines(_ file: String, from offset: Int, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead? {
        store.readLines(file, from: offset, body)
    }
    func readRange(_ file: String, offset: Int, count: Int) -> FileRange? { store.readRange(file, offset: offset, count: count) }
    func notice(_ text: String) { store.notice(text) }
    var canWrite: Bool { store.canWrite }
    var directory: String? { store.directory }
    func preference(_ key: String) -> String? { preferences().value(key) }
    func fileNames() -> [String] { store.fileNames() }
}

/// The look Termini starts with, from every source in order of precedence: a command-line
/// option, then the environment (`NO_COLOR`), then the `config` file, then the built-in default.
public struct Settings: Equatable, Sendable {
    /// Where a setting came from (for tests and messages).
    public enum Source: String, Sendable {
        case commandLine = "command line", environment, config, builtin = "built in"
    }

    public var theme: String
    public var themeSource: Source
    public var color: Bool
    public var colorSource: Source
    public var ascii: Bool
    public var asciiSource: Source

    public static func resolve(_ invocation: Invocation, environment: [String: String], config: ConfigFile) -> Settings {
        let theme: (String, Source)
        if let t = invocation.theme {
            theme = (t, .commandLine)
        } else if let t = config.value(PreferenceKey.theme), !t.isEmpty {
            theme = (t, .config)
        } else {
            theme = ("default", .builtin)
        }

        let color: (Bool, Source)
        if let c = invocation.color {
            color = (c, .commandLine)
        } else if !(environment["NO_COLOR"] ?? "").isEmpty {
            // no-color.org: set and not empty, whatever the value.
            color = (false, .environment)
        } else if let c = PreferenceKey.bool(config.value(PreferenceKey.color)) {
            color = (c, .config)
        } else {
            color = (true, .builtin)
        }

        let ascii: (Bool, Source)
        if invocation.ascii {
            ascii = (true, .commandLine)
        } else if let a = PreferenceKey.bool(config.value(PreferenceKey.ascii)) {
            ascii = (a, .config)
        } else {
            ascii = (false, .builtin)
        }
        return Settings(theme: theme.0, themeSource: theme.1, color: color.0, colorSource: color.1,
                        ascii: ascii.0, asciiSource: ascii.1)
    }
}
