#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import Badminton
import BadmintonRules

/// `termini badminton --scoresheet [N] [--output FILE]`, the real binary on real files: the
/// page, the errors and their statuses, nothing changed in the config directory; then the
/// page printed by a real browser (headless Chromium) to PDF and read back (pdftotext,
/// pdfinfo): the names, every game's score, the number of pages.
@Suite(.serialized) struct ScoresheetPrintTests {
    /// A match built event by event, 15 s apart.
    struct Builder {
        var log: MatchLog
        var t: Double

        init(_ format: String = "3x21", doubles: Bool, names: [String], officials: MatchOfficials = MatchOfficials(), at t: Double) {
            let f = (try? MatchFormat.parse(format).get()) ?? .standard
            let d: Discipline = doubles ? .doubles : .singles
            let teams = names.compactMap { TeamInfo.parse($0, discipline: d) }
            log = MatchLog(setup: MatchSetup(format: f, discipline: d, teams: teams, officials: officials), at: t)
            self.t = t
        }

        mutating func take(_ a: MatchEvent.Action) {
            t += 15
            log.take(MatchEvent(a, at: t))
        }

        /// A game played to `a`-`b` (the side with more points scoring last).
        mutating func game(_ a: Int, _ b: Int) {
            if log.state.phase == .gameOver { take(.nextGame) }
            if log.state.phase == .choosingService { take(.service(team: log.state.server, server: 0, receiver: 0)) }
            let last = a > b ? 0 : 1
            let target = last == 0 ? [a - 1, b] : [a, b - 1]
            while log.state.score != target {
                let s = log.state.score
                let team = s[0] < target[0] && (s[0] <= s[1] || s[1] >= target[1]) ? 0 : 1
                take(.point(team: team))
            }
            take(.point(team: last))
        }

        var lines: [UInt8] { JournalContents.bytes(of: log.records) }
    }

    static let officials = MatchOfficials(event: "County championship", court: "3", umpire: "Ute Umpire", serviceJudge: "Sam Judge")

    static func singles() -> Builder {
        var b = Builder(doubles: false, names: ["Lin Dan", "Lee Chong Wei"], officials: officials, at: 1_800_000_000)
        b.game(21, 15)
        b.game(19, 21)
        b.game(21, 17)
        return b
    }

    static func longDoubles(_ format: String = "3x21", games: [(Int, Int)]) -> Builder {
        var b = Builder(format, doubles: true, names: ["Ann Able/Bob Baker", "Cat Cole/Dan Dorn"], officials: officials, at: 1_800_100_000)
        for (x, y) in games { b.game(x, y) }
        return b
    }

    static func configDir(history: [Builder], current: Builder?) -> TempDir {
        let dir = TempDir("termini-sheet")
        if !history.isEmpty {
            let bytes = history.flatMap { HistoryEntry(events: $0.log.effective).line }
            _ = FileManager.default.createFile(atPath: dir.file("badminton-history.jsonl"), contents: Data(bytes))
        }
        if let current { _ = FileManager.default.createFile(atPath: dir.file("badminton-match.jsonl"), contents: Data(current.lines)) }
        return dir
    }

