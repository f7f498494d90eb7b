#if canImport(Glibc)
import Glibc
#endif
@testable import Badminton
import BadmintonRules
@testable import Boxing
@testable import Coffee
import Foundation
import TerminiTestSupport
@testable import Stamps
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// Kill at random: keys go in, termini is killed with SIGKILL at a random moment, and the
/// next start must show everything that was on screen before the kill.
///
/// Each trial restarts termini on the same config directory, reads what it saved into an
/// in-process copy of the app (the same code, fed the same files), and checks that the screen
/// and the app's own report (`--status`, `--receipt`, the state file) show exactly that. It then
/// works out a burst of keys with that copy, so it knows the state after every prefix of the
/// burst; sends the burst; waits a random 0–30 ms; captures the screen; and kills termini. The
/// screen before the kill must show the state of some prefix k of the burst, and the next start
/// the state of a prefix j ≥ k: nothing that was shown is ever lost.
protocol KillScenario {
    associatedtype Sim
    associatedtype State: Equatable
    var name: String { get }
    var firstArguments: [String] { get }
    var arguments: [String] { get }
    /// Keys sent right after each start (before termini draws), e.g. to skip a splash.
    var startKeys: [String] { get }
    func isReady(_ screen: String) -> Bool
    /// The app as it starts from the files in `dir`.
    func sim(_ dir: String, now: Double) -> Sim
    func state(_ sim: Sim) -> State
    /// The next key of a burst (tmux name and key), or nil to end the burst.
    func nextKey(_ sim: Sim, _ rng: inout FuzzRandom) -> (String, Key)?
    func press(_ key: Key, _ sim: inout Sim, now: Double)
    func screenShows(_ screen: String, _ state: State) -> Bool
    /// The part of a state that is saved (an open dialog is not: a restart closes it).
    func saved(_ state: State) -> State
    /// What the app reports without a terminal (or its state file holds), as a state.
    func reported(_ dir: String) -> State?
}

struct KillFigures {
    var trials = 0
    var keys = 0
    /// Trials in which the kill came before all the keys were shown.
    var killedMidBurst = 0
    /// Trials in which keys were processed (saved) after the screen was captured.
    var savedAfterCapture = 0
    /// Captures that caught a frame half drawn and were taken again before the kill.
    var tornCaptures = 0
    var seconds = 0.0
}

func wallNow() -> Double { Date().timeIntervalSince1970 }

/// The files of a config directory as a memory store, with the preferences of its `config`.
func storeFrom(_ dir: String, files: [String]) -> InMemoryStore {
    let store = InMemoryStore()
    for f in files {
        if let d = FileManager.default.contents(atPath: dir + "/" + f) { store.files[f] = [UInt8](d) }
    }
    if let d = FileManager.default.contents(atPath: dir + "/config") {
        for line in String(decoding: d, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, !parts[0].hasPrefix("#") { store.preferences[parts[0]] = parts[1] }
        }
    }
    return store
}

