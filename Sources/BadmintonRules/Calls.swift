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
/// The words are those of a calls table (`CallTable`, English by default): the table above
/// is the English one's.
public enum UmpireCall {
    /// What the umpire says at `now` in state `s` (`court`: the court's name for the interval's
    /// `Court N, 20 seconds`), in the words of `calls`; empty when there is nothing to say.
    public static func text(_ s: MatchState, now: Double, court: String? = nil, calls: CallTable = .english) -> String {
        capitalised(Words(s: s, t: calls).parts(now: now, court: court).joined(separator: "; "))
    }

    /// A call as a voice should read it: a score's dash between two digits is a pause, not a
    /// word (espeak-ng reads `2-1` as "two dash one", in German "zwei Strich eins"); the
    /// written call keeps its dashes.
    public static func spoken(_ call: String) -> String {
        let u = Array(call.utf8)
        guard u.contains(0x2d) else { return call }
        var out = u
        for i in u.indices.dropFirst().dropLast() where u[i] == 0x2d && (0x30...0x39).contains(u[i - 1]) && (0x30...0x39).contains(u[i + 1]) {
            out[i] = 0x20
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Player `p` of `team` as called: the name, cleaned of control characters.
    public static func player(_ team: Int, _ p: Int, _ s: MatchState) -> String {
        let players = s.teams[team].players
        return TextLayout.sanitized(players[min(max(0, p), players.count - 1)])
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

/// The calls of one state in one table's words.
struct Words {
    let s: MatchState
    let t: CallTable

    func parts(now: Double, court: String?) -> [String] {
        let card = UmpireCall.lastCard(s)
        let cardCall = card.map { [call(for: $0)] } ?? []
        if s.phase == .matchOver { return matchEnd(card: card) }
        if s.runningStoppage?.kind == .suspension { return cardCall + [t.say(.suspended)] }
        let interval = s.interval?.timer
        /// "20 seconds" from that moment of the interval on, until it ends; only a card given
        /// since is said over it.
        func twentySeconds(_ timer: MatchTimer) -> [String]? {
            guard let moment = timer.alertMoments.first, now >= moment, !timer.isOver(at: now), !(card.map { $0.time >= moment } ?? false) else { return nil }
            return [court.map { t.say(.courtTwentySeconds, ["court": TextLayout.sanitized($0)]) } ?? t.say(.twentySeconds)]
        }

        // Between games: the game won, "20 seconds", then the next game (from game 2 on, until
        // its first rally).
        let nextGameStarting = !s.games.isEmpty && s.rallies == 0 && s.phase != .gameOver
        if s.phase == .gameOver || nextGameStarting {
            if let timer = interval, timer.kind == .betweenGames, !timer.isOver(at: now) {
                if let call = twentySeconds(timer) { return call }
                // A card given between games is said alone; one that won the game comes first.
                if let card, card.betweenGames { return cardCall }
                return cardCall + gameWon()
            }
            if s.phase == .gameOver { return card?.betweenGames == true ? cardCall : cardCall + gameWon() }
            // A card given since the break ended comes before the call of the game.
            return (card?.betweenGames == false && card?.game == s.gameNumber ? cardCall : []) + gameStart()
        }
        // The start of the match.
        if s.games.isEmpty && s.rallies == 0 && !s.hasRallies {
            if s.phase == .choosingService { return cardCall }
            if let w = s.warmUpStart {
                let warmUp = MatchTimer(kind: .warmUp, start: w, duration: MatchTimer.warmUpSeconds)
                if !warmUp.isOver(at: now) {
                    let ready = warmUp.alertMoments[0]
                    if now >= ready && !(card.map { $0.time >= ready } ?? false) { return [t.say(.readyToPlay)] }
                    return cardCall
                }
            }
            return cardCall + introduction()
        }
        // The mid-game interval, and play after it.
        if let timer = interval, timer.kind == .midGame {
            if !timer.isOver(at: now) {
                if let call = twentySeconds(timer) { return call }
                // The rally (or the fault) that brought the interval.
                let broughtIt: Bool
                if case .point? = s.callAction { broughtIt = true } else { broughtIt = card.map { $0.scored && $0.time == timer.start } ?? false }
                if broughtIt {
                    let interval = t.say(.interval, ["score": score(serviceOver: s.serviceOver)])
                    return cardCall + [interval] + (s.isDecidingGame && s.endsChangedInGame ? [t.say(.changeEnds)] : [])
                }
                if !cardCall.isEmpty { return cardCall + [score(serviceOver: card?.scored == true && s.serviceOver)] }
            } else if s.callAction.map(UmpireCall.isRally) ?? false {
                return [score(serviceOver: false), t.say(.play)]
            }
        }
        switch s.callAction {
        case .endInterval?, .resume?: return [score(serviceOver: false), t.say(.play)]
        case .point?: return [score(serviceOver: s.serviceOver)]
        default: return cardCall + [score(serviceOver: card?.scored == true && s.serviceOver)]
        }
    }

    func call(for card: CardRecord) -> String {
        let moment: CallMoment
        switch card.card {
        case .warning: moment = .warning
        case .fault: moment = .fault
        case .disqualification: moment = .disqualified
        }
        return t.say(moment, ["player": UmpireCall.player(card.team, card.player, s)])
    }

    /// A side as announced: `Ann`, or a pair `Ann and Bob`.
    func side(_ team: Int) -> String {
        let names = s.teams[team].players.map(TextLayout.sanitized)
        guard names.count == 2 else { return names.joined(separator: " ") }
        return t.say(.pair, ["first": names[0], "second": names[1]])
    }

    /// A number as said: `love` for 0.
    func said(_ n: Int) -> String { n == 0 ? t.say(.love) : String(n) }

    /// The score, the server's first, with the server's game or match point.
    func score(serviceOver: Bool) -> String {
        let a = s.score[s.server], b = s.score[s.receiver]
        let match = s.hasMatchPoint(s.server), game = !match && s.hasGamePoint(s.server)
        let text: String
        if a == b {
            text = t.say(match ? .matchPointAll : game ? .gamePointAll : .scoreAll, ["score": said(a)])
        } else {
            text = t.say(match ? .matchPoint : game ? .gamePoint : .score, ["server": said(a), "receiver": said(b)])
        }
        return serviceOver ? t.say(.serviceOver, ["score": text]) : text
    }

    func introduction() -> [String] {
        let server = UmpireCall.player(s.server, s.serverPlayer, s)
        let serve = s.isDoubles ? t.say(.toServeTo, ["server": server, "receiver": UmpireCall.player(s.receiver, s.receiverPlayer, s)])
            : t.say(.toServe, ["server": server])
        return [t.say(.introduction, ["right": introduced(s.right), "left": introduced(s.left)]), serve, t.say(.loveAll), t.say(.play)]
    }

    /// A side as the introduction names it, with its country or club when given: `Lin Dan,
    /// China`; a pair of one country `A and B, Denmark`, of two `A, Denmark, and B, England`.
    func introduced(_ team: Int) -> String {
        let info = s.teams[team]
        let countries = info.players.indices.map { info.country($0).map { TextLayout.sanitized(Countries.said($0)) } }
        guard countries.contains(where: { $0 != nil }) else { return side(team) }
        let names = info.players.map(TextLayout.sanitized)
        if names.count == 2, countries[0] != countries[1] {
            let each = names.indices.map { i in countries[i].map { "\(names[i]), \($0)," } ?? names[i] }
            return t.say(.pair, ["first": each[0], "second": String(each[1].dropLast(each[1].hasSuffix(",") ? 1 : 0))])
        }
        return side(team) + ", " + (countries.compactMap { $0 }.first ?? "")
    }

    static let ordinals: [CallMoment] = [.ordinal1, .ordinal2, .ordinal3, .ordinal4, .ordinal5, .ordinal6, .ordinal7, .ordinal8, .ordinal9]
    static let nextGames: [CallMoment] = [.nextGame2, .nextGame3, .nextGame4, .nextGame5, .nextGame6, .nextGame7, .nextGame8, .nextGame9]
    static let counts: [CallMoment] = [.count0, .count1, .count2, .count3, .count4]
    static let gamesAll: [CallMoment] = [.gamesAll1, .gamesAll2, .gamesAll3, .gamesAll4]

    func ordinal(_ n: Int) -> String {
        Words.ordinals.indices.contains(n - 1) ? t.say(Words.ordinals[n - 1]) : t.say(.gameNumber, ["n": String(n)])
    }

    /// `Game; second game won by Bob, 21-19; one game all`, or `…; Eve leads two games to one`
    /// once a side has two games or more and the match goes on.
    func gameWon() -> [String] {
        guard let w = s.gameWinners.last, let last = s.games.last else { return [] }
        var out = [t.say(.game), t.say(.gameWon, ["ordinal": ordinal(s.games.count), "side": side(w), "scores": "\(said(last[w]))-\(said(last[1 - w]))"])]
        let won = s.gamesWon
        if won[0] == won[1], Words.gamesAll.indices.contains(won[0] - 1) {
            out.append(t.say(Words.gamesAll[won[0] - 1]))
        } else if s.phase != .matchOver, let lead = won.indices.max(by: { won[$0] < won[$1] }), won[lead] >= 2,
                  Words.counts.indices.contains(won[lead]) {
            out.append(t.say(s.teams[lead].players.count > 1 ? .leadsPair : .leads,
                             ["side": side(lead), "won": t.say(Words.counts[won[lead]]), "lost": t.say(Words.counts[won[1 - lead]])]))
        }
        return out
    }

    /// `Second game; love all; play`, with the faults given in the break before it.
    func gameStart() -> [String] {
        let n = s.gameNumber
        let name = n == s.format.games ? t.say(.finalGame)
            : Words.nextGames.indices.contains(n - 2) ? t.say(Words.nextGames[n - 2]) : t.say(.nextGameNumber, ["n": String(n)])
        var out = [name, t.say(.loveAll)]
        if !s.faultedAtStart.isEmpty {
            out += s.faultedAtStart.map { t.say(.faulted, ["player": UmpireCall.player($0.team, $0.player, s)]) }
            out.append(score(serviceOver: false))
        }
        return out + [t.say(.play)]
    }

    /// The scores of the match from the winner's side: `21-15 5-3`.
    func matchScores(winner w: Int) -> String {
        var all = s.games.map { "\(said($0[w]))-\(said($0[1 - w]))" }
        if let u = s.unfinishedScore { all.append("\(said(u[w]))-\(said(u[1 - w]))") }
        return all.joined(separator: " ")
    }

    /// A disqualification's result: the games as the scoresheet has them, the unfinished one
    /// said so (`15-21, 5-3 unfinished`), from the winner's side.
    func asTheyStood(winner w: Int) -> String {
        var all = s.games.map { "\(said($0[w]))-\(said($0[1 - w]))" }
        if let u = s.unfinishedScore { all.append(t.say(.unfinished, ["score": "\(said(u[w]))-\(said(u[1 - w]))"])) }
        return all.joined(separator: ", ")
    }

    func matchEnd(card: CardRecord?) -> [String] {
        guard let w = s.winner else { return [] }
        let scores = matchScores(winner: w)
        let won = scores.isEmpty ? t.say(.matchWonAlone, ["side": side(w)]) : t.say(.matchWon, ["side": side(w), "scores": scores])
        // A card after the end is said alone: it does not change the result.
        if let card, !UmpireCall.endedBy(card, s) { return [call(for: card)] }
        switch s.ending ?? .played {
        case .played: return (card.map { [call(for: $0)] } ?? []) + [t.say(.game), won]
        case .retired(let team):
            // In doubles the player who retired is named, when the umpire named one.
            let who = s.isDoubles && s.retiredPlayer != nil ? TextLayout.sanitized(s.whoRetired(team)) : side(team)
            return [t.say(.retired, ["side": who]), won]
        case .walkover: return [t.say(.walkover), t.say(.matchWonAlone, ["side": side(w)])]
        case .disqualified(let team):
            let black = s.cards.last { $0.card == .disqualification && $0.team == team }
            let stood = asTheyStood(winner: w)
            return [black.map { call(for: $0) } ?? t.say(.disqualified, ["player": side(team)]), t.say(.wonByDisqualification, ["side": side(w)])]
                + (stood.isEmpty ? [] : [t.say(.asTheyStood, ["scores": stood])])
        }
    }
}
