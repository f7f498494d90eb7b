#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminiApp
import TerminiData

/// What is wrong with how `value` is saved, or nil: a state file is written by `JSONWriter`
/// (not JSONEncoder, since it is written on most keys), so it must read back as the same
/// value and be the very text JSONEncoder wrote before (sorted keys, pretty), so files of
/// either version read the same.
struct SavedEnvelope<T: Encodable>: Encodable {
    var format: Int
    var data: T
}

public func savedJSONProblem<T: Codable & Equatable>(_ value: T, version: Int = 1) -> String? {
    guard case .success(let bytes) = StateCodec.encode(value, version: version) else { return "not encoded" }
    guard case .success(let back) = StateCodec.decode(T.self, from: bytes, version: version) else { return "not read back" }
    guard back == value else { return "read back as \(back), not \(value)" }
    let enc = JSONEncoder()
    enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let old = try? enc.encode(SavedEnvelope(format: version, data: value)) else { return "JSONEncoder refused it" }
    let ours = String(decoding: bytes, as: UTF8.self), theirs = String(decoding: old, as: UTF8.self) + "\n"
    return ours == theirs ? nil : "JSONWriter wrote\n\(ours)\nJSONEncoder wrote\n\(theirs)"
}
