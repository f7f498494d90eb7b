import Foundation
import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell

/// man/termini.1 read as plain text: macro lines joined the way roff sets them, escapes
/// turned into the characters they print. Enough of man(7) for the page Termini ships.
struct ManualPage {
    struct Section {
        var title: String
        var lines: [String] = []
        /// The text set in bold or italic on the line after each `.TP`: keys, options, files.
        var tags: [String] = []
    }

    var sections: [Section] = []       // .SH
    var subsections: [Section] = []    // .SS

    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("man/termini.1").path
    }

    static func load() -> ManualPage {
        ManualPage(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    static let glyphs: [String: String] = [
        "<-": "←", "->": "→", "ua": "↑", "da": "↓", "en": "–", "em": "—", "mu": "×", "dq": "\"", "aq": "'",
        "md": "·", "bu": "•", "co": "©", "lq": "“", "rq": "”", "oq": "‘", "cq": "’", "hy": "-",
    ]

    /// Plain text of a run of roff: `\-` is `-`, `\(<-` is `←`, font changes vanish.
    static func plain(_ s: String) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            i = s.index(after: i)
            guard c == "\\", i < s.endIndex else {
                out.append(c)
                continue
            }
            let e = s[i]
            i = s.index(after: i)
            switch e {
            case "-": out.append("-")
            case "e": out.append("\\")
            case "&", "%", ":": break
            case " ", "~": out.append(" ")
            case "f":
                // \fB, \fI, \fR, \fP, or \f(XX / \f[XX]
                if i < s.endIndex {
                    if s[i] == "(" { i = s.index(i, offsetBy: 3, limitedBy: s.endIndex) ?? s.endIndex }
                    else if s[i] == "[" { i = (s[i...].firstIndex(of: "]")).map { s.index(after: $0) } ?? s.endIndex }
                    else { i = s.index(after: i) }
                }
            case "(":
                let end = s.index(i, offsetBy: 2, limitedBy: s.endIndex) ?? s.endIndex
                out += glyphs[String(s[i..<end])] ?? "\u{FFFD}"
                i = end
            case "[":
                let end = s[i...].firstIndex(of: "]") ?? s.endIndex
                out += glyphs[String(s[i..<end])] ?? "\u{FFFD}"
                i = end < s.endIndex ? s.index(after: end) : end
            default: out.append(e)
            }
        }
        return out
    }

    /// A macro line's arguments, with "double quotes" grouping words.
    static func arguments(_ s: Substring) -> [String] {
        var args: [String] = []
        var cur = ""
        var quoted = false
        var any = false
        for c in s {
            if c == "\"" {
                quoted.toggle()
                any = true
            } else if c == " " && !quoted {
                if any || !cur.isEmpty { args.append(cur) }
                cur = ""
                any = false
            } else {
                cur.append(c)
            }
        }
        if any || !cur.isEmpty { args.append(cur) }
        return args
    }

    /// What a line prints, or nil for requests that print nothing.
    static func render(_ line: String) -> String? {
        guard line.hasPrefix(".") else { return plain(line) }
        let body = line.dropFirst()
        let name = body.prefix { $0 != " " }
        let args = arguments(body.dropFirst(name.count).drop { $0 == " " })
        switch name {
        case "B", "I", "SM", "SB": return plain(args.joined(separator: " "))
        case "BR", "RB", "BI", "IB", "IR", "RI": return plain(args.joined())
        default: return nil
        }
    }

    init(text: String) {
        var current: Section?
        var isSub = false
        var tagNext = false
        func close() {
            if let c = current {
                if isSub { subsections.append(c) } else { sections.append(c) }
            }
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if raw.hasPrefix(".\\\"") { continue }
            if raw.hasPrefix(".SH ") || raw.hasPrefix(".SS ") {
                close()
                let title = ManualPage.plain(ManualPage.arguments(raw.dropFirst(4)).joined(separator: " "))
                isSub = raw.hasPrefix(".SS ")
                current = Section(title: title)
                // The text of a subsection also belongs to its section.
                if isSub, let last = sections.indices.last { sections[last].lines.append(title) }
                continue
            }
            // `.IP "tag"`: a tagged paragraph whose tag is on the macro line.
            if raw.hasPrefix(".IP ") {
                let tag = ManualPage.plain(ManualPage.arguments(raw.dropFirst(4)).first ?? "")
                current?.lines.append(tag)
                current?.tags.append(tag)
                if isSub, let last = sections.indices.last {
                    sections[last].lines.append(tag)
                    sections[last].tags.append(tag)
                }
                continue
            }
            if raw == ".TP" || raw == ".TQ" {
                tagNext = true
                continue
            }
            guard let printed = ManualPage.render(raw) else { continue }
            current?.lines.append(printed)
            if isSub, let last = sections.indices.last { sections[last].lines.append(printed) }
            if tagNext {
                current?.tags.append(printed)
                if isSub, let last = sections.indices.last { sections[last].tags.append(printed) }
                tagNext = false
            }
        }
        close()
    }

    func section(_ title: String) -> Section? { sections.first { $0.title == title } }
    func subsection(startingWith prefix: String) -> Section? { subsections.first { $0.title.hasPrefix(prefix) } }
}

