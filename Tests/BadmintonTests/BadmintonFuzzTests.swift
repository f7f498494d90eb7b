@testable import Badminton
import BadmintonRules
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// 100,000 random keys (every `Key` case, odd Unicode, cut escape sequences, invalid UTF-8)
/// into the scoreboard, through `handle` and `tick` as the shell calls them, with every
/// invariant of the match checked after each key, and restarts from the journal on the way.
@Suite struct BadmintonFuzzTests {
    static let favoured: [Key] = Array(repeating: [.left, .right, .char("a"), .char("l"), .pageUp, .pageDown, .char("z"), .char("m")], count: 6).flatMap { $0 }
        + Array(repeating: Key.enter, count: 6)
        + [.char("u"), .char("u"), .backspace, .char("y"), .ctrl("r"), .char("s"), .char("n"), .char("e"), .char("h"), .char("x"),
           .char("1"), .char("2"), .char("3"), .char("4"), .char(" "), .escape, .tab, .backTab, .up, .down, .char("q")]
        // The umpire's keys and the keys of their dialogs.
        + [.char("c"), .char("f"), .char("t"), .char("w"), .char("i"), .char("+"), .char("v"), .char("d"), .char("7"), .char("0")]

    @Test func hundredThousandKeysKeepEveryInvariant() throws {
        var rng = Fuzz.random("BadmintonFuzzTests")
        let total = Fuzz.count(100_000)
        let start = Fuzz.clock()
        var d = FuzzDriver<BadmintonApp>(now: 1_800_000_000)
        var matches = Set<Double>()
        var maxGames = 0, restarts = 0, doublesMatches = 0
        var phases: [MatchState.Phase: Int] = [:]
        // The journal every 200 bursts; a whole restart (which reads the growing history too)
        // every 1,500.
        let (problem, renders) = d.run(total: total, using: &rng, keys: { rng, _ in KeyGen.burst(favoured: Self.favoured, favouredShare: 0.7, using: &rng) },
            key: { d, key, rng in
                let before = d.app.log
                return d.press(key, advance: Self.advance(&rng)) ?? Self.problem(d.app, before: before)
            },
            burst: { d in
                guard let s = d.app.log?.state else { return }
                phases[s.phase, default: 0] += 1
                maxGames = max(maxGames, s.games.count)
                if matches.insert(s.startedAt).inserted, s.isDoubles { doublesMatches += 1 }
            },
            checkEvery: 200,
            check: { d, step in
                let restart = step % 1500 == 0 || d.keysSent >= total
                if let p = Self.persistenceProblem(d, restart: restart) { return p }
                if restart { restarts += 1 }
                return nil
            })
        if let problem { Issue.record("\(problem)"); return }
        // The fuzz reached the states worth reaching.
        #expect(matches.count >= 20, "only \(matches.count) matches were played")
        #expect(doublesMatches >= 1, "no doubles match was played")
        #expect((phases[.matchOver] ?? 0) > 0 && (phases[.gameOver] ?? 0) > 0 && (phases[.choosingService] ?? 0) > 0, "\(phases)")
        Fuzz.report("badminton model: \(d.keysSent) keys (\(d.keysDelivered) reached the app), \(matches.count) matches (\(doublesMatches) doubles), "
            + "\(d.ticks) ticks, \(restarts) restarts from the journal, \(renders) renders, every invariant held, "
            + "\(Int((Fuzz.clock() - start) * 1000)) ms")
    }

