#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiData
import BadmintonRules

/// Everything the desk keeps of one court: a stream per keeper, each in that keeper's own
/// order, nothing thrown away. The court's files (`badminton-3-match.jsonl`, …) are the stream
/// of the court's keeper (`owner`); every other keeper heard on the court, and every fork (a
/// new match that does not follow the stream's: a forgery with the court's password, a court
/// that lost its history), is a stream of its own (`hall-stream.3.KEEPER[~N].match.jsonl`
/// and `.history.jsonl`). Pure, as `CourtCopy`: `consider` says what a message writes and
/// what the streams are once that is on the disk.
///
/// The court's files follow its keeper: when the keeper has gone (offline, or not heard for a
/// while) and another begins a match, that one keeps the court from then on (its first match
/// starts a chain of its own there), and the match the last keeper left unfinished moves to
/// that keeper's stream, where it goes on if that laptop comes back.
public struct CourtStreams: Sendable {
    public let court: String
    public private(set) var primary: CourtCopy
    public private(set) var streams: [String: CourtCopy]
    /// The keeper whose stream the court's files are; nil until one is heard (files from
    /// before keepers were streams: the first keeper they follow).
    public private(set) var owner: String?
    /// For each keeper, the stream that last took a message of it (nil: the court's files):
    /// its acknowledgement is that stream's.
    public private(set) var ackedBy: [String: String?] = [:]

    public init(court: String, primary: CourtCopy, streams: [String: CourtCopy] = [:], owner: OwnerFile? = nil) {
        self.court = court
        var primary = primary
        // The keeper changed and its first match is not on the disk yet: it starts a chain.
        if let o = owner, o.from != nil, o.from == (primary.match ?? primary.closed) { primary.takeover = true }
        self.primary = primary.kept(by: owner?.keeper)
        self.streams = streams
        self.owner = owner?.keeper
    }

    /// `hall-stream.3.owner.json`: `{"v":1,"keeper":"…","from":1712345678.25}`: whose the
    /// court's files are, and (`from`) the match the last keeper left there when this one
    /// took the court.
    public struct OwnerFile: Codable, Equatable, Sendable {
        public var v: Int
        public var keeper: String
        public var from: Double?

        public init(keeper: String, from: Double?) {
            v = HallWire.version
            self.keeper = keeper
            self.from = from
        }

        public static func name(_ court: String) -> String { CourtFiles(court: court).ownerFile ?? "" }

        public var bytes: [UInt8] {
            var m: [(String, JSON)] = [("v", .int(v)), ("keeper", .string(keeper))]
            if let from { m.append(("from", .double(from))) }
            return JSON.object(m).bytes() + [0x0a]
        }

        public static func parse(_ bytes: [UInt8]?) -> OwnerFile? {
            guard let bytes, bytes.count <= 256 else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let o = try? JSONDecoder().decode(OwnerFile.self, from: Data(text.utf8)), HallWire.isKeeperID(o.keeper) else { return nil }
            return o
        }
    }

    public enum Outcome: Equatable, Sendable {
        /// Taken into a stream (nil: the court's files); `newKeeper`: that keeper keeps the court now.
        case stored(stream: String?, newKeeper: Bool)
        case duplicate
        /// Further on than the keeper's stream: ask it for a replay.
        case gap
        case refused(String)
        /// Kept apart in a stream of its own, and why.
        case fork(String, stream: String)
    }

    /// The keepers with a stream here (the court's keeper first).
    public var keepers: [String] {
        var out = owner.map { [$0] } ?? []
        for s in streams.keys.sorted() { let k = String(s.prefix(16)); if !out.contains(k) { out.append(k) } }
        return out
    }

    /// The copy a keeper's ack is of: the stream that last took one of its messages, else
    /// the court's files for their keeper, else its own stream.
    public func copy(ackedFor keeper: String) -> CourtCopy? {
        if let s = ackedBy[keeper] { return s.flatMap { streams[$0] } ?? primary }
        if owner == keeper { return primary }
        return streams[keeper]
    }

    /// Every keeper's acknowledgement, `replay` asked of those named (one with nothing
    /// here yet is asked for everything it has: an ack of no match).
    public func acks(replay: Set<String> = []) -> HallWire.AckSet {
        HallWire.AckSet((keepers + replay.subtracting(keepers).sorted()).map { k in
            var a = copy(ackedFor: k)?.ack(replay: replay.contains(k)) ?? HallWire.Ack(match: nil, seq: 0, replay: true)
            a.keeper = k
            return a
        })
    }

    /// Whether two hold the same, stream by stream.
    public func holdsTheSame(as other: CourtStreams) -> Bool {
        owner == other.owner && primary.holdsTheSame(as: other.primary) && Set(streams.keys) == Set(other.streams.keys)
            && streams.allSatisfy { other.streams[$0.key].map($0.value.holdsTheSame) ?? false }
    }

