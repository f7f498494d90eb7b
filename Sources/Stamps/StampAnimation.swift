/// The stamp landing on the card, as the original did it: the stamp appears large and faint
/// and shrinks into its slot, then the whole card shakes left and right. Pure: the phase is a
/// function of the time passed in, so it is tested without a clock.
public struct StampAnimation: Equatable, Sendable {
    /// The slot being stamped (0-based).
    public let slot: Int
    /// Wall-clock seconds when Stamp + was pressed.
    public let start: Double
    /// Whether the card became full with this stamp (the completion dialog follows).
    public let completesCard: Bool

    public static let pressDuration = 0.3
    public static let shakeDuration = 0.3
    /// One frame: 20 frames a second is smooth enough for a few cells of movement.
    public static let frame = 0.05
    /// How much larger than its slot the stamp starts.
    public static let startScale = 2.2
    /// The card's horizontal offsets while it shakes, one per frame, in units of the amplitude.
    public static let shakeOffsets = [1, -1, 1, -1, 1, 0]

    public init(slot: Int, start: Double, completesCard: Bool = false) {
        self.slot = slot
        self.start = start
        self.completesCard = completesCard
    }

    public var end: Double { start + StampAnimation.pressDuration + StampAnimation.shakeDuration }

    public enum Phase: Equatable, Sendable {
        /// The stamp comes down: `scale` from `startScale` towards 1 (its size in the slot).
        case pressing(scale: Double)
        /// The card shakes: its offset in units of the amplitude (-1, 0 or 1).
        case shaking(offset: Int)
        case done
    }

    /// Absorbs the rounding of wall-clock subtraction (100.05 - 100 is 0.04999…).
    static let epsilon = 1e-6

    public func phase(at now: Double) -> Phase {
        let t = now - start + StampAnimation.epsilon
        if t < 0 { return .pressing(scale: StampAnimation.startScale) }
        if t < StampAnimation.pressDuration {
            // Quantised to frames, so every frame drawn at a given time looks the same.
            let frames = Int((StampAnimation.pressDuration / StampAnimation.frame).rounded())
            let k = min(frames - 1, Int(t / StampAnimation.frame))
            let progress = Double(k) / Double(frames)
            return .pressing(scale: StampAnimation.startScale - (StampAnimation.startScale - 1) * progress)
        }
        let s = t - StampAnimation.pressDuration
        if s < StampAnimation.shakeDuration {
            let offsets = StampAnimation.shakeOffsets
            let k = min(offsets.count - 1, Int(s / (StampAnimation.shakeDuration / Double(offsets.count))))
            return .shaking(offset: offsets[k])
        }
        return .done
    }

    /// The next moment a frame changes after `now`; nil once the animation is over.
    public func nextFrame(after now: Double) -> Double? {
        guard now + StampAnimation.epsilon < end else { return nil }
        let t = max(0, now - start + StampAnimation.epsilon)
        let k = (t / StampAnimation.frame).rounded(.down) + 1
        return min(end, start + k * StampAnimation.frame)
    }
}
