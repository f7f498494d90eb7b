#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore
import TerminiWidgets
import TerminiApp
// The seeded generator and the run's seed, for every test that imports the support.
@_exported import TerminiTestSeeds

/// Random `Key` values: every case of the enum, printable ASCII, odd Unicode (combining
/// marks alone, zero-width and bidi controls, ZWJ emoji, flags, CJK, C0/C1 controls inside
/// `.char`, noncharacters, private use, the last scalar), function keys beyond F12, Ctrl with
/// odd characters, and what a backend delivers for an escape sequence cut in half or for
/// invalid UTF-8.
public enum KeyGen {
    public static let namedKeys: [Key] = [
        .enter, .escape, .tab, .backTab, .backspace, .delete, .insert,
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .resize,
    ]

    public static let oddCharacters: [Character] = [
        "\u{0}", "\u{7}", "\u{8}", "\u{9}", "\u{A}", "\u{D}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}",
        "\u{A0}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{200E}", "\u{202E}", "\u{2028}", "\u{2029}", "\u{2066}",
        "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{E000}", "\u{F8FF}", "\u{10FFFF}", "\u{E0001}", "\u{E007F}",
        "\u{301}", "\u{20DD}", "\u{FE0F}", "e\u{301}\u{302}\u{303}", "\u{1100}\u{1161}\u{11A8}", "\r\n",
        "👩‍👩‍👧‍👦", "🇹🇼", "👍🏽", "❤️", "🏸", "😁", "漢", "民", "ｱ", "가", "﷽", "ا", "א", "Ω", "ß", "ŉ", "ǅ",
        "\u{0E33}", "\u{2588}", "×", "·", "−", "€", "\u{1D11E}", "\u{1F600}", "\u{3000}", "\u{FF01}", "\u{2E3B}",
    ]

    /// Any character a `.char` could hold: a random scalar from anywhere in Unicode.
    public static func anyScalar(using rng: inout FuzzRandom) -> Character {
        while true {
            let plane = rng.pick([0, 0, 0, 1, 2, 3, 14, 15, 16])
            let v = UInt32(plane << 16) | UInt32(rng.int(0...0xFFFF))
            if let s = Unicode.Scalar(v) { return Character(s) }
        }
    }

    public static func randomCharacter(using rng: inout FuzzRandom) -> Character {
        switch rng.int(0...99) {
        case 0..<55: return Character(Unicode.Scalar(UInt8(rng.int(32...126))))
        case 55..<80: return rng.pick(oddCharacters)
        default: return anyScalar(using: &rng)
        }
    }

    /// One key of any kind.
    public static func randomKey(using rng: inout FuzzRandom) -> Key {
        switch rng.int(0...99) {
        case 0..<40: return .char(randomCharacter(using: &rng))
        case 40..<70: return rng.pick(namedKeys)
        case 70..<82: return .function(rng.chance(0.8) ? rng.int(1...12) : rng.pick([-1, 0, 13, 24, 63, Int.max, Int.min]))
        case 82..<95:
            return .ctrl(rng.chance(0.8) ? Character(Unicode.Scalar(UInt8(rng.int(97...122)))) : randomCharacter(using: &rng))
        default: return .char(Character(Unicode.Scalar(UInt8(rng.int(48...57)))))
        }
    }

    /// Escape sequences as terminals send them, for cutting.
    static let sequences: [String] = [
        "[A", "[1;5C", "[1;2D", "OP", "OQ", "[15~", "[24;5~", "[200~pasted[201~", "[M !!", "[<0;10;5M",
        "]0;title\u{7}", "]52;c;aGVsbG8=\u{1B}\\", "[?1049h", "P1$r0m\u{1B}\\", "[38;2;1;2;3m", "[6n", "[99999999999999999999A",
    ]

    /// What the backend delivers for an escape sequence cut in half: Esc, then the rest read
    /// as plain characters (the terminal's ESCDELAY ran out before the sequence completed).
    public static func cutEscapeSequence(using rng: inout FuzzRandom) -> [Key] {
        let s = Array(rng.pick(sequences))
        let cut = rng.int(0...max(0, s.count - 1))
        return [.escape] + s.prefix(cut).map { .char($0) }
    }

