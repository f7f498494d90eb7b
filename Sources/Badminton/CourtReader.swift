import TerminiCore
import BadmintonRules
import TerminiApp

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
        let contents = reader.contents(outcome)
        // An empty journal is no match, and no damage.
        if contents.events.isEmpty && !contents.damaged { return JournalRead(file: files.journal) }
        let log = MatchLog(records: contents.events)
        return JournalRead(file: files.journal, log: log, damagedLines: contents.damagedLines,
                           damaged: contents.damaged || log == nil, events: contents.events.count)
    }

    /// The journal's match, the damage said (for a command, which never changes the file).
    func journalReported() -> MatchLog? {
        let read = journal()
        if let report = read.report { store.notice(report) }
        return read.log
    }

    /// The history's matches as the list shows them, read line by line (any size); damaged
    /// lines are counted and reported, each costing its line only.
    func history() -> [PastMatch] {
        var reader = HistoryEntry.Reader(keep: PastMatch.init)
        guard let outcome = store.readLines(files.history, { reader.take($0) }) else { return [] }
        let damaged = reader.damagedLines + outcome.overlongLines
        if damaged > 0 { store.notice("\(damaged) damaged line\(damaged == 1 ? "" : "s") of the match history could not be read.") }
        return reader.matches
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
