import Testing
import TerminiTestSupport
@testable import TerminiCore
@testable import TerminiScreen

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
    /// Also reads the made-up controls whose numbers are characters (ESC r n, ESC d n, ESC e n,
    /// ESC = row column, each number 32 more), as the reference runs' odd terminal has them.
    var charactersForNumbers = false

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
                if charactersForNumbers, i + 2 < bytes.count {
                    let n = Int(bytes[i + 2]) - 32
                    switch bytes[i + 1] {
                    case UInt8(ascii: "r"): csi("\(n)", "C", [n]); i += 3; continue
                    case UInt8(ascii: "d"): csi("\(n)", "B", [n]); i += 3; continue
                    case UInt8(ascii: "e"): csi("\(n)", "X", [n]); i += 3; continue
                    case UInt8(ascii: "=") where i + 3 < bytes.count:
                        csi("", "H", [n + 1, Int(bytes[i + 3]) - 32 + 1]); i += 4; continue
                    default: break
                    }
                }
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
            case 9: x = min(width - 1, (x / 8 + 1) * 8); pendingWrap = false  // tab stops every 8 columns
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
        case "@":
            // ich: n blanks at the cursor, the rest of the row pushed right (its end falls off).
            // The blanks keep the pen's foreground, as pyte does (xterm drops it; a blank
            // shows neither), never a background or an attribute, which terminals differ in.
            if !pen.attributes.isEmpty || pen.background != -1 { unknown.append("ich with the pen \(pen)") }
            cutsWide(at: x, "ich")
            cutsWide(at: width - n, "ich (the end that falls off)")
            let row = y * width
            for xx in stride(from: width - 1, through: x + n, by: -1) { cells[row + xx] = cells[row + xx - n] }
            for xx in x..<min(width, x + n) { cells[row + xx] = Glyph(text: " ", foreground: pen.foreground, background: -1) }
        case "P":
            // dch: n cells at the cursor deleted, the rest of the row pulled left, blanks at its end.
            if !pen.attributes.isEmpty || pen.background != -1 { unknown.append("dch with the pen \(pen)") }
            cutsWide(at: x, "dch")
            cutsWide(at: x + n, "dch")
            let row = y * width
            for xx in x..<width { cells[row + xx] = xx + n < width ? cells[row + xx + n] : Glyph(text: " ", foreground: pen.foreground, background: -1) }
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

    /// Terminals differ in what they do with a wide character cut in two by inserting or
    /// deleting characters: the writer must never cut one.
    mutating func cutsWide(at column: Int, _ what: String) {
        if column > 0, column < width, cells[y * width + column].text == "" { unknown.append("\(what) cuts the wide character at (\(column - 1),\(y))") }
    }

    /// Terminals differ in what an erase keeps of the pen (xterm the background colour, others
    /// the colours and attributes too), so the writer must erase with a plain pen.
    mutating func erasing() {
        if pen != Glyph() { unknown.append("erase with the pen \(pen)") }
    }

    /// What the screen shows against what `canvas` says it should, cell by cell.
    /// `shown` are the attributes the terminal has (others are drawn plainly); with
    /// `lastCellWritten` false the bottom-right cell (and a wide character reaching it) is not
    /// compared: a terminal that wraps at once never has it written.
    func mismatches(_ canvas: Canvas, depth: ColorDepth, unicode: Bool = true, shown: Attributes = [.bold, .dim, .italic, .underline, .reverse],
                    lastCellWritten: Bool = true) -> [String] {
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
                    want.text = String(Character(Unicode.Scalar(ScreenWriter.asciiByte(c.scalar?.value ?? 63))))
                }
                want.attributes = c.style.attributes.intersection(shown)
                want.foreground = Palette.index(for: c.style.foreground, depth: depth)
                want.background = Palette.index(for: c.style.background, depth: depth)
                let got = cells[yy * width + xx]
                if !lastCellWritten && yy == height - 1 && (xx == width - 1 || (xx == width - 2 && c.isWide)) { continue }
                if got != want { out.append("(\(xx),\(yy)): \(got) != \(want)") }
            }
        }
        return out
    }
}

