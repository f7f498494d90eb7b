import TerminiCore
import TerminiStore

/// Finds themes: the user's `$XDG_CONFIG_HOME/termini/themes/` first, then the installed
/// `PREFIX/share/termini/themes/` (found relative to the executable), then the source tree's
/// `themes/` when run from a checkout, then the six built into the binary (`BuiltinThemes`).
public struct ThemeCatalog: Sendable {
    public enum Origin: String, Sendable {
        case user, installed, checkout = "source tree", builtin = "built in"
    }
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let path: String?
        public let origin: Origin
    }

    public let directories: [(String, Origin)]
    public let entries: [Entry]

    public static let fileExtension = ".theme"

    public init(configDirectory: String?, executablePath: String?) {
        var dirs: [(String, Origin)] = []
        if let c = configDirectory { dirs.append((c + "/themes", .user)) }
        if let exe = executablePath {
            let bin = FileSystem.dirname(exe)
            dirs.append((FileSystem.dirname(bin) + "/share/termini/themes", .installed))
            // A checkout: .build/<config>/termini or .build/<triple>/<config>/termini.
            var dir = bin
            for _ in 0..<5 {
                dir = FileSystem.dirname(dir)
                if FileSystem.exists(dir + "/Package.swift") && FileSystem.isDirectory(dir + "/themes") {
                    dirs.append((dir + "/themes", .checkout))
                    break
                }
                if dir == "/" { break }
            }
        }
        self.init(directories: dirs)
    }

    public init(directories: [(String, Origin)]) {
        self.directories = directories
        var seen: Set<String> = []
        var list: [Entry] = []
        for (dir, origin) in directories {
            for file in FileSystem.list(dir) where file.hasSuffix(ThemeCatalog.fileExtension) {
                let name = String(file.dropLast(ThemeCatalog.fileExtension.count))
                guard ThemeCatalog.isValidName(name), !seen.contains(name) else { continue }
                seen.insert(name)
                list.append(Entry(name: name, path: dir + "/" + file, origin: origin))
            }
        }
        for name in Set(BuiltinThemes.files.keys).union([Theme.builtinDefault.name, Theme.mono.name]).sorted() where !seen.contains(name) {
            list.append(Entry(name: name, path: nil, origin: .builtin))
        }
        entries = list.sorted { a, b in
            // default first, then by name.
            a.name == "default" ? b.name != "default" : (b.name == "default" ? false : a.name < b.name)
        }
    }

    public var names: [String] { entries.map(\.name) }

    /// Names with `/` or `..` could read files outside the theme directories, and a control
    /// character (a newline, an escape, a bidi override) would break `--list-themes`' one
    /// line a theme and the completions that read it: such names are refused, and such
    /// files passed over.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("..") && !name.contains("\0") && !name.hasPrefix(".")
            && TextLayout.sanitized(name) == name
    }

    /// Loads a theme. Problems (a missing theme, bad lines) come back as messages for the
    /// user; the result is always a usable theme (missing roles from the default).
    public func load(_ name: String) -> (theme: Theme, messages: [String]) {
        guard ThemeCatalog.isValidName(name) else {
            return (.builtinDefault, ["theme name '\(TextLayout.sanitized(name))' must not contain '/', '..' or control characters; using the default theme"])
        }
        guard let entry = entries.first(where: { $0.name == name }) else {
            return (.builtinDefault, ["no theme named '\(TextLayout.sanitized(name))' (themes: \(names.joined(separator: ", "))); using the default theme"])
        }
        guard let path = entry.path else {
            guard let text = BuiltinThemes.files[name] else { return (name == "mono" ? .mono : .builtinDefault, []) }
            let (theme, diags) = ThemeFile.parse(text, name: name)
            return (theme, diags.map { "built-in theme \(name): \($0)" })
        }
        switch FileSystem.readText(path, limit: 256 << 10) {
        case .failure(let e):
            return (.builtinDefault, ["theme \(name): \(e.message); using the default theme"])
        case .success(let text):
            let (theme, diags) = ThemeFile.parse(text, name: name)
            return (theme, diags.map { "\(path): \($0)" })
        }
    }
}