/// Runs of spaces made one space.
func squeezed(_ s: String) -> String {
    s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
}

/// A store that remembers every file and preference an app asks for.
final class RecordingStore: StateStore {
    var files: Set<String> = []
    var preferencesAsked: Set<String> = []
    func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        files.insert(file)
        return nil
    }
    func readBytes(_ file: String) -> [UInt8]? {
        files.insert(file)
        return nil
    }
    func keepAside(_ file: String, reason: String) -> String? { nil }
    func lock(_ name: String) -> Bool {
        files.insert(name + ".lock")
        return true
    }
    func unlock(_ name: String) {}
    func notice(_ text: String) {}
    var canWrite: Bool { true }
    func preference(_ key: String) -> String? {
        preferencesAsked.insert(key)
        return nil
    }
    func write(_ file: String, bytes: [UInt8]) throws { files.insert(file) }
    func append(_ file: String, bytes: [UInt8]) throws { files.insert(file) }
    func takeNotices() -> [String] { [] }
}

@Suite struct ManualTests {
    let man = ManualPage.load()

    @Test func hasEverySection() {
        let titles = man.sections.map(\.title)
        let wanted = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "THEMES", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
        #expect(titles == wanted)
        #expect(man.section("NAME")?.lines.joined(separator: " ").hasPrefix("termini - ") == true)
        // One subsection per app, in launcher order, after the keys everywhere and the launcher;
        // then one per command beside the apps (the desk).
        let subs = man.subsections.map(\.title)
        #expect(subs.count == 2 + AppRegistry.apps.count + CommandLineParser.commands.count, "\(subs)")
        #expect(Array(subs.suffix(CommandLineParser.commands.count)) == CommandLineParser.commands.map { "\($0.descriptor.name) (termini \($0.descriptor.id))" })
        #expect(subs.prefix(2) == ["Keys everywhere", "Launcher"])
        for (i, app) in AppRegistry.apps.enumerated() {
            let title = subs.count > i + 2 ? subs[i + 2] : ""
            #expect(title.hasPrefix(app.descriptor.name) && title.contains("F\(i + 2)"), "\(title)")
        }
        // The escapes this test knows are all the page uses.
        let all = (man.sections + man.subsections).flatMap(\.lines).joined(separator: "\n")
        #expect(!all.contains("\u{FFFD}"), "an escape the test cannot read")
    }

