@testable import BadmintonRules
import BadmintonRulesTestSupport
import Testing

@Suite struct RuleTests {
    @Test func deuceNeedsTwoPointLead() {
        let m = Match()
        m.score(20, 20)
        m.points("0")
        #expect(m.state.score == [21, 20] && m.state.phase == .playing, "21-20 does not end the game")
        m.points("0")
        #expect(m.state.phase == .gameOver)
        #expect(m.state.games == [[22, 20]])
        #expect(m.state.gameWinners == [0])
    }

    @Test func cappedAtThirty() {
        let m = Match()
        m.score(29, 28)
        #expect(m.state.phase == .playing, "29-28 does not end the game")
        m.points("1")
        #expect(m.state.score == [29, 29] && m.state.phase == .playing)
        m.points("1")
        #expect(m.state.phase == .gameOver && m.state.games == [[29, 30]])
    }

    @Test func threeByFifteen() {
        let a = Match("3x15")
        a.score(13, 13)
        a.points("0")
        #expect(a.state.phase == .playing, "14-13 is not a win")
        a.points("0")
        #expect(a.state.games == [[15, 13]], "15-13 is")
        let b = Match("3x15")
        b.score(15, 13)
        #expect(b.state.phase == .gameOver && b.state.games == [[15, 13]])
        let c = Match("3x15")
        c.score(14, 14)
        c.points("0")
        #expect(c.state.phase == .playing)
        c.points("0")
        #expect(c.state.games == [[16, 14]])
        let d = Match("3x15")
        d.score(20, 20)
        #expect(d.state.phase == .playing)
        d.points("1")
        #expect(d.state.games == [[20, 21]])
    }

    @Test func fiveByElevenAndOneGame() {
        let m = Match("5x11")
        for _ in 0..<3 {
            m.score(11, 5)
            if m.state.phase == .gameOver { m.take(.nextGame) }
        }
        #expect(m.state.phase == .matchOver && m.state.winner == 0 && m.state.games.count == 3)
        let one = Match("1x21")
        one.score(21, 3)
        #expect(one.state.phase == .matchOver && one.state.winner == 0)
    }

    @Test func serviceFollowsTheRallyAndTheScoreParity() {
        let m = Match(firstServer: 1)
        #expect(m.state.server == 1 && m.state.serviceCourt == .right)
        m.points("1")
        #expect(m.state.server == 1 && m.state.serviceCourt == .left, "1 point: odd, left court")
        m.points("0")
        #expect(m.state.server == 0 && m.state.serviceCourt == .left, "service over; 0 has 1 point")
        m.points("0")
        #expect(m.state.server == 0 && m.state.serviceCourt == .right)
    }

    @Test func winnerOfAGameServesFirstInTheNextAndEndsChange() {
        let m = Match()
        #expect(m.state.left == 0)
        m.score(19, 21)
        #expect(m.state.phase == .gameOver)
        #expect(!m.take(.point(team: 0)), "score keys are ignored between games")
        #expect(m.state.score == [19, 21])
        m.take(.nextGame)
        #expect(m.state.score == [0, 0] && m.state.server == 1 && m.state.left == 1 && m.state.phase == .playing)
        #expect(m.state.gameNumber == 2)
    }

    @Test func gameAndMatchPoint() {
        let m = Match()
        m.score(20, 18)
        #expect(m.state.hasGamePoint(0) && !m.state.hasGamePoint(1))
        #expect(!m.state.hasMatchPoint(0))
        m.points("0")
        m.take(.nextGame)
        m.score(20, 20)
        #expect(!m.state.hasGamePoint(0))
        m.points("0")
        #expect(m.state.hasMatchPoint(0) && !m.state.hasMatchPoint(1))
        m.points("1")
        #expect(!m.state.hasGamePoint(0) && !m.state.hasGamePoint(1))
        m.score(29, 29)
        #expect(m.state.hasMatchPoint(0) && m.state.hasGamePoint(1) && !m.state.hasMatchPoint(1))
    }

    @Test func midGameIntervalAtElevenInEveryGame() {
        let m = Match()
        m.score(10, 9)
        #expect(m.state.interval == nil)
        m.points("0")
        #expect(m.state.interval?.kind == .midGame)
        #expect(m.state.interval?.start == m.time)
        #expect(m.state.left == 0, "no change of ends in game 1")
        m.take(.endInterval)
        #expect(m.state.interval == nil)
        m.points("1")
        m.points("0")
        #expect(m.state.interval == nil, "only the first arrival at 11")
    }

    @Test func aPointEndsAnInterval() {
        let m = Match()
        m.score(11, 0)
        #expect(m.state.interval != nil)
        m.points("1")
        #expect(m.state.interval == nil && m.state.score == [11, 1])
    }

