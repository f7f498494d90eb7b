import TerminiCore
import BadmintonRules
import TerminiApp
import TerminiData

/// A court's files read through the store, and nothing written: the journal's match, the
/// history's matches, the court's name. A damaged journal is not put right here: what its
/// recovery takes (a clean journal written back, or the damaged one kept aside) comes back as
/// effects (`JournalRead.recovery`), which the runtime carries out as it does every save, so
/// the keeper, a follower, `--watch` and the commands read the same way.
struct CourtReader {
    let store: any StateReader
    let files: CourtFiles

    init(_ store: any StateReader, files: CourtFiles = .main) {
        self.store = store
        self.files = files
    }

    /// The journal, line by line.
    func journal() -> JournalRead {
        var reader = JournalContents.Reader()
        guard let outcome = store.readLines(files.journal, { reader.take($0) }) else { return JournalRead(file: files.journal) }
        let damaged = reader.damaged(outcome)
        // An empty journal is no match, and no damage.
        if reader.events == 0 && damaged == 0 { return JournalRead(file: files.journal) }
        return JournalRead(file: files.journal, log: reader.log, damagedLines: damaged,
                           damaged: damaged > 0 || reader.log == nil, events: reader.events)
    }

    /// The journal's match, the damage said (for a command, which never changes the file).
    func journalReported() -> MatchLog? {
        let read = journal()
        if let report = read.report { store.notice(report) }
        return read.log
    }

    /// The head of the history's index when the index covers the whole history as it is now
    /// (nothing to read but its head); nil when it is missing, damaged or behind the history.
    /// The head of the history's index when the history holds the bytes it covers (matches
    /// appended since may follow), and the history's size; nil when the index is missing or
    /// its head damaged, or the history differs or is shorter.
    func historyIndexHead() -> (HistoryIndex.Head, Int)? {
        guard let r = store.readRange(files.historyIndex, offset: 0, count: 512), let nl = r.bytes.firstIndex(of: 0x0a),
              let head = HistoryIndex.head(r.bytes[..<nl]), let end = historyEnd(before: head.covers),
              HistoryIndex.hash(end.bytes) == head.tail else { return nil }
        return (head, end.size)
    }

    /// The damaged lines of the history after `offset` (the matches appended since its index).
    func historyDamage(after offset: Int) -> Int {
        var tail = HistoryIndex(from: offset)
        let outcome = store.readLines(files.history, from: offset) { tail.take($0, at: $1) }
        tail.finish(outcome ?? LinesRead(endsMidLine: false, bytes: 0))
        return tail.damagedInAll
    }

    /// Whether there is a history file.
    var hasHistory: Bool { store.readRange(files.history, offset: 0, count: 0) != nil }

    /// The history's last bytes before `covers` (the index's `tail`) and its size; nil when
    /// there is no history or it is shorter.
    func historyEnd(before covers: Int) -> FileRange? {
        let from = max(0, covers - HistoryIndex.tailLength)
        guard let r = store.readRange(files.history, offset: from, count: covers - from), r.size >= covers else { return nil }
        return r
    }

    /// The history's index brought up to date: `index` (as held in memory) or the index file
    /// if it still matches the history, else a new one; then the history read from where it
    /// ends on. `from`: where the index read began (nil: rebuilt from the history's start).
    /// `afresh`: from the history's start whatever the index says (a row found wrong).
    func historyIndex(from index: HistoryIndex?, afresh: Bool = false) -> (index: HistoryIndex, from: Int?) {
        // A new index from the history's start, when neither the one held nor the file fits.
        let kept = afresh ? nil : index.flatMap { i in historyEnd(before: i.covers).flatMap { HistoryIndex.hash($0.bytes) == i.tail ? i : nil } }
            ?? storedHistoryIndex()
        var fresh = kept ?? HistoryIndex()
        let outcome = store.readLines(files.history, from: fresh.covers) { fresh.take($0, at: $1) }
        fresh.finish(outcome ?? LinesRead(endsMidLine: false, bytes: 0))
        return (fresh, kept?.covers)
    }

    /// The index file, when it reads whole and ends where the history has the same bytes.
    func storedHistoryIndex() -> HistoryIndex? {
        var loader = HistoryIndex.Loader()
        guard let outcome = store.readLines(files.historyIndex, from: 0, { line, _ in loader.take(line) }),
              let head = loader.head, let end = historyEnd(before: head.covers) else { return nil }
        return loader.index(outcome, lastBytes: end.bytes)
    }

    /// A match of the history, read where its row says; nil when the bytes there are not its line.
    func match(_ row: HistoryRow) -> MatchLog? {
        guard row.offset >= 0, let r = store.readRange(files.history, offset: row.offset, count: row.length),
              r.bytes.count == row.length, HistoryIndex.hash(r.bytes) == row.hash else { return nil }
        return HistoryEntry.parse(line: r.bytes[...])
    }

    /// `3 damaged lines of the match history could not be read.`
    static func historyDamage(_ n: Int) -> String {
        "\(n) damaged line\(n == 1 ? "" : "s") of the match history could not be read."
    }

    /// The court's name for the calls and the scoresheet: a named court's own name, else the
    /// config's `badminton.court` (the one court of a club kept without `--court`).
    var courtName: String? {
        if let c = files.court { return c }
        return store.preference(BadmintonApp.courtKey).map { TextLayout.sanitizedName($0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// What a court's journal held when it was read.
struct JournalRead {
    let file: String
    /// Its match; nil when there is none (no journal, an empty one) or none could be read.
    var log: MatchLog?
    /// The lines that could not be read.
    var damagedLines = 0
    /// Some line could not be read, or what was read begins no match: the file needs
    /// recovering.
    var damaged = false
    /// The events read (whole lines that are events).
    var events = 0

    /// What is wrong with it, in words: its damaged lines, or, when every line is whole, that
    /// its events begin no match (its start was lost: the file cut, or replaced under a keeper).
    var damage: String {
        let d = damagedLines
        guard d == 0, log == nil else { return "\(d) damaged line\(d == 1 ? "" : "s") left out" + (log == nil ? "; no match could be read" : "") }
        return "holds \(events) event\(events == 1 ? "" : "s") but no start of a match before them (its first lines were lost), so no match could be read"
    }

    /// What recovering the damaged journal takes, for the keeper to carry out: the journal
    /// replaced whole by its readable events (a copy of the damaged one kept aside; on a full
    /// disk it stays as it is, start event included, and is read again), or, when no event
    /// could be recovered, the file kept aside; and the user told. Empty when nothing is damaged.
    func recovery(glyphs: Glyphs) -> [AppEffect] {
        guard damaged else { return [] }
        let d = damagedLines
        let reason = d == 0 && log == nil ? "The match journal \(damage)"
            : "The match journal was damaged (\(d) line\(d == 1 ? "" : "s") could not be read)"
        guard let log else {
            return [.keepAside(file: file, reason: reason), .notice("No event of the match could be recovered from the damaged journal.")]
        }
        let n = log.records.count
        return [.replaceDamaged(file: file, reason: reason, bytes: JournalContents.bytes(of: log.records)),
                .notice("Recovered \(n) event\(n == 1 ? "" : "s") of the match from the damaged journal: \(MatchReport.statusLine(log.state, now: 0)).".glyphed(glyphs))]
    }

    /// The damage in a line, for a command (`--status`, `--export`): nil when there is none.
    var report: String? {
        guard damaged else { return nil }
        return damagedLines == 0 && log == nil ? "\(file) \(damage)" : "\(file): \(damage)"
    }
}