@Suite struct ScreenWriterTests {
    /// The umpire's test: in ASCII (`--ascii`, `LANG=C`) accented names were `J?rgen Gro?`,
    /// `Zo? ?rger`; a Latin letter is sent as its letter without the accent.
    @Test func anAccentedLetterIsItsLetterInASCII() {
        let bytes = "Jürgen Groß, Zoë Ärger, Łódź, 民".unicodeScalars.map { ScreenWriter.asciiByte($0.value) }
        #expect(String(decoding: bytes, as: UTF8.self) == "Jurgen Gros, Zoe Arger, Lodz, ?")
        #expect(ScreenWriter.latinBases.count == 0x180 - 0xC0)
    }

    static let styles: [Style] = [
        .plain, Style(foreground: .indexed(1)), Style(foreground: .indexed(4), attributes: .bold),
        Style(foreground: .indexed(200), background: .indexed(17)), Style(background: .indexed(2)),
        Style(attributes: [.reverse]), Style(attributes: [.underline, .dim]), Style(foreground: .indexed(9), attributes: .italic),
        Style(foreground: .default, background: .default),
    ]
    static let texts = ["a", "hello", " ", "  ", "│", "─┼─", "民", "權x", "é", "e\u{301}", "👍🏽", "🇫🇷", "█▀▄", "12:34", "€3.50"]

