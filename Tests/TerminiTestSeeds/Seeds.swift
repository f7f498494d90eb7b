#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import TerminiCore

/// The one seeded generator of the tests: the program's own SplitMix64 (the one Memory deals
/// with), so the same sequence for the same seed on every machine and a failing run can be
/// replayed exactly from its seed.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    var generator: SplitMix64
    public var state: UInt64 { generator.state }
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    public mutating func next() -> UInt64 { generator.next() }

    /// A number in 0..<bound: the next value modulo the bound.
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    public mutating func double(_ range: Range<Double>) -> Double { Double.random(in: range, using: &self) }
}

/// The seed and the scale of a fault-suite run, from the environment:
/// `TERMINI_FAULT_SEED=N` replays a run (every test derives its own seed from N and its
/// name, so one test can be rerun alone); `TERMINI_FAULT_SCALE=F` multiplies trial counts,
/// key counts and durations (1, the default, gives the figures the issue asks for).
public enum Fuzz {
    public static let baseSeed: UInt64 = {
        if let v = getenv("TERMINI_FAULT_SEED"), let n = UInt64(String(cString: v)) { return n }
        var s = SystemRandomNumberGenerator()
        // Short enough to type back.
        return UInt64.random(in: 1...999_999_999, using: &s)
    }()

    public static let scale: Double = {
        if let v = getenv("TERMINI_FAULT_SCALE"), let f = Double(String(cString: v)), f > 0, f.isFinite { return f }
        return 1
    }()

    /// The seed of one test: the base seed mixed with the test's name (FNV-1a).
    public static func seed(_ name: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01B3
        }
        return baseSeed ^ h
    }

    /// The generator of one test, after printing how to replay it.
    public static func random(_ name: String) -> FuzzRandom {
        report("\(name): seed \(baseSeed) (replay: TERMINI_FAULT_SEED=\(baseSeed) swift test --filter \(name))")
        return FuzzRandom(seed: seed(name))
    }

    /// `n` scaled by `TERMINI_FAULT_SCALE`.
    public static func count(_ n: Int) -> Int { max(1, Int((Double(n) * scale).rounded())) }

    /// A line for the run's record (docs/dev/reliability.md takes its figures from these).
    public static func report(_ line: String) {
        print("[fault] " + line)
        fflush(nil)
    }

    /// Seconds on a monotonic clock.
    public static func clock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