    static func startsMatch(_ m: HallWire.CourtMessage) -> Bool { m.header.final != nil || m.header.seq == 1 }

    /// What taking `m` writes, and the streams after. `ownerGone`: the court's keeper has
    /// gone (offline, or not heard for a while): another may keep the court with a new match.
    public func consider(_ m: HallWire.CourtMessage, ownerGone: Bool) -> (writes: [CourtCopy.Write], then: CourtStreams, outcome: Outcome) {
        let k = m.header.keeper
        var next = self
        // The keeper's own streams: the court's files if they are its (or nobody's yet), then its streams.
        var targets: [String?] = owner == nil || owner == k ? [nil] : []
        targets += streams.keys.filter { $0.hasPrefix(k) }.sorted { ($0.count, $0) < ($1.count, $1) }.map { Optional($0) }
        var gap = false, fork: String?, refused: String?
        for t in targets {
            let copy = t.flatMap { streams[$0] } ?? primary.kept(by: owner ?? k)
            switch copy.consider(m) {
            case let .store(w, then):
                // Another keeper's new match, the court's keeper gone: it keeps the court now.
                if owner != k, ownerGone, then.match != copy.match || then.closed != copy.closed, CourtStreams.startsMatch(m),
                   m.header.match != copy.match, let h = handover(m) {
                    return h
                }
                var writes = w
                if t == nil, owner == nil {
                    writes.insert(.replace(file: OwnerFile.name(court), bytes: OwnerFile(keeper: k, from: nil).bytes), at: 0)
                    next.owner = k
                }
                next.set(t, then)
                next.ackedBy[k] = .some(t)
                return (writes, next, .stored(stream: t, newKeeper: false))
            case .duplicate:
                return ([], self, .duplicate)
            case .gap: gap = true
            case .fork(let why): fork = fork ?? why
            case .refused(let why): refused = refused ?? why
            }
        }
        if owner != k, ownerGone, CourtStreams.startsMatch(m), !gap, refused == nil, let h = handover(m) { return h }
        // A keeper heard for the first time on a court kept by another: a stream of its own;
        // a new match that follows none of the keeper's: a fork, in a stream of its own too.
        var name: String?
        if let o = owner, o != k, streams[k] == nil {
            name = k
        } else if fork != nil, CourtStreams.startsMatch(m) {
            name = (2..<1000).lazy.map { "\(k)~\($0)" }.first { streams[$0] == nil }
        }
        if let name {
            switch CourtCopy(court: court, journal: nil, history: nil, stream: name).consider(m) {
            case let .store(w, then):
                next.set(name, then)
                next.ackedBy[k] = .some(name)
                return (w, next, fork.map { .fork($0, stream: name) } ?? .stored(stream: name, newKeeper: false))
            case .gap: gap = true
            case .refused(let why): refused = refused ?? why
            default: break
            }
        }
        if gap { return ([], self, .gap) }
        return ([], self, .refused(refused ?? fork ?? "not a message of this court"))
    }

    /// `m`'s keeper takes the court: the match the last keeper left in the court's journal
    /// moves to that keeper's stream (a new one if its stream holds a match of its own), the
    /// owner file names the new keeper, then its match begins a chain of its own there.
    func handover(_ m: HallWire.CourtMessage) -> (writes: [CourtCopy.Write], then: CourtStreams, outcome: Outcome)? {
        let k = m.header.keeper
        var fresh = primary.kept(by: k)
        fresh.takeover = true
        guard case let .store(w, then) = fresh.consider(m) else { return nil }
        var next = self
        var writes: [CourtCopy.Write] = []
        if let old = owner, primary.match != nil {
            // Its own stream, unless that holds a match of its own (then a new one beside it).
            let free = streams[old].map(\.isEmpty) ?? true
            let name = free ? old : (2..<1000).lazy.map { "\(old)~\($0)" }.first { streams[$0] == nil } ?? old
            let moved = CourtCopy(court: court, journal: primary.journalBytes, history: nil, stream: name).kept(by: old)
            writes.append(.replace(file: moved.journalFile, bytes: primary.journalBytes))
            next.streams[name] = moved
            next.ackedBy[old] = .some(name)
        }
        writes.append(.replace(file: OwnerFile.name(court), bytes: OwnerFile(keeper: k, from: primary.match ?? primary.closed).bytes))
        next.owner = k
        next.primary = then
        next.ackedBy[k] = .some(nil)
        return (writes + w, next, .stored(stream: nil, newKeeper: owner != nil))
    }

    mutating func set(_ stream: String?, _ copy: CourtCopy) {
        if let stream { streams[stream] = copy } else { primary = copy }
    }
}