    /// A canvas changed from `base` in a few random places, the way frames change.
    func mutate(_ base: Canvas, _ rng: inout FuzzRandom, edits: Int) -> Canvas {
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
        var rng = FuzzRandom(seed: seed)
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

    /// A jump right that passes tab stops takes tabs (a byte each) where the terminal has them
    /// and they are not expanded to spaces; without them, the old controls.
    @Test func rightwardJumpsTakeTabs() {
        var writer = ScreenWriter(controls: .xterm())
        var a = Canvas(width: 40, height: 2)
        a.put("A", x: 1, y: 0, style: .plain)
        var out: [UInt8] = []
        writer.frame(a, into: &out)
        var b = a
        b.put("B", x: 16, y: 0, style: .plain)
        b.put("C", x: 34, y: 0, style: .plain)
        out = []
        writer.frame(b, into: &out)
        var term = MiniTerminal(width: 40, height: 2)
        // From column 2 to 16: two tabs (not \e[14C); from 17 to 34: two tabs to 32, two
        // blanks again (not \e[17C).
        #expect(String(decoding: out, as: UTF8.self) == "\t\tB\t\t  C")
        var untabbed = TerminalControls.xterm()
        untabbed.tab = nil
        var w2 = ScreenWriter(controls: untabbed)
        out = []
        w2.frame(a, into: &out)
        term.feed(out)
        out = []
        w2.frame(b, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[14CB\u{1b}[17CC")
        term.feed(out)
        #expect(term.unknown == [] && term.mismatches(b, depth: .palette256) == [])
    }

    /// A block whose rows moved sideways (a sandbag shaken a column left, then two right) is
    /// moved on the terminal: a column of deletes and a column of inserts (ich/dch), the rest
    /// of each row where it was, and only the cells that still differ written.
    @Test func aBlockMovedSidewaysIsShiftedOnTheTerminal() {
        func bag(at x: Int) -> Canvas {
            var c = Canvas(width: 40, height: 8)
            for y in 0..<8 { c.put("│", x: 0, y: y, style: .plain); c.put("│", x: 39, y: y, style: .plain) }
            c.put("╭─────────╮", x: x, y: 1, style: Style(foreground: .indexed(160)))
            for y in 2..<6 { c.put("│░░░░░░░░░│", x: x, y: y, style: Style(foreground: .indexed(160))) }
            c.put("╰─────────╯", x: x, y: 6, style: Style(foreground: .indexed(160)))
            c.put("+1", x: x + 13, y: 3, style: .plain)
            return c
        }
        for kind in ["xterm", "no line feeds"] {
            let controls = kind == "xterm" ? TerminalControls.xterm(lineFeedReturns: false) : TerminalControls.xterm(lineFeedReturns: nil)
            var writer = ScreenWriter(controls: controls)
            var term = MiniTerminal(width: 40, height: 8, lineFeedReturns: false)
            var plain = TerminalControls.xterm(lineFeedReturns: false)
            plain.insertCharacters = nil
            var rewriting = ScreenWriter(controls: plain)
            var out: [UInt8] = [], other: [UInt8] = []
            for x in [3, 2, 4, 3] {
                let canvas = bag(at: x)
                out = []
                other = []
                writer.frame(canvas, into: &out)
                rewriting.frame(canvas, into: &other)
                term.feed(out)
                #expect(term.unknown == [], "\(kind)")
                #expect(term.mismatches(canvas, depth: .palette256) == [], "\(kind)")
            }
            // The last move, a column left: six rows' cells deleted at column 2 and inserted
            // at 13, where the cells were written before (with line feeds, in half the bytes).
            #expect(out.count * (kind == "xterm" ? 2 : 3) < other.count * (kind == "xterm" ? 1 : 2), "\(kind): \(out.count) bytes against \(other.count)")
        }
        var writer = ScreenWriter(controls: .xterm(lineFeedReturns: false))
        var out: [UInt8] = []
        writer.frame(bag(at: 3), into: &out)
        out = []
        writer.frame(bag(at: 2), into: &out)
        let sent = String(decoding: out, as: UTF8.self)
        // Deletes down column 2 (a line feed only moves down), cup to column 13, inserts down
        // it, then the "+1" beside the bag, which moved a column too, written.
        #expect(sent == "\u{1b}[2;3H" + String(repeating: "\u{1b}[P\n", count: 5) + "\u{1b}[P\u{1b}[2;14H"
                + String(repeating: "\u{1b}[1@\n", count: 5) + "\u{1b}[1@\u{1b}[3A  +1 ", "\(sent.debugDescription)")
    }

    /// Random rows with wide characters and clusters, random segments of them moved a few
    /// columns either way and a few cells changed: the screen is the canvas after every frame,
    /// and no wide character is ever cut by an insert or a delete.
    @Test func shiftedRowsLeaveTheScreenAsTheCanvas() {
        var shifts = 0
        for seed in UInt64(500)...560 {
            var rng = FuzzRandom(seed: seed)
            let lineFeeds: Bool? = [true, false, nil][Int(seed % 3)]
            var writer = ScreenWriter(controls: .xterm(lineFeedReturns: lineFeeds))
            let w = Int.random(in: 12...50, using: &rng), h = Int.random(in: 2...9, using: &rng)
            var term = MiniTerminal(width: w, height: h, lineFeedReturns: lineFeeds ?? true)
            var canvas = Canvas(width: w, height: h)
            for f in 0..<40 {
                if f == 0 || Int.random(in: 0..<8, using: &rng) == 0 {
                    for y in 0..<h {
                        var x = 0
                        while x < w {
                            let t = Self.texts.randomElement(using: &rng) ?? "x"
                            canvas.put(t, x: x, y: y, style: Self.styles.randomElement(using: &rng) ?? .plain)
                            x += Int.random(in: 1...4, using: &rng)
                        }
                    }
                } else {
                    // A block of rows: the same segment moved by the same columns in each.
                    let y0 = Int.random(in: 0..<h, using: &rng), y1 = Int.random(in: y0..<h, using: &rng)
                    let a = Int.random(in: 0..<(w - 2), using: &rng), b = Int.random(in: (a + 1)..<w, using: &rng)
                    let k = Int.random(in: 1...4, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
                    let before = canvas
                    for y in y0...y1 {
                        var x = a
                        while x < b {
                            let cell = before.compactCell(x: x, y: y)
                            if !cell.isContinuation, x + k >= 0, x + k + cell.width <= w {
                                canvas.put(before.text(of: cell), x: x + k, y: y, style: cell.style)
                            }
                            x += max(1, cell.width)
                        }
                        if k > 0 { canvas.fill(Rect(x: a, y: y, width: min(k, w - a), height: 1)) }
                    }
                    canvas = mutate(canvas, &rng, edits: Int.random(in: 0...2, using: &rng))
                }
                var out: [UInt8] = []
                writer.frame(canvas, into: &out)
                let sent = String(decoding: out, as: UTF8.self)
                if sent.contains("\u{1b}[P") || sent.contains("P\u{1b}[") { shifts += 1 }
                term.feed(out)
                let bad = term.mismatches(canvas, depth: .palette256)
                #expect(bad.isEmpty && term.unknown.isEmpty && !term.scrolled,
                        "frame \(f) of seed \(seed): \((term.unknown + bad.prefix(4)).joined(separator: "; "))")
                if !bad.isEmpty || !term.unknown.isEmpty { break }
            }
        }
        // The runs do move cells on the terminal, often.
        #expect(shifts > 100, "\(shifts) frames with shifts")
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
        // sgr0 without its \e(B after the repaint, which sent the whole of it.
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[0;1;7mc")
        var c = b
        c.put("d", x: 3, y: 0, style: Style(foreground: .indexed(178), attributes: [.bold]))
        out = []
        writer.frame(c, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1b}[0;1;38;5;178md")
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

    /// sgr0 is sent whole (xterm's designates ASCII as the G0 set first, \e(B) at every
    /// repaint, and without the designation in the frames after it; an entry whose sgr0 does
    /// not start so is always sent whole.
    @Test func sgr0IsWholeAtEveryRepaint() {
        func frames(_ controls: TerminalControls) -> [String] {
            var writer = ScreenWriter(controls: controls)
            var a = Canvas(width: 10, height: 1)
            a.put("ab", x: 0, y: 0, style: Style(attributes: .bold))
            var b = a
            b.put("c", x: 2, y: 0, style: .plain)
            var sent: [String] = []
            for (canvas, lost) in [(a, false), (b, false), (a, false), (b, true), (a, false)] {
                if lost { writer.invalidate() }
                var out: [UInt8] = []
                writer.frame(canvas, into: &out)
                sent.append(String(decoding: out, as: UTF8.self))
            }
            return sent
        }
        let xterm = frames(.xterm())
        #expect(xterm[0].hasPrefix("\u{1b}(B\u{1b}[m\u{1b}[H\u{1b}[2J"))
        #expect(xterm[1] == "\u{1b}[mc")
        #expect(xterm[3].hasPrefix("\u{1b}(B\u{1b}[m\u{1b}[H\u{1b}[2J"))
        #expect([xterm[1], xterm[2], xterm[4]].allSatisfy { !$0.contains("\u{1b}(B") && !$0.isEmpty })
        var vt100 = TerminalControls.xterm(depth: .monochrome)
        vt100.resetAttributes = Array("\u{1b}[m\u{0f}".utf8)
        let other = frames(vt100)
        #expect(other[1] == "\u{1b}[m\u{0f}c")
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

    /// A kind of terminal the reference runs are made for, with the seeds of its run.
    struct ReferenceKind {
        var name: String
        var controls: TerminalControls
        var seeds: ClosedRange<UInt64>
        var frames = 60
        var size = (23, 7)
        /// How the emulator reads a line feed: as the tty makes it (a return too, unless the
        /// terminal's line feed only moves down).
        var lineFeedReturns = true
    }

    /// Terminals of every kind the writer chooses for (line feeds with and without the tty's
    /// return, none; cup alone; ASCII; controls no template fits; a wide screen).
    static var referenceKinds: [ReferenceKind] {
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
        return [
            ReferenceKind(name: "xterm", controls: .xterm(), seeds: 1...20),
            ReferenceKind(name: "line feeds only move down", controls: .xterm(lineFeedReturns: false), seeds: 21...30, lineFeedReturns: false),
            ReferenceKind(name: "no line feeds", controls: .xterm(lineFeedReturns: nil), seeds: 31...40),
            ReferenceKind(name: "cup alone", controls: cupOnly, seeds: 41...50),
            ReferenceKind(name: "ASCII", controls: .xterm(depth: .ansi8, unicode: false), seeds: 51...60),
            ReferenceKind(name: "characters for numbers", controls: odd, seeds: 61...70),
            ReferenceKind(name: "wraps at once, no msgr", controls: noMargins, seeds: 71...80),
            ReferenceKind(name: "120x40", controls: .xterm(depth: .ansi16), seeds: 81...84, frames: 30, size: (120, 40)),
        ]
    }

    /// Each frame of the reference runs, its bytes, and the canvas they must show.
    func referenceRun(_ kind: ReferenceKind, _ body: (_ seed: UInt64, _ frame: Int, _ bytes: [UInt8], _ canvas: Canvas) -> Void) {
        for seed in kind.seeds {
            var rng = FuzzRandom(seed: seed)
            var writer = ScreenWriter(controls: kind.controls)
            var canvas = Canvas(width: kind.size.0, height: kind.size.1)
            for f in 0..<kind.frames {
                canvas = mutate(canvas, &rng, edits: Int.random(in: 0...6, using: &rng))
                if f == kind.frames / 2 { writer.invalidate() }
                var out: [UInt8] = []
                writer.frame(canvas, into: &out)
                body(seed, f, out, canvas)
            }
        }
    }

    /// The bytes of long seeded runs for terminals of every kind, against what the writer sent
    /// when its choices were last made on purpose (tabs, and cells moved sideways by ich/dch,
    /// for the terminals that have them). A change that only makes the writer faster must
    /// leave these as they are: the terminal receives the same bytes. A change of what is
    /// sent changes them on purpose, and says so (and `theReferenceRunsShowTheCanvas` holds
    /// the screens they make to the canvases).
    @Test func theBytesSentAreTheReferenceRunsBytes() {
        let runs: [(String, String)] = Self.referenceKinds.map { kind in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325, count = 0
            referenceRun(kind) { _, _, out, _ in
                for b in out { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
                count += out.count
            }
            return (kind.name, "\(count) \(String(hash, radix: 16))")
        }
        // Before tabs, shifts and the short sgr0 (main cb14989): xterm 90413, line feeds only
        // move down 47489, no line feeds 47766, cup alone 30818, ASCII 38822, characters for
        // numbers 40528, wraps at once 47212, 120x40 11620 bytes.
        let expected: [(String, String)] = [
            ("xterm", "80912 e8635db083bd9d35"),
            ("line feeds only move down", "42506 a0a201a63ccd1255"),
            ("no line feeds", "42970 bab7206494e5ddd2"),
            ("cup alone", "28097 57b7feabba8a2dcc"),
            // The same bytes but for é, sent as e rather than ? (an accented letter in ASCII).
            ("ASCII", "34106 e4e65de31795ecb9"),
            ("characters for numbers", "35435 d112f2654eb37f19"),
            ("wraps at once, no msgr", "42326 8d609ab14e53e01e"),
            ("120x40", "10519 c2daee535c6771bf"),
        ]
        #expect(runs.map { "\($0.0): \($0.1)" } == expected.map { "\($0.0): \($0.1)" })
    }

    /// The screen each frame of the reference runs makes, read back by the emulator, is the
    /// canvas: for every kind of terminal, so a change of the reference bytes changes how
    /// the screen is reached, never what it shows.
    @Test func theReferenceRunsShowTheCanvas() {
        for kind in Self.referenceKinds {
            var term = MiniTerminal(width: kind.size.0, height: kind.size.1, lineFeedReturns: kind.lineFeedReturns)
            term.charactersForNumbers = kind.name == "characters for numbers"
            var failure: String?
            referenceRun(kind) { seed, f, out, canvas in
                guard failure == nil else { return }
                if f == 0 { term = { var t = MiniTerminal(width: kind.size.0, height: kind.size.1, lineFeedReturns: kind.lineFeedReturns); t.charactersForNumbers = term.charactersForNumbers; return t }() }
                term.feed(out)
                let c = kind.controls
                var shown: Attributes = []
                for (a, control) in [(Attributes.bold, c.bold), (.dim, c.dim), (.italic, c.italic), (.underline, c.underline), (.reverse, c.reverse)] where control != nil {
                    shown.insert(a)
                }
                let bad = term.mismatches(canvas, depth: c.depth, unicode: c.unicode, shown: shown, lastCellWritten: c.eatsNewline || !c.autoMargins)
                if !bad.isEmpty || !term.unknown.isEmpty || term.scrolled {
                    failure = "\(kind.name), seed \(seed), frame \(f): " + (term.unknown + bad.prefix(4)).joined(separator: "; ") + (term.scrolled ? " (scrolled)" : "")
                }
            }
            #expect(failure == nil, "\(failure ?? "")")
        }
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
        var rng = FuzzRandom(seed: 7)
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