    /// Random events of every kind straight into the model (the keys for the umpire's events
    /// are the key layer's): after each, undo gives back exactly the state before it and redo
    /// the state after; the journal replays to the same match; every invariant holds; the
    /// reports and the call never fail.
    @Test func everyEventUndoesExactlyAndReplays() {
        var rng = Fuzz.random("BadmintonFuzzTests.events")
        let matches = Fuzz.count(300)
        var taken = 0, kinds = Set<String>()
        for n in 0..<matches {
            let formats = ["3x21", "3x15", "5x11", "1x21", "3x5", "3x3c4"]
            let f = (try? MatchFormat.parse(formats[rng.int(0...formats.count - 1)]).get()) ?? .standard
            let d: Discipline = rng.int(0...1) == 0 ? .singles : .doubles
            var log = MatchLog(setup: MatchSetup(format: f, discipline: d, firstServer: rng.int(0...1)), at: 1_000_000)
            var t = 1_000_000.0
            for step in 0..<rng.int(20...400) {
                t += rng.int(0...9) == 0 ? rng.double(20..<200) : rng.double(0.1..<5)
                let action = Self.randomAction(log.state, &rng)
                let before = log
                guard log.take(MatchEvent(action, at: t)) else {
                    if log != before { Issue.record("a refused \(action) changed the log"); return }
                    continue
                }
                taken += 1
                kinds.insert(MatchEvent(action, at: t).name)
                if let p = Self.problem(log, before: before) {
                    Issue.record("match \(n) step \(step) after \(action): \(p)")
                    return
                }
                switch action {
                case .undo, .redo: break
                default:
                    var undone = log
                    undone.take(MatchEvent(.undo, at: t + 0.001))
                    if undone.state != before.state || undone.effective != before.effective {
                        Issue.record("match \(n) step \(step): undo of \(action) does not give back the state before it")
                        return
                    }
                    undone.take(MatchEvent(.redo, at: t + 0.002))
                    if undone.state != log.state { Issue.record("match \(n) step \(step): redo of \(action) differs"); return }
                }
                _ = UmpireCall.text(log.state, now: t + rng.double(0..<150), court: "1")
                if step % 25 == 0 {
                    _ = MatchReport.statusJSON(log.state, now: t)
                    _ = MatchReport.statusLine(log.state, now: t)
                    let journal = JournalContents.read(JournalContents.bytes(of: log.records))
                    if journal.damaged || journal.events != log.records { Issue.record("match \(n): the journal does not read back"); return }
                    if MatchLog(records: journal.events) != log { Issue.record("match \(n): the replay of the journal differs"); return }
                }
            }
            _ = MatchReport.export([log], as: n % 2 == 0 ? .csv : .json)
        }
        let all = ["point", "card", "shuttle", "warm-up", "stop", "resume", "correct-service", "correct-courts", "correct-score",
                   "first-server", "next-game", "service", "undo", "redo", "retire", "overrule", "referee"]
        #expect(Set(all).isSubset(of: kinds), "never taken: \(Set(all).subtracting(kinds))")
        Fuzz.report("badminton events: \(matches) matches, \(taken) events taken (\(kinds.count) kinds), undo exact after each")
    }

    /// An event a keeper could record now, or one that does not fit (to be refused).
    static func randomAction(_ s: MatchState, _ rng: inout FuzzRandom) -> MatchEvent.Action {
        let team = rng.int(0...1), p = rng.int(0...1)
        switch rng.int(0...99) {
        case 0..<55: return .point(team: team)
        case 55..<58: return .card(team: team, player: s.isDoubles ? p : 0, card: Misconduct.allCases[rng.int(0...1)])
        case 58: return .card(team: team, player: s.isDoubles ? p : 0, card: .disqualification)
        case 59: return .shuttle
        case 60: return rng.int(0...1) == 0 ? .overrule : .refereeCalled
        case 61: return .warmUp
        case 62..<64: return rng.int(0...1) == 0 ? .stop(.injury, team: team, player: s.isDoubles ? p : 0) : .stop(.suspension, team: nil, player: nil)
        case 64..<66: return .resume
        case 66..<68: return .correctService(team: team, server: s.isDoubles ? p : 0, receiver: s.isDoubles ? rng.int(0...1) : 0)
        case 68: return .correctCourts(team: team, right: p)
        case 69..<71:
            let top = (s.format.cap ?? s.format.points + 5)
            return .correctScore([rng.int(0...top), rng.int(0...top)])
        case 71: return .firstServer(team: team)
        case 72..<78: return .nextGame
        case 78..<83: return .service(team: s.server, server: p, receiver: rng.int(0...1))
        case 83..<85: return .endInterval
        case 85: return .swapEnds
        case 86..<93: return .undo
        case 93..<97: return .redo
        case 97: return rng.int(0...1) == 0 ? .retire(team: team) : .retire(team: team, player: s.isDoubles ? p : 0)
        case 98: return .walkover(team: team)
        default: return .names(TeamInfo.defaults(s.discipline).reversed())
        }
    }

    /// Mostly quick keys, sometimes a pause long enough to end an interval, now and then days.
    static func advance(_ rng: inout FuzzRandom) -> Double {
        switch rng.int(0...99) {
        case 0..<20: return 0
        case 20..<90: return rng.double(0.01..<2)
        case 90..<98: return rng.double(30..<130)
        default: return rng.double(3600..<200_000)
        }
    }

