import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Memory

/// The app on the shell's harness, at 5000 s unless told.
typealias Driver = AppHarness<MemoryApp>

extension AppHarness where App == MemoryApp {
    init(_ options: [String: String] = [:], store: InMemoryStore = InMemoryStore(), now: Double = 5000, unicode: Bool = true) {
        self.init(options: AppOptions(options), store: store, now: now, unicode: unicode)
    }

    mutating func press(_ key: Key, after dt: Double) { press(key, advance: dt) }
    mutating func press(_ keys: [Key], every dt: Double) { press(keys, advance: dt) }

    /// Runs ticks while animations run (not the clock's once-a-second ticks).
    mutating func settleAnimations() { settle(while: { !$0.flipping.isEmpty }) }

    var dialog: DialogModal<MemoryApp.Action>? { app.modals.top(DialogModal<MemoryApp.Action>.self) }
    var winShown: Bool { app.modals.top(WinBox.self) != nil }

    /// The screen with the inside of the open dialog blanked (the dialog widget's own layout
    /// is TerminiWidgets' to test), and the text that was inside it.
    func screenAroundDialog(width: Int = 78, height: Int = 21, theme: Theme = .builtinDefault) -> (screen: [String], inside: String) {
        var canvas = self.canvas(size: Size(width: width, height: height), theme: theme)
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        guard let dialog = dialog?.dialog else { return (canvas.lines, "") }
        let inside = dialog.frame(in: rect, glyphs: theme.glyphs).inset(by: 1)
        let text = (inside.y..<inside.maxY).map { canvas.row(at: $0) }.joined(separator: "\n")
        canvas.fill(inside)
        return (canvas.lines, text)
    }

    var saved: MemorySave? { store.load(MemorySave.self, from: "memory.json", version: 1) }
}

/// Arrow keys from one card to another on a board `columns` wide.
func moves(from: Int, to: Int, columns: Int) -> [Key] {
    let (r0, c0) = (from / columns, from % columns), (r1, c1) = (to / columns, to % columns)
    return Array(repeating: r1 > r0 ? Key.down : .up, count: abs(r1 - r0))
        + Array(repeating: c1 > c0 ? Key.right : .left, count: abs(c1 - c0))
}

/// Every key a perfect player presses to win the game on screen.
func winningKeys(_ game: MemoryGame, cursor: Int = 0) -> [Key] {
    var keys: [Key] = []
    var at = cursor
    for i in perfectOrder(game) {
        keys += moves(from: at, to: i, columns: game.size.columns) + [.char(" ")]
        at = i
    }
    return keys
}

@Suite struct MemoryAppTests {
    @Test func optionsAreCheckedBeforeAnythingStarts() {
        #expect(MemoryApp.validate(AppOptions()) == nil)
        #expect(MemoryApp.validate(AppOptions(["--size": "6x6", "--seed": "12"])) == nil)
        #expect(MemoryApp.validate(AppOptions(["--size": "5x5"])) == "--size must be 4x4, 4x5 or 6x6 (not '5x5')")
        #expect(MemoryApp.validate(AppOptions(["--seed": "-1"]))?.hasPrefix("--seed must be a whole number") == true)
        #expect(MemoryApp.validate(AppOptions(["--seed": "abc"])) != nil)
        #expect(MemoryApp.descriptor.options.map(\.name) == ["--size", "--seed"])
    }

    @Test func seedAndSizeOptionsDealThatGame() {
        let d = Driver(["--size": "4x5", "--seed": "42"])
        #expect(d.app.game == MemoryGame(size: .fourByFive, seed: 42))
        #expect(d.app.grid.rows == 4 && d.app.grid.columns == 5)
        #expect(d.saved?.game == d.app.game, "a new deal is written at start")
        #expect(d.app.title(context: d.context) == "Memory 4×5")
    }