    /// Every key of every help overlay (each app's `help`, the launcher's and the keys that
    /// work everywhere) is a tagged entry of the matching subsection, written the same way.
    @Test func everyKeyOfEveryHelpOverlayIsInTheManual() {
        func check(_ sections: [HelpSection], in title: String) {
            guard let sub = man.subsection(startingWith: title) else {
                Issue.record("no subsection \(title)")
                return
            }
            let tags = Set(sub.tags.map(squeezed))
            for section in sections {
                for entry in section.entries {
                    #expect(tags.contains(squeezed(entry.keys)),
                            "\(title) › \(section.title): keys '\(entry.keys)' (\(entry.action)) are not an entry of the man page; its entries: \(sub.tags)")
                }
            }
        }
        let context = AppContext(now: 1_800_000_000)
        for type in AppRegistry.apps {
            let app = type.init(options: AppOptions(), store: InMemoryStore(), context: context)
            #expect(!app.help(context: context).isEmpty)
            // The keys every dialog shares are listed once, with the keys everywhere.
            check(app.help(context: context).filter { !KeyDocs.dialogKeys.contains($0) }, in: type.descriptor.name)
        }
        check(Launcher.help(glyphs: .unicode), in: "Launcher")
        check(Shell.keys.help(glyphs: .unicode) + KeyDocs.dialogKeys, in: "Keys everywhere")
    }

    /// Every option `--help` prints is an entry in OPTIONS (global) or in its app's
    /// subsection, and the page names no option `--help` does not know.
    @Test func everyOptionOfHelpIsInTheManual() {
        let help = CommandLineParser.allHelpTexts.joined(separator: "\n")
        var printed: [String] = []
        for line in help.split(separator: "\n") where line.hasPrefix("  --") {
            printed.append(String(line.dropFirst(2).prefix { $0 != " " }))
        }
        let owners = AppRegistry.apps.map { $0.descriptor } + CommandLineParser.commands.map(\.descriptor)
        let known = CommandLineParser.globalOptions.map(\.name) + owners.flatMap { $0.options.map(\.name) }
        #expect(Set(printed) == Set(known), "--help and the option specs differ")

        func entry(_ name: String, value: String?, in tags: [String]) -> Bool {
            tags.contains { tag in
                let words = squeezed(tag).split(separator: " ").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                return words.first == name && (value == nil || words.dropFirst().first != nil)
            }
        }
        let optionTags = man.section("OPTIONS")?.tags ?? []
        for o in CommandLineParser.globalOptions {
            #expect(entry(o.name, value: o.valueName, in: optionTags), "\(o.name) is not an entry of OPTIONS")
        }
        #expect(optionTags.contains { squeezed($0) == "--help, -h" })
        #expect(optionTags.contains { squeezed($0) == "--version, -V" })
        for d in owners {
            let tags = man.subsection(startingWith: d.name)?.tags ?? []
            for o in d.options {
                #expect(entry(o.name, value: o.valueName, in: tags), "\(d.id) \(o.name) is not an entry of its subsection")
            }
        }
        // No option in the page that the program does not have.
        let text = (man.sections + man.subsections).flatMap(\.lines).joined(separator: " ")
        let mentioned = Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
            .map(String.init).filter { $0.hasPrefix("--") && $0.count > 2 })
        let allowed = Set(known + ["--opt"])
        #expect(mentioned.subtracting(allowed).isEmpty, "the page names unknown options: \(mentioned.subtracting(allowed).sorted())")
        // The synopsis shows every global option that changes a run.
        let synopsis = squeezed(man.section("SYNOPSIS")?.lines.joined(separator: " ") ?? "")
        for o in ["--theme", "--no-color", "--color", "--ascii", "--config-dir", "--help", "--version", "--list-themes"] {
            #expect(synopsis.contains(o), "\(o) missing from SYNOPSIS")
        }
    }

    @Test func everyConfigKeyIsDocumented() {
        // The keys the apps ask for, found by running them, are all in the documented list...
        let store = RecordingStore()
        let context = AppContext(now: 1_800_000_000)
        for type in AppRegistry.apps {
            // The shell takes each app's keeper's lock as the app opens.
            if let lock = type.keeperLock(AppOptions()) { _ = store.lock(lock) }
            var app = type.init(options: AppOptions(), store: store, context: context)
            _ = app.start(context: context)
            for key in [Key.char(" "), .enter, .char("b"), .char("d"), .char("y"), .escape] {
                for effect in app.handle(key, context: context) {
                    if case let .setPreference(k, _) = effect { store.preferencesAsked.insert(k) }
                }
            }
        }
        let documented = Set(PreferenceKey.all)
        #expect(store.preferencesAsked.isSubset(of: documented), "undocumented: \(store.preferencesAsked.subtracting(documented))")
        for key in ["theme", "sound", "ascii", "color", "last_app", "badminton.format", "badminton.discipline", "badminton.names",
                    "stamps.daily", "stamps.reward"] {
            #expect(documented.contains(key), "\(key)")
        }
        // ...and each is an entry of the config list in FILES.
        let tags = man.section("FILES")?.tags.map(squeezed) ?? []
        for key in documented.sorted() {
            #expect(tags.contains { $0.hasPrefix(key + " = ") }, "config key \(key) is not an entry in FILES")
        }
    }

    @Test func everyFileTerminiTouchesIsInFiles() {
        // The files the apps read and write, found by running them through a recording store.
        let store = RecordingStore()
        let context = AppContext(now: 1_800_000_000)
        for type in AppRegistry.apps {
            // The shell takes each app's keeper's lock as the app opens.
            if let lock = type.keeperLock(AppOptions()) { _ = store.lock(lock) }
            var app = type.init(options: AppOptions(), store: store, context: context)
            var effects = app.start(context: context)
            for key in [Key.char(" "), .enter, .char("a"), .char("+"), .char("y")] { effects += app.handle(key, context: context) }
            for e in effects {
                switch e {
                case let .write(f, _), let .append(f, _): store.files.insert(f)
                default: break
                }
            }
        }
        // A new badminton match writes its journal.
        var match = AppRegistry.app("badminton").map { $0.init(options: AppOptions(["--new": ""]), store: store, context: context) }
        for e in match?.start(context: context) ?? [] {
            if case let .append(f, _) = e { store.files.insert(f) }
            if case let .write(f, _) = e { store.files.insert(f) }
            if case let .writeDerived(f, _) = e { store.files.insert(f) }
        }
        _ = match?.handle(.char("a"), context: context)
        let files = store.files.union(["config"])
        for f in ["badminton-match.jsonl", "boxing.json", "memory.json", "stamps.json", "coffee.json", "coffee-catalog.json", "badminton.lock", "stamps.lock"] {
            #expect(files.contains(f), "the recording store did not see \(f)")
        }
        let tags = Set(man.section("FILES")?.tags.map(squeezed) ?? [])
        for f in files.sorted() {
            #expect(tags.contains(f), "\(f) is not an entry of FILES")
        }
        for f in ["themes/NAME.theme", "PREFIX/share/termini/themes/NAME.theme", "badminton-history.jsonl",
                  "NAME.corrupt-YYYYMMDD-HHMMSS", ".NAME.next-SEQ-LEN-CRC-BASE"] {
            #expect(tags.contains(f), "\(f) is not an entry of FILES")
        }
    }

    @Test func everyRoleAndShippedThemeIsDescribed() {
        let tags = man.section("THEMES")?.tags.map(squeezed) ?? []
        let lines = man.section("THEMES")?.lines ?? []
        for role in Role.allCases {
            guard let i = lines.firstIndex(of: role.rawValue) else {
                Issue.record("role \(role.rawValue) is not in THEMES")
                continue
            }
            #expect(tags.contains(role.rawValue))
            #expect(lines.indices.contains(i + 1) && lines[i + 1] == role.purpose, "\(role.rawValue): the purpose differs from Role.purpose")
        }
        for name in ["default", "light", "high-contrast", "court", "solarized-dark", "mono"] {
            #expect(tags.contains(name), "shipped theme \(name)")
        }
    }

    @Test func environmentAndExamples() {
        let env = man.section("ENVIRONMENT")?.tags.map(squeezed) ?? []
        for v in ["XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "ESCDELAY", "LANG, LC_ALL, LC_CTYPE"] {
            #expect(env.contains(v), "\(v)")
        }
        let examples = man.section("EXAMPLES")?.lines.joined(separator: "\n") ?? ""
        #expect(examples.contains("termini badminton --watch"))
        #expect(examples.contains("PS1='$(termini badminton --status"))
        let status = man.section("EXIT STATUS")?.tags ?? []
        #expect(status.prefix(3) == ["0", "1", "64"])
    }

    /// The key lists of the manual and of docs/ are the key tables' own, and so are the
    /// README's few keys of each screen: written by `scripts/update-docs` (this test with
    /// `TERMINI_UPDATE_DOCS=1`), and compared here.
    @Test func theKeyListsAreMadeFromTheKeyTables() throws {
        let files: [(String, (String) -> (text: String, ids: [String]))] =
            [("man/termini.1", KeyDocs.updatedManual), ("README.md", KeyDocs.updatedReadme)] + KeyDocs.markdownFiles.map { ($0, KeyDocs.updatedMarkdown) }
        var markdownIds: [String] = []
        for (file, update) in files {
            let url = KeyDocs.root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let (new, ids) = update(text)
            if ProcessInfo.processInfo.environment["TERMINI_UPDATE_DOCS"] == "1", new != text {
                try new.write(to: url, atomically: true, encoding: .utf8)
            }
            switch file {
            case "man/termini.1": #expect(ids == KeyDocs.screens.map(\.id), "\(file) has key lists for \(ids), not every screen's")
            case "README.md": #expect(ids == KeyDocs.readmeKeys.map(\.id), "\(file) has key tables for \(ids)")
            default: markdownIds += ids
            }
            #expect(new == text, "\(file): the key lists differ from the key tables; run scripts/update-docs")
        }
        // Each screen's whole list is on one page of docs/.
        #expect(markdownIds.sorted() == (KeyDocs.screens + KeyDocs.commandScreens).map(\.id).sorted(), "docs/ has key lists for \(markdownIds)")
        // Every key the README picks is in its screen's tables.
        for (id, _) in KeyDocs.readmeKeys {
            if case let .failure(e) = KeyDocs.picked(id) { Issue.record("README keys of \(id) not in the key tables: \(e.missing)") }
        }
    }

    @Test func linesStayWithin80Bytes() throws {
        // mandoc -Tlint's rule; scripts/man-reflow keeps it.
        let text = try String(contentsOfFile: ManualPage.path, encoding: .utf8)
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.hasPrefix(".") {
            #expect(line.utf8.count <= 80, "line \(i + 1) is \(line.utf8.count) bytes")
        }
    }
}