    /// Every invariant of a match, through the model's own accessors.
    static func problem(_ app: BadmintonApp, before: MatchLog?) -> String? {
        guard let log = app.log else { return nil }
        return problem(log, before: before)
    }

    static func problem(_ log: MatchLog, before: MatchLog?) -> String? {
        let s = log.state
        let f = s.format
        guard log.states.count == log.effective.count, case .start? = log.effective.first?.action else {
            return "log: \(log.states.count) states for \(log.effective.count) events, or no start event first"
        }
        guard s.teams.count == 2, s.teams.allSatisfy({ $0.players.count == s.discipline.playersPerTeam && !$0.name.isEmpty }) else {
            return "teams \(s.teams)"
        }
        guard s.score.count == 2, s.score.allSatisfy({ $0 >= 0 }) else { return "score \(s.score)" }
        if let cap = f.cap, s.score.contains(where: { $0 > cap }) { return "score \(s.score) beyond the cap \(cap)" }
        guard s.games.count == s.gameWinners.count, s.games.count <= f.games else {
            return "\(s.games.count) games, \(s.gameWinners.count) winners, format \(f)"
        }
        for (g, w) in zip(s.games, s.gameWinners) {
            guard g.count == 2, g.allSatisfy({ $0 >= 0 }), w == 0 || w == 1,
                  f.wins(g[w], against: g[1 - w]), !f.wins(g[1 - w], against: g[w]) else {
                return "finished game \(g) won by \(w) does not fit \(f)"
            }
        }
        let won = s.gamesWon
        guard won[0] + won[1] == s.games.count, won.allSatisfy({ $0 <= f.gamesToWin }) else { return "games won \(won)" }
        guard [s.server, s.left, s.receiver].allSatisfy({ $0 == 0 || $0 == 1 }), s.server != s.receiver,
              s.rightCourt.count == 2, s.rightCourt.allSatisfy({ $0 == 0 || $0 == 1 }),
              s.teams[s.server].players.indices.contains(s.serverPlayer) else {
            return "server \(s.server)/\(s.serverPlayer), left \(s.left), courts \(s.rightCourt)"
        }
        let someoneWon = f.wins(s.score[0], against: s.score[1]) || f.wins(s.score[1], against: s.score[0])
        switch s.phase {
        case .playing, .choosingService:
            if s.winner != nil || s.ending != nil { return "a winner while \(s.phase)" }
            if someoneWon { return "score \(s.score) already wins a game of \(f) while \(s.phase)" }
            if won.contains(where: { $0 >= f.gamesToWin }) { return "the match is won but still \(s.phase)" }
            if s.gameNumber != s.games.count + 1 { return "game \(s.gameNumber) after \(s.games.count) games" }
            if s.phase == .choosingService && !s.isDoubles { return "choosing the service in singles" }
        case .gameOver:
            if s.winner != nil { return "a match winner between games" }
            if s.score != s.games.last { return "between games the score \(s.score) is not the last game \(s.games.last ?? [])" }
            if won.contains(where: { $0 >= f.gamesToWin }) { return "the match is won but only the game is over" }
        case .matchOver:
            guard let w = s.winner, let e = s.ending else { return "match over without a winner or an ending" }
            if s.interval != nil { return "an interval after the match" }
            switch e {
            case .played:
                if won[w] != f.gamesToWin || won[1 - w] >= f.gamesToWin { return "match won by \(w) with games \(won)" }
            case .retired(let t):
                if w != 1 - t { return "team \(t) retired but \(w) did not win" }
                if let p = s.retiredPlayer, !s.teams[t].players.indices.contains(p) { return "player \(p) of team \(t) retired" }
            case .walkover(let t):
                if w != 1 - t || !s.games.isEmpty { return "walkover by \(t), winner \(w), games \(s.games)" }
            case .disqualified(let t):
                if w != 1 - t || !s.cards.contains(where: { $0.card == .disqualification && $0.team == t }) {
                    return "team \(t) disqualified but \(w) won, or no black card to it"
                }
            }
        }
        if s.retiredPlayer != nil && !(s.ending.map { if case .retired = $0 { return true } else { return false } } ?? false) {
            return "a retired player without a retirement"
        }
        if s.interval?.kind == .midGame && s.phase != .playing { return "a mid-game interval while \(s.phase)" }
        if s.isDoubles && s.phase == .playing && s.court(ofPlayer: s.serverPlayer, team: s.server) != s.serviceCourt {
            return "the server \(s.serverName()) stands in the \(s.court(ofPlayer: s.serverPlayer, team: s.server)) court but serves from the \(s.serviceCourt)"
        }
        for t in 0...1 where s.hasMatchPoint(t) && !s.hasGamePoint(t) { return "match point without game point" }
        // The umpire's record.
        for c in s.cards + s.pendingFaults + s.faultedAtStart where !(0...1).contains(c.team) || !s.teams[c.team].players.indices.contains(c.player) {
            return "a card to team \(c.team) player \(c.player)"
        }
        if !s.pendingFaults.isEmpty && s.phase != .gameOver { return "faults pending while \(s.phase)" }
        if s.pendingFaults.contains(where: { $0.card != .fault || !$0.scored }) { return "a pending card that is not a scored fault" }
        // Law 16.7: a side is warned once, and never after any other card.
        for t in 0...1 {
            let given = s.cards.filter { $0.team == t }
            if given.dropFirst().contains(where: { $0.card == .warning }) { return "side \(t) warned after a card: \(given.map(\.card))" }
        }
        if s.shuttles < 0 || s.rallies < 0 { return "shuttles \(s.shuttles), rallies \(s.rallies)" }
        if s.warmUpStart != nil && (s.hasRallies || !s.games.isEmpty) { return "a warm-up after play began" }
        if s.stoppages.dropLast().contains(where: \.isRunning) { return "a stop runs that is not the last" }
        if s.stoppages.contains(where: { ($0.end ?? $0.start) < $0.start }) { return "a stop that ended before it began" }
        if s.isOver && s.runningStoppage != nil { return "a stop runs after the match" }
        if case .disqualified(let t)? = s.ending, !s.cards.contains(where: { $0.card == .disqualification && $0.team == t }) {
            return "disqualified without a black card"
        }
        // One key moves the match by at most one event (or starts a new match), but for
        // Enter in correction mode: up to three corrections (the score, then the server or
        // each pair's courts).
        if let b = before, b.startedAt == log.startedAt {
            let d = log.effective.count - b.effective.count
            let corrections = log.effective.suffix(max(0, d)).allSatisfy { e in
                switch e.action {
                case .correctScore, .correctService, .correctCourts: return true
                default: return false
                }
            }
            // Enter after a game (or the doubles service choice) ends the interval with it: two
            // events of one key, undone and redone together.
            let longer = d > 0 ? log.effective : b.effective
            let pair = abs(d) == 2 && BadmintonApp.oneKey(longer[longer.count - 2], longer[longer.count - 1])
            if abs(d) > 1 && !(corrections && d <= 3) && !pair { return "one key changed the match by \(d) events" }
        }
        return nil
    }

