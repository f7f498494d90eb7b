@testable import Badminton
import BadmintonRules
import BadmintonRulesTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// `termini badminton --scoresheet [N] [--output FILE]` without a terminal.
@Suite struct ScoresheetCommandTests {
    static func store(history: [Match] = [], current: Match? = nil) -> InMemoryStore {
        var files: [String: [UInt8]] = [:]
        if !history.isEmpty { files[BadmintonApp.historyFile] = history.flatMap { HistoryEntry(events: $0.log.effective).line } }
        if let current { files[BadmintonApp.journalFile] = JournalContents.bytes(of: current.log.records) }
        return InMemoryStore(files: files)
    }

    static func run(_ options: [String: String], _ store: InMemoryStore) -> CommandOutput? {
        BadmintonApp.runCommand(AppOptions(options), store: store, context: AppContext(now: 2_000_000_000))
    }

    static func match(_ a: String, _ b: String, at t: Double, points: String = "0101") -> Match {
        let m = Match(names: [a, b], at: t)
        m.points(points)
        return m
    }

    @Test func noMatchIsAnErrorWithAMessage() {
        let out = ScoresheetCommandTests.run(["--scoresheet": ""], ScoresheetCommandTests.store())
        #expect(out?.status == 1 && out?.stdout == "" && out?.stderr == "termini: no badminton match yet (start one: termini badminton --new)\n")
        let two = ScoresheetCommandTests.store(history: [ScoresheetCommandTests.match("A", "B", at: 1), ScoresheetCommandTests.match("C", "D", at: 2)])
        let none = ScoresheetCommandTests.run(["--scoresheet": "3"], two)
        #expect(none?.status == 1 && none?.stderr == "termini: no match 3: there are 2 (1 is the oldest; termini badminton --export csv lists them)\n")
    }

    @Test func theNumberCountsFromTheOldestAndTheCurrentIsLast() {
        let store = ScoresheetCommandTests.store(history: [ScoresheetCommandTests.match("Ann", "Bea", at: 1), ScoresheetCommandTests.match("Cid", "Dot", at: 2)],
                                                current: ScoresheetCommandTests.match("Eve", "Fay", at: 3))
        func names(_ n: String) -> String? {
            guard let html = ScoresheetCommandTests.run(["--scoresheet": n], store)?.stdout else { return nil }
            return ["Ann", "Cid", "Eve"].first { html.contains(">\($0)<") }
        }
        #expect(names("1") == "Ann" && names("2") == "Cid" && names("3") == "Eve")
        #expect(names("") == "Eve", "the match in progress by default")
    }

    @Test func byDefaultTheLastPlayedWhenTheCurrentHasNothingYet() {
        let fresh = Match(names: ["New", "One"], at: 3)
        let store = ScoresheetCommandTests.store(history: [ScoresheetCommandTests.match("Ann", "Bea", at: 1)], current: fresh)
        let html = ScoresheetCommandTests.run(["--scoresheet": ""], store)?.stdout ?? ""
        #expect(html.contains(">Ann<") && !html.contains(">New<"))
        // Asked for by number, the new match's sheet is its names, ready to fill in.
        #expect(ScoresheetCommandTests.run(["--scoresheet": "2"], store)?.stdout.contains(">New<") == true)
    }

    @Test func toAFileTheCommandPrintsNothing() {
        let store = ScoresheetCommandTests.store(current: ScoresheetCommandTests.match("Ann", "Bea", at: 1))
        let out = ScoresheetCommandTests.run(["--scoresheet": "", "--output": "sheet.html"], store)
        #expect(out?.status == 0 && out?.stdout == "" && out?.file?.path == "sheet.html")
        #expect(out.flatMap { $0.file.map { String(decoding: $0.bytes, as: UTF8.self) } }?.contains(">Ann<") == true)
        // `-` is standard output.
        let dash = ScoresheetCommandTests.run(["--scoresheet": "", "--output": "-"], store)
        #expect(dash?.file == nil && dash?.stdout.hasPrefix("<!DOCTYPE html>") == true)
        // Read-only: nothing written, renamed or kept aside in the config directory.
        #expect(store.writeCount == 0 && store.keptAside.isEmpty)
    }

    @Test func theConfigsCourtNameIsOnTheSheet() {
        let store = ScoresheetCommandTests.store(current: ScoresheetCommandTests.match("Ann", "Bea", at: 1))
        store.preferences["badminton.court"] = "Court 7"
        #expect(ScoresheetCommandTests.run(["--scoresheet": ""], store)?.stdout.contains("Court 7") == true)
    }
}