func runKillTrials<S: KillScenario>(_ s: S, trials: Int) -> KillFigures? {
    var rng = Fuzz.random("FaultKillTests-\(s.name)")
    let dir = TempDir("termini-kill-\(s.name)")
    var figures = KillFigures()
    let start = Fuzz.clock()
    func fail(_ trial: Int, _ what: String) -> KillFigures? {
        Issue.record("\(s.name), trial \(trial) (seed \(Fuzz.baseSeed)): \(what)")
        return nil
    }
    var pending: (states: [S.State], k: Int, shown: String)?
    var t: TmuxSession
    do { t = try TmuxSession(arguments: s.firstArguments, configDir: dir.path) } catch { return fail(0, "tmux: \(error)") }
    t.sendKeys(s.startKeys)
    for trial in 0...trials {
        guard t.wait(timeout: 20, until: s.isReady).ok else { return fail(trial, "termini did not start:\n\(t.screen)") }
        let sim = s.sim(dir.path, now: wallNow())
        let restored = s.state(sim)
        let (ok, screen) = t.wait(timeout: 10) { s.screenShows($0, restored) }
        guard ok else { return fail(trial, "after the restart the screen does not show what was saved (\(restored)):\n\(screen)") }
        let reported = s.reported(dir.path)
        guard reported == restored else { return fail(trial, "the app reports \(String(describing: reported)), its files hold \(restored)") }
        if let p = pending {
            let j = p.states.indices.filter { s.saved(p.states[$0]) == restored }
            guard let last = j.max() else {
                return fail(trial, "the restart shows \(restored), a state none of the keys made: \(p.states)")
            }
            guard last >= p.k else {
                return fail(trial, "the screen before the kill showed key \(p.k) of the burst (\(p.states[p.k])), "
                    + "the restart shows only key \(last) (\(restored)); the screen before:\n\(p.shown)")
            }
            if last > p.k { figures.savedAfterCapture += 1 }
            if last < p.states.count - 1 { figures.killedMidBurst += 1 }
        }
        if trial == trials { break }
        // The burst, worked out on the copy.
        var copy = sim
        var states = [s.state(copy)]
        var names: [String] = []
        let length = rng.int(1...8)
        while names.count < length, let (name, key) = s.nextKey(copy, &rng) {
            s.press(key, &copy, now: wallNow())
            names.append(name)
            states.append(s.state(copy))
        }
        // The first part of the burst, a random pause, the capture; then the rest of the burst
        // goes in and the kill follows at once or a few milliseconds later, so it lands while
        // keys are being handled, saved and drawn.
        let split = rng.int(1...names.count)
        t.sendKeys(Array(names[..<split]))
        let delay = rng.chance(0.3) ? 0 : rng.int(0...25_000)
        if delay > 0 { usleep(UInt32(delay)) }
        // tmux may show a frame half drawn (it reads the terminal's output in pieces): such a
        // capture is taken again, still before the kill.
        var before = t.screen
        var k = states.indices.filter { s.screenShows(before, states[$0]) }
        var torn: [String] = []
        while k.isEmpty && torn.count < 5 {
            torn.append(before)
            before = t.screen
            k = states.indices.filter { s.screenShows(before, states[$0]) }
        }
        t.sendKeys(Array(names[split...]))
        if rng.chance(0.5) { usleep(UInt32(rng.int(0...4_000))) }
        t.signal(SIGKILL)
        guard t.exitStatus(timeout: 10) == 137 else { return fail(trial, "termini did not die of SIGKILL") }
        guard let firstK = k.min() else {
            return fail(trial, "the screen before the kill shows none of the states of the keys \(names) (\(states)):\n\(before)")
        }
        if !torn.isEmpty { figures.tornCaptures += 1 }
        pending = (states, firstK, before)
        figures.trials += 1
        figures.keys += names.count
        do { t = try TmuxSession(arguments: s.arguments, configDir: dir.path) } catch { return fail(trial, "tmux: \(error)") }
        t.sendKeys(s.startKeys)
    }
    t.send("q")
    guard t.exitStatus(timeout: 10) == 0 else { return fail(trials, "q did not quit after the last restart") }
    figures.seconds = Fuzz.clock() - start
    Fuzz.report("kill \(s.name): \(figures.trials) SIGKILLs after \(figures.keys) keys, every restart showed all that was on screen; "
        + "\(figures.killedMidBurst) killed before the last key was saved, \(figures.savedAfterCapture) saved more after the capture, "
        + "\(figures.tornCaptures) captures of a half-drawn frame taken again; "
        + "\(String(format: "%.1f", figures.seconds)) s")
    return figures
}

// MARK: Badminton

