import Testing
import BadmintonRules
import TerminiTestSupport
@testable import TerminiHall

/// A court's files as its keeper writes them: the journal's lines, and a history line for
/// each match once the next begins.
struct SimCourt {
    var log: MatchLog
    var journal: [[UInt8]]
    var history: [[UInt8]] = []
    var time: Double

    init(at t: Double = 1_700_000_000) {
        time = t
        log = MatchLog(setup: MatchSetup(format: (try? MatchFormat.parse("1x11").get()) ?? .standard), at: t)
        journal = [log.records[0].line.dropLastNewline]
    }

    var journalBytes: [UInt8] { journal.flatMap { $0 + [0x0a] } }

    /// One rally (or what the match needs next: the next game, a new match). Returns what the
    /// keeper wrote: `.appended(line)`, or a new match (`history` line, new journal).
    enum Wrote: Equatable { case appended([UInt8]), newMatch(history: [UInt8]?, journal: [UInt8]) }

    mutating func rally(team: Int) -> Wrote {
        time += 1
        for action: MatchEvent.Action in [.point(team: team), .nextGame] {
            let e = MatchEvent(action, at: time)
            if log.take(e) {
                journal.append(e.line.dropLastNewline)
                return .appended(e.line.dropLastNewline)
            }
        }
        let h = MatchLines.historyLine(of: log)
        if let h { history.append(h) }
        log = MatchLog(setup: log.setup ?? MatchSetup(), at: time)
        journal = [log.records[0].line.dropLastNewline]
        return .newMatch(history: h, journal: journalBytes)
    }

    mutating func undo() -> Wrote {
        time += 1
        let e = MatchEvent(.undo, at: time)
        guard log.take(e) else { return rally(team: 0) }
        journal.append(e.line.dropLastNewline)
        return .appended(e.line.dropLastNewline)
    }
}

extension CourtOutbox {
    mutating func apply(_ w: SimCourt.Wrote) {
        switch w {
        case .appended(let line): journalAppended(line)
        case .newMatch(let h, let j):
            if let h { historyAppended(h) }
            journalReplaced(j)
        }
    }
}

/// The desk's files, in memory: what `CourtStreams`' writes leave.
struct SimDesk {
    var streams: CourtStreams
    var copy: CourtCopy { streams.primary }
    var files: [String: [UInt8]] = [:]
    var duplicates = 0, gaps = 0, refused: [String] = []

    init(court: String) { streams = CourtStreams(court: court, primary: CourtCopy(court: court, journal: nil, history: nil)) }

    /// Takes one message; true when a replay should be asked.
    mutating func receive(_ payload: [UInt8]) -> Bool {
        switch HallWire.decode(payload, court: copy.court, limit: HallWire.maxMatchBytes) {
        case .failure(let r):
            refused.append(r.description)
            return false
        case .success(let m):
            let (writes, then, outcome) = streams.consider(m, ownerGone: false)
            for w in writes {
                switch w {
                case let .append(f, line): files[f, default: []] += line + [0x0a]
                case let .replace(f, bytes): files[f] = bytes
                }
            }
            streams = then
            switch outcome {
            case .stored: break
            case .duplicate: duplicates += 1
            case .gap:
                gaps += 1
                return true
            case .refused(let why), .fork(let why, _): refused.append(why)
            }
        }
        return false
    }

    /// A copy started again from its files (the desk killed and restarted).
    mutating func restart() {
        let c = streams.court
        let names = Set(files.keys.compactMap { CourtCopy.stream(ofFile: $0).flatMap { $0.court == c ? $0.stream : nil } })
        func read(_ s: String?) -> CourtCopy {
            let f = CourtCopy.files(c, s)
            return CourtCopy(court: c, journal: files[f.journal], history: files[f.history], stream: s)
        }
        streams = CourtStreams(court: c, primary: read(nil), streams: Dictionary(uniqueKeysWithValues: names.map { ($0, read($0)) }),
                               owner: CourtStreams.OwnerFile.parse(files[CourtStreams.OwnerFile.name(c)]))
    }
}

