/// What moves after punches: "+1"s floating up beside the target and the target's shake.
/// Pure: time comes in; the app asks `nextChange` for the moment the picture changes next.
public struct PunchEffects: Equatable, Sendable {
    /// How long a "+1" floats, and how many rows it rises meanwhile.
    public static let floatLife = 0.25
    public static let floatRise = 3
    /// Everything moves in steps of this length: a "+1" rises a row, the target shakes. One
    /// beat for both means one frame for both.
    public static let step = floatLife / Double(floatRise + 1)
    /// From this part of its life on, a "+1" is drawn fading: as it takes its last step up,
    /// so fading costs no frame of its own.
    public static let fadeFrom = Double(floatRise) / Double(floatRise + 1)
    /// The target's offset at each step after a punch: still while the count changes, a cell
    /// to the left, a cell to the right, then still again. Every step redraws the target's
    /// edges on every row, so the shake is short.
    static let shakeSteps = [0, -1, 1]
    public static let shakeLife = step * Double(shakeSteps.count)
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
    public func isMoving(at now: Double) -> Bool { nextChange(after: now) != nil }

    /// The next moment after `now` at which the picture changes (a "+1" rises, fades or goes,
    /// the shake steps), or nil when nothing moves any more. Frames are drawn at these
    /// moments only, not at a fixed rate: no frame repeats the one before.
    public func nextChange(after now: Double) -> Double? {
        var next: Double?
        func consider(_ t: Double) { if t > now { next = min(next ?? t, t) } }
        let step = PunchEffects.step
        for f in floats {
            for k in 1...PunchEffects.floatRise + 1 { consider(f.start + Double(k) * step) }
        }
        if let s = shakeStart {
            for k in 1...PunchEffects.shakeSteps.count { consider(s + Double(k) * step) }
        }
        return next
    }

    /// The "+1"s on screen at `now`, each with how many rows it has risen.
    public func visibleFloats(at now: Double) -> [(lane: Int, rise: Int, fading: Bool)] {
        floats.compactMap { f in
            let age = now - f.start
            guard age >= 0, age < PunchEffects.floatLife else { return nil }
            let p = age / PunchEffects.floatLife
            let rise = min(PunchEffects.floatRise, Int((p * Double(PunchEffects.floatRise + 1)).rounded(.down)))
            return (f.lane, rise, p >= PunchEffects.fadeFrom)
        }
    }

    /// The target's sideways offset in cells at `now`: still, left, right, still.
    public func shakeOffset(at now: Double) -> Int {
        guard let s = shakeStart else { return 0 }
        let age = now - s
        guard age >= 0, age < PunchEffects.shakeLife else { return 0 }
        let steps = PunchEffects.shakeSteps
        let i = Int(age / PunchEffects.step)
        return steps[min(steps.count - 1, max(0, i))]
    }
}