struct BadmintonKill: KillScenario {
    /// What the board shows, left half first.
    struct Board: Equatable, CustomStringConvertible {
        var overlay: Bool
        var names: [String]
        var scores: [Int]
        var won: [Int]
        /// Finished games as the left half lists them ("21-15").
        var finished: [String]
        /// Says what was read even of a board read only in part (a half-drawn frame), so a
        /// failure's message never stops the test itself.
        var description: String {
            let dialog = overlay ? " +dialog" : ""
            guard names.count == 2, scores.count == 2 else { return "names \(names) scores \(scores) games \(won) \(finished)\(dialog)" }
            return "\(names[0]) \(scores[0])-\(scores[1]) \(names[1]) games \(won) \(finished)\(dialog)"
        }
    }

    let name = "badminton"
    let firstArguments = ["badminton", "--new", "--names", "Ann,Bo"]
    let arguments = ["badminton"]
    let startKeys: [String] = []
    func isReady(_ screen: String) -> Bool { screen.contains("─ Badminton") && screen.contains("q Quit") }

    func sim(_ dir: String, now: Double) -> BadmintonApp {
        let store = storeFrom(dir, files: [BadmintonApp.journalFile, BadmintonApp.historyFile])
        return BadmintonApp(options: AppOptions(), store: store, context: AppContext(now: now))
    }

    func state(_ app: BadmintonApp) -> Board {
        guard let s = app.log?.state else { return Board(overlay: true, names: [], scores: [], won: [], finished: []) }
        let l = s.left, r = 1 - s.left
        return Board(overlay: !app.modals.isEmpty, names: [s.teams[l].name, s.teams[r].name], scores: [s.score[l], s.score[r]],
                     won: [s.gamesWon[l], s.gamesWon[r]], finished: s.games.map { "\($0[l])-\($0[r])" })
    }

    func nextKey(_ app: BadmintonApp, _ rng: inout FuzzRandom) -> (String, Key)? {
        if !app.modals.isEmpty { return ("Enter", .enter) }
        guard let s = app.log?.state else { return nil }
        switch s.phase {
        case .gameOver: return ("Enter", .enter)
        case .matchOver: return ("n", .char("n"))
        case .choosingService: return ("Enter", .enter)
        case .playing:
            if rng.chance(0.06), app.log?.canUndo == true { return ("u", .char("u")) }
            if rng.chance(0.04), app.log?.canRedo == true { return ("y", .char("y")) }
            return rng.pick([("a", Key.char("a")), ("l", .char("l")), ("Left", .left), ("Right", .right), ("z", .char("z")),
                             ("m", .char("m")), ("PgUp", .pageUp), ("PgDn", .pageDown)])
        }
    }

    func press(_ key: Key, _ app: inout BadmintonApp, now: Double) { _ = app.handle(key, context: AppContext(now: now)) }

