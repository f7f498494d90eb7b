import Foundation
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell

/// The manual's and the README's key lists, made from the key tables (the bindings every
/// screen dispatches from): each list sits between two marker lines, and
/// `scripts/update-docs` writes them anew. The drift tests compare them with these.
enum KeyDocs {
    /// Every screen with keys of its own: the keys that work everywhere, the launcher, each app.
    static var screens: [(id: String, sections: [HelpSection])] {
        let context = AppContext(now: 1_800_000_000, unicode: true)
        var out: [(String, [HelpSection])] = [("everywhere", Shell.keys.help(glyphs: .unicode)), ("launcher", Launcher.help(glyphs: .unicode))]
        for type in AppRegistry.apps {
            let app = type.init(options: AppOptions(), store: InMemoryStore(), context: context)
            out.append((type.descriptor.id, app.help(context: context)))
        }
        return out
    }

    // MARK: roff

    static let roffGlyphs: [Character: String] = ["←": "\\(<-", "→": "\\(->", "↑": "\\(ua", "↓": "\\(da", "×": "\\(mu", "·": "\\(md", "—": "\\(em", "–": "\\(en"]

    /// Text as roff prints it: backslashes, minus signs and the glyphs escaped.
    static func roff(_ text: String, minus: Bool) -> String {
        var out = ""
        for c in text {
            if c == "\\" { out += "\\e" } else if let g = roffGlyphs[c] { out += g } else if c == "-" && minus { out += "\\-" } else { out.append(c) }
        }
        return out
    }

    /// Words filled into lines of at most 80 bytes, none starting with a roff control character.
    static func fill(_ text: String) -> [String] {
        var lines: [String] = []
        var cur = ""
        for word in text.split(separator: " ").map(String.init) {
            let cand = cur.isEmpty ? word : cur + " " + word
            if cand.utf8.count > 80, !cur.isEmpty, !word.hasPrefix("."), !word.hasPrefix("'") {
                lines.append(cur)
                cur = word
            } else {
                cur = cand
            }
        }
        if !cur.isEmpty { lines.append(cur) }
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    static func roffList(_ sections: [HelpSection], headings: Bool) -> String {
        var out: [String] = []
        for (i, s) in sections.enumerated() {
            if headings && (i > 0 || sections.count > 1) {
                out += [".PP", ".I \"\(roff(s.title, minus: false))\""]
            }
            for e in s.entries {
                out += [".TP", ".B \"\(roff(e.keys, minus: true))\""] + fill(roff(e.action, minus: false))
            }
        }
        return out.joined(separator: "\n")
    }

    static func manBlock(_ id: String, _ sections: [HelpSection]) -> String {
        ".\\\" BEGIN KEYS \(id): made from the key tables by scripts/update-docs; change them there\n"
            + roffList(sections, headings: id != "everywhere" && id != "launcher") + "\n.\\\" END KEYS \(id)"
    }

    // MARK: Markdown

    /// A key list cell: each key in code spans, the words that are not keys (`any other key`) plain.
    static func markdownKeys(_ keys: String) -> String {
        let words = keys.split(separator: " ").map(String.init)
        if words.allSatisfy({ $0.count >= 3 && $0.allSatisfy(\.isLowercase) }) { return keys }
        return words.map { "`\($0 == "|" ? "\\|" : $0)`" }.joined(separator: " ")
    }

    static func markdownBlock(_ id: String, _ sections: [HelpSection]) -> String {
        var out = ["<!-- BEGIN KEYS \(id): made from the key tables by scripts/update-docs; change them there -->", "", "| Key | Action |", "| --- | --- |"]
        for (i, s) in sections.enumerated() {
            if i > 0 || sections.count > 1 { out.append("| **\(s.title)** | |") }
            for e in s.entries { out.append("| \(markdownKeys(e.keys)) | \(e.action.replacingOccurrences(of: "|", with: "\\|")) |") }
        }
        out += ["", "<!-- END KEYS \(id) -->"]
        return out.joined(separator: "\n")
    }

    // MARK: The files

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `text` with each marked block replaced by `block(id)`; the ids found, in order.
    static func replacingBlocks(in text: String, begin: String, end: String, block: (String) -> String?) -> (text: String, ids: [String]) {
        var lines = text.components(separatedBy: "\n")
        var ids: [String] = []
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix(begin) else {
                i += 1
                continue
            }
            let id = String(lines[i].dropFirst(begin.count).prefix { $0 != ":" && $0 != " " })
            guard let j = lines[i...].firstIndex(where: { $0.hasPrefix(end + id) }), let new = block(id) else {
                i += 1
                continue
            }
            ids.append(id)
            let replacement = new.components(separatedBy: "\n")
            lines.replaceSubrange(i...j, with: replacement)
            i += replacement.count
        }
        return (lines.joined(separator: "\n"), ids)
    }

    static func updatedManual(_ text: String) -> (text: String, ids: [String]) {
        let all = Dictionary(uniqueKeysWithValues: screens.map { ($0.id, $0.sections) })
        return replacingBlocks(in: text, begin: ".\\\" BEGIN KEYS ", end: ".\\\" END KEYS ") { id in all[id].map { manBlock(id, $0) } }
    }

    static func updatedReadme(_ text: String) -> (text: String, ids: [String]) {
        let all = Dictionary(uniqueKeysWithValues: screens.map { ($0.id, $0.sections) })
        return replacingBlocks(in: text, begin: "<!-- BEGIN KEYS ", end: "<!-- END KEYS ") { id in all[id].map { markdownBlock(id, $0) } }
    }
}
