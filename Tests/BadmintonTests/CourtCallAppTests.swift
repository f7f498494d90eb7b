@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiApp
import TerminiWidgets
import TerminiTestSupport
import Testing

/// The desk's call on the court, in process: the file the court's hall link keeps (written
/// here as it writes it), the dialog, the setup filled from it, the match begun from it, a
/// call waiting as next while a match is played, a call withdrawn, a restart.
@Suite struct CourtCallAppTests {
    static let calledAt = 1_800_000_000.0
    let call = CourtCall(match: "12", event: "MS", round: "R2", court: "3", team1: [.init(name: "Lin Dan", country: "CHN")],
                         team2: [.init(name: "Lee Chong Wei", country: "MAS")], format: "3x15", umpire: "Ann Ump", judge: "Bob Judge",
                         calledAt: calledAt)
    let file = CourtFiles(court: "3").call

    func keep(_ c: CourtCall, _ state: CourtCall.State = .delivered, in store: InMemoryStore) {
        store.files[file] = CourtCall.Kept(call: c, state: state, keptAt: CourtCallAppTests.calledAt + 1).bytes
    }

    /// The hall link kept (or withdrew) the call: the app reads it, as the loop tells it.
    func heard(_ h: inout Harness) {
        h.carry(h.app.filesChanged([file], store: h.store, context: h.context))
    }

    var court3: [String: String] { ["--court": "3"] }

    @Test func aCallOnAFreeCourtIsADialogWhoseEnterFillsTheSetupAndBeginsTheMatch() throws {
        let store = InMemoryStore()
        keep(call, in: store)
        var h = Harness(store: store, options: court3, now: CourtCallAppTests.calledAt + 30)
        let dialog = try #require(h.app.modals.top(CallDialog.self))
        let text = dialog.message(at: h.now, glyphs: .unicode)
        #expect(text.hasPrefix("Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei (MAS) · court 3 \u{2014} Enter to start setup"))
        #expect(text.contains("warm-up 1:30 left"))
        #expect(dialog.message(at: CourtCallAppTests.calledAt + 127, glyphs: .unicode).hasSuffix("warm-up over, +0:07"))
        #expect(h.hints.contains(KeyHint("Enter", "Start setup")))
        h.press(.enter)
        let form = try #require(h.setupForm)
        #expect(form.names.map(\.text) == ["Lin Dan (CHN)", "Lee Chong Wei (MAS)"])
        #expect(form.format.text == "3x15")
        #expect(form.officials == MatchOfficials(event: "MS", court: "3", umpire: "Ann Ump", serviceJudge: "Bob Judge", matchNumber: "12", round: "R2"))
        h.press(.enter)
        let start = try #require(h.app.log?.setup)
        #expect(start.officials.matchNumber == "12" && start.warmUpFrom == CourtCallAppTests.calledAt)
        #expect(h.state?.timer(at: h.now)?.kind == .warmUp)
        #expect(h.app.openCall == nil, "begun: the call is the match's")
        let journal = String(decoding: store.files[CourtFiles(court: "3").journal] ?? [], as: UTF8.self)
        #expect(journal.contains(#""match":"12""#) && journal.contains(#""warm":1800000000"#))
    }

    /// A call carries the whole match: what it leaves blank is blank in the setup, never the
    /// court's last match's (the referee's find: `8,WD,SF,…,Élodie,Jo Judge,`, the judge of the
    /// match before).
    @Test func aCallWithoutOfficialsLeavesNoneOfTheLastMatchsInTheSetup() throws {
        let store = InMemoryStore()
        keep(call, in: store)
        var h = Harness(store: store, options: court3, now: CourtCallAppTests.calledAt + 5)
        h.press(.enter)
        h.press(.enter)
        #expect(h.app.log?.setup?.officials.umpire == "Ann Ump")
        h.press(.char("x"))
        h.press(.char("2"))
        h.press(.enter)
        var bare = CourtCall(match: "13", event: "WD", round: "SF", court: "3",
                             team1: [.init(name: "Élodie"), .init(name: "Zoé", country: "FRA")],
                             team2: [.init(name: "Ann", country: "SUI"), .init(name: "Bea")], calledAt: CourtCallAppTests.calledAt + 60)
        bare.format = nil
        keep(bare, in: store)
        heard(&h)
        #expect(h.app.modals.top(CallDialog.self) != nil, "\(h.text(size: Size(width: 78, height: 21)))")
        h.press(.enter)
        let form = try #require(h.setupForm)
        #expect(form.umpire.text == "" && form.judge.text == "")
        #expect(form.officials == MatchOfficials(event: "WD", court: "3", matchNumber: "13", round: "SF"))
        #expect(form.names.map(\.text) == ["Élodie/Zoé (FRA)", "Ann (SUI)/Bea"])
        #expect(form.discipline == .doubles)
        h.press(.enter)
        let start = try #require(h.app.log?.setup)
        #expect(start.officials.matchNumber == "13")
        #expect(start.officials.umpire == nil && start.officials.serviceJudge == nil)
    }

