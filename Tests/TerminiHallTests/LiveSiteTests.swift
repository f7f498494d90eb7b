#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import BadmintonRules
import TerminiData
import TerminiTestSupport
@testable import TerminiHall

/// The spectators' page's data (`LivePage`) and its directory (`LiveSite`): the moment of a
/// match as the rules know it, names kept as the network sent them (the page puts them in as
/// text), the day's results, a directory holding only the page and files replaced whole.
@Suite struct LiveSiteTests {
    static let t0 = 1_900_000_000.0

    /// A match built event by event, a second apart.
    final class Built {
        var log: MatchLog
        var t: Double
        init(_ format: String = "3x21", names: [String] = ["Ann (SUI)", "Bob"], round: String? = nil, at t: Double = LiveSiteTests.t0) {
            let f = (try? MatchFormat.parse(format).get()) ?? .standard
            log = MatchLog(setup: MatchSetup(format: f, teams: names.compactMap { TeamInfo.parse($0, discipline: .singles) },
                                             officials: MatchOfficials(event: "MS", matchNumber: "12", round: round)), at: t)
            self.t = t
        }
        func take(_ a: MatchEvent.Action) {
            t += 1
            log.take(MatchEvent(a, at: t))
        }
        func points(_ team: Int, _ n: Int) { for _ in 0..<n { take(.point(team: team)) } }
        var state: MatchState { log.state }
    }

    static func moment(_ b: Built, after: Double = 0.5) -> LivePage.Moment { LivePage.moment(b.state, now: b.t + after) }

    @Test func theMomentIsTheRulesOwn() {
        let b = Built()
        #expect(Self.moment(b).kind == "play" && Self.moment(b).text == "Love all, play")
        b.points(0, 11)
        // 11-0: the interval, its clock counting down from the format's 60 s.
        var m = Self.moment(b, after: 10)
        #expect(m.kind == "interval" && m.clock?.runs == "down" && m.clock?.seconds == 50, "\(m)")
        b.take(.endInterval)
        b.points(0, 9)
        m = Self.moment(b)
        #expect(m.kind == "game-point" && m.team == 0 && m.text == "Game point: Ann", "\(m)")
        b.take(.point(team: 0))
        // The game won, with the interval after it.
        m = Self.moment(b)
        #expect(m.kind == "interval" && m.text == "Game 1 to Ann, 21-0 · Interval" && m.clock?.seconds == 120, "\(m)")
        // Past its end, the interval counts its overrun until play resumes.
        #expect(Self.moment(b, after: 130).clock?.runs == "over" && Self.moment(b, after: 130).clock?.seconds == 10)
        b.take(.nextGame)
        b.take(.endInterval)
        b.points(1, 3)
        b.take(.card(team: 1, player: 0, card: .warning))
        m = Self.moment(b)
        #expect(m.kind == "card" && m.text == "Yellow card: Bob, warning for misconduct" && m.team == 1, "\(m)")
        b.take(.stop(.injury, team: 1, player: 0))
        m = Self.moment(b, after: 7)
        #expect(m.kind == "injury" && m.text == "Injury: Bob" && m.clock?.runs == "up" && m.clock?.seconds == 7, "\(m)")
        b.take(.resume)
        b.points(0, 20)
        m = Self.moment(b)
        #expect(m.kind == "match-point" && m.text == "Match point: Ann", "\(m)")
        b.take(.point(team: 0))
        m = Self.moment(b)
        #expect(m.kind == "match-won" && m.team == 0 && m.text == "Match to Ann, 2-0 in games", "\(m)")
        // A retirement says who retired.
        let r = Built(names: ["Cy", "Di"])
        r.points(0, 2)
        r.take(.retire(team: 1))
        #expect(Self.moment(r).text == "Di retired: match to Cy")
    }

