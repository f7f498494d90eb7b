/// What the hall looks like from this copy of termini, for its screen: the court's own link
/// (a keeper that publishes its court) and what is known of every court (a desk, a screen
/// that follows courts over the network). Made by the hall's code in the loop, handed to the
/// apps in their `AppContext`; nil without `--hall`.
public struct HallView: Equatable, Sendable {
    public var link: HallLink?
    public var courts: [String: CourtLink]

    public init(link: HallLink? = nil, courts: [String: CourtLink] = [:]) {
        self.link = link
        self.courts = courts
    }
}

/// A court keeper's link to the hall: `hall ● synced #142`, `hall ○ offline · 12 to send`.
public struct HallLink: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// The broker has this court's connection.
        case online
        /// Not (yet, or no longer): the court keeps scoring, and sends when it is back.
        case offline
    }
    public var state: State
    /// The journal's last seq the desk has stored, when it has this match.
    public var acknowledged: Int?
    /// Events the desk has not acknowledged.
    public var toSend: Int
    /// Something the umpire must hear: another laptop keeps this court too.
    public var warning: String?

    public init(state: State, acknowledged: Int? = nil, toSend: Int = 0, warning: String? = nil) {
        self.state = state
        self.acknowledged = acknowledged
        self.toSend = toSend
        self.warning = warning
    }

    /// Its presence alone, `hall ●` or `hall ○`, where the frame has no room for its words.
    public func presence(unicode: Bool) -> String {
        "hall " + (unicode ? (state == .online ? "●" : "○") : (state == .online ? "*" : "o"))
    }

    /// The words in the frame. `●`/`○` become `*`/`o` in ASCII.
    public func text(unicode: Bool) -> String {
        let sep = unicode ? " · " : " - "
        var s = presence(unicode: unicode) + " "
        if let warning { return s + warning }
        switch state {
        case .online:
            if toSend > 0 {
                s += "sending\(sep)\(toSend) to send"
            } else if let acknowledged {
                s += "synced #\(acknowledged)"
            } else {
                s += "online"
            }
        case .offline:
            s += toSend > 0 ? "offline\(sep)\(toSend) to send" : "offline"
        }
        return s
    }
}

/// A court's answer to a call to court: the call's id, its match, and `received`, `next`,
/// `accepted` or `declined` (the hall's wire format is `HallCallAnswer`).
public struct CallAnswer: Equatable, Sendable {
    public var id: String
    public var match: String
    public var state: String
    public init(id: String, match: String, state: String) {
        self.id = id
        self.match = match
        self.state = state
    }
}

/// A court as the desk (or any screen on the hall) knows it.
public struct CourtLink: Equatable, Sendable {
    /// Its keeper's presence: true online, false offline (its last will), nil not heard of.
    public var online: Bool?
    /// When the desk last took an event of it (its clock).
    public var lastEventAt: Double?
    /// Events the court has that the desk has not stored yet, as far as the desk knows.
    public var unacknowledged: Int?
    /// Kept by a keeper in the desk's own config directory: its files are its own, not a copy.
    public var keptHere: Bool
    /// Messages set aside (garbage, a second keeper, forged seqs), and the last reason.
    public var quarantined: Int
    public var problem: String?
    /// Two keepers on the court, or two different events claiming one place (a fork): both
    /// kept, said on the court's pane until the other has gone (`two keepers claim court 1: …`).
    public var conflict: String?
    /// What the court answered to the desk's call to it (`court/C/call`), as the desk heard it.
    public var call: CallAnswer?
    /// Whether this screen ages the presence it was given (the desk's and a screen anywhere's
    /// do): a retained "online" is believed only while the court itself is heard.
    public var ages: Bool
    /// When the court itself was last heard (this screen's clock): a message it sent while
    /// this screen was subscribed, not one the broker kept for it. nil: not since this start.
    public var heardAt: Double?
    /// The desk's call the court has still to begin (`Match 12 · MS R2 · Lin Dan (CHN) v Lee
    /// Chong Wei (MAS)`), as the hall's retained calls say; nil: none.
    public var next: String?
    /// This screen's own link to the hall is down: what it knew of the court may be old news,
    /// so its presence is shown as unknown (`◌ unknown`).
    public var unknown = false
    /// A court refreshes its presence every `CourtPublisher.presenceEvery` (20 s) while it has a
    /// link; heard of for this long, its "online" is old news (it may have died with the broker
    /// down, when no last will can be sent).
    public static let staleAfter = 60.0

    public init(online: Bool? = nil, lastEventAt: Double? = nil, unacknowledged: Int? = nil, keptHere: Bool = false,
                quarantined: Int = 0, problem: String? = nil, ages: Bool = false, heardAt: Double? = nil) {
        self.online = online
        self.lastEventAt = lastEventAt
        self.unacknowledged = unacknowledged
        self.keptHere = keptHere
        self.quarantined = quarantined
        self.problem = problem
        self.ages = ages
        self.heardAt = heardAt
    }

    /// Online as its presence says, but not heard itself for `staleAfter` (or not at all since
    /// this screen started): `◌ online?`.
    public func isStale(now: Double) -> Bool {
        guard ages, online == true, !unknown else { return false }
        return heardAt.map { now - $0 > CourtLink.staleAfter } ?? true
    }

    /// Its presence in two words: `● online`, `◌ online?`, `○ offline`, `○ not heard`,
    /// `◌ unknown`.
    public func presence(now: Double, unicode: Bool) -> String {
        if unknown { return unicode ? "◌ unknown" : "? unknown" }
        switch online {
        case true? where isStale(now: now): return unicode ? "◌ online?" : "? online?"
        case true?: return unicode ? "● online" : "* online"
        case false?: return unicode ? "○ offline" : "o offline"
        case nil: return unicode ? "○ not heard" : "o not heard"
        }
    }

    /// One line under a court's pane: `● online · 12 s ago · 3 to come`, `○ offline · 4 min ago`.
    public func text(now: Double, unicode: Bool) -> String {
        let sep = unicode ? " · " : " - "
        var parts = [presence(now: now, unicode: unicode)]
        if isStale(now: now) {
            parts.append(heardAt.map { "not heard for " + String(CourtLink.ago(now - $0).dropLast(4)) } ?? "not heard yet")
        }
        if keptHere { parts.append("kept here") }
        if let t = lastEventAt { parts.append(CourtLink.ago(now - t)) }
        if let n = unacknowledged, n > 0 { parts.append("\(n) to come") }
        if quarantined > 0 { parts.append("\(quarantined) set aside") }
        if let conflict { parts.append(conflict) }
        return parts.joined(separator: sep)
    }

    /// `5 s ago`, `3 min ago`, `2 h ago`.
    public static func ago(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.isFinite ? seconds : 0))
        if s < 120 { return "\(s) s ago" }
        if s < 7200 { return "\(s / 60) min ago" }
        return "\(s / 3600) h ago"
    }
}
