import Testing
import TerminiTestSupport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import TerminiData

/// The JSON the saves are written in: read back by JSONDecoder to the same values as what
/// Foundation's JSONEncoder writes, for every shape the apps save and for the strings and
/// numbers that are hard to write (quotes, backslashes, controls, beyond the BMP, U+2028,
/// the extremes of each number type).
@Suite struct JSONWriterTests {
    struct Inner: Codable, Equatable {
        var text: String
        var number: Double
        var flag: Bool?
    }
    enum Kind: String, Codable { case one, two }
    struct Everything: Codable, Equatable {
        var name: String
        var int: Int
        var int64: Int64
        var uint64: UInt64
        var uint8: UInt8
        var int8: Int8
        var double: Double
        var float: Float
        var optional: Int?
        var kinds: [Kind]
        var nested: [Inner]
        var byName: [String: Int]
        var byNumber: [Int: String]
        var empty: [Int]
        var emptyObject: [String: Int]
        var nestedArrays: [[Int]]
        var data: Data
    }

    static let oddStrings = [
        "", "plain", "quote \" and backslash \\", "\\\"", "/ slash", "tab\tnewline\nreturn\r", "\u{0}\u{1}\u{1f}\u{7f}",
        "\u{8}\u{c}", "é e\u{301}", "民權", "😁 🇫🇷 👍🏽 👩‍👩‍👧", "\u{2028}\u{2029}", "\u{feff}", "\u{10ffff}", "\u{fffd}", "\u{1b}[2J",
    ]

    func roundTrip<T: Codable & Equatable>(_ value: T, _ comment: Comment? = nil) throws {
        for layout in [JSONWriter.Layout.compact, .pretty] {
            let bytes = try JSONWriter.encode(value, layout: layout)
            let back = try JSONDecoder().decode(T.self, from: Data(bytes))
            #expect(back == value, comment)
        }
    }

    @Test func oddStringsRoundTrip() throws {
        for s in Self.oddStrings { try roundTrip(Inner(text: s, number: 1, flag: nil), "\(s.debugDescription)") }
        // A string alone, and keys that need escaping.
        for s in Self.oddStrings { try roundTrip([s: s]) }
    }

    @Test func edgeNumbersRoundTrip() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 1.5, 1e15, 1e15 + 1, 1e16, 9_007_199_254_740_994, 1e300, -1e300,
                                 .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                 1_764_582_000.123, 123.456e-10, 3.141592653589793]
        for d in doubles {
            try roundTrip(Inner(text: "", number: d, flag: true), "\(d)")
            let bytes = try JSONWriter.encode([d], layout: .compact)
            let back = try JSONDecoder().decode([Double].self, from: Data(bytes))
            #expect(back[0].bitPattern == d.bitPattern || (d == 0 && back[0] == 0), "\(d)")
        }
        try roundTrip([Int.min, Int.max, 0, -1])
        try roundTrip([UInt64.max, 0, UInt64(1) << 63])
        try roundTrip([Int64.min, Int64.max])
        try roundTrip([Int8.min, Int8.max])
        try roundTrip([Float.greatestFiniteMagnitude, Float.leastNonzeroMagnitude, 0.1, -2.5])
    }

    @Test func nonFiniteNumbersAreRefusedAsJSONEncoderRefusesThem() {
        for d in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONWriter.encode(Inner(text: "", number: d), layout: .pretty) }
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(Inner(text: "", number: d)) }
        }
    }

    func everything(_ rng: inout some RandomNumberGenerator) -> Everything {
        func string() -> String {
            let pool = Self.oddStrings + ["a", "b", "zz"]
            return (0..<Int.random(in: 0...3, using: &rng)).map { _ in pool.randomElement(using: &rng) ?? "" }.joined()
                + String(Character(Unicode.Scalar(UInt32.random(in: 0...0xd7ff, using: &rng)) ?? "x"))
        }
        func double() -> Double {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
            case 1: return Double.random(in: -1...1, using: &rng)
            case 2: return Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng) & ~(0x7ff << 52) | (UInt64.random(in: 1...0x7fe, using: &rng) << 52))
            default: return Double.random(in: -1e20...1e20, using: &rng).rounded()
            }
        }
        return Everything(
            name: string(), int: Int.random(in: .min ... .max, using: &rng), int64: Int64.random(in: .min ... .max, using: &rng),
            uint64: UInt64.random(in: .min ... .max, using: &rng), uint8: UInt8.random(in: .min ... .max, using: &rng),
            int8: Int8.random(in: .min ... .max, using: &rng), double: double(), float: Float(Double.random(in: -1e6...1e6, using: &rng)),
            optional: Bool.random(using: &rng) ? nil : Int.random(in: -9...9, using: &rng),
            kinds: (0..<Int.random(in: 0...3, using: &rng)).map { _ in Bool.random(using: &rng) ? .one : .two },
            nested: (0..<Int.random(in: 0...3, using: &rng)).map { _ in Inner(text: string(), number: double(), flag: Bool.random(using: &rng) ? nil : Bool.random(using: &rng)) },
            byName: Dictionary((0..<Int.random(in: 0...4, using: &rng)).map { _ in (string(), Int.random(in: -99...99, using: &rng)) }, uniquingKeysWith: { a, _ in a }),
            byNumber: Dictionary((0..<Int.random(in: 0...4, using: &rng)).map { _ in (Int.random(in: -99...99, using: &rng), string()) }, uniquingKeysWith: { a, _ in a }),
            empty: [], emptyObject: [:], nestedArrays: [[], [1], [2, 3]],
            data: Data((0..<Int.random(in: 0...9, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    }

    /// Random values of every field type: read back equal, and equal to what JSONEncoder's
    /// JSON of the same value reads back as.
    @Test func randomValuesRoundTripAsJSONEncoderDoes() throws {
        var rng = Fuzz.random("randomValuesRoundTripAsJSONEncoderDoes")
        for _ in 0..<300 {
            let v = everything(&rng)
            let ours = try JSONDecoder().decode(Everything.self, from: Data(try JSONWriter.encode(v, layout: .pretty)))
            let theirs = try JSONDecoder().decode(Everything.self, from: JSONEncoder().encode(v))
            #expect(ours == v)
            #expect(ours == theirs)
        }
    }

    /// Pretty JSON as JSONEncoder lays it out (sorted keys, two spaces, `"key" : value`), so
    /// a state file reads as before.
    @Test func prettyLayoutIsJSONEncoders() throws {
        let v = [Inner(text: "a/b", number: 2.5, flag: true), Inner(text: "c", number: 3, flag: nil)]
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        #expect(String(decoding: try JSONWriter.encode(v, layout: .pretty), as: UTF8.self) == String(decoding: try enc.encode(v), as: UTF8.self))
        enc.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try JSONWriter.encode(v, layout: .compact), as: UTF8.self) == String(decoding: try enc.encode(v), as: UTF8.self))
    }
}
