/// Law 16.7: the umpire's answer to misconduct, a card shown to one player.
public enum Misconduct: String, Sendable, CaseIterable {
    /// A yellow card: a warning; nothing else changes.
    case warning
    /// A red card: a fault against the offender's side, which loses the rally.
    case fault
    /// A black card: the offender's side is disqualified and the match ends, won by the other.
    case disqualification

    /// The colour of the card shown.
    public var colour: String {
        switch self {
        case .warning: return "yellow"
        case .fault: return "red"
        case .disqualification: return "black"
        }
    }

    /// As the umpire calls it after the player's name (`Ann, fault for misconduct`).
    public var call: String {
        switch self {
        case .warning: return "warning for misconduct"
        case .fault: return "fault for misconduct"
        case .disqualification: return "disqualified for misconduct"
        }
    }
}

/// A card given in the match, as the state keeps it.
public struct CardRecord: Equatable, Sendable {
    public var team: Int
    /// The player of `team` (index into its players).
    public var player: Int
    public var card: Misconduct
    /// When it was given (the event's time).
    public var time: Double
    /// The game it was given in (between games: the game just finished).
    public var game: Int
    /// A fault that gave the opponents a point (at once, or at the start of the next game when
    /// given between games). Faults before the match has begun (the warm-up, the choice of
    /// server) and after its end score nothing (RTTO 3.7.7).
    public var scored: Bool
    /// Given after a game was won and before the next began.
    public var betweenGames: Bool
}