    func screenShows(_ screen: String, _ b: Board) -> Bool {
        guard b.names.count == 2 else { return false }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 22 else { return false }
        if b.overlay != screen.contains("─ New match") { return false }
        // Names, and the games line of each half.
        let nameRow = lines[1].split(separator: "│", omittingEmptySubsequences: false)
        let gamesRow = lines[2].split(separator: "│", omittingEmptySubsequences: false)
        guard nameRow.count == 4 else { return false }
        func clean(_ s: Substring) -> String { s.replacingOccurrences(of: "🏸", with: "").trimmingCharacters(in: .whitespaces) }
        guard clean(nameRow[1]) == b.names[0], clean(nameRow[2]) == b.names[1] else { return false }
        // The new-match dialog (its details for the scoresheet included) covers the games line at 80×24.
        if b.overlay { return true }
        guard gamesRow.count == 4 else { return false }
        // Games won and the finished games, in one of the forms the games line takes by width.
        func gamesForms(_ side: Int) -> [String] {
            let won = b.won[side]
            let scores = b.finished.map { side == 0 ? $0 : $0.split(separator: "-").reversed().joined(separator: "-") }
            if scores.isEmpty { return ["Games won: \(won)"] }
            let long = scores.enumerated().map { "game \($0.offset + 1): \($0.element)" }
            let short = scores.enumerated().map { "G\($0.offset + 1) \($0.element)" }
            return [(["Games won: \(won)"] + long).joined(separator: " · "), (["Games won: \(won)"] + short).joined(separator: " · "),
                    "Won \(won) · " + short.joined(separator: " "), "Games won: \(won)", "Won \(won)"]
        }
        guard gamesForms(0).contains(clean(gamesRow[1])), gamesForms(1).contains(clean(gamesRow[2])) else { return false }
        // The score: in the interval box when one is shown, else in big digits.
        if let i = lines.firstIndex(where: { $0.contains("Mid-game interval") || $0.contains("Interval between games") }), i + 1 < lines.count {
            let inner = lines[i + 1].split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains(" - ") }
            return inner.first == "\(b.names[0]) \(b.scores[0]) - \(b.scores[1]) \(b.names[1])"
        }
        let cells = ScreenDigits.cells(screen)
        // The divider, on the games line (big letters may cross it lower down).
        guard let divider = cells[2].indices.dropFirst().first(where: { cells[2][$0] == "│" }) else { return false }
        // Below the band of big letters (SERVES, GAME POINT): the window's top row, then the
        // halves' rows above the digits (78×21 inside, less the call and prompt lines).
        let top = 1 + BadmintonApp.headerRows(21 - 2, halfWidth: 38)
        return ScreenDigits.shows(b.scores[0], in: cells, rows: top..<21, columns: 1..<divider)
            && ScreenDigits.shows(b.scores[1], in: cells, rows: top..<21, columns: (divider + 1)..<79)
    }

    func saved(_ b: Board) -> Board {
        var b = b
        b.overlay = false
        return b
    }

    func reported(_ dir: String) -> Board? {
        guard let r = try? Subprocess.run([TmuxSession.binary, "badminton", "--status", "--json", "--config-dir", dir]), r.status == 0,
              let json = try? JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any],
              let teams = json["teams"] as? [[String: Any]], teams.count == 2, let left = json["left"] as? Int,
              let games = json["games"] as? [[Int]] else { return nil }
        let order = [left, 1 - left]
        return Board(overlay: false, names: order.map { teams[$0]["name"] as? String ?? "?" }, scores: order.map { teams[$0]["score"] as? Int ?? -1 },
                     won: order.map { teams[$0]["games"] as? Int ?? -1 }, finished: games.map { "\($0[left])-\($0[1 - left])" })
    }
}

// MARK: Stamps

struct StampsKill: KillScenario {
    struct Card: Equatable { var count: Int, completed: Int }
    let name = "stamps"
    let firstArguments = ["stamps"]
    let arguments = ["stamps"]
    let startKeys: [String] = []
    func isReady(_ screen: String) -> Bool { screen.contains("cards completed") }

    func sim(_ dir: String, now: Double) -> StampsApp {
        StampsApp(options: AppOptions(), store: storeFrom(dir, files: [StampsApp.file]), context: AppContext(now: now))
    }
    func state(_ app: StampsApp) -> Card { Card(count: app.card.count, completed: app.card.completedCards) }
    func nextKey(_ app: StampsApp, _ rng: inout FuzzRandom) -> (String, Key)? {
        if app.modals.top(DialogModal<StampsApp.Action>.self)?.dialog.title == "Reset the card" { return ("y", .char("y")) }
        if !app.modals.isEmpty { return nil }
        // Once full, the card's dialog opens after the animation: the burst ends there, and
        // the next one starts with a reset.
        if app.card.isFull { return app.animation == nil ? ("r", .char("r")) : nil }
        return ("Space", .char(" "))
    }
    func press(_ key: Key, _ app: inout StampsApp, now: Double) { _ = app.handle(key, context: AppContext(now: now)) }

