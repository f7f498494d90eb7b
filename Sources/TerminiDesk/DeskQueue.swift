import BadmintonRules

/// A match called to a court: when, and whether the court has begun it. A court still in the
/// middle of a match keeps the call as its next one (`next`) until that match ends.
public struct DeskCall: Codable, Equatable, Sendable {
    public var match: String
    public var court: String
    /// When the call was made, or (for a next call) when the court became free: the warm-up
    /// starts then, on the court and at the desk.
    public var calledAt: Double
    /// When the court's umpire began the match (its start event); nil: not yet.
    public var startedAt: Double?
    /// Waiting on a court still playing another match.
    public var next: Bool
    /// When a next call's court became free (the match before it ended): its warm-up runs
    /// from then. The call itself keeps its time, and so its id on the hall.
    public var freeAt: Double?

    public init(match: String, court: String, calledAt: Double, startedAt: Double? = nil, next: Bool = false) {
        self.match = match
        self.court = court
        self.calledAt = calledAt
        self.startedAt = startedAt
        self.next = next
    }

    /// When the warm-up began: at the call, or when the court became free after it.
    public var warmUpFrom: Double { max(calledAt, freeAt ?? calledAt) }
}

/// Where a match of the order of play stands.
public enum DeskMatchStatus: Equatable, Sendable {
    case waiting
    case called(DeskCall)
    case finished(DeskResult)
}

/// What the desk asks before a call, each in turn.
public enum CallQuestion: String, Sendable, CaseIterable {
    /// A player inside the minimum rest.
    case rest
    /// The match before its `not_before`.
    case notBefore
}

/// What the desk says to a call.
public enum CallOutcome: Equatable, Sendable {
    /// Made (as the court's next call when `next`).
    case called(DeskCall)
    /// Allowed only once the desk confirms: a player inside the minimum rest, a match before
    /// its time. Calling again with the question among `confirmed` asks the next one, if any.
    case ask(CallQuestion, String)
    /// Not possible: no such match, already called or finished, the court busy, a player on court.
    case refused(String)
}

/// The desk's whole state: the order of play, the calls out, the results in. Pure: every
/// change is a function of the state, its arguments and the time given.
public struct DeskState: Codable, Equatable, Sendable {
    public var matches: [DeskMatch]
    public var calls: [DeskCall]
    public var results: [DeskResult]
    /// Calls withdrawn that their court has not yet said are gone: the match is called to no
    /// other court meanwhile (a court offline may still begin it), and a court that began it
    /// before the withdrawal reached it has it again (`take`), with its result.
    public var withdrawn: [DeskCall]

    public init(matches: [DeskMatch] = [], calls: [DeskCall] = [], results: [DeskResult] = [], withdrawn: [DeskCall] = []) {
        self.matches = matches
        self.calls = calls
        self.results = results
        self.withdrawn = withdrawn
    }

