import BadmintonRules

/// A court keeper's side of the desk's calls: the call heard on its `desk/call/C` is kept in
/// the court's config directory (`CourtFiles.call`) before anything else happens, so a court
/// killed with a call pending shows it again at its restart. The court's answer is the call's
/// step (`CallStep`), retained on `court/C/call`: the keeper's own (delivered, next, begun,
/// finished, withdrawn), or the umpire's (shown, setup) as the scoreboard saved it
/// (`CourtFiles.callUmpire`). The same call again (the broker's retained copy at every
/// connection) changes nothing. An empty message withdraws an open call (kept as withdrawn,
/// so the umpire's screen says why its dialog or setup closed); after its match began it is
/// the desk clearing what it no longer needs, and changes nothing.
public struct CourtCalls: Equatable, Sendable {
    public let court: String
    /// The call as the court's file holds it; nil: none.
    public private(set) var kept: CourtCall.Kept?
    /// What the umpire has of it in front of them, as saved.
    public private(set) var umpire: UmpireCallStep?
    /// The answer the broker has from this connection (`[]`: cleared); nil: none sent on it.
    var answered: [UInt8]?
    /// Payloads on the call topic that were not a call of this court.
    public private(set) var refused = 0

    /// What the court's file is to become.
    public enum Change: Equatable, Sendable {
        case keep(CourtCall.Kept)
        /// The file's bytes.
        public var bytes: [UInt8] {
            switch self {
            case .keep(let k): return k.bytes
            }
        }
    }

    public init(court: String, kept: CourtCall.Kept?, umpire: UmpireCallStep? = nil) {
        self.court = court
        self.kept = kept
        self.umpire = umpire
    }

    /// A message on the court's call topic: the change to keep (once on disk: `commit`), or
    /// nil for nothing to do (the same call again, not a call, nothing to withdraw).
    public mutating func take(_ payload: [UInt8], log: MatchLog?, now: Double) -> Change? {
        if CourtCall.withdraws(payload) {
            guard var k = kept, k.standing(log).isOpen else { return nil }
            k.state = .withdrawn
            return .keep(k)
        }
        guard let call = CourtCall.parse(payload, court: court) else {
            refused += 1
            return nil
        }
        guard kept?.call.id != call.id else { return nil }
        return .keep(CourtCall.Kept(call: call, state: CourtCall.isFree(log) ? .delivered : .next, keptAt: now))
    }

    /// The court's match changed: the call's standing with it, when that changed (a match
    /// begun from it: begun, then finished; its match over: from next to delivered).
    public func matchChanged(_ log: MatchLog?) -> Change? {
        guard var k = kept else { return nil }
        let s = k.standing(log)
        guard s != k.state else { return nil }
        k.state = s
        return .keep(k)
    }

    /// The umpire's step, as the scoreboard saved it.
    public mutating func umpireSaid(_ step: UmpireCallStep?) { umpire = step }

    /// The change is on disk.
    public mutating func commit(_ change: Change) {
        switch change {
        case .keep(let k): kept = k
        }
    }

    /// A new connection: the answer is said again on it.
    public mutating func connected() { answered = nil }

    /// The call's step as the court says it: the umpire's while the keeper has it delivered.
    public var step: CallStep? {
        guard let k = kept else { return nil }
        if k.state == .delivered, let u = umpire, u.id == k.call.id { return u.step }
        return k.state
    }

    var answer: [UInt8] { kept.flatMap { k in step.map { HallCallAnswer(k.call, $0).bytes } } ?? [] }
    public var hasAnswerDue: Bool { answer != answered }

    /// The answer to publish (retained) when it is not the one the broker has: the kept
    /// call's step, or an empty message clearing the answer once there is no call.
    public mutating func answerDue() -> [UInt8]? {
        let now = answer
        guard now != answered else { return nil }
        answered = now
        return now
    }
}

/// The desk's calls as any screen of the hall reads them (retained on `desk/call/+`, the
/// courts' answers on `court/+/call`): the call each court has still to begin, for the
/// recording desk's panes ("next on court 3: Match 12 · MS R2 · …").
public struct HallNextCalls: Equatable, Sendable {
    var calls: [String: CourtCall] = [:]
    var answers: [String: HallCallAnswer] = [:]

    public init() {}

    /// The desk's call to court `court` (a withdrawal: none; not a call of that court: none).
    public mutating func call(_ court: String, _ payload: [UInt8]) {
        calls[court] = CourtCall.parse(payload, court: court)
    }

    /// Court `court`'s answer.
    public mutating func answer(_ court: String, _ payload: [UInt8]) {
        answers[court] = HallCallAnswer.parse(payload)
    }

    /// The call court `court` has still to begin (not begun nor ended): its title.
    public func next(_ court: String) -> String? { pending(court)?.title }

    /// The call court `court` has still to begin, whole.
    public func pending(_ court: String) -> CourtCall? {
        guard let c = calls[court] else { return nil }
        if let a = answers[court], a.id == c.id, !a.state.isOpen, a.state != .called { return nil }
        return c
    }
}
