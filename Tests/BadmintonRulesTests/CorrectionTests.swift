@testable import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiData
import Testing

/// Corrections (a wrong server or a service-court error noticed rallies later, a score kept
/// wrong): journal events like any other, undoable, exported, never a rewrite of the past.
@Suite struct CorrectionTests {
    /// Doubles at love all, Red 1 serving to Blue 1.
    func doubles() -> Match {
        let m = Match(doubles: true)
        m.take(.service(team: 0, server: 0, receiver: 0))
        return m
    }

    @Test func theServingSideCanBeCorrectedRalliesLater() {
        let m = Match()
        m.points("00011")  // 3-2, Blue serving from the right
        let before = m.state
        let pastEvents = m.log.effective
        #expect(m.take(.correctService(team: 0, server: 0, receiver: 0)))
        #expect(m.state.server == 0 && m.state.serviceCourt == .left && m.state.score == [3, 2])
        #expect(Array(m.log.effective.prefix(pastEvents.count)) == pastEvents, "the past stays as it was")
        #expect(m.log.effective.last?.action == .correctService(team: 0, server: 0, receiver: 0))
        m.undo()
        #expect(m.state == before)
        // The next rally follows the corrected service.
        m.redo()
        m.points("1")
        #expect(m.state.score == [3, 3] && m.state.server == 1 && m.state.serviceOver)
    }

    @Test func doublesServerAndReceiverCorrectedInTheirCourts() {
        let m = doubles()
        m.points("001")  // 2-1 Blue; Blue serves from the left
        #expect(m.take(.correctService(team: 1, server: 0, receiver: 1)))
        let s = m.state
        #expect(s.serverPlayer == 0 && s.court(ofPlayer: 0, team: 1) == .left, "the server stands in the court of the side's score")
        #expect(s.receiverPlayer == 1 && s.court(ofPlayer: 1, team: 0) == .left, "the receiver diagonally opposite")
        #expect(s.serverName() == "Blue 1" && s.receiverName() == "Red 2")
        #expect(!m.take(.correctService(team: 1, server: 0, receiver: 1)), "a correction that changes nothing is no event")
    }

    @Test func theCourtsOfAPairCorrected() {
        let m = doubles()
        m.points("0")  // 1-0 Red; Red 1 serves from the left, to Blue 2
        #expect(m.state.receiverName() == "Blue 2")
        #expect(m.take(.correctCourts(team: 1, right: 1)), "Blue 2 stands in the right court")
        #expect(m.state.receiverName() == "Blue 1" && m.state.court(ofPlayer: 1, team: 1) == .right)
        #expect(m.take(.correctCourts(team: 0, right: 0)), "Red 1 in the right court: Red 2 is in the left and serves")
        #expect(m.state.serverName() == "Red 2" && m.state.court(ofPlayer: m.state.serverPlayer, team: 0) == m.state.serviceCourt)
        #expect(!m.take(.correctCourts(team: 0, right: 0)))
        let single = Match()
        #expect(!single.take(.correctCourts(team: 0, right: 1)), "in singles the courts follow the score")
    }

    @Test func theScoreOfTheGameSetByHand() {
        let m = Match()
        m.points("0001")  // 3-1 Blue serving
        let before = m.state
        #expect(m.take(.correctScore([5, 3])))
        #expect(m.state.score == [5, 3] && m.state.server == 1 && m.state.serviceCourt == .left)
        #expect(m.state.games.isEmpty && m.state.phase == .playing)
        m.points("0")
        #expect(m.state.score == [6, 3] && m.state.server == 0)
        m.undo()
        m.undo()
        #expect(m.state == before)
        // Refused: a score that would end the game (score the rally instead), beyond the cap, the same.
        #expect(!m.take(.correctScore([21, 3])))
        #expect(!m.take(.correctScore([30, 29])))
        #expect(!m.take(.correctScore([31, 29])))
        #expect(!m.take(.correctScore([3, 1])))
        #expect(m.take(.correctScore([29, 29])), "29-all is a score")
    }

    @Test func aScoreCorrectedInDoublesMovesTheServeToThePlayerInThatCourt() {
        let m = doubles()
        m.points("0")  // 1-0: Red 1 serves from the left, Red 2 in the right
        #expect(m.take(.correctScore([2, 0])))
        #expect(m.state.serviceCourt == .right && m.state.serverName() == "Red 2", "nobody moves; the player in the right court serves")
    }

    @Test func aCorrectedScoreBringsNoIntervalButTheNextArrivalDoes() {
        let m = Match()
        m.score(9, 2)
        #expect(m.take(.correctScore([12, 2])))
        #expect(m.state.interval == nil)
        m.points("0")
        #expect(m.state.interval == nil, "the lead had passed 11 already")
        let n = Match()
        n.score(5, 2)
        n.take(.correctScore([10, 2]))
        n.points("0")
        #expect(n.state.interval?.kind == .midGame)
    }

    @Test func correctionsOnlyWhilePlaying() {
        let m = Match()
        m.score(21, 3)
        #expect(m.state.phase == .gameOver)
        #expect(!m.take(.correctScore([20, 3])), "between games: undo takes the game back")
        #expect(!m.take(.correctService(team: 1, server: 0, receiver: 0)))
        let d = Match(doubles: true)
        #expect(!d.take(.correctService(team: 0, server: 1, receiver: 0)), "the choice of server is its own dialog")
        let s = Match()
        #expect(!s.take(.correctService(team: 0, server: 1, receiver: 0)), "singles: one player a side")
    }

    @Test func correctionEventsRoundTripWithTheirRanges() {
        let events: [MatchEvent] = [
            MatchEvent(.correctService(team: 1, server: 0, receiver: 1), at: 1),
            MatchEvent(.correctCourts(team: 0, right: 1), at: 2),
            MatchEvent(.correctScore([12, 9]), at: 3),
        ]
        let lines = events.map { String(decoding: $0.line, as: UTF8.self) }
        #expect(lines == ["{\"e\":\"correct-service\",\"receiver\":1,\"server\":0,\"t\":1,\"team\":1}\n",
                          "{\"e\":\"correct-courts\",\"right\":1,\"t\":2,\"team\":0}\n",
                          "{\"e\":\"correct-score\",\"score\":[12,9],\"t\":3}\n"])
        #expect(JournalContents.read(JournalContents.bytes(of: events)).events == events)
        for bad in ["{\"e\":\"correct-score\",\"t\":1,\"score\":[12]}", "{\"e\":\"correct-score\",\"t\":1,\"score\":[-1,3]}",
                    "{\"e\":\"correct-score\",\"t\":1,\"score\":[100,3]}", "{\"e\":\"correct-courts\",\"t\":1,\"team\":0,\"right\":2}",
                    "{\"e\":\"correct-service\",\"t\":1,\"team\":0,\"server\":0}"] {
            #expect(MatchEvent.parse(line: Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test func correctionsAreInTheExport() {
        let m = Match()
        m.points("01")
        m.take(.correctScore([4, 2]))
        let csv = MatchReport.export([m.log], as: .csv)
        #expect(csv.split(separator: "\n").last?.contains(",correct-score,,4,2,1,Blue") == true, "\(csv)")
        let json = MatchReport.export([m.log], as: .json)
        #expect(json.contains("\"event\":\"correct-score\",\"score\":[4,2],\"game\":1"))
    }
}