    static func termini(_ args: [String], in dir: TempDir) -> LimitedRun {
        LimitedRun.run([TmuxSession.binary, "badminton"] + args + ["--config-dir", dir.path],
                       environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"], directory: dir.path, timeout: 20)
    }

    /// Every file of a directory with its size and modification time.
    static func snapshot(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { name in
            var st = stat()
            _ = lstat(path + "/" + name, &st)
            return "\(name) \(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(st.st_mode)"
        }
    }

    @Test func thePageTheErrorsAndNothingWritten() throws {
        let current = Builder(doubles: false, names: ["Eve", "Fay"], at: 1_800_200_000)
        var playing = current
        playing.take(.point(team: 0))
        let dir = Self.configDir(history: [Self.singles(), Self.longDoubles(games: [(21, 10), (21, 12)])], current: playing)
        let cfg = dir.path
        let before = Self.snapshot(cfg)
        // By number, oldest first; by default the match in progress.
        let first = Self.termini(["--scoresheet", "1"], in: dir)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("<!DOCTYPE html>") && first.stdout.contains("Lin Dan beat Lee Chong Wei 21-15 19-21 21-17"))
        #expect(Self.termini(["--scoresheet", "2"], in: dir).stdout.contains("Ann Able/Bob Baker beat Cat Cole/Dan Dorn 21-10 21-12"))
        let now = Self.termini(["--scoresheet"], in: dir)
        #expect(now.status == 0 && now.stdout.contains("Eve v Fay 1-0 · not finished"))
        // No such match: 1 and a message; not a number: 64 and the usage.
        let none = Self.termini(["--scoresheet", "4"], in: dir)
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr == "termini: no match 4: there are 3 (1 is the oldest; termini badminton --export csv lists them)\n")
        let bad = Self.termini(["--scoresheet", "x"], in: dir)
        #expect(bad.status == 64 && bad.stderr.hasPrefix("termini: --scoresheet takes the number of a match") && bad.stderr.contains("usage: termini"))
        let lone = Self.termini(["--output", "x.html"], in: dir)
        #expect(lone.status == 64 && lone.stderr.hasPrefix("termini: --output goes with --scoresheet"))
        // To a file: the page and nothing on stdout; a file that cannot be written: 1 and why.
        let out = TempDir("termini-sheet-out")
        let written = Self.termini(["--scoresheet", "1", "--output", out.file("sheet.html")], in: dir)
        #expect(written.status == 0 && written.stdout.isEmpty && written.stderr.isEmpty, "\(written.stderr)")
        #expect((try? String(contentsOfFile: out.file("sheet.html"), encoding: .utf8)) == first.stdout)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path)) == ["sheet.html"], "no temporary file left")
        let nowhere = Self.termini(["--scoresheet", "--output", out.file("missing/sheet.html")], in: dir)
        #expect(nowhere.status == 1 && nowhere.stderr == "termini: cannot write \(out.file("missing/sheet.html")): No such file or directory\n")
        // Read-only: nothing created, renamed or written in the config directory.
        #expect(Self.snapshot(cfg) == before)
        // No match at all.
        let empty = TempDir("termini-sheet-empty")
        let nothing = Self.termini(["--scoresheet"], in: empty)
        #expect(nothing.status == 1 && nothing.stderr == "termini: no badminton match yet (start one: termini badminton --new)\n")
    }

    // MARK: Printed by a browser

    static func which(_ names: [String]) -> String? {
        for name in names {
            for dir in ["/usr/bin", "/usr/local/bin", "/bin", "/snap/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/" + name) {
                return dir + "/" + name
            }
        }
        return nil
    }
    static let chromium = which(["chromium", "chromium-browser", "google-chrome"])
    static let pdftotext = which(["pdftotext"])
    static let pdfinfo = which(["pdfinfo"])
    static var canPrint: Bool { chromium != nil && pdftotext != nil && pdfinfo != nil }

    /// The page printed to PDF by headless Chromium: its text (pdftotext -layout) and pages.
    static func print(_ html: String, in dir: TempDir, name: String) throws -> (text: String, pages: Int) {
        let page = dir.file(name + ".html"), pdf = dir.file(name + ".pdf")
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let env = ["HOME": dir.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        // As root Chromium runs only without its sandbox; /dev/shm may be tiny in a container.
        let run = LimitedRun.run([chromium ?? "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-pdf-header-footer",
                                  "--user-data-dir=" + dir.file("profile"), "--print-to-pdf=" + pdf, "file://" + page],
                                 environment: env, directory: dir.path, timeout: 120)
        guard FileManager.default.fileExists(atPath: pdf) else {
            throw Failure(description: "chromium made no PDF (status \(run.status), timed out: \(run.timedOut)): \(run.stderr.suffix(500))")
        }
        let text = LimitedRun.run([pdftotext ?? "pdftotext", "-layout", pdf, "-"], environment: env, directory: dir.path, timeout: 30).stdout
        let info = LimitedRun.run([pdfinfo ?? "pdfinfo", pdf], environment: env, directory: dir.path, timeout: 30).stdout
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? -1
        return (text, pages)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Words of a line of the PDF's text, runs of spaces made one.
    static func squeezed(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test(.enabled(if: ScoresheetPrintTests.canPrint, "needs chromium and poppler-utils (pdftotext, pdfinfo): apt-get install chromium poppler-utils"))
    func printedByABrowser() throws {
        let work = TempDir("termini-print")
        let cases: [(name: String, match: Builder, pages: Int, outcome: String, rows: [String])] = [
            ("singles", Self.singles(), 1, "Lin Dan beat Lee Chong Wei 21-15 19-21 21-17",
             ["Lin Dan 21 19 21", "Lee Chong Wei 15 21 17"]),
            // Three games of 30-29, each on two lines of the grid: still one page.
            ("doubles", Self.longDoubles(games: [(30, 29), (28, 30), (30, 29)]), 1,
             "Ann Able/Bob Baker beat Cat Cole/Dan Dorn 30-29 28-30 30-29", ["Ann Able / Bob Baker 30 28 30", "Cat Cole / Dan Dorn 29 30 29"]),
            // Five of them: ten lines, two pages.
            ("five", Self.longDoubles("5x21", games: [(30, 29), (29, 30), (30, 29), (29, 30), (30, 29)]), 2,
             "Ann Able/Bob Baker beat Cat Cole/Dan Dorn 30-29 29-30 30-29 29-30 30-29", ["Ann Able / Bob Baker 30 29 30 29 30"]),
        ]
        for c in cases {
            let dir = Self.configDir(history: [], current: c.match)
            let run = Self.termini(["--scoresheet", "--output", work.file(c.name + ".html")], in: dir)
            #expect(run.status == 0, "\(c.name): \(run.stderr)")
            let html = try String(contentsOfFile: work.file(c.name + ".html"), encoding: .utf8)
            // The pages as designed, and as printed.
            #expect(ScoresheetHTML.pages(Scoresheet(c.match.log)).count == c.pages, "\(c.name)")
            let printed = try Self.print(html, in: work, name: c.name)
            #expect(printed.pages == c.pages, "\(c.name): \(printed.pages) pages")
            let lines = Self.squeezed(printed.text)
            for text in ["Badminton scoresheet", "County championship", "Ute Umpire", "Sam Judge", c.outcome] {
                #expect(lines.contains { $0.contains(text) }, "\(c.name): '\(text)' not in the PDF")
            }
            for row in c.rows { #expect(lines.contains { $0.contains(row) }, "\(c.name): results row '\(row)' not in the PDF") }
            // Every player has a row on the grid.
            for name in c.match.log.state.teams.flatMap(\.players) {
                #expect(lines.filter { $0.hasPrefix(name + " ") || $0 == name }.count >= c.match.log.state.games.count, "\(c.name): \(name)'s rows")
            }
            #expect(printed.text.contains("page \(c.pages) of \(c.pages)"), "\(c.name)")
        }
    }

    /// Issue 23, item 13 (the umpire's test): the printed head cut its fields with "…" (Event
    /// `Mixed doubles …`, Round `Quarte…`, the format, the date, the title): each is wrapped,
    /// never cut, and so are a pair's full names.
    @Test(.enabled(if: ScoresheetPrintTests.canPrint, "needs chromium and poppler-utils (pdftotext, pdfinfo): apt-get install chromium poppler-utils"))
    func theHeadIsWrappedNeverCut() throws {
        let work = TempDir("termini-print")
        let officials = MatchOfficials(event: "Open championship of the northern region", court: "3",
                                       umpire: "Ute Umpire", serviceJudge: "Sam Judge", matchNumber: "117", round: "Quarter-final")
        var b = Builder(doubles: true, names: ["Anders Skaarup Rasmussen (DEN)/Kim Astrup Sorensen (DEN)", "Mohammad Ahsan (INA)/Hendra Setiawan (INA)"],
                        officials: officials, at: 1_800_200_000)
        b.game(21, 15)
        b.game(21, 18)
        let dir = Self.configDir(history: [], current: b)
        let run = Self.termini(["--scoresheet", "--output", work.file("long.html")], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let printed = try Self.print(try String(contentsOfFile: work.file("long.html"), encoding: .utf8), in: work, name: "long")
        #expect(!printed.text.contains("\u{2026}"), "something was cut: \(printed.text)")
        // A word wrapped at its hyphen is read back in two.
        let words = Set(printed.text.replacingOccurrences(of: "-\n", with: "-").split { $0 == " " || $0 == "\n" || $0 == "/" }.map(String.init))
        for word in ["northern", "region", "Quarter-", "Rasmussen", "Sorensen", "Setiawan", "doubles", "(DEN)", "(INA)"] {
            #expect(words.contains(word), "'\(word)' not in the PDF: \(printed.text)")
        }
        #expect(printed.pages == 1)
    }
}