func payload(_ o: CourtOutbox.Outgoing, court: String, keeper: String) -> [UInt8] {
    switch o {
    case let .event(m, s, line, p): return HallWire.encode(.init(court: court, keeper: keeper, match: m, seq: s, previous: p), body: line)
    case let .final(m, c, line, p): return HallWire.encode(.init(court: court, keeper: keeper, match: m, final: c, previous: p), body: line)
    }
}

@Suite struct ExactlyOnceTests {
    let keeper = HallWire.keeperID(host: "court", directory: "/c")

    /// Court 3 with the start and three rallies in its journal, all of them at the desk.
    func threeRalliesAtTheDesk() -> (SimCourt, CourtOutbox, SimDesk) {
        var court = SimCourt()
        var outbox = CourtOutbox(journal: court.journalBytes)
        var desk = SimDesk(court: "3")
        for _ in 0..<3 { outbox.apply(court.rally(team: 0)) }
        for o in outbox.next(limit: 10) { _ = desk.receive(payload(o, court: "3", keeper: keeper)) }
        return (court, outbox, desk)
    }

    @Test func whatTheCourtSendsAfterAnAck() {
        var court = SimCourt()
        var outbox = CourtOutbox(journal: court.journalBytes)
        for _ in 0..<5 { outbox.apply(court.rally(team: 0)) }
        #expect(outbox.pending.count == 6)
        #expect(outbox.unacknowledged == 6)
        outbox.take(HallWire.Ack(match: outbox.match, seq: 4))
        #expect(outbox.pending.map(\.seq) == [5, 6])
        #expect(outbox.acknowledgedSeq == 4)
        #expect(outbox.next(limit: 1).count == 1)
        #expect(outbox.next(limit: 10).map(\.seq) == [6])
        #expect(!outbox.hasUnsent)
        outbox.rewind()
        #expect(outbox.next(limit: 10).map(\.seq) == [5, 6])
        // The match ends offline and another begins: the finished one whole, then the new one.
        let first = outbox.match!
        while outbox.match == first { outbox.apply(court.rally(team: 0)) }
        #expect(outbox.past.map(\.match) == [first])
        let p = outbox.pending
        #expect(p.first == .final(match: first, count: outbox.past[0].count, line: outbox.past[0].line, previous: nil))
        #expect(p.dropFirst().map(\.seq) == [1])
        // A desk with nothing of this keeper gets everything kept, after a restart too.
        outbox.take(HallWire.Ack(match: nil, seq: 0))
        #expect(outbox.pending.count == 2)
        var restarted = CourtOutbox(journal: court.journalBytes, history: court.history)
        restarted.take(HallWire.Ack(match: nil, seq: 0))
        #expect(restarted.pending.count == 2)
        // The first match closed: more than this court sent (it never sent it whole), not believed.
        outbox.take(HallWire.Ack(match: first, seq: 0, closed: true))
        #expect(outbox.pending.count == 2 && outbox.distrust != nil)
        restarted.take(HallWire.Ack(match: first, seq: 0, closed: true))
        #expect(restarted.pending.count == 1 && restarted.distrust == nil)
    }

    /// Two recorders on one directory's files (two desks that raced past the desk's lock):
    /// one behind the other in its memory still appends nothing the disk already holds.
    @Test func twoRecordersOnOneDirectoryStoreEachEventOnce() throws {
        var court = SimCourt()
        var outbox = CourtOutbox(journal: court.journalBytes)
        for _ in 0..<3 { outbox.apply(court.rally(team: 1)) }
        let all = outbox.next(limit: 100).map { payload($0, court: "3", keeper: keeper) }
        let store = InMemoryStore()
        // No broker: the recorders are given the messages.
        let a = try TestDesk.make("mqtt://127.0.0.1:9", store), b = try TestDesk.make("mqtt://127.0.0.1:9", store)
        defer { a.stop(); b.stop() }
        let topic = HallTopics(hall: "hall").court("3", .event)
        func give(_ r: DeskRecorder, _ seqs: [Int]) { r.record(seqs.compactMap { r.receive(topic, all[$0], now: 1) }, now: 1) }
        give(a, [0])
        give(b, [0])
        give(a, [1, 2, 3])
        give(b, [1, 2])
        give(b, [3])
        let once = store.files[CourtFiles(court: "3").journal] == court.journalBytes
        #expect(once, "\(String(decoding: store.files[CourtFiles(court: "3").journal] ?? [], as: UTF8.self))")
        #expect(b.copies["3"]?.lines == court.journal)
    }