    /// What invalid UTF-8 can become: replacement characters, lone Latin-1 and C1 scalars
    /// (bytes read one by one as a single-byte locale would), and truncated sequences.
    public static func invalidUTF8(using rng: inout FuzzRandom) -> [Key] {
        (0..<rng.int(1...4)).map { _ in
            switch rng.int(0...2) {
            case 0: return .char("\u{FFFD}")
            case 1: return .char(Character(Unicode.Scalar(UInt8(rng.int(0x80...0xFF)))))
            default: return .char(Character(Unicode.Scalar(UInt8(rng.int(0xC0...0xFF)))))
            }
        }
    }

    /// A burst of keys: mostly one key, sometimes a cut escape sequence or invalid UTF-8.
    /// `favoured` keys (what the app acts on) come `favouredShare` of the time, so the
    /// fuzz reaches deep states instead of bouncing off unknown keys.
    public static func burst(favoured: [Key], favouredShare: Double, using rng: inout FuzzRandom) -> [Key] {
        let r = rng.double(0..<1)
        if r < 0.02 { return cutEscapeSequence(using: &rng) }
        if r < 0.03 { return invalidUTF8(using: &rng) }
        if !favoured.isEmpty && rng.chance(favouredShare) { return [rng.pick(favoured)] }
        return [randomKey(using: &rng)]
    }
}

/// Whether the shell lets `key` through to the app: the shell's own rule (`KeyRoute`).
public func shellDelivers(_ key: Key, wantsAllKeys: Bool) -> Bool {
    KeyRoute.of(key, appWantsAllKeys: wantsAllKeys) == .app
}

/// An app driven as the shell drives it, for fuzzing: keys (those the shell lets through),
/// ticks when the deadline has passed, and every effect carried out by the shell's executor
/// (through `AppHarness`), so the app can be restarted from what it saved.
public struct FuzzDriver<App: MiniApp> {
    public var harness: AppHarness<App>
    public var app: App { harness.app }
    public var store: InMemoryStore { harness.store }
    public var now: Double { harness.now }
    public var unicode: Bool { harness.unicode }
    /// The last keys given, for failure messages.
    public private(set) var recent: [Key] = []
    public private(set) var keysSent = 0
    public private(set) var keysDelivered = 0
    public private(set) var ticks = 0

    public init(options: AppOptions = AppOptions(), store: InMemoryStore = InMemoryStore(), now: Double, unicode: Bool = true) {
        harness = AppHarness(options: options, store: store, now: now, unicode: unicode)
    }

    public var context: AppContext { harness.context }

    /// Advances the clock by `dt`, ticks if due, then gives `key` to the app if the shell
    /// would. Returns a problem with the timer, if any (a deadline that never moves on
    /// would make the shell spin).
    @discardableResult
    public mutating func press(_ key: Key, advance dt: Double) -> String? {
        advance(dt) ?? deliver(key)
    }

    /// The clock moves on; the app gets its tick if its deadline has come.
    @discardableResult
    public mutating func advance(_ dt: Double) -> String? {
        harness.now += max(0, dt)
        return tickIfDue()
    }

    /// The key reaches the app if the shell would let it through.
    @discardableResult
    public mutating func deliver(_ key: Key) -> String? {
        keysSent += 1
        recent.append(key)
        if recent.count > 30 { recent.removeFirst(recent.count - 30) }
        guard shellDelivers(key, wantsAllKeys: app.wantsAllKeys) else { return nil }
        keysDelivered += 1
        harness.executor.notices.keyPressed()
        harness.carry(harness.app.handle(key, context: context))
        return deadlineProblem()
    }

    public mutating func tickIfDue() -> String? {
        guard let d = app.nextDeadline(context: context), d <= now else { return deadlineProblem() }
        ticks += 1
        harness.carry(harness.app.tick(context: context))
        if let d2 = app.nextDeadline(context: context), d2 <= now {
            return "nextDeadline \(d2) is still not after now \(now) after a tick: the shell would spin"
        }
        return deadlineProblem()
    }

    func deadlineProblem() -> String? {
        if let d = app.nextDeadline(context: context), !d.isFinite { return "nextDeadline is \(d)" }
        return nil
    }

