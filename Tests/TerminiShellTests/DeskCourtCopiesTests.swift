import Testing
import TerminiCore
import TerminiApp
import TerminiStore
import TerminiHall
@testable import TerminiDesk
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiTestSupport
@testable import TerminiShell

/// The desk reads a court's recorded history from its end, only as far back as a call needs
/// (issue 28: 64 courts of 10,000 matches each, 20 MB a court, in a desk of 32 MiB).
@Suite struct DeskCourtCopiesTests {
    static let t0 = 1_800_000_000.0

    /// `n` matches played one after another from `t`, a line each as the keeper writes them.
    static func history(_ n: Int, from t: Double) -> (lines: [[UInt8]], logs: [MatchLog]) {
        var lines: [[UInt8]] = [], logs: [MatchLog] = []
        for i in 0..<n {
            let m = Match(names: ["P\(i)", "Q\(i)"], at: t + Double(i) * 3600)
            m.score(21, i % 20)
            m.take(.nextGame)
            m.score(i % 19, 21)
            m.take(.nextGame)
            m.score(21, 17)
            lines.append(HistoryEntry(events: m.log.effective).line)
            logs.append(m.log)
        }
        return (lines, logs)
    }

    @Test func aHistoryOverTheSnapshotLimitGivesTheResultAndTheScoresheetAndStaysWhereItIs() throws {
        let dir = TempDir("desk-tail")
        let store = FileStore(directory: dir.path)
        // Far smaller than a season's history, as 8 MiB is to 10,000 matches.
        store.readLimit = 8192
        let t0 = DeskCourtCopiesTests.t0
        var desk = DeskState(matches: [DeskMatch(number: "1", event: "MS", round: "R1", teams: [DeskTeam(players: ["Ann"]), DeskTeam(players: ["Bea"])])])
        let past = DeskCourtCopiesTests.history(40, from: t0 - 40 * 3600)
        _ = desk.call("1", court: "1", at: t0, rest: 0)
        try DeskFile.save(desk, to: store)
        let m = Match(names: ["Ann", "Bea"], at: t0 + 100)
        m.score(21, 9)
        m.take(.nextGame)
        m.score(21, 7)
        let file = CourtFiles(court: "1").history
        try store.append(file, bytes: past.lines.flatMap { $0 } + HistoryEntry(events: m.log.effective).line)
        #expect((store.readRange(file, offset: 0, count: 0)?.size ?? 0) > 8192)
        let out = DeskCommand.results(.csv, store: store)
        #expect(out.stdout.split(separator: "\n").last?.hasPrefix("1,MS,R1,1,Ann,,Bea,,Ann,21-9 21-7,played,") == true)
        let sheet = DeskCommand.scoresheet("1", store: store)
        #expect(sheet.status == 0 && sheet.stdout.contains("Ann") && sheet.stderr.isEmpty)
        // Nothing was kept aside as too large: the history is the court's, whole.
        #expect(store.fileNames().filter { $0.hasPrefix("badminton-1-history") } == [file])
        #expect(store.readRange(file, offset: 0, count: 0)?.size == (past.lines + [HistoryEntry(events: m.log.effective).line]).map(\.count).reduce(0, +))
    }

    @Test func theLinesFromTheEndAreTheFilesLinesReversedAtEveryChunkSize() {
        let texts = ["", "a", "a\n", "\n\n", "ab\ncd\n", "ab\ncd", "one\n\ntwo\nthree\n", "x\nyy\nzzz\nwwww\nvvvvv"]
        for text in texts {
            let store = InMemoryStore(files: ["h": Array(text.utf8)])
            var forward = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if text.hasSuffix("\n") || text.isEmpty { forward.removeLast() }
            for chunk in 1...8 {
                var back: [String] = []
                HistoryTail.lines(store, "h", chunk: chunk) { back.append(String(decoding: $0, as: UTF8.self)); return true }
                // The empty line after the last newline comes first, as the end of the file.
                let expected = (text.hasSuffix("\n") ? [""] : []) + forward.reversed()
                #expect(back == (text.isEmpty ? [""] : expected), "\(text.debugDescription) chunk \(chunk)")
            }
        }
        var none: [String] = []
        HistoryTail.lines(InMemoryStore(), "h") { none.append(String(decoding: $0, as: UTF8.self)); return true }
        #expect(none.isEmpty)
    }

    @Test func aLineOverTheLimitIsSkippedNotHeld() {
        let long = [UInt8](repeating: 0x61, count: HistoryTail.lineLimit + 10)
        let store = InMemoryStore(files: ["h": Array("first\n".utf8) + long + Array("\nlast\n".utf8)])
        var back: [[UInt8]] = []
        HistoryTail.lines(store, "h") { back.append(Array($0)); return true }
        #expect(back.map(\.count) == [0, 4, 5] && back.last == Array("first".utf8))
        // Where it is the first line (no newline before it) too.
        var first: [Int] = []
        HistoryTail.lines(InMemoryStore(files: ["h": long + Array("\nlast".utf8)]), "h") { first.append($0.count); return true }
        #expect(first == [4])
    }

