@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiData
import TerminiApp
import TerminiTestSupport
import Testing

/// The history's index (`badminton-history.index`): derived from the history, rebuilt from it
/// whenever it does not fit it, and never shown over it.
@Suite struct HistoryIndexTests {
    static let history = BadmintonApp.historyFile
    static let index = CourtFiles.main.historyIndex

    /// Match `i` of a made-up history: `points` rallies to the left side, from `t`.
    static func match(_ i: Int, points: Int = 3, at t: Double = 1_790_000_000) -> MatchLog {
        let start = t + Double(i) * 3600
        var log = MatchLog(setup: MatchSetup(teams: [TeamInfo(name: "Ann \(i)", players: ["Ann \(i)"]),
                                                     TeamInfo(name: "Bo \(i)", players: ["Bo \(i)"])]), at: start)
        for k in 0..<points { log.take(MatchEvent(.point(team: k % 3 == 2 ? 1 : 0), at: start + Double(k + 1))) }
        return log
    }

    static func lines(_ range: Range<Int>, points: Int = 3) -> [UInt8] {
        range.flatMap { HistoryEntry(events: match($0, points: points).effective).line }
    }

    /// The matches the history file holds, as the list shows them (newest first).
    static func expected(_ store: InMemoryStore) -> [String] {
        HistoryEntry.readAll(store.files[history] ?? []).matches.reversed().map { "\($0.startedAt) \(MatchReport.outcome($0.state))" }
    }

    /// What `h` lists, in the same words.
    static func shown(_ h: inout Harness) -> [String] {
        h.press(.char("h"))
        defer { h.press(.escape) }
        return h.app.historyMatches.map { "\($0.startedAt) \($0.outcome.text)" }
    }

    /// A keeper started on `store` (its start's effects carried out: the index written).
    static func started(_ store: InMemoryStore) -> Harness {
        var h = Harness(store: store)
        if h.setupForm != nil { h.press(.escape) }
        return h
    }

    static func withIndex(_ matches: Int = 6) -> InMemoryStore {
        let store = InMemoryStore()
        store.files[history] = lines(0..<matches)
        _ = started(store)
        return store
    }

    @Test func aKeeperWritesTheIndexAndTheListIsTheHistorysMatches() throws {
        let store = Self.withIndex()
        let index = try #require(store.files[Self.index])
        #expect(HistoryIndex.head(index.split(separator: 0x0a)[0]).map(\.covers) == store.files[Self.history]?.count)
        var h = Self.started(store)
        #expect(Self.shown(&h) == Self.expected(store))
        #expect(Self.shown(&h).count == 6)
    }

    @Test func theIndexIsRebuiltWhenDeleted() throws {
        let store = Self.withIndex()
        let good = store.files[Self.index]
        store.files[Self.index] = nil
        var h = Self.started(store)
        #expect(store.files[Self.index] == good, "rebuilt at the start")
        #expect(Self.shown(&h) == Self.expected(store))
    }

    @Test func theIndexIsRebuiltWhenTruncatedOrDamaged() throws {
        let store = Self.withIndex()
        let good = try #require(store.files[Self.index])
        // A letter changed in a row (a name the history does not hold).
        var flipped = good
        let at = try #require(flipped.indices.first { flipped[$0...].starts(with: Array("Ann 3".utf8)) })
        flipped[at + 2] = UInt8(ascii: "x")
        for bad in [flipped, Array(good.prefix(good.count / 2)), Array(good.prefix(good.count - 1)), Array(good.prefix(40)),
                    Array("garbage\n".utf8), Array(good.dropLast(good.count / 3)) + Array("[1,2]\n".utf8)] {
            store.files[Self.index] = bad
            var h = Self.started(store)
            // Read whole when the list opens, it is found wanting and written afresh.
            #expect(Self.shown(&h) == Self.expected(store))
            #expect(store.files[Self.index] == good, "\(bad.count) bytes: \(String(decoding: store.files[Self.index] ?? [], as: UTF8.self).prefix(300))")
        }
    }

    @Test func anIndexOlderThanTheHistoryIsBroughtUpToDate() throws {
        let store = Self.withIndex()
        // Matches appended after the index was written (a keeper killed before writing it).
        store.files[Self.history]? += Self.lines(6..<9)
        var h = Self.started(store)
        #expect(Self.shown(&h).count == 9)
        #expect(Self.shown(&h) == Self.expected(store))
        let head = try #require(store.files[Self.index].flatMap { HistoryIndex.head($0.split(separator: 0x0a)[0]) })
        #expect(head.covers == store.files[Self.history]?.count && head.matches == 9)
    }

    @Test func anIndexOfAnotherHistoryIsRebuilt() throws {
        let store = Self.withIndex()
        // Another history in its place, longer, and of other matches (copied from elsewhere).
        store.files[Self.history] = Self.lines(20..<30, points: 5)
        var h = Self.started(store)
        #expect(Self.shown(&h) == Self.expected(store))
        #expect(Self.shown(&h).count == 10)
    }

    @Test func anIndexPointingPastTheEndIsRebuilt() throws {
        let store = Self.withIndex()
        // The history cut short (restored from an older copy): the index covers more than it holds.
        let all = try #require(store.files[Self.history])
        store.files[Self.history] = Array(all.prefix(all.count / 2))
        var h = Self.started(store)
        let shown = Self.shown(&h)
        #expect(shown == Self.expected(store) && shown.count < 6)
        let head = try #require(store.files[Self.index].flatMap { HistoryIndex.head($0.split(separator: 0x0a)[0]) })
        #expect(head.covers <= all.count / 2)
    }

