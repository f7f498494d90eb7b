import TerminiCore
import TerminiApp
import TerminiData

/// The boards on offer: rows × columns, always an even number of cards.
public enum BoardSize: String, Codable, CaseIterable, Sendable {
    case fourByFour = "4x4"
    case fourByFive = "4x5"
    case sixBySix = "6x6"

    public var rows: Int {
        switch self {
        case .fourByFour, .fourByFive: return 4
        case .sixBySix: return 6
        }
    }

    public var columns: Int {
        switch self {
        case .fourByFour: return 4
        case .fourByFive: return 5
        case .sixBySix: return 6
        }
    }

    public var cardCount: Int { rows * columns }
    public var pairs: Int { cardCount / 2 }

    /// `4×4`, or `4x4` without Unicode.
    public func name(unicode: Bool) -> String { unicode ? "\(rows)×\(columns)" : rawValue }

    /// Reads `4x4`, `4×4` or `4X4`.
    public init?(parsing text: String) {
        let t = String(text.lowercased().map { $0 == "×" ? "x" : $0 })
        guard let s = BoardSize(rawValue: t) else { return nil }
        self = s
    }
}

/// The faces: the original's eight emoji first, then more for the bigger boards. Without
/// UTF-8 each face is a capital letter instead.
public enum Faces {
    public static let original = ["😁", "💀", "👻", "🐶", "🐳", "🐢", "🐭", "🐵"]
    public static let extra = ["🐸", "🦊", "🐼", "🐙", "🦄", "🐝", "🍄", "🌵", "🍉", "🚀", "🐧", "🦉", "🐞", "🍩"]
    public static let all = original + extra

    public static func emoji(_ face: Int) -> String { all.indices.contains(face) ? all[face] : "?" }

    public static func letter(_ face: Int) -> String {
        guard face >= 0, face < 26, let s = Unicode.Scalar(UInt32(65 + face)) else { return "?" }
        return String(Character(s))
    }
}

public struct Card: Codable, Equatable, Sendable {
    public var face: Int
    public var isFaceUp: Bool
    public var isMatched: Bool

    public init(face: Int, isFaceUp: Bool = false, isMatched: Bool = false) {
        self.face = face
        self.isFaceUp = isFaceUp
        self.isMatched = isMatched
    }
}

/// What one flip did.
public enum FlipEvent: Equatable, Sendable {
    /// The game is over (won or given up): nothing turns.
    case gameOver
    /// A matched card is greyed out and cannot be turned.
    case disabled
    /// A face-up card that was not matched went face down again.
    case turnedDown
    /// A first card shows its face.
    case first
    /// A second card matched the first: both stay up.
    case match
    /// A second card did not match: both stay up until the next flip.
    case mismatch
    /// The last pair was found.
    case won
}

/// A game of concentration, as the original played it. Pure: time comes in as seconds.
///
/// Rules: the first card shows its face. A second card that matches keeps both up, matched
/// (greyed and disabled). A second that does not match stays up until the next flip, which
/// turns those two back down before turning its own card. Flipping a face-up unmatched card
/// again turns it down. Every card turned face up counts as one flip (the original counted
/// each twice through a `didSet`).
public struct MemoryGame: Codable, Equatable, Sendable {
    public enum Phase: String, Codable, Sendable {
        /// Dealt, no card turned yet: the clock has not started.
        case ready
        case playing
        case won
        /// Flip all was used: every card shown, the game over without a win.
        case gaveUp = "gave-up"
    }

    public let size: BoardSize
    /// The seed of this deal: `--seed` with it deals the same cards again.
    public let seed: UInt64
    public private(set) var cards: [Card]
    public private(set) var flips: Int
    public private(set) var phase: Phase
    /// Seconds counted before `runningSince`.
    public private(set) var elapsedBefore: Double
    /// When the clock last started; nil while it stands (before the first flip, after the
    /// end, and in a game restored from disk until its next flip).
    public private(set) var runningSince: Double?
    /// The moment of the last flip, so a restored game counts time up to there only.
    public private(set) var lastFlipAt: Double?
    /// The last moment the running clock was seen on screen (the app notes each second it
    /// shows), so a restored game counts its time up to what the screen last showed.
    public private(set) var seenAt: Double?

