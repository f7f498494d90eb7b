import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import TerminiShell
@testable import Badminton

@Suite struct CommandLineParserTests: ParsesCommandLines {
    func parse(_ args: String...) -> Result<Invocation, UsageError> { CommandLineParser.parse(args) }
    func fake(_ args: String...) -> Result<Invocation, UsageError> { CommandLineParser.parse(args, apps: fakeApps) }
    func fakeError(_ args: String...) -> String? {
        if case .failure(let e) = CommandLineParser.parse(args, apps: fakeApps) { return e.message }
        return nil
    }

    @Test func nothingRunsTheLauncher() {
        #expect(parsed() == Invocation())
        #expect(parsed()?.action == .run)
        #expect(parsed()?.app == nil)
    }

    @Test func everyApp() {
        for id in ["badminton", "boxing", "memory", "stamps", "coffee"] {
            #expect(parsed(id)?.app == id)
        }
        #expect(parsed("Badminton")?.app == "badminton")
        #expect(AppRegistry.ids == ["badminton", "boxing", "memory", "stamps", "coffee"])
    }

    @Test func everyGlobalOption() {
        #expect(parsed("--theme", "mono")?.theme == "mono")
        #expect(parsed("--theme=mono")?.theme == "mono")
        #expect(parsed("--no-color")?.noColor == true)
        #expect(parsed("--ascii")?.ascii == true)
        #expect(parsed("--config-dir", "/tmp/t")?.configDir == "/tmp/t")
        #expect(parsed("--config-dir=/tmp/t")?.configDir == "/tmp/t")
        #expect(parsed("--list-themes")?.action == .listThemes)
        #expect(parsed("--help")?.action == .help)
        #expect(parsed("-h")?.action == .help)
        #expect(parsed("--version")?.action == .version)
        #expect(parsed("-V")?.action == .version)
        // Options in any order, around the app.
        let all = parsed("--ascii", "memory", "--theme", "mono", "--no-color", "--config-dir=/c")
        #expect(all?.app == "memory")
        #expect(all?.ascii == true && all?.noColor == true)
        #expect(all?.theme == "mono" && all?.configDir == "/c")
        // --help wins over everything else that is valid.
        #expect(parsed("--version", "--help")?.action == .help)
        #expect(parsed("--help", "--version")?.action == .help)
    }

    @Test func completionsForEachShell() throws {
        for shell in ["bash", "zsh", "fish"] {
            let inv = try CommandLineParser.parse(["--completions", shell]).get()
            #expect(inv.action == .completions(Completions.Shell(rawValue: shell)!))
        }
        #expect(error("--completions", "tcsh") == "--completions takes bash, zsh or fish, not 'tcsh'")
        #expect(error("--completions") == "option '--completions' needs a value (SHELL)")
        // Made from the options table: every option of every app, and each value list.
        let bash = Completions.script(for: .bash)
        for o in CommandLineParser.globalOptions.map(\.name) + AppRegistry.apps.flatMap({ $0.descriptor.options.map(\.name) }) {
            #expect(bash.contains(o), "\(o)")
        }
        for values in ["3x21 3x15 5x11 1x21", "csv json", "4x4 4x5 6x6", "bash zsh fish", "termini --list-themes"] {
            for shell in Completions.Shell.allCases {
                #expect(Completions.script(for: shell).contains(values), "\(shell): \(values)")
            }
        }
    }

    @Test func missingValues() {
        #expect(error("--theme") == "option '--theme' needs a value (NAME)")
        #expect(error("--config-dir") == "option '--config-dir' needs a value (DIR)")
        #expect(error("--theme=") == "option '--theme' needs a non-empty value")
        // The next option is not a value.
        #expect(error("--config-dir", "--no-color") == "option '--config-dir' needs a value (DIR)")
        #expect(error("--theme", "--ascii", "memory") == "option '--theme' needs a value (NAME)")
        #expect(parsed("--config-dir=-odd")?.configDir == "-odd")
    }

    @Test func flagsTakeNoValue() {
        #expect(error("--ascii=yes") == "option '--ascii' takes no value")
        #expect(error("--help=1") == "option '--help' takes no value")
    }

