import TerminiCore
import BadmintonRules
import TerminiData
import TerminiApp

/// Badminton's commands, run without a terminal and read-only: `--status` (a line, or
/// `--json`; `--all` every court), `--export csv|json` (every match, streamed) and
/// `--scoresheet [N] [--output FILE]` (a printable page); and the check of the options
/// before anything starts.
enum BadmintonCommands {
    /// What is wrong with the options, in a line (exit 64); nil when they fit together.
    static func validate(_ options: BadmintonOptions) -> String? {
        let modes = given([(.new, options.new), (.watch, options.watch), (.status, options.status),
                           (.export, options.export != nil), (.scoresheet, options.scoresheet != nil)])
        if modes.count > 1 { return "use only one of \(modes.joined(separator: ", "))" }
        if let c = options.court, !CourtFiles.isValidName(c) {
            return "--court: a court's name is 1 to \(CourtFiles.maxNameLength) letters (A-Z, a-z), digits and '-', not starting with '-' "
                + "('\(TextLayout.truncate(TextLayout.sanitized(c), to: 30))')"
        }
        if options.all {
            if !options.watch && !options.status {
                return "--all goes with --watch or --status (termini badminton --watch --all)"
            }
            if options.court != nil { return "use --court NAME or --all, not both" }
        }
        if options.noCourt, !options.display { return "--no-court goes with --display (termini badminton --watch --display --no-court)" }
        if options.display {
            if !options.watch { return "--display goes with --watch (termini badminton --watch --display)" }
            if options.all { return "--display shows one court: use --court NAME instead of --all" }
        }
        if options.hall != nil, options.keeps, options.court == nil {
            return "--hall: the court kept here is published by its name: add --court NAME"
        }
        if options.hall != nil, options.watch, !options.all, options.court == nil {
            return "--hall with --watch follows a court of the hall: add --court NAME (or --all, the recording desk)"
        }
        let setupOptions = given([(.format, options.format != nil), (.doubles, options.doubles), (.names, options.names != nil),
                                  (.matchNumber, options.matchNumber != nil), (.event, options.event != nil), (.round, options.round != nil)])
        if !setupOptions.isEmpty && !options.new {
            return "\(setupOptions.joined(separator: ", ")) go\(setupOptions.count == 1 ? "es" : "") with --new (termini badminton --new \(setupOptions[0]) ...)"
        }
        if options.json && !options.status {
            return "--json goes with --status (--export takes csv or json)"
        }
        if let f = options.format, case .failure(let e) = MatchFormat.parse(f) {
            return "--format: \(e)"
        }
        if let n = options.names {
            let doubles = options.doubles
            let parts = n.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                return "--names takes two sides separated by a comma: " + (doubles ? "\"A1/A2,B1/B2\"" : "\"A,B\"")
            }
            for p in parts where TeamInfo.parse(p, discipline: doubles ? .doubles : .singles) == nil {
                if doubles { return "--names: in doubles each side is two players, \"A1/A2,B1/B2\" ('\(TextLayout.sanitized(p))')" }
                if p.contains("/") { return "--names: '\(TextLayout.sanitized(p))' looks like a pair: add --doubles" }
                return "--names: a side's name must not be empty"
            }
        }
        if let e = options.export, MatchReport.ExportFormat(rawValue: e) == nil {
            return "--export takes csv or json, not '\(TextLayout.sanitized(e))'"
        }
        if let n = options.scoresheet, !n.isEmpty, scoresheetNumber(n) == nil {
            return "--scoresheet takes the number of a match, 1 for the oldest, not '\(TextLayout.truncate(TextLayout.sanitized(n), to: 20))'"
        }
        if let k = options.keeper {
            guard options.court != nil, options.status || options.export != nil || options.scoresheet != nil, !options.all else {
                return "--keeper goes with --court and --status, --export or --scoresheet (termini badminton --court 1 --keeper ID --export csv)"
            }
            guard !k.isEmpty, k.utf8.count <= 20, k.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || $0 == 0x7e }) else {
                return "--keeper takes a keeper's id, hexadecimal digits as --status names it ('\(TextLayout.truncate(TextLayout.sanitized(k), to: 20))')"
            }
        }
        if options.output != nil && options.scoresheet == nil {
            return "--output goes with --scoresheet (termini badminton --scoresheet --output FILE)"
        }
        return nil
    }

    /// The names of the options given, in the order listed (for a message that names them).
    static func given(_ options: [(BadmintonOption, Bool)]) -> [String] {
        options.filter(\.1).map(\.0.rawValue)
    }

    /// Where each match of the history was last kept (the offset of its line), in the order
    /// `--export` and `--scoresheet` number them, and the match in progress when it comes after
    /// them: from the history's index when it fits the history (its new tail read), else from
    /// the history read line by line, never held whole (a command writes no index).
    struct MatchIndex {
        /// The rows of the history's matches, in file order.
        var rows: [HistoryRow] = []
        var lines: [Int] { rows.map(\.offset) }
        var current: MatchLog?
        var currentGoesLast = false
        var damaged = 0
        var count: Int { rows.count + (currentGoesLast ? 1 : 0) }
    }

    static func matchIndex(_ store: any StateReader, files: CourtFiles = .main) -> MatchIndex {
        let history = CourtReader(store, files: files).historyIndex(from: nil).index
        var index = MatchIndex()
        index.damaged = history.damagedInAll
        index.current = CourtReader(store, files: files).journalReported()
        var rows = history.rows
        // The journal's match replaces its copy in the history once play went on after it.
        if let c = index.current {
            index.currentGoesLast = !rows.contains { $0.startedAt == c.startedAt } || c.effective.count > 1
            if index.currentGoesLast { rows.removeAll { $0.startedAt == c.startedAt } }
        }
        index.rows = rows.sorted { $0.offset < $1.offset }
        return index
    }

    /// The history's matches at the given offsets, in file order, one at a time.
    static func forEachMatch(_ store: any StateReader, lines: [Int], files: CourtFiles = .main, _ body: (MatchLog) -> Bool) {
        guard let first = lines.first else { return }
        let wanted = Set(lines)
        var open = true
        _ = store.readLines(files.history, from: first) { bytes, at in
            guard open, wanted.contains(at), let log = HistoryEntry.parse(line: bytes) else { return }
            open = body(log)
        }
    }

    /// Every match of the history, then the one in the journal, streamed: where each match was
    /// last kept comes from the history's index (or a first reading of the history), then the
    /// history is read line by line to write them, so an export of any size never holds more
    /// than one match in memory.
    static func export(_ format: MatchReport.ExportFormat, store: any StateReader, files: CourtFiles = .main) -> CommandOutput {
        let index = matchIndex(store, files: files)
        guard index.count > 0 else {
            return CommandOutput(stderr: "termini: no badminton matches to export\n", status: 1)
        }
        if index.damaged > 0 { store.notice("\(index.damaged) damaged line\(index.damaged == 1 ? "" : "s") of the match history could not be read (left out).") }
        let stream = CommandStream { emit in
            var writer = MatchReport.ExportWriter(format)
            guard emit(writer.header) else { return }
            var open = true
            forEachMatch(store, lines: index.lines, files: files) { log in
                open = emit(writer.text(for: log))
                return open
            }
            if open, index.currentGoesLast, let c = index.current { open = emit(writer.text(for: c)) }
            if open { _ = emit(writer.footer) }
        }
        return CommandOutput(stream: stream)
    }

    /// A match number as typed: 1 and up, digits only.
    static func scoresheetNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), n >= 1 else { return nil }
        return n
    }

    static let noMatchYet = "termini: no badminton match yet (start one: termini badminton --new)\n"

    /// Match `n` (1 is the oldest) as `--export` numbers them.
    static func match(_ n: Int, in index: MatchIndex, store: any StateReader, files: CourtFiles = .main) -> MatchLog? {
        guard n >= 1, n <= index.count else { return nil }
        if n > index.rows.count { return index.current }
        return CourtReader(store, files: files).match(index.rows[n - 1])
    }

    /// `--scoresheet [N] [--output FILE]`: read-only, the page to stdout or for FILE.
    static func scoresheetCommand(_ options: BadmintonOptions, store: any StateReader, files: CourtFiles = .main) -> CommandOutput {
        let index = matchIndex(store, files: files)
        guard index.count > 0 else { return CommandOutput(stderr: noMatchYet, status: 1) }
        let picked: MatchLog?
        var said = ""
        if let n = options.scoresheet.flatMap(scoresheetNumber) {
            guard n <= index.count else {
                return CommandOutput(stderr: "termini: no match \(n): there \(index.count == 1 ? "is 1" : "are \(index.count)") "
                    + "(1 is the oldest; termini badminton --export csv lists them)\n", status: 1)
            }
            picked = match(n, in: index, store: store, files: files)
        } else if let current = index.current, current.effective.count == 1, index.currentGoesLast, index.count >= 2 {
            // The match in progress has nothing on it yet: the last one played, and said so.
            picked = match(index.count - 1, in: index, store: store, files: files)
            let over = picked?.state.isOver ?? true
            said = "termini: the match in progress has no rally yet; this is match \(index.count - 1), the last one\(over ? " played" : " (abandoned)")\n"
        } else {
            picked = index.current ?? match(index.count, in: index, store: store, files: files)
        }
        guard let log = picked else {
            return CommandOutput(stderr: "termini: the match history could not be read\n", status: 1)
        }
        let html = ScoresheetHTML.render(Scoresheet(log, court: CourtReader(store, files: files).courtName))
        if let path = options.output, path != "-" {
            return CommandOutput(stderr: said, file: CommandFile(path: path, bytes: Array(html.utf8)))
        }
        return CommandOutput(stdout: html, stderr: said)
    }

    /// `--status`, `--export` and `--scoresheet`; nil for the others (the scoreboard runs).
    static func run(_ options: BadmintonOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        let read = options.status || options.export != nil || options.scoresheet != nil
        if options.status && options.all { return statusOfAll(options, store: store, context: context) }
        var files = CourtFiles(court: options.court)
        if read, files.court != nil, !files.exists(in: store.fileNames()), files.streams(in: store.fileNames()).isEmpty {
            return CommandOutput(stderr: "termini: no \(files.described) here (\(courtList(store)))\n", status: 1)
        }
        let keepers = Keepers(store, files)
        if let k = options.keeper {
            switch keepers.files(of: k) {
            case .success(let f): files = f
            case .failure(let why): return CommandOutput(stderr: "termini: \(why)\n", status: 1)
            }
        }
        if options.scoresheet != nil { return scoresheetCommand(options, store: store, files: files) }
        if options.status {
            guard let log = CourtReader(store, files: files).journalReported() else {
                return CommandOutput(stderr: files.court == nil ? noMatchYet
                    : "termini: no match on \(files.described) now (start one: termini badminton --court \(files.court ?? "") --new)\n", status: 1)
            }
            let s = log.state
            // Under LANG=C or --ascii the middle dots are ASCII too, as on the screen.
            // The call in the umpire's words, as the screen says it (`badminton.calls`).
            var text = options.json ? MatchReport.statusJSON(s, now: context.now, court: CourtReader(store, files: files).courtName,
                                                             calls: BadmintonApp.callTable(store, notify: false).0)
                : MatchReport.statusLine(s, now: context.now).glyphed(context.unicode ? .unicode : .ascii)
            // A court the hall's desk heard from more than one keeper (or a fork) names them.
            if !keepers.streams.isEmpty {
                text = options.json ? keepers.json(into: text) : text + "\n" + keepers.line
            }
            return CommandOutput(stdout: text + "\n")
        }
        if let f = options.export.flatMap(MatchReport.ExportFormat.init(rawValue:)) {
            return export(f, store: store, files: files)
        }
        return nil
    }

    /// `courts: 1, 2, centre` or `no court has a match yet`: for a message about a court not found.
    static func courtList(_ store: any StateReader) -> String {
        let named = CourtFiles.courts(in: store.fileNames()).compactMap(\.court)
        return named.isEmpty ? "no named court has been kept yet" : "courts: " + named.joined(separator: ", ")
    }

    /// `--status --all`: a line per court with a match now (`3: Lin 5-3 Lee · game 1`), or with
    /// `--json` one object, `{"courts":[{"court":NAME,…},…]}` (the default court's name is
    /// `badminton.court`, else null).
    static func statusOfAll(_ options: BadmintonOptions, store: any StateReader, context: AppContext) -> CommandOutput {
        let courts = CourtFiles.courts(in: store.fileNames()).compactMap { files in
            CourtReader(store, files: files).journalReported().map { (files, $0.state) }
        }
        if options.json {
            let calls = BadmintonApp.callTable(store, notify: false).0
            let objects = courts.map { files, s in
                MatchReport.status(s, now: context.now, court: CourtReader(store, files: files).courtName, namingCourt: true, calls: calls)
            }
            return CommandOutput(stdout: JSON.object(["courts": .array(objects)]).text() + "\n")
        }
        guard !courts.isEmpty else { return CommandOutput(stderr: "termini: no court has a badminton match yet\n", status: 1) }
        let width = courts.map { DisplayWidth.of(CourtReader(store, files: $0.0).courtName ?? "-") }.max() ?? 1
        let lines = courts.map { files, s in
            TextLayout.pad((CourtReader(store, files: files).courtName ?? "-") + ":", to: width + 1) + " "
                + MatchReport.statusLine(s, now: context.now).glyphed(context.unicode ? .unicode : .ascii)
        }
        return CommandOutput(stdout: lines.joined(separator: "\n") + "\n")
    }
}

