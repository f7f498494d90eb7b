@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiData
import Testing

/// A match holds at most `MatchLog.capacity` events: a journal of any size (a hostile or
/// broken one repeating an event a million times) is replayed in the memory of that many, and
/// the keeper and the replay of its journal stop at the same event, so a restart reads the
/// match the screen showed.
@Suite struct MatchCapacityTests {
    /// Shuttles until the match takes no more (a few past its capacity at most, if it has none).
    func fill(_ m: Match) {
        while m.log.records.count < MatchLog.capacity + 10, m.take(.shuttle) {}
    }

    @Test func aMatchTakesNoEventPastItsCapacity() {
        let m = Match()
        var taken = 1
        while taken < MatchLog.capacity + 10, m.take(.shuttle) { taken += 1 }
        #expect(taken == MatchLog.capacity)
        #expect(m.log.records.count == MatchLog.capacity)
        #expect(m.log.isFull)
        #expect(!m.take(.undo))
        #expect(!m.take(.point(team: 0)))
        #expect(m.log.records.count == MatchLog.capacity)
    }

    @Test func undoAndRedoAreEventsLikeAnyOther() {
        let m = Match()
        m.points(0, 3)
        while m.log.records.count < MatchLog.capacity + 10, m.take(.undo), m.take(.redo) {}
        #expect(m.log.records.count == MatchLog.capacity)
        #expect(m.state.score == [3, 0])
    }

    /// A full match can still be retired: the umpire is never left with a match that cannot end.
    @Test func aFullMatchCanStillBeRetired() {
        let m = Match()
        fill(m)
        #expect(m.take(.retire(team: 1)))
        #expect(m.state.isOver)
        #expect(!m.take(.undo))
        #expect(!m.take(.retire(team: 0)))
        #expect(m.log.records.count == MatchLog.capacity + 1)
    }

    /// The journal of a full match replays to the same match, whatever follows it in the file.
    @Test func aJournalPastTheCapacityReplaysToTheMatchTheKeeperHad() {
        let m = Match()
        m.points("0101")
        fill(m)
        var bytes = JournalContents.bytes(of: m.log.records)
        for i in 0..<500 { bytes += MatchEvent(.point(team: i % 2), at: 2_000_000 + Double(i)).line }
        var reader = JournalContents.Reader()
        _ = LinesRead.lines(of: bytes) { reader.take($0) }
        let same = reader.log == m.log  // compared whole, said in one word (the logs are long)
        #expect(same)
        #expect(reader.events == MatchLog.capacity + 500)
        #expect(reader.damagedLines == 0)
    }
}