    /// Names are data: kept as sent (the page sets them as text), in valid JSON.
    @Test func aHostileNameIsKeptAsTextInTheData() throws {
        let b = Built(names: ["<img src=x onerror=alert(1)>", "\"><b onclick=x>Bob&amp;"])
        b.points(1, 1)
        let court = LivePage.Court(name: "3", match: b.log)
        let json = LivePage.hall([court], hall: "hall", link: LivePage.Link(up: true, since: b.t), now: b.t, since: b.t, changed: b.t, results: "0")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.bytes())) as? [String: Any]
        let match = ((parsed?["courts"] as? [[String: Any]])?.first?["match"]) as? [String: Any]
        let teams = match?["teams"] as? [[String: Any]]
        #expect(teams?.map { $0["name"] as? String } == ["<img src=x onerror=alert(1)>", "\"><b onclick=x>Bob&amp;"])
        #expect((teams?[0]["players"] as? [[String: Any]])?.first?["name"] as? String == "<img src=x onerror=alert(1)>")
        #expect(match?["heading"] as? String == "Match 12 · MS")
        #expect((teams?[1]["serving"] as? Bool) == true && (teams?[1]["score"] as? Int) == 1)
    }

    /// A final names no court (as a final's TV does): the page is told it is one.
    @Test func aFinalIsSaid() throws {
        for (round, final) in [("F", true), ("Final", true), ("SF", false)] {
            let b = Built(round: round)
            let json = LivePage.courtsPart([LivePage.Court(name: "1", match: b.log)], now: b.t, since: b.t)
            let text = String(decoding: json, as: UTF8.self)
            #expect(text.contains("\"final\":\(final)"), "\(round): \(text)")
        }
    }

    /// The day's finished matches, the newest first: the histories and a match just over,
    /// each once; yesterday's are not today's results.
    @Test func theDaysResults() throws {
        let now = Date().timeIntervalSince1970
        func won(_ names: [String], at t: Double) -> MatchLog {
            let b = Built("1x11", names: names, at: t)
            b.points(0, 11)
            return b.log
        }
        // Both today, even a minute after midnight.
        let today = max(now - 60, Calendar.current.startOfDay(for: Date()).timeIntervalSince1970 + 1)
        let old = won(["Old", "Timer"], at: now - 3 * 86_400)
        let first = won(["Ann", "Bob"], at: today)
        let second = won(["Cy", "Di"], at: today + 20)
        let courts = [LivePage.Court(name: "1", match: second, history: [old, first, second]),
                      LivePage.Court(name: "2", match: Built(at: now).log)]
        let json = try JSONSerialization.jsonObject(with: Data(LivePage.results(courts, now: now).bytes())) as? [String: Any]
        let results = json?["results"] as? [[String: Any]] ?? []
        let winners = results.map { r in ((r["teams"] as? [[String: Any]])?[r["winner"] as? Int ?? 0]["name"] as? String) ?? "" }
        #expect(winners == ["Cy", "Ann"], "\(results)")
        #expect(results.first?["games"] as? [[Int]] == [[11, 0]] && results.first?["court"] as? String == "1")
    }

    @Test func theCourtsInTheHallsOrder() {
        #expect(LivePage.ordered(["10", "2", "centre", "1", "B"]) == ["1", "2", "10", "B", "centre"])
    }

    /// The directory: made if missing, the page written; one holding anything else refused;
    /// a killed writer's hidden temporary file is no stranger and is cleared by the next write.
    @Test func theDirectoryHoldsOnlyThePage() throws {
        let tmp = TempDir("termini-live-site")
        let site = LiveSite(directory: tmp.file("www"))
        #expect(site.prepare() == nil)
        let made = try FileManager.default.contentsOfDirectory(atPath: site.directory).sorted()
        #expect(made == ["index.html", "live.css", "live.js"])
        // Readable by a web server running as another user.
        let mode = (try FileManager.default.attributesOfItem(atPath: site.directory + "/live.js")[.posixPermissions] as? Int) ?? 0
        #expect(mode & 0o004 != 0, "\(String(mode, radix: 8))")
        // A writer killed mid-write left its temporary file: the directory is still the page's.
        let leftover = site.directory + "/.hall.json.tmp-999999999"
        try "{\"v\":".write(toFile: leftover, atomically: false, encoding: .utf8)
        #expect(site.prepare() == nil)
        #expect(site.write(LiveSite.hallFile, Array("{\"v\":1}".utf8)) == nil)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try String(contentsOfFile: site.directory + "/hall.json", encoding: .utf8) == "{\"v\":1}")
        // Anything else: refused, and nothing written.
        try "x".write(toFile: site.directory + "/private.txt", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: site.directory + "/index.html")
        let problem = site.prepare()
        #expect(problem?.contains("holds files that are not the page's ('private.txt')") == true, "\(problem ?? "nil")")
        #expect(!FileManager.default.fileExists(atPath: site.directory + "/index.html"))
        // A file where the directory should be.
        #expect(LiveSite(directory: site.directory + "/private.txt").prepare()?.hasSuffix("is not a directory") == true)
    }

    /// The page's files: a policy forbidding inline script, nothing from outside, the script
    /// putting data in as text only.
    @Test func thePageForbidsInlineScriptAndMarkupFromData() {
        let html = LiveSiteAssets.html
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self';"))
        #expect(html.contains("<html lang=\"en\">") && html.contains("aria-live=\"polite\""))
        #expect(html.contains("<script src=\"live.js\" defer></script>") && !html.contains("<script>"))
        for text in [html, LiveSiteAssets.css, LiveSiteAssets.js] {
            #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("@import") && !text.contains("@font-face"))
        }
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!LiveSiteAssets.js.contains(sink), "\(sink)")
        }
        #expect(LiveSiteAssets.js.contains("cache: \"no-store\""))
    }

    /// The writer: results first when they change (the page never asks for a version not on
    /// disk), the courts' change time only when they changed, not with the clock.
    @Test func theWriterWritesResultsBeforeTheHallAndKnowsWhenTheCourtsChanged() throws {
        let tmp = TempDir("termini-live-writer")
        let site = LiveSite(directory: tmp.path)
        #expect(site.prepare() == nil)
        let now = Date().timeIntervalSince1970
        let w = LiveSiteWriter(site: site, hall: "hall", now: now)
        let b = Built("1x11", at: now)
        b.points(0, 6)
        let link = LivePage.Link(up: true, since: now)
        w.write([LivePage.Court(name: "1", match: b.log)], link: link, now: now + 1)
        #expect(w.changedAt == now)
        // The interval's clock runs: no change.
        #expect(!w.write([LivePage.Court(name: "1", match: b.log)], link: link, now: now + 3))
        #expect(w.changedAt == now)
        b.points(0, 5)
        #expect(w.write([LivePage.Court(name: "1", match: b.log)], link: link, now: now + 4))
        #expect(w.changedAt == now + 4)
        let hall = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file("hall.json")))) as? [String: Any]
        let results = try Data(contentsOf: URL(fileURLWithPath: tmp.file("results.json")))
        #expect(hall?["results"] as? String == LiveSiteWriter.fingerprint([UInt8](results)))
        #expect(String(decoding: results, as: UTF8.self).contains("\"winner\":0"))
        #expect(hall?["writer"] as? String == "running" && (hall?["link"] as? [String: Any])?["up"] as? Bool == true)
    }
}