    @Test func escapeLeavesTheCallPendingAndKShowsItAgain() throws {
        let store = InMemoryStore()
        keep(call, in: store)
        var h = Harness(store: store, options: court3, now: CourtCallAppTests.calledAt + 5)
        h.press(.escape)
        #expect(h.app.modals.top(CallDialog.self) == nil)
        #expect(h.app.status(context: h.context) == "call: Match 12 (k)")
        h.press(.escape)  // the setup dialog of a first start, under it
        #expect(h.hints.contains(KeyHint("k", "Call")))
        h.press(.char("k"))
        #expect(h.app.modals.top(CallDialog.self) != nil)
    }

    @Test func aCallDuringAMatchWaitsAsNextAndIsOfferedWhenTheMatchEnds() throws {
        let store = InMemoryStore()
        var h = Harness(store: store, options: ["--court": "3", "--new": ""], now: CourtCallAppTests.calledAt - 600)
        h.point(0, times: 3)
        keep(call, .next, in: store)
        heard(&h)
        #expect(h.app.modals.top(CallDialog.self) == nil, "the match in progress keeps the court")
        #expect(h.app.callIsNext)
        #expect(h.app.status(context: h.context) == "next: Match 12")
        let screen = h.text(size: Size(width: 78, height: 21))
        #expect(screen.contains("next: Match 12 · MS R2"))
        h.press(.char("k"))
        #expect(h.app.modals.top(CallDialog.self) == nil)
        // Retired at 30 s after the call: the warm-up runs from the end of the match.
        h.press(.char("x"))
        h.press(.char("2"))
        h.press(.enter, at: CourtCallAppTests.calledAt + 30)
        let dialog = try #require(h.app.modals.top(CallDialog.self))
        #expect(dialog.warmUpFrom == CourtCallAppTests.calledAt + 30)
    }

    @Test func aWithdrawnCallLeavesTheCourtAndARestartShowsAPendingOne() throws {
        let store = InMemoryStore()
        keep(call, in: store)
        var h = Harness(store: store, options: court3, now: CourtCallAppTests.calledAt + 5)
        #expect(h.app.modals.top(CallDialog.self) != nil)
        // Killed: the call is in its file, shown again at the start.
        let again = Harness(store: store, options: court3, now: CourtCallAppTests.calledAt + 50)
        #expect(again.app.modals.top(CallDialog.self) != nil)
        store.files[file] = []
        heard(&h)
        #expect(h.app.modals.top(CallDialog.self) == nil && h.app.openCall == nil)
        // An accepted call is not shown again.
        keep(call, .begun, in: store)
        heard(&h)
        #expect(h.app.modals.top(CallDialog.self) == nil)
    }

    @Test func theCallDialogWrapsAndIsNeverCutAt80x24AndFitsAt200x60() throws {
        let store = InMemoryStore()
        var long = call
        long.team1 = [.init(name: "Anastasia Konstantinopolska", country: "POL"), .init(name: "Maximiliane Oberreiter", country: "AUT")]
        long.team2 = [.init(name: "Wilhelmina Vanderbilt-Smythe", country: "USA"), .init(name: "Bartholomew Featherstone", country: "GBR")]
        keep(long, in: store)
        for (w, h) in [(78, 21), (198, 57)] {
            let harness = Harness(store: store, options: court3, now: CourtCallAppTests.calledAt + 5, unicode: false)
            let screen = harness.text(size: Size(width: w, height: h))
            for part in ["Match 12 - MS R2", "Anastasia Konstantinopolska (POL)/Maximiliane", "Bartholomew Featherstone (GBR)", "court 3", "Enter to start setup"] {
                #expect(screen.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: " ")
                    .split(separator: " ").joined(separator: " ").contains(part) || screen.contains(part), "\(w)x\(h): \(part)")
            }
        }
    }
}

/// The hall TV of a final: no court number (`--no-court`, or `badminton.display.court = no`).
@Suite struct DisplayNoCourtTests {
    func display(_ options: [String: String], config: [String: String] = [:]) -> String {
        let store = InMemoryStore()
        for (k, v) in config { store.preferences[k] = v }
        _ = Harness(store: store, options: ["--court": "3", "--new": "", "--names": "Ann,Bob"])
        let tv = Harness(store: store, options: ["--court": "3", "--watch": "", "--display": ""].merging(options) { $1 })
        return tv.text(size: Size(width: 80, height: 24))
    }

    @Test func theHallTVNamesTheCourtUnlessToldNotTo() {
        #expect(display([:]).contains("Court 3 · Game 1"))
        #expect(!display(["--no-court": ""]).contains("Court 3"))
        #expect(display(["--no-court": ""]).contains("Game 1"))
        #expect(!display([:], config: ["badminton.display.court": "no"]).contains("Court 3"))
        #expect(display([:], config: ["badminton.display.court": "yes"]).contains("Court 3"))
    }

    @Test func noCourtGoesWithDisplay() {
        #expect(BadmintonApp.validate(AppOptions(["--watch": "", "--no-court": ""]))?.contains("--no-court goes with --display") == true)
        #expect(BadmintonApp.validate(AppOptions(["--watch": "", "--display": "", "--no-court": ""])) == nil)
    }
}
