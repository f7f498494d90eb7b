@testable import Memory
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// 100,000 random keys into Memory through `handle` and `tick`, with the deal, the flips and
/// the bests checked after each key and restarts from the saved file on the way.
@Suite struct MemoryFuzzTests {
    static let favoured: [Key] = Array(repeating: [Key.char(" "), .enter, .left, .right, .up, .down, .char("h"), .char("j"), .char("k"), .char("l")],
                                       count: 4).flatMap { $0 }
        + [.home, .end, .char("f"), .char("r"), .char("s"), .char("y"), .char("n"), .char("1"), .char("2"), .char("3"), .tab, .escape, .char("q")]

    @Test func hundredThousandKeysKeepEveryInvariant() throws {
        var rng = Fuzz.random("MemoryFuzzTests")
        let total = Fuzz.count(100_000)
        let start = Fuzz.clock()
        var d = FuzzDriver<MemoryApp>(options: AppOptions(["--seed": String(rng.int(0...999_999))]), now: 1_800_000_000)
        var restarts = 0
        var wins = 0, givenUp = 0, deals = Set<String>(), sizes = Set<BoardSize>()
        // Half the time a player who remembers every card walks to the right one and turns
        // it, so games are won too (random keys alone rarely finish a deal).
        let (problem, renders) = d.run(total: total, using: &rng,
            keys: { rng, app in rng.chance(0.5) ? Self.goodMove(app) : KeyGen.burst(favoured: Self.favoured, favouredShare: 0.7, using: &rng) },
            key: { d, key, rng in
                if let p = d.advance(Self.advance(&rng)) { return p }
                let before = d.app.game
                if let p = d.deliver(key) ?? Self.problem(d.app, before: before, now: d.now) { return p }
                let g = d.app.game
                if g.phase != before.phase || g.seed != before.seed {
                    if g.phase == .won && before.phase != .won { wins += 1 }
                    if g.phase == .gaveUp && before.phase != .gaveUp { givenUp += 1 }
                }
                deals.insert("\(g.size)/\(g.seed)")
                sizes.insert(g.size)
                return nil
            },
            check: { d, _ in
                let (again, notices, aside) = d.restarted()
                let g = d.app.game
                if !notices.isEmpty || !aside.isEmpty { return "a restart said \(notices)" }
                if g.isOver {
                    // A finished game is not resumed: a new deal from the saved dealer.
                    var dealer = d.app.dealer
                    let next = MemoryApp.nextSeed(&dealer)
                    if again.game.seed != next || again.game.phase != .ready || again.game.size != g.size {
                        return "after a finished game a restart shows \(again.game.phase) deal \(again.game.seed), not \(next)"
                    }
                } else if again.game.cards != g.cards || again.game.flips != g.flips || again.game.phase != g.phase
                            || again.game.seed != g.seed || again.game.size != g.size {
                    return "a restart shows another game: \(again.game) instead of \(g)"
                }
                if again.records != d.app.records { return "a restart lost the bests" }
                restarts += 1
                return nil
            })
        if let problem { Issue.record("\(problem)"); return }
        #expect(wins > 0 && givenUp > 0 && sizes.count == 3, "wins \(wins), given up \(givenUp), sizes \(sizes)")
        Fuzz.report("memory model: \(d.keysSent) keys (\(d.keysDelivered) reached the app), \(deals.count) deals on \(sizes.count) sizes, "
            + "\(wins) won, \(givenUp) given up, \(d.ticks) ticks, \(restarts) restarts, \(renders) renders, every invariant held, "
            + "\(Int((Fuzz.clock() - start) * 1000)) ms")
    }

