#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The life of one call to court, the same words at the court and at the desk:
///
///     called ─▶ delivered ◀─▶ shown ◀─▶ setup ─▶ begun ─▶ finished
///        │          ▲ │                              (a result)
///        │        next│
///        └──────────┴─┴──▶ withdrawn · refused · superseded
///
/// The desk makes it `called` (saved in `desk.json`); the court keeps it (`delivered`, or
/// `next` behind a match in progress) in its call file; its umpire has it on screen (`shown`:
/// the "Call to court" dialog) or opened its setup (`setup`); a match begun from it (`begun`)
/// ends as a result (`finished`). It ends early when the desk takes it back (`withdrawn`), the
/// court will not play it (`refused`, with the reason), or another call to the court takes its
/// place (`superseded`). Each step is saved before it is said on the hall.
public enum CallStep: String, Sendable, CaseIterable, Codable {
    case called, delivered, next, shown, setup, begun, finished, withdrawn, refused, superseded

    /// Read from the wire or a kept file; the words of the first courts (`received`,
    /// `accepted`, `declined`) are read as the steps they were.
    public init?(word: String) {
        switch word {
        case "received": self = .delivered
        case "accepted": self = .begun
        case "declined": self = .refused
        default: self.init(rawValue: word)
        }
    }

    /// Still to be played: the court has it and no match began from it.
    public var isOpen: Bool { [.delivered, .next, .shown, .setup].contains(self) }
    /// Over: nothing follows.
    public var isEnd: Bool { [.finished, .withdrawn, .refused, .superseded].contains(self) }
    /// The court has the call (any step after `called`).
    public var atCourt: Bool { self != .called }

    /// Whether the life may go from `self` to `to`. A step heard late may skip the ones
    /// between (the desk hears only the court's latest); a life never goes back to `called`,
    /// nothing follows an end, and a match begun only ends.
    public func allows(_ to: CallStep) -> Bool {
        if self == to { return true }
        if isEnd || to == .called { return false }
        if self == .begun { return to == .finished }
        return true
    }

    /// What the desk says of the step, in the words the umpire sees on the court (the titles
    /// of the call's dialog and of the setup).
    public var words: String {
        switch self {
        case .called: return "not at the court yet"
        case .delivered: return "at the court, not on screen"
        case .next: return "next"
        case .shown: return "on screen (Call to court)"
        case .setup: return "setup open (New match)"
        case .begun: return "begun"
        case .finished: return "finished"
        case .withdrawn: return "withdrawn"
        case .refused: return "refused by the court"
        case .superseded: return "superseded by another call"
        }
    }
}

/// What the umpire has in front of them of the court's call, as the scoreboard saves it
/// (`CourtFiles.callUmpire`) for its hall link to say: `{"id":"12@1790000000","step":"setup"}`.
/// Only the umpire's steps: `delivered` (not on screen: the launcher, the dialog put aside),
/// `shown` or `setup`.
public struct UmpireCallStep: Equatable, Sendable {
    public var id: String
    public var step: CallStep

    public init(id: String, step: CallStep) {
        self.id = id
        self.step = step
    }

    public var bytes: [UInt8] { Array(#"{"id":"\#(id)","step":"\#(step.rawValue)"}"#.utf8) + [0x0a] }

    private struct Raw: Decodable {
        var id: String
        var step: String
    }

    /// The saved step; nil for none or a file that is not one.
    public static func parse(_ bytes: [UInt8]?) -> UmpireCallStep? {
        guard let bytes, !bytes.isEmpty, bytes.count <= 128, let raw = try? JSONDecoder().decode(Raw.self, from: Data(bytes)),
              CourtCall.isValidID(raw.id), let step = CallStep(word: raw.step), [.delivered, .shown, .setup].contains(step) else { return nil }
        return UmpireCallStep(id: raw.id, step: step)
    }
}
