import TerminiCore
import TerminiWidgets
import TerminiApp

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
public struct MemoryApp: MiniApp {
    public static let descriptor = AppDescriptor(
        id: "memory", name: "Memory", summary: "Turn the cards and find the pairs",
        options: [
            OptionSpec("--size", value: "SIZE", help: "board size: 4x4 (default), 4x5 or 6x6"),
            OptionSpec("--seed", value: "N", help: "deal the cards of game N (the same N, the same deal)"),
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

    public private(set) var game: MemoryGame
    var dealer: SplitMix64
    public private(set) var records: MemoryRecords
    public private(set) var grid: Grid
    public private(set) var flipping: [Int: CardFlip] = [:]
    /// The open question or menu, if any.
    public private(set) var dialog: Pending?
    /// A line about the last flip ("A pair!"), until the next one.
    public private(set) var message: Message?
    /// How the last win compared with the bests.
    public private(set) var outcome: MemoryRecords.Outcome?
    /// Whether the "You won!" box is over the board (until Enter, Esc, r or s).
    public private(set) var winShown = false
    /// The clock's second last written to disk, so a restart shows what the screen showed.
    private var savedSecond: Int?
    /// Whether the game on screen is new (to be written at start) rather than read back.
    private var dealtAtStart: Bool
    private var now: Double
    private let unicode: Bool

    public enum Pending: Equatable, Sendable {
        case flipAll(Dialog)
        case reset(Dialog)
        case size(Dialog)

        var dialog: Dialog {
            switch self {
            case .flipAll(let d), .reset(let d), .size(let d): return d
            }
        }
    }

    public struct Message: Equatable, Sendable {
        public var text: String
        public var role: Role
    }

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        now = context.now
        unicode = context.unicode
        let saved = store.load(MemorySave.self, from: MemoryApp.file, version: MemoryApp.fileVersion)
        records = saved?.records ?? MemoryRecords()
        let askedSize = options.value("--size").flatMap(BoardSize.init(parsing:))
        let askedSeed = options.value("--seed").flatMap { UInt64($0) }
        var cursor = 0
        if let seed = askedSeed {
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
                message = Message(text: "Welcome back: the game goes on (the clock waits for your next flip).", role: .accent)
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
        if let s = options.value("--size"), BoardSize(parsing: s) == nil {
            return "--size must be 4x4, 4x5 or 6x6 (not '\(TextLayout.truncate(TextLayout.sanitized(s), to: 20))')"
        }
        if let s = options.value("--seed"), UInt64(s) == nil {
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

    /// A question, the size menu or the win box is open: it takes every key, Esc included.
    public var wantsAllKeys: Bool { dialog != nil || winShown }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        now = context.now
        pruneFlips()
        if let pending = dialog { return answer(pending, key) }
        if winShown { return answerWin(key) }
        if grid.handle(key) { return [] }
        switch key {
        case .enter, .char(" "):
            return flip()
        case .char("f"), .char("F"):
            guard !game.isOver else {
                message = Message(text: "The game is over: r deals again.", role: .muted)
                return []
            }
            dialog = .flipAll(Dialog.confirm(title: "Flip all", message: "Show every card? This ends the game, given up.",
                                             yes: "Yes, show all", no: "No"))
            return []
        case .char("r"), .char("R"):
            if game.phase == .playing {
                dialog = .reset(Dialog.confirm(title: "Reset", message: "Deal again? The game in progress (\(game.flips) flip\(game.flips == 1 ? "" : "s")) is lost.",
                                               yes: "Yes, deal again", no: "No"))
                return []
            }
            return newDeal(size: game.size)
        case .char("s"), .char("S"):
            openSizeMenu()
            return []
        default:
            return []
        }
    }

    mutating func openSizeMenu() {
        let names = BoardSize.allCases.map { $0.name(unicode: unicode) }
        let warning = game.phase == .playing ? " The game in progress ends." : ""
        dialog = .size(Dialog(title: "Board size", message: "Pick the board for a new deal." + warning, buttons: names,
                              focused: BoardSize.allCases.firstIndex(of: game.size) ?? 0))
    }

    /// The win box: Enter, Space or Esc close it (the board stays, the result goes to the
    /// message line); r and s close it and deal again or open the size menu in its place,
    /// so two boxes never lie on each other; q still quits.
    mutating func answerWin(_ key: Key) -> [AppEffect] {
        switch key {
        case .enter, .char(" "), .escape:
            winShown = false
            return []
        case .char("r"), .char("R"):
            winShown = false
            return newDeal(size: game.size)
        case .char("s"), .char("S"):
            winShown = false
            openSizeMenu()
            return []
        case .char("q"), .char("Q"):
            return [.quit]
        default:
            return []
        }
    }

    mutating func answer(_ pending: Pending, _ key: Key) -> [AppEffect] {
        var d = pending.dialog
        // In the size menu, 1–3 pick a size too.
        if case .size = pending, let n = key.digit, n >= 1, n <= BoardSize.allCases.count {
            dialog = nil
            return newDeal(size: BoardSize.allCases[n - 1])
        }
        let result = d.handle(key)
        switch (pending, result) {
        case (_, nil):
            switch pending {
            case .flipAll: dialog = .flipAll(d)
            case .reset: dialog = .reset(d)
            case .size: dialog = .size(d)
            }
            return []
        case (_, .cancelled?):
            dialog = nil
            return []
        case (.flipAll, .chose(0)?):
            dialog = nil
            return flipAll()
        case (.reset, .chose(0)?):
            dialog = nil
            return newDeal(size: game.size)
        case (.size, .chose(let i)?):
            dialog = nil
            return newDeal(size: BoardSize.allCases[min(max(0, i), BoardSize.allCases.count - 1)])
        case (_, .chose?):
            dialog = nil
            return []
        }
    }

    mutating func flip() -> [AppEffect] {
        let before = game.cards
        let event = game.flip(at: grid.index, now: now)
        animateChanges(from: before)
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
            winShown = true
            message = Message(text: "You won: \(game.size.pairs) pairs in \(game.flips) flips, \(clockText(game.elapsed(at: now))). r deals again.",
                              role: .success)
        }
        savedSecond = Int(saturating: game.elapsed(at: now))
        return [save]
    }

    mutating func flipAll() -> [AppEffect] {
        let before = game.cards
        game.giveUp(now: now)
        // The cards turn in a wave, row by row.
        // Row by row, a step apart: a row's cards turn together, in the same frames.
        for i in game.cards.indices where before[i].isFaceUp != game.cards[i].isFaceUp {
            flipping[i] = CardFlip(start: now + Double(i / game.size.columns) * MemoryApp.flipStep, toFaceUp: true)
        }
        message = Message(text: "Given up: every card is shown. r deals again.", role: .muted)
        return [save]
    }

    mutating func newDeal(size: BoardSize) -> [AppEffect] {
        let before = size == game.size ? game.cards : []
        game = MemoryGame(size: size, seed: MemoryApp.nextSeed(&dealer))
        flipping = [:]
        if before.count == game.cards.count {
            // What was face up turns down, then the new deal lies there.
            animateChanges(from: before)
        }
        if grid.rows != size.rows || grid.columns != size.columns {
            grid = MemoryApp.grid(for: size, cursor: 0)
        }
        outcome = nil
        winShown = false
        savedSecond = nil
        message = Message(text: "New deal: \(size.name(unicode: unicode)), seed \(game.seed).", role: .muted)
        return [save]
    }

    mutating func animateChanges(from before: [Card]) {
        for i in game.cards.indices where i < before.count && before[i].isFaceUp != game.cards[i].isFaceUp {
            flipping[i] = CardFlip(start: now, toFaceUp: game.cards[i].isFaceUp)
        }
    }

    mutating func pruneFlips() {
        flipping = flipping.filter { now < $0.value.start + MemoryApp.flipDuration }
    }

    // MARK: Time

    public var nextDeadline: Double? {
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
        now = context.now
        pruneFlips()
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

    // MARK: Keys shown

    var glyphs: Glyphs { unicode ? .unicode : .ascii }
    /// The four arrows, as the glyphs name them; in the key-hint bar the ASCII names are
    /// too long for four, so there they are "Arrows".
    var arrows: String { [Key.left, .up, .down, .right].map { glyphs.name(of: $0) }.joined(separator: unicode ? "" : " ") }
    var arrowsHint: String { unicode ? arrows : "Arrows" }
    var leftRight: String { "\(glyphs.name(of: .left))/\(glyphs.name(of: .right))" }

    public var hints: [KeyHint] {
        switch dialog {
        case .flipAll?: return [KeyHint("y", "Show all"), KeyHint("n", "No"), KeyHint("Esc", "Cancel")]
        case .reset?: return [KeyHint("y", "Deal again"), KeyHint("n", "No"), KeyHint("Esc", "Cancel")]
        case .size?: return [KeyHint("1-3", "Size"), KeyHint(leftRight, "Choose"), KeyHint("Enter", "Deal"), KeyHint("Esc", "Cancel")]
        case nil: break
        }
        if winShown { return [KeyHint("Enter", "Close"), KeyHint("r", "New deal"), KeyHint("s", "Size"), KeyHint("q", "Quit")] }
        if game.isOver { return [KeyHint("r", "New deal"), KeyHint("s", "Size"), KeyHint(arrowsHint, "Move")] }
        return [KeyHint(arrowsHint, "Move"), KeyHint("Space", "Flip"), KeyHint("f", "Flip all"), KeyHint("r", "Reset"), KeyHint("s", "Size")]
    }

    public var help: [HelpSection] {
        let sizes = BoardSize.allCases.map { $0.name(unicode: unicode) }
        return [
            HelpSection("Memory", [
                ("\(arrows) h j k l", "move the cursor"),
                ("Home End", "first, last card of the row"),
                ("Space Enter", "flip the card under the cursor"),
                ("f", "flip all: show every card, giving up (asks first)"),
                ("r", "reset: a new deal, flips and time to 0 (asks mid-game)"),
                ("s", "board size: \(sizes[0]), \(sizes[1]) or \(sizes[2]) (a new deal)"),
            ]),
            HelpSection("Questions and the size menu", [
                ("y n", "yes, no"),
                ("1 2 3", "in the size menu: \(sizes.joined(separator: ", "))"),
                ("\(leftRight) Tab", "move between the buttons"),
                ("Enter Space", "choose the focused button"),
                ("Esc", "close without changing anything"),
            ]),
            HelpSection("You won!", [
                ("Enter Space Esc", "close the box; the board and the result stay"),
                ("r s", "a new deal, the size menu"),
                ("q", "quit"),
            ]),
        ]
    }

    /// The same for every board, so picking a size never leaves the board too large for
    /// the terminal (keys are not taken below the minimum, `s` included).
    public var minimumSize: Size { MemoryView.minimumSize }

    public var title: String { "Memory \(game.size.name(unicode: unicode))" }

    // MARK: Drawing

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        MemoryView(app: self, now: context.now).render(in: rect, on: &canvas, theme: theme)
        // At most one box: the win box closes before a menu opens.
        dialog?.dialog.render(in: rect, on: &canvas, theme: theme)
    }
}