    func screenShows(_ screen: String, _ c: Card) -> Bool {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("cards completed:") }) else { return false }
        let count = c.count == StampCard.slots ? "Card full: all 10 stamps" : "\(c.count) of 10 stamped"
        return line.contains(count) && line.contains("cards completed: \(c.completed)")
    }
    func saved(_ c: Card) -> Card { c }
    func reported(_ dir: String) -> Card? {
        guard let r = try? Subprocess.run([TmuxSession.binary, "stamps", "--status", "--config-dir", dir]), r.status == 0 else { return nil }
        let lines = r.output.split(separator: "\n")
        guard let s = lines.first(where: { $0.hasPrefix("stamps: ") }), let c = lines.first(where: { $0.hasPrefix("cards completed: ") }),
              let n = Int(s.dropFirst(8).split(separator: "/")[0]), let done = Int(c.dropFirst(17)) else { return nil }
        return Card(count: n, completed: done)
    }
}

// MARK: Boxing

struct BoxingKill: KillScenario {
    struct Counts: Equatable { var selected: Target, count: Int, other: Int, dialog = false }
    let name = "boxing"
    let firstArguments = ["boxing"]
    let arguments = ["boxing"]
    /// Any key ends the ring-bell launch screen and does nothing else.
    let startKeys = ["x"]
    func isReady(_ screen: String) -> Bool { screen.contains("Punches") }

    func sim(_ dir: String, now: Double) -> BoxingApp {
        var app = BoxingApp(options: AppOptions(), store: storeFrom(dir, files: [BoxingApp.file]), context: AppContext(now: now))
        _ = app.handle(.char("x"), context: AppContext(now: now))
        return app
    }
    func state(_ app: BoxingApp) -> Counts {
        Counts(selected: app.game.selected, count: app.game.punches, other: app.game.punches(app.game.selected.other), dialog: !app.modals.isEmpty)
    }
    func saved(_ c: Counts) -> Counts {
        var c = c
        c.dialog = false
        return c
    }
    func nextKey(_ app: BoxingApp, _ rng: inout FuzzRandom) -> (String, Key)? {
        if !app.modals.isEmpty { return ("y", .char("y")) }
        switch rng.int(0...99) {
        case 0..<8: return rng.pick([("Left", Key.left), ("Right", .right)])
        case 8..<11 where app.game.punches > 0: return ("r", .char("r"))
        default: return rng.pick([("Space", Key.char(" ")), ("Enter", .enter)])
        }
    }
    func press(_ key: Key, _ app: inout BoxingApp, now: Double) { _ = app.handle(key, context: AppContext(now: now)) }

    func screenShows(_ screen: String, _ c: Counts) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 2, let label = lines.firstIndex(where: { $0.contains("Punches") }) else { return false }
        // The selector: "● Sandbag │ ○ Trash can".
        let mark = c.selected == .sandbag ? "● Sandbag" : "● Trash can"
        guard lines[1].contains(mark) else { return false }
        guard lines.contains(where: { $0.contains("\(c.selected.other.name): \(c.other) ") || $0.hasSuffix("\(c.selected.other.name): \(c.other) │") }) else {
            return false
        }
        // The Play-again dialog hides the digits but says the count.
        if c.dialog != screen.contains("─ Play again") { return false }
        if c.dialog { return screen.contains("Reset the \(c.selected.name.lowercased())'s \(c.count) punch") }
        let end = lines.indices.first { $0 > label + 2 && (lines[$0].contains("punches/s") || lines[$0].contains("hit it!") || lines[$0].contains("best ")) } ?? label + 10
        let cells = ScreenDigits.cells(screen)
        let center = cells[label].firstIndex(of: "P").map { $0 + 3 } ?? 39
        return ScreenDigits.shows(c.count, in: cells, rows: (label + 1)..<end, columns: (center - 18)..<(center + 17))
    }
    func reported(_ dir: String) -> Counts? {
        guard let d = FileManager.default.contents(atPath: dir + "/" + BoxingApp.file) else {
            return Counts(selected: .sandbag, count: 0, other: 0)
        }
        guard let game = try? StateCodec.decode(BoxingGame.self, from: [UInt8](d), version: BoxingApp.fileVersion).get() else { return nil }
        return Counts(selected: game.selected, count: game.punches, other: game.punches(game.selected.other))
    }
}

