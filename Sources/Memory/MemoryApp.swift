import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiData

/// What `memory.json` holds: the game (in progress or just finished), the dealer that
/// picks the next deal's seed, the bests per board size, and where the cursor was.
struct MemorySave: Codable, Equatable {
    var game: MemoryGame
    var dealer: SplitMix64
    var records: MemoryRecords
    var cursor: Int

    init(game: MemoryGame, dealer: SplitMix64, records: MemoryRecords, cursor: Int) {
        self.game = game
        self.dealer = dealer
        self.records = records
        self.cursor = cursor
    }

    enum CodingKeys: String, CodingKey { case game, dealer, records, cursor }

    /// The cursor is a card of the board; anywhere else the file is damaged.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        game = try c.decode(MemoryGame.self, forKey: .game)
        dealer = try c.decode(SplitMix64.self, forKey: .dealer)
        records = try c.decode(MemoryRecords.self, forKey: .records)
        cursor = try c.decode(Int.self, forKey: .cursor, in: 0...(game.size.cardCount - 1))
    }
}

/// A card turning over: it narrows to its edge, then widens again showing its other side.
public struct CardFlip: Equatable, Sendable {
    public var start: Double
    public var toFaceUp: Bool
}

/// Memory: a concentration game. Turn two cards; a pair stays up, two different faces go
/// back down at the next flip. Find every pair in as few flips and as little time as you can.
public struct MemoryApp: KeyedApp {
    public static let descriptor = AppDescriptor(
        id: "memory", name: "Memory", summary: "Turn the cards and find the pairs",
        options: [
            OptionSpec(MemoryOption.size, value: "SIZE", values: .choices(BoardSize.allCases.map(\.rawValue)), help: "board size: 4x4 (default), 4x5 or 6x6"),
            OptionSpec(MemoryOption.seed, value: "N", help: "deal the cards of game N (the same N, the same deal)"),
        ])

    static let file = "memory.json"
    static let fileVersion = 1
    /// How long a card takes to turn over, in three steps: its old side narrowed to half,
    /// edge-on, its new side at half width; then it lies flat again. Four frames in all:
    /// enough to read as a card turning, and each costs the terminal bytes.
    public static let flipDuration = 0.3
    public static let flipSteps = 3
    public static var flipStep: Double { flipDuration / Double(flipSteps) }
    /// Frames are drawn just after the moment the picture changes, so rounding never lands
    /// a frame a hair before its change.
    static let frameSlack = 0.0005
    /// Random deals are numbered below this, so a deal is easy to pass on (`--seed 482913`).
    static let dealNumbers: UInt64 = 1_000_000

    /// What a question, the size menu or the win box chose.
    public enum Action: Sendable, Equatable {
        case flipAll
        /// A new deal of this size, from the dealer.
        case deal(BoardSize)
        /// The deal asked for on the command line (`--seed`, `--size`).
        case dealAsked(seed: UInt64?, size: BoardSize)
        case sizeMenu
        case quit
    }

    public private(set) var game: MemoryGame
    var dealer: SplitMix64
    public private(set) var records: MemoryRecords
    public private(set) var grid: Grid
    public private(set) var flipping: [Int: CardFlip] = [:]
    /// The questions, the size menu and the win box.
    public var modals = ModalStack<Action>()
    /// A line about the last flip ("A pair!"), until the next one.
    public private(set) var message: Message?
    /// How the last win compared with the bests.
    public private(set) var outcome: MemoryRecords.Outcome?
    /// The clock's second last written to disk, so a restart shows what the screen showed.
    private var savedSecond: Int?
    /// Whether the game on screen is new (to be written at start) rather than read back.
    private var dealtAtStart: Bool
    /// The clock was stopped because the board went out of view; it goes on when it is back.
    private var pausedUnseen = false

