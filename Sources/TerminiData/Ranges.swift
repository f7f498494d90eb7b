/// The ranges a number read from a file must lie in. A value outside them is damage: the
/// file is kept aside and the user told, as for any damage, and no conversion or arithmetic
/// later can trap on it (`Int(1e300)`, a count at `Int.max` plus one).
public enum Ranges {
    /// A moment on the wall clock, in seconds since 1970: up to the end of the year 9999.
    public static let moment: ClosedRange<Double> = 0...253_402_300_799
    /// A length of time (a game's clock, a best time): up to a hundred years.
    public static let duration: ClosedRange<Double> = 0...3_155_760_000
    /// Things counted one key at a time (punches, flips): a billion is beyond a lifetime of keys.
    public static let count: ClosedRange<Int> = 0...1_000_000_000
    /// A rate per second (punches): no key repeat comes near a thousand.
    public static let rate: ClosedRange<Double> = 0...1_000
}

extension KeyedDecodingContainer {
    public func decode(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int {
        let v = try decode(Int.self, forKey: key)
        return try check(v, range, key)
    }

    public func decodeIfPresent(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int? {
        try decodeIfPresent(Int.self, forKey: key).map { try check($0, range, key) }
    }

    public func decode(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>) throws -> Double {
        let v = try decode(Double.self, forKey: key)
        return try check(v, range, key)
    }

    public func decodeIfPresent(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>) throws -> Double? {
        try decodeIfPresent(Double.self, forKey: key).map { try check($0, range, key) }
    }

    private func check<T: Comparable>(_ v: T, _ range: ClosedRange<T>, _ key: Key) throws -> T {
        guard range.contains(v) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self,
                                                   debugDescription: "\(v) is out of range (\(range.lowerBound) to \(range.upperBound))")
        }
        return v
    }
}

extension Int {
    /// The nearest Int to `value`, NaN as 0: for figures shown on screen, never a trap.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