// MARK: Coffee

struct CoffeeKill: KillScenario {
    struct Cart: Equatable { var branch: Int, quantities: [Int] }
    let name = "coffee"
    let firstArguments = ["coffee"]
    let arguments = ["coffee"]
    let startKeys: [String] = []
    func isReady(_ screen: String) -> Bool { screen.contains("Order") && screen.contains("Total") }

    func sim(_ dir: String, now: Double) -> CoffeeApp {
        CoffeeApp(options: AppOptions(), store: storeFrom(dir, files: [CoffeeApp.file]), context: AppContext(now: now))
    }
    func state(_ app: CoffeeApp) -> Cart { Cart(branch: app.shop.branch, quantities: app.shop.quantities) }
    func nextKey(_ app: CoffeeApp, _ rng: inout FuzzRandom) -> (String, Key)? {
        switch rng.int(0...99) {
        case 0..<50: return ("+", .char("+"))
        case 50..<65: return ("Down", .down)
        case 65..<73: return ("Up", .up)
        case 73..<83: return ("-", .char("-"))
        case 83..<88: return ("]", .char("]"))
        case 88..<91: return ("[", .char("["))
        case 91..<97: return ("Tab", .tab)
        default: return ("BSpace", .backspace)
        }
    }
    func press(_ key: Key, _ app: inout CoffeeApp, now: Double) { _ = app.handle(key, context: AppContext(now: now)) }

    func screenShows(_ screen: String, _ c: Cart) -> Bool {
        let lines = screen.split(separator: "\n").map(String.init)
        guard lines.contains(where: { $0.contains("branch \(c.branch + 1) of \(Catalog.builtIn.branches.count)") }) else { return false }
        for (p, q) in zip(Catalog.builtIn.products, c.quantities) {
            guard let line = lines.first(where: { $0.contains(" \(p.name) ") }),
                  line.range(of: "] +\(q) \\[", options: .regularExpression) != nil else { return false }
        }
        return true
    }
    func saved(_ c: Cart) -> Cart { c }
    func reported(_ dir: String) -> Cart? {
        guard let r = try? Subprocess.run([TmuxSession.binary, "coffee", "--receipt", "--config-dir", dir]), r.status == 0 else { return nil }
        let lines = r.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let branch = Catalog.builtIn.branches.firstIndex(where: { lines.contains($0.name) }) else { return nil }
        let q = Catalog.builtIn.products.map { p -> Int in
            guard let l = lines.first(where: { $0.hasPrefix(p.name + " ") }) else { return 0 }
            return Int(l.dropFirst(p.name.count).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) ?? -1
        }
        return Cart(branch: branch, quantities: q)
    }
}

/// 100 trials for each: a scripted badminton match, the stamp card, the boxing counts and
/// the coffee cart, the four run side by side.
@Suite struct FaultKillTests {
    @Test(.tmux) func killAtRandomLosesNothingThatWasOnScreen() throws {
        let trials = Fuzz.count(100)
        let results = inParallel([0, 1, 2, 3], width: 4) { i -> Bool in
            switch i {
            case 0: return runKillTrials(BadmintonKill(), trials: trials) != nil
            case 1: return runKillTrials(StampsKill(), trials: trials) != nil
            case 2: return runKillTrials(BoxingKill(), trials: trials) != nil
            default: return runKillTrials(CoffeeKill(), trials: trials) != nil
            }
        }
        #expect(results == [true, true, true, true])
    }
}
