import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import Badminton
import BadmintonRules
@testable import Boxing
@testable import Memory
@testable import Stamps
@testable import Coffee

/// Every number read from a file is checked: a count, score, index, rate or time out of its
/// range makes the file (or, in a journal, the line) damaged, kept aside and reported; no
/// value anywhere can make a conversion trap, at start, at the first key, in a command.
@Suite struct DecodedRangeTests {
    /// Numbers no field may hold: far too big for a count or a time, negative, beyond Int,
    /// beyond Double (JSON's nearest to NaN and infinity), not whole.
    static let wild = ["1e18", "1e19", "1e300", "-1", "1e999", "-1e999", "9223372036854775807", "-9223372036854775808"]
    /// For a count (a time may be 2.5 s).
    static let wildCounts = wild + ["2.5"]
    static let counts: Set<String> = ["sandbagPunches", "trashCanPunches", "flips", "cursor", "face"]

    static let now = 1_796_000_000.0

    /// `"key" : number` in a pretty-printed state file, with the number replaced.
    static func replacing(_ key: String, in text: String, with value: String) -> String {
        guard let r = text.range(of: "\"\(key)\" : [-0-9.e+]+", options: .regularExpression) else { return text }
        return text.replacingCharacters(in: r, with: "\"\(key)\" : \(value)")
    }

    static func envelope<T: Encodable>(_ value: T, version: Int = 1) -> String {
        String(decoding: (try? StateCodec.encode(value, version: version).get()) ?? [], as: UTF8.self)
    }

    /// The app started on `files`, used a little, rendered, and its command run: nothing
    /// traps, and the damage is reported and kept aside.
    func exercise<App: MiniApp>(_ type: App.Type, _ files: [String: String], keys: [Key], command: AppOptions? = nil,
                                expectAside: Bool = true, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let store = InMemoryStore(files: files.mapValues { Array($0.utf8) })
        var driver = FuzzDriver<App>(store: store, now: Self.now)
        for k in keys { driver.press(k, advance: 0.4) }
        driver.advance(3)
        #expect(driver.renderProblem(size: Size(width: 80, height: 22), theme: .builtinDefault) == nil, "\(label)", sourceLocation: sourceLocation)
        if expectAside {
            #expect(!store.keptAside.isEmpty, "\(label): the damaged file was not kept aside", sourceLocation: sourceLocation)
        }
        if let command {
            let fresh = InMemoryStore(files: files.mapValues { Array($0.utf8) })
            _ = App.runCommand(command, store: fresh, context: AppContext(now: Self.now))
        }
    }

    @Test func boxing() {
        let good = Self.envelope(BoxingGame(sandbagPunches: 5, trashCanPunches: 2, bestRate: 3.5))
        for key in ["sandbagPunches", "trashCanPunches", "bestRate"] {
            for v in Self.counts.contains(key) ? Self.wildCounts : Self.wild {
                let text = Self.replacing(key, in: good, with: v)
                exercise(BoxingApp.self, [BoxingApp.file: text], keys: [.char(" "), .char(" "), .char(" ")], "boxing \(key)=\(v)")
            }
        }
    }

    @Test func memory() {
        var game = MemoryGame(size: .fourByFour, seed: 7)
        _ = game.flip(at: 0, now: Self.now - 100)
        var records = MemoryRecords()
        _ = records.recordWin(size: .fourByFour, flips: 20, seconds: 61)
        let good = Self.envelope(MemorySave(game: game, dealer: SplitMix64(seed: 3), records: records, cursor: 2))
        for key in ["flips", "elapsedBefore", "runningSince", "lastFlipAt", "4x4", "cursor", "face"] {
            for v in Self.counts.contains(key) ? Self.wildCounts : Self.wild {
                let text = Self.replacing(key, in: good, with: v)
                exercise(MemoryApp.self, [MemoryApp.file: text], keys: [.char(" "), .right, .char(" ")], "memory \(key)=\(v)")
            }
        }
        // The seed and the generator are text: not a number is damage, never a zero seed.
        let badSeed = good.replacingOccurrences(of: "\"seed\" : \"7\"", with: "\"seed\" : \"seven\"")
        exercise(MemoryApp.self, [MemoryApp.file: badSeed], keys: [.char(" ")], "memory seed=seven")
    }

