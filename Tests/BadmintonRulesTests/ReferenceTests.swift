@testable import BadmintonRules
import BadmintonRulesTestSupport
import Testing
import TerminiTestSeeds

/// A second, deliberately simple implementation of the rules: it keeps the list of moves in
/// force, recomputes everything from scratch after each one, and tracks each player's court
/// by name instead of by index. The real model must agree with it after every step of
/// thousands of random sequences of points, undos, redos and the other events.
struct Reference {
    enum Move: Equatable { case point(Int), next, swap, service(Int, Int), endInterval }

    struct State: Equatable {
        var games: [[Int]] = [[0, 0]]  // the last is the game on screen
        var winners: [Int] = []
        var server: Int
        var serverPlayer = 0
        var courts: [[String]] = [["R", "L"], ["R", "L"]]  // courts[team][player]
        var left = 0
        var waitingNext = false
        var waitingService: Bool
        var over = false
        var winner: Int?
        var interval: String?
    }

    let points: Int, cap: Int?, gamesInMatch: Int, doubles: Bool, firstServer: Int
    var moves: [Move] = []
    var redo: [Move] = []

    func replay() -> State {
        var s = State(server: firstServer, waitingService: doubles)
        for m in moves { s = Reference.step(s, m, self)! }
        return s
    }

    /// The state after a move, or nil when the move is not allowed.
    static func step(_ s0: State, _ m: Move, _ r: Reference) -> State? {
        var s = s0
        let g = s.games.count - 1
        switch m {
        case .swap:
            s.left = s.left == 0 ? 1 : 0
        case .endInterval:
            if s.interval == nil { return nil }
            s.interval = nil
        case .next:
            if !s.waitingNext { return nil }
            s.games.append([0, 0])
            s.server = s.winners.last!
            s.serverPlayer = 0
            s.courts = [["R", "L"], ["R", "L"]]
            s.left = s.left == 0 ? 1 : 0
            s.waitingNext = false
            s.waitingService = r.doubles
        case let .service(sp, rp):
            let playing = !s.over && !s.waitingNext && !s.waitingService
            if !(s.waitingService || (playing && s.games[g] == [0, 0])) { return nil }
            if !r.doubles { s.waitingService = false; return s }
            s.serverPlayer = sp
            s.courts[s.server] = sp == 0 ? ["R", "L"] : ["L", "R"]
            s.courts[1 - s.server] = rp == 0 ? ["R", "L"] : ["L", "R"]
            s.waitingService = false
        case .point(let w):
            if s.over || s.waitingNext || s.waitingService { return nil }
            s.interval = nil
            s.games[g][w] += 1
            let mine = s.games[g][w], theirs = s.games[g][1 - w]
            if w == s.server {
                if r.doubles { s.courts[w] = s.courts[w].map { $0 == "R" ? "L" : "R" } }
            } else {
                s.server = w
                if r.doubles {
                    let want = mine % 2 == 0 ? "R" : "L"
                    s.serverPlayer = s.courts[w][0] == want ? 0 : 1
                }
            }
            var won = mine >= r.points && mine - theirs >= 2
            if let c = r.cap, mine == c { won = true }
            if won {
                s.winners.append(w)
                if s.winners.filter({ $0 == w }).count == r.gamesInMatch / 2 + 1 {
                    s.over = true
                    s.winner = w
                } else {
                    s.waitingNext = true
                    s.interval = "between-games"
                }
            } else if mine == (r.points + 1) / 2 && theirs < mine
                        // 5x11 (BWF's 2016 experiment): a mid-game interval in game 5 only.
                        && !(r.gamesInMatch == 5 && r.points == 11 && s.games.count < 5) {
                s.interval = "mid-game"
                if s.games.count == r.gamesInMatch { s.left = s.left == 0 ? 1 : 0 }
            }
        }
        return s
    }
}