    @Test func theDeskTakesEachEventOnceInOrder() {
        var court = SimCourt()
        var outbox = CourtOutbox(journal: court.journalBytes)
        var desk = SimDesk(court: "3")
        for _ in 0..<4 { outbox.apply(court.rally(team: 1)) }
        let all = outbox.next(limit: 100).map { payload($0, court: "3", keeper: keeper) }
        // Out of order: seq 3 before 2 is a gap, then 2, then 3 again: taken once each.
        var asks: [Bool] = []
        for i in [0, 2, 1, 1, 2, 3, 4] { asks.append(desk.receive(all[i])) }
        #expect(asks == [false, true, false, false, false, false, false])
        #expect(desk.copy.lines == court.journal)
        let same = desk.files["badminton-3-match.jsonl"] == court.journalBytes
        #expect(same)
        #expect(desk.duplicates == 1 && desk.gaps == 1 && desk.refused.isEmpty)
        #expect(desk.copy.ack() == HallWire.Ack(keeper: keeper, match: outbox.match, seq: 5))
    }

    @Test func forgedAndHostileEventsChangeNothingStored() {
        var (_, outbox, desk) = threeRalliesAtTheDesk()
        let before = desk.files
        let m = outbox.match!
        let other = HallWire.keeperID(host: "intruder", directory: "/x")
        let point = MatchEvent(.point(team: 1), at: 1_700_000_099).line.dropLastNewline
        let hostile: [[UInt8]] = [
            Array("garbage".utf8),
            Array(repeating: 0x41, count: HallWire.maxMatchBytes + 1),
            HallWire.encode(.init(court: "3", keeper: keeper, match: m, seq: 2), body: point),     // seq 2 again, other bytes
            HallWire.encode(.init(court: "3", keeper: keeper, match: m, seq: 5), body: Array("{\"t\":1,\"a\":\"nonsense\"}".utf8)),
            HallWire.encode(.init(court: "3", keeper: other, match: m, seq: 5), body: point),       // a second keeper
            HallWire.encode(.init(court: "4", keeper: keeper, match: m, seq: 5), body: point),      // another court's name
            HallWire.encode(.init(court: "3", keeper: keeper, match: m - 100, seq: 1), body: point), // an older match
            HallWire.encode(.init(court: "3", keeper: keeper, match: m + 100, seq: 1), body: point), // a new match not started
            HallWire.encode(.init(court: "3", keeper: keeper, match: m, seq: 5), body: point + [0x0a] + point),
            HallWire.encode(.init(court: "3", keeper: keeper, match: m + 5, final: 3), body: point),
        ]
        for h in hostile { _ = desk.receive(h) }
        // Nothing of court 3's files changes; the second keeper's seq 5 is a gap of its own stream.
        let unchanged = desk.files == before
        #expect(unchanged)
        #expect(desk.refused.count == hostile.count - 1 && desk.gaps == 1, "\(desk.refused)")
        // A forged seq far ahead is only a gap: nothing stored, a replay asked for.
        let asked = desk.receive(HallWire.encode(.init(court: "3", keeper: keeper, match: m, seq: 900), body: point))
        #expect(asked)
        let stillUnchanged = desk.files == before
        #expect(stillUnchanged)
        // A second keeper's new match is a stream of its own, beside court 3's files.
        let start = MatchLog(setup: MatchSetup(), at: 1_700_000_500).records[0].line.dropLastNewline
        _ = desk.receive(HallWire.encode(.init(court: "3", keeper: other, match: 1_700_000_500, seq: 1), body: start))
        #expect(desk.streams.streams[other]?.match == 1_700_000_500 && desk.copy.lines.count == 4)
    }