/// The keepers the hall's desk heard on a court: the one whose stream the court's own files
/// are (its owner file says), and every other keeper's or fork's stream beside them.
struct Keepers {
    let court: CourtFiles
    let owner: String?
    let streams: [String]

    init(_ store: any StateReader, _ files: CourtFiles) {
        court = files
        streams = files.streams(in: store.fileNames())
        let bytes = files.ownerFile.flatMap { store.readBytes($0) } ?? []
        var owner: String?
        if bytes.count <= 256, case .success(let j) = JSON.parse(bytes), case .object(let members) = j.value,
           case .string(let k)? = members.first(where: { $0.key == "keeper" })?.node.value, CourtFiles.isStreamName(k), !k.contains("~") {
            owner = k
        }
        self.owner = owner
    }

    /// `keepers: 5f0c1a2b3c4d5e6f (the court's files), a1b2c3d4e5f60718 (--keeper a1b2c3d4e5f60718)`.
    var line: String {
        "keepers: " + ((owner.map { ["\($0) (the court's files)"] } ?? []) + streams.map { "\($0) (--keeper \($0))" }).joined(separator: ", ")
    }

    /// The status object with `"keepers":[{"keeper":…,"files":"court"|"stream"},…]` added.
    func json(into text: String) -> String {
        let list = (owner.map { [JSON.object([("keeper", .string($0)), ("files", .string("court"))])] } ?? [])
            + streams.map { JSON.object([("keeper", .string($0)), ("files", .string("stream"))]) }
        let keepers = JSON.array(list).text()
        guard text.hasSuffix("}") else { return text }
        return String(text.dropLast()) + (text.hasSuffix("{}") ? "" : ",") + "\"keepers\":" + keepers + "}"
    }

    /// The files of keeper `id` (its id or the start of it): the court's own for its owner.
    func files(of id: String) -> Result<CourtFiles, KeeperProblem> {
        if let o = owner, o.hasPrefix(id) { return .success(court) }
        let found = streams.filter { $0 == id } + (streams.contains(id) ? [] : streams.filter { $0.hasPrefix(id) })
        guard let court = court.court, found.count == 1 else {
            let known = ((owner.map { [$0] } ?? []) + streams).joined(separator: ", ")
            return .failure(KeeperProblem(description: found.isEmpty
                ? "no keeper \(id) on \(self.court.described) (\(known.isEmpty ? "no keeper named here" : "keepers: " + known))"
                : "keeper \(id) names more than one stream on \(self.court.described): \(found.joined(separator: ", "))"))
        }
        return .success(CourtFiles(court: court, stream: found[0]))
    }
}

struct KeeperProblem: Error, CustomStringConvertible {
    let description: String
}
