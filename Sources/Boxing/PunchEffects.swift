/// What moves after punches: "+1"s floating up beside the target and the target's shake.
/// Pure: time comes in; the app asks `isMoving` to decide whether it needs animation frames.
public struct PunchEffects: Equatable, Sendable {
    /// How long a "+1" floats, and how many rows it rises meanwhile.
    public static let floatLife = 0.25
    public static let floatRise = 3
    /// How long the target shakes after a punch.
    public static let shakeLife = 0.2
    /// At most this many "+1"s at once (fast key repeat).
    public static let maxFloats = 12
    /// How many side-by-side places a "+1" can start from, so overlapping ones stay readable.
    public static let lanes = 3

    public struct Float: Equatable, Sendable {
        public var start: Double
        public var lane: Int
    }

    public private(set) var floats: [Float] = []
    public private(set) var shakeStart: Double?
    private var punches = 0

    public init() {}

    public mutating func punch(at now: Double) {
        floats.append(Float(start: now, lane: punches % PunchEffects.lanes))
        punches &+= 1
        if floats.count > PunchEffects.maxFloats { floats.removeFirst(floats.count - PunchEffects.maxFloats) }
        shakeStart = now
    }

    /// Forgets what has finished moving.
    public mutating func prune(at now: Double) {
        floats.removeAll { now - $0.start >= PunchEffects.floatLife }
        if let s = shakeStart, now - s >= PunchEffects.shakeLife { shakeStart = nil }
    }

    /// Whether anything still moves at `now`.
    public func isMoving(at now: Double) -> Bool {
        floats.contains { now - $0.start < PunchEffects.floatLife }
            || (shakeStart.map { now - $0 < PunchEffects.shakeLife } ?? false)
    }

    /// The "+1"s on screen at `now`, each with how many rows it has risen.
    public func visibleFloats(at now: Double) -> [(lane: Int, rise: Int, fading: Bool)] {
        floats.compactMap { f in
            let age = now - f.start
            guard age >= 0, age < PunchEffects.floatLife else { return nil }
            let p = age / PunchEffects.floatLife
            return (f.lane, Int((p * Double(PunchEffects.floatRise + 1)).rounded(.down)), p > 0.7)
        }
    }

    /// The target's sideways offset in cells at `now`: left, right, left, still.
    public func shakeOffset(at now: Double) -> Int {
        guard let s = shakeStart else { return 0 }
        let age = now - s
        guard age >= 0, age < PunchEffects.shakeLife else { return 0 }
        let step = Int(age / (PunchEffects.shakeLife / 4))
        return [-1, 1, -1, 0][min(3, step)]
    }
}
