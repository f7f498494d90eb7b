@testable import BadmintonRules
import BadmintonRulesTestSupport
import Testing

/// The calls tables: every shipped one against the moment list, a user's own over them, and
/// what a damaged or hostile file gives.
@Suite struct CallTableTests {
    @Test(arguments: CallTables.codes)
    func everyShippedTableHasEveryMomentWithItsPlaceholders(_ code: String) throws {
        let text = try #require(CallTables.text(code))
        let table = CallTable.parse(text, code: code, source: code)
        #expect(table.problems == [])
        #expect(table.missing == [])
        #expect(table.notice == nil)
        #expect(table.voice == code)
        for m in CallMoment.allCases {
            let t = try #require(table.texts[m])
            #expect(CallTable.placeholderProblem(t, m) == nil, "\(code) \(m.rawValue)")
        }
        // A start reads the shipped tables without these checks: the same table.
        #expect(CallTable.parse(text, code: code, source: code, checked: false) == table)
        #expect(CallTable.resolve(code, user: nil) == table)
    }

    @Test func theGermanCallsUseTheFederationsTerms() {
        let de = CallTable.resolve("de", user: nil)
        let m = Match(names: ["Ann", "Bob"])
        #expect(UmpireCall.text(m.state, now: m.time, calls: de)
            == "Meine Damen und Herren, zu meiner Rechten, Bob, und zu meiner Linken, Ann; Ann schlägt auf; 0 beide; bitte spielen")
        m.points("0011")
        #expect(UmpireCall.text(m.state, now: m.time, calls: de) == "2 beide")
        m.points("0")
        #expect(UmpireCall.text(m.state, now: m.time, calls: de) == "Aufschlagwechsel, 3-2")
        m.score(18, 20)
        #expect(UmpireCall.text(m.state, now: m.time, calls: de) == "20 Satzpunkt 18")
        m.points("1")
        #expect(UmpireCall.text(m.state, now: m.time, calls: de) == "Satz; der erste Satz wurde gewonnen von Bob, 21-18")
    }

    @Test func anASCIITerminalReadsTheCallsSpeltInASCII() {
        #expect(CallTable.asciiFolded("Ann schlägt auf; Fünf Sätze; Größe; changez de côté; Français; Eén")
            == "Ann schlaegt auf; Fuenf Saetze; Groesse; changez de cote; Francais; Een")
        #expect(CallTable.asciiFolded("5-3") == "5-3")
    }

    @Test func aUsersTableOverridesAShippedOneMomentByMoment() {
        let t = CallTable.resolve("de", user: Array("play = los geht's\n".utf8))
        #expect(t.problems == [] && t.missing == [] && t.name == "Deutsch")
        let m = Match(names: ["Ann", "Bob"])
        #expect(UmpireCall.text(m.state, now: m.time, calls: t).hasSuffix("; 0 beide; los geht's"))
    }

    @Test func aNewLanguageWithAMissingMomentSaysItInEnglishAndSaysSoOnce() {
        let t = CallTable.resolve("xx", user: Array("name = Test\nscore_all = {score} tous\n".utf8))
        #expect(t.name == "Test" && t.missing.contains(.play) && !t.missing.contains(.scoreAll))
        let notice = t.notice ?? ""
        #expect(notice.contains("said in English") && notice.contains("calls xx"))
        let m = Match(names: ["Ann", "Bob"])
        m.points("0011")
        #expect(UmpireCall.text(m.state, now: m.time, calls: t) == "2 tous")
        m.points("0")
        #expect(UmpireCall.text(m.state, now: m.time, calls: t) == "Service over, 3-2")
    }

    @Test(arguments: [
        ("score = {server}-{receiver}-{court}", "no placeholder {court} here"),
        ("score = {server}", "{receiver} is missing"),
        ("score = {server-{receiver}", "a { inside a {…}"),
        ("score = {server}-{receiver", "a { without its }"),
        ("play = go}", "a } without its {"),
        ("play = go\u{1b}[2J", "control characters"),
        ("nonsense = x", "no moment \"nonsense\""),
        ("just words", "not \"moment = text\""),
        ("play =", "play has no text"),
        ("voice = de; rm -rf", "is not a voice's name"),
        ("play = " + String(repeating: "x", count: 500), "longer than 400 characters"),
    ])
    func aDamagedLineIsNamedAndTheMomentFallsBack(_ line: String, _ message: String) {
        let t = CallTable.resolve("de", user: Array((line + "\n").utf8))
        #expect(t.problems.count == 1)
        #expect(t.problems.first?.hasPrefix("de.calls line 1: ") == true)
        #expect(t.notice?.contains(message) == true, "\(t.notice ?? "")")
        #expect(t.missing == [], "the shipped German fills the gap")
        #expect(t.say(.play) == "bitte spielen" || line.hasPrefix("play = go") == false)
    }

    @Test func aFileThatIsNotTextOrALanguageThatIsNotThereGivesAClearMessage() {
        let binary = CallTable.resolve("fr", user: [0xff, 0xfe, 0x00, 0x41])
        #expect(binary.notice?.contains("fr.calls is not UTF-8 text") == true && binary.say(.scoreAll, ["score": "2"]) == "2 partout")
        let unknown = CallTable.resolve("zz", user: nil)
        #expect(unknown.notice?.contains("no calls table \"zz\"") == true && unknown.code == "en")
        let hostile = CallTable.resolve("../etc", user: nil)
        #expect(hostile.notice?.contains("is not a language code") == true && hostile.code == "en")
        #expect(CallTable.resolve(nil, user: nil) == .english && CallTable.resolve("EN", user: nil) == .english)
    }
}
