#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport

/// `termini hall live DIR --hall URL`, the spectators' page, as people meet it: two courts kept
/// in tmux over a real broker, the writer, DIR served by `python3 -m http.server`, and the page
/// in real headless Chromium (its DevTools protocol: the same page, read as it lives).
@Suite(.serialized) struct LivePageTests {
    static let needs: ConditionTrait = .enabled(
        if: HeadlessChromium.path != nil && MosquittoBroker.available && Tools.installed("tmux") && Tools.installed("python3"),
        "needs chromium, mosquitto, tmux and python3: apt-get install chromium mosquitto tmux python3")

    static let hostile = "<img src=x onerror=alert(1)>"

    /// A hall for one test: its broker, two courts, the writer and a web server on DIR.
    final class Hall {
        let broker: MosquittoBroker
        let site = TempDir("termini-live-site")
        let work = TempDir("termini-live-work")
        var courts: [TmuxSession] = []
        private(set) var writer: pid_t = 0
        private var server: pid_t = 0
        let port: Int
        var url: String { "http://127.0.0.1:\(port)/" }
        var dir: String { site.path + "/www" }
        var writerLog: String { work.file("writer.log") }

        /// `more`: the command lines of further courts.
        init(more: [[String]] = []) throws {
            broker = try MosquittoBroker()
            courts.append(try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "Lin Dan (CHN),\(LivePageTests.hostile)",
                                                      "--hall", broker.url]))
            courts.append(try TmuxSession(arguments: ["badminton", "--court", "2", "--new", "--names", "Lee Chong Wei (MAS),Viktor Axelsen (DEN)",
                                                      "--hall", broker.url]))
            for args in more { courts.append(try TmuxSession(arguments: ["badminton"] + args + ["--hall", broker.url])) }
            for c in courts { #expect(c.wait(timeout: 15) { $0.contains("hall ●") && $0.contains("serves") }.ok, "\(c.screen)") }
            port = try MosquittoBroker.freePort()
            try startWriter()
            server = try Child.start(["python3", "-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", dir],
                                     log: work.file("http.log"))
        }

        deinit {
            for pid in [server, writer] where pid > 0 {
                kill(pid, SIGKILL)
                _ = Child.wait(pid)
            }
        }

        func startWriter() throws {
            writer = try Child.start([TmuxSession.binary, "hall", "live", dir, "--hall", broker.url], log: writerLog)
            let end = Date().addingTimeInterval(10)
            while Date() < end, !FileManager.default.fileExists(atPath: dir + "/hall.json") { usleep(20_000) }
        }