    enum CodingKeys: String, CodingKey { case matches, calls, results, withdrawn }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        matches = try c.decode([DeskMatch].self, forKey: .matches)
        calls = try c.decode([DeskCall].self, forKey: .calls)
        results = try c.decode([DeskResult].self, forKey: .results)
        // A desk.json of before the withdrawn calls were kept has none.
        withdrawn = try c.decodeIfPresent([DeskCall].self, forKey: .withdrawn) ?? []
    }

    /// The minimum rest between a player's matches when the setting gives none (`desk.rest`).
    public static let defaultRest: Double = 30 * 60

    public func match(_ number: String) -> DeskMatch? { matches.first { $0.number == number } }
    public func call(of number: String) -> DeskCall? { calls.first { $0.match == number } }
    public func result(of number: String) -> DeskResult? { results.first { $0.number == number } }

    public func status(of number: String) -> DeskMatchStatus {
        if let r = result(of: number) { return .finished(r) }
        if let c = call(of: number) { return .called(c) }
        return .waiting
    }

    /// The matches not yet called, in the order of play (neither a call nor a result).
    public var queue: [DeskMatch] {
        let taken = Set(results.map(\.number)).union(calls.map(\.match))
        return matches.filter { !taken.contains($0.number) }
    }

    /// The call a court is on now (not its next).
    public func current(on court: String) -> DeskCall? { calls.first { $0.court == court && !$0.next } }
    public func next(on court: String) -> DeskCall? { calls.first { $0.court == court && $0.next } }

    /// The open call a player is in (called, playing, or next on a court), if any.
    public func openCall(of player: String) -> DeskCall? { DeskPlayers(self).openCall(of: player) }

    /// Seconds since the player's last match ended; nil when the player has not played yet.
    public func rest(of player: String, at now: Double) -> Double? { DeskPlayers(self).rest(of: player, at: now) }

    /// Names compared as the desk reads them: case and spaces around them do not count.
    static func key(_ name: String) -> String { name.trimmed.lowercased() }

    /// Whether `number` may go to `court` now; `localMinute` is the minute of the local day
    /// (for `not_before`), `rest` the minimum rest in seconds.
    public func check(_ number: String, court: String, at now: Double, rest: Double, localMinute: Int? = nil,
                      confirmed: Set<CallQuestion> = []) -> CallOutcome {
        guard let m = match(number) else { return .refused("there is no match \(number) on the order of play") }
        switch status(of: number) {
        case .finished: return .refused("match \(number) is finished")
        case .called(let c): return .refused("match \(number) is already called to court \(c.court)")
        case .waiting: break
        }
        if let w = withdrawn.first(where: { $0.match == number }), w.court != court {
            return .refused("match \(number) was withdrawn from court \(w.court), which has not said so yet: call it there, or once court \(w.court) answers")
        }
        if let c = next(on: court) { return .refused("court \(court) is busy: match \(c.match) is its next") }
        let busy = current(on: court)
        if let c = busy, c.startedAt == nil { return .refused("court \(court) is busy: match \(c.match) is called there") }
        let players = DeskPlayers(self)
        for p in m.players {
            if let c = players.openCall(of: p) {
                return .refused(c.next ? "\(p.trimmed) is next on court \(c.court) (match \(c.match))" : "\(p.trimmed) is still on court \(c.court) (match \(c.match))")
            }
        }
        let call = DeskCall(match: number, court: court, calledAt: now, next: busy != nil)
        let tired = m.players.compactMap { p in players.rest(of: p, at: now).flatMap { $0 < rest ? "\(p) has rested \(DeskDuration.said($0)) of \(DeskDuration.said(rest))" : nil } }
        if !tired.isEmpty, !confirmed.contains(.rest) { return .ask(.rest, tired.joined(separator: "; ") + ": call anyway?") }
        if let nb = m.notBefore, let minute = localMinute, minute < nb, !confirmed.contains(.notBefore) {
            return .ask(.notBefore, "match \(number) is not before \(nb / 60):\(nb % 60 < 10 ? "0" : "")\(nb % 60): call anyway?")
        }
        return .called(call)
    }

    /// Calls `number` to `court` when `check` allows it (see there).
    public mutating func call(_ number: String, court: String, at now: Double, rest: Double, localMinute: Int? = nil,
                              confirmed: Set<CallQuestion> = []) -> CallOutcome {
        let outcome = check(number, court: court, at: now, rest: rest, localMinute: localMinute, confirmed: confirmed)
        if case .called(let c) = outcome {
            calls.append(c)
            withdrawn.removeAll { $0.match == number }
        }
        return outcome
    }

    /// Takes a call back before play starts: the match goes back to the queue.
    public mutating func withdraw(_ number: String) -> Result<DeskCall, DeskRefusal> {
        guard let i = calls.firstIndex(where: { $0.match == number }) else { return .failure(DeskRefusal("match \(number) is not called")) }
        guard calls[i].startedAt == nil else { return .failure(DeskRefusal("match \(number) has begun on court \(calls[i].court): it cannot be withdrawn")) }
        let c = calls.remove(at: i)
        withdrawn.removeAll { $0.match == number }
        withdrawn.append(c)
        return .success(c)
    }

    /// The court began the match (its start event at `time`).
    public mutating func started(_ number: String, at time: Double) {
        guard let i = calls.firstIndex(where: { $0.match == number && !$0.next }), calls[i].startedAt == nil else { return }
        calls[i].startedAt = time
    }

    /// A result in: the call is closed and the court's next call, if any, becomes its current one
    /// (its warm-up starts at `result.end`). A second result for a match is not taken.
    @discardableResult
    public mutating func finish(_ result: DeskResult) -> Bool {
        guard match(result.number) != nil, self.result(of: result.number) == nil else { return false }
        let court = calls.first { $0.match == result.number }?.court
        calls.removeAll { $0.match == result.number }
        withdrawn.removeAll { $0.match == result.number }
        results.append(result)
        if let court, current(on: court) == nil, let i = calls.firstIndex(where: { $0.court == court && $0.next }) {
            calls[i].next = false
            calls[i].freeAt = result.end
        }
        return true
    }

    /// The desk marks a walkover: `absent` (0 or 1) did not play. Only before play starts.
    public mutating func walkover(_ number: String, absent: Int, at now: Double) -> Result<DeskResult, DeskRefusal> {
        guard let m = match(number) else { return .failure(DeskRefusal("there is no match \(number)")) }
        if result(of: number) != nil { return .failure(DeskRefusal("match \(number) is finished")) }
        if let c = call(of: number), c.startedAt != nil {
            return .failure(DeskRefusal("match \(number) has begun on court \(c.court): a player who cannot go on retires"))
        }
        let r = DeskResult(match: m, court: call(of: number)?.court, ending: .walkover(absent), start: nil, end: now)
        finish(r)
        return .success(r)
    }

    /// The desk marks a retirement: `team` (0 or 1) cannot go on; `state` is the court's match
    /// as the desk last had it (its games and score so far), when it has one.
    public mutating func retired(_ number: String, team: Int, state: MatchState?, at now: Double) -> Result<DeskResult, DeskRefusal> {
        guard let m = match(number) else { return .failure(DeskRefusal("there is no match \(number)")) }
        if result(of: number) != nil { return .failure(DeskRefusal("match \(number) is finished")) }
        guard let c = call(of: number), !c.next else {
            return .failure(DeskRefusal("match \(number) is not on a court: a player who does not come gives a walkover"))
        }
        var r = DeskResult(match: m, court: c.court, ending: .retired(team), start: c.startedAt ?? c.calledAt, end: now)
        if let s = state { r.take(s) }
        finish(r)
        return .success(r)
    }

    /// The court says a match began from its call `id` (`12@1790000000`): a match the desk
    /// withdrew while its court was already playing it is that court's again (its result
    /// comes from the court's copies as for any call). A call the desk made to the court since,
    /// not begun, waits as its next. False when nothing changed.
    public mutating func courtBegan(_ number: String, court: String, id: String) -> Bool {
        guard match(number) != nil, case .waiting = status(of: number),
              let at = id.split(separator: "@").last.flatMap({ Double($0) }), CourtCall.id(match: number, calledAt: at) == id else { return false }
        return takeBack(number, court: court, calledAt: at)
    }

    /// What court `court` says of its call now (its retained answer: id, match and step; nil
    /// for none): a withdrawal from it is over once the court no longer has that call open.
    /// Returns whether anything changed.
    public mutating func courtSaid(_ court: String, id: String?, match: String?, step: CallStep?) -> Bool {
        let open = step.map { $0.isOpen || $0 == .begun || $0 == .finished } ?? false
        let kept = withdrawn.filter { w in w.court != court || (open && match == w.match && id == hallCall(w)?.id) }
        guard kept.count != withdrawn.count else { return false }
        withdrawn = kept
        return true
    }

    /// A match withdrawn that its court began: its call again (before a call not begun there).
    mutating func takeBack(_ number: String, court: String, calledAt at: Double) -> Bool {
        if let other = current(on: court) {
            guard other.startedAt == nil, next(on: court) == nil, let i = calls.firstIndex(of: other) else { return false }
            calls[i].next = true
        }
        calls.append(DeskCall(match: number, court: court, calledAt: at))
        withdrawn.removeAll { $0.match == number }
        return true
    }

    /// Calls made this long ago whose match has not begun (the desk highlights them).
    public func late(at now: Double, after limit: Double) -> [DeskCall] {
        calls.filter { !$0.next && $0.startedAt == nil && now - $0.warmUpFrom >= limit }
    }
}

