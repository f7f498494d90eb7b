#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiData

/// The messages of a hall, as bytes. What comes from the network is hostile input, read as a
/// damaged file is: a size limit before anything is parsed, every field checked (names as
/// court names, numbers in range), and anything else refused with a reason, never trusted.
///
/// A court's message is a header line of JSON, a newline, then its body as the court keeps
/// it on disk, byte for byte (a journal line, a history line, the journal):
///
///     {"v":1,"court":"3","keeper":"5f0c…","match":1712345678.25,"seq":7}
///     {"t":1712345690.5,"a":"point","team":0}
public enum HallWire {
    public static let version = 1
    /// An event message (a header and one journal line).
    public static let maxEventBytes = 16 * 1024
    /// A finished match's history line, or the whole journal.
    public static let maxMatchBytes = 512 * 1024
    /// The highest seq taken: a match of a million events is not a badminton match.
    public static let maxSeq = 1_000_000

    /// The fields of a court message's first line.
    public struct Header: Codable, Equatable, Sendable {
        public var v: Int
        public var court: String
        /// Who keeps the court: one id per machine and config directory (`keeperID`).
        public var keeper: String
        /// The match: its start event's time. An id, never an order: a court's clock may be
        /// wrong, or put right between two matches.
        public var match: Double
        /// An event: its place in the match's journal (1 is the start).
        public var seq: Int?
        /// A finished match sent whole: how many events its history line holds.
        public var final: Int?
        /// At seq 1 and on a finished match sent whole: the match before this one in the
        /// keeper's own order (its history's line before it); nil for the keeper's first.
        /// The desk chains a keeper's matches by it: order from the court, not its clock.
        public var previous: Double?

        public init(court: String, keeper: String, match: Double, seq: Int? = nil, final: Int? = nil, previous: Double? = nil) {
            v = HallWire.version
            self.court = court
            self.keeper = keeper
            self.match = match
            self.seq = seq
            self.final = final
            self.previous = previous
        }

        /// The header's JSON, on one line, `v` first.
        var line: [UInt8] {
            var members: [(String, JSON)] = [("v", .int(v)), ("court", .string(court)), ("keeper", .string(keeper)), ("match", .double(match))]
            if let seq { members.append(("seq", .int(seq))) }
            if let final { members.append(("final", .int(final))) }
            if let previous { members.append(("previous", .double(previous))) }
            return JSON.object(members).bytes()
        }
    }

    /// A court message taken apart: its header and its body, both checked.
    public struct CourtMessage: Equatable, Sendable {
        public var header: Header
        public var body: [UInt8]
    }

    public static func encode(_ header: Header, body: [UInt8]) -> [UInt8] {
        header.line + [0x0a] + body
    }

