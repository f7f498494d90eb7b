import Foundation
import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import Memory
import TerminiTestSupport

/// The order in which a player with perfect memory turns the cards: each pair in turn.
func perfectOrder(_ game: MemoryGame) -> [Int] {
    var order: [Int] = []
    var seen = Set<Int>()
    for (i, card) in game.cards.enumerated() where !seen.contains(i) {
        guard let j = game.cards.indices.first(where: { $0 != i && game.cards[$0].face == card.face }) else { continue }
        seen.formUnion([i, j])
        order += [i, j]
    }
    return order
}

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceOutputs() {
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        var g = SplitMix64(seed: 1_234_567)
        #expect([g.next(), g.next(), g.next()] == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func boundedDrawsStayInRangeAndReachEveryValue() {
        var g = SplitMix64(seed: 99)
        var seen = Array(repeating: 0, count: 7)
        for _ in 0..<7000 {
            let v = g.below(7)
            #expect((0..<7).contains(v))
            seen[v] += 1
        }
        #expect(seen.allSatisfy { $0 > 800 && $0 < 1200 }, "\(seen)")
        #expect(g.below(1) == 0)
        #expect(g.below(0) == 0)
    }

    @Test func shuffleIsAPermutationAndDependsOnTheSeed() {
        var a = Array(0..<36), b = Array(0..<36), c = Array(0..<36)
        var g1 = SplitMix64(seed: 5), g2 = SplitMix64(seed: 5), g3 = SplitMix64(seed: 6)
        g1.shuffle(&a)
        g2.shuffle(&b)
        g3.shuffle(&c)
        #expect(a.sorted() == Array(0..<36))
        #expect(a == b)
        #expect(a != c)
        #expect(a != Array(0..<36))
    }

    @Test func theStateSurvivesSavingEvenAbove2To53() throws {
        var g = SplitMix64(seed: UInt64.max - 3)
        _ = g.next()
        let bytes = try StateCodec.encode(g, version: 1).get()
        let back = try StateCodec.decode(SplitMix64.self, from: bytes, version: 1).get()
        #expect(back == g)
    }
}

@Suite struct MemoryDealTests {
    @Test func theSameSeedDealsTheSameCardsEveryTime() {
        for size in BoardSize.allCases {
            #expect(MemoryGame(size: size, seed: 42) == MemoryGame(size: size, seed: 42))
            #expect(MemoryGame(size: size, seed: 42).cards != MemoryGame(size: size, seed: 43).cards)
        }
    }

    /// Pinned: a deal shared as `--seed 42` must stay the same deal in every later version.
    @Test func seed42IsPinned() {
        let faces = MemoryGame(size: .fourByFour, seed: 42).cards.map(\.face)
        #expect(faces == [0, 5, 1, 7, 1, 7, 2, 0, 3, 6, 2, 4, 4, 6, 5, 3], "\(faces)")
    }

    @Test func aFourByFourDealUsesTheOriginalEightFaces() {
        let g = MemoryGame(size: .fourByFour, seed: 7)
        #expect(g.cards.count == 16)
        #expect(Set(g.cards.map(\.face)) == Set(0..<8))
        #expect(g.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched })
        #expect(g.phase == .ready && g.flips == 0 && g.elapsed(at: 1e9) == 0)
    }

    @Test func biggerBoardsAddFacesFromTheExtendedSet() {
        for (size, pairs) in [(BoardSize.fourByFive, 10), (.sixBySix, 18)] {
            let g = MemoryGame(size: size, seed: 3)
            #expect(g.cards.count == pairs * 2)
            let faces = Set(g.cards.map(\.face))
            #expect(faces.count == pairs)
            #expect(Set(0..<8).isSubset(of: faces))
            for f in faces { #expect(g.cards.filter { $0.face == f }.count == 2) }
        }
        // The extras differ between deals.
        let picks = Set((0..<20).map { Set(MemoryGame(size: .fourByFive, seed: UInt64($0)).cards.map(\.face)) })
        #expect(picks.count > 1)
    }

    @Test func facesAreEmojiOrLetters() {
        #expect(Faces.original == ["😁", "💀", "👻", "🐶", "🐳", "🐢", "🐭", "🐵"])
        #expect(Faces.all.count >= 18)
        #expect(Set(Faces.all).count == Faces.all.count)
        #expect(Faces.all.allSatisfy { DisplayWidth.of($0) == 2 })
        #expect(Faces.letter(0) == "A" && Faces.letter(17) == "R")
        #expect(Set(Faces.all.indices.map(Faces.letter)).count == Faces.all.count)
        #expect(Faces.emoji(-1) == "?" && Faces.letter(99) == "?")
    }

    @Test func sizesParseAndName() {
        #expect(BoardSize(parsing: "4x5") == .fourByFive)
        #expect(BoardSize(parsing: "6×6") == .sixBySix)
        #expect(BoardSize(parsing: "4X4") == .fourByFour)
        #expect(BoardSize(parsing: "5x5") == nil)
        #expect(BoardSize.fourByFive.rows == 4 && BoardSize.fourByFive.columns == 5)
        #expect(BoardSize.sixBySix.name(unicode: true) == "6×6")
        #expect(BoardSize.sixBySix.name(unicode: false) == "6x6")
    }
}

@Suite struct MemoryRuleTests {
    /// Two cards with different faces and the partner of the first.
    func pick(_ g: MemoryGame) -> (a: Int, partner: Int, other: Int) {
        let a = 0
        let partner = g.cards.indices.first { $0 != a && g.cards[$0].face == g.cards[a].face } ?? 1
        let other = g.cards.indices.first { g.cards[$0].face != g.cards[a].face } ?? 1
        return (a, partner, other)
    }