/// Where each player stands, read once from the state: the open call each is in (the first of
/// the calls whose match they play) and when their last finished match ended. The desk's
/// screen asks this of every player of every row of its queue and of every court's call: asked
/// of the state row by row, it cost 36 ms a frame at 200x60 with 64 courts called and 128
/// results.
public struct DeskPlayers: Sendable {
    private var calls: [String: DeskCall] = [:]
    private var ends: [String: Double] = [:]
    /// The matches called, by number.
    private var called: [String: DeskMatch] = [:]
    /// The call each court is on now (not its next), by court.
    private var current: [String: DeskCall] = [:]

    public init(_ desk: DeskState) {
        for c in desk.calls where !c.next && current[c.court] == nil { current[c.court] = c }
        let numbers = Set(desk.calls.map(\.match))
        for m in desk.matches where numbers.contains(m.number) && called[m.number] == nil { called[m.number] = m }
        for c in desk.calls {
            for p in called[c.match]?.players ?? [] where calls[DeskState.key(p)] == nil { calls[DeskState.key(p)] = c }
        }
        // A walkover was not played: neither side needs a rest after it.
        for r in desk.results where r.ended != DeskEnding.walkover(0).word {
            for p in r.players { ends[DeskState.key(p)] = max(ends[DeskState.key(p)] ?? r.end, r.end) }
        }
    }

    /// The open call `player` is in (called, playing, or next on a court), if any.
    public func openCall(of player: String) -> DeskCall? { calls[DeskState.key(player)] }

    /// The call a court is on now (as `DeskState.current(on:)` gives it).
    public func current(on court: String) -> DeskCall? { current[court] }

    /// A called match (as `DeskState.match` gives it); nil for one not called.
    public func calledMatch(_ number: String) -> DeskMatch? { called[number] }