    @Test func withoutASeedDealsDiffer() {
        let a = Driver(), b = Driver()
        #expect(a.app.game.cards != b.app.game.cards || a.app.game.seed != b.app.game.seed)
        #expect(a.app.game.seed < 1_000_000, "deal numbers stay short enough to pass on")
        #expect(a.app.game.size == .fourByFour)
    }

    @Test func aSeededGamePlayedByKeysIsWonWithOneFlipPerCard() {
        var d = Driver(["--seed": "42"])
        d.press(winningKeys(d.app.game))
        #expect(d.app.game.phase == .won)
        #expect(d.app.game.flips == 16)
        #expect(d.app.outcome?.isNewBest == true)
        let s = d.screen().joined(separator: "\n")
        #expect(s.contains("You won!"))
        #expect(s.contains("All 8 pairs in 16 flips"))
        #expect(s.contains("New best for 4×4: fewest flips and fastest time!"))
        #expect(d.saved?.records.fewestFlips(.fourByFour) == 16)
        #expect(d.deadline == nil || !d.app.flipping.isEmpty, "the clock stands after a win")
    }

    @Test func aWorseWinIsNoNewBest() {
        var d = Driver(["--seed": "42"])
        d.press(winningKeys(d.app.game))
        d.press(.char("r"))
        #expect(d.app.game.phase == .ready)
        // Two wasted flips first: two cards that do not match, neither of them the first
        // card the perfect order turns.
        let g = d.app.game
        let x = 1
        let y = g.cards.indices.first { $0 > 1 && g.cards[$0].face != g.cards[x].face } ?? 2
        d.press(moves(from: 0, to: x, columns: 4) + [.char(" ")] + moves(from: x, to: y, columns: 4) + [.char(" ")])
        #expect(d.app.game.showsMismatch)
        d.press(winningKeys(d.app.game, cursor: d.app.grid.index))
        #expect(d.app.game.phase == .won)
        #expect(d.app.game.flips == 18)
        #expect(d.app.outcome?.newFewestFlips == false)
        #expect(d.screen().joined().contains("Best for 4×4: 16 flips"))
    }

    @Test func aGameInProgressIsResumedAfterARestart() {
        var d = Driver(["--seed": "9"])
        d.press([.char(" "), .right, .char(" "), .down, .char(" ")])
        let flips = d.app.game.flips
        let cards = d.app.game.cards
        let played = d.app.game.elapsed(at: d.now)
        var again = Driver(store: d.store, now: d.now + 86_400)
        #expect(again.app.game.cards == cards)
        #expect(again.app.game.flips == flips)
        #expect(again.app.grid.index == 5, "the cursor is back where it was")
        #expect(again.app.game.elapsed(at: again.now) == played, "a day away does not count")
        #expect(again.app.message?.text.hasPrefix("Welcome back") == true)
        #expect(again.screen().joined().contains("(paused)"))
        again.press(.char(" "), after: 2)
        #expect(again.app.game.clockRuns)
    }

    @Test func aFinishedGameIsNotResumed() {
        var d = Driver(["--seed": "42"])
        d.press(winningKeys(d.app.game))
        let again = Driver(store: d.store)
        #expect(again.app.game.phase == .ready)
        #expect(again.app.game.seed != 42)
        #expect(again.app.records.fewestFlips(.fourByFour) == 16)
    }