    @Test func aScoresheetIsReadFromItsLineAndNeverFromAStaleRow() throws {
        let store = Self.withIndex()
        var h = Self.started(store)
        h.press(.char("h"))
        h.press(.escape)
        // The file changed under the rows held in memory: the second match's line blanked
        // (same length, the end of the file the same).
        var changed = try #require(store.files[Self.history])
        let second = try #require(changed.firstIndex(of: 0x0a)) + 1
        let rest = try #require(changed[second...].firstIndex(of: 0x0a))
        changed.replaceSubrange(second..<rest, with: Array(repeating: UInt8(ascii: " "), count: rest - second))
        store.files[Self.history] = changed
        // The oldest match's line is still where its row says.
        h.press(.char("h"), .end, .enter)
        #expect(h.app.modals.top(ScoresheetModal.self) != nil)
        #expect(h.board().text.contains("Ann 0"), "\(h.board().text)")
        h.press(.escape, .escape)
        // The second's is not: no scoresheet of other bytes, and the list read again.
        h.press(.char("h"), .end, .up, .enter)
        #expect(h.app.modals.top(ScoresheetModal.self) == nil)
        while !h.app.modals.isEmpty { h.press(.escape) }
        let shown = Self.shown(&h)
        #expect(shown == Self.expected(store) && shown.count == 5, "\(shown)")
    }

    @Test func aStartReadsTheIndexHeadOnlyWhenItCoversTheHistory() throws {
        let store = Self.withIndex(40)
        let counting = CountingReader(store)
        _ = BadmintonApp(options: AppOptions(), store: counting, context: AppContext(now: 1_800_000_000))
        #expect(counting.historyBytes <= HistoryIndex.tailLength, "\(counting.historyBytes) bytes of the history read at the start")
        #expect(counting.indexBytes <= 512)
    }

    @Test func aStartAfterMatchesAppendedReadsOnlyThem() throws {
        let store = Self.withIndex(40)
        let extra = Array("{\"events\":[oops\n".utf8) + Self.lines(40..<41)
        store.files[Self.history]? += extra
        let counting = CountingReader(store)
        _ = BadmintonApp(options: AppOptions(), store: counting, context: AppContext(now: 1_800_000_000))
        #expect(counting.historyBytes <= HistoryIndex.tailLength + extra.count, "\(counting.historyBytes) bytes of the history read at the start")
        #expect(counting.indexBytes <= 512)
        // The damaged line among them is said at the start, as when the whole history was read.
        #expect(store.notices.contains("1 damaged line of the match history could not be read."), "\(store.notices)")
        var h = Self.started(store)
        #expect(Self.shown(&h) == Self.expected(store) && Self.shown(&h).count == 41)
    }

    @Test func damagedLinesAreSaidAtTheStartAsBefore() throws {
        let store = InMemoryStore()
        store.files[Self.history] = Self.lines(0..<3) + Array("{\"events\":[oops\n".utf8) + Self.lines(3..<4)
        let first = Harness(store: store)
        #expect(first.notices.contains("1 damaged line of the match history could not be read."), "\(first.notices)")
        #expect(store.files[Self.index] != nil)
        // With the index written, the next start says it again from the index's head.
        var h = Harness(store: store)
        #expect(h.notices.contains("1 damaged line of the match history could not be read."), "\(h.notices)")
        if h.setupForm != nil { h.press(.escape) }
        #expect(Self.shown(&h) == Self.expected(store))
    }
}

/// A reader that counts the bytes read of the history and its index.
final class CountingReader: StateReader {
    let store: InMemoryStore
    var historyBytes = 0, indexBytes = 0
    init(_ store: InMemoryStore) { self.store = store }

    func count(_ file: String, _ n: Int) {
        if file == BadmintonApp.historyFile { historyBytes += n }
        if file == CourtFiles.main.historyIndex { indexBytes += n }
    }
    func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? { store.load(type, from: file, version: version) }
    func readBytes(_ file: String) -> [UInt8]? {
        let b = store.readBytes(file)
        count(file, b?.count ?? 0)
        return b
    }
    func readLines(_ file: String, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead? {
        readBytes(file).map { LinesRead.lines(of: $0, body) }
    }
    func readRange(_ file: String, offset: Int, count n: Int) -> FileRange? {
        let r = store.readBytes(file).map { FileRange(of: $0, offset: offset, count: n) }
        count(file, r?.bytes.count ?? 0)
        return r
    }
    func readLines(_ file: String, from offset: Int, _ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead? {
        guard let b = store.readBytes(file) else { return nil }
        count(file, max(0, b.count - offset))
        return FileRange.lines(of: b, from: offset, body)
    }
    func notice(_ text: String) { store.notice(text) }
    var canWrite: Bool { store.canWrite }
    func preference(_ key: String) -> String? { store.preference(key) }
    var keeping: Keeping { store.keeping }
    func fileNames() -> [String] { store.fileNames() }
}

extension HistoryIndexTests {
    /// The list's widths are the strings' widths, made without the strings.
    @Test func theHeadsWidthIsTheWidestHeadsWidth() {
        for seconds in [0.0, 59, 90, 3_599, 3_600, 36_000, 359_999, 3_600_000, 1e9] {
            var row = HistoryRow(Self.match(0))
            row.endedAt = row.startedAt + seconds
            #expect(HistoryListing.durationWidth(row) == DisplayWidth.of(row.duration), "\(seconds)")
            for t in [0.0, 1_790_000_000, -30_000_000_000, 253_402_000_000, 253_402_300_800] {
                row.startedAt = t
                for zone in [LocalZone.fixed(0), .fixed(-12 * 3600), .fixed(14 * 3600)] {
                    #expect(HistoryListing.dateWidth(row, zone: zone) == DisplayWidth.of(MatchReport.shortTime(t, offset: zone.offset(at: t))), "\(t)")
                }
            }
        }
    }
}
