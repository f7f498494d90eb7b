import TerminiCore
import BadmintonRules
import TerminiApp

/// The store a copy reads its history through when the list or a scoresheet asks for it (the
/// app holds no other way to the files). Only the main thread, which runs the app, uses it.
struct StoreSource: @unchecked Sendable {
    let store: any StateReader
}

/// The court's history as this copy holds it: nothing at the start (the list and its matches
/// are read when `h` opens it), then its index (`HistoryIndex`: a row a match, where its line
/// is), and the matches this copy moved to the history since, until the file is read back.
struct HistoryShelf: Sendable {
    var source: StoreSource?
    /// The index as last read; nil when it is to be read (not yet, or the files changed).
    var index: HistoryIndex?
    /// Matches this copy moved to the history since the index was read (their events kept:
    /// a full disk may hold their line back).
    var added: [(row: HistoryRow, events: [MatchEvent])] = []
    /// The index to write beside the history (a keeper's, read or rebuilt from the history).
    var unsaved: [UInt8]?
    /// The damaged lines last said (said again only when their number changes).
    var damageSaid = 0

    /// Every match kept, oldest first (a match kept twice once, as last kept).
    var rows: [HistoryRow] {
        let indexed = index?.rows ?? []
        guard !added.isEmpty else { return indexed }
        let known = Set(indexed.map(\.startedAt))
        return indexed + added.filter { !known.contains($0.row.startedAt) }.map(\.row)
    }

    /// The index read through `files` (and brought up to date with the history); a keeper
    /// writes it back when it changed. The damaged lines are said when their number changed.
    mutating func load(_ files: CourtFiles, keeping: Bool, afresh: Bool = false) {
        guard let store = source?.store else { return }
        let reader = CourtReader(store, files: files)
        let (fresh, from) = reader.historyIndex(from: index, afresh: afresh)
        index = fresh
        let known = Set(fresh.rows.map(\.startedAt))
        added.removeAll { known.contains($0.row.startedAt) }
        if keeping, fresh.covers != from ?? -1, reader.hasHistory { unsaved = fresh.bytes }
        say(fresh.damagedInAll, store)
    }

    /// What the start needs of the history: only the index's head when the history holds what
    /// the index covers (and the lines appended since, for their damage); else the index read
    /// (or rebuilt) now, for a keeper to write.
    mutating func check(_ files: CourtFiles, keeping: Bool) {
        guard let store = source?.store else { return }
        let reader = CourtReader(store, files: files)
        if let (head, size) = reader.historyIndexHead() {
            // Matches appended since the index was written are read at `h`; their damage now.
            say(head.damaged + (size > head.covers ? reader.historyDamage(after: head.covers) : 0), store)
        } else if reader.hasHistory {
            load(files, keeping: keeping)
        }
    }

    mutating func say(_ damaged: Int, _ store: any StateReader) {
        if damaged > 0, damaged != damageSaid { store.notice(CourtReader.historyDamage(damaged)) }
        damageSaid = damaged
    }

    /// The index to write, once.
    mutating func save(_ files: CourtFiles) -> [AppEffect] {
        defer { unsaved = nil }
        return unsaved.map { [.writeDerived(file: files.historyIndex, bytes: $0)] } ?? []
    }

    /// Match `startedAt` of the history, read from its line (the index rebuilt once if the
    /// line is not where it says).
    mutating func match(startedAt t: Double, _ files: CourtFiles, keeping: Bool) -> MatchLog? {
        if let a = added.last(where: { $0.row.startedAt == t }) { return MatchLog(records: a.events) }
        guard let store = source?.store, let row = index?.rows.last(where: { $0.startedAt == t }) else { return nil }
        if let log = CourtReader(store, files: files).match(row) { return log }
        load(files, keeping: keeping, afresh: true)
        return index?.rows.last { $0.startedAt == t }.flatMap { CourtReader(store, files: files).match($0) }
    }
}
