/// The topics of one hall, all under `termini/HALL/` (one hall, one prefix):
///
///     termini/HALL/court/C/event    QoS 1      one journal event: {court, keeper, match, seq} + the line
///     termini/HALL/court/C/match    retained   the court's whole journal, for screens anywhere
///     termini/HALL/court/C/state    retained   what --status --json prints
///     termini/HALL/court/C/history  retained   the court's last finished matches (at most
///                                              `CourtPublisher.historyRetained`, 512 KiB),
///                                              for a screen anywhere's `h` and scoresheets
///     termini/HALL/court/C/online   retained   online, or the last will: offline
///     termini/HALL/court/C/call     retained   the court's answer to the desk's call (HallCallAnswer)
///     termini/HALL/desk/ack/C       retained   the highest seq the desk has stored, in order
///     termini/HALL/desk/call/C      retained   a call to court (HallCall; empty: withdrawn)
///
/// A court's keeper writes only `court/C/…` of its own court; the desk writes only `desk/…`;
/// a display writes nothing (`termini hall init` writes the broker's ACL to say so).
public struct HallTopics: Equatable, Sendable {
    public let hall: String

    public init(hall: String) { self.hall = hall }

    public var root: String { "termini/\(hall)" }

    public enum CourtTopic: String, CaseIterable, Sendable {
        case event, match, state, online, call, history
    }

    public func court(_ court: String, _ topic: CourtTopic) -> String { "\(root)/court/\(court)/\(topic.rawValue)" }
    /// Every court's `topic`: `termini/HALL/court/+/event`.
    public func everyCourt(_ topic: CourtTopic) -> String { "\(root)/court/+/\(topic.rawValue)" }
    public func ack(_ court: String) -> String { "\(root)/desk/ack/\(court)" }
    public func call(_ court: String) -> String { "\(root)/desk/call/\(court)" }
    /// The desk's calls to every court.
    public var everyDeskCall: String { "\(root)/desk/call/+" }

    /// What a topic of this hall is about: a court's topic, or the desk's ack of a court;
    /// nil for anything else (another hall, a court name that is not one, more levels).
    public enum Parsed: Equatable, Sendable {
        case court(String, CourtTopic)
        case ack(String)
        case call(String)
    }

    public func parse(_ topic: String) -> Parsed? {
        guard topic.utf8.count <= 200, topic.hasPrefix(root + "/") else { return nil }
        let parts = topic.dropFirst(root.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        switch parts[0] {
        case "court":
            guard HallTopics.isValidName(parts[1]), let kind = CourtTopic(rawValue: parts[2]) else { return nil }
            return .court(parts[1], kind)
        case "desk":
            guard HallTopics.isValidName(parts[2]) else { return nil }
            if parts[1] == "ack" { return .ack(parts[2]) }
            if parts[1] == "call" { return .call(parts[2]) }
            return nil
        default:
            return nil
        }
    }

    /// A court's or a hall's name, as a topic level and a file name alike: 1 to 24 ASCII
    /// letters, digits and `-`, not starting with `-` (no `/`, `+` or `#`, which MQTT reads as
    /// levels and wildcards). The same rule as a court's name on the command line.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 24, name.first != "-" else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x61 && $0 <= 0x7a) || $0 == 0x2d }
    }
}
