/// A stop in play that is not an interval: an injury (Law 16.4: the umpire may call the
/// referee; the clock runs from the call) or a suspension (Law 16.6). It ends when play
/// resumes and is kept, with its length, for the scoresheet and the export.
public struct Stoppage: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case injury, suspension
    }
    public var kind: Kind
    /// The injured player, when named.
    public var team: Int?
    public var player: Int?
    public var start: Double
    /// When play resumed; nil while it lasts.
    public var end: Double?

    public var isRunning: Bool { end == nil }
    /// Seconds from the call to the resumption (or to `now` while it lasts).
    public func duration(at now: Double) -> Double { max(0, (end ?? now) - start) }
}

/// The clock on screen: a countdown (warm-up, intervals) or a clock running up (a stop).
public struct MatchTimer: Equatable, Sendable {
    /// ITTO 5.2.2.1: the warm-up is two minutes from the umpire's start to "Play".
    public static let warmUpSeconds: Double = 120
}