    @Test func intervalCountdown() {
        let iv = Interval(kind: .midGame, start: 100)
        #expect(iv.shownSeconds(at: 100) == 60)
        #expect(iv.shownSeconds(at: 100.2) == 60)
        // The umpire's test: a 60 s interval first showed 1:01 (a frame drawn a moment before
        // the rally's time): a countdown never shows more than its length.
        #expect(iv.shownSeconds(at: 99.5) == 60)
        #expect(iv.shownSeconds(at: 101) == 59)
        #expect(iv.shownSeconds(at: 159.9) == 1)
        #expect(iv.shownSeconds(at: 160) == 0)
        #expect(Interval(kind: .betweenGames, start: 0).duration == 120)
    }

    @Test func betweenGamesIntervalStartsWithTheWinningRally() {
        let m = Match()
        m.score(21, 10)
        #expect(m.state.interval?.kind == .betweenGames)
        #expect(m.state.interval?.start == m.time)
        m.take(.nextGame)
        #expect(m.state.interval?.kind == .betweenGames, "it runs on into the next game until played or ended")
        m.points("0")
        #expect(m.state.interval == nil)
    }

    /// Game 3: 11 changes ends and brings the interval; undo puts both back; 11 again
    /// triggers both again; 10-11 → 11-11 triggers nothing.
    @Test func changeOfEndsInTheDecidingGameAndItsUndo() {
        let m = Match()
        m.score(21, 10)
        m.take(.nextGame)
        m.score(10, 21)
        m.take(.nextGame)
        #expect(m.state.gameNumber == 3 && m.state.isDecidingGame)
        let leftAtStart = m.state.left
        #expect(leftAtStart == 0, "ends changed twice")
        m.score(10, 9)
        m.points("0")
        #expect(m.state.score == [11, 9])
        #expect(m.state.left == 1 - leftAtStart, "ends changed at 11")
        #expect(m.state.interval?.kind == .midGame)
        #expect(m.state.endsChangedInGame)
        m.undo()
        #expect(m.state.score == [10, 9] && m.state.left == leftAtStart && m.state.interval == nil && !m.state.endsChangedInGame)
        m.points("1")
        #expect(m.state.score == [10, 10] && m.state.left == leftAtStart && m.state.interval == nil)
        m.points("1")
        #expect(m.state.score == [10, 11] && m.state.left == 1 - leftAtStart && m.state.interval?.kind == .midGame,
                "reaching 11 again triggers both")
        m.take(.endInterval)
        m.points("0")
        #expect(m.state.score == [11, 11] && m.state.left == 1 - leftAtStart && m.state.interval == nil,
                "10-11 → 11-11 triggers nothing")
        m.undo()
        m.undo()
        #expect(m.state.score == [10, 11] && m.state.interval?.kind == .midGame, "undo of the end of the interval brings it back")
        m.redo()
        m.redo()
        #expect(m.state.score == [11, 11] && m.state.interval == nil && m.state.left == 1 - leftAtStart)
    }

    @Test func noChangeOfEndsOutsideTheDecidingGame() {
        // (5x11 has no mid-game interval before game 5 at all: UmpireRuleTests.)
        let m = Match("3x15")
        m.score(8, 0)
        #expect(m.state.interval?.kind == .midGame && m.state.left == 0)
    }

    @Test func oneGameMatchChangesEndsAtEleven() {
        let m = Match("1x21")
        m.score(11, 0)
        #expect(m.state.left == 1)
    }

    @Test func undoAfterTheMatchIsWon() {
        let m = Match()
        m.score(21, 15)
        m.take(.nextGame)
        m.score(21, 18)
        #expect(m.state.phase == .matchOver && m.state.winner == 0)
        #expect(!m.take(.point(team: 1)))
        #expect(!m.take(.nextGame))
        m.undo()
        #expect(m.state.phase == .playing && m.state.winner == nil && m.state.score == [20, 18] && m.state.games == [[21, 15]])
        m.points("1")
        #expect(m.state.score == [20, 19])
        #expect(!m.log.canRedo, "a new event clears the redo list")
    }

    @Test func undoAcrossAGameEndRestoresServerCourtsAndSides() {
        let m = Match(doubles: true)
        m.take(.service(team: 0, server: 1, receiver: 0))
        m.score(20, 15)
        let before = m.state
        m.points("0")
        m.take(.nextGame)
        m.take(.service(team: 0, server: 0, receiver: 1))
        m.points("1101")
        for _ in 0..<7 { m.undo() }
        #expect(m.state == before)
        #expect(m.log.canRedo)
        for _ in 0..<7 { m.redo() }
        #expect(m.state.score == [1, 3])
    }

    @Test func undoStopsAtTheStartAndScoresNeverGoNegative() {
        let m = Match()
        m.points("0")
        m.undo()
        m.undo()
        m.undo()
        #expect(m.state.score == [0, 0])
        #expect(m.log.effective.count == 1)
        #expect(!m.take(.undo))
        #expect(m.take(.redo), "the point can be redone")
        #expect(m.state.score == [1, 0])
    }

    @Test func swapByHand() {
        let m = Match()
        m.take(.swapEnds)
        #expect(m.state.left == 1)
        m.undo()
        #expect(m.state.left == 0)
    }

    @Test func retirementAndWalkover() {
        let m = Match()
        #expect(m.take(.walkover(team: 1)))
        #expect(m.state.phase == .matchOver && m.state.winner == 0 && m.state.ending == .walkover(1))
        m.undo()
        m.points("0101")
        #expect(!m.take(.walkover(team: 1)), "no walkover once play began")
        #expect(m.take(.retire(team: 0)))
        #expect(m.state.winner == 1 && m.state.ending == .retired(0) && m.state.unfinishedScore == [2, 2])
        #expect(!m.take(.retire(team: 1)))
    }

    @Test func editingNames() {
        let m = Match()
        #expect(m.take(.names([TeamInfo(name: "Ann", players: ["Ann"]), TeamInfo(name: "Bo", players: ["Bo"])])))
        #expect(m.state.teams[1].name == "Bo")
        #expect(!m.take(.names([TeamInfo(name: "A/B", players: ["A", "B"]), TeamInfo(name: "Bo", players: ["Bo"])])),
                "singles teams have one player")
    }

    @Test func teamParsing() {
        #expect(TeamInfo.parse("  Ann ", discipline: .singles) == TeamInfo(name: "Ann", players: ["Ann"]))
        #expect(TeamInfo.parse("Ann/Bob", discipline: .singles) == nil)
        #expect(TeamInfo.parse("Ann / Bob", discipline: .doubles) == TeamInfo(name: "Ann/Bob", players: ["Ann", "Bob"]))
        #expect(TeamInfo.parse("Ann", discipline: .doubles) == nil)
        #expect(TeamInfo.parse("Ann//Bob", discipline: .doubles) == nil)
        #expect(TeamInfo.parse("A\u{1b}[31mnn", discipline: .singles)?.name == "A[31mnn", "control characters are stripped")
    }
}