    public struct Message: Equatable, Sendable {
        public var text: String
        public var role: Role
    }

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        let saved = store.load(MemorySave.self, from: MemoryApp.file, version: MemoryApp.fileVersion)
        records = saved?.records ?? MemoryRecords()
        let options = MemoryOptions(options)
        let askedSize = options.size.flatMap(BoardSize.init(parsing:))
        let askedSeed = options.seed.flatMap { UInt64($0) }
        var cursor = 0
        let inProgress = saved.map { $0.game.phase == .playing } ?? false
        let replaces = askedSeed != nil || (askedSize != nil && askedSize != saved?.game.size)
        if let s = saved, inProgress, replaces {
            // A game in progress is never thrown away unasked: it stays until the answer.
            game = s.game
            game.pauseAfterRestore()
            dealer = s.dealer
            cursor = s.cursor
            dealtAtStart = false
            let size = askedSize ?? s.game.size
            let what = askedSeed.map { "Deal game \($0) (\(size.name(unicode: context.unicode)))?" } ?? "Deal a new \(size.name(unicode: context.unicode)) game?"
            let flips = s.game.flips
            modals.push(DialogModal.confirm(title: "New deal", message: "\(what) The game in progress (\(flips) flip\(flips == 1 ? "" : "s")) is lost.",
                                            yes: "deal", action: Action.dealAsked(seed: askedSeed, size: size)))
        } else if let seed = askedSeed {
            // A chosen deal, and the deals after it follow from it too.
            dealer = SplitMix64(seed: seed)
            game = MemoryGame(size: askedSize ?? saved?.game.size ?? .fourByFour, seed: seed)
            dealtAtStart = true
        } else if let s = saved, !s.game.isOver, askedSize == nil || askedSize == s.game.size {
            game = s.game
            game.pauseAfterRestore()
            dealer = s.dealer
            cursor = s.cursor
            dealtAtStart = false
            if s.game.phase == .playing {
                message = Message(text: "Welcome back: the clock waits for your next flip.", role: .accent)
            }
        } else {
            dealer = saved?.dealer ?? SplitMix64(seed: UInt64.random(in: .min ... .max))
            game = MemoryGame(size: askedSize ?? saved?.game.size ?? .fourByFour, seed: MemoryApp.nextSeed(&dealer))
            dealtAtStart = true
        }
        grid = MemoryApp.grid(for: game.size, cursor: cursor)
    }

    static func nextSeed(_ dealer: inout SplitMix64) -> UInt64 { dealer.next() % dealNumbers }

    static func grid(for size: BoardSize, cursor: Int) -> Grid {
        let c = min(max(0, cursor), size.cardCount - 1)
        return Grid(rows: size.rows, columns: size.columns, cursor: (c / size.columns, c % size.columns))
    }

    public static func validate(_ options: AppOptions) -> String? {
        let options = MemoryOptions(options)
        if let s = options.size, BoardSize(parsing: s) == nil {
            return "--size must be 4x4, 4x5 or 6x6 (not '\(TextLayout.truncate(TextLayout.sanitized(s), to: 20))')"
        }
        if let s = options.seed, UInt64(s) == nil {
            return "--seed must be a whole number from 0 to \(UInt64.max) (not '\(TextLayout.truncate(TextLayout.sanitized(s), to: 30))')"
        }
        return nil
    }

    public mutating func start(context: AppContext) -> [AppEffect] {
        dealtAtStart ? [save] : []
    }

    var save: AppEffect {
        .save(MemorySave(game: game, dealer: dealer, records: records, cursor: grid.index), to: MemoryApp.file, version: MemoryApp.fileVersion)
    }

    // MARK: Keys

    public var keys: AppKeys<MemoryApp> { MemoryApp.keyTable }
    /// Built once: a binding acts on the app it is given, never on the one that built it.
    static let keyTable: AppKeys<MemoryApp> = {
        let arrows: [Key] = [.left, .up, .down, .right]
        let bindings: [AppBinding<MemoryApp>] = [
            Binding(Grid.keyMap.keys, helpKeys: Grid.keyMap.keys(except: [.rowStart, .rowEnd]), hint: .init("Move", keys: arrows),
                    "move the cursor") { app, key, _ in
                app.grid.handle(key)
                return []
            },
            Binding(Grid.keyMap.keys(for: .rowStart) + Grid.keyMap.keys(for: .rowEnd), "first, last card of the row") { _, _, _ in [] },
            Binding([.char(" "), .enter], hint: .init(keys: [.char(" ")]) { $0.game.isOver ? nil : "Flip" },
                    "flip the card under the cursor") { app, _, ctx in app.flip(ctx) },
            Binding([.char("f"), .char("F")], helpKeys: [.char("f")], hint: .init(keys: [.char("f")]) { $0.game.isOver ? nil : "Flip all" },
                    "flip all: show every card, giving up (asks first)") { app, _, _ in app.askFlipAll() },
            Binding([.char("r"), .char("R")], helpKeys: [.char("r")], hint: .init(keys: [.char("r")]) { $0.game.isOver ? "New deal" : "Reset" },
                    "reset: a new deal, flips and time to 0 (asks mid-game)") { app, _, ctx in app.askReset(ctx) },
            Binding([.char("s"), .char("S")], helpKeys: [.char("s")], hint: .init("Size", keys: [.char("s")]),
                    "board size: 4x4, 4x5 or 6x6 (a new deal)") { app, _, ctx in
                app.openSizeMenu(ctx)
                return []
            },
        ]
        return AppKeys("Memory", bindings)
    }()

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] {
        let sizes = BoardSize.allCases.map { $0.name(unicode: glyphs.isUnicode) }
        return DialogModal<Action>.help(glyphs: glyphs)
            + [HelpSection("The size menu", [(glyphs.listName(of: KeyNames.digits(1...sizes.count)), sizes.joined(separator: ", "))])]
            + WinBox.keys.help(glyphs: glyphs)
    }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        pruneFlips(context.now)
        return dispatch(key, context: context)
    }

    mutating func askFlipAll() -> [AppEffect] {
        guard !game.isOver else {
            message = Message(text: "The game is over: r deals again.", role: .muted)
            return []
        }
        modals.push(DialogModal.confirm(title: "Flip all", message: "Show every card? This ends the game, given up.",
                                        yes: "show all", action: Action.flipAll))
        return []
    }

    mutating func askReset(_ context: AppContext) -> [AppEffect] {
        if game.phase == .playing {
            modals.push(DialogModal.confirm(title: "Reset", message: "Deal again? The game in progress (\(game.flips) flip\(game.flips == 1 ? "" : "s")) is lost.",
                                            yes: "deal again", action: Action.deal(game.size)))
            return []
        }
        return newDeal(size: game.size, context)
    }

    mutating func openSizeMenu(_ context: AppContext) {
        let sizes = BoardSize.allCases
        let names = sizes.map { $0.name(unicode: context.unicode) }
        let warning = game.phase == .playing ? " The game in progress ends." : ""
        let g = context.glyphs
        modals.push(DialogModal(Dialog(title: "Board size", message: "Pick the board for a new deal." + warning, buttons: names,
                                       focused: sizes.firstIndex(of: game.size) ?? 0),
                                actions: sizes.map { Action.deal($0) }, numberKeys: true,
                                hints: [KeyHint(g.hintName(of: KeyNames.digits(1...sizes.count)), "Size"),
                                        KeyHint(g.hintName(of: [.left, .right]), "Choose"), KeyHint("Enter", "Deal"), KeyHint("Esc", "Cancel")]))
    }

    public mutating func perform(_ action: Action, context: AppContext) -> [AppEffect] {
        switch action {
        case .flipAll: return flipAll(context)
        case .deal(let size): return newDeal(size: size, context)
        case let .dealAsked(seed, size):
            guard let seed else { return newDeal(size: size, context) }
            dealer = SplitMix64(seed: seed)
            game = MemoryGame(size: size, seed: seed)
            return dealt(size: size, context)
        case .sizeMenu:
            openSizeMenu(context)
            return []
        case .quit: return [.quit]
        }
    }

    mutating func flip(_ context: AppContext) -> [AppEffect] {
        let now = context.now
        let before = game.cards
        let event = game.flip(at: grid.index, now: now)
        animateChanges(from: before, now: now)
        switch event {
        case .gameOver:
            message = Message(text: game.phase == .won ? "You found every pair: r deals again." : "All cards are shown: r deals again.", role: .muted)
            return []
        case .disabled:
            message = Message(text: "That pair is found already.", role: .muted)
            return []
        case .turnedDown:
            message = Message(text: "Turned back down.", role: .muted)
        case .first:
            message = nil
        case .match:
            message = Message(text: "A pair! \(game.pairsFound) of \(game.size.pairs) found.", role: .success)
        case .mismatch:
            message = Message(text: "No match. Your next flip turns these two back down.", role: .warning)
        case .won:
            outcome = records.recordWin(size: game.size, flips: game.flips, seconds: game.elapsed(at: now))
            modals.push(WinBox(game: game, outcome: outcome, records: records, elapsed: game.elapsed(at: now)))
            message = Message(text: "You won: \(game.size.pairs) pairs in \(game.flips) flips, \(clockText(game.elapsed(at: now))). r deals again.",
                              role: .success)
        }
        savedSecond = Int(saturating: game.elapsed(at: now))
        return [save]
    }

    mutating func flipAll(_ context: AppContext) -> [AppEffect] {
        let now = context.now
        let before = game.cards
        game.giveUp(now: now)
        // Row by row, a step apart: a row's cards turn together, in the same frames.
        for i in game.cards.indices where before[i].isFaceUp != game.cards[i].isFaceUp {
            flipping[i] = CardFlip(start: now + Double(i / game.size.columns) * MemoryApp.flipStep, toFaceUp: true)
        }
        message = Message(text: "Given up: every card is shown. r deals again.", role: .muted)
        return [save]
    }

    mutating func newDeal(size: BoardSize, _ context: AppContext) -> [AppEffect] {
        let before = size == game.size ? game.cards : []
        game = MemoryGame(size: size, seed: MemoryApp.nextSeed(&dealer))
        flipping = [:]
        if before.count == game.cards.count {
            // What was face up turns down, then the new deal lies there.
            animateChanges(from: before, now: context.now)
        }
        return dealt(size: size, context)
    }

    mutating func dealt(size: BoardSize, _ context: AppContext) -> [AppEffect] {
        if grid.rows != size.rows || grid.columns != size.columns {
            grid = MemoryApp.grid(for: size, cursor: 0)
        }
        outcome = nil
        modals.removeAll()
        savedSecond = nil
        pausedUnseen = false
        message = Message(text: "New deal: \(size.name(unicode: context.unicode)), seed \(game.seed).", role: .muted)
        return [save]
    }

    mutating func animateChanges(from before: [Card], now: Double) {
        for i in game.cards.indices where i < before.count && before[i].isFaceUp != game.cards[i].isFaceUp {
            flipping[i] = CardFlip(start: now, toFaceUp: game.cards[i].isFaceUp)
        }
    }

    mutating func pruneFlips(_ now: Double) {
        flipping = flipping.filter { now < $0.value.start + MemoryApp.flipDuration }
    }

    // MARK: Time

    public func nextDeadline(context: AppContext) -> Double? {
        let now = context.now
        var next: Double?
        func soonest(_ t: Double) { next = min(next ?? t, t) }
        // Each turning card's next step (cards of a flip-all wave may not have started yet).
        for f in flipping.values {
            for k in 0...MemoryApp.flipSteps {
                let t = f.start + Double(k) * MemoryApp.flipStep
                if t > now {
                    soonest(t + MemoryApp.frameSlack)
                    break
                }
            }
        }
        if game.clockRuns {
            // The shown time changes on each whole second.
            let e = game.elapsed(at: now)
            soonest(now + (1 - e.truncatingRemainder(dividingBy: 1)) + 0.001)
        }
        return next
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        let now = context.now
        pruneFlips(now)
        // Each new second on the clock is written down with the game, so a game read back
        // after a quit (or a crash) shows the time the screen showed.
        if game.clockRuns {
            let second = Int(saturating: game.elapsed(at: now))
            if second != savedSecond {
                savedSecond = second
                game.clockSeen(at: now)
                return [save]
            }
        }
        return []
    }

    /// The board is out of view (another app, the launcher, the help, the settings, a terminal
    /// too small, quitting): the clock stops, and the time so far is saved.
    public mutating func hidden(context: AppContext) -> [AppEffect] {
        guard game.clockRuns else { return [] }
        game.pause(at: context.now)
        pausedUnseen = true
        return [save]
    }

    /// The board is back in view: a clock stopped for that goes on.
    public mutating func shown(context: AppContext) -> [AppEffect] {
        guard pausedUnseen else { return [] }
        pausedUnseen = false
        game.resume(at: context.now)
        return [save]
    }

    /// The same for every board, so picking a size never leaves the board too large for
    /// the terminal (keys are not taken below the minimum, `s` included).
    public var minimumSize: Size { MemoryView.minimumSize }
    /// What a second copy follows while this app's keeper runs (the shell reloads it).
    public var keptFiles: [String] { [MemoryApp.file] }

    public func title(context: AppContext) -> String { "Memory \(game.size.name(unicode: context.unicode))" }

    // MARK: Drawing

    public func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        MemoryView(app: self, now: context.now).render(in: rect, on: &canvas, theme: theme)
    }
}

