import Foundation
import Testing

/// The documents sized for their readers (issue 25): a README a newcomer reads in five
/// minutes, a manual of synopsis, options, keys and files, the rest in docs/; every link
/// inside the repository, and no path of the machine a document was written on.
@Suite struct DocsLayoutTests {
    static var root: URL { KeyDocs.root }

    static func read(_ file: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    static func lines(_ file: String) -> [Substring] {
        var l = read(file).split(separator: "\n", omittingEmptySubsequences: false)
        if l.last == "" { l.removeLast() }
        return l
    }

    /// Every Markdown document of the repository: the root's and everything under docs/.
    static var markdownFiles: [String] {
        let fm = FileManager.default
        var out = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasSuffix(".md") }
        if let e = fm.enumerator(atPath: root.appendingPathComponent("docs").path) {
            while let p = e.nextObject() as? String {
                if p.hasSuffix(".md") { out.append("docs/" + p) }
            }
        }
        return out.sorted()
    }

    /// The targets of the Markdown links `[text](target)` of a text, in order.
    static func links(_ text: String) -> [String] {
        text.matches(of: #/\]\(([^)\s]+)\)/#).map { String($0.output.1) }
    }

    /// The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as `-`.
    static func anchors(_ file: String) -> Set<String> {
        var out: Set<String> = []
        for line in lines(file) where line.hasPrefix("#") {
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            out.insert(String(heading.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }).replacingOccurrences(of: " ", with: "-"))
        }
        return out
    }

    @Test func theReadmeFitsFiveMinutes() {
        let readme = DocsLayoutTests.lines("README.md")
        #expect(!readme.isEmpty)
        #expect(readme.count <= 200, "README.md is \(readme.count) lines")
        // The two commands come first: the first block of code starts with them.
        let start = readme.firstIndex { $0.hasPrefix("```") } ?? readme.endIndex
        let code = readme[readme.index(after: min(start, readme.endIndex - 1))...].prefix { !$0.hasPrefix("```") }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(code.first?.hasPrefix("swift run -c release termini") == true, "\(code)")
        #expect(code.dropFirst().first?.hasPrefix("swift test") == true, "\(code)")
        // The packages the build needs are named.
        let text = DocsLayoutTests.read("README.md")
        for package in ["libncursesw5-dev", "libmosquitto-dev", "tmux", "mandoc"] {
            #expect(text.contains(package), "README.md names no \(package)")
        }
        // And it says where to read more.
        let linked = Set(DocsLayoutTests.links(text))
        for page in ["docs/guide.md", "docs/badminton.md", "docs/formats.md", "ARCHITECTURE.md",
                     "docs/dev/benchmarks.md", "docs/dev/reliability.md", "man/termini.1"] {
            #expect(linked.contains(page), "README.md does not link \(page)")
        }
    }

    @Test func everyLinkResolvesInsideTheRepository() {
        let files = DocsLayoutTests.markdownFiles
        #expect(files.contains("README.md") && files.contains("docs/badminton.md"), "\(files)")
        let root = DocsLayoutTests.root.standardizedFileURL.path
        for file in files {
            let dir = DocsLayoutTests.root.appendingPathComponent(file).deletingLastPathComponent()
            for link in DocsLayoutTests.links(DocsLayoutTests.read(file)) {
                let path = String(link.prefix { $0 != "#" })
                let target = dir.appendingPathComponent(path).standardizedFileURL.path
                // A heading named after `#`, on this page or on the one linked.
                if let hash = link.firstIndex(of: "#") {
                    let page = path.isEmpty ? file : String(target.dropFirst(root.count + 1))
                    #expect(!page.hasSuffix(".md") || DocsLayoutTests.anchors(page).contains(String(link[link.index(after: hash)...])),
                            "\(file): the link \(link) finds no such heading in \(page)")
                }
                if link.hasPrefix("#") { continue }
                #expect(!link.contains("://") && !link.hasPrefix("mailto:") && !link.hasPrefix("/"),
                        "\(file): \(link) leads out of the repository")
                #expect(target.hasPrefix(root + "/") && FileManager.default.fileExists(atPath: target),
                        "\(file): the link \(link) finds no file in the repository")
            }
        }
    }

    @Test func noDocumentNamesAPathOfSomeMachine() {
        let machine = #/(^|[\s`'"(=:])/(work|root|home|tmp|Users|mnt|srv|var/folders|private|dev/shm)(/|\b)/#
        for file in DocsLayoutTests.markdownFiles + ["man/termini.1"] {
            for (i, line) in DocsLayoutTests.lines(file).enumerated() where line.firstMatch(of: machine) != nil {
                Issue.record("\(file):\(i + 1) names a path of some machine: \(line)")
            }
        }
    }

    @Test func theManualIsSynopsisOptionsKeysAndFiles() {
        let man = DocsLayoutTests.lines("man/termini.1")
        #expect(man.count > 100 && man.count <= 800, "man/termini.1 is \(man.count) lines")
    }

    /// docs/dev/ says what holds now, with the command that shows it: no diary.
    @Test func theDeveloperDocumentsAreResultsNotADiary() {
        let diary = #/(?i)\b(tonight|yesterday|this morning|last night|today I|I tried|round [0-9]|earlier runs?)\b|\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b|\(branch [a-z0-9-]+\)/#
        for file in ["docs/dev/benchmarks.md", "docs/dev/reliability.md"] {
            let lines = DocsLayoutTests.lines(file)
            #expect(!lines.isEmpty, "\(file) is missing")
            for (i, line) in lines.enumerated() where line.firstMatch(of: diary) != nil {
                Issue.record("\(file):\(i + 1) reads as a diary: \(line)")
            }
            #expect(lines.contains { $0.hasPrefix("|") }, "\(file) has no table of results")
        }
        for gone in ["BENCHMARKS.md", "RELIABILITY.md"] {
            #expect(!FileManager.default.fileExists(atPath: DocsLayoutTests.root.appendingPathComponent(gone).path),
                    "\(gone) is in docs/dev/ now")
        }
    }
}