    /// A fresh deal: the faces for the board's pairs (the original eight first, then extras
    /// picked at random), two cards each, shuffled, all face down.
    public init(size: BoardSize, seed: UInt64) {
        self.size = size
        self.seed = seed
        var rng = SplitMix64(seed: seed)
        var extras = Array(Faces.original.count..<Faces.all.count)
        rng.shuffle(&extras)
        let fromOriginal = min(size.pairs, Faces.original.count)
        let faces = Array(0..<fromOriginal) + extras.prefix(size.pairs - fromOriginal)
        var deck = faces.flatMap { [Card(face: $0), Card(face: $0)] }
        rng.shuffle(&deck)
        cards = deck
        flips = 0
        phase = .ready
        elapsedBefore = 0
        runningSince = nil
        lastFlipAt = nil
        seenAt = nil
    }

    public var isOver: Bool { phase == .won || phase == .gaveUp }
    public var pairsFound: Int { cards.filter(\.isMatched).count / 2 }
    /// Face-up cards not yet matched (zero, one, or a mismatched two).
    public var openCards: [Int] { cards.indices.filter { cards[$0].isFaceUp && !cards[$0].isMatched } }
    /// True while two unmatched cards are up (a mismatch waiting for the next flip).
    public var showsMismatch: Bool { openCards.count == 2 }

    /// Seconds played at `now`.
    public func elapsed(at now: Double) -> Double {
        elapsedBefore + (runningSince.map { max(0, now - $0) } ?? 0)
    }

    /// Whether the clock runs (for the once-a-second refresh).
    public var clockRuns: Bool { runningSince != nil }

    public mutating func flip(at index: Int, now: Double) -> FlipEvent {
        guard !isOver else { return .gameOver }
        guard cards.indices.contains(index) else { return .disabled }
        guard !cards[index].isMatched else { return .disabled }
        if cards[index].isFaceUp {
            cards[index].isFaceUp = false
            if runningSince == nil { runningSince = now }
            lastFlipAt = now
            return .turnedDown
        }
        if phase == .ready { phase = .playing }
        if runningSince == nil { runningSince = now }
        lastFlipAt = now
        let open = openCards
        flips += 1
        if open.count == 1, let other = open.first {
            cards[index].isFaceUp = true
            guard cards[other].face == cards[index].face else { return .mismatch }
            cards[other].isMatched = true
            cards[index].isMatched = true
            if cards.allSatisfy(\.isMatched) {
                stopClock(at: now)
                phase = .won
                return .won
            }
            return .match
        }
        // No card open, or a mismatched two: those go down, this one comes up.
        for i in open { cards[i].isFaceUp = false }
        cards[index].isFaceUp = true
        return .first
    }

    /// Flip all: every card shows its face and the game ends, given up. The found pairs
    /// stay marked as found; the rest are only shown.
    public mutating func giveUp(now: Double) {
        guard !isOver else { return }
        for i in cards.indices { cards[i].isFaceUp = true }
        stopClock(at: now)
        phase = .gaveUp
    }

    /// Notes that the running clock showed the time at `now` (the app calls it each time
    /// the shown second changes, and saves).
    public mutating func clockSeen(at now: Double) {
        guard runningSince != nil else { return }
        seenAt = max(now, seenAt ?? now)
    }

    /// For a game read back from disk: the time counts up to the last moment the clock was
    /// seen (or the last flip), so it resumes from the second it showed; the time after
    /// that (when Termini was perhaps not even running) does not count, and the clock
    /// starts again at the next flip.
    public mutating func pauseAfterRestore() {
        guard let start = runningSince else { return }
        let moments = [lastFlipAt, seenAt].compactMap { $0 }.filter(\.isFinite)
        let last = moments.max() ?? start
        if start.isFinite { elapsedBefore += max(0, last - start) }
        runningSince = nil
        seenAt = nil
    }

    /// Stops the clock while the board is out of view; the game stays in play.
    public mutating func pause(at now: Double) {
        guard runningSince != nil else { return }
        stopClock(at: now)
    }

    /// Starts a clock stopped by `pause` again (nothing for a game that is over).
    public mutating func resume(at now: Double) {
        guard phase == .playing, runningSince == nil else { return }
        runningSince = now
    }

    private mutating func stopClock(at now: Double) {
        elapsedBefore = elapsed(at: now)
        runningSince = nil
        seenAt = nil
    }

