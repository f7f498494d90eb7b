import TerminiCore

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

    /// What giving this card to `player` of `team` will do, in words (`Fault: Bob scores, 4-5.`),
    /// and the umpire's call after it, before it is recorded (the card dialog's preview).
    /// `court` is the court's name for the call, nil for none.
    public func preview(_ s: MatchState, team: Int, player: Int, at now: Double, court: String?, calls: CallTable = .english) -> (effect: String, call: String) {
        if let why = refusal(s, team: team) { return (why, "") }
        var after = s
        guard after.apply(MatchEvent(.card(team: team, player: player, card: self), at: now)) else { return ("Not possible now.", "") }
        let call = UmpireCall.text(after, now: now, court: court, calls: calls)
        let name = UmpireCall.player(team, player, s)
        let other = 1 - team
        let otherName = TextLayout.sanitized(s.teams[other].name)
        let scores = s.teams[other].verb("scores", "score"), wins = s.teams[other].verb("wins", "win")
        if s.phase == .matchOver { return ("\(colour.capitalized) card to \(name): recorded; the result stands.", call) }
        switch self {
        case .warning:
            return ("Warning to \(name): nothing else changes.", call)
        case .fault:
            guard after.cards.last?.scored == true else {
                return ("Fault to \(name): no point, the match has not begun (before the first rally).", call)
            }
            if s.phase == .gameOver {
                return ("Fault: \(otherName) \(scores) the first point of game \(s.gameNumber + 1).", call)
            }
            let a = after.score[other], b = after.score[team]
            if after.phase == .matchOver { return ("Fault: \(otherName) \(scores) and \(wins) the match, \(a)-\(b).", call) }
            if after.phase == .gameOver { return ("Fault: \(otherName) \(scores) and \(wins) game \(after.gameNumber), \(a)-\(b).", call) }
            return ("Fault: \(otherName) \(scores), \(a)-\(b).", call)
        case .disqualification:
            return ("Disqualified: the match ends, won by \(otherName).", call)
        }
    }
}

extension Misconduct {
    /// Why this card cannot be given to a player of `team` now, nil when it can. Law 16.7:
    /// a warning goes to a side once; a side that has any card already (either player, any
    /// colour, this game or an earlier one) is faulted or disqualified for a further offence.
    public func refusal(_ s: MatchState, team: Int) -> String? {
        guard self == .warning, s.teams.indices.contains(team) else { return nil }
        let given = s.cards.filter { $0.team == team }
        guard !given.isEmpty else { return nil }
        let side = s.teams[team]
        let marks = given.map { c -> String in
            guard s.isDoubles, side.players.indices.contains(c.player) else { return c.card.colour }
            return TextLayout.sanitized(side.players[c.player]) + " " + c.card.colour
        }
        return "\(TextLayout.sanitized(side.name)) \(side.verb("already has", "already have")) a card (\(marks.joined(separator: ", "))): "
            + "a further offence is a fault (Law 16.7)."
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