    /// Found trying it as a new user would: `termini memory --seed N` (or another `--size`)
    /// threw away the game in progress without a word. It asks, as `r` does.
    @Test func aSeedOrSizeOptionAsksBeforeReplacingAGameInProgress() {
        var d = Driver(["--seed": "9"])
        d.press(.char(" "))
        // Each start below on a copy of what the first one saved.
        func saved() -> InMemoryStore { InMemoryStore(files: d.store.files) }
        let same = Driver(["--size": "4x4"], store: saved())
        #expect(same.app.game.flips == 1 && same.dialog == nil, "the same size goes on without a question")
        var other = Driver(["--size": "6x6"], store: saved())
        #expect(other.dialog?.dialog.message.contains("Deal a new 6×6 game? The game in progress (1 flip) is lost.") == true)
        #expect(other.app.game.flips == 1, "nothing is lost before the answer")
        other.press(.char("y"))
        #expect(other.app.game.size == .sixBySix && other.app.game.flips == 0)

        var seed = Driver(["--seed": "42"], store: saved())
        #expect(seed.dialog?.dialog.message.contains("Deal game 42 (4×4)?") == true)
        #expect(seed.app.game.seed == 9 && seed.app.game.flips == 1)
        seed.press(.char("n"))
        #expect(seed.app.game.seed == 9 && seed.app.game.flips == 1, "No keeps the game in progress")
        #expect(seed.saved?.game.seed == 9)
        var yes = Driver(["--seed": "42"], store: saved())
        yes.press(.enter)  // No has the focus: Enter keeps the game too
        #expect(yes.app.game.seed == 9)
        var dealt = Driver(["--seed": "42"], store: saved())
        dealt.press(.char("y"))
        #expect(dealt.app.game == MemoryGame(size: .fourByFour, seed: 42))
        #expect(dealt.saved?.game.seed == 42)
        // No game in progress (none saved, or one not begun): the deal comes at once, as before.
        let fresh = Driver(["--seed": "42"])
        #expect(fresh.dialog == nil && fresh.app.game.seed == 42)
    }

    /// Found trying it as a new user would: the clock ran while the board was out of view
    /// (flip a card, F5, wait 5 s, F4: +5 s). It stops whenever the board is not shown.
    @Test func theClockStopsWhileTheBoardIsOutOfView() {
        var d = Driver(["--seed": "9"])
        d.press(.char(" "), after: 1)
        #expect(d.app.game.clockRuns)
        d.now += 2
        let shown = d.app.game.elapsed(at: d.now)
        d.hide()  // another app, the launcher, the help, the settings, quitting
        #expect(!d.app.game.clockRuns)
        #expect(d.saved?.game.elapsed(at: d.now) == shown, "the time so far is saved at once")
        d.now += 5
        d.show()
        #expect(d.app.game.elapsed(at: d.now) == shown, "the 5 s away do not count")
        #expect(d.app.game.clockRuns, "and the clock goes on with the board in view")
        d.now += 1
        #expect(d.app.game.elapsed(at: d.now) == shown + 1)
        // A game not begun, or over, has no clock to stop or start.
        var idle = Driver(["--seed": "9"])
        idle.hide()
        idle.show()
        #expect(!idle.app.game.clockRuns)
    }

    @Test func flipAllAsksThenShowsEverythingGivenUp() {
        var d = Driver(["--seed": "3"])
        d.press(.char(" "))
        d.press(.char("f"))
        #expect(d.app.wantsAllKeys)
        #expect(d.screen().joined().contains("Show every card?"))
        d.press(.char("n"))
        #expect(d.app.game.phase == .playing)
        d.press(.char("f"))
        d.press(.escape)
        #expect(d.dialog == nil && d.app.game.phase == .playing)
        d.press(.char("f"))
        d.press(.char("y"))
        #expect(d.app.game.phase == .gaveUp)
        #expect(!d.app.flipping.isEmpty, "the cards turn in a wave")
        d.settleAnimations()
        let s = d.screen().joined()
        #expect(!s.contains("░"))
        #expect(s.contains("Given up"))
        #expect(d.saved?.game.phase == .gaveUp)
        d.press(.char(" "))
        #expect(d.app.game.flips == 1, "no flips once the game is over")
        #expect(d.hints.map(\.key) == ["←↑↓→", "r", "s"], "no Flip once the game is over")
    }

