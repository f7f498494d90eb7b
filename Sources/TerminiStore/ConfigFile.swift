/// The human-edited preferences file: one `key = value` per line, `#` comments. Setting a
/// key rewrites only that line, so the user's comments, order and unknown keys survive.
public struct ConfigFile: Equatable, Sendable {
    enum Line: Equatable, Sendable {
        case other(String)  // blank, comment or a line we could not read: kept verbatim
        case entry(key: String, value: String, raw: String)
    }

    private var lines: [Line]
    /// Lines that are neither blank, a comment nor `key = value`, with their numbers.
    public private(set) var problems: [(line: Int, text: String)] = []

    public init(text: String = "") {
        lines = []
        // Lines end at each LF scalar. "\r\n" is one Character in Swift, so the split is by
        // scalar: a file saved on Windows keeps the CR at the end of each raw line (trimmed
        // where the line is read), and a lone CR before the end stays what it was when the
        // file is written back (as a Character split it merged with the newline written after it).
        // Each part becomes a String by copying its bytes (appending it scalar by scalar
        // cost 15,000 instructions a line, five times over at a start that sets preferences).
        var parts = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(Substring($0)) }
        if parts.last == "" { parts.removeLast() }
        for (i, raw) in parts.enumerated() {
            let t = String(raw.trimmingBlanks)
            if t.isEmpty || t.hasPrefix("#") {
                lines.append(.other(raw))
            } else if let eq = t.firstIndex(of: "=") {
                let key = t[..<eq].trimmingBlanks.lowercased()
                let value = String(t[t.index(after: eq)...].trimmingBlanks)
                if key.isEmpty {
                    problems.append((i + 1, raw))
                    lines.append(.other(raw))
                } else {
                    lines.append(.entry(key: key, value: ConfigFile.unquote(value), raw: raw))
                }
            } else {
                problems.append((i + 1, raw))
                lines.append(.other(raw))
            }
        }
    }

    public static func == (a: ConfigFile, b: ConfigFile) -> Bool { a.lines == b.lines }

    public var keys: [String] {
        lines.compactMap { if case .entry(let k, _, _) = $0 { return k } else { return nil } }
    }

    /// The value of the last line setting `key`.
    public func value(_ key: String) -> String? {
        for line in lines.reversed() {
            if case .entry(let k, let v, _) = line, k == key { return v }
        }
        return nil
    }

    /// The line number a key is set on (for messages).
    public func lineNumber(of key: String) -> Int? {
        for (i, line) in lines.enumerated().reversed() {
            if case .entry(let k, _, _) = line, k == key { return i + 1 }
        }
        return nil
    }

    /// Sets a key: the existing line is rewritten in place, a new key goes at the end.
    /// Returns false when nothing changed (so nothing needs writing).
    @discardableResult
    public mutating func set(_ key: String, _ value: String) -> Bool {
        let clean = ConfigFile.clean(value)
        for i in lines.indices.reversed() {
            if case .entry(let k, let v, let raw) = lines[i], k == key {
                if v == clean { return false }
                // Keep the line's own indentation and a trailing comment.
                let indent = String(raw.prefix(while: { $0 == " " || $0 == "\t" }))
                let comment = ConfigFile.trailingComment(raw).map { " " + $0 } ?? ""
                lines[i] = .entry(key: key, value: clean, raw: "\(indent)\(key) = \(ConfigFile.quote(clean))\(comment)")
                return true
            }
        }
        lines.append(.entry(key: key, value: clean, raw: "\(key) = \(ConfigFile.quote(clean))"))
        return true
    }

    public var text: String {
        lines.map {
            switch $0 {
            case .other(let raw): return raw
            case .entry(_, _, let raw): return raw
            }
        }.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    static func clean(_ v: String) -> String {
        String(v.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
    }

    /// Values with leading/trailing spaces or a `#` are written in double quotes.
    static func quote(_ v: String) -> String {
        if v.isEmpty || v.first == " " || v.last == " " || v.contains("#") || v.first == "\"" {
            return "\"" + v.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        return v
    }

    /// The ` # comment` at the end of an entry line, if any (not inside quotes).
    static func trailingComment(_ raw: String) -> String? {
        guard let eq = raw.firstIndex(of: "=") else { return nil }
        var inQuotes = false
        var escaped = false
        var previous: Character = "="
        var i = raw.index(after: eq)
        while i < raw.endIndex {
            let c = raw[i]
            if escaped {
                escaped = false
            } else if c == "\\" && inQuotes {
                escaped = true
            } else if c == "\"" {
                inQuotes.toggle()
            } else if c == "#" && !inQuotes && (previous == " " || previous == "\t") {
                return String(raw[i...])
            }
            previous = c
            i = raw.index(after: i)
        }
        return nil
    }

    static func unquote(_ v: String) -> String {
        if v.first == "\"" {
            // A quoted value ends at its closing quote; a comment may follow it.
            var out = ""
            var escaped = false
            for (i, c) in v.dropFirst().enumerated() {
                if escaped {
                    out.append(c)
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    let rest = String(v.dropFirst(i + 2).trimmingBlanks)
                    if rest.isEmpty || rest.hasPrefix("#") { return out }
                    break
                } else {
                    out.append(c)
                }
            }
        }
        // An unquoted value may carry a trailing comment.
        if let hash = v.firstRange(of: " #") { return String(v[..<hash.lowerBound].trimmingBlanks) }
        return v
    }
}
