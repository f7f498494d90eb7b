import TerminiCore
import TerminiWidgets
import TerminiData
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The envelope of every state file: `{"format": 1, "data": …}`. A file from a newer
/// Termini (a higher format) is never half-read: it is kept aside, as a damaged one is.
public enum StateCodec {
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case empty
        case notJSON(String)
        case wrongShape(String)
        case futureFormat(found: Int, supported: Int)
        public var description: String {
            switch self {
            case .empty: return "the file is empty"
            case .notJSON(let d): return "not valid JSON (\(d))"
            case .wrongShape(let d): return "unexpected content (\(d))"
            case let .futureFormat(found, supported): return "format \(found) is newer than this Termini understands (\(supported))"
            }
        }
    }

    struct Header: Decodable { var format: Int }
    struct Body<T: Decodable>: Decodable { var data: T }
    struct EncodeOnly<T: Encodable>: Encodable {
        var format: Int
        var data: T
    }

    public static func encode<T: Encodable>(_ value: T, version: Int) -> Result<[UInt8], EncodingErrorDescription> {
        do {
            // Not JSONEncoder: a save is made on most keys, and it cost more than the frame.
            var bytes = try JSONWriter.encode(EncodeOnly(format: version, data: value), layout: .pretty)
            bytes.append(UInt8(ascii: "\n"))
            return .success(bytes)
        } catch {
            return .failure(EncodingErrorDescription(text: "\(error)"))
        }
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], version: Int) -> Result<T, DecodeError> {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) { return .failure(.empty) }
        let data = Data(bytes)
        let dec = JSONDecoder()
        let header: Header
        do {
            header = try dec.decode(Header.self, from: data)
        } catch DecodingError.dataCorrupted(let ctx) {
            return .failure(.notJSON(ctx.debugDescription))
        } catch {
            return .failure(.wrongShape("no format number"))
        }
        if header.format > version { return .failure(.futureFormat(found: header.format, supported: version)) }
        do {
            return .success(try dec.decode(Body<T>.self, from: data).data)
        } catch let DecodingError.keyNotFound(key, ctx) {
            return .failure(.wrongShape("missing '\(key.stringValue)' at \(path(ctx.codingPath))"))
        } catch let DecodingError.typeMismatch(_, ctx) {
            return .failure(.wrongShape("wrong type at \(path(ctx.codingPath))"))
        } catch let DecodingError.valueNotFound(_, ctx) {
            return .failure(.wrongShape("missing value at \(path(ctx.codingPath))"))
        } catch let DecodingError.dataCorrupted(ctx) {
            return .failure(.wrongShape("\(ctx.debugDescription) at \(path(ctx.codingPath))"))
        } catch {
            return .failure(.wrongShape("\(error)"))
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

public struct EncodingErrorDescription: Error, Equatable, CustomStringConvertible {
    public let text: String
    public var description: String { text }
}