    @Test func resetAsksDuringAGameAndDealsAfreshWithZeroes() {
        var d = Driver(["--seed": "3"])
        let first = d.app.game
        d.press([.char(" "), .right, .char(" ")])
        d.press(.char("r"))
        #expect(d.dialog != nil)
        d.press(.escape)
        #expect(d.app.game.flips == 2)
        d.press(.char("r"))
        d.press(.char("y"))
        #expect(d.app.game.flips == 0)
        #expect(d.app.game.elapsed(at: d.now + 100) == 0)
        #expect(d.app.game.cards.allSatisfy { !$0.isFaceUp })
        #expect(d.app.game.seed != first.seed)
        #expect(d.app.game.cards != first.cards)
        // Not started yet: r deals at once.
        let seed = d.app.game.seed
        d.press(.char("r"))
        #expect(d.dialog == nil)
        #expect(d.app.game.seed != seed)
    }

    @Test func resetsAfterASeedAreReproducibleToo() {
        var a = Driver(["--seed": "77"]), b = Driver(["--seed": "77"])
        a.press(.char("r"))
        b.press(.char("r"))
        #expect(a.app.game == b.app.game)
    }

    @Test func theSizeMenuDealsANewBoard() {
        var d = Driver(["--seed": "3"])
        d.press(.char("s"))
        #expect(d.screen().joined().contains("Board size"))
        d.press(.right)
        d.press(.enter)
        #expect(d.app.game.size == .fourByFive)
        #expect(d.app.grid.columns == 5)
        d.press(.char("s"))
        d.press(.char("3"))
        #expect(d.app.game.size == .sixBySix)
        #expect(d.app.minimumSize == MemoryView.minimumSize, "one minimum for every board")
        d.press(.char("s"))
        d.press(.escape)
        #expect(d.app.game.size == .sixBySix)
        #expect(d.saved?.game.size == .sixBySix)
    }

    @Test func theCursorMovesWithArrowsAndVimKeysAndStopsAtEdges() {
        var d = Driver(["--seed": "3"])
        d.press([.right, .right, .char("l"), .char("l"), .char("j"), .down])
        #expect(d.app.grid.index == 2 * 4 + 3)
        d.press([.char("h"), .char("k"), .up, .up, .up])
        #expect(d.app.grid.index == 2)
        d.press(.end)
        #expect(d.app.grid.index == 3)
        d.press(.home)
        #expect(d.app.grid.index == 0)
    }

    @Test func aFlipAnimatesForAboutAThirdOfASecondThenOnlyTheClockTicks() throws {
        var d = Driver(["--seed": "3"])
        #expect(d.deadline == nil, "nothing moves before the first flip")
        d.press(.char(" "))
        let first = try #require(d.deadline)
        #expect(abs(first - d.now - MemoryApp.flipStep) < 0.001, "the next step of the turn, not a fixed frame rate")
        // Halfway the card is edge-on: a single line where it stood.
        let atRest = d.screen().joined().filter { $0 == "╭" }.count
        d.now += MemoryApp.flipDuration / 2
        let halfway = d.screen().joined().filter { $0 == "╭" }.count
        #expect(atRest == 16 && halfway == 15)
        d.now -= MemoryApp.flipDuration / 2
        // Frames come at the steps only, each showing something new: half width, edge-on,
        // half width, flat.
        let (frames, repeated) = d.animationFrames(within: 0.5, while: { !$0.app.flipping.isEmpty })
        #expect(repeated == nil, "frame \(repeated ?? 0) repeats the one before")
        #expect(frames == MemoryApp.flipSteps)
        #expect(d.app.flipping.isEmpty)
        let tick = try #require(d.deadline)
        #expect(tick - d.now > 0.0 && tick - d.now <= 1.001, "once a second for the clock")
    }