    // Decoding checks that the cards make a real deal: the right number for the size, and
    // every face exactly twice. A hand-edited or damaged file is refused (and kept aside).
    enum CodingKeys: String, CodingKey {
        case size, seed, cards, flips, phase, elapsedBefore, runningSince, lastFlipAt, seenAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        size = try c.decode(BoardSize.self, forKey: .size)
        let seedText = try c.decode(String.self, forKey: .seed)
        guard let seed = UInt64(seedText) else {
            throw DecodingError.dataCorruptedError(forKey: .seed, in: c, debugDescription: "'\(seedText)' is not a deal number")
        }
        self.seed = seed
        cards = try c.decode([Card].self, forKey: .cards)
        flips = try c.decode(Int.self, forKey: .flips, in: Ranges.count)
        phase = try c.decode(Phase.self, forKey: .phase)
        elapsedBefore = try c.decode(Double.self, forKey: .elapsedBefore, in: Ranges.duration)
        runningSince = try c.decodeIfPresent(Double.self, forKey: .runningSince, in: Ranges.moment)
        lastFlipAt = try c.decodeIfPresent(Double.self, forKey: .lastFlipAt, in: Ranges.moment)
        seenAt = try c.decodeIfPresent(Double.self, forKey: .seenAt, in: Ranges.moment)
        var counts: [Int: Int] = [:]
        for card in cards { counts[card.face, default: 0] += 1 }
        let validFaces = cards.allSatisfy { Faces.all.indices.contains($0.face) }
        let pairedMatches = Dictionary(grouping: cards.filter(\.isMatched), by: \.face).values.allSatisfy { $0.count == 2 }
        guard cards.count == size.cardCount, validFaces, counts.values.allSatisfy({ $0 == 2 }), pairedMatches,
              flips >= 0, elapsedBefore >= 0, elapsedBefore.isFinite
        else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [CodingKeys.cards], debugDescription: "the cards are not a deal of \(size.rawValue)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(size, forKey: .size)
        try c.encode(String(seed), forKey: .seed)
        try c.encode(cards, forKey: .cards)
        try c.encode(flips, forKey: .flips)
        try c.encode(phase, forKey: .phase)
        try c.encode(elapsedBefore, forKey: .elapsedBefore)
        try c.encodeIfPresent(runningSince, forKey: .runningSince)
        try c.encodeIfPresent(lastFlipAt, forKey: .lastFlipAt)
        try c.encodeIfPresent(seenAt, forKey: .seenAt)
    }
}

/// The best wins per board size: the fewest flips and the shortest time, kept apart (the
/// fewest flips may come from a slow, careful game).
public struct MemoryRecords: Codable, Equatable, Sendable {
    public private(set) var fewestFlips: [String: Int] = [:]
    public private(set) var fastest: [String: Double] = [:]

    public init() {}

    public struct Outcome: Equatable, Sendable {
        public var newFewestFlips: Bool
        public var newFastest: Bool
        public var isNewBest: Bool { newFewestFlips || newFastest }
    }

    enum CodingKeys: String, CodingKey { case fewestFlips, fastest }

    /// Bests of board sizes Termini knows, each in range; anything else is damage.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let flips = try c.decodeIfPresent([String: Int].self, forKey: .fewestFlips) ?? [:]
        let times = try c.decodeIfPresent([String: Double].self, forKey: .fastest) ?? [:]
        for (size, n) in flips where BoardSize(rawValue: size) == nil || !Ranges.count.contains(n) {
            throw DecodingError.dataCorruptedError(forKey: .fewestFlips, in: c, debugDescription: "\(size): \(n) flips is not a record")
        }
        for (size, t) in times where BoardSize(rawValue: size) == nil || !Ranges.duration.contains(t) {
            throw DecodingError.dataCorruptedError(forKey: .fastest, in: c, debugDescription: "\(size): \(t) s is not a record")
        }
        fewestFlips = flips
        fastest = times
    }

    public func fewestFlips(_ size: BoardSize) -> Int? { fewestFlips[size.rawValue] }
    public func fastest(_ size: BoardSize) -> Double? { fastest[size.rawValue] }

    /// Records a win; says which bests it beat (the first win of a size beats both).
    public mutating func recordWin(size: BoardSize, flips: Int, seconds: Double) -> Outcome {
        let key = size.rawValue
        let newFlips = fewestFlips[key].map { flips < $0 } ?? true
        let newTime = fastest[key].map { seconds < $0 } ?? true
        if newFlips { fewestFlips[key] = flips }
        if newTime { fastest[key] = seconds }
        return Outcome(newFewestFlips: newFlips, newFastest: newTime)
    }
}

/// Time as a game clock shows it: `mm:ss`, or `h:mm:ss` from an hour on.
public func clockText(_ seconds: Double) -> String {
    let s = Int(saturating: min(max(0, seconds), Ranges.duration.upperBound))
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    if s >= 3600 { return "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" }
    return "\(two(s / 60)):\(two(s % 60))"
}
