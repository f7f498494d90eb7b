#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiData
import BadmintonRules

/// A call to court as the hall carries it: the desk publishes it on `desk/call/C` (QoS 1,
/// RETAINED: a court offline has it when it connects; an empty retained message withdraws
/// it), the court answers on its own `court/C/call`. The call itself, its JSON and its
/// hostile-input parse are badminton's `CourtCall` (the court keeps it in its config
/// directory as it came), one piece of code for the wire and the court's file.
public typealias HallCall = CourtCall

/// The court's answer to a call, retained on its own `court/C/call`: the step of the call's
/// life it is in (`CallStep`: delivered, next, shown, setup, begun, finished, withdrawn).
/// `termini desk --call` waits for one with the call's id.
public struct HallCallAnswer: Equatable, Sendable {
    public typealias State = CourtCall.State

    public var id: String
    public var match: String
    public var state: State

    public init(id: String, match: String, state: State) {
        self.id = id
        self.match = match
        self.state = state
    }

    public init(_ call: HallCall, _ state: State) { self.init(id: call.id, match: call.match, state: state) }

    public var bytes: [UInt8] {
        JSON.object([("v", .int(HallCall.version)), ("id", .string(id)), ("match", .string(match)), ("state", .string(state.rawValue))]).bytes()
    }

    private struct Raw: Decodable {
        var v: Int
        var id: String
        var match: String
        var state: String
    }

    /// An answer read from the network; nil for anything that is not one.
    public static func parse(_ payload: [UInt8]) -> HallCallAnswer? {
        guard !payload.isEmpty, payload.count <= 256, let raw = try? JSONDecoder().decode(Raw.self, from: Data(payload)),
              raw.v == HallCall.version, HallCall.isValidID(raw.id), HallCall.isValidMatch(raw.match),
              let state = State(word: raw.state) else { return nil }
        return HallCallAnswer(id: raw.id, match: raw.match, state: state)
    }
}
