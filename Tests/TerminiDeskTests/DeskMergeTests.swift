import Testing
import BadmintonRules
@testable import TerminiDesk

@Suite struct DeskMergeTests {
    static let t0 = 1_800_000_000.0

    func m(_ n: String, _ a: String, _ b: String, round: String = "R1") -> DeskMatch {
        DeskMatch(number: n, event: "MS", round: round, teams: [DeskTeam(players: [a]), DeskTeam(players: [b])])
    }

    @Test func readingTheSameFileAgainLosesNoCallAndNoResult() {
        var d = DeskState()
        #expect(d.merge([m("1", "Ann", "Bea"), m("2", "Cy", "Di"), m("3", "Eva", "Fay")]).added == ["1", "2", "3"])
        _ = d.call("1", court: "1", at: Self.t0, rest: 0)
        d.finish(DeskResult(match: d.match("2")!, court: "2", ending: .walkover(1), start: nil, end: Self.t0))
        let before = d
        let again = d.merge([m("1", "Ann", "Bea"), m("2", "Cy", "Di"), m("3", "Eva", "Fay")])
        #expect(d == before)
        #expect(!again.changesState)
        #expect(again.summary == "matches: no match added or changed")
    }

    @Test func aCorrectedFileChangesOnlyWaitingMatchesAndSaysWhatChanged() {
        var d = DeskState()
        _ = d.merge([m("1", "Ann", "Bea"), m("2", "Cy", "Di"), m("3", "Eva", "Fay")])
        _ = d.call("1", court: "1", at: Self.t0, rest: 0)
        let r = d.merge([m("1", "Ann", "Zed"), m("3", "Eva", "Gus", round: "R2"), m("4", "Hal", "Ivy")])
        #expect(r.added == ["4"])
        #expect(r.updated == ["3"])
        #expect(r.kept == ["1"])
        #expect(r.missing == ["2"])
        #expect(d.match("1")?.teams[1].players == ["Bea"])
        #expect(d.match("3")?.round == "R2")
        #expect(d.match("2") != nil)
        #expect(d.call(of: "1") != nil)
        #expect(r.summary == "matches: 1 added; 1 changed (3); 1 called or finished: kept as the desk has them; 2 not in the file: kept")
    }

    @Test func theCallIsSpokenWithEventRoundNamesAndCountries() {
        let match = DeskMatch(number: "12", event: "MS", round: "R2",
                              teams: [DeskTeam(players: ["Lin Dan"], country: "CHN"), DeskTeam(players: ["Lee Chong Wei"], country: "MAS")])
        #expect(DeskAnnouncement.text(match, court: "3") == "Match 12, men's singles, round two: Lin Dan, China, and Lee Chong Wei, Malaysia, court 3.")
        let pair = DeskMatch(number: "7", event: "Open XD", round: "QF",
                             teams: [DeskTeam(players: ["Ann", "Bob"], country: "Club Nord"), DeskTeam(players: ["Cy", "Di"])])
        #expect(DeskAnnouncement.text(pair, court: "1") == "Match 7, Open XD, quarter-final: Ann and Bob, Club Nord, and Cy and Di, court 1.")
    }

    /// Issue 27: the call is spoken in the hall's calls language, not always in English.
    @Test func theCallIsSaidInTheHallsLanguage() {
        let match = DeskMatch(number: "12", event: "MS", round: "R2",
                              teams: [DeskTeam(players: ["Lin Dan"], country: "CHN"), DeskTeam(players: ["Lee Chong Wei"], country: "MAS")])
        let de = CallTable.resolve("de", user: nil), fr = CallTable.resolve("fr", user: nil), nl = CallTable.resolve("nl", user: nil)
        #expect(DeskAnnouncement.text(match, court: "3", calls: de) == "Spiel 12, Herreneinzel, Runde 2: Lin Dan, China, und Lee Chong Wei, Malaysia, Feld 3.")
        #expect(DeskAnnouncement.text(match, court: "3", calls: fr) == "Match 12, simple messieurs, tour 2 : Lin Dan, China, et Lee Chong Wei, Malaysia, terrain 3.")
        let pair = DeskMatch(number: "7", event: "XD", round: "F", teams: [DeskTeam(players: ["Ann", "Bob"]), DeskTeam(players: ["Cy", "Di"])])
        #expect(DeskAnnouncement.text(pair, court: "1", calls: nl) == "Wedstrijd 7, gemengd dubbel, finale: Ann en Bob, en Cy en Di, baan 1.")
    }
}