    /// The arrows to the card that finds a pair (or to any face-down card), then Space.
    static func goodMove(_ app: MemoryApp) -> [Key] {
        let g = app.game
        guard app.modals.top(DialogModal<MemoryApp.Action>.self) == nil, !g.isOver else { return [] }
        let open = g.openCards
        var target = g.cards.indices.first { !g.cards[$0].isFaceUp }
        if open.count == 1, let o = open.first, let pair = g.cards.indices.first(where: { $0 != o && g.cards[$0].face == g.cards[o].face }) {
            target = pair
        }
        guard let t = target else { return [] }
        let (r, c) = (t / g.size.columns, t % g.size.columns)
        let here = app.grid.cursor
        let vertical = Array(repeating: r > here.row ? Key.down : .up, count: abs(r - here.row))
        let horizontal = Array(repeating: c > here.column ? Key.right : .left, count: abs(c - here.column))
        return vertical + horizontal + [.char(" ")]
    }

    static func advance(_ rng: inout FuzzRandom) -> Double {
        switch rng.int(0...99) {
        case 0..<30: return 0
        case 30..<95: return rng.double(0.01..<1.5)
        default: return rng.double(10..<5000)
        }
    }

    /// The cards are always a deal of the board (each face twice); matched cards are face up
    /// and come in pairs; at most two unmatched cards are up, and two only as a mismatch;
    /// a won game has every pair, a given-up one every face shown, a fresh one none; flips
    /// only grow by one a key (or start again with a new deal); the clock never runs back;
    /// the cursor is on the board; a best number of flips is never below two a pair.
    static func problem(_ app: MemoryApp, before: MemoryGame, now: Double) -> String? {
        let g = app.game
        let cards = g.cards
        guard cards.count == g.size.cardCount else { return "\(cards.count) cards on \(g.size)" }
        var counts: [Int: Int] = [:]
        for c in cards { counts[c.face, default: 0] += 1 }
        guard counts.values.allSatisfy({ $0 == 2 }), counts.keys.allSatisfy({ Faces.all.indices.contains($0) }) else { return "faces \(counts)" }
        if cards.contains(where: { $0.isMatched && !$0.isFaceUp }) { return "a matched card lies face down" }
        let matchedFaces = Dictionary(grouping: cards.filter(\.isMatched), by: \.face)
        if matchedFaces.values.contains(where: { $0.count != 2 }) { return "a matched card without its pair" }
        let open = g.openCards
        switch g.phase {
        case .ready:
            if cards.contains(where: \.isFaceUp) || g.flips != 0 { return "a card up or flips before the first flip" }
        case .playing:
            if open.count > 2 { return "\(open.count) unmatched cards face up" }
            if open.count == 2 && cards[open[0]].face == cards[open[1]].face { return "a pair face up but not matched" }
            if cards.allSatisfy(\.isMatched) { return "every pair found but still playing" }
        case .won:
            if !cards.allSatisfy(\.isMatched) { return "won with pairs left" }
        case .gaveUp:
            if !cards.allSatisfy(\.isFaceUp) { return "given up with cards face down" }
        }
        if g.flips < 2 * g.pairsFound { return "\(g.pairsFound) pairs in \(g.flips) flips" }
        if g.pairsFound > g.size.pairs { return "\(g.pairsFound) pairs" }
        let sameDeal = g.seed == before.seed && g.size == before.size && g.flips >= before.flips
        if sameDeal && g.flips > before.flips + 1 { return "flips \(before.flips) → \(g.flips) in one key" }
        if !sameDeal && g.flips != 0 { return "a new deal starts with \(g.flips) flips" }
        let e = g.elapsed(at: now)
        if !e.isFinite || e < 0 { return "elapsed \(e)" }
        if sameDeal && g.elapsed(at: now) + 1e-9 < before.elapsed(at: now) { return "the clock ran back" }
        if !cards.indices.contains(app.grid.index) || app.grid.rows != g.size.rows || app.grid.columns != g.size.columns {
            return "cursor \(app.grid.index) on a \(app.grid.rows)x\(app.grid.columns) grid for \(g.size)"
        }
        for size in BoardSize.allCases {
            if let f = app.records.fewestFlips(size), f < size.cardCount { return "best \(f) flips on \(size)" }
            if let t = app.records.fastest(size), !t.isFinite || t < 0 { return "best time \(t)" }
        }
        if app.flipping.keys.contains(where: { !cards.indices.contains($0) }) { return "a flip animation off the board" }
        return nil
    }
}