    @Test func theMatchesSinceAreWhatTheWholeHistorySaysWithADuplicateAndDamage() {
        let t0 = DeskCourtCopiesTests.t0
        let h = DeskCourtCopiesTests.history(12, from: t0)
        // A match kept twice (a crash between the history and the next start), a damaged line, a cut last line.
        var lines = h.lines
        lines.insert(Array("{\"events\":[{\"damaged".utf8) + [0x0a], at: 5)
        lines.insert(h.lines[8], at: 9)
        let bytes = lines.flatMap { $0 } + Array("{\"events\":[".utf8)
        let store = InMemoryStore(files: ["h": bytes])
        let all = HistoryEntry.readAll(bytes).matches
        for k in -1...13 {
            let since = t0 + Double(k) * 3600 - 1
            let tail = HistoryTail.matches(store, "h", since: since)
            #expect(tail.map(\.records) == all.filter { $0.startedAt >= since }.map(\.records), "since match \(k)")
        }
        #expect(HistoryTail.match(store, "h", startedAt: h.logs[8].startedAt)?.records == h.logs[8].records)
        #expect(HistoryTail.match(store, "h", startedAt: t0 + 0.5) == nil)
        // The newest match, as the desk's copy acknowledges it, is the whole history's.
        let copy = CourtCopy(court: "1", journal: nil, history: bytes)
        #expect(HistoryTail.newest(store, "h")?.match == copy.closed && copy.closed == h.logs[11].startedAt)
        #expect(HistoryTail.newest(InMemoryStore(), "h") == nil)
    }

    /// A court with a season's history joining the hall reads only the matches it may send
    /// (the last `CourtOutbox.pastKept`), from the end: reading it whole, the store kept the
    /// court's own history aside as too large to be Termini's.
    @Test func aCourtsHistoryOverTheSnapshotLimitStaysWhereItIsWhenTheCourtJoinsTheHall() throws {
        let dir = TempDir("court-tail")
        let store = FileStore(directory: dir.path)
        store.readLimit = 8192
        let h = DeskCourtCopiesTests.history(80, from: DeskCourtCopiesTests.t0)
        let file = CourtFiles(court: "1").history
        try store.append(file, bytes: h.lines.flatMap { $0 })
        guard case .success(let address) = HallAddress.parse("mqtt://127.0.0.1:9/t") else { Issue.record("no address"); return }
        let hall = HallStart(settings: HallSettings(address: address), address: address, credentials: nil)
        guard case .success(let publisher) = HallService.publisher("1", hall: hall, store: store, keeper: "k", now: DeskCourtCopiesTests.t0 + 400_000) else {
            Issue.record("no publisher")
            return
        }
        defer { publisher.stop() }
        let wanted = h.lines.suffix(CourtOutbox.pastKept).map { Array($0.dropLast()) }
        #expect(publisher.outbox.past.map(\.line) == wanted)
        #expect(store.fileNames().filter { $0.hasPrefix("badminton-1-history") } == [file])
    }

    @Test func theLastLinesAreTheFilesLastNonBlankLines() {
        let text = "a\n\n  \nbb\nccc\n\n"
        let store = InMemoryStore(files: ["h": Array(text.utf8)])
        for n in 0...5 {
            #expect(HistoryTail.lastLines(store, "h", count: n) == MatchLines.lines(of: Array(text.utf8)).suffix(n).map { $0 }, "\(n)")
        }
        #expect(HistoryTail.lastLines(InMemoryStore(), "h", count: 3).isEmpty)
    }

    /// The memos read a history again once it has changed (a match appended), never a stale
    /// list: the desk's screen and its recorder read a court's copy at every event.
    @Test func theMemosReadTheHistoryAgainOnceAMatchIsAppended() {
        let t0 = DeskCourtCopiesTests.t0
        let h = DeskCourtCopiesTests.history(6, from: t0)
        let store = InMemoryStore(files: ["h": h.lines.prefix(5).flatMap { $0 }])
        let since = Memo<HistoryTail.Since, [MatchLog]>(), newest = Memo<HistoryTail.Identity, HistoryTail.Newest>()
        let from = t0 + 3 * 3600 - 1
        #expect(HistoryTail.matches(store, "h", since: from, memo: since).map(\.records) == h.logs[3...4].map(\.records))
        #expect(HistoryTail.newest(store, "h", memo: newest)?.match == h.logs[4].startedAt)
        let before = HistoryTail.identity(store, "h")
        store.files["h"] = (store.files["h"] ?? []) + h.lines[5]
        #expect(HistoryTail.identity(store, "h") != before && HistoryTail.identity(store, "h")?.size == h.lines.map(\.count).reduce(0, +))
        #expect(HistoryTail.matches(store, "h", since: from, memo: since).map(\.records) == h.logs[3...5].map(\.records))
        #expect(HistoryTail.newest(store, "h", memo: newest)?.match == h.logs[5].startedAt)
        #expect(HistoryTail.matches(InMemoryStore(), "h", since: from, memo: since).isEmpty && HistoryTail.newest(InMemoryStore(), "h", memo: newest) == nil)
    }
}
