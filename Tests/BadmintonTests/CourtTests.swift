@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiApp
import TerminiTestSupport
import Testing

/// Several courts in one config directory: each keeps its own match, journal, lock and
/// history; the default court keeps the files it always had.
@Suite struct CourtTests {
    /// A store with a match played on each court named (nil: the default court).
    static func store(courts: [String?], points: String = "0010") -> InMemoryStore {
        let store = InMemoryStore()
        for c in courts {
            var options = ["--new": "", "--names": "A\(c ?? ""),B\(c ?? "")"]
            if let c { options["--court"] = c }
            var h = Harness(store: store, options: options)
            for p in points { h.point(p == "0" ? 0 : 1) }
        }
        return store
    }

    static func run(_ options: [String: String], _ store: InMemoryStore) -> CommandOutput? {
        BadmintonApp.runCommand(AppOptions(options), store: store, context: AppContext(now: 1_800_000_100))
    }

    @Test func aNamedCourtKeepsFilesOfItsOwnAndTheDefaultCourtKeepsTheOldNames() {
        let store = Self.store(courts: [nil, "3"])
        #expect(store.files["badminton-match.jsonl"] != nil)
        #expect(store.files["badminton-3-match.jsonl"] != nil)
        #expect(store.locks == ["badminton", "badminton-3"])
        let three = JournalContents.read(store.files["badminton-3-match.jsonl"] ?? []).events
        #expect(MatchLog(records: three)?.state.teams.map(\.name) == ["A3", "B3"])
        // A new match on court 3 sends its old one to court 3's history only.
        _ = Harness(store: store, options: ["--new": "", "--court": "3"])
        #expect(store.files["badminton-3-history.jsonl"] != nil)
        #expect(store.files["badminton-history.jsonl"] == nil)
    }

