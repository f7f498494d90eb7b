import TerminiApp
import TerminiData

/// What there is to punch. Each target keeps its own count and has its own boxer.
public enum Target: String, Codable, CaseIterable, Sendable {
    case sandbag
    case trashCan = "trash-can"

    public var name: String {
        switch self {
        case .sandbag: return "Sandbag"
        case .trashCan: return "Trash can"
        }
    }

    /// The boxer who works on this target: a woman at the sandbag, a man at the trash can.
    public var boxer: Boxer {
        switch self {
        case .sandbag: return .woman
        case .trashCan: return .man
        }
    }

    /// The other target.
    public var other: Target { self == .sandbag ? .trashCan : .sandbag }
}

public enum Boxer: String, Sendable {
    case woman, man
}

/// The saved state of Boxing Time: the selected target, each target's punches and the best
/// punch rate ever reached. Pure: no clock, no I/O.
public struct BoxingGame: Codable, Equatable, Sendable {
    /// From this many punches on a target, its boxer rests in the corner, tired.
    public static let tiredAt = 30

    public var selected: Target
    public private(set) var sandbagPunches: Int
    public private(set) var trashCanPunches: Int
    /// The best punch rate (punches per second) ever measured, 0 when none yet.
    public private(set) var bestRate: Double

    public init(selected: Target = .sandbag, sandbagPunches: Int = 0, trashCanPunches: Int = 0, bestRate: Double = 0) {
        self.selected = selected
        self.sandbagPunches = max(0, sandbagPunches)
        self.trashCanPunches = max(0, trashCanPunches)
        self.bestRate = max(0, bestRate)
    }

    public func punches(_ target: Target) -> Int {
        switch target {
        case .sandbag: return sandbagPunches
        case .trashCan: return trashCanPunches
        }
    }

    /// The count of the target on screen.
    public var punches: Int { punches(selected) }

    /// Tiredness follows the count of that target alone, whatever switching happened
    /// (the original showed a fresh boxer again after switching away and back).
    public func isTired(_ target: Target) -> Bool { punches(target) >= BoxingGame.tiredAt }

    /// Whether the boxer on screen rests in the corner.
    public var boxerIsTired: Bool { isTired(selected) }

    public mutating func select(_ target: Target) { selected = target }

    /// One punch on the selected target.
    public mutating func punch() {
        switch selected {
        case .sandbag: sandbagPunches = sandbagPunches == Int.max ? Int.max : sandbagPunches + 1
        case .trashCan: trashCanPunches = trashCanPunches == Int.max ? Int.max : trashCanPunches + 1
        }
    }

    /// Play again: the selected target's count goes back to 0 (its boxer is fresh again);
    /// the other target keeps its count.
    public mutating func playAgain() {
        switch selected {
        case .sandbag: sandbagPunches = 0
        case .trashCan: trashCanPunches = 0
        }
    }

    /// The best rate back to none (play again clears it with the count).
    public mutating func clearBestRate() { bestRate = 0 }

    /// Keeps `rate` if it beats the best; returns true when it did.
    @discardableResult
    public mutating func offerRate(_ rate: Double) -> Bool {
        guard rate.isFinite, rate > bestRate else { return false }
        bestRate = rate
        return true
    }

    // Decoding is lenient about fields added later (they default); a count or a rate out of
    // its range is damage (a hand-edited or corrupted file), never clamped into a false figure.
    enum CodingKeys: String, CodingKey { case selected, sandbagPunches, trashCanPunches, bestRate }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(selected: try c.decodeIfPresent(Target.self, forKey: .selected) ?? .sandbag,
                  sandbagPunches: try c.decodeIfPresent(Int.self, forKey: .sandbagPunches, in: Ranges.count) ?? 0,
                  trashCanPunches: try c.decodeIfPresent(Int.self, forKey: .trashCanPunches, in: Ranges.count) ?? 0,
                  bestRate: try c.decodeIfPresent(Double.self, forKey: .bestRate, in: Ranges.rate) ?? 0)
    }
}

/// Punches per second over the last few seconds, from the moments of the punches.
///
/// The rate is the number of punches in the window divided by the time they span plus one
/// average gap (so a steady rhythm of f punches a second reads f right at each punch, and the
/// figure sinks while no punch comes), never dividing by less than one second: a burst of
/// five quick punches reads 5/s, not 50/s.
public struct PunchMeter: Equatable, Sendable {
    /// How far back punches count.
    public static let window = 3.0
    /// The rate is shown while the last punch is at most this old.
    public static let idle = 2.0

    public private(set) var times: [Double] = []

    public init() {}

    public mutating func record(at now: Double) {
        times.append(now)
        forget(before: now - PunchMeter.window)
    }

    /// Drops punches older than `moment` (keeps the list short).
    public mutating func forget(before moment: Double) {
        if let i = times.firstIndex(where: { $0 > moment }) {
            if i > 0 { times.removeFirst(i) }
        } else {
            times.removeAll()
        }
    }

    public var lastPunch: Double? { times.last }

    /// True while punches keep coming (the last one at most `idle` seconds ago).
    public func isPunching(at now: Double) -> Bool {
        guard let last = times.last else { return false }
        return now - last <= PunchMeter.idle
    }

    /// Punches per second at `now`, or nil when not punching.
    public func rate(at now: Double) -> Double? {
        guard isPunching(at: now) else { return nil }
        let recent = times.filter { $0 > now - PunchMeter.window && $0 <= now }
        guard let first = recent.first, let last = recent.last else { return nil }
        let gap = recent.count > 1 ? (last - first) / Double(recent.count - 1) : 0
        let span = max(1.0, min(PunchMeter.window, now - first + gap))
        return Double(recent.count) / span
    }

    /// A rate as people read it: one decimal (`4.2`).
    public static func format(_ rate: Double) -> String {
        let tenths = Int(saturating: (min(max(0, rate), Ranges.rate.upperBound) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