    @Test func aFinishedMatchReplacesTheDesksPartOfIt() {
        var (court, outbox, desk) = threeRalliesAtTheDesk()
        outbox.take(desk.copy.ack())
        // Offline: the match ends and the next one begins, with two rallies.
        let first = outbox.match!
        while outbox.match == first { outbox.apply(court.rally(team: 0)) }
        for _ in 0..<2 { outbox.apply(court.rally(team: 1)) }
        outbox.rewind()
        for o in outbox.next(limit: 100) { _ = desk.receive(payload(o, court: "3", keeper: keeper)) }
        let same = desk.files["badminton-3-history.jsonl"] == court.history.flatMap { $0 + [0x0a] }
            && desk.files["badminton-3-match.jsonl"] == court.journalBytes
        #expect(same)
        #expect(desk.refused.isEmpty)
    }

    /// Court and desk over a channel that drops, doubles and reorders, both killed now and
    /// then, the desk's acks lost too: once the channel is clean again the desk's files are
    /// the court's, byte for byte, every match, each event once, in order.
    @Test(arguments: 1...16)
    func overABadChannelTheDeskEndsWithTheCourtsFiles(seed: UInt64) {
        var random = FuzzRandom(seed: seed)
        var court = SimCourt()
        var outbox = CourtOutbox(journal: court.journalBytes)
        var desk = SimDesk(court: "3")
        var inFlight: [[UInt8]] = []
        var askReplay = false
        for step in 0..<600 {
            let clean = step >= 500
            if step < 450 {
                let r = Int.random(in: 0..<10, using: &random)
                outbox.apply(r == 0 ? court.undo() : court.rally(team: r % 2))
            }
            inFlight += outbox.next(limit: Int.random(in: 1...4, using: &random)).map { payload($0, court: "3", keeper: keeper) }
            if !clean {
                if Bool.random(using: &random), !inFlight.isEmpty { inFlight.shuffle(using: &random) }
                if Int.random(in: 0..<5, using: &random) == 0, !inFlight.isEmpty { inFlight.remove(at: 0) }
                if Int.random(in: 0..<5, using: &random) == 0, let f = inFlight.first { inFlight.append(f) }
                if Int.random(in: 0..<40, using: &random) == 0 { desk.restart() }
                if Int.random(in: 0..<30, using: &random) == 0 {
                    // The court restarts: its outbox from its files, the ack to come again.
                    outbox = CourtOutbox(journal: court.journalBytes, history: court.history)
                    inFlight.removeAll()
                }
                if Int.random(in: 0..<20, using: &random) == 0 { outbox.rewind() }
            }
            for p in inFlight where desk.receive(p) { askReplay = true }
            inFlight.removeAll()
            if clean || Int.random(in: 0..<3, using: &random) != 0 { outbox.take(desk.copy.ack(replay: askReplay), now: Double(step)) }
            askReplay = false
            outbox.rewindIfStalled(now: Double(step), after: 3)
        }
        let deskHistory = MatchLines.lines(of: desk.files["badminton-3-history.jsonl", default: []])
        let sameJournal = desk.files["badminton-3-match.jsonl"] == court.journalBytes
        let sameHistory = deskHistory == court.history
        #expect(sameJournal, "journal: desk \(desk.copy.lines.count) lines of \(String(describing: desk.copy.match)), court \(court.journal.count) of \(court.log.startedAt)")
        let d = deskHistory.compactMap { MatchLines.historyMatch($0) }, c = court.history.compactMap { MatchLines.historyMatch($0) }
        let firstDiff = Array(zip(d, c)).firstIndex { $0.0 != $0.1 } ?? min(d.count, c.count)
        #expect(sameHistory, "history: \(d.count) v \(c.count) matches, first difference at \(firstDiff): desk \(d.dropFirst(firstDiff).prefix(2)), court \(c.dropFirst(firstDiff).prefix(2))")
        #expect(desk.refused.isEmpty, "\(desk.refused.prefix(3))")
        #expect(outbox.unacknowledged == 0)
        #expect(court.history.count >= 2)
    }
}
