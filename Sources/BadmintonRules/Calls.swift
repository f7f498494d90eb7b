import TerminiCore

/// What the umpire says at a moment of the match, in the words of the umpire's vocabulary
/// (BWF Instructions to Technical Officials, Appendix 4; Law 16 for misconduct):
///
/// | moment | call |
/// | --- | --- |
/// | the start | `Ladies and gentlemen, on my right, B, and on my left, A; A to serve[ to C]; love all; play` |
/// | warm-up, at 90 s | `Ready to play` |
/// | a rally | `5-3`, `Service over, 3-5`, `2 all` (the server's score first, `love` for 0) |
/// | game or match point of the server | `20 game point 18`, `20 match point 8`, `29 game point all` |
/// | mid-game interval | `11-6 interval` (`; change ends` in the deciding game), then `11-6; play` |
/// | 20 s left of an interval | `Court N, 20 seconds` (`20 seconds` without a court name) |
/// | a game won | `Game; first game won by A, 21-15[; one game all]` |
/// | the next game | `Second game; love all; play`, `Final game; love all; play` |
/// | the match won | `Game; match won by A, 21-15 21-19` (the winner's scores first) |
/// | a card | `A, warning for misconduct; 5-3`, `A, fault for misconduct; service over, 4-5`, `A, disqualified for misconduct; match won by B, 5-3` |
/// | a fault between games | `A, fault for misconduct`, then `Second game; love all; A, faulted for misconduct; 1-love; play` |
/// | the end otherwise | `B retired; match won by A, 5-3`, `Walkover; match won by A` |
/// | a suspension | `Play is suspended`, then `5-3; play` |
///
/// Pure: the same state and moment give the same words. The words are joined with `; ` and
/// the first letter capitalised; an empty text means the umpire has nothing to say.
public enum UmpireCall {
    /// What the umpire says at `now` in state `s` (`court`: the court's name for the interval's
    /// `Court N, 20 seconds`); empty when there is nothing to say.
    public static func text(_ s: MatchState, now: Double, court: String? = nil) -> String {
        capitalised(parts(s, now: now, court: court).joined(separator: "; "))
    }

    static func parts(_ s: MatchState, now: Double, court: String?) -> [String] {
        let card = lastCard(s)
        let cardCall = card.map { [call(for: $0, in: s)] } ?? []
        if s.phase == .matchOver { return matchEnd(s, card: card) }
        if s.runningStoppage?.kind == .suspension { return cardCall + ["play is suspended"] }
        let interval = s.interval.map { MatchTimer(kind: $0.kind == .midGame ? .midGame : .betweenGames, start: $0.start, duration: $0.duration) }
        /// "20 seconds" from that moment of the interval on, until it ends; only a card given
        /// since is said over it.
        func twentySeconds(_ t: MatchTimer) -> [String]? {
            guard let moment = t.alertMoments.first, now >= moment, !t.isOver(at: now), !(card.map { $0.time >= moment } ?? false) else { return nil }
            return [(court.map { "court \(TextLayout.sanitized($0)), " } ?? "") + "20 seconds"]
        }

        // Between games: the game won, "20 seconds", then the next game (from game 2 on, until
        // its first rally).
        let nextGameStarting = !s.games.isEmpty && s.rallies == 0 && s.phase != .gameOver
        if s.phase == .gameOver || nextGameStarting {
            if let t = interval, t.kind == .betweenGames, !t.isOver(at: now) {
                if let call = twentySeconds(t) { return call }
                // A card given between games is said alone; one that won the game comes first.
                if let card, card.betweenGames { return cardCall }
                return cardCall + gameWon(s)
            }
            if s.phase == .gameOver { return card?.betweenGames == true ? cardCall : cardCall + gameWon(s) }
            // A card given since the break ended comes before the call of the game.
            return (card?.betweenGames == false && card?.game == s.gameNumber ? cardCall : []) + gameStart(s)
        }
        // The start of the match.
        if s.games.isEmpty && s.rallies == 0 && !s.hasRallies {
            if s.phase == .choosingService { return cardCall }
            if let w = s.warmUpStart {
                let t = MatchTimer(kind: .warmUp, start: w, duration: MatchTimer.warmUpSeconds)
                if !t.isOver(at: now) {
                    let ready = t.alertMoments[0]
                    if now >= ready && !(card.map { $0.time >= ready } ?? false) { return ["ready to play"] }
                    return cardCall
                }
            }
            return cardCall + [introduction(s)]
        }
        // The mid-game interval, and play after it.
        if let t = interval, t.kind == .midGame {
            if !t.isOver(at: now) {
                if let call = twentySeconds(t) { return call }
                // The rally (or the fault) that brought the interval.
                let broughtIt: Bool
                if case .point? = s.callAction { broughtIt = true } else { broughtIt = card.map { $0.scored && $0.time == t.start } ?? false }
                if broughtIt {
                    return cardCall + [score(s, serviceOver: s.serviceOver) + " interval" + (s.isDecidingGame && s.endsChangedInGame ? "; change ends" : "")]
                }
                if !cardCall.isEmpty { return cardCall + [score(s, serviceOver: card?.scored == true && s.serviceOver)] }
            } else if s.callAction.map(isRally) ?? false {
                return [score(s, serviceOver: false), "play"]
            }
        }
        switch s.callAction {
        case .endInterval?, .resume?: return [score(s, serviceOver: false), "play"]
        case .point?: return [score(s, serviceOver: s.serviceOver)]
        default: return cardCall + [score(s, serviceOver: card?.scored == true && s.serviceOver)]
        }
    }

