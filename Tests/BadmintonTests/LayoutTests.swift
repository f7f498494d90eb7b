@testable import Badminton
import BadmintonRules
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import Testing

/// Long names, narrow halves and messages at 80×24 (content 78×21): nothing that matters is cut.
@Suite struct LayoutTests {
    static let longPairs = ["--new": "", "--doubles": "", "--names": "Chen Qingchen/Jia Yifan,Lee Chong Wei 1/Lee Chong Wei 2"]

    /// The service lines of both halves (rows 2 and 3 at 80×24 in doubles).
    static func serviceRows(_ c: Canvas) -> [String] { [c.lines[2], c.lines[3]] }

    @Test func longDoublesNamesKeepTheCourtInWords() {
        var h = Harness(options: LayoutTests.longPairs)
        h.press(.enter)
        for (i, team) in [0, 0, 1, 1, 0, 1, 1, 0, 0].enumerated() {
            h.point(team)
            for (w, ht) in [(78, 21), (40, 12)] {
                let c = h.board(width: w, height: ht)
                let rows = LayoutTests.serviceRows(c).joined(separator: "\n")
                let court = h.state?.serviceCourt.rawValue ?? "?"
                #expect(rows.contains(court.uppercased() + " court") && rows.contains(court + " court"), "rally \(i) at \(w)x\(ht):\n\(c.text)")
                #expect(rows.contains("serves") && rows.contains("receives"), "rally \(i) at \(w)x\(ht):\n\(c.text)")
            }
        }
        let c = h.board()
        #expect(c.text.contains("from the") && c.text.contains("in the"), "\(c.text)")
    }

    @Test func singlesLinesAreTheSameWhateverTheNameLength() {
        for names in ["Bob,Ann", "Chen Qingchen Long Name Here,Lee Chong Wei The Second"] {
            var h = Harness(options: ["--new": "", "--names": names])
            h.point(0)
            let row = h.board().lines[2]
            #expect(row.contains("🏸 serves from the LEFT court") && row.contains("receives in the left court"), "\(names): \(row)")
            let narrow = h.board(width: 38, height: 11).lines[2]
            #expect(narrow.contains("LEFT court") && narrow.contains("left court"), "\(names): \(narrow)")
        }
    }

