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
    /// The keys of every dialog are listed once, with the keys that work everywhere, not again
    /// in each app's list.
    static var screens: [(id: String, sections: [HelpSection])] {
        let context = AppContext(now: 1_800_000_000, unicode: true)
        var out: [(String, [HelpSection])] = [("everywhere", Shell.keys.help(glyphs: .unicode) + dialogKeys), ("launcher", Launcher.help(glyphs: .unicode))]
        for type in AppRegistry.apps {
            let app = type.init(options: AppOptions(), store: InMemoryStore(), context: context)
            out.append((type.descriptor.id, app.help(context: context).filter { !dialogKeys.contains($0) }))
        }
        return out
    }

    /// The screens of a command (the desk's): their whole lists are in docs/ only (the
    /// manual names their keys in a sentence, within its 800 lines).
    static var commandScreens: [(id: String, sections: [HelpSection])] {
        let context = AppContext(now: 1_800_000_000, unicode: true)
        return AppRegistry.screens.map { type in
            let app = type.init(options: AppOptions(), store: InMemoryStore(), context: context)
            return (type.descriptor.id, app.help(context: context).filter { !dialogKeys.contains($0) })
        }
    }

    /// The keys every dialog shares (the app contract's `Dialog.keys`).
    static var dialogKeys: [HelpSection] { Dialog.keys.help(glyphs: .unicode) }

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
            if i > 0 || (headings && sections.count > 1) {
                out += [".PP", ".I \"\(roff(s.title, minus: false))\""]
            }
            for e in s.entries {
                out += [".IP \"\\fB\(roff(e.keys, minus: true))\\fP\""] + fill(roff(e.action, minus: false))
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

    /// The Markdown pages with whole key lists: each screen's list is in one of them.
    static let markdownFiles = ["docs/guide.md", "docs/badminton.md", "docs/desk.md"]

    /// A Markdown page with its whole key lists made anew.
    static func updatedMarkdown(_ text: String) -> (text: String, ids: [String]) {
        let all = Dictionary(uniqueKeysWithValues: (screens + commandScreens).map { ($0.id, $0.sections) })
        return replacingBlocks(in: text, begin: "<!-- BEGIN KEYS ", end: "<!-- END KEYS ") { id in all[id].map { markdownBlock(id, $0) } }
    }

    // MARK: The README's five keys

    /// The keys the README shows of each screen, five a screen, chosen here; what each does is
    /// the key table's own words. A key is looked for in the screen's sections, then in the keys
    /// that work everywhere.
    static let readmeKeys: [(id: String, keys: [String])] = [
        ("everywhere", ["? F1", "Esc", "F2-F6", "F7", "q"]),
        ("badminton", ["← a z PgUp", "→ l m PgDn", "u Backspace", "n", "h"]),
        ("boxing", ["Space Enter", "← →", "1 2", "Tab Shift-Tab", "r"]),
        ("memory", ["← ↑ ↓ → h j k l", "Space Enter", "f", "r", "s"]),
        ("stamps", ["Space Enter", "d", "h i", "r", "? F1"]),
        ("coffee", ["← →", "- + ← →", "Tab Shift-Tab", "u", "Enter"]),
    ]

    /// The picked keys of a screen as (keys, action), or the picks its tables do not have.
    static func picked(_ id: String) -> Result<[(keys: String, action: String)], KeyPickError> {
        let all = Dictionary(uniqueKeysWithValues: screens.map { ($0.id, $0.sections) })
        let pool = ((all[id] ?? []) + (all["everywhere"] ?? [])).flatMap(\.entries)
        let picks = readmeKeys.first { $0.id == id }?.keys ?? []
        var out: [(keys: String, action: String)] = []
        var missing: [String] = []
        for keys in picks {
            if let e = pool.first(where: { $0.keys == keys }) { out.append(e) } else { missing.append(keys) }
        }
        return missing.isEmpty && !picks.isEmpty ? .success(out) : .failure(KeyPickError(id: id, missing: missing))
    }

    struct KeyPickError: Error { var id: String; var missing: [String] }

    static func readmeBlock(_ id: String) -> String? {
        guard case let .success(entries) = picked(id) else { return nil }
        var out = ["<!-- BEGIN KEYS5 \(id): five keys of the key tables, by scripts/update-docs (KeyDocs.readmeKeys) -->",
                   "| Key | Action |", "| --- | --- |"]
        for e in entries { out.append("| \(markdownKeys(e.keys)) | \(e.action.replacingOccurrences(of: "|", with: "\\|")) |") }
        out.append("<!-- END KEYS5 \(id) -->")
        return out.joined(separator: "\n")
    }

    static func updatedReadme(_ text: String) -> (text: String, ids: [String]) {
        replacingBlocks(in: text, begin: "<!-- BEGIN KEYS5 ", end: "<!-- END KEYS5 ") { readmeBlock($0) }
    }
}