    static func isRally(_ a: MatchEvent.Action) -> Bool {
        switch a {
        case .point, .card(_, _, .fault): return true
        default: return false
        }
    }

    /// The card of the last event that changed the call, if it was one.
    static func lastCard(_ s: MatchState) -> CardRecord? {
        if case .card? = s.callAction { return s.cards.last }
        return nil
    }

    static func call(for card: CardRecord, in s: MatchState) -> String {
        "\(player(card.team, card.player, s)), \(card.card.call)"
    }

    /// Player `p` of `team` as called: the name, cleaned of control characters.
    public static func player(_ team: Int, _ p: Int, _ s: MatchState) -> String {
        let players = s.teams[team].players
        return TextLayout.sanitized(players[min(max(0, p), players.count - 1)])
    }

    /// A side as announced: `Ann`, or a pair `Ann and Bob`.
    static func side(_ team: Int, _ s: MatchState) -> String {
        s.teams[team].players.map(TextLayout.sanitized).joined(separator: " and ")
    }

    /// A number as said: `love` for 0.
    static func said(_ n: Int) -> String { n == 0 ? "love" : String(n) }

    /// The score, the server's first, with the server's game or match point.
    static func score(_ s: MatchState, serviceOver: Bool) -> String {
        let a = s.score[s.server], b = s.score[s.receiver]
        let point = s.hasMatchPoint(s.server) ? "match point" : s.hasGamePoint(s.server) ? "game point" : nil
        var text: String
        if a == b {
            text = [said(a), point, "all"].compactMap { $0 }.joined(separator: " ")
        } else if let point {
            text = "\(said(a)) \(point) \(said(b))"
        } else {
            text = "\(said(a))-\(said(b))"
        }
        if serviceOver { text = "service over, " + text }
        return text
    }

    static func introduction(_ s: MatchState) -> String {
        var serve = "\(player(s.server, s.serverPlayer, s)) to serve"
        if s.isDoubles { serve += " to \(player(s.receiver, s.receiverPlayer, s))" }
        return "ladies and gentlemen, on my right, \(side(s.right, s)), and on my left, \(side(s.left, s)); \(serve); love all; play"
    }

    static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
    static let counts = ["love", "one", "two", "three", "four"]

    static func ordinal(_ n: Int) -> String { ordinals.indices.contains(n - 1) ? ordinals[n - 1] : "game \(n)" }

    /// `Game; second game won by Bob, 21-19; one game all`
    static func gameWon(_ s: MatchState) -> [String] {
        guard let w = s.gameWinners.last, let last = s.games.last else { return [] }
        var out = ["game", "\(ordinal(s.games.count)) game won by \(side(w, s)), \(said(last[w]))-\(said(last[1 - w]))"]
        let won = s.gamesWon
        if won[0] == won[1], counts.indices.contains(won[0]) { out.append("\(counts[won[0]]) game\(won[0] == 1 ? "" : "s") all") }
        return out
    }

    /// `Second game; love all; play`, with the faults given in the break before it.
    static func gameStart(_ s: MatchState) -> [String] {
        let n = s.gameNumber
        var out = [(n == s.format.games ? "final" : ordinal(n)) + " game", "love all"]
        if !s.faultedAtStart.isEmpty {
            out += s.faultedAtStart.map { "\(player($0.team, $0.player, s)), faulted for misconduct" }
            out.append(score(s, serviceOver: false))
        }
        return out + ["play"]
    }

    /// The scores of the match from the winner's side: `21-15 5-3`.
    static func matchScores(_ s: MatchState, winner w: Int) -> String {
        var all = s.games.map { "\(said($0[w]))-\(said($0[1 - w]))" }
        if let u = s.unfinishedScore { all.append("\(said(u[w]))-\(said(u[1 - w]))") }
        return all.joined(separator: " ")
    }

    static func matchEnd(_ s: MatchState, card: CardRecord?) -> [String] {
        guard let w = s.winner else { return [] }
        let scores = matchScores(s, winner: w)
        let won = "match won by \(side(w, s))" + (scores.isEmpty ? "" : ", \(scores)")
        // A card after the end is said alone: it does not change the result.
        if let card, !endedBy(card, s) { return [call(for: card, in: s)] }
        switch s.ending ?? .played {
        case .played: return (card.map { [call(for: $0, in: s)] } ?? []) + ["game", won]
        case .retired(let t): return ["\(side(t, s)) retired", won]
        case .walkover: return ["walkover", "match won by \(side(w, s))"]
        case .disqualified(let t):
            let black = s.cards.last { $0.card == .disqualification && $0.team == t }
            return [black.map { call(for: $0, in: s) } ?? "\(side(t, s)) disqualified", won]
        }
    }

    /// Whether `card` is what ended the match (a disqualification, or a fault at match point).
    static func endedBy(_ card: CardRecord, _ s: MatchState) -> Bool {
        switch card.card {
        case .disqualification: return s.ending == .disqualified(card.team)
        case .fault: return card.scored && s.ending == .played
        case .warning: return false
        }
    }

    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