    @Test func pairsTakePluralVerbs() {
        var d = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        d.press(.char("x"))
        guard let menu = d.endMenu else {
            Issue.record("no menu")
            return
        }
        // In doubles the player who retires is named (issue 23, item 14), numbered by where he stands.
        #expect(menu.items.map(\.text) == [
            "Ann retires (Cat/Dan win)", "Bob retires (Cat/Dan win)", "Cat retires (Ann/Bob win)", "Dan retires (Ann/Bob win)",
            "Walkover: Ann/Bob did not play (Cat/Dan win)", "Walkover: Cat/Dan did not play (Ann/Bob win)",
        ])
        d.press(.char("1"), .enter)
        #expect(d.board().lines[20].contains("Cat/Dan win: Ann retired"), "\(d.board().lines[20])")
        var s = Harness(options: ["--new": ""])
        s.press(.char("x"))
        if let m = s.endMenu { #expect(m.items[0].text == "Red retires (Blue wins)") }
        s.press(.escape)
        s.point(0, times: 21)
        s.press(.enter)
        s.point(0, times: 21)
        #expect(s.board().lines[20].contains("Red wins the match 2-0"))
    }

    @Test func finishedGamesAreLabelled() {
        var h = Harness(options: ["--new": "", "--format": "5x11"])
        #expect(h.board().lines[1].contains("Games won: 0"))
        for (a, b) in [(11, 5), (7, 11)] {
            h.point(1, times: b - (b == 11 ? 1 : 0))
            h.point(0, times: a)
            if b == 11 { h.point(1) }
            h.press(.enter)
        }
        let s = h.state ?? MatchState(MatchSetup(), at: 0)
        #expect(s.games == [[11, 5], [7, 11]])
        let g = Glyphs.unicode, a = Glyphs.ascii
        #expect(BadmintonApp.gamesLine(team: 0, state: s, width: 60, glyphs: g) == "Games won: 1 · game 1: 11-5 · game 2: 7-11")
        #expect(BadmintonApp.gamesLine(team: 1, state: s, width: 38, glyphs: g) == "Games won: 1 · G1 5-11 · G2 11-7")
        #expect(BadmintonApp.gamesLine(team: 0, state: s, width: 60, glyphs: a) == "Games won: 1  game 1: 11-5  game 2: 7-11")
        #expect(BadmintonApp.gamesLine(team: 0, state: s, width: 26, glyphs: g) == "Won 1 · G1 11-5 G2 7-11")
        #expect(BadmintonApp.gamesLine(team: 0, state: s, width: 14, glyphs: g) == "Games won: 1")
        #expect(BadmintonApp.gamesLine(team: 0, state: s, width: 8, glyphs: g) == "Won 1")
        let ascii = h.board(theme: Theme.builtinDefault.withGlyphs(.ascii)).lines[1]
        #expect(ascii.contains("Games won: 1  G1 11-5  G2 7-11") || ascii.contains("Games won: 1  game 1: 11-5"), "\(ascii)")
    }

    /// The bottom line at 80×24: the result stays whole, the message shortens first, and a
    /// cell of margin stays on each side.
    @Test func promptKeepsTheResultAndAMargin() {
        var h = Harness(options: LayoutTests.longPairs)
        h.press(.enter)
        h.point(1, times: 15)
        h.point(0, times: 21)
        h.press(.char("u"), .char("y"))
        let line = h.board().lines[20]
        #expect(line.contains("Game 1 to Chen Qingchen/Jia Yifan 21-15 · Enter: next game"), "\(line)")
        #expect(line.hasPrefix(" ") && !line.contains("…"), "\(line)")
        #expect(line.contains("Redone."), "\(line)")
        // Short names leave room for the whole message.
        var s = Harness(options: ["--new": "", "--names": "Lin Dan,Lee Chong Wei"])
        s.point(0, times: 21)
        s.press(.char("u"), .char("y"))
        #expect(s.board().lines[20].contains("Redone: point to Lin Dan. · Game 1 to Lin Dan 21-0 · Enter: next game"), "\(s.board().lines[20])")
        // Undoing the choice of server in game 2.
        h.press(.enter, .enter, .char("u"))
        let undone = h.board().lines[20]
        #expect(undone.contains("Undone: choice of server. · Game 2: choose server and receiver"), "\(undone)")
        #expect(!undone.contains("…"))
    }

    @Test func theIntervalBoxFitsLongNames() {
        var h = Harness(options: LayoutTests.longPairs)
        // The deciding game at 11: its interval with the change of ends.
        h.press(.enter)
        h.point(0, times: 21)
        h.press(.enter, .enter)
        h.point(1, times: 21)
        h.press(.enter, .enter)
        h.point(0, times: 11)
        let text = h.board().text
        #expect(text.contains("Ends changed: Lee Chong Wei 1/Lee Chong Wei 2 now on the left"), "\(text)")
        #expect(text.contains("Lee Chong Wei 1/Lee Chong Wei 2 ") && text.contains(" - 11 Chen Qingchen/Jia Yifan"), "\(text)")
        // At the minimum size the names are cut, never the words around them.
        let small = h.board(width: 40, height: 12).text
        #expect(small.contains("Ends changed: Lee C") && small.contains(" on the left"), "\(small)")
    }

    /// Doubles: the 120 s between games runs on while the next game's server is chosen.
    @Test func theServiceChoiceShowsTheIntervalCountdown() {
        var h = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        h.press(.enter)
        h.point(0, times: 21)
        h.press(.enter)
        #expect(h.state?.phase == .choosingService)
        #expect(h.board().text.contains("Interval between games · 1:59 left"), "\(h.board().text)")
        h.now += 100
        #expect(h.board().text.contains("20 SECONDS · 0:19 left"), "\(h.board().text)")
        let tall = h.board(width: 198, height: 57)
        #expect(tall.text.contains("0:19 left") && tall.lines.filter { $0.contains("██") }.count >= 5, "big digits on a tall screen")
        h.now += 30
        #expect(h.board().text.contains("Interval between games over · +0:11") && !h.board().text.contains(" left\n"), "over: it counts the overrun: \(h.board().text)")
    }

    /// With long pairs the x menu leaves the winners out rather than cut a line mid-name.
    @Test func theEndMenuFitsLongNames() {
        var h = Harness(options: LayoutTests.longPairs)
        h.press(.char("x"))
        let text = h.board().text
        #expect(text.contains("6  Walkover: Lee Chong Wei 1/Lee Chong Wei 2 did not play"), "\(text)")
        #expect(text.contains("1  Chen Qingchen retires") && text.contains("4  Lee Chong Wei 2 retires") && !text.contains("…"), "\(text)")
        var short = Harness(options: ["--new": "", "--doubles": "", "--names": "Ann/Bob,Cat/Dan"])
        short.press(.char("x"))
        #expect(short.board().text.contains("Walkover: Cat/Dan did not play (Ann/Bob win)"))
    }

    @Test func readOnlyKeysSayWhyInOneLine() {
        var keeper = Harness(options: ["--new": "", "--names": "Ann,Bob"])
        keeper.point(0, times: 21)
        keeper.press(.enter)
        keeper.point(0, times: 21)
        let store = InMemoryStore(files: keeper.store.files)
        store.foreignLocks = ["badminton"]
        var watcher = Harness(store: store)
        watcher.press(.left)
        let line = watcher.board().lines[20]
        #expect(line.contains("Read-only: another termini keeps this match. · Ann wins the match 2-0"), "\(line)")
        #expect(!line.contains("n: new match"), "a watcher cannot start one")
    }
}

/// The umpire's test: at 80×24 in game 5 of 5x11 the left half read `Won 2 · G1 11-1 …` and the
/// right half, a column narrower, only `Games won: 2`; both say it alike.
@Suite struct GamesLineTests {
    @Test func bothHalvesWordTheGamesAlike() {
        var h = Harness(options: ["--new": "", "--format": "5x11"])
        for winner in [0, 1, 0, 1] {
            h.point(winner, times: 11)
            h.press(.enter)
            if h.state?.phase == .choosingService { h.press(.enter) }
        }
        #expect(h.state?.gameNumber == 5, "\(String(describing: h.state))")
        let rows = h.board().lines.filter { $0.contains("Won 2") || $0.contains("Games won: 2") }
        let forms = rows.map { row in ["Won 2 · G1", "Games won: 2 · G1", "Games won: 2"].map { row.components(separatedBy: $0).count - 1 } }
        #expect(rows.count == 1 && forms.first.map { f in f.contains(2) } == true, "\(rows)")
    }
}