    @Test func hintsAndHelpNameEveryKey() {
        var d = Driver(["--seed": "3"])
        #expect(d.hints.map(\.key) == ["←↑↓→", "Space", "f", "r", "s"])
        let keys = d.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["← ↑ ↓ →", "h j k l", "Home", "End", "Space", "Enter", "f", "r", "s", "y n", "1-3", "Esc", "Tab"] {
            #expect(keys.contains(k), "help lacks \(k)")
        }
        d.press(.char("s"))
        #expect(d.hints.map(\.key) == ["1-3", "←→", "Enter", "Esc"])
        // ASCII: the glyphs' names of the keys, in hints and help alike.
        var a = Driver(unicode: false)
        #expect(a.hints.first?.key == "Left/Up/Down/Right", "one ASCII name per key, in every app")
        let asciiKeys = a.help.flatMap { $0.entries.map(\.keys) }
        #expect(asciiKeys.contains("Left Up Down Right h j k l"))
        #expect(asciiKeys.contains("Left Right Tab Shift-Tab"))
        #expect(asciiKeys.allSatisfy { $0.allSatisfy(\.isASCII) })
        a.press(.char("s"))
        #expect(a.hints.map(\.key).contains("Left/Right"))
    }

    /// The win box: Enter, Space or Esc close it (Esc does not leave the app meanwhile);
    /// the result stays on the message line; r and s close it before doing their work, so
    /// the size menu never lies over it.
    @Test func theWinBoxClosesAndNeverLiesUnderAnotherBox() {
        var d = Driver(["--seed": "42"])
        d.press(winningKeys(d.app.game))
        d.settleAnimations()
        #expect(d.winShown)
        #expect(d.app.wantsAllKeys, "Esc closes the box instead of going to the menu")
        #expect(d.hints.map(\.key) == ["Enter", "r", "s", "q"])
        d.press(.escape)
        #expect(!d.winShown && !d.app.wantsAllKeys)
        let closed = d.screen()
        #expect(!closed.joined().contains("You won!"))
        #expect(closed.last?.contains("You won: 8 pairs in 16 flips") == true)

        var e = Driver(["--seed": "42"])
        e.press(winningKeys(e.app.game))
        e.press(.enter)
        #expect(!e.winShown)
        e.press(.char("s"))
        #expect(e.dialog != nil)
        e.press(.escape)

        var f = Driver(["--seed": "42"])
        f.press(winningKeys(f.app.game))
        f.press(.char("s"))
        #expect(!f.winShown)
        let menu = f.screen().joined(separator: "\n")
        #expect(menu.contains("Board size") && !menu.contains("You won!"), "\(menu)")
        f.press(.escape)
        #expect(f.dialog == nil && !f.winShown)

        var g = Driver(["--seed": "42"])
        g.press(winningKeys(g.app.game))
        g.press(.char("x"))
        #expect(g.winShown, "other keys leave it open")
        g.press(.char("q"))
        #expect(g.effects.last == .quit)
        g.press(.char("r"))
        #expect(!g.winShown && g.app.game.phase == .ready)
    }

    /// The clock shows whole seconds; a game read back after a quit resumes from the second
    /// the screen last showed, not from the last flip.
    @Test func aRestoredGameShowsTheTimeTheScreenShowed() {
        var d = Driver(["--seed": "42"])
        d.press(.char(" "), after: 0.2)
        d.press(.right, after: 0.1)
        d.press(.char(" "), after: 5.7)  // the last flip at 5.7 s
        // The player thinks; the clock ticks on to 6 and 7 seconds.
        let end = d.now + 1.9
        while let t = d.deadline, t < end {
            d.now = t
            d.tick(at: t)
        }
        d.now += 0.4
        let before = d.screen()[0]
        #expect(before.contains("Time 00:07"), "\(before)")
        let again = Driver(store: d.store, now: d.now + 3600)
        let after = again.screen()[0]
        #expect(after.contains("Time 00:07 (paused)"), "\(after)")
    }

    @Test func aDamagedSaveStartsAFreshDealAndIsKeptAside() {
        let store = InMemoryStore(files: ["memory.json": Array(#"{"format": 1, "data": {"game": 3}}"#.utf8)])
        let d = Driver(store: store)
        #expect(d.app.game.phase == .ready)
        #expect(store.keptAside["memory.json.corrupt-0"] != nil)
    }
}
