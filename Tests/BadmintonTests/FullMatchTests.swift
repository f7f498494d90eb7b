@testable import Badminton
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiTestSupport
import Testing

/// A match holding all the events a match can (`MatchLog.capacity`, reached only by a
/// journal made or broken by something else): a key that would add one says so, and nothing is
/// written; a retirement still ends the match.
@Suite struct FullMatchTests {
    func fullMatch() -> InMemoryStore {
        let m = Match(names: ["Red", "Blue"])
        m.points("0101")
        while m.take(.shuttle) {}
        return InMemoryStore(files: [BadmintonApp.journalFile: JournalContents.bytes(of: m.log.records)])
    }

    @Test func aKeyThatWouldAddAnEventSaysTheMatchIsFull() {
        let store = fullMatch()
        let before = store.files[BadmintonApp.journalFile]
        var h = Harness(store: store)
        #expect(h.app.log?.isFull == true)
        for key: Key in [.left, .right, .char("u")] {
            h.press(key)
            #expect(h.app.message == BadmintonApp.fullMatch, "\(key)")
        }
        #expect(store.files[BadmintonApp.journalFile] == before)
        #expect(h.app.log?.state.score == [2, 2])
    }

    @Test func aFullMatchIsStillRetired() {
        let store = fullMatch()
        var h = Harness(store: store)
        h.press(.char("x"))
        h.press(.char("2"))
        h.press(.enter)
        #expect(h.state?.isOver == true, "\(String(describing: h.app.message))")
        #expect(h.journal.count == MatchLog.capacity + 1)
    }
}