    @Test func aMatchStaysUpGreyedAndDisabled() {
        var g = MemoryGame(size: .fourByFour, seed: 1)
        let (a, partner, _) = pick(g)
        #expect(g.flip(at: a, now: 10) == .first)
        #expect(g.cards[a].isFaceUp)
        #expect(g.flip(at: partner, now: 11) == .match)
        #expect(g.cards[a].isMatched && g.cards[partner].isMatched)
        #expect(g.cards[a].isFaceUp && g.cards[partner].isFaceUp)
        #expect(g.flip(at: a, now: 12) == .disabled)
        #expect(g.cards[a].isFaceUp)
        #expect(g.flips == 2)
        #expect(g.pairsFound == 1)
    }

    @Test func aMismatchStaysUpUntilTheNextFlipTurnsBothDown() {
        var g = MemoryGame(size: .fourByFour, seed: 1)
        let (a, _, other) = pick(g)
        let third = g.cards.indices.first { $0 != a && $0 != other } ?? 2
        #expect(g.flip(at: a, now: 1) == .first)
        #expect(g.flip(at: other, now: 2) == .mismatch)
        #expect(g.showsMismatch)
        #expect(g.cards[a].isFaceUp && g.cards[other].isFaceUp)
        #expect(g.flip(at: third, now: 3) == .first)
        #expect(!g.cards[a].isFaceUp && !g.cards[other].isFaceUp)
        #expect(g.cards[third].isFaceUp)
        #expect(g.openCards == [third])
        #expect(g.flips == 3)
    }

    @Test func flippingAFaceUpCardAgainTurnsItDownWithoutCounting() {
        var g = MemoryGame(size: .fourByFour, seed: 1)
        let (a, _, other) = pick(g)
        _ = g.flip(at: a, now: 1)
        #expect(g.flip(at: a, now: 2) == .turnedDown)
        #expect(!g.cards[a].isFaceUp)
        #expect(g.flips == 1)
        // One of a mismatched two, again: only that one goes down.
        _ = g.flip(at: a, now: 3)
        _ = g.flip(at: other, now: 4)
        #expect(g.flip(at: other, now: 5) == .turnedDown)
        #expect(g.cards[a].isFaceUp && !g.cards[other].isFaceUp)
        #expect(g.flips == 3)
    }

    /// The original counted every flip twice (a `didSet` that added one more); here each card
    /// turned face up counts once, and nothing else counts.
    @Test func flipsCountOncePerCardTurnedFaceUp() {
        var g = MemoryGame(size: .fourByFour, seed: 8)
        var turnedUp = 0
        var t = 0.0
        for i in [0, 1, 2, 2, 3, 0, 0, 5, 9, 9, 9, 15] {
            let wasUp = g.cards[i].isFaceUp
            t += 1
            _ = g.flip(at: i, now: t)
            if !wasUp && g.cards[i].isFaceUp { turnedUp += 1 }
        }
        #expect(g.flips == turnedUp)
    }

    @Test func findingEveryPairWinsAndStopsTheClock() {
        var g = MemoryGame(size: .fourByFour, seed: 21)
        let order = perfectOrder(g)
        var events: [FlipEvent] = []
        for (n, i) in order.enumerated() { events.append(g.flip(at: i, now: 100 + Double(n))) }
        #expect(events.last == .won)
        #expect(events.dropLast().allSatisfy { $0 == .first || $0 == .match })
        #expect(g.phase == .won)
        #expect(g.flips == 16)
        #expect(g.pairsFound == 8)
        #expect(g.elapsed(at: 115) == 15)
        #expect(g.elapsed(at: 5000) == 15, "the clock stands after the win")
        #expect(!g.clockRuns)
        #expect(g.flip(at: 0, now: 200) == .gameOver)
    }

    @Test func theClockStartsAtTheFirstFlip() {
        var g = MemoryGame(size: .fourByFour, seed: 2)
        #expect(g.elapsed(at: 50) == 0)
        #expect(!g.clockRuns)
        _ = g.flip(at: 3, now: 60)
        #expect(g.clockRuns)
        #expect(g.phase == .playing)
        #expect(g.elapsed(at: 72.5) == 12.5)
    }