@Suite struct ReferenceTests {
    static func compare(_ real: MatchState, _ ref: Reference.State, doubles: Bool) -> String? {
        let finished = ref.waitingNext || (ref.over && ref.winner != nil)
            ? ref.games : Array(ref.games.dropLast())
        if real.games != finished { return "games \(real.games) vs \(finished)" }
        if real.score != ref.games.last! { return "score \(real.score) vs \(ref.games.last!)" }
        if real.gameWinners != ref.winners { return "winners" }
        if real.left != ref.left { return "left \(real.left) vs \(ref.left)" }
        if real.winner != ref.winner { return "winner" }
        let phase: MatchState.Phase = ref.over ? .matchOver : ref.waitingNext ? .gameOver : ref.waitingService ? .choosingService : .playing
        if real.phase != phase { return "phase \(real.phase) vs \(phase)" }
        if real.interval?.kind.rawValue != ref.interval { return "interval \(String(describing: real.interval)) vs \(String(describing: ref.interval))" }
        if !ref.over {
            if real.server != ref.server { return "server \(real.server) vs \(ref.server)" }
            if doubles && !ref.waitingService {
                if real.serverPlayer != ref.serverPlayer { return "server player \(real.serverPlayer) vs \(ref.serverPlayer)" }
                for t in 0..<2 {
                    for p in 0..<2 where real.court(ofPlayer: p, team: t).rawValue.prefix(1).uppercased() != ref.courts[t][p] {
                        return "court of player \(p) of team \(t)"
                    }
                }
                let expectedCourt = ref.games.last![ref.server] % 2 == 0 ? "R" : "L"
                if ref.courts[ref.server][ref.serverPlayer] != expectedCourt { return "reference server in the wrong court" }
            }
        }
        return nil
    }

    @Test(arguments: ["3x21", "3x15", "5x11", "1x21", "3x7", "3x5c6", "1x3"])
    func randomSequencesAgreeWithTheReference(_ formatText: String) throws {
        let format = try MatchFormat.parse(formatText).get()
        var rng = FuzzRandom(seed: formatText.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
        var checks = 0
        for seq in 0..<300 {
            let doubles = seq % 2 == 1
            let first = Int(rng.next() % 2)
            var log = MatchLog(setup: MatchSetup(format: format, discipline: doubles ? .doubles : .singles, firstServer: first), at: 0)
            var ref = Reference(points: format.points, cap: format.cap, gamesInMatch: format.games, doubles: doubles, firstServer: first)
            let length = 40 + Int(rng.next() % 160)
            var t = 0.0
            var refState = ref.replay()
            for step in 0..<length {
                t += 1
                let roll = rng.next() % 100
                var ok = true
                if roll < 10 {
                    let did = log.take(MatchEvent(.undo, at: t))
                    ok = did == !ref.moves.isEmpty
                    if let last = ref.moves.popLast() { ref.redo.append(last) }
                } else if roll < 16 {
                    let did = log.take(MatchEvent(.redo, at: t))
                    ok = did == !ref.redo.isEmpty
                    if let next = ref.redo.popLast() { ref.moves.append(next) }
                } else {
                    let move: Reference.Move
                    let action: MatchEvent.Action
                    switch roll {
                    case 16..<22: move = .next; action = .nextGame
                    case 22..<24: move = .swap; action = .swapEnds
                    case 24..<28:
                        let s = Int(rng.next() % 2), r = Int(rng.next() % 2)
                        move = .service(s, r)
                        action = .service(team: log.state.server, server: s, receiver: r)
                    case 28..<31: move = .endInterval; action = .endInterval
                    default:
                        let w = Int(rng.next() % 2)
                        move = .point(w); action = .point(team: w)
                    }
                    let allowed = Reference.step(refState, move, ref) != nil
                    let did = log.take(MatchEvent(action, at: t))
                    if allowed != did {
                        Issue.record("\(formatText) seq \(seq) step \(step): \(move) allowed \(allowed) but model took it: \(did)")
                        return
                    }
                    if allowed {
                        ref.moves.append(move)
                        ref.redo.removeAll()
                    }
                }
                #expect(ok, "undo/redo availability differs at step \(step)")
                refState = ref.replay()
                if let problem = ReferenceTests.compare(log.state, refState, doubles: doubles) {
                    Issue.record("\(formatText) seq \(seq) step \(step) (doubles \(doubles)): \(problem)")
                    return
                }
                checks += 1
            }
            // The journal replays to the same state.
            #expect(MatchLog(records: log.records)?.state == log.state)
        }
        #expect(checks > 30_000)
    }

    @Test func undoAllAndRedoAllIsTheIdentity() {
        var rng = FuzzRandom(seed: 99)
        for _ in 0..<50 {
            let m = Match(doubles: rng.next() % 2 == 0)
            m.take(.service(team: m.state.server, server: 1, receiver: 0))
            for _ in 0..<150 {
                if m.state.phase == .gameOver { m.take(.nextGame) }
                if m.state.phase == .choosingService { m.take(.service(team: m.state.server, server: 0, receiver: 1)) }
                m.take(.point(team: Int(rng.next() % 2)))
            }
            let end = m.state
            let n = m.log.effective.count - 1
            for _ in 0..<n { m.undo() }
            #expect(m.state == MatchLog(setup: m.log.setup!, at: m.log.startedAt).state)
            for _ in 0..<n { m.redo() }
            #expect(m.state == end)
        }
    }
}