    @Test func unknownOptionsAndApps() {
        #expect(error("--bogus") == "unknown option '--bogus'")
        #expect(error("-x") == "unknown option '-x'")
        #expect(error("--bogus=1") == "unknown option '--bogus'")
        let tennis = error("tennis") ?? ""
        #expect(tennis == "unknown app 'tennis' (apps: badminton, boxing, memory, stamps, coffee)")
        #expect(error("memory", "boxing") == "unexpected argument 'boxing' (one app at a time)")
        #expect(error("--") == "unexpected '--'")
        #expect(error("-")?.hasPrefix("unknown app '-'") == true)
        // What the user typed is cleaned before it is echoed.
        #expect(error("--bo\u{1b}[2Jgus") == "unknown option '--bo[2Jgus'")
    }

    @Test func themeNamesCannotLeaveTheThemeDirectories() {
        #expect(error("--theme", "../../etc/passwd") == "theme name '../../etc/passwd' must not contain '/', '..' or control characters")
        #expect(error("--theme=a/b") != nil)
        #expect(parsed("--theme", "solarized-dark")?.theme == "solarized-dark")
    }

    @Test func appOptions() throws {
        let inv = try fake("watcher", "--watch", "--format", "21x3").get()
        #expect(inv.app == "watcher")
        #expect(inv.appOptions.values["--watch"] == "")
        #expect(inv.appOptions.values["--format"] == "21x3")
        #expect(try fake("--format=15x3", "watcher").get().appOptions.values["--format"] == "15x3")
        #expect(try fake("shop", "--receipt", "42").get().appOptions == AppOptions(["--receipt": "42"]))
        #expect(try fake("watcher").get().appOptions.isEmpty)
    }

    @Test func anAppsTypedOptionsComeFromTheRealCommandLine() throws {
        let o = BadmintonOptions(try parse("badminton", "--scoresheet", "--output", "m.html", "--court", "3").get().appOptions)
        #expect(o.scoresheet == "" && o.output == "m.html" && o.court == "3" && !o.new && o.export == nil)
        #expect(BadmintonOptions(try parse("badminton", "--scoresheet", "2").get().appOptions).scoresheet == "2")
        #expect(BadmintonOptions(try parse("--watch", "badminton", "--display").get().appOptions).display)
    }

    @Test func appOptionsWithoutTheirApp() {
        #expect(fakeError("--watch") == "'--watch' is an option of watcher: termini watcher --watch")
        #expect(fakeError("--receipt", "7") == "'--receipt' is an option of shop: termini shop --receipt")
    }

    @Test func appOptionsOfTheWrongApp() {
        #expect(fakeError("shop", "--watch") == "'--watch' is not an option of shop")
        #expect(fakeError("watcher", "--receipt", "1") == "'--receipt' is not an option of watcher")
        #expect(fakeError("watcher", "--format") == "option '--format' needs a value (FORMAT)")
    }

    @Test func appsValidateTheirOptions() {
        #expect(fakeError("watcher", "--format", "11x5") == "--format must be 21x3 or 15x3")
        // --help is not held up by a bad app option.
        #expect((try? fake("watcher", "--format", "11x5", "--help").get().action) == .help)
    }

    @Test func usage() {
        #expect(CommandLineParser.usage.hasPrefix("usage: termini [APP] [--theme NAME] [--no-color|--color] [--ascii] [--config-dir DIR] [--help] [--version]"))
        #expect(CommandLineParser.usage.contains("badminton, boxing, memory, stamps, coffee"))
    }
}

/// Text with every run of spaces and newlines made one space (help may wrap anywhere).
func words(_ s: String) -> String {
    s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
}

@Suite struct HelpTextTests {
    @Test func listsEveryAppAndEveryOption() {
        let text = CommandLineParser.helpText
        for (i, app) in AppRegistry.apps.enumerated() {
            let d = app.descriptor
            #expect(text.contains("  " + TextLayout.pad(d.id, to: 11) + "(F\(i + 2))"), "\(d.id)")
            #expect(text.contains(d.summary), "\(d.id)")
        }
        for option in CommandLineParser.globalOptions {
            let left = option.name + (option.valueName.map { " " + $0 } ?? "")
            #expect(text.contains("  " + left), "\(option.name)")
            #expect(words(text).contains(words(option.help)), "\(option.name)")
        }
        #expect(text.contains("usage: termini [APP] [OPTIONS]"))
        #expect(text.contains("  --no-color            draw in monochrome with attributes only (as NO_COLOR\n                        does)\n"))
        #expect(text.contains("NO_COLOR"))
        #expect(text.contains("$XDG_CONFIG_HOME/termini"))
    }