    @Test func aRestoredGameCountsTimeOnlyUpToItsLastFlip() {
        var g = MemoryGame(size: .fourByFour, seed: 2)
        _ = g.flip(at: 0, now: 100)
        _ = g.flip(at: 1, now: 130)
        g.pauseAfterRestore()
        #expect(!g.clockRuns)
        #expect(g.elapsed(at: 99_999) == 30)
        _ = g.flip(at: 2, now: 1000)
        #expect(g.clockRuns)
        #expect(g.elapsed(at: 1005) == 35)
    }

    @Test func flipAllShowsEveryCardAndEndsTheGameGivenUp() {
        var g = MemoryGame(size: .fourByFour, seed: 4)
        let order = perfectOrder(g)
        _ = g.flip(at: order[0], now: 1)
        _ = g.flip(at: order[1], now: 2)
        _ = g.flip(at: order[2], now: 3)
        g.giveUp(now: 10)
        #expect(g.phase == .gaveUp)
        #expect(g.isOver)
        let allUp = g.cards.allSatisfy { $0.isFaceUp }
        #expect(allUp)
        #expect(g.cards.filter(\.isMatched).count == 2, "the found pair stays found; the rest are only shown")
        #expect(g.flips == 3)
        #expect(g.elapsed(at: 99) == 9)
        #expect(g.flip(at: order[3], now: 11) == .gameOver)
        var won = MemoryGame(size: .fourByFour, seed: 4)
        for (n, i) in perfectOrder(won).enumerated() { _ = won.flip(at: i, now: Double(n)) }
        won.giveUp(now: 100)
        #expect(won.phase == .won)
    }

    @Test func outOfRangeFlipsDoNothing() {
        var g = MemoryGame(size: .fourByFour, seed: 4)
        #expect(g.flip(at: 16, now: 1) == .disabled)
        #expect(g.flip(at: -1, now: 1) == .disabled)
        #expect(g.flips == 0 && g.phase == .ready)
    }

    @Test func savedGamesRoundTripAndDamagedDecksAreRefused() throws {
        var g = MemoryGame(size: .fourByFive, seed: UInt64.max)
        _ = g.flip(at: 0, now: 5)
        let bytes = try StateCodec.encode(g, version: 1).get()
        let back = try StateCodec.decode(MemoryGame.self, from: bytes, version: 1).get()
        #expect(back == g)

        var text = String(decoding: bytes, as: UTF8.self)
        // Turn the first card's face into another: one face now appears three times.
        let other = g.cards.first { $0.face != g.cards[0].face }?.face ?? 0
        if let r = text.range(of: "\"face\" : \(g.cards[0].face)") {
            text.replaceSubrange(r, with: "\"face\" : \(other)")
        }
        let r = StateCodec.decode(MemoryGame.self, from: Array(text.utf8), version: 1)
        if case .success = r { Issue.record("a deck with a face three times was accepted") }
    }

    @Test func bestsAreKeptPerSizeForFlipsAndTimeApart() {
        var r = MemoryRecords()
        #expect(r.recordWin(size: .fourByFour, flips: 20, seconds: 60) == .init(newFewestFlips: true, newFastest: true))
        #expect(r.recordWin(size: .fourByFour, flips: 24, seconds: 40) == .init(newFewestFlips: false, newFastest: true))
        #expect(r.recordWin(size: .fourByFour, flips: 18, seconds: 90) == .init(newFewestFlips: true, newFastest: false))
        let none = r.recordWin(size: .fourByFour, flips: 30, seconds: 100)
        #expect(!none.isNewBest)
        #expect(r.fewestFlips(.fourByFour) == 18 && r.fastest(.fourByFour) == 40)
        #expect(r.fewestFlips(.sixBySix) == nil)
        #expect(r.recordWin(size: .sixBySix, flips: 50, seconds: 300).isNewBest)
        #expect(r.fewestFlips(.fourByFour) == 18)
    }

    @Test func clocksReadAsMinutesAndSeconds() {
        #expect(clockText(0) == "00:00")
        #expect(clockText(59.9) == "00:59")
        #expect(clockText(61) == "01:01")
        #expect(clockText(3599) == "59:59")
        #expect(clockText(3661) == "1:01:01")
        #expect(clockText(-5) == "00:00")
        #expect(clockText(.nan) == "00:00")
    }
}

@Suite struct MemorySavedJSONTests {
    @Test func theSaveIsTheJSONItAlwaysWas() {
        for seed in [0, 1, UInt64.max, UInt64(1) << 63] {
            var g = MemoryGame(size: .fourByFive, seed: seed)
            _ = g.flip(at: 0, now: 1_764_582_000.25)
            _ = g.flip(at: 3, now: 1_764_582_001.5)
            var records = MemoryRecords()
            _ = records.recordWin(size: .fourByFour, flips: 20, seconds: 61.75)
            var dealer = SplitMix64(seed: seed)
            _ = dealer.next()
            #expect(savedJSONProblem(MemorySave(game: g, dealer: dealer, records: records, cursor: 3)) == nil)
            #expect(savedJSONProblem(g) == nil)
        }
    }
}