/// The "You won!" box over the board: Enter, Space or Esc close it (the board stays, the
/// result goes to the message line); r and s close it and deal again or open the size menu
/// in its place, so two boxes never lie on each other; q still quits.
struct WinBox: Modal {
    typealias Action = MemoryApp.Action
    var game: MemoryGame
    var outcome: MemoryRecords.Outcome?
    var records: MemoryRecords
    var elapsed: Double

    static let keys = KeyTable<WinBox, ModalStep<Action>>("You won!", [
        Binding([.enter, .char(" "), .escape], hint: .init("Close", keys: [.enter]), "close the box; the board and the result stay") { _, _, _ in
            .close
        },
        Binding([.char("r"), .char("R")], helpKeys: [.char("r"), .char("s")], hint: .init("New deal", keys: [.char("r")]),
                "a new deal, the size menu") { b, _, _ in .finish(.deal(b.game.size)) },
        Binding([.char("s"), .char("S")], hint: .init("Size", keys: [.char("s")]), nil) { _, _, _ in .finish(.sizeMenu) },
        Binding([.char("q"), .char("Q")], helpKeys: [.char("q")], hint: .init("Quit", keys: [.char("q")]), "quit") { _, _, _ in
            .finish(.quit)
        },
    ])

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        WinBox.keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    func hints(context: AppContext) -> [KeyHint] { WinBox.keys.hints(for: self, context: context) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let board = MemoryView.boardRect(rect)
        let unicode = theme.glyphs.isUnicode
        let dot = theme.glyphs.middleDot
        let sizeName = game.size.name(unicode: unicode)
        var lines: [(String, Role)] = [
            ("All \(game.size.pairs) pairs in \(game.flips) flips \(dot) \(clockText(elapsed))", .text),
        ]
        if let o = outcome, o.isNewBest {
            let what = o.newFewestFlips && o.newFastest ? "fewest flips and fastest time" : o.newFewestFlips ? "fewest flips" : "fastest time"
            lines.append(("New best for \(sizeName): \(what)!", .success))
        } else if let f = records.fewestFlips(game.size), let t = records.fastest(game.size) {
            lines.append(("Best for \(sizeName): \(f) flips \(dot) \(clockText(t))", .muted))
        }
        lines.append(("", .text))
        lines.append(("r new deal   s board size", .muted))
        let width = min(board.width, (lines.map { DisplayWidth.of($0.0) }.max() ?? 20) + 6)
        let box = board.centered(Size(width: width, height: lines.count + 2))
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[.success], title: "You won!", titleStyle: theme[.success])
        for (i, line) in lines.enumerated() {
            canvas.put(line.0, in: box.inset(horizontal: 2, vertical: 1).row(i), alignment: .center, style: theme[line.1])
        }
    }
}