    @Test func stamps() {
        for v in Self.wildCounts {
            let text = #"{"format":1,"data":{"stamps":[{"day":"2026-11-29","minute":\#(v)}],"completions":[]}}"#
            exercise(StampsApp.self, [StampsApp.file: text], keys: [.char(" "), .char("h"), .escape], command: AppOptions(["--status": ""]),
                     "stamps minute=\(v)")
        }
        for day in ["9223372036854775807-01-01", "-9223372036854775808-01-01", "0000-01-01", "10000-01-01", "2026-02-30"] {
            let text = #"{"format":1,"data":{"stamps":[{"day":"\#(day)","minute":5}],"completions":["\#(day)"],"lastStampDay":"\#(day)"}}"#
            exercise(StampsApp.self, [StampsApp.file: text], keys: [.char(" "), .char("h")], command: AppOptions(["--status": ""]),
                     "stamps day=\(day)")
        }
        let eleven = (0..<11).map { _ in #"{"day":"2026-11-29","minute":5}"# }.joined(separator: ",")
        exercise(StampsApp.self, [StampsApp.file: #"{"format":1,"data":{"stamps":[\#(eleven)]}}"#], keys: [.char(" ")], "stamps 11 stamps")
    }

    @Test func coffee() {
        for v in Self.wildCounts {
            let text = #"{"format":1,"data":{"branch":"二號公園店","quantities":{"Geisha":\#(v)}}}"#
            exercise(CoffeeApp.self, [CoffeeApp.file: text], keys: [.char("+"), .enter], command: AppOptions(["--receipt": ""]),
                     "coffee quantity=\(v)")
        }
    }

    static func journal(pointTime: String) -> String {
        #"{"discipline":"singles","e":"start","format":"3x21","server":0,"t":1796000000,"teams":[{"name":"Ann","players":["Ann"]},{"name":"Bo","players":["Bo"]}],"v":1}"#
            + "\n" + #"{"e":"point","t":1796000010,"team":0}"# + "\n" + #"{"e":"point","t":\#(pointTime),"team":1}"# + "\n"
    }

    @Test func badmintonJournal() {
        for v in Self.wild {
            let files = [BadmintonApp.journalFile: Self.journal(pointTime: v)]
            exercise(BadmintonApp.self, files, keys: [.right, .char("h"), .escape], command: AppOptions(["--status": ""]),
                     "journal t=\(v)")
            exercise(BadmintonApp.self, files, keys: [], command: AppOptions(["--export": "csv"]), "journal export t=\(v)")
            exercise(BadmintonApp.self, files, keys: [], command: AppOptions(["--status": "", "--json": ""]), "journal json t=\(v)")
            // The start event's own time.
            let start = Self.journal(pointTime: "1796000020").replacingOccurrences(of: "\"t\":1796000000", with: "\"t\":\(v)")
            exercise(BadmintonApp.self, [BadmintonApp.journalFile: start], keys: [.right], command: AppOptions(["--status": ""]),
                     "journal start t=\(v)")
        }
        for (key, v) in [("team", "2"), ("team", "-1"), ("server", "7"), ("team", "1e300")] {
            let text = Self.journal(pointTime: "1796000020").replacingOccurrences(of: "\"t\":1796000020,\"team\":1", with: "\"t\":1796000020,\"\(key)\":\(v)")
            exercise(BadmintonApp.self, [BadmintonApp.journalFile: text], keys: [.right], command: AppOptions(["--status": ""]),
                     "journal \(key)=\(v)")
        }
    }

    @Test func badmintonHistory() {
        for v in Self.wild {
            let events = Self.journal(pointTime: v).split(separator: "\n").joined(separator: ",")
            let line = "{\"events\":[\(events)]}\n"
            let good = "{\"events\":[\(Self.journal(pointTime: "1796000020").split(separator: "\n").joined(separator: ","))]}\n"
            let files = [BadmintonApp.historyFile: good + line]
            // A damaged line of the history costs that line: reported, not moved aside.
            exercise(BadmintonApp.self, files, keys: [.char("h"), .down, .escape], command: AppOptions(["--export": "json"]),
                     expectAside: false, "history t=\(v)")
            exercise(BadmintonApp.self, files, keys: [], command: AppOptions(["--export": "csv"]), expectAside: false, "history csv t=\(v)")
        }
    }
}