        /// Signals the writer and waits for it: its exit status.
        func stopWriter(_ signal: Int32) -> Int32 {
            kill(writer, signal)
            defer { writer = 0 }
            return Child.wait(writer)
        }
    }

    /// The page in a browser of `width`×`height`, loaded and showing both courts.
    static func page(_ hall: Hall, width: Int, height: Int, mobile: Bool = false, courts: Int = 2) throws -> HeadlessChromium {
        let b = try HeadlessChromium(width: width, height: height)
        try b.viewport(width: width, height: height, mobile: mobile)
        // The web server may take a moment to listen.
        var loaded = false
        for _ in 0..<50 where !loaded {
            try b.open(hall.url)
            loaded = try b.wait(for: "document.querySelectorAll('#courts .court[data-court]').length === \(courts)", timeout: 2) != nil
        }
        #expect(loaded, "\(b.peek("document.body.innerText")) \(b.log)")
        return b
    }

    static func points(_ court: String) -> String {
        "Array.from(document.querySelectorAll('.court[data-court=\"\(court)\"] .points')).map(e => e.textContent).join('-')"
    }

    static func names(_ court: String) -> String {
        "Array.from(document.querySelectorAll('.court[data-court=\"\(court)\"] .side .name')).map(e => e.textContent).join('|')"
    }

    @Test(needs) func twoCourtsTheirPlayersScoresAndARallyWithinTwoSecondsWithoutAReload() throws {
        let hall = try Hall()
        for _ in 0..<3 { hall.courts[0].send("a") }
        hall.courts[1].send("l")
        let b = try Self.page(hall, width: 1280, height: 900)
        // The players and scores of two courts, countries beside the names.
        #expect(try b.wait(for: "\(Self.points("1")) === '3-0' && \(Self.points("2")) === '0-1'") != nil,
                "\(b.peek("document.body.innerText"))")
        #expect(try b.string(Self.names("1")) == "Lin Dan|\(Self.hostile)")
        #expect(try b.string(Self.names("2")) == "Lee Chong Wei|Viktor Axelsen")
        #expect(try b.string("Array.from(document.querySelectorAll('.court[data-court=\"2\"] .country')).map(e => e.textContent).join('|')") == "MAS|DEN")
        #expect(try b.string("document.querySelector('.court[data-court=\"2\"] .serving .name').textContent") == "Viktor Axelsen")
        // The hostile name is text: no element was made of it, no dialog opened.
        #expect(try b.number("document.querySelectorAll('img').length") == 0)
        #expect(try b.string("document.querySelector('.court[data-court=\"1\"]').innerText").contains(Self.hostile))
        #expect(b.dialogs.isEmpty)
        // A rally on court 1: on the page within 2 s, the same page (no reload).
        _ = try b.evaluate("window.sameDocument = 42")
        let before = try b.string(Self.points("1"))
        let sent = Date()
        hall.courts[0].send("a")
        let seen = try b.wait(for: "\(Self.points("1")) === '4-0'", timeout: 5)
        let elapsed = Date().timeIntervalSince(sent)
        #expect(seen != nil && elapsed < 2, "\(before) -> \(b.peek(Self.points("1"))) after \(elapsed) s")
        #expect(try b.number("window.sameDocument") == 42)
        // Told politely to a screen reader.
        #expect(try b.string("document.getElementById('announce').getAttribute('aria-live')") == "polite")
        #expect(try b.string("document.getElementById('announce').textContent").contains("Lin Dan 4"))
        #expect(try b.string("document.documentElement.lang") == "en")
        #expect(try b.number("document.querySelectorAll('.court[data-court=\"1\"] table.score th[scope=row]').length") == 2)
        #expect(try b.string("document.documentElement.dataset.state") == "live")
    }

    /// The directory holds the page and its data only, each file whole, the temporary names
    /// hidden and gone; the page forbids inline script.
    @Test(needs) func theDirectoryHoldsOnlyThePageAndItsData() throws {
        let hall = try Hall()
        hall.courts[0].send("a")
        let b = try Self.page(hall, width: 800, height: 600)
        #expect(try b.wait(for: "\(Self.points("1")) === '1-0'") != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: hall.dir).sorted()
        #expect(files == ["hall.json", "index.html", "live.css", "live.js", "results.json"], "\(files)")
        let html = try String(contentsOfFile: hall.dir + "/index.html", encoding: .utf8)
        #expect(html.contains("http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self';"))
        #expect(!html.contains("<script>") && !html.contains("style=") && !html.contains("http://") && !html.contains("https://"))
        // Every file the page asked for came from DIR (no CDN, no web fonts).
        let asked = try b.string("performance.getEntriesByType('resource').map(e => e.name).join(' ')")
        #expect(asked.split(separator: " ").allSatisfy { $0.hasPrefix(hall.url) }, "\(asked)")
        // Another writer on a directory that holds something else: refused, nothing written.
        let other = TempDir("termini-live-other")
        try "mine".write(toFile: other.file("notes.txt"), atomically: true, encoding: .utf8)
        let r = LimitedRun.run([TmuxSession.binary, "hall", "live", other.path, "--hall", hall.broker.url],
                               environment: ["LANG": "C.UTF-8", "HOME": hall.work.path], directory: hall.work.path)
        #expect(r.status == 1 && r.stderr.contains("holds files that are not the page's ('notes.txt')"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["notes.txt"])
    }

    /// A phone in portrait (360 px: no horizontal scroll) and a 1920×1080 TV (scores in digits
    /// at least 96 px tall), read back from screenshots.
    @Test(needs) func aPhoneAndATV() throws {
        let hall = try Hall(more: [["--court", "3", "--new", "--doubles", "--names", "Ann Able (SUI)/Bea Berg (SWE),Cat Cole/Dan Dorn",
                                    "--match-no", "21", "--event", "WD", "--round", "QF"]])
        for _ in 0..<11 { hall.courts[1].send("l") }
        // Doubles: Enter takes the service as the dialog offers it; then a rally to each side.
        hall.courts[2].send("Enter")
        hall.courts[2].send("a")
        hall.courts[2].send("l")
        let shots = ProcessInfo.processInfo.environment["TERMINI_LIVE_SHOTS"] ?? hall.work.path
        let phone = try Self.page(hall, width: 360, height: 740, mobile: true, courts: 3)
        // In doubles the badge is beside the player who serves.
        #expect(try phone.wait(for: "\(Self.points("3")) === '1-1'") != nil, "\(phone.peek("document.body.innerText"))")
        let dir = hall.courts[2].configDir
        let status = LimitedRun.run([TmuxSession.binary, "badminton", "--status", "--json", "--court", "3", "--config-dir", dir],
                                    environment: ["LANG": "C.UTF-8", "HOME": dir], directory: hall.work.path).stdout
        let server = ((try? JSONSerialization.jsonObject(with: Data(status.utf8))) as? [String: Any])
            .flatMap { $0["server"] as? [String: Any] }?["player"] as? String
        #expect(server == "Dan Dorn", "\(status)")
        #expect(try phone.string("document.querySelector('.court[data-court=\"3\"] .player:has(.serve) .name').textContent") == server)
        #expect(try phone.string("document.querySelector('.court[data-court=\"3\"] .match-head').textContent") == "Match 21 · WD · QF · 3x21")
        #expect(try phone.wait(for: "\(Self.points("2")) === '0-11'") != nil)
        #expect(try phone.number("document.documentElement.scrollWidth") <= phone.number("window.innerWidth"),
                "\(phone.peek("document.documentElement.scrollWidth"))")
        try phone.screenshot(shots + "/live-phone.png", width: 360)
        #expect(try phone.number("document.documentElement.scrollWidth") <= 360)
        let tv = try Self.page(hall, width: 1920, height: 1080, courts: 3)
        #expect(try tv.wait(for: "\(Self.points("2")) === '0-11'") != nil)
        let size = try tv.number("parseFloat(getComputedStyle(document.querySelector('.court[data-court=\"2\"] .points')).fontSize)")
        #expect(size >= 96, "score text \(size) px")
        let name = try tv.number("parseFloat(getComputedStyle(document.querySelector('.court .who')).fontSize)")
        #expect(name >= 32, "names \(name) px")
        #expect(try tv.number("document.documentElement.scrollWidth") <= 1920)
        let shot = shots + "/live-tv.png"
        try tv.screenshot(shot, width: 1920)
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        // A PNG of the TV's width: the screenshot is real (its header, 1920 px wide).
        #expect(png.count > 10_000 && png[16..<20] == Data([0, 0, 0x07, 0x80]))
        // Light, dark and high contrast (the high-contrast theme's white on black), as the
        // device asks for them.
        let colours = "[getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.querySelector('.who')).color, getComputedStyle(document.querySelector('.team1 .points')).color].join(' ')"
        #expect(try tv.string(colours) == "rgb(238, 241, 245) rgb(16, 20, 26) rgb(196, 22, 28)")
        for (features, expected, name) in [([["name": "prefers-color-scheme", "value": "dark"]], "rgb(13, 17, 23) rgb(240, 243, 246) rgb(255, 107, 107)", "dark"),
                                           ([["name": "prefers-contrast", "value": "more"]], "rgb(0, 0, 0) rgb(255, 255, 255) rgb(255, 32, 32)", "contrast")] {
            try tv.call("Emulation.setEmulatedMedia", ["features": features])
            #expect(try tv.string(colours) == expected, "\(name): \(tv.peek(colours))")
            try tv.screenshot(shots + "/live-tv-\(name).png", width: 1920)
        }
    }

    /// When the data stops: the hall's link down, then the writer stopped (status 0, the page
    /// told), then a writer killed: the page still reads, and says how old it is.
    @Test(needs) func whatThePageSaysWhenTheDataStops() throws {
        let hall = try Hall()
        hall.courts[0].send("a")
        let b = try Self.page(hall, width: 800, height: 600)
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'live'") != nil)
        hall.broker.stop()
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'link-down'", timeout: 15) != nil,
                "\(b.peek("document.getElementById('status').textContent"))")
        #expect(try b.string("document.getElementById('status').textContent").hasPrefix("Not live: the link to the hall is down"))
        #expect(try b.string(Self.points("1")) == "1-0")
        try hall.broker.start()
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'live'", timeout: 20) != nil)
        #expect(hall.stopWriter(SIGTERM) == 0)
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'stopped'", timeout: 5) != nil)
        #expect(try b.string("document.getElementById('status').textContent").contains("writer was stopped"))
        #expect(try b.string(Self.points("1")) == "1-0")
        #expect(((try? String(contentsOfFile: hall.writerLog, encoding: .utf8)) ?? "").contains("stopped"))
        // A writer killed says nothing: the page finds it out from the heartbeat it no longer sees.
        try hall.startWriter()
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'live'", timeout: 10) != nil)
        _ = hall.stopWriter(SIGKILL)
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'stale'", timeout: 20) != nil)
        #expect(try b.string("document.getElementById('status').textContent").hasPrefix("Not live: no news for"))
        #expect(try b.string(Self.points("1")) == "1-0")
        try b.screenshot((ProcessInfo.processInfo.environment["TERMINI_LIVE_SHOTS"] ?? hall.work.path) + "/live-stale.png", width: 800)
    }

    /// The desk's next call on a court, a final (no court's number) and the day's results.
    @Test(needs) func theNextCallAFinalAndTheDaysResults() throws {
        let hall = try Hall(more: [["--court", "3", "--new", "--format", "1x11", "--round", "F", "--event", "MS", "--names", "Kim Ko (KOR),Lu Li (CHN)"]])
        let b = try Self.page(hall, width: 1280, height: 900, courts: 3)
        #expect(try b.string("document.querySelector('.court[data-court=\"3\"] h3').textContent") == "Final")
        #expect(try b.string("document.querySelector('.court[data-court=\"1\"] h3').textContent") == "Court 1")
        // 11-0 in one game: the ends change at 6, Kim Ko on the right from then on.
        for _ in 0..<6 { hall.courts[2].send("a") }
        let court3 = hall.courts[2].configDir
        #expect(hall.courts[2].wait { _ in
            LimitedRun.run([TmuxSession.binary, "badminton", "--status", "--court", "3", "--config-dir", court3],
                           environment: ["LANG": "C.UTF-8", "HOME": court3], directory: hall.work.path).stdout.hasPrefix("Kim Ko 6-0")
        }.ok, "\(hall.courts[2].screen)")
        for _ in 0..<5 { hall.courts[2].send("l") }
        #expect(try b.wait(for: "document.querySelector('.court[data-court=\"3\"] .moment').dataset.kind === 'match-won'") != nil,
                "\(b.peek("document.querySelector('.court[data-court=\"3\"]').innerText"))")
        // The day's results: the final, as a table row.
        #expect(try b.wait(for: "document.querySelectorAll('#results-body tr').length === 1") != nil)
        let row = try b.string("document.querySelector('#results-body tr').innerText")
        #expect(row.contains("Kim Ko (KOR) v Lu Li (CHN)") && row.contains("11–0") && row.contains("MS · F"), "\(row)")
        #expect(try b.string("document.querySelector('#results-body strong').textContent") == "Kim Ko (KOR)")
        // The desk calls the next match to court 2 (retained, as the desk sends it).
        let t = Int(Date().timeIntervalSince1970)
        let call = "{\"v\":1,\"id\":\"14@\(t)\",\"match\":\"14\",\"event\":\"WD\",\"round\":\"SF\",\"court\":\"2\","
            + "\"team1\":[{\"name\":\"Eva Erl\",\"country\":\"GER\"},{\"name\":\"Fay Fox\"}],"
            + "\"team2\":[{\"name\":\"Gia Gul\",\"country\":\"DEN\"},{\"name\":\"\(Self.hostile)\"}],\"calledAt\":\(t)}"
        #expect(try Child.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(hall.broker.port)", "-r", "-q", "1",
                               "-t", "termini/hall/desk/call/2", "-m", call]) == 0)
        #expect(try b.wait(for: "document.querySelector('.court[data-court=\"2\"] .next')") != nil)
        let next = try b.string("document.querySelector('.court[data-court=\"2\"] .next').textContent")
        #expect(next == "Next: Match 14 · WD SF · Eva Erl (GER) / Fay Fox v Gia Gul (DEN) / \(Self.hostile)", "\(next)")
        #expect(try b.number("document.querySelectorAll('img, b').length") == 0)
    }

    /// A hall from `termini hall init` (TLS): the writer with the display's read-only credentials has
    /// every court, its results and the desk's calls; bad command lines are usage errors (64);
    /// Ctrl-C (SIGINT) stops it cleanly (0), the page told.
    @Test(.enabled(if: HeadlessChromium.path != nil && MosquittoBroker.available && Child.installed("mosquitto_passwd")
                   && Tools.installed("tmux") && Tools.installed("python3"),
                   "needs chromium, mosquitto (mosquitto_passwd), tmux and python3"))
    func theDisplaysCredentialsAreEnough() throws {
        let work = TempDir("termini-live-init")
        let env = ["LANG": "C.UTF-8", "HOME": work.path]
        func termini(_ args: [String]) -> LimitedRun { LimitedRun.run([TmuxSession.binary] + args, environment: env, directory: work.path) }
        let port = try MosquittoBroker.freePort()
        let hallDir = work.path + "/hall", site = work.path + "/www"
        #expect(termini(["hall", "init", hallDir, "--courts", "2", "--host", "127.0.0.1", "--port", "\(port)"]).status == 0)
        let broker = try Child.start(["mosquitto", "-c", hallDir + "/mosquitto.conf"], log: work.file("broker.log"))
        defer {
            kill(broker, SIGTERM)
            _ = Child.wait(broker)
        }
        let url = "mqtts://127.0.0.1:\(port)/hall", ca = hallDir + "/hall-ca.crt"
        let court = try TmuxSession(arguments: ["badminton", "--court", "1", "--new", "--names", "Ann,Bob", "--hall", url,
                                                "--hall-credentials", hallDir + "/credentials/court-1.credentials", "--hall-ca", ca])
        #expect(court.wait(timeout: 15) { $0.contains("hall ●") && $0.contains("serves") }.ok, "\(court.screen)")
        court.send("a")
        // Bad command lines: a usage error each, nothing written.
        for bad in [["hall", "live", site], ["hall", "live", site, "--hall", "http://x"], ["hall", "live", site, "--hall", url, "--courts", "2"],
                    ["hall", "live", site, "--hall", "mqtt://127.0.0.1:\(port)/hall", "--hall-ca", ca]] {
            let r = termini(bad)
            #expect(r.status == 64 && r.stderr.contains("usage: termini"), "\(bad): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: site))
        let writer = try Child.start([TmuxSession.binary, "hall", "live", site, "--hall", url,
                                      "--hall-credentials", hallDir + "/credentials/display.credentials", "--hall-ca", ca],
                                     log: work.file("writer.log"))
        defer { if kill(writer, 0) == 0 { kill(writer, SIGKILL); _ = Child.wait(writer) } }
        let http = try MosquittoBroker.freePort()
        let server = try Child.start(["python3", "-m", "http.server", "\(http)", "--bind", "127.0.0.1", "--directory", site],
                                     log: work.file("http.log"))
        defer {
            kill(server, SIGKILL)
            _ = Child.wait(server)
        }
        // The desk's call to court 2, sent with the desk's credentials as the desk sends it.
        let desk = try String(contentsOfFile: hallDir + "/credentials/desk.credentials", encoding: .utf8)
        let password = desk.split(separator: "\n").first { $0.hasPrefix("password = ") }.map { String($0.dropFirst(11)) } ?? ""
        let t = Int(Date().timeIntervalSince1970)
        let call = "{\"v\":1,\"id\":\"3@\(t)\",\"match\":\"3\",\"event\":\"MS\",\"round\":\"R1\",\"court\":\"2\","
            + "\"team1\":[{\"name\":\"Cy\"}],\"team2\":[{\"name\":\"Di\"}],\"calledAt\":\(t)}"
        #expect(try Child.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(port)", "--cafile", ca, "-u", "desk", "-P", password, "-r", "-q", "1",
                               "-t", "termini/hall/desk/call/2", "-m", call]) == 0)
        let b = try HeadlessChromium(width: 800, height: 600)
        var shown = false
        for _ in 0..<50 where !shown {
            try b.open("http://127.0.0.1:\(http)/")
            shown = try b.wait(for: "\(Self.points("1")) === '1-0'", timeout: 2) != nil
        }
        #expect(shown, "\(b.peek("document.body.innerText")) \((try? String(contentsOfFile: work.file("writer.log"), encoding: .utf8)) ?? "")")
        #expect(try b.wait(for: "document.querySelector('.court[data-court=\"2\"] .next')") != nil, "\(b.peek("document.body.innerText"))")
        #expect(try b.string("document.querySelector('.court[data-court=\"2\"] .next').textContent") == "Next: Match 3 · MS R1 · Cy v Di")
        #expect(try b.string("document.documentElement.dataset.state") == "live")
        // The wrong CA: the writer says why it has no link, and its page says the link is down.
        let other = work.path + "/other", otherSite = work.path + "/www2"
        #expect(termini(["hall", "init", other, "--courts", "1", "--host", "127.0.0.1"]).status == 0)
        let wrong = try Child.start([TmuxSession.binary, "hall", "live", otherSite, "--hall", url,
                                     "--hall-credentials", hallDir + "/credentials/display.credentials", "--hall-ca", other + "/hall-ca.crt"],
                                    log: work.file("wrong.log"))
        let end = Date().addingTimeInterval(15)
        func wrongLog() -> String { (try? String(contentsOfFile: work.file("wrong.log"), encoding: .utf8)) ?? "" }
        while Date() < end, !wrongLog().contains("no link to the hall (") { usleep(50_000) }
        #expect(wrongLog().contains("no link to the hall (") && wrongLog().contains("CA"), "\(wrongLog())")
        // hall.json says it too (its link down, and why), within a heartbeat.
        func link() -> [String: Any]? {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: otherSite + "/hall.json"))) ?? Data()
            return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]).flatMap { $0["link"] as? [String: Any] }
        }
        while Date() < end, (link()?["problem"] as? String) == nil { usleep(50_000) }
        #expect(link()?["up"] as? Bool == false && (link()?["problem"] as? String)?.contains("CA") == true, "\(String(describing: link()))")
        kill(wrong, SIGTERM)
        #expect(Child.wait(wrong) == 0)
        // Ctrl-C: a clean stop, status 0, and the page says the writer stopped.
        kill(writer, SIGINT)
        #expect(Child.wait(writer) == 0)
        #expect(try b.wait(for: "document.documentElement.dataset.state === 'stopped'", timeout: 5) != nil)
        let log = (try? String(contentsOfFile: work.file("writer.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("linked to the hall") && log.hasSuffix("termini: hall live: stopped\n"), "\(log)")
    }
}
