import Testing
@testable import TerminiCore

/// A small terminal of the xterm family, enough to read back what `ScreenWriter` sends:
/// cursor addressing and motion, line feed (with or without the tty's carriage return),
/// erasing, the SGR attributes and colours, UTF-8 text of one or two cells, the pending wrap
/// at the last column. Anything else it does not know fails the test.
struct MiniTerminal {
    struct Glyph: Equatable, CustomStringConvertible {
        var text = " "
        var attributes: Attributes = []
        var foreground = -1
        var background = -1
        var description: String { "\(text.debugDescription) \(attributes.rawValue) \(foreground)/\(background)" }
    }
    let width: Int, height: Int
    var cells: [Glyph]
    var x = 0, y = 0
    var pendingWrap = false
    var pen = Glyph()
    let lineFeedReturns: Bool
    var unknown: [String] = []
    var scrolled = false

    init(width: Int, height: Int, lineFeedReturns: Bool = true) {
        self.width = width
        self.height = height
        self.lineFeedReturns = lineFeedReturns
        cells = Array(repeating: Glyph(), count: width * height)
        // A screen the writer knows nothing of: it must clear it itself.
        for i in cells.indices { cells[i].text = "#" }
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        func params(_ s: String) -> [Int] { s.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 } }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1b {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "(") { i += 3; continue }
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else { unknown.append("ESC"); i += 1; continue }
                var j = i + 2
                while j < bytes.count, !(0x40...0x7e).contains(bytes[j]) { j += 1 }
                let p = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                let final = Character(Unicode.Scalar(bytes[j]))
                csi(p, final, params(p))
                i = j + 1
                continue
            }
            switch b {
            case 13: x = 0; pendingWrap = false
            case 10:
                if y == height - 1 { scrolled = true } else { y += 1 }
                if lineFeedReturns { x = 0 }
                pendingWrap = false
            case 8: if x > 0 { x -= 1 }; pendingWrap = false
            case 0x20...:
                // A character: a scalar and what joins it (marks, joiners, modifiers), as a
                // terminal puts them into one cell.
                func scalar(at k: Int) -> (String, Int) {
                    let c = bytes[k]
                    let n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2
                    return (String(decoding: bytes[k..<min(bytes.count, k + n)], as: UTF8.self), n)
                }
                var (text, n) = scalar(at: i)
                var k = i + n
                while k < bytes.count, bytes[k] >= 0x20, bytes[k] != 0x7f, bytes[k] != 0x1b {
                    let (next, m) = scalar(at: k)
                    guard (text + next).count == 1 else { break }
                    text += next
                    k += m
                }
                put(text, width: DisplayWidth.of(Character(text)))
                i = k
                continue
            default: unknown.append("byte \(b)")
            }
            i += 1
        }
    }

    mutating func put(_ text: String, width w: Int) {
        if pendingWrap {
            x = 0
            if y == height - 1 { scrolled = true } else { y += 1 }
            pendingWrap = false
        }
        var g = pen
        g.text = text
        cells[y * width + x] = g
        if w == 2, x + 1 < width { cells[y * width + x + 1] = Glyph(text: "", attributes: g.attributes, foreground: g.foreground, background: g.background) }
        if x + w >= width { pendingWrap = true } else { x += w }
    }

    mutating func csi(_ raw: String, _ final: Character, _ p: [Int]) {
        let n = max(1, p.first ?? 1)
        pendingWrap = false
        switch final {
        case "H": y = max(1, p.first ?? 1) - 1; x = max(1, p.count > 1 ? p[1] : 1) - 1
        case "G": x = n - 1
        case "d": y = n - 1
        case "C": x = min(width - 1, x + n)
        case "D": x = max(0, x - n)
        case "B": y = min(height - 1, y + n)
        case "A": y = max(0, y - n)
        case "K":
            erasing()
            for xx in x..<width { cells[y * width + xx] = Glyph(text: " ", foreground: -1, background: pen.background) }
        case "X":
            // ech: n cells from the cursor on, which stays where it is.
            erasing()
            for xx in x..<min(width, x + n) { cells[y * width + xx] = Glyph(text: " ", foreground: -1, background: pen.background) }
        case "J" where raw == "2":
            erasing()
            for i in cells.indices { cells[i] = Glyph(text: " ", foreground: -1, background: pen.background) }
        case "m":
            var k = 0
            let ps = p.isEmpty ? [0] : p
            while k < ps.count {
                switch ps[k] {
                case 0: pen = Glyph()
                case 1: pen.attributes.insert(.bold)
                case 2: pen.attributes.insert(.dim)
                case 3: pen.attributes.insert(.italic)
                case 4: pen.attributes.insert(.underline)
                case 7: pen.attributes.insert(.reverse)
                case 30...37: pen.foreground = ps[k] - 30
                case 90...97: pen.foreground = ps[k] - 90 + 8
                case 40...47: pen.background = ps[k] - 40
                case 100...107: pen.background = ps[k] - 100 + 8
                case 39: pen.foreground = -1
                case 49: pen.background = -1
                case 38: pen.foreground = ps[k + 2]; k += 2
                case 48: pen.background = ps[k + 2]; k += 2
                default: unknown.append("SGR \(ps[k])")
                }
                k += 1
            }
        default: unknown.append("CSI \(raw)\(final)")
        }
    }

    /// Terminals differ in what an erase keeps of the pen (xterm the background colour, others
    /// the colours and attributes too), so the writer must erase with a plain pen.
    mutating func erasing() {
        if pen != Glyph() { unknown.append("erase with the pen \(pen)") }
    }

    /// What the screen shows against what `canvas` says it should, cell by cell.
    func mismatches(_ canvas: Canvas, depth: ColorDepth, unicode: Bool = true) -> [String] {
        var out: [String] = []
        for yy in 0..<height {
            for xx in 0..<width {
                let c = canvas.compactCell(x: xx, y: yy)
                var want = Glyph()
                if c.isContinuation {
                    want.text = unicode ? "" : "?"
                } else if unicode {
                    want.text = canvas.text(of: c)
                } else {
                    let v = c.scalar?.value ?? 63
                    want.text = v < 0x80 ? String(Character(Unicode.Scalar(v) ?? "?")) : "?"
                }
                want.attributes = c.style.attributes
                want.foreground = Palette.index(for: c.style.foreground, depth: depth)
                want.background = Palette.index(for: c.style.background, depth: depth)
                let got = cells[yy * width + xx]
                if got != want { out.append("(\(xx),\(yy)): \(got) != \(want)") }
            }
        }
        return out
    }
}

