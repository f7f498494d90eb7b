import Foundation
import Testing
import TerminiTestSupport

/// Every input of the fuzzers' seed corpus and every crash they found (Fuzz/corpus/TARGET/)
/// goes through its parser again (ParserTargets, the code `scripts/fuzz` runs under libFuzzer),
/// and a few thousand random mutations of them: the coverage-guided runs are `scripts/fuzz`'s
/// and CI's; this keeps each crash found fixed for good.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus").path

    static func inputs(_ target: String) -> [(String, [UInt8])] {
        let dir = corpus + "/" + target
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().compactMap { name in
            FileManager.default.contents(atPath: dir + "/" + name).map { (name, [UInt8]($0)) }
        }
    }

    @Test(arguments: ParserTargets.names)
    func theCorpusAndItsMutationsPass(_ target: String) {
        let seeds = Self.inputs(target)
        #expect(!seeds.isEmpty, "no seed corpus for \(target) in \(Self.corpus)")
        for (_, bytes) in seeds { ParserTargets.run(target, bytes) }
        var rng = Fuzz.random("FuzzCorpusTests-\(target)")
        let rounds = Fuzz.count(1500)
        for _ in 0..<rounds {
            guard var b = seeds.isEmpty ? [] : rng.pick(seeds).1 as [UInt8]? else { continue }
            for _ in 0..<rng.int(1...8) {
                switch rng.int(0...4) {
                case 0 where !b.isEmpty: b[rng.int(0...(b.count - 1))] = UInt8.random(in: 0...255, using: &rng)
                case 1: b.insert(rng.pick([0x0a, 0x0d, 0x22, 0x5c, 0x7b, 0x7d, 0x2c, 0x3a, 0x2d, 0x30, 0x65, 0x00, 0x1b, 0x5b]), at: rng.int(0...b.count))
                case 2 where !b.isEmpty: b.remove(at: rng.int(0...(b.count - 1)))
                case 3 where b.count > 2: b = Array(b.prefix(rng.int(1...(b.count - 1))))
                default: b += Array(rng.pick(["1e999", "-1", "9223372036854775808", "\"\u{202E}\"", "\u{1b}[2J", "\r"]).utf8)
                }
            }
            ParserTargets.run(target, b)
        }
        Fuzz.report("fuzz corpus \(target): \(seeds.count) inputs and \(rounds) mutations through the parser, no trap, every invariant held")
    }
}