    @Test func fileNamesNeverCollide() {
        let names = ["1", "history", "match", "a-history", "x-match", "B-2"]
        let files = names.map { CourtFiles(court: $0) } + [.main]
        let all = files.flatMap(\.all)
        #expect(Set(all).count == all.count, "\(all)")
        for f in files where f.court != nil {
            #expect(CourtFiles.court(ofFile: f.journal) == f.court && CourtFiles.court(ofFile: f.history) == f.court)
        }
        #expect(CourtFiles.court(ofFile: CourtFiles.main.journal) == nil && CourtFiles.court(ofFile: CourtFiles.main.history) == nil)
        #expect(CourtFiles.courts(in: ["badminton-10-match.jsonl", "config", "badminton-2-history.jsonl", "badminton-match.jsonl",
                                       "badminton-b-match.jsonl", "badminton-A.lock", "badminton-x-match.jsonl.corrupt-1"]).map(\.court)
                == [nil, "2", "10", "b"])
    }

    @Test(arguments: ["3", "centre", "Court-2", "a", String(repeating: "x", count: 24)])
    func goodCourtNames(_ name: String) {
        #expect(CourtFiles.isValidName(name))
        #expect(BadmintonApp.validate(AppOptions(["--status": "", "--court": name])) == nil)
    }

    @Test(arguments: ["", "-3", "court 3", "a/b", "..", "Zé", "3.1", "a_b", String(repeating: "x", count: 25)])
    func badCourtNames(_ name: String) {
        #expect(!CourtFiles.isValidName(name))
        let problem = BadmintonApp.validate(AppOptions(["--status": "", "--court": name]))
        #expect(problem?.contains("--court") == true, "\(problem ?? "accepted")")
    }

    @Test func allGoesWithWatchOrStatusOnly() {
        for mode in ["--new", "--export", "--scoresheet"] {
            #expect(BadmintonApp.validate(AppOptions([mode: mode == "--export" ? "csv" : "", "--all": ""]))?.contains("--all") == true, "\(mode)")
        }
        #expect(BadmintonApp.validate(AppOptions(["--all": ""]))?.contains("--all") == true)
        #expect(BadmintonApp.validate(AppOptions(["--watch": "", "--all": ""])) == nil)
        #expect(BadmintonApp.validate(AppOptions(["--status": "", "--all": ""])) == nil)
        #expect(BadmintonApp.validate(AppOptions(["--status": "", "--all": "", "--court": "1"])) != nil)
        #expect(BadmintonApp.validate(AppOptions(["--display": ""]))?.contains("--watch") == true)
        #expect(BadmintonApp.validate(AppOptions(["--watch": "", "--display": "", "--court": "2"])) == nil)
    }

    @Test func everyReadCommandTakesTheCourt() throws {
        let store = Self.store(courts: [nil, "2"], points: "001")
        let status = try #require(Self.run(["--status": "", "--court": "2"], store))
        #expect(status.status == 0 && status.stdout.hasPrefix("A2 2-1 B2"), "\(status.stdout)")
        let json = try #require(Self.run(["--status": "", "--json": "", "--court": "2"], store))
        #expect(json.stdout.contains("\"name\":\"A2\""))
        let export = try #require(Self.run(["--export": "csv", "--court": "2"], store))
        #expect(export.allStdout.contains("A2") && !export.allStdout.contains("Ann"))
        let sheet = try #require(Self.run(["--scoresheet": "", "--court": "2"], store))
        #expect(sheet.stdout.contains("A2") && sheet.stdout.contains("<i>Court</i><b>2</b>"), "the court's name is on the sheet")
        // The default court is untouched by court 2.
        #expect(Self.run(["--status": ""], store)?.stdout.hasPrefix("A 2-1 B") == true)
    }

    @Test func anUnknownCourtIsAnErrorForEveryReadCommand() throws {
        let store = Self.store(courts: ["1", "2"])
        for mode in [["--status": ""], ["--export": "json"], ["--scoresheet": ""]] {
            let out = try #require(Self.run(mode.merging(["--court": "9"]) { a, _ in a }, store))
            #expect(out.status == 1 && out.stderr.contains("no court 9") && out.stderr.contains("courts: 1, 2"), "\(mode): \(out.stderr)")
            #expect(out.allStdout.isEmpty)
        }
    }

    @Test func statusOfEveryCourt() throws {
        let store = Self.store(courts: [nil, "10", "2"], points: "0")
        store.preferences["badminton.court"] = "Main"
        let plain = try #require(Self.run(["--status": "", "--all": ""], store))
        #expect(plain.stdout.split(separator: "\n").map { String($0.prefix(10)) } == ["Main: A 1-", "2:    A2 1", "10:   A10 "], "\(plain.stdout)")
        let json = try #require(Self.run(["--status": "", "--all": "", "--json": ""], store)).stdout
        #expect(json.hasPrefix("{\"courts\":[{\"court\":\"Main\",\"format\":\"3x21\""), "\(json)")
        #expect(json.contains("{\"court\":\"2\",\"format\""))
        #expect(json.contains("{\"court\":\"10\",\"format\""))
        // Each court's object is the single court's, after its name.
        let one = try #require(Self.run(["--status": "", "--json": "", "--court": "2"], store)).stdout
        #expect(json.contains("{\"court\":\"2\"," + one.dropFirst().dropLast()))
        let empty = try #require(Self.run(["--status": "", "--all": "", "--json": ""], InMemoryStore()))
        #expect(empty.stdout == "{\"courts\":[]}\n" && empty.status == 0)
        #expect(Self.run(["--status": "", "--all": ""], InMemoryStore())?.status == 1)
    }

    @Test func theCourtsNameIsInTheUmpiresCall() throws {
        let store = InMemoryStore()
        var h = Harness(store: store, options: ["--new": "", "--court": "7"])
        h.point(0, times: 11)
        let interval = try #require(h.state?.interval)
        // 20 seconds before the end of the interval: the umpire calls the court.
        let at = interval.start + interval.duration - 20
        #expect(h.app.court == "7")
        let json = BadmintonApp.runCommand(AppOptions(["--status": "", "--json": "", "--court": "7"]), store: store,
                                           context: AppContext(now: at))?.stdout ?? ""
        #expect(json.contains("\"call\":\"Court 7, 20 seconds\""), "\(json)")
    }
}

/// Issue 24, fault 4: a journal whose start was lost (rallies appended to a new file after the
/// journal was moved away) is no match; `--status` says what it found, not "0 damaged lines".
@Suite struct JournalWithoutStartTests {
    @Test func statusSaysTheJournalBeginsNoMatch() throws {
        let store = InMemoryStore()
        store.files["badminton-match.jsonl"] = MatchEvent(.point(team: 0), at: 1_800_000_000).line
            + MatchEvent(.point(team: 1), at: 1_800_000_001).line
        let out = try #require(CourtTests.run(["--status": ""], store))
        // The host prints the store's notices on stderr before the command's own output.
        let said = store.takeNotices().joined(separator: "\n")
        #expect(!said.contains("0 damaged lines"), "\(said)")
        #expect(said.contains("badminton-match.jsonl holds 2 events but no start of a match"), "\(said)")
        #expect(out.status == 1)
    }
}
