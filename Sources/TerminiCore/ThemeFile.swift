/// A problem found in a theme file, with the line it is on.
public struct ThemeDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: Sendable, Equatable { case warning, error }
    public var line: Int
    public var message: String
    public var severity: Severity
    public var description: String { "line \(line): \(message)" }
}

/// The theme file format: one `role = value` per line, `#` starts a comment.
/// A value is colours and attributes: `#d7af00 bold`, `black on cyan`, `reverse`.
/// Roles the file leaves out keep the base theme's style (the built-in default).
public enum ThemeFile {
    public static func parse(_ text: String, name: String, base: Theme = .builtinDefault) -> (Theme, [ThemeDiagnostic]) {
        parse(text, name: name, base: base, byCharacters: false)
    }

    /// `byCharacters`: every line read as the definition reads it, Character by Character
    /// (otherwise an ASCII line is searched and its value parsed by its bytes).
    static func parse(_ text: String, name: String, base: Theme, byCharacters: Bool) -> (Theme, [ThemeDiagnostic]) {
        var theme = base
        theme.name = name
        var diagnostics: [ThemeDiagnostic] = []
        var seen: Set<Role> = []
        for (index, rawLine) in lines(of: text).enumerated() {
            let lineNo = index + 1
            var line = Substring(rawLine)
            if let hash = commentStart(line) { line = line[..<hash] }
            let trimmed = line.trimmingBlanks
            if trimmed.isEmpty { continue }
            // In an ASCII line (without LF) every byte is a Character: the "=" found by its byte.
            let ascii = !byCharacters && trimmed.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0A }
            guard let eq = ascii ? trimmed.utf8.firstIndex(of: UInt8(ascii: "=")) : trimmed.firstIndex(of: "=") else {
                diagnostics.append(.init(line: lineNo, message: "expected 'role = value', found '\(TextLayout.sanitized(String(trimmed.prefix(40))))'", severity: .error))
                continue
            }
            let key = trimmed[..<eq].trimmingBlanks.lowercased()
            let value = String(trimmed[trimmed.index(after: eq)...].trimmingBlanks)
            guard let role = Role(rawValue: key) ?? Role.allCases.first(where: { $0.rawValue.replacingDashes == key.replacingDashes }) else {
                diagnostics.append(.init(line: lineNo, message: "unknown role '\(TextLayout.sanitized(key))' (ignored)", severity: .warning))
                continue
            }
            if seen.contains(role) {
                diagnostics.append(.init(line: lineNo, message: "'\(role.rawValue)' is set twice; the later line wins", severity: .warning))
            }
            switch byCharacters ? Style.parseByCharacters(value) : Style.parse(value) {
            case .success(let style):
                theme.styles[role] = style
                seen.insert(role)
            case .failure(let err):
                diagnostics.append(.init(line: lineNo, message: "\(role.rawValue): \(err)", severity: .error))
            }
        }
        return (theme, diagnostics)
    }

    /// The lines of `text`, split at each "\n" or "\r\n" (a file saved with Windows line
    /// endings), as splitting its Characters would: an LF is never part of a Character other
    /// than CR LF, so the bytes can be split instead, which costs a start far less.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var i = start
        while i < bytes.endIndex {
            if bytes[i] == 0x0A {
                var end = i
                if end > start, bytes[bytes.index(before: end)] == 0x0D { end = bytes.index(before: end) }
                lines.append(text[start..<end])
                start = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        lines.append(text[start...])
        return lines
    }

    /// A `#` starts a comment unless it begins a `#rrggbb` colour.
    /// A line of ASCII without LF (every line of the themes this program ships) is read by its
    /// bytes, each of which is then a Character of its own (only CR LF joins two ASCII
    /// scalars): walking it by Characters was a quarter of a theme's parse at every start.
    /// Any other line is read by `commentStartByCharacters`, the definition.
    static func commentStart(_ line: Substring) -> Substring.Index? {
        let bytes = line.utf8
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0A }) else { return commentStartByCharacters(line) }
        var sawEquals = false
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == UInt8(ascii: "#") {
                var j = bytes.index(after: i)
                var hex = 0
                while j < bytes.endIndex, bytes[j].isASCIIHexDigit {
                    hex += 1
                    j = bytes.index(after: j)
                }
                let after: UInt8? = j < bytes.endIndex ? bytes[j] : nil
                if !(sawEquals && hex == 6 && (after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t"))) {
                    return i
                }
            } else if c == UInt8(ascii: "=") {
                sawEquals = true
            }
            i = bytes.index(after: i)
        }
        return nil
    }

    static func commentStartByCharacters(_ line: Substring) -> Substring.Index? {
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == "#" {
                let rest = line[line.index(after: i)...]
                let hex = rest.prefix(while: { $0.isHexDigit })
                let afterHex = rest.dropFirst(hex.count).first
                let precededByValue = i > line.startIndex && line[..<i].contains("=")
                if !(precededByValue && hex.count == 6 && (afterHex == nil || afterHex == " " || afterHex == "\t")) {
                    return i
                }
            }
            i = line.index(after: i)
        }
        return nil
    }

    /// Writes a theme back out in the file format (used to document the built-in default).
    public static func render(_ theme: Theme) -> String {
        var out = "# Termini theme: \(theme.name)\n"
        for role in Role.allCases {
            let s = theme[role]
            var words: [String] = []
            if s.foreground != .default { words.append(s.foreground.description) }
            if s.background != .inherit { words.append("on \(s.background.description)") }
            for (n, a) in Attributes.names where s.attributes.contains(a) { words.append(n) }
            out += "\(role.rawValue) = \(words.isEmpty ? "default" : words.joined(separator: " "))\n"
        }
        return out
    }
}

extension UInt8 {
    fileprivate var isASCIIHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}

extension StringProtocol {
    var replacingDashes: String { String(self.map { $0 == "_" ? "-" : $0 }) }
}
