import TerminiCore
import TerminiApp

/// What the command line asked for.
public struct Invocation: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case run
        case help
        case version
        case listThemes
        /// Print the completion script for a shell.
        case completions(Completions.Shell)
    }
    public var action: Action = .run
    public var app: String?
    /// A command beside the apps (`desk`); its options are in `appOptions` as an app's are.
    public var command: String?
    /// A command's words after its name (`termini hall init DIR`: `init`, `DIR`).
    public var operands: [String] = []
    public var theme: String?
    /// `--color` (true) or `--no-color` (false), the last one given; nil when neither was.
    public var color: Bool?
    public var noColor: Bool {
        get { color == false }
        set { color = newValue ? false : nil }
    }
    public var ascii = false
    public var configDir: String?
    public var appOptions = AppOptions()

    public init() {}
}

/// A command line Termini cannot use: printed with a short usage to stderr, exit status 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// `termini [APP] [--theme NAME] [--no-color|--color] [--ascii] [--config-dir DIR] [--help] [--version]`
/// plus each app's own options after its name. Options may come in any order; `--opt=value`
/// and `--opt value` both work.
public enum CommandLineParser {
    public static let version = "0.1.0"

    /// The shell's own options: with each app's (`AppDescriptor.options`), the one table that
    /// makes `--help`, the manual's option lists (tested against it) and the completions.
    public static let globalOptions: [OptionSpec] = [
        OptionSpec("--theme", value: "NAME", values: .themes, help: "use theme NAME for this run (see --list-themes)"),
        OptionSpec("--no-color", help: "draw in monochrome with attributes only (as NO_COLOR does)"),
        OptionSpec("--color", help: "draw in colour even when NO_COLOR is set or the config says color = no"),
        OptionSpec("--ascii", help: "draw with ASCII characters only, even in a UTF-8 locale"),
        OptionSpec("--config-dir", value: "DIR", values: .directory, help: "keep settings and saved state in DIR"),
        OptionSpec("--list-themes", help: "list the themes and where each comes from, then exit"),
        OptionSpec("--completions", value: "SHELL", values: .choices(Completions.Shell.allCases.map(\.rawValue)),
                   help: "print the completion script for SHELL (bash, zsh or fish), then exit"),
        OptionSpec("--help", help: "show this help and exit (also -h); after an app or a command, its own"),
        OptionSpec("--version", help: "print the version and exit"),
    ]

    public static func parse(_ args: [String]) -> Result<Invocation, UsageError> {
        parse(args, apps: AppRegistry.apps)
    }

    /// The parser over a given list of apps (tests give apps with options of their own).
    /// The commands beside the apps, each with its options and their check.
    /// A command that takes words after its name (`hall init DIR`) checks them too.
    static let commands: [(descriptor: AppDescriptor, operands: Bool, validate: @Sendable (AppOptions, [String]) -> String?)] = [
        (DeskCommand.descriptor, false, { o, _ in DeskCommand.validate(o) }),
        (HallCommand.descriptor, true, HallCommand.validate),
    ]