    /// Seconds since the player's last match ended; nil when the player has not played yet.
    public func rest(of player: String, at now: Double) -> Double? { ends[DeskState.key(player)].map { now - $0 } }
}

/// Why the desk did not do what was asked.
public struct DeskRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ text: String) { description = text }
}

/// `desk.rest`: `30m`, `90s`, `1h`, `1h30m`, or a number of minutes (`30`); 0 to 24 h.
public enum DeskDuration {
    /// A rest as the desk says it: `m:ss` under ten minutes (a rest of 90 s is not "1 min of
    /// 1"), whole minutes above (`25 min`, `1 h 5 min`).
    public static func said(_ seconds: Double) -> String {
        seconds < 600 ? MatchReport.clock(Int(max(0, seconds).rounded(.down))) : MatchReport.minutes(seconds)
    }

    public static func parse(_ text: String) -> Double? {
        let t = text.trimmed.lowercased()
        guard !t.isEmpty, t.count <= 12 else { return nil }
        if t.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(t).map { Double($0 * 60) }.flatMap(bounded) }
        var total = 0, digits = ""
        var lastUnit = Int.max
        for ch in t {
            if ch.isASCII && ch.isNumber { digits.append(ch); continue }
            let unit: Int
            switch ch {
            case "h": unit = 3600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let n = Int(digits), unit < lastUnit else { return nil }
            total += n * unit
            lastUnit = unit
            digits = ""
        }
        guard digits.isEmpty else { return nil }
        return bounded(Double(total))
    }

    static func bounded(_ s: Double) -> Double? { s <= 86_400 ? s : nil }
}

extension DeskState {
    /// A match begun on a court this long before the call was not the called one.
    public static let startSlack = 0.0

    /// What the desk's copies of a court's matches (its history and its current match, as the
    /// recording desk keeps them) say of the call to that court: the first match of the call
    /// begun there at or after the call is the called one; its start is the call's start, its
    /// end the result. Returns the results new to the desk (each taken once).
    public mutating func take(court: String, matches logs: [MatchLog]) -> [DeskResult] {
        var new: [DeskResult] = []
        // A match withdrawn from this court that its copies show begun after its call: the
        // withdrawal came too late, and the match is the court's again.
        for w in withdrawn where w.court == court {
            guard let m = match(w.match), case .waiting = status(of: w.match),
                  logs.contains(where: { $0.startedAt >= w.calledAt - DeskState.startSlack && $0.setup?.officials.matchNumber == m.number }) else { continue }
            _ = takeBack(w.match, court: court, calledAt: w.calledAt)
        }
        // A result frees the court: its next call is looked at again, with what follows it.
        while let c = current(on: court), let m = match(c.match),
              let log = logs.filter({ $0.startedAt >= c.calledAt - DeskState.startSlack && DeskState.isOf(m, $0) }).min(by: { $0.startedAt < $1.startedAt }) {
            if c.startedAt == nil { started(c.match, at: log.startedAt) }
            guard let r = DeskResult(match: m, court: court, log: log), finish(r) else { break }
            new.append(r)
        }
        return new
    }
}

extension DeskState {
    /// Whether a court's match is `m`: by its number when it has one (a match begun from
    /// the call has), else by its players (set up by hand); never another match played there
    /// meanwhile.
    static func isOf(_ m: DeskMatch, _ log: MatchLog) -> Bool {
        if let n = log.setup?.officials.matchNumber, !n.isEmpty { return n == m.number }
        let played = (log.setup?.teams ?? []).flatMap(\.players).map(key)
        return Set(played) == Set(m.players.map(key))
    }

    /// The call to court the hall carries for `call` (`desk/call/C`, retained): the match's
    /// players, countries, format and officials, the time of the call (the warm-up's start).
    public func hallCall(_ call: DeskCall) -> CourtCall? {
        guard let m = match(call.match) else { return nil }
        func side(_ t: DeskTeam) -> [CourtCall.Player] { zip(t.players, t.countries).map { CourtCall.Player(name: $0, country: $1) } }
        return CourtCall(match: m.number, event: m.event, round: m.round, court: call.court, team1: side(m.teams[0]), team2: side(m.teams[1]),
                         format: m.format?.description, umpire: m.umpire, judge: m.judge, calledAt: call.calledAt)
    }

    /// What each court should have on the hall now: the call not yet begun there (its
    /// current one, else its next, which the court keeps for when its match ends). A court
    /// with none is not in the map: its retained call is cleared.
    public var hallCalls: [String: CourtCall] {
        var out: [String: CourtCall] = [:]
        for c in calls where c.startedAt == nil {
            if let have = out[c.court], call(of: have.match)?.next == false { continue }
            if let hc = hallCall(c) { out[c.court] = hc }
        }
        return out
    }
}
