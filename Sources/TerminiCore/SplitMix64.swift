/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seeded generator. Deals must be the same
/// for the same seed on every machine and every Swift version, so the model uses this and
/// its own bounded draw and shuffle instead of the standard library's (whose algorithms may
/// change) or any system randomness.
public struct SplitMix64: Codable, Equatable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in 0..<n (0 when n ≤ 1), without modulo bias: draws below
    /// 2⁶⁴ mod n are rejected.
    public mutating func below(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        let bound = UInt64(n)
        let threshold = (0 &- bound) % bound
        while true {
            let r = next()
            if r >= threshold { return Int(r % bound) }
        }
    }

    /// Fisher–Yates, from the end.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = below(i + 1)
            if i != j { items.swapAt(i, j) }
        }
    }

    // JSON numbers above 2⁵³ are not safe in every reader: the state is saved as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let v = UInt64(text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(text)' is not a generator state")
        }
        state = v
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(String(state))
    }
}