    /// The journal the app wrote holds exactly the match on screen; a restart from it shows
    /// the same match, with no notice of damage; the replay of the events is the state.
    static func persistenceProblem(_ d: FuzzDriver<BadmintonApp>, restart: Bool) -> String? {
        guard let log = d.app.log else { return nil }
        let journal = JournalContents.read(d.store.files[BadmintonApp.journalFile] ?? [])
        if journal.damaged || journal.needsRewrite { return "the journal written is damaged" }
        if journal.events != log.records { return "the journal holds \(journal.events.count) events, the app \(log.records.count)" }
        guard let replay = MatchLog(records: log.records), replay == log else { return "replaying the events gives another match" }
        // The reports never fail on any state.
        _ = MatchReport.statusLine(log.state, now: d.now)
        _ = MatchReport.statusJSON(log.state, now: d.now)
        guard restart else { return nil }
        let (again, notices, aside) = d.restarted()
        if !notices.isEmpty || !aside.isEmpty { return "a restart said \(notices), kept aside \(aside)" }
        if again.log?.state != log.state { return "after a restart the match is \(String(describing: again.log?.state))" }
        if again.log?.redoable != log.redoable { return "after a restart the redo list differs" }
        let before = d.app.pastMatches().count, after = again.pastMatches().count
        if after != before { return "after a restart the history has \(after) matches, not \(before)" }
        return nil
    }
}