    @Test func listsTheOptionsOfEachApp() {
        let watcher = CommandLineParser.helpText(of: fakeApps[0].descriptor, key: "F2")
        let shop = CommandLineParser.helpText(of: fakeApps[1].descriptor, key: "F3")
        #expect(watcher.contains("Options of watcher (termini watcher ...):\n  --watch"))
        #expect(watcher.contains("  --format FORMAT       21x3 or 15x3\n"))
        #expect(!watcher.contains("--receipt"), "another app's options")
        #expect(shop.contains("Options of shop (termini shop ...):\n  --receipt ORDER       print the receipt of ORDER and exit\n"))
    }

    @Test func everyLineFitsAnOrdinaryTerminal() {
        for text in CommandLineParser.allHelpTexts {
            for line in text.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        }
    }
}

/// An option whose value may be left out (`--scoresheet [N]`): it takes the next argument
/// when that is neither an option nor an app.
@Suite struct OptionalValueTests: ParsesCommandLines {

    @Test func theValueIsTakenWhenItIsOne() {
        #expect(parsed("badminton", "--scoresheet")?.appOptions.values == ["--scoresheet": ""])
        #expect(parsed("badminton", "--scoresheet", "2")?.appOptions.values == ["--scoresheet": "2"])
        #expect(parsed("badminton", "--scoresheet=3")?.appOptions.values == ["--scoresheet": "3"])
        let both = parsed("badminton", "--scoresheet", "--output", "sheet.html")
        #expect(both?.appOptions.values == ["--scoresheet": "", "--output": "sheet.html"])
        // An app's name after it is the app, not the value.
        let first = parsed("--scoresheet", "badminton")
        #expect(first?.app == "badminton" && first?.appOptions.values == ["--scoresheet": ""])
        #expect(parsed("--scoresheet", "1", "badminton", "--output", "-")?.appOptions.values == ["--scoresheet": "1", "--output": "-"])
    }

    @Test func aBadNumberOrCombinationIsAUsageError() {
        #expect(error("badminton", "--scoresheet", "0") == "--scoresheet takes the number of a match, 1 for the oldest, not '0'")
        #expect(error("badminton", "--scoresheet", "two") == "--scoresheet takes the number of a match, 1 for the oldest, not 'two'")
        #expect(error("badminton", "--scoresheet", "99999999999999999999")?.hasPrefix("--scoresheet takes the number of a match") == true)
        #expect(error("badminton", "--scoresheet=") == "option '--scoresheet' needs a non-empty value")
        #expect(error("badminton", "--output", "x.html") == "--output goes with --scoresheet (termini badminton --scoresheet --output FILE)")
        #expect(error("badminton", "--scoresheet", "--status") == "use only one of --status, --scoresheet")
    }

    /// After `--scoresheet` the shells offer the options (its value is optional); after
    /// `--output` the files.
    @Test func completions() {
        let bash = Completions.script(for: .bash), zsh = Completions.script(for: .zsh), fish = Completions.script(for: .fish)
        #expect(!bash.contains("--scoresheet) ") && !zsh.contains("(--scoresheet) "))
        #expect(bash.contains("--output) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return ;;"))
        #expect(zsh.contains("(--output) _files; return ;;"))
        // What is found at completion time (themes, courts) never reaches compgen -W, which
        // expands $( ) and backticks in its word list (issue 24); bash compares and quotes.
        #expect(!bash.contains("compgen -W \"$("), "\(bash)")
        #expect(bash.contains("--theme) _termini_offer < <(termini --list-themes"), "\(bash)")
        #expect(bash.contains("printf -v quoted '%q' \"$line\""))
        #expect(fish.contains("-l output -r -F ") && fish.contains("-l scoresheet -d "))
    }

    @Test func helpShowsTheValueAsOptional() {
        let help = CommandLineParser.helpText(for: "badminton") ?? ""
        #expect(help.contains("  --scoresheet [N]      "))
        #expect(help.contains("  --output FILE         "))
    }
}
