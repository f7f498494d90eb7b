@testable import Badminton
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiApp
import TerminiTestSupport
import Testing

/// At the hall's desk a court heard from two keepers: `--status` names both, `--export` and
/// `--scoresheet` take either with `--keeper`.
@Suite struct KeeperStreamCommandTests {
    static let a = "5f0c1a2b3c4d5e6f", b = "a1b2c3d4e5f60718"

    static func store() -> InMemoryStore {
        let court = CourtFiles(court: "1"), stream = CourtFiles(court: "1", stream: b)
        let mine = Match(names: ["Ann", "Bea"], at: 1_000), theirs = Match(names: ["Cid", "Dot"], at: 2_000), earlier = Match(names: ["Eve", "Fay"], at: 900)
        mine.points("0101")
        theirs.points("11")
        earlier.points("00")
        return InMemoryStore(files: [
            court.journal: JournalContents.bytes(of: mine.log.records),
            court.ownerFile!: Array("{\"v\":1,\"keeper\":\"\(a)\"}\n".utf8),
            stream.journal: JournalContents.bytes(of: theirs.log.records),
            stream.history: HistoryEntry(events: earlier.log.effective).line,
        ])
    }

    static func run(_ options: [String: String], _ store: InMemoryStore) -> CommandOutput? {
        BadmintonApp.runCommand(AppOptions(options), store: store, context: AppContext(now: 2_000_000_000))
    }

    @Test func statusNamesEveryKeeper() {
        let out = Self.run(["--status": "", "--court": "1"], Self.store())
        #expect(out?.stdout.contains("Ann") == true)
        #expect(out?.stdout.hasSuffix("keepers: \(Self.a) (the court's files), \(Self.b) (--keeper \(Self.b))\n") == true, "\(out?.stdout ?? "")")
        let json = Self.run(["--status": "", "--json": "", "--court": "1"], Self.store())
        #expect(json?.stdout.contains("\"keepers\":[{\"keeper\":\"\(Self.a)\",\"files\":\"court\"},{\"keeper\":\"\(Self.b)\",\"files\":\"stream\"}]}") == true,
                "\(json?.stdout ?? "")")
    }

    @Test func exportAndStatusTakeEitherKeeper() {
        let theirs = Self.run(["--export": "csv", "--court": "1", "--keeper": "a1b2"], Self.store())
        let text = theirs?.allStdout ?? ""
        #expect(text.contains("Cid") && text.contains("Eve") && !text.contains("Ann"), "\(text)")
        let mine = Self.run(["--status": "", "--court": "1", "--keeper": "5f0c"], Self.store())
        #expect(mine?.stdout.contains("Ann") == true)
        let none = Self.run(["--status": "", "--court": "1", "--keeper": "ffff"], Self.store())
        #expect(none?.status == 1 && none?.stderr == "termini: no keeper ffff on court 1 (keepers: \(Self.a), \(Self.b))\n", "\(none?.stderr ?? "")")
    }

    @Test func keeperIsCheckedBeforeAnythingStarts() {
        #expect(BadmintonCommands.validate(BadmintonOptions(AppOptions(["--keeper": "a1", "--status": ""])))?.hasPrefix("--keeper goes with --court") == true)
        #expect(BadmintonCommands.validate(BadmintonOptions(AppOptions(["--keeper": "xyz", "--status": "", "--court": "1"])))?.hasPrefix("--keeper takes") == true)
        #expect(BadmintonCommands.validate(BadmintonOptions(AppOptions(["--keeper": "a1", "--status": "", "--court": "1"]))) == nil)
    }
}