@Suite struct ManualParserTests {
    @Test func escapesAndMacros() {
        #expect(ManualPage.plain("\\-\\-theme \\(<- \\(-> \\(ua\\(da") == "--theme ← → ↑↓")
        #expect(ManualPage.plain("\\fBbold\\fR and \\fIit\\fP\\&.") == "bold and it.")
        #expect(ManualPage.render(".BR \\(ua \" \" \\(da \" \" k") == "↑ ↓ k")
        #expect(ManualPage.render(".BI \\-\\-theme \" NAME\"") == "--theme NAME")
        #expect(ManualPage.render(".B Tab \\(ua \\(da") == "Tab ↑ ↓")
        #expect(ManualPage.render(".PP") == nil)
        #expect(ManualPage.plain("\\(zz") == "\u{FFFD}")
        let page = ManualPage(text: ".SH ONE\n.SS Sub\n.TP\n.B x\ntext\n.SH TWO\nmore\n")
        #expect(page.sections.map(\.title) == ["ONE", "TWO"])
        #expect(page.subsection(startingWith: "Sub")?.tags == ["x"])
        #expect(page.section("ONE")?.tags == ["x"])
        let ip = ManualPage(text: ".SH KEYS\n.IP \"\\fB\\(<- a\\fP\"\nthe left")
        #expect(ip.section("KEYS")?.tags == ["← a"])
        #expect(ip.section("KEYS")?.lines == ["← a", "the left"])
    }
}