    static func parse(_ args: [String], apps: [any MiniApp.Type]) -> Result<Invocation, UsageError> {
        func app(_ id: String) -> (any MiniApp.Type)? { apps.first { $0.descriptor.id == id } }
        func command(_ id: String) -> AppDescriptor? { commands.first { $0.descriptor.id == id }?.descriptor }
        let owners: [AppDescriptor] = apps.map { $0.descriptor } + commands.map { $0.descriptor }
        var inv = Invocation()
        var appArgs: [(String, String?)] = []
        var i = 0
        func fail(_ m: String) -> Result<Invocation, UsageError> { .failure(UsageError(message: m)) }
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" { return fail("unexpected '--'") }
            if arg.hasPrefix("-") && arg != "-" {
                var name = arg
                var inline: String?
                if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                    name = String(arg[..<eq])
                    inline = String(arg[arg.index(after: eq)...])
                }
                if name == "-h" { name = "--help" }
                if name == "-V" { name = "--version" }
                let spec = globalOptions.first { $0.name == name }
                    ?? owners.lazy.flatMap(\.options).first { $0.name == name }
                guard let spec else { return fail("unknown option '\(clean(name))'") }
                let value: String?
                switch optionValue(spec, inline: inline, args: args, at: &i, isApp: { app($0) != nil }) {
                case .success(let v): value = v
                case .failure(let e): return .failure(e)
                }
                if let problem = apply(name, value, to: &inv) { return fail(problem) }
                if !globalOptions.contains(where: { $0.name == name }) { appArgs.append((name, value)) }
            } else {
                if let c = inv.command, commands.first(where: { $0.descriptor.id == c })?.operands == true {
                    inv.operands.append(arg)
                    continue
                }
                guard inv.app == nil && inv.command == nil else { return fail("unexpected argument '\(clean(arg))' (one app at a time)") }
                if command(arg.lowercased()) != nil {
                    inv.command = arg.lowercased()
                    continue
                }
                guard app(arg.lowercased()) != nil else {
                    return fail("unknown app '\(clean(arg))' (apps: \(apps.map { $0.descriptor.id }.joined(separator: ", ")))")
                }
                inv.app = arg.lowercased()
            }
        }
        if inv.action == .help { return .success(inv) }
        for (name, value) in appArgs {
            guard let id = inv.app ?? inv.command, let owner = owners.first(where: { $0.id == id }) else {
                let ids = owners.filter { $0.options.contains { $0.name == name } }.map(\.id)
                return fail("'\(name)' is an option of \(ids.joined(separator: ", ")): termini \(ids.first ?? "APP") \(name)")
            }
            guard owner.options.contains(where: { $0.name == name }) else {
                return fail("'\(name)' is not an option of \(id)")
            }
            inv.appOptions.values[name] = value ?? ""
        }
        if let id = inv.app, let type = app(id), let problem = type.validate(inv.appOptions) {
            return fail(problem)
        }
        if let id = inv.command, let c = commands.first(where: { $0.descriptor.id == id }), let problem = c.validate(inv.appOptions, inv.operands) {
            return fail(problem)
        }
        if let problem = HallSettings.validate(inv) { return fail(problem) }
        if let t = inv.theme, !ThemeCatalog.isValidName(t) {
            return fail("theme name '\(clean(t))' must not contain '/', '..' or control characters")
        }
        return .success(inv)
    }

    /// The value an option is given: inline (`--theme=x`), the next argument, or none. An option
    /// is not a value (`--theme --ascii` lacks a theme name; `--theme=-x` still gives one); a
    /// negative number is a value, for the option to judge (`--seed -1`). An optional value is
    /// left out when the next argument is an option or an app's name.
    static func optionValue(_ spec: OptionSpec, inline: String?, args: [String], at i: inout Int,
                            isApp: (String) -> Bool) -> Result<String?, UsageError> {
        func fail(_ m: String) -> Result<String?, UsageError> { .failure(UsageError(message: m)) }
        guard spec.valueName != nil else {
            return inline == nil ? .success(nil) : fail("option '\(spec.name)' takes no value")
        }
        let value: String?
        if let inline {
            value = inline
        } else if spec.valueIsOptional {
            guard i < args.count, !(args[i].hasPrefix("-") && args[i] != "-"), !isApp(args[i].lowercased()) else { return .success(nil) }
            value = args[i]
            i += 1
        } else if i < args.count, !(args[i].hasPrefix("-") && args[i] != "-") || isNegativeNumber(args[i]) {
            value = args[i]
            i += 1
        } else {
            return fail("option '\(spec.name)' needs a value (\(spec.valueName ?? "VALUE"))")
        }
        if value?.isEmpty == true { return fail("option '\(spec.name)' needs a non-empty value") }
        return .success(value)
    }

    /// What a global option does to the invocation; nil when it is fine (an app's option is
    /// kept for its app by the caller).
    static func apply(_ name: String, _ value: String?, to inv: inout Invocation) -> String? {
        switch name {
        case "--help": inv.action = .help
        case "--version": if inv.action == .run { inv.action = .version }
        case "--list-themes": if inv.action == .run { inv.action = .listThemes }
        case "--completions":
            guard let shell = value.flatMap(Completions.Shell.init(rawValue:)) else {
                return "--completions takes bash, zsh or fish, not '\(clean(value ?? ""))'"
            }
            if inv.action == .run { inv.action = .completions(shell) }
        case "--no-color": inv.color = false
        case "--color": inv.color = true
        case "--ascii": inv.ascii = true
        case "--theme": inv.theme = value
        case "--config-dir": inv.configDir = value
        default: break
        }
        return nil
    }

    static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.hasPrefix("-") && s.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    static func clean(_ s: String) -> String { TextLayout.truncate(TextLayout.sanitized(s), to: 60) }

    public static let usage = "usage: termini [APP] [--theme NAME] [--no-color|--color] [--ascii] [--config-dir DIR] [--help] [--version]\n"
        + "apps: \(AppRegistry.ids.joined(separator: ", ")); commands: \(commands.map(\.descriptor.id).joined(separator: ", "))\n"
        + "Try 'termini --help' for more."

    /// `termini --help`: the apps, the commands, the options every app takes and where to
    /// read more, in a screenful; each app's and command's own options are in its own help.
    public static var helpText: String { helpText(apps: AppRegistry.apps) }

    static func helpText(apps: [any MiniApp.Type]) -> String {
        var s = """
        Termini \(version): five small everyday apps in one keyboard-only terminal program.

        usage: termini [APP] [OPTIONS]
               termini APP --help        the app's own options
               termini COMMAND --help    a command's options

        With no APP, a launcher lists the apps. Inside, ? or F1 shows every key,
        Esc goes back to the launcher, F2-F6 switch apps, F7 opens the settings,
        q quits.

        Apps:

        """
        for (i, app) in apps.enumerated() {
            let d = app.descriptor
            s += "  " + TextLayout.pad(d.id, to: 11) + TextLayout.pad("(F\(i + 2))", to: 6) + d.summary + "\n"
        }
        s += "\nCommands:\n"
        for c in commands.map(\.descriptor) {
            s += "  " + TextLayout.pad(c.id, to: 17) + c.summary + "\n"
        }
        s += "\nOptions (after an app's name too):\n"
        s += optionLines(globalOptions)
        s += """

        Files live in $XDG_CONFIG_HOME/termini (else ~/.config/termini) unless
        --config-dir is given. NO_COLOR=1 has the effect of --no-color.
        A command-line option wins over the environment, which wins over config.
        Exit status: 0 success, 1 error, 64 bad command line.
        More: man termini (every key, option, file and config key), the README,
        and docs/ in the source tree.

        """
        return s
    }

    /// The top help and every app's and command's own, in that order.
    public static var allHelpTexts: [String] {
        [helpText] + (AppRegistry.ids + commands.map(\.descriptor.id)).compactMap(helpText(for:))
    }

    /// `termini APP --help`, `termini COMMAND --help`: its own options; nil for a name that
    /// is neither.
    public static func helpText(for id: String) -> String? {
        if let i = AppRegistry.index(of: id), let app = AppRegistry.app(id) { return helpText(of: app.descriptor, key: "F\(i + 2)") }
        return commands.first { $0.descriptor.id == id }.map { helpText(of: $0.descriptor, key: nil) }
    }

    static func helpText(of d: AppDescriptor, key: String?) -> String {
        // A command whose summary gives its words says each in a usage line of its own
        // ("init DIR: a hall's broker; live DIR: its page").
        let parts = d.summary.components(separatedBy: "; ")
        let forms: [(usage: String, what: String)] = parts.compactMap { part in
            guard d.words.contains(where: { part.hasPrefix($0 + " ") }), let colon = part.firstRange(of: ": ") else { return nil }
            return (String(part[..<colon.lowerBound]), String(part[colon.upperBound...]))
        }
        var s = "termini \(d.id)\(key.map { " (\($0))" } ?? ""): "
        if !forms.isEmpty, forms.count == parts.count {
            s += forms.map(\.what).joined(separator: ", and ") + "\n\n"
            let width = forms.map(\.usage.count).max() ?? 0
            for (i, form) in forms.enumerated() {
                let line = "termini \(d.id) \(form.usage) [OPTIONS]"
                let room = "termini \(d.id)  [OPTIONS]".count + width
                let lead = i == 0 ? "usage: " : "       "
                s += lead + line + String(repeating: " ", count: max(0, room - line.count)) + "  \(form.what)\n"
            }
        } else {
            let words = d.words.isEmpty ? "" : " " + d.words.joined(separator: "|")
            s += d.summary + "\n\nusage: termini \(d.id)\(words) [OPTIONS]\n"
        }
        if !d.options.isEmpty {
            s += "\nOptions of \(d.id) (termini \(d.id) ...):\n" + optionLines(d.options)
        }
        s += """

        Termini's own options (--theme, --color, --no-color, --ascii, --config-dir)
        work here too: termini --help. Inside, ? or F1 lists every key.
        The whole reference: man termini, its part "\(d.name)".

        """
        return s
    }

    /// Options with their help in a column from 24, wrapped to stay within 80 columns.
    static func optionLines(_ specs: [OptionSpec]) -> String {
        let indent = String(repeating: " ", count: 24)
        return specs.map { spec in
            let left = spec.usage
            let help = TextLayout.wrap(spec.help, width: 80 - 24).joined(separator: "\n" + indent)
            return "  " + (DisplayWidth.of(left) < 22 ? TextLayout.pad(left, to: 22) : left + "\n" + indent) + help + "\n"
        }.joined()
    }
}