@Suite struct ScreenWriterTests {
    /// A seeded generator, so a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    static let styles: [Style] = [
        .plain, Style(foreground: .indexed(1)), Style(foreground: .indexed(4), attributes: .bold),
        Style(foreground: .indexed(200), background: .indexed(17)), Style(background: .indexed(2)),
        Style(attributes: [.reverse]), Style(attributes: [.underline, .dim]), Style(foreground: .indexed(9), attributes: .italic),
        Style(foreground: .default, background: .default),
    ]
    static let texts = ["a", "hello", " ", "  ", "│", "─┼─", "民", "權x", "é", "e\u{301}", "👍🏽", "🇫🇷", "█▀▄", "12:34", "€3.50"]

    /// A canvas changed from `base` in a few random places, the way frames change.
    func mutate(_ base: Canvas, _ rng: inout Seeded, edits: Int) -> Canvas {
        var c = base
        for _ in 0..<edits {
            let x = Int.random(in: 0..<c.width, using: &rng), y = Int.random(in: 0..<c.height, using: &rng)
            let style = Self.styles.randomElement(using: &rng) ?? .plain
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: c.fill(Rect(x: x, y: y, width: Int.random(in: 1...c.width, using: &rng), height: Int.random(in: 1...3, using: &rng)), style: style)
            case 1: c.fill(Rect(x: 0, y: y, width: c.width, height: 1))
            default: c.put(Self.texts.randomElement(using: &rng) ?? "x", x: x, y: y, style: style)
            }
        }
        return c
    }

    func check(_ controls: TerminalControls, lineFeedReturns: Bool = true, seed: UInt64, frames: Int = 60,
               size: (Int, Int) = (23, 7), dropSome: Bool = false) -> [String] {
        var rng = Seeded(state: seed)
        var writer = ScreenWriter(controls: controls)
        var term = MiniTerminal(width: size.0, height: size.1, lineFeedReturns: lineFeedReturns)
        var canvas = Canvas(width: size.0, height: size.1)
        for f in 0..<frames {
            canvas = mutate(canvas, &rng, edits: Int.random(in: 0...6, using: &rng))
            if f == frames / 2 { writer.invalidate() }
            if dropSome && Int.random(in: 0..<3, using: &rng) == 0 {
                // A frame worked out and never sent (the disk refused what it showed).
                let shown = writer.shown
                var dropped: [UInt8] = []
                writer.frame(mutate(canvas, &rng, edits: Int.random(in: 1...8, using: &rng)), into: &dropped)
                writer.restore(shown)
            }
            var out: [UInt8] = []
            writer.frame(canvas, into: &out)
            term.feed(out)
            let bad = term.mismatches(canvas, depth: controls.depth, unicode: controls.unicode)
            if !bad.isEmpty || !term.unknown.isEmpty || term.scrolled {
                return ["frame \(f) of seed \(seed): " + (term.unknown + bad.prefix(5)).joined(separator: "; ")
                        + (term.scrolled ? " (scrolled)" : "")]
            }
        }
        return []
    }

    @Test func everyFrameLeavesTheScreenAsTheCanvas() {
        for seed in UInt64(1)...40 {
            #expect(check(.xterm(), seed: seed) == [])
        }
    }

    /// `Terminal.drop`: a frame worked out ahead and not sent leaves the writer knowing the
    /// screen as it is, so the next frame's changes are worked out from what is shown.
    @Test func aFrameWorkedOutButNotSentLeavesNoTrace() {
        for seed in UInt64(300)...330 {
            #expect(check(.xterm(), seed: seed, dropSome: true) == [])
        }
    }

    @Test func aLineFeedWithoutCarriageReturnKeepsTheColumn() {
        for seed in UInt64(100)...120 {
            #expect(check(.xterm(lineFeedReturns: false), lineFeedReturns: false, seed: seed) == [])
        }
    }

    @Test func onlyCursorAddressingAndNoColours() {
        // A terminal with cup and nothing else to move by, no colours, no op, no el.
        let x = TerminalControls.xterm(depth: .monochrome)
        var c = TerminalControls(cursorAddress: x.cursorAddress, clearScreen: x.clearScreen, resetAttributes: x.resetAttributes,
                                 depth: .monochrome, unicode: true)
        c.bold = x.bold
        c.reverse = x.reverse
        c.underline = x.underline
        c.dim = x.dim
        c.italic = x.italic
        c.eatsNewline = true
        for seed in UInt64(200)...220 { #expect(check(c, seed: seed) == []) }
    }

    @Test func asciiTerminalsGetQuestionMarks() {
        for seed in UInt64(300)...320 { #expect(check(.xterm(depth: .ansi8, unicode: false), seed: seed) == []) }
    }

    @Test func largerScreensToo() {
        for seed in UInt64(400)...405 { #expect(check(.xterm(depth: .ansi16), seed: seed, frames: 30, size: (120, 40)) == []) }
    }

    @Test func aTerminalThatWrapsAtOnceNeverHasItsLastCellWritten() {
        var c = TerminalControls.xterm()
        c.eatsNewline = false
        var writer = ScreenWriter(controls: c)
        var canvas = Canvas(width: 4, height: 2)
        canvas.put("abcd", x: 0, y: 1, style: .plain)
        var out: [UInt8] = []
        writer.frame(canvas, into: &out)
        var term = MiniTerminal(width: 4, height: 2)
        term.feed(out)
        #expect(!term.scrolled)
        #expect(term.cells[4...6].map(\.text) == ["a", "b", "c"])
        #expect(term.cells[7].text == " ")
    }

    /// Short gaps are sent again rather than jumped; far ones are jumped with the shortest
    /// control; a row that ends blank is cleared with el.
    @Test func theCheapestMotion() {
        var writer = ScreenWriter(controls: .xterm())
        var a = Canvas(width: 40, height: 3)
        a.put("0123456789012345678901234567890", x: 0, y: 0, style: .plain)
        var out: [UInt8] = []
        writer.frame(a, into: &out)
        var b = a
        b.put("X", x: 2, y: 0, style: .plain)
        b.put("Y", x: 4, y: 0, style: .plain)
        b.put("Z", x: 30, y: 0, style: .plain)
        out = []
        writer.frame(b, into: &out)
        // After the first frame the cursor is at (31, 0): back to column 2 by a return and
        // "01" again (3 bytes; \e[3G is 4), X, the 3 again, Y, then 25 columns right.
        #expect(String(decoding: out, as: UTF8.self) == "\r01X3Y\u{1b}[25CZ")
        var c = b
        c.fill(Rect(x: 5, y: 0, width: 35, height: 1))
        out = []
        writer.frame(c, into: &out)
        // From column 31 to 5: \e[6G (4 bytes; \e[26D is 5), then the rest of the row erased.
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[6G\u{1b}[K")
    }

    /// A run of blanks inside a row (the row's end is not blank, so el cannot do it) is erased
    /// with ech and jumped over when that is shorter than its spaces; a short one is sent.
    @Test func blanksInsideARowAreErased() {
        var writer = ScreenWriter(controls: .xterm())
        var a = Canvas(width: 40, height: 2)
        a.put("No match. Your next flip turns these", x: 1, y: 0, style: .plain)
        a.put("|", x: 39, y: 0, style: .plain)
        a.put("|", x: 39, y: 1, style: .plain)
        var out: [UInt8] = []
        writer.frame(a, into: &out)
        var term = MiniTerminal(width: 40, height: 2)
        term.feed(out)
        var b = a
        b.fill(Rect(x: 1, y: 0, width: 38, height: 1))
        b.put("ok", x: 1, y: 1, style: .plain)
        out = []
        writer.frame(b, into: &out)
        term.feed(out)
        #expect(term.unknown == [])
        #expect(term.mismatches(b, depth: .palette256) == [])
        // The cursor is not known (the last frame ended at the last column): addressed, the 36
        // cells of text erased, then down a line and the blank first cell again to "ok".
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[1;2H\u{1b}[36X\n ok")
        var c = b
        c.put("abcdef", x: 10, y: 1, style: .plain)
        out = []
        writer.frame(c, into: &out)
        var d = c
        d.fill(Rect(x: 10, y: 1, width: 6, height: 1))
        out = []
        writer.frame(d, into: &out)
        // Six spaces are shorter than \e[6X and a jump: sent as they are.
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[6D      ")
        // A terminal without ech gets spaces.
        var plainControls = TerminalControls.xterm()
        plainControls.eraseCharacters = nil
        var w2 = ScreenWriter(controls: plainControls)
        out = []
        w2.frame(a, into: &out)
        out = []
        w2.frame(b, into: &out)
        #expect(String(decoding: out, as: UTF8.self).contains(String(repeating: " ", count: 36)))
    }

    /// Attributes and colours set together are one control sequence, and a return to the
    /// terminal's own colours takes sgr0 or op, whichever is shorter with what follows.
    @Test func attributesInOneSequence() {
        var writer = ScreenWriter(controls: .xterm())
        var a = Canvas(width: 10, height: 1)
        a.put("ab", x: 0, y: 0, style: Style(foreground: .indexed(244)))
        var out: [UInt8] = []
        writer.frame(a, into: &out)
        var b = a
        b.put("c", x: 2, y: 0, style: Style(attributes: [.bold, .reverse]))
        out = []
        writer.frame(b, into: &out)
        // Before: \e[39;49m\e[1m\e[7m (16 bytes).
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}(B\u{1b}[0;1;7mc")
        var c = b
        c.put("d", x: 3, y: 0, style: Style(foreground: .indexed(178), attributes: [.bold]))
        out = []
        writer.frame(c, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}(B\u{1b}[0;1;38;5;178md")
        // An entry without sgr0 gets op, never an empty reset taken for one.
        var noReset = TerminalControls.xterm()
        noReset.resetAttributes = []
        var w3 = ScreenWriter(controls: noReset)
        out = []
        w3.frame(a, into: &out)
        out = []
        w3.frame(Self.withBold(a), into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[39;49;1mc")
        var term = MiniTerminal(width: 10, height: 1)
        var w2 = ScreenWriter(controls: .xterm())
        for canvas in [a, b, c] {
            out = []
            w2.frame(canvas, into: &out)
            term.feed(out)
            #expect(term.mismatches(canvas, depth: .palette256) == [])
        }
    }

    static func withBold(_ canvas: Canvas) -> Canvas {
        var c = canvas
        c.put("c", x: 2, y: 0, style: Style(attributes: [.bold]))
        return c
    }

    @Test func templatesMatchTheExpansion() {
        let cup = ParameterizedControl(arity: 2) { a, b in Array("\u{1b}[\(a + 1);\(b + 1)H".utf8) }
        #expect(cup.bytes(4, 9) == Array("\u{1b}[5;10H".utf8))
        #expect(cup.length(99, 199) == Array("\u{1b}[100;200H".utf8).count)
        // A form no template fits (characters for numbers) is expanded as it is.
        let odd = ParameterizedControl(arity: 2) { a, b in [0x1b, 0x3d, UInt8(truncatingIfNeeded: 32 + a), UInt8(truncatingIfNeeded: 32 + b)] }
        #expect(odd.bytes(3, 5) == [0x1b, 0x3d, 35, 37])
        let swapped = ParameterizedControl(arity: 2) { a, b in Array("\u{1b}&a\(b)c\(a)Y".utf8) }
        #expect(swapped.bytes(7, 12) == Array("\u{1b}&a12c7Y".utf8))
    }

    /// The bytes of long seeded runs, for terminals of every kind the writer chooses for
    /// (line feeds with and without the tty's return, none; cup alone; ASCII; controls no
    /// template fits; a wide screen), against what the writer sent when its choices were last
    /// made on purpose (main 6119176). A change that only makes the writer faster must leave
    /// these as they are: the terminal receives the same bytes. A change of what is sent
    /// changes them on purpose, and says so.
    @Test func theBytesSentAreTheReferenceRunsBytes() {
        func digest(_ controls: TerminalControls, seeds: ClosedRange<UInt64>, frames: Int = 60, size: (Int, Int) = (23, 7)) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325, count = 0
            for seed in seeds {
                var rng = Seeded(state: seed)
                var writer = ScreenWriter(controls: controls)
                var canvas = Canvas(width: size.0, height: size.1)
                for f in 0..<frames {
                    canvas = mutate(canvas, &rng, edits: Int.random(in: 0...6, using: &rng))
                    if f == frames / 2 { writer.invalidate() }
                    var out: [UInt8] = []
                    writer.frame(canvas, into: &out)
                    for b in out { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
                    count += out.count
                }
            }
            return "\(count) \(String(hash, radix: 16))"
        }
        let x = TerminalControls.xterm(depth: .monochrome)
        var cupOnly = TerminalControls(cursorAddress: x.cursorAddress, clearScreen: x.clearScreen, resetAttributes: x.resetAttributes,
                                       depth: .monochrome, unicode: true)
        cupOnly.bold = x.bold
        cupOnly.reverse = x.reverse
        cupOnly.eatsNewline = true
        // Motions whose numbers are characters (no template fits), and no column or row address.
        var odd = TerminalControls.xterm(depth: .ansi16)
        odd.right = ParameterizedControl(arity: 1) { a, _ in [0x1b, UInt8(ascii: "r"), UInt8(truncatingIfNeeded: 32 + a)] }
        odd.down = ParameterizedControl(arity: 1) { a, _ in [0x1b, UInt8(ascii: "d"), UInt8(truncatingIfNeeded: 32 + a)] }
        odd.eraseCharacters = ParameterizedControl(arity: 1) { a, _ in [0x1b, UInt8(ascii: "e"), UInt8(truncatingIfNeeded: 32 + a)] }
        odd.cursorAddress = ParameterizedControl(arity: 2) { a, b in [0x1b, UInt8(ascii: "="), UInt8(truncatingIfNeeded: 32 + a), UInt8(truncatingIfNeeded: 32 + b)] }
        odd.columnAddress = nil
        odd.rowAddress = nil
        odd.originalColors = nil
        var noMargins = TerminalControls.xterm()
        noMargins.eatsNewline = false
        noMargins.moveInAttributes = false
        let runs: [(String, String)] = [
            ("xterm", digest(.xterm(), seeds: 1...20)),
            ("line feeds only move down", digest(.xterm(lineFeedReturns: false), seeds: 21...30)),
            ("no line feeds", digest(.xterm(lineFeedReturns: nil), seeds: 31...40)),
            ("cup alone", digest(cupOnly, seeds: 41...50)),
            ("ASCII", digest(.xterm(depth: .ansi8, unicode: false), seeds: 51...60)),
            ("characters for numbers", digest(odd, seeds: 61...70)),
            ("wraps at once, no msgr", digest(noMargins, seeds: 71...80)),
            ("120x40", digest(.xterm(depth: .ansi16), seeds: 81...84, frames: 30, size: (120, 40))),
        ]
        let expected: [(String, String)] = [
            ("xterm", "90413 b997d83de0820c9c"),
            ("line feeds only move down", "47489 f7e2bb5e1084888"),
            ("no line feeds", "47766 d6bc65c358a6a4e2"),
            ("cup alone", "30818 c0c2afb8ca82f9cb"),
            ("ASCII", "38822 816ee20643a9e42d"),
            ("characters for numbers", "40528 e2a9cf59f6d7cf38"),
            ("wraps at once, no msgr", "47212 7b79fd9d4d4a72e3"),
            ("120x40", "11620 157b48b547c2b4a4"),
        ]
        #expect(runs.map { "\($0.0): \($0.1)" } == expected.map { "\($0.0): \($0.1)" })
    }

    /// The writer weighs motions by its own arithmetic on the controls' templates: the same
    /// lengths as the controls' bytes, for every control and numbers small and large.
    @Test func motionLengthsAreTheControlsBytes() {
        let x = TerminalControls.xterm()
        let swapped = ParameterizedControl(arity: 2) { a, b in Array("\u{1b}&a\(b)c\(a + 1)Y".utf8) }
        let odd = ParameterizedControl(arity: 1) { a, _ in [0x1b, UInt8(truncatingIfNeeded: 32 + a)] }
        var c = x
        c.cursorAddress = swapped
        c.down = odd
        c.up = nil
        var writer = ScreenWriter(controls: c), xterm = ScreenWriter(controls: x)
        typealias LengthForm = ScreenWriter.LengthForm
        #expect(LengthForm(odd) == .asked && LengthForm(nil) == .absent && writer.length(.up, 3) == nil)
        var rng = Seeded(state: 7)
        for _ in 0..<2000 {
            let a = Int.random(in: 0...(Bool.random(using: &rng) ? 12 : 12_000), using: &rng)
            let b = Int.random(in: 0...(Bool.random(using: &rng) ? 12 : 12_000), using: &rng)
            #expect(writer.length(.cursorAddress, a, b) == swapped.bytes(a, b).count)
            #expect(writer.length(.down, a % 200) == odd.bytes(a % 200).count)
            #expect(xterm.length(.cursorAddress, a, b) == x.cursorAddress.bytes(a, b).count)
            for (m, control) in [(ScreenWriter.Motion.columnAddress, x.columnAddress), (.rowAddress, x.rowAddress), (.right, x.right),
                                 (.left, x.left), (.down, x.down), (.up, x.up)] {
                #expect(xterm.length(m, a) == control?.bytes(a).count)
            }
        }
    }

    /// A blank, read from the style's words, is the definition: a space with no attribute and
    /// each colour the terminal's own or inherited.
    @Test func blanksReadFromTheWordsAreTheDefinitions() {
        let colors: [Color] = [.default, .inherit, .indexed(0), .indexed(1), .indexed(255), .rgb(0, 0, 0), .rgb(0, 0, 1), .rgb(255, 255, 255)]
        for f in colors {
            for b in colors {
                for a in [0, 1, 2, 4, 8, 16, 32, 64, 128, 255] {
                    let style = Style(foreground: f, background: b, attributes: Attributes(rawValue: UInt8(a)))
                    for scalar: Unicode.Scalar in [" ", "x", "\u{3000}"] {
                        let cell = CompactCell(scalar, style: style)
                        let definition = scalar == " " && style.attributes.isEmpty && (b == .default || b == .inherit) && (f == .default || f == .inherit)
                        #expect(ScreenWriter.isBlank(cell) == definition, "\(style) \(scalar)")
                    }
                    #expect(!ScreenWriter.isBlank(.continuation(style)))
                }
            }
        }
    }
}