    /// Why a message was refused, for the desk's notice and its quarantine file.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads a court message from `court`'s topic: too large, not a header and a body,
    /// another court's name, an unknown version, numbers out of range: refused.
    public static func decode(_ payload: [UInt8], court: String, limit: Int) -> Result<CourtMessage, Refusal> {
        guard payload.count <= limit else { return .failure(Refusal("\(payload.count) bytes, more than \(limit)")) }
        guard let newline = payload.firstIndex(of: 0x0a), newline <= 512 else { return .failure(Refusal("no header line")) }
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(payload[..<newline])) else {
            return .failure(Refusal("the header is not JSON with v, court, keeper and match"))
        }
        guard header.v == version else { return .failure(Refusal("version \(header.v), not \(version)")) }
        guard header.court == court else { return .failure(Refusal("claims court '\(printable(header.court))' on court \(court)'s topic")) }
        guard isKeeperID(header.keeper) else { return .failure(Refusal("a keeper id that is not one")) }
        guard header.match.isFinite, header.match > 0, header.match < 1e11 else { return .failure(Refusal("a match id out of range")) }
        if let seq = header.seq, !(1...maxSeq).contains(seq) { return .failure(Refusal("seq \(seq) out of range")) }
        if let f = header.final, !(1...maxSeq).contains(f) { return .failure(Refusal("final count \(f) out of range")) }
        if let p = header.previous, !(p.isFinite && p > 0 && p < 1e11 && p != header.match) { return .failure(Refusal("a previous match out of range")) }
        let body = Array(payload[(newline + 1)...])
        guard String(validating: body, as: UTF8.self) != nil else { return .failure(Refusal("the body is not UTF-8 text")) }
        return .success(CourtMessage(header: header, body: body))
    }

    /// The desk's acknowledgement of a court, retained on `desk/ack/C`: every event of match
    /// `match` up to `seq` is on the desk's disk, and every match before it whole; `closed`:
    /// match `match` is in the desk's history, whole. `replay`: the desk asks for everything
    /// after it again (it restarted, or it saw a gap).
    public struct Ack: Codable, Equatable, Sendable {
        public var v: Int
        /// The keeper whose stream this acknowledges (an ack of no keeper is no court's).
        public var keeper: String?
        public var match: Double?
        public var seq: Int
        public var closed: Bool?
        public var replay: Bool?

        public init(keeper: String? = nil, match: Double?, seq: Int, closed: Bool = false, replay: Bool = false) {
            v = HallWire.version
            self.keeper = keeper
            self.match = match
            self.seq = seq
            self.closed = closed ? true : nil
            self.replay = replay ? true : nil
        }

        public var isClosed: Bool { closed == true }
        public var asksReplay: Bool { replay == true }

        public var bytes: [UInt8] {
            JSON.object(members).bytes()
        }

        var members: [(String, JSON)] {
            var members: [(String, JSON)] = [("v", .int(v))]
            if let keeper { members.append(("keeper", .string(keeper))) }
            if let match { members.append(("match", .double(match))) }
            members.append(("seq", .int(seq)))
            if closed == true { members.append(("closed", .bool(true))) }
            if replay == true { members.append(("replay", .bool(true))) }
            return members
        }

        public static func decode(_ payload: [UInt8]) -> Ack? {
            guard payload.count <= 256, let ack = try? JSONDecoder().decode(Ack.self, from: Data(payload)), ack.isValid else { return nil }
            return ack
        }

        var isValid: Bool {
            guard v == version, (0...maxSeq).contains(seq), keeper.map(isKeeperID) ?? true else { return false }
            return match.map { $0.isFinite && $0 > 0 && $0 < 1e11 } ?? true
        }
    }

    /// The desk's acknowledgements of a court, one per keeper it heard there, in one retained
    /// message on `desk/ack/C`: `{"v":1,"acks":[{…"keeper":"5f0c…",…},…]}`. Each keeper
    /// takes its own and no other, so a laptop never reads another's ack as its own.
    public struct AckSet: Equatable, Sendable {
        public var acks: [Ack]
        /// At most this many keepers a court (the most recent kept).
        public static let maxKeepers = 16

        public init(_ acks: [Ack]) { self.acks = Array(acks.suffix(AckSet.maxKeepers)) }

        public func ack(of keeper: String) -> Ack? { acks.last { $0.keeper == keeper } }

        public var bytes: [UInt8] {
            JSON.object([("v", .int(version)), ("acks", .array(acks.map { JSON.object($0.members) }))]).bytes()
        }

        private struct Wire: Decodable { var v: Int; var acks: [Ack] }

        /// The set, or nil for anything else (an ack of the old form names no keeper: none).
        public static func decode(_ payload: [UInt8]) -> AckSet? {
            guard payload.count <= 4096, let w = try? JSONDecoder().decode(Wire.self, from: Data(payload)), w.v == version,
                  w.acks.count <= maxKeepers, w.acks.allSatisfy({ $0.isValid && $0.keeper != nil }) else { return nil }
            return AckSet(w.acks)
        }
    }

    /// A court's presence, retained on `court/C/online`; the broker publishes the `offline`
    /// one as the court's last will when its link goes without a goodbye.
    public struct Presence: Codable, Equatable, Sendable {
        public var v: Int
        public var keeper: String
        public var online: Bool

        public init(keeper: String, online: Bool) {
            v = HallWire.version
            self.keeper = keeper
            self.online = online
        }

        public var bytes: [UInt8] { JSON.object(["v": .int(v), "keeper": .string(keeper), "online": .bool(online)]).bytes() }

        public static func decode(_ payload: [UInt8]) -> Presence? {
            guard payload.count <= 256, let p = try? JSONDecoder().decode(Presence.self, from: Data(payload)), p.v == version,
                  isKeeperID(p.keeper) else { return nil }
            return p
        }
    }

    /// A keeper id: 16 lowercase hexadecimal digits.
    public static func isKeeperID(_ s: String) -> Bool {
        s.utf8.count == 16 && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The id of the keeper of a court on this machine and config directory: the same at
    /// every start (a restart after a crash is the same keeper, not a second one), another on
    /// another laptop or directory. FNV-1a of the host name and the directory, in hex.
    public static func keeperID(host: String, directory: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in Array(host.utf8) + [0] + Array(directory.utf8) {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func printable(_ s: String) -> String {
        String(s.unicodeScalars.prefix(24).map { $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?" })
    }
}