    /// A new instance of the app from what this one saved (a restart), on a copy of the store.
    /// Notices the new instance gives while reading (a damaged file) come back too.
    public func restarted(options: AppOptions = AppOptions()) -> (app: App, notices: [String], keptAside: [String]) {
        let copy = InMemoryStore(files: store.files)
        copy.preferences = store.preferences
        let a = App(options: options, store: copy, context: context)
        return (a, copy.notices, Array(copy.keptAside.keys))
    }

    /// Renders the app in a `size` content area inside a larger canvas full of sentinels and
    /// returns a problem if a cell outside the area changed, or the window chrome is empty.
    public func renderProblem(size: Size, theme: Theme) -> String? {
        var canvas = Canvas(width: size.width + 4, height: size.height + 2)
        canvas.fill(canvas.bounds, with: "¤")
        let rect = Rect(x: 2, y: 1, width: size.width, height: size.height)
        var ctx = context
        ctx.size = size
        app.render(in: rect, on: &canvas, theme: theme, context: ctx)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where !rect.contains(x: x, y: y) {
                if canvas[x, y].character != "¤" {
                    return "render in \(rect) wrote '\(canvas[x, y].character)' at (\(x),\(y)), outside its area"
                }
            }
        }
        // The chrome the shell asks for: touch it all (a crash here is a failure too).
        _ = (app.title(context: ctx), app.status(context: ctx), app.hints(context: ctx).count, app.help(context: ctx).count, app.minimumSize)
        return nil
    }

    /// Renders in a random theme at a random size, from the app's minimum to 220×70 beyond it:
    /// the problem, prefixed with the key count and the size, or nil; and whether the theme
    /// drew Unicode glyphs.
    public mutating func renderProblemAtRandomSize(using rng: inout FuzzRandom) -> (problem: String?, unicode: Bool) {
        let (theme, unicode) = FuzzThemes.pick(using: &rng)
        let min = app.minimumSize
        let size = Size(width: rng.int(min.width...min.width + 220), height: rng.int(min.height...min.height + 70))
        // The keys that follow act on a screen of this size, as in the shell.
        harness.size = size
        return (renderProblem(size: size, theme: theme).map { "key \(keysSent), \(size): \($0)" }, unicode)
    }

    public var recentDescription: String { recent.map { "\($0)".debugDescription }.joined(separator: " ") }

    /// The loop of every app's fuzz test: bursts of keys (`keys`) until `total` are sent, each
    /// key given to `key` (which moves the clock, delivers it and says what is wrong), then
    /// `burst` after each burst, `check` every `checkEvery` bursts and at the end (a restart
    /// from what was saved, typically; it is told the burst's number), and a render at a
    /// random size every 250 bursts (`rendered` is told whether its theme drew Unicode).
    /// The first problem ends the run: it comes back with the key count and the last keys.
    public mutating func run(total: Int, using rng: inout FuzzRandom,
                             keys: (inout FuzzRandom, App) -> [Key],
                             key: (inout Self, Key, inout FuzzRandom) -> String?,
                             burst: (Self) -> Void = { _ in },
                             checkEvery: Int = 500,
                             check: (inout Self, Int) -> String?,
                             rendered: (Self, Bool) -> Void = { _, _ in }) -> (problem: String?, renders: Int) {
        var step = 0, renders = 0
        while keysSent < total {
            for k in keys(&rng, app) {
                if let p = key(&self, k, &rng) { return ("key \(keysSent): \(p); last keys: \(recentDescription)", renders) }
            }
            step += 1
            burst(self)
            if step % checkEvery == 0 || keysSent >= total, let p = check(&self, step) {
                return ("key \(keysSent): \(p); last keys: \(recentDescription)", renders)
            }
            if step % 250 == 0 {
                let (problem, unicode) = renderProblemAtRandomSize(using: &rng)
                if let problem { return ("\(problem); last keys: \(recentDescription)", renders) }
                rendered(self, unicode)
                renders += 1
            }
        }
        return (nil, renders)
    }
}

/// Themes to render with: colour and monochrome, Unicode and ASCII glyphs.
public enum FuzzThemes {
    public static func pick(using rng: inout FuzzRandom) -> (theme: Theme, unicode: Bool) {
        let unicode = rng.chance(0.7)
        var t = rng.chance(0.5) ? Theme.builtinDefault : Theme.mono
        if rng.chance(0.3) { t = t.monochrome }
        return (t.withGlyphs(unicode ? .unicode : .ascii), unicode)
    }
}