@Suite struct DoublesTests {
    /// Ann/Bob v Cat/Dan, Ann serves to Cat. The serving order through a game is initial
    /// server → partner of the initial receiver → partner of the initial server → initial
    /// receiver, each serve changing hands on a service over.
    @Test func rotationThroughAWholeGame() {
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        #expect(m.state.phase == .choosingService)
        #expect(!m.take(.point(team: 0)), "no rally before the server is chosen")
        m.take(.service(team: 0, server: 0, receiver: 0))
        let order = ["Ann", "Dan", "Bob", "Cat"]
        var expectedIndex = 0
        var servers: [String] = [m.state.serverName()]
        #expect(m.state.receiverName() == "Cat")
        // A game where the serve changes hands often, with runs in between.
        let rallies = "0011" + "0110" + "1001" + "1100" + "0101" + "1010" + "0011" + "1100" + "0000" + "00011"
        for c in rallies {
            let serverBefore = m.state.server
            let courtsBefore = m.state.rightCourt
            let team = c == "0" ? 0 : 1
            m.points(String(c))
            if m.state.phase != .playing { break }
            let s = m.state
            if team == serverBefore {
                #expect(s.rightCourt[team] == 1 - courtsBefore[team], "the serving side changes courts after winning on its serve")
                #expect(s.rightCourt[1 - team] == courtsBefore[1 - team])
            } else {
                #expect(s.rightCourt == courtsBefore, "nobody moves on a service over")
                expectedIndex = (expectedIndex + 1) % 4
                #expect(s.serverName() == order[expectedIndex], "service over at \(s.score)")
                servers.append(s.serverName())
            }
            // The server stands in the court that matches the serving side's score.
            #expect(s.court(ofPlayer: s.serverPlayer, team: s.server) == ServiceCourt.forScore(s.score[s.server]))
            // Receiver diagonally opposite: the court of the same name.
            #expect(s.court(ofPlayer: s.receiverPlayer, team: s.receiver) == s.serviceCourt)
        }
        #expect(servers.count > 8)
    }

    @Test func serviceChoiceSetsCourts() {
        let m = Match(doubles: true, names: ["Ann/Bob", "Cat/Dan"])
        m.take(.service(team: 0, server: 1, receiver: 1))
        #expect(m.state.serverName() == "Bob" && m.state.receiverName() == "Dan")
        #expect(m.state.player(of: 0, in: .right) == 1 && m.state.player(of: 1, in: .right) == 1)
        m.points("0")
        #expect(m.state.serverName() == "Bob" && m.state.serviceCourt == .left && m.state.receiverName() == "Cat")
        m.points("1")
        // Cat/Dan have 1 point: odd, so the player in their left court (Cat) serves.
        #expect(m.state.serverName() == "Cat" && m.state.serviceCourt == .left && m.state.receiverName() == "Bob")
    }

    @Test func eachGameAsksAgain() {
        let m = Match(doubles: true)
        m.take(.service(team: 0, server: 0, receiver: 0))
        m.score(21, 3)
        m.take(.nextGame)
        #expect(m.state.phase == .choosingService && m.state.server == 0)
        #expect(!m.take(.service(team: 1, server: 0, receiver: 0)), "the winner of the game serves")
        #expect(m.take(.service(team: 0, server: 1, receiver: 0)))
        #expect(m.state.serverName() == "Red 2")
    }
}
