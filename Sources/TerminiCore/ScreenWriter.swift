#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminfo string with numeric parameters (`cup`, `cuf`, `setaf` ...), expanded without
/// `tparm` where its form allows: most are a prefix, a decimal number, maybe a separator and a
/// second number, and a suffix, which is worked out once by probing the expansion; any other
/// form (conditionals, characters for numbers) is expanded by the terminal library once per
/// argument and remembered.
public final class ParameterizedControl {
    private let expand: (Int, Int) -> [UInt8]
    /// The template's numbers without its bytes, for `length`: weighing a motion reads these
    /// without retaining the parts.
    private let shape: (offsets: (Int, Int), swapped: Bool, arity: Int, fixed: Int)?
    private var cache: [Int: [UInt8]] = [:]
    /// The expansions of one small parameter (a colour index), by the parameter.
    private var small: [[UInt8]?] = []

    /// The template's parts and numbers each on its own, for `append` (read from a tuple,
    /// each use retained the array of parts and the part).
    private let prefix: [UInt8], middle: [UInt8], suffix: [UInt8]
    private let offsetA: Int, offsetB: Int, swapped: Bool, two: Bool

    /// `expand(p1, p2)` gives the control with its parameters; `arity` is 1 or 2. `terminfo`,
    /// the control as its terminfo entry writes it, is read for its template when it is one of
    /// the plain forms (`\E[%i%p1%d;%p2%dH`, `\E[%p1%dC`): probing the expansion of each of a
    /// start's controls a dozen times through the terminal library cost 0.4 M instructions.
    public init(arity: Int, terminfo: [UInt8]? = nil, expand: @escaping (Int, Int) -> [UInt8]) {
        self.expand = expand
        // prefix, between, suffix; `swapped` when the second parameter is printed first.
        let template = terminfo.flatMap { ParameterizedControl.plainTemplate($0, arity: arity) } ?? ParameterizedControl.infer(arity: arity, expand)
        shape = template.map { t in (t.offsets, t.swapped, t.arity, t.parts[0].count + t.parts[1].count + t.parts[2].count) }
        prefix = template?.parts[0] ?? []
        middle = template?.parts[1] ?? []
        suffix = template?.parts[2] ?? []
        offsetA = template?.offsets.0 ?? 0
        offsetB = template?.offsets.1 ?? 0
        swapped = template?.swapped ?? false
        two = template?.arity == 2
    }

    /// The bytes of the control for these parameters.
    public func bytes(_ a: Int, _ b: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        append(a, b, to: &out)
        return out
    }

    public func append(_ a: Int, _ b: Int = 0, to out: inout [UInt8]) {
        if shape != nil {
            let (first, second) = swapped ? (b + offsetB, a + offsetA) : (a + offsetA, b + offsetB)
            // Byte by byte: the parts are a few bytes, where appending an array costs a copy call.
            for i in prefix.indices { out.append(prefix[i]) }
            ParameterizedControl.appendNumber(first, to: &out)
            if two {
                for i in middle.indices { out.append(middle[i]) }
                ParameterizedControl.appendNumber(second, to: &out)
            }
            for i in suffix.indices { out.append(suffix[i]) }
            return
        }
        out.append(contentsOf: cached(a, b))
    }

    /// `appendDecimal`, the numbers of a screen (under 1000) without recursion.
    @inline(__always)
    static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        let zero = UInt8(ascii: "0")
        if n >= 0 && n < 10 {
            out.append(zero + UInt8(n))
        } else if n >= 10 && n < 100 {
            out.append(zero + UInt8(n / 10))
            out.append(zero + UInt8(n % 10))
        } else if n >= 100 && n < 1000 {
            out.append(zero + UInt8(n / 100))
            out.append(zero + UInt8(n / 10 % 10))
            out.append(zero + UInt8(n % 10))
        } else {
            appendDecimal(n, to: &out)
        }
    }

    /// How many bytes `append(a, b)` writes.
    public func length(_ a: Int, _ b: Int = 0) -> Int {
        if let t = shape {
            let (first, second) = t.swapped ? (b + t.offsets.1, a + t.offsets.0) : (a + t.offsets.0, b + t.offsets.1)
            // `fixed` counts the middle part too, which is empty for one parameter.
            var n = t.fixed + ParameterizedControl.digits(first)
            if t.arity == 2 { n += ParameterizedControl.digits(second) }
            return n
        }
        return cached(a, b).count
    }

    /// The numbers `length` adds, for a writer that weighs motions as plain arithmetic; nil
    /// when no template fits (then only `length` knows).
    var lengthForm: ScreenWriter.LengthForm? {
        guard let t = shape, let fixed = Int32(exactly: t.fixed), let a = Int8(exactly: t.offsets.0), let b = Int8(exactly: t.offsets.1) else { return nil }
        return ScreenWriter.LengthForm(fixed: fixed, offsetA: a, offsetB: b, two: t.arity == 2)
    }

    private func cached(_ a: Int, _ b: Int) -> [UInt8] {
        if b == 0, a >= 0, a < 256 {
            if small.isEmpty { small = Array(repeating: nil, count: 256) }
            if let c = small[a] { return c }
            let c = expand(a, 0)
            small[a] = c
            return c
        }
        let key = a << 16 | (b & 0xffff)
        if let c = cache[key] { return c }
        let c = expand(a, b)
        cache[key] = c
        return c
    }

    static func digits(_ n: Int) -> Int {
        var n = n, d = 1
        if n < 0 { n = -n; d += 1 }
        while n >= 10 { n /= 10; d += 1 }
        return d
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(-n, to: &out)
            return
        }
        if n >= 10 { appendDecimal(n / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    /// The template of a terminfo string made only of bytes that stand for themselves, `%%`,
    /// `%i` (both parameters one more) and each parameter printed once as a decimal
    /// (`%p1%d`, `%p2%d`): what `infer` finds by probing such a string's expansion. Anything
    /// else (padding, conditionals, arithmetic, characters for numbers, a parameter twice or
    /// not at all) is nil, and left to `infer`.
    static func plainTemplate(_ t: [UInt8], arity: Int) -> (parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int)? {
        guard arity == 1 || arity == 2 else { return nil }
        var parts: [[UInt8]] = [[]]
        var order: [Int] = []
        var offset = 0
        var i = 0
        let percent = UInt8(ascii: "%")
        while i < t.count {
            let c = t[i]
            if c == UInt8(ascii: "$"), i + 1 < t.count, t[i + 1] == UInt8(ascii: "<") { return nil }  // padding
            guard c == percent else {
                parts[parts.count - 1].append(c)
                i += 1
                continue
            }
            guard i + 1 < t.count else { return nil }
            switch t[i + 1] {
            case percent:
                parts[parts.count - 1].append(percent)
                i += 2
            case UInt8(ascii: "i"):
                // Once, before any parameter is printed (it changes the parameters from there on).
                guard offset == 0, order.isEmpty else { return nil }
                offset = 1
                i += 2
            case UInt8(ascii: "p"):
                guard i + 4 < t.count, t[i + 3] == percent, t[i + 4] == UInt8(ascii: "d") else { return nil }
                let n = Int(t[i + 2]) - Int(UInt8(ascii: "0"))
                guard n >= 1, n <= arity, !order.contains(n) else { return nil }
                order.append(n)
                parts.append([])
                i += 5
            default:
                return nil
            }
        }
        guard order.count == arity else { return nil }
        if arity == 1 { return ([parts[0], [], parts[1]], (offset, 0), false, 1) }
        return ([parts[0], parts[1], parts[2]], (offset, offset), order == [2, 1], 2)
    }

    /// The template of a control whose expansion is prefix, number(, between, number), suffix,
    /// with each number its parameter or one more (`%i`); checked against the real expansion at
    /// many values, so a form it does not fit is never guessed.
    private static func infer(arity: Int, _ expand: (Int, Int) -> [UInt8]) -> (parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int)? {
        let probe = expand(523, arity == 2 ? 617 : 0)
        func find(_ n: Int, in bytes: [UInt8]) -> (Int, Int)? {
            let d = Array(String(n).utf8)
            guard bytes.count >= d.count else { return nil }
            for i in 0...(bytes.count - d.count) where Array(bytes[i..<i + d.count]) == d { return (i, d.count) }
            return nil
        }
        var candidates: [(parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int)] = []
        for o1 in 0...1 {
            guard let (i1, l1) = find(523 + o1, in: probe) else { continue }
            if arity == 1 {
                candidates.append(([Array(probe[..<i1]), [], Array(probe[(i1 + l1)...])], (o1, 0), false, 1))
                continue
            }
            for o2 in 0...1 {
                guard let (i2, l2) = find(617 + o2, in: probe) else { continue }
                if i1 + l1 <= i2 {
                    candidates.append(([Array(probe[..<i1]), Array(probe[(i1 + l1)..<i2]), Array(probe[(i2 + l2)...])], (o1, o2), false, 2))
                } else if i2 + l2 <= i1 {
                    candidates.append(([Array(probe[..<i2]), Array(probe[(i2 + l2)..<i1]), Array(probe[(i1 + l1)...])], (o1, o2), true, 2))
                }
            }
        }
        let samples = [(0, 0), (1, 2), (7, 9), (9, 10), (10, 99), (23, 79), (99, 100), (59, 199), (100, 299), (1000, 4)]
        for c in candidates {
            let fits = samples.allSatisfy { a, b in
                var out: [UInt8] = []
                let (first, second) = c.swapped ? (b + c.offsets.1, a + c.offsets.0) : (a + c.offsets.0, b + c.offsets.1)
                out += c.parts[0]
                appendDecimal(first, to: &out)
                if c.arity == 2 {
                    out += c.parts[1]
                    appendDecimal(second, to: &out)
                }
                out += c.parts[2]
                return out == expand(a, arity == 2 ? b : 0)
            }
            if fits { return c }
        }
        return nil
    }
}

/// What a terminal can be told, read from its terminfo entry: the controls the screen writer
/// chooses between, each nil when the terminal lacks it (only `cup` is required). The writer
/// reads its fields in place (never a copy of the whole: two dozen references to retain).
public struct TerminalControls {
    public var cursorAddress: ParameterizedControl
    public var columnAddress: ParameterizedControl?
    public var rowAddress: ParameterizedControl?
    public var right: ParameterizedControl?
    public var rightOne: [UInt8]?
    public var leftOne: [UInt8]?
    public var left: ParameterizedControl?
    public var down: ParameterizedControl?
    /// cud1, unless it is a line feed (which `lineFeedReturns` describes).
    public var downOne: [UInt8]?
    public var up: ParameterizedControl?
    public var upOne: [UInt8]?
    public var carriageReturn: [UInt8]?
    /// What a line feed does: false when it only moves down (cud1 is `\n` and the tty adds no
    /// carriage return), true when the tty turns it into CR LF; nil to never send one.
    public var lineFeedReturns: Bool?
    public var clearScreen: [UInt8]
    public var clearToEndOfLine: [UInt8]?
    /// ech: blanks n cells from the cursor on, leaving the cursor where it is.
    public var eraseCharacters: ParameterizedControl?
    /// ht and the columns between the terminal's tab stops (`it`): a tab moves right to the
    /// next stop without writing. Nil when the terminal has none or the tty expands tabs into
    /// spaces (which would overwrite the cells passed).
    public var tab: [UInt8]?
    public var tabWidth = 0
    /// ich and dch (and dch1): n blank cells inserted at the cursor, the rest of the row pushed
    /// right, or n cells deleted there, the rest pulled left; the cursor stays.
    public var insertCharacters: ParameterizedControl?
    public var deleteCharacters: ParameterizedControl?
    public var deleteOne: [UInt8]?
    public var resetAttributes: [UInt8]
    public var bold: [UInt8]?
    public var dim: [UInt8]?
    public var reverse: [UInt8]?
    public var underline: [UInt8]?
    public var italic: [UInt8]?
    /// setaf / setab (or setf / setb, with the caller mapping the colour order); nil for none.
    public var foreground: ParameterizedControl?
    public var background: ParameterizedControl?
    /// op: both colours back to the terminal's own.
    public var originalColors: [UInt8]?
    /// am: writing the last column wraps; xenl: only at the next character.
    public var autoMargins: Bool
    public var eatsNewline: Bool
    /// msgr: the cursor may move while attributes are on.
    public var moveInAttributes: Bool
    /// Attributes the terminal cannot show together with colours (ncv), in `Attributes` bits.
    public var noColorAttributes: Attributes
    public var depth: ColorDepth
    /// False: every character is sent as ASCII ("?" for what is not).
    public var unicode: Bool

    public init(cursorAddress: ParameterizedControl, clearScreen: [UInt8], resetAttributes: [UInt8], depth: ColorDepth, unicode: Bool) {
        self.cursorAddress = cursorAddress
        self.clearScreen = clearScreen
        self.resetAttributes = resetAttributes
        self.depth = depth
        self.unicode = unicode
        autoMargins = true
        eatsNewline = false
        moveInAttributes = false
        noColorAttributes = []
    }

    /// The controls of an ANSI terminal of the xterm family (for tests and as a reference).
    public static func xterm(depth: ColorDepth = .palette256, unicode: Bool = true, lineFeedReturns: Bool? = true) -> TerminalControls {
        func csi(_ final: String, offset: Int = 0) -> ParameterizedControl {
            ParameterizedControl(arity: 1) { a, _ in Array("\u{1b}[\(a + offset)\(final)".utf8) }
        }
        var c = TerminalControls(cursorAddress: ParameterizedControl(arity: 2) { a, b in Array("\u{1b}[\(a + 1);\(b + 1)H".utf8) },
                                 clearScreen: Array("\u{1b}[H\u{1b}[2J".utf8), resetAttributes: Array("\u{1b}(B\u{1b}[m".utf8),
                                 depth: depth, unicode: unicode)
        c.columnAddress = csi("G", offset: 1)
        c.rowAddress = csi("d", offset: 1)
        c.right = csi("C")
        c.rightOne = Array("\u{1b}[C".utf8)
        c.left = csi("D")
        c.leftOne = [8]
        c.down = csi("B")
        c.up = csi("A")
        c.upOne = Array("\u{1b}[A".utf8)
        c.carriageReturn = [13]
        c.lineFeedReturns = lineFeedReturns
        c.clearToEndOfLine = Array("\u{1b}[K".utf8)
        c.eraseCharacters = csi("X")
        c.tab = [9]
        c.tabWidth = 8
        c.insertCharacters = csi("@")
        c.deleteCharacters = csi("P")
        c.deleteOne = Array("\u{1b}[P".utf8)
        c.bold = Array("\u{1b}[1m".utf8)
        c.dim = Array("\u{1b}[2m".utf8)
        c.reverse = Array("\u{1b}[7m".utf8)
        c.underline = Array("\u{1b}[4m".utf8)
        c.italic = Array("\u{1b}[3m".utf8)
        if depth != .monochrome {
            c.foreground = ParameterizedControl(arity: 1) { i, _ in Array((i < 8 ? "\u{1b}[3\(i)m" : i < 16 ? "\u{1b}[9\(i - 8)m" : "\u{1b}[38;5;\(i)m").utf8) }
            c.background = ParameterizedControl(arity: 1) { i, _ in Array((i < 8 ? "\u{1b}[4\(i)m" : i < 16 ? "\u{1b}[10\(i - 8)m" : "\u{1b}[48;5;\(i)m").utf8) }
            c.originalColors = Array("\u{1b}[39;49m".utf8)
        }
        c.autoMargins = true
        c.eatsNewline = true
        c.moveInAttributes = true
        return c
    }
}

/// Turns a canvas into the bytes that change the terminal's screen from the last frame to it:
/// the changed cells, each reached by the cheapest of the cursor motions the terminal has (or
/// by sending again the few unchanged cells in between), attributes and colours changed only
/// where they differ. It keeps what it knows of the terminal between frames: the cursor, the
/// attributes in force, and the screen (the last canvas).
public struct ScreenWriter {
    public let controls: TerminalControls
    private var last: Canvas?
    /// Where the cursor is, when known (after the last column it is not: the wrap is pending).
    private var cursor: (x: Int, y: Int)?
    /// The look in force, when known.
    private var current: Look?
    private var looks: [Style: Look] = [:]
    /// The styles last looked up, 64 places each found by mixing the style's words: a screen
    /// has a few dozen styles, found there without hashing (then in `looks`).
    /// Empty until the first look is kept: a writer made to stand in while the terminal's own
    /// is lent to a frame worked out ahead (one a frame) allocates nothing.
    private var recentLooks: [(style: Style, look: Look)?] = []
    private var lastStyle = Style.plain
    private var lastLook = Look.plain

    /// How a style is drawn: attributes and the palette indexes of its colours (-1: the
    /// terminal's own).
    struct Look: Equatable {
        var attributes: Attributes
        var foreground: Int16
        var background: Int16
        static let plain = Look(attributes: [], foreground: -1, background: -1)
        /// The look as one number: a key for the changes already worked out.
        var packed: UInt64 {
            UInt64(attributes.rawValue) << 32 | UInt64(UInt16(bitPattern: foreground)) << 16 | UInt64(UInt16(bitPattern: background))
        }
    }
    /// The bytes of each change of look worked out so far (from an unknown look: `from` all
    /// ones). A frame changes between a handful of looks, the same ones frame after frame;
    /// the bytes depend only on the two looks and the terminal.
    private var changes: [LookChange: [UInt8]] = [:]
    /// The changes last made, 64 places found by mixing the two looks: looked up there without
    /// hashing (then in `changes`).
    private var recentChanges: [(change: LookChange, bytes: [UInt8])?] = []
    struct LookChange: Hashable {
        var from: UInt64
        var to: UInt64
    }

    public init(controls: TerminalControls) {
        self.controls = controls
        addressForm = LengthForm(controls.cursorAddress)
        columnForm = LengthForm(controls.columnAddress)
        rowForm = LengthForm(controls.rowAddress)
        rightForm = LengthForm(controls.right)
        leftForm = LengthForm(controls.left)
        downForm = LengthForm(controls.down)
        upForm = LengthForm(controls.up)
        rightOneCost = controls.rightOne?.count ?? -1
        leftOneCost = controls.leftOne?.count ?? -1
        downOneCost = controls.downOne?.count ?? -1
        upOneCost = controls.upOne?.count ?? -1
        returnCost = controls.carriageReturn?.count ?? -1
        let sgr0 = controls.resetAttributes, designateASCII: [UInt8] = [0x1b, UInt8(ascii: "("), UInt8(ascii: "B")]
        resetInFrame = sgr0.count > 3 && Array(sgr0.prefix(3)) == designateASCII ? Array(sgr0.dropFirst(3)) : sgr0
        tabCost = controls.tabWidth > 0 ? controls.tab?.count ?? -1 : -1
        tabWidth = max(1, controls.tabWidth)
    }

    // MARK: Weighing motions

    /// How the writer weighs a control with numbers, in one word: its fixed bytes and the
    /// offsets of its parameters (`length` adds the digits of each, which is printed first
    /// does not change the sum), or that the terminal lacks it, or that no template fits (then
    /// the control is asked).
    struct LengthForm: Equatable {
        var fixed: Int32
        var offsetA: Int8
        var offsetB: Int8
        var two: Bool
        static let absent = LengthForm(fixed: -1, offsetA: 0, offsetB: 0, two: false)
        static let asked = LengthForm(fixed: -2, offsetA: 0, offsetB: 0, two: false)

        init(fixed: Int32, offsetA: Int8, offsetB: Int8, two: Bool) {
            self.fixed = fixed
            self.offsetA = offsetA
            self.offsetB = offsetB
            self.two = two
        }

        init(_ control: ParameterizedControl?) {
            guard let control else { self = .absent; return }
            self = control.lengthForm ?? .asked
        }

        @inline(__always)
        func length(_ a: Int, _ b: Int) -> Int {
            Int(fixed) + ScreenWriter.digits(a + Int(offsetA)) + (two ? ScreenWriter.digits(b + Int(offsetB)) : 0)
        }
    }

    /// The lengths of the motion controls as plain numbers, read once from `controls`:
    /// weighing a motion (a frame weighs dozens, each several ways) then adds integers, with
    /// no control's reference retained and no call made. Each is a word of its own (read from
    /// a struct of them, the whole struct was copied at each look-up).
    private let addressForm, columnForm, rowForm, rightForm, leftForm, downForm, upForm: LengthForm
    /// The bytes of cuf1, cub1, cud1, cuu1 and cr; -1 when the terminal lacks it.
    private let rightOneCost, leftOneCost, downOneCost, upOneCost, returnCost: Int
    /// sgr0 as the writer sends it after a repaint: without the designation of ASCII as the G0
    /// character set that xterm's entry starts it with (`\e(B`), since the repaint sent the
    /// whole of sgr0 and the writer never designates another set (it draws no alternate
    /// characters: without UTF-8, what is not ASCII is sent as "?"). Every time the screen is
    /// lost (start, resize, suspend, `invalidate`) the next frame is a repaint.
    private let resetInFrame: [UInt8]
    /// The bytes of ht (-1 without tabs) and the columns between tab stops.
    private let tabCost: Int, tabWidth: Int
    /// False while cells are being inserted or deleted: the screen is then between the last
    /// frame and this one, so no motion may send cells again.
    private var resendAllowed = true
    /// For each row of the frame being worked out, the first column that differs from the
    /// screen (-1: none), found while looking for shifts and handed to the diff so that it
    /// does not look again; kept between frames so as not to allocate.
    private var firstChanges: [Int32] = []

    enum Motion { case cursorAddress, columnAddress, rowAddress, right, left, down, up }

    /// The bytes of `motion` with these parameters (what `append` would write), or nil when
    /// the terminal lacks it.
    @inline(__always)
    mutating func length(_ motion: Motion, _ a: Int, _ b: Int = 0) -> Int? {
        let f: LengthForm
        switch motion {
        case .cursorAddress: f = addressForm
        case .columnAddress: f = columnForm
        case .rowAddress: f = rowForm
        case .right: f = rightForm
        case .left: f = leftForm
        case .down: f = downForm
        case .up: f = upForm
        }
        if f.fixed >= 0 { return f.length(a, b) }
        return f.fixed == -1 ? nil : askedLength(motion, a, b)
    }

    /// cup's length (every terminal the writer drives has it).
    @inline(__always)
    mutating func addressLength(_ y: Int, _ x: Int) -> Int { length(.cursorAddress, y, x) ?? controls.cursorAddress.length(y, x) }

    /// A length no template gives: the control's own answer (out of line: the rare terminal).
    @inline(never)
    mutating func askedLength(_ motion: Motion, _ a: Int, _ b: Int) -> Int? {
        switch motion {
        case .cursorAddress: return controls.cursorAddress.length(a, b)
        case .columnAddress: return controls.columnAddress?.length(a, b)
        case .rowAddress: return controls.rowAddress?.length(a, b)
        case .right: return controls.right?.length(a, b)
        case .left: return controls.left?.length(a, b)
        case .down: return controls.down?.length(a, b)
        case .up: return controls.up?.length(a, b)
        }
    }

    /// A one-byte-or-so control's length, nil when the terminal lacks it.
    @inline(__always)
    static func present(_ n: Int) -> Int? { n < 0 ? nil : n }

    /// The digits of n as `ParameterizedControl.digits` counts them, the usual sizes by
    /// comparison.
    @inline(__always)
    static func digits(_ n: Int) -> Int {
        if n >= 0 && n < 10 { return 1 }
        if n >= 0 && n < 100 { return 2 }
        if n >= 0 && n < 1000 { return 3 }
        return ParameterizedControl.digits(n)
    }

    /// Forgets what the screen shows: the next frame clears it and draws everything.
    public mutating func invalidate() {
        last = nil
        cursor = nil
        current = nil
    }

    /// What the writer knows of the screen, kept before a frame worked out ahead of its
    /// sending (`Terminal.frameAhead`) and put back (`restore`) if it is not sent after all.
    public struct Shown {
        let last: Canvas?
        let cursor: (x: Int, y: Int)?
        let current: Look?
    }
    public var shown: Shown { Shown(last: last, cursor: cursor, current: current) }
    public mutating func restore(_ shown: Shown) {
        (last, cursor, current) = (shown.last, shown.cursor, shown.current)
    }

    /// The bytes that put the attributes back to normal, if they may not be (before the
    /// terminal library takes over: on exit or suspend).
    public mutating func resetBytes() -> [UInt8] {
        guard current != .plain else { return [] }
        current = .plain
        return controls.resetAttributes
    }

    /// Appends to `out` what turns the screen into `canvas`; returns the cells sent.
    @discardableResult
    public mutating func frame(_ canvas: Canvas, into out: inout [UInt8]) -> Int {
        let repaint = last?.size != canvas.size
        if repaint {
            out += controls.resetAttributes
            out += controls.clearScreen
            current = .plain
            cursor = (0, 0)
        }
        var shown = repaint ? nil : last
        // Rows whose cells moved sideways are moved on the terminal first; `previous` is then
        // what the screen shows after that, which the cells are compared with.
        var known = false
        if shown != nil, controls.insertCharacters != nil, controls.deleteCharacters != nil {
            known = shiftRows(canvas, &shown, &out)
        }
        // A constant for the closure below (a variable captured there had the writer copied
        // at every changed cell).
        let previous = shown
        var sent = 0
        var skipRow = -1
        // Per row, where its blank end starts (worked out at the row's first change).
        var tailRow = -1, tailStart = Int.max
        let width = canvas.width, height = canvas.height
        let lastCellSkipped = controls.autoMargins && !controls.eatsNewline
        // Changes before this column of this row were erased with ech.
        var erasedRow = -1, erasedTo = 0
        // Read once, not at every changed cell (each read retains the bytes).
        let clearToEnd = previous == nil ? nil : controls.clearToEndOfLine
        let erase = previous == nil ? nil : controls.eraseCharacters
        // The fewest blanks ech can be worth it for: its shortest form and the shortest jump
        // over them. A run is worth weighing only if the cell that far on is blank too (a run
        // is blanks side by side), which spares the scan at most blanks between words.
        let fewest = erase.map { $0.length(1) + (controls.right?.length(1) ?? controls.cursorAddress.length(0, 0)) } ?? 0
        canvas.forEachChange(since: previous, firstChanges: known ? firstChanges : nil) { x, y, cell in
            if y == skipRow || (y == erasedRow && x < erasedTo) { return }
            if repaint && ScreenWriter.isBlank(cell) { return }
            // Writing the bottom-right cell would scroll a terminal that wraps at once.
            if lastCellSkipped && y == height - 1 && x + cell.width >= width { return }
            if let previous, let el = clearToEnd {
                if tailRow != y {
                    tailRow = y
                    tailStart = ScreenWriter.blankEnd(canvas, y)
                }
                if x >= tailStart, case let n = ScreenWriter.changes(canvas, previous, from: x, y: y), n > el.count {
                    move(to: x, y, canvas, &out)
                    setLook(.plain, &out)
                    out += el
                    sent += n
                    skipRow = y
                    return
                }
                // Not worth it from here: from any later change in the row it is less so.
                if x >= tailStart { tailStart = Int.max }
            }
            // Blanks inside the row: erased where they start, when that and a jump over them
            // are shorter than their spaces (the cursor stays; the next move starts from here).
            if let previous, let ech = erase, x + fewest < width, ScreenWriter.isBlank(cell),
               ScreenWriter.isBlank(canvas.compactCell(x: x + fewest, y: y)),
               case let (end, n) = ScreenWriter.blankRun(canvas, previous, from: x, y: y),
               end - x > ech.length(end - x) + (controls.right?.length(end - x) ?? controls.cursorAddress.length(y, end)) {
                move(to: x, y, canvas, &out)
                setLook(.plain, &out)
                ech.append(end - x, to: &out)
                sent += n
                (erasedRow, erasedTo) = (y, end)
                return
            }
            // The usual case, the next cell along in the look in force, answered here.
            if cursor == nil || cursor?.x != x || cursor?.y != y { move(to: x, y, canvas, &out) }
            let l = cell.style == lastStyle ? lastLook : look(cell.style)
            if current != l { setLook(l, &out) }
            glyph(cell, canvas, &out)
            sent += 1
            let next = x + cell.width
            cursor = next >= width || cell.isCluster ? nil : (next, y)
        }
        last = canvas
        return sent
    }

    // MARK: Moving cells sideways

    /// A move of part of a row by `count` cells, as the terminal does it: `count` cells deleted
    /// at column `delete` (the rest of the row pulled left), then `count` blanks inserted at
    /// column `insert` (the rest pushed right). With `insert` after `delete` the cells between
    /// move left; before it, they move right. Either way the row beyond both is where it was
    /// (what the delete pulled in at the row's end, the insert pushes out again) and the
    /// inserted blanks are at `insert`.
    struct Shift: Equatable {
        var delete: Int
        var insert: Int
        var count: Int
        /// The columns the shift changes.
        var low: Int { min(delete, insert) }
        var high: Int { max(delete, insert) + count }
    }

    /// Moves on the terminal the rows of `canvas` that are cells of `model` moved sideways (a
    /// box shaken left and right), block by block of rows moved alike: a column of deletes
    /// down the block, then a column of inserts, so that between rows the cursor only steps
    /// down. `model` becomes what the screen then shows. Only where the cells it spares
    /// writing outweigh the controls, and never cutting a wide character.
    /// Returns whether `firstChanges` holds the first change of every row.
    @inline(never)
    private mutating func shiftRows(_ canvas: Canvas, _ model: inout Canvas?, _ out: inout [UInt8]) -> Bool {
        guard var screen = model, screen.width == canvas.width, screen.height == canvas.height, canvas.width >= 8 else { return false }
        let unicode = controls.unicode
        if firstChanges.count != canvas.height { firstChanges = Array(repeating: -1, count: canvas.height) }
        var block: (shift: Shift, first: Int, last: Int, saved: Int)?
        var changed = false
        for y in 0...canvas.height {
            var own: (Shift, Int)?
            var extended = false
            let span = y < canvas.height ? ScreenWriter.changedSpan(canvas, screen, y: y, always: block?.last == y - 1) : nil
            if y < canvas.height { firstChanges[y] = Int32(span?.0 ?? -1) }
            if let span, span.1 - span.0 >= 5 {
                if let b = block, b.last == y - 1, case let s = ScreenWriter.saving(b.shift, canvas, screen, y: y, unicode: unicode), s > shiftCost(b.shift).perRow {
                    block?.last = y
                    block?.saved += s
                    extended = true
                } else {
                    own = ScreenWriter.candidate(canvas, screen, y: y, span: span).flatMap { shift in
                        let s = ScreenWriter.saving(shift, canvas, screen, y: y, unicode: unicode)
                        return s > 0 ? (shift, s) : nil
                    }
                }
            }
            if extended { continue }
            // Worth it when it spares clearly more than it costs (the saving is an estimate).
            if let b = block, case let cost = shiftCost(b.shift), 2 * b.saved > 3 * (cost.perRow * (b.last - b.first + 1) + cost.fixed) + 16 {
                perform(b.shift, rows: b.first...b.last, canvas, &screen, &out)
                changed = true
                // What differs in those rows now is looked for from their start.
                for r in b.first...b.last { firstChanges[r] = 0 }
            }
            block = own.map { ($0.0, y, y, $0.1) }
        }
        if changed { model = screen }
        return true
    }

    /// The first and last columns of row y that differ, if any: a row that did not change is
    /// passed at the speed of memcmp, and each end of one that did found eight bytes at a
    /// time (a rally frame changes a few rows, and every frame asks this of every row).
    /// Unless `always` (a block of shifted rows may go on here), the last is looked for only
    /// when the cells at the first change may have moved: three cells in a row, not blanks,
    /// found a few columns away in the screen (`candidate` checks both ends); else the span
    /// is the first column alone.
    static func changedSpan(_ canvas: Canvas, _ screen: Canvas, y: Int, always: Bool) -> (Int, Int)? {
        let width = canvas.width, row = y * width
        let stride = MemoryLayout<CompactCell>.stride, bytes = width * stride, start = row * stride
        return canvas.storage.withUnsafeBufferPointer { new in
            screen.storage.withUnsafeBufferPointer { old in
                guard let n = new.baseAddress.map(UnsafeRawPointer.init), let o = old.baseAddress.map(UnsafeRawPointer.init),
                      memcmp(n + start, o + start, bytes) != 0 else { return nil }
                @inline(__always) func differ(_ at: Int, _ words: Int) -> Bool {
                    var d: UInt64 = 0
                    for i in 0..<words {
                        d |= n.loadUnaligned(fromByteOffset: start + at + 8 * i, as: UInt64.self) ^ o.loadUnaligned(fromByteOffset: start + at + 8 * i, as: UInt64.self)
                    }
                    return d != 0
                }
                // Four words at a time, then one.
                var a = 0
                while a + 32 <= bytes, !differ(a, 4) { a += 32 }
                while a + 8 <= bytes, !differ(a, 1) { a += 8 }
                if !always {
                    var first = min(a / stride, width - 1)
                    while first < width - 1, new[row + first] == old[row + first] { first += 1 }
                    var moved = false
                    for k in 1...4 where first + k + 2 < width {
                        // Left: what is at first was k further right; right: what was at first is k further.
                        let (n0, o0) = (row + first, row + first + k)
                        let (n1, o1) = (row + first + k, row + first)
                        if (new[n0] == old[o0] && new[n0 + 1] == old[o0 + 1] && new[n0 + 2] == old[o0 + 2] && !isBlank(new[n0]))
                            || (new[n1] == old[o1] && new[n1 + 1] == old[o1 + 1] && new[n1 + 2] == old[o1 + 2] && !isBlank(old[o1])) {
                            moved = true
                            break
                        }
                    }
                    if !moved { return (first, first) }
                }
                var b = bytes
                while b - 32 >= a, !differ(b - 32, 4) { b -= 32 }
                while b - 8 >= a, !differ(b - 8, 1) { b -= 8 }
                // The cells holding the first and last bytes that differ, found cell by cell
                // from the words.
                var first = min(a / stride, width - 1), last = max(first, min((b - 1) / stride, width - 1))
                while first < last, new[row + first] == old[row + first] { first += 1 }
                while last > first, new[row + last] == old[row + last] { last -= 1 }
                return (first, last)
            }
        }
    }

    /// A shift that would turn the changed span of row y into the canvas's at both its ends:
    /// its cells moved left or right by 1 to 4 columns.
    static func candidate(_ canvas: Canvas, _ screen: Canvas, y: Int, span: (Int, Int)) -> Shift? {
        let (first, last) = span
        let width = canvas.width, row = y * width
        return canvas.storage.withUnsafeBufferPointer { new in
            screen.storage.withUnsafeBufferPointer { old in
                for k in 1...4 where last - first > k + 2 {
                    // Left: what was at first + k is at first, what was at last at last - k
                    // (and the cells next to them moved alike).
                    if new[row + first] == old[row + first + k], new[row + last - k] == old[row + last],
                       new[row + first + 1] == old[row + first + 1 + k], new[row + last - k - 1] == old[row + last - 1] {
                        let s = Shift(delete: first, insert: last - k + 1, count: k)
                        if cutsNothing(s, screen, y: y) { return s }
                    }
                    // Right: what was at first is at first + k, what was at last - k at last.
                    if new[row + first + k] == old[row + first], new[row + last] == old[row + last - k],
                       new[row + first + k + 1] == old[row + first + 1], new[row + last - 1] == old[row + last - k - 1] {
                        let s = Shift(delete: last - k + 1, insert: first, count: k)
                        if cutsNothing(s, screen, y: y) { return s }
                    }
                }
                return nil
            }
        }
    }

    /// Whether the shift leaves every wide character of row y whole: no delete or insert
    /// between its two halves (terminals differ in what they make of that).
    static func cutsNothing(_ s: Shift, _ screen: Canvas, y: Int) -> Bool {
        func whole(_ x: Int) -> Bool { x <= 0 || x >= screen.width || !screen.compactCell(x: x, y: y).isContinuation }
        // The insert's column, in the row as it is after the delete.
        let insertBefore = s.insert > s.delete ? s.insert + s.count : s.insert
        return whole(s.delete) && whole(s.delete + s.count) && whole(insertBefore) && s.high <= screen.width
    }

    /// Row y of `screen` after the shift, at column x, the inserted blanks `blank`.
    @inline(__always)
    static func shifted(_ s: Shift, _ old: UnsafeBufferPointer<CompactCell>, row: Int, x: Int, blank: CompactCell) -> CompactCell {
        if s.insert > s.delete {
            // Left: [delete, insert) holds what was count further right; then the blanks.
            if x >= s.delete && x < s.insert { return old[row + x + s.count] }
            if x >= s.insert && x < s.insert + s.count { return blank }
        } else {
            if x >= s.insert && x < s.insert + s.count { return blank }
            if x >= s.insert + s.count && x < s.delete + s.count { return old[row + x - s.count] }
        }
        return old[row + x]
    }

    /// About how many bytes of writing cells the shift spares in row y: the cells of the
    /// columns it changes that differ from the screen, before it and after, each run of them
    /// weighed as a jump to it (4 bytes), a change of colours where the style changes (6) and
    /// the cells' UTF-8. A character of several scalars never counts as matching.
    static func saving(_ s: Shift, _ canvas: Canvas, _ screen: Canvas, y: Int, unicode: Bool) -> Int {
        guard cutsNothing(s, screen, y: y) else { return 0 }
        let row = y * canvas.width
        let blank = insertedBlank(s, canvas, y: y)
        return canvas.storage.withUnsafeBufferPointer { new in
            screen.storage.withUnsafeBufferPointer { old in
                var before = 0, after = 0
                var inBefore = false, inAfter = false
                var styleBefore = Style.plain, styleAfter = Style.plain
                for x in s.low..<s.high {
                    let cell = new[row + x]
                    if cell == old[row + x] && !cell.isCluster {
                        inBefore = false
                    } else {
                        before += utf8Length(cell, unicode: unicode) + (inBefore ? 0 : 4) + (cell.style == styleBefore ? 0 : 6)
                        inBefore = true
                        styleBefore = cell.style
                    }
                    if cell == shifted(s, old, row: row, x: x, blank: blank) && !cell.isCluster {
                        inAfter = false
                    } else {
                        after += utf8Length(cell, unicode: unicode) + (inAfter ? 0 : 4) + (cell.style == styleAfter ? 0 : 6)
                        inAfter = true
                        styleAfter = cell.style
                    }
                }
                return before - after
            }
        }
    }

    /// The blank the inserts of a shift leave, as the canvas wants it at the insert's column
    /// of row y: a space in the canvas's style there when that style has no attribute and no
    /// background (a foreground only, which a blank does not show: a terminal keeps it on
    /// the blank, as pyte does, or drops it, as xterm does, and either shows the canvas);
    /// else a plain one.
    static func insertedBlank(_ s: Shift, _ canvas: Canvas, y: Int) -> CompactCell {
        let wanted = canvas.compactCell(x: s.insert, y: y)
        let style = wanted.style
        guard wanted.code == 0x20, style.attributes.isEmpty, style.background == .default || style.background == .inherit else { return .space(.plain) }
        return wanted
    }

    /// About the bytes of the controls of a shift: a delete and an insert and two steps down
    /// a row, and once the way from the column of deletes to the column of inserts.
    private mutating func shiftCost(_ s: Shift) -> (perRow: Int, fixed: Int) {
        let delete = s.count == 1 ? controls.deleteOne?.count ?? controls.deleteCharacters?.length(1) ?? 0 : controls.deleteCharacters?.length(s.count) ?? 0
        let insert = controls.insertCharacters?.length(s.count) ?? 0
        let down = controls.lineFeedReturns == false ? 1 : min(4, downOneCost < 0 ? 4 : downOneCost)
        return (delete + insert + 2 * down, addressLength(s.insert, s.insert) - 2 * down)
    }

    /// Carries out the shift on these rows and in `screen`: the deletes down the column, then
    /// the inserts, with the pen of the blank the canvas wants at the first row's insert (see
    /// `insertedBlank`: a foreground at most), no cell sent in between (the screen is then
    /// neither the last frame nor this one).
    private mutating func perform(_ s: Shift, rows: ClosedRange<Int>, _ canvas: Canvas, _ screen: inout Canvas, _ out: inout [UInt8]) {
        resendAllowed = false
        defer { resendAllowed = true }
        let blank = ScreenWriter.insertedBlank(s, canvas, y: rows.lowerBound)
        var pen = look(blank.style)
        if !pen.attributes.isEmpty || pen.background >= 0 { pen = .plain }
        let inserted = pen == .plain ? CompactCell.space(.plain) : blank
        for y in rows {
            move(to: s.delete, y, screen, &out)
            setLook(pen, &out)
            if s.count == 1, let one = controls.deleteOne { out += one } else { controls.deleteCharacters?.append(s.count, to: &out) }
        }
        for y in rows {
            move(to: s.insert, y, screen, &out)
            controls.insertCharacters?.append(s.count, to: &out)
        }
        let width = screen.width
        screen.storage.withUnsafeMutableBufferPointer { cells in
            for y in rows {
                let row = y * width
                if s.insert > s.delete {
                    for x in s.delete..<s.insert { cells[row + x] = cells[row + x + s.count] }
                    for x in s.insert..<(s.insert + s.count) { cells[row + x] = inserted }
                } else {
                    for x in stride(from: s.delete + s.count - 1, through: s.insert + s.count, by: -1) { cells[row + x] = cells[row + x - s.count] }
                    for x in s.insert..<(s.insert + s.count) { cells[row + x] = inserted }
                }
            }
        }
    }

    /// A space with no colour and no attribute: what a cleared screen holds.
    @inline(__always)
    static func isBlank(_ cell: CompactCell) -> Bool {
        // One scalar, a space, neither wide nor the second half of one: the code is 0x20 itself.
        guard cell.code == 0x20 else { return false }
        // No attribute bit in either word, each colour default (0) or inherit (1 << 24): the
        // words hold nothing else (no colour unpacked).
        return (cell.style.front | cell.style.back) & ~Color.inheritPacked == 0
    }

    /// Where the blank end of row y starts (the width when its last cell is not blank).
    static func blankEnd(_ canvas: Canvas, _ y: Int) -> Int {
        var x = canvas.width
        while x > 0, isBlank(canvas.compactCell(x: x - 1, y: y)) { x -= 1 }
        return x
    }

    /// How many cells of row y from x on differ from `previous`.
    static func changes(_ canvas: Canvas, _ previous: Canvas, from x: Int, y: Int) -> Int {
        var n = 0
        for xx in x..<canvas.width where canvas.compactCell(x: xx, y: y) != previous.compactCell(x: xx, y: y) { n += 1 }
        return n
    }

    /// The blank cells of row y from x on, up to the last of them that changed: where that
    /// run ends and how many of its cells changed. A stretch of 16 blanks that did not change
    /// ends it (a change after that starts a run of its own), so a wide blank row with a few
    /// changes is not scanned to its end at each of them.
    @inline(never)
    static func blankRun(_ canvas: Canvas, _ previous: Canvas, from x: Int, y: Int) -> (end: Int, changed: Int) {
        let width = canvas.width, row = y * width
        guard y >= 0, y < canvas.height, previous.width == width, previous.height == canvas.height else { return (x, 0) }
        // The cells read in place (a canvas's cell read by `compactCell` is checked and copied).
        return canvas.storage.withUnsafeBufferPointer { cells in
            previous.storage.withUnsafeBufferPointer { old in
                var end = x, changed = 0, xx = max(0, x)
                while xx < width, xx - end < 16 {
                    let cell = cells[row + xx]
                    guard isBlank(cell) else { break }
                    xx += 1
                    if cell != old[row + xx - 1] {
                        changed += 1
                        end = xx
                    }
                }
                return (end, changed)
            }
        }
    }

    // MARK: Characters

    /// Inlined, and `mutating` though it changes nothing: called out of line, or inlined
    /// as a non-mutating method at every place that sends cells, the writer was copied for it
    /// at every cell.
    @inline(__always)
    private mutating func glyph(_ cell: CompactCell, _ canvas: Canvas, _ out: inout [UInt8]) {
        guard controls.unicode else {
            let v = cell.scalar?.value ?? 63
            out.append(v < 0x80 && v >= 0x20 ? UInt8(v) : 63)  // "?"
            if cell.width == 2 { out.append(63) }
            return
        }
        if let s = cell.scalar {
            ScreenWriter.appendUTF8(s, to: &out)
        } else {
            out += canvas.text(of: cell).utf8
        }
    }

    @inline(__always)
    static func appendUTF8(_ s: Unicode.Scalar, to out: inout [UInt8]) {
        let v = s.value
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xc0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3f))
        case 0x800..<0x10000:
            out.append(UInt8(0xe0 | v >> 12))
            out.append(UInt8(0x80 | (v >> 6) & 0x3f))
            out.append(UInt8(0x80 | v & 0x3f))
        default:
            out.append(UInt8(0xf0 | v >> 18))
            out.append(UInt8(0x80 | (v >> 12) & 0x3f))
            out.append(UInt8(0x80 | (v >> 6) & 0x3f))
            out.append(UInt8(0x80 | v & 0x3f))
        }
    }

    static func utf8Length(_ cell: CompactCell, unicode: Bool) -> Int {
        guard unicode else { return cell.width }
        let v = cell.scalar?.value ?? 0x10000
        return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
    }

    // MARK: Attributes

    private mutating func look(_ style: Style) -> Look {
        if style == lastStyle { return lastLook }
        let l: Look
        // A screen has a few dozen styles: the recent ones are found by comparing two words
        // each, without hashing.
        let slot = ScreenWriter.slot(style)
        if !recentLooks.isEmpty, let known = recentLooks[slot], known.style == style {
            l = known.look
        } else if let known = looks[style] {
            l = known
            rememberRecent(style, known)
        } else {
            let depth = controls.depth
            let fg = controls.foreground == nil ? -1 : Palette.index(for: style.foreground, depth: depth)
            let bg = controls.background == nil ? -1 : Palette.index(for: style.background, depth: depth)
            var a = style.attributes.intersection([.bold, .dim, .reverse, .underline, .italic])
            if fg >= 0 || bg >= 0 { a.subtract(controls.noColorAttributes) }
            l = Look(attributes: a, foreground: Int16(fg), background: Int16(bg))
            looks[style] = l
            rememberRecent(style, l)
        }
        lastStyle = style
        lastLook = l
        return l
    }

    /// The look of a style already worked out, if it was.
    private mutating func knownLook(_ style: Style) -> Look? {
        if !recentLooks.isEmpty, let known = recentLooks[ScreenWriter.slot(style)], known.style == style { return known.look }
        return looks[style]
    }

    private mutating func rememberRecent(_ style: Style, _ look: Look) {
        if recentLooks.isEmpty { recentLooks = Array(repeating: nil, count: 64) }
        recentLooks[ScreenWriter.slot(style)] = (style, look)
    }

    /// The place of a style in `recentLooks`: its two words mixed (a multiplication, no hashing).
    @inline(__always)
    static func slot(_ style: Style) -> Int {
        Int(truncatingIfNeeded: ((UInt64(style.front) << 32 | UInt64(style.back)) &* 0x9e37_79b9_7f4a_7c15) >> 58)
    }

    /// The place of a change of look in `recentChanges`.
    @inline(__always)
    static func slot(_ change: LookChange) -> Int {
        Int(truncatingIfNeeded: ((change.from &* 0x9e37_79b9_7f4a_7c15) ^ change.to &* 0xc2b2_ae3d_27d4_eb4f) >> 58)
    }

    private mutating func setLook(_ target: Look, _ out: inout [UInt8]) {
        if current == target { return }
        let key = LookChange(from: current?.packed ?? .max, to: target.packed)
        let slot = ScreenWriter.slot(key)
        if !recentChanges.isEmpty, let recent = recentChanges[slot], recent.change == key {
            out += recent.bytes
            current = target
            return
        }
        if let bytes = changes[key] {
            out += bytes
            current = target
            if recentChanges.isEmpty { recentChanges = Array(repeating: nil, count: 64) }
            recentChanges[slot] = (key, bytes)
            return
        }
        let start = out.count
        workOutLook(target, &out)
        if changes.count < 512 { changes[key] = Array(out[start...]) }
    }

    private mutating func workOutLook(_ target: Look, _ out: inout [UInt8]) {
        var now = current ?? Look(attributes: [.bold, .dim, .reverse, .underline, .italic], foreground: -2, background: -2)
        // Nothing known of the terminal: the whole of sgr0.
        let resetInFrame = current == nil ? controls.resetAttributes : resetInFrame
        let start = out.count
        // An attribute turned off, or a colour back to the terminal's own without op: start from
        // normal. Back to the terminal's own colours otherwise: by op, or by sgr0 where that and
        // turning the attributes on again is shorter (sgr0 resets the colours too).
        let colorsReset = (target.foreground < 0 && now.foreground != -1) || (target.background < 0 && now.background != -1)
        if !now.attributes.subtracting(target.attributes).isEmpty || (colorsReset && controls.originalColors == nil) {
            out += resetInFrame
            now = .plain
        } else if colorsReset, let op = controls.originalColors {
            var afterOp = now
            afterOp.foreground = -1
            afterOp.background = -1
            if !resetInFrame.isEmpty,
               resetInFrame.count + attributesLength(target.attributes) < op.count + attributesLength(target.attributes.subtracting(now.attributes)) {
                out += resetInFrame
                now = .plain
            } else {
                out += op
                now = afterOp
            }
        }
        let added = target.attributes.subtracting(now.attributes)
        if !added.isEmpty {
            if added.contains(.bold), let s = controls.bold { appendSGR(s, to: &out, since: start) }
            if added.contains(.dim), let s = controls.dim { appendSGR(s, to: &out, since: start) }
            if added.contains(.reverse), let s = controls.reverse { appendSGR(s, to: &out, since: start) }
            if added.contains(.underline), let s = controls.underline { appendSGR(s, to: &out, since: start) }
            if added.contains(.italic), let s = controls.italic { appendSGR(s, to: &out, since: start) }
        }
        if target.foreground >= 0 && target.foreground != now.foreground, let f = controls.foreground {
            appendSGR(f, Int(target.foreground), to: &out, since: start)
        }
        if target.background >= 0 && target.background != now.background, let b = controls.background {
            appendSGR(b, Int(target.background), to: &out, since: start)
        }
        current = target
    }

    /// The bytes of turning these attributes on, one control each.
    private func attributesLength(_ a: Attributes) -> Int {
        var n = 0
        if a.contains(.bold) { n += controls.bold?.count ?? 0 }
        if a.contains(.dim) { n += controls.dim?.count ?? 0 }
        if a.contains(.reverse) { n += controls.reverse?.count ?? 0 }
        if a.contains(.underline) { n += controls.underline?.count ?? 0 }
        if a.contains(.italic) { n += controls.italic?.count ?? 0 }
        return n
    }

    private func appendSGR(_ control: ParameterizedControl, _ value: Int, to out: inout [UInt8], since start: Int) {
        var bytes: [UInt8] = []
        control.append(value, to: &bytes)
        appendSGR(bytes, to: &out, since: start)
    }

    /// Appends an attribute or colour control; when it and the control just written (since
    /// `start`, by this change of look) are both ECMA-48 SGR sequences (ESC [ numbers m), as one
    /// sequence with both lists of parameters: `\e[1m\e[7m` is `\e[1;7m`, 2 bytes fewer a join.
    private func appendSGR(_ control: [UInt8], to out: inout [UInt8], since start: Int) {
        guard let params = ScreenWriter.sgrParameters(control), let open = ScreenWriter.trailingSGR(out, since: start) else {
            out += control
            return
        }
        // An empty list means 0 (normal): said so once it is no longer alone.
        if open == out.count - 1 { out.insert(UInt8(ascii: "0"), at: open) }
        out.removeLast()  // its "m"
        out.append(UInt8(ascii: ";"))
        out += params.isEmpty ? [UInt8(ascii: "0")] : params
        out.append(UInt8(ascii: "m"))
    }

    /// The parameters of a control that is exactly one SGR sequence of numbers, else nil.
    static func sgrParameters(_ control: [UInt8]) -> ArraySlice<UInt8>? {
        guard control.count >= 3, control[0] == 0x1b, control[1] == UInt8(ascii: "["), control[control.count - 1] == UInt8(ascii: "m") else { return nil }
        let params = control[2..<(control.count - 1)]
        guard params.allSatisfy({ $0 == UInt8(ascii: ";") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) else { return nil }
        return params
    }

    /// Where the parameters of the SGR sequence that `out` ends with begin (after its ESC [),
    /// when the whole sequence lies after `start`; else nil.
    static func trailingSGR(_ out: [UInt8], since start: Int) -> Int? {
        guard out.count - start >= 3, out[out.count - 1] == UInt8(ascii: "m") else { return nil }
        var i = out.count - 2
        while i >= start + 2, out[i] == UInt8(ascii: ";") || (out[i] >= UInt8(ascii: "0") && out[i] <= UInt8(ascii: "9")) { i -= 1 }
        guard i >= start + 1, out[i] == UInt8(ascii: "["), out[i - 1] == 0x1b else { return nil }
        return i + 1
    }

    // MARK: Cursor motion

    // The helpers below change nothing, yet are `mutating`: called from a mutating method, a
    // non-mutating one was given a copy of the whole writer (416 bytes copied and every
    // control in it retained and released, four times a motion); a mutating one is passed
    // the writer itself.

    /// Moves the cursor to (x, y) the cheapest way the terminal offers.
    private mutating func move(to x: Int, _ y: Int, _ canvas: Canvas, _ out: inout [UInt8]) {
        if let c = cursor, c.x == x, c.y == y { return }
        zeroChoice = nil
        // A terminal that cannot move in attributes (no msgr) must be put back to normal first.
        if !controls.moveInAttributes, let l = current, !l.attributes.isEmpty { setLook(.plain, &out) }
        if let from = cursor, from.y == y, let quick = quickRight(from.x, x, y, canvas) {
            perform(quick.1, from.x, x, y, canvas, &out)
            cursor = (x, y)
            return
        }
        var best = addressLength(y, x)
        var plan = Plan.address
        func consider(_ cost: Int?, _ p: Plan) {
            if let cost, cost < best { best = cost; plan = p }
        }
        // Along the row from where the cursor is, and from the first column: each worked out once.
        var along: (Int, Horizontal)?
        var fromZero: (Int, Horizontal)?
        if let from = cursor {
            along = horizontalChoice(from.x, x, y, canvas)
            if from.y == y {
                consider(along?.0, .horizontal)
            } else {
                let dy = y - from.y
                // Down by line feeds, then along the row.
                if dy > 0, let returns = controls.lineFeedReturns {
                    if returns { fromZero = horizontalChoice(0, x, y, canvas) }
                    consider((returns ? fromZero : along).map { $0.0 + dy }, .lineFeeds)
                }
                if let v = verticalCost(from.y, y) {
                    consider(along.map { $0.0 + v }, .vertical)
                }
            }
        }
        if let r = length(.rowAddress, y), let h = length(.columnAddress, x) {
            consider(r + h, .rowThenColumn)
        }
        let from = cursor ?? (0, 0)
        switch plan {
        case .address:
            controls.cursorAddress.append(y, x, to: &out)
        case .horizontal:
            perform(along?.1 ?? .column, from.x, x, y, canvas, &out)
        case .lineFeeds:
            out += repeatElement(UInt8(10), count: y - from.y)
            if controls.lineFeedReturns == true {
                perform(fromZero?.1 ?? .column, 0, x, y, canvas, &out)
            } else {
                perform(along?.1 ?? .column, from.x, x, y, canvas, &out)
            }
        case .vertical:
            vertical(from.y, y, &out)
            perform(along?.1 ?? .column, from.x, x, y, canvas, &out)
        case .rowThenColumn:
            controls.rowAddress?.append(y, to: &out)
            controls.columnAddress?.append(x, to: &out)
        }
        cursor = (x, y)
    }

    private enum Plan { case address, horizontal, lineFeeds, vertical, rowThenColumn }
    /// The way along a row from its first column, kept for the motion being worked out: a
    /// motion weighs it up to three times (after line feeds, after a return, and when it is
    /// carried out), and nothing it depends on (the look in force, the canvas) changes meanwhile.
    private var zeroChoice: (to: Int, y: Int, choice: (Int, Horizontal)?)?
    private enum Horizontal { case none, resend, rightOne, right, leftOnes, left, column, carriageReturn, tabs }

    private mutating func verticalCost(_ from: Int, _ to: Int) -> Int? {
        let n = abs(to - from)
        var best: Int?
        func consider(_ v: Int?) { if let v, v < (best ?? .max) { best = v } }
        if to > from {
            consider(ScreenWriter.present(downOneCost).map { $0 * n })
            consider(length(.down, n))
        } else {
            consider(ScreenWriter.present(upOneCost).map { $0 * n })
            consider(length(.up, n))
        }
        consider(length(.rowAddress, to))
        return best
    }

    /// Carries out the cheapest vertical motion (the first of the cheapest, in the order
    /// `verticalCost` weighs them).
    private mutating func vertical(_ from: Int, _ to: Int, _ out: inout [UInt8]) {
        let n = abs(to - from)
        enum Way { case ones, many, row }
        var best: (Int, Way)?
        func consider(_ v: Int?, _ w: Way) { if let v, v < (best?.0 ?? .max) { best = (v, w) } }
        let down = to > from
        consider(ScreenWriter.present(down ? downOneCost : upOneCost).map { $0 * n }, .ones)
        consider(length(down ? .down : .up, n), .many)
        consider(length(.rowAddress, to), .row)
        switch best?.1 {
        case .ones?: for _ in 0..<n { out += (down ? controls.downOne : controls.upOne) ?? [] }
        case .many?: (down ? controls.down : controls.up)?.append(n, to: &out)
        case .row?: controls.rowAddress?.append(to, to: &out)
        case nil: break
        }
    }

    /// The cheapest way along row y from column `from` to `to`, and its cost.
    private mutating func horizontalChoice(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
        guard from == 0 else { return workOutHorizontal(from, to, y, canvas) }
        if let z = zeroChoice, z.to == to, z.y == y { return z.choice }
        let choice = workOutHorizontal(0, to, y, canvas)
        zeroChoice = (to, y, choice)
        return choice
    }

    private mutating func workOutHorizontal(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
        if from == to { return (0, .none) }
        // One or two plain characters again: nothing else is shorter than a byte a cell.
        if let quick = quickRight(from, to, y, canvas) { return quick }
        var best: (Int, Horizontal)?
        func consider(_ v: Int?, _ h: Horizontal) { if let v, v < (best?.0 ?? .max) { best = (v, h) } }
        if to > from {
            consider(resendCost(from, to, y, canvas), .resend)
            if to - from == 1 { consider(ScreenWriter.present(rightOneCost), .rightOne) }
            consider(length(.right, to - from), .right)
            // Tabs to the last stop on the way, then the rest (weighed only when the tabs and
            // the least the rest can cost, a byte a cell up to 3, may be cheapest).
            if tabCost >= 0, case let stops = to / tabWidth - from / tabWidth, stops > 0,
               case let stop = to / tabWidth * tabWidth, stops * tabCost + min(to - stop, 3) < best?.0 ?? .max {
                consider(stops * tabCost + (afterTabs(stop, to, y, canvas)?.0 ?? .max / 2), .tabs)
            }
        } else {
            consider(ScreenWriter.present(leftOneCost).map { $0 * (from - to) }, .leftOnes)
            consider(length(.left, from - to), .left)
        }
        consider(length(.columnAddress, to), .column)
        // Back to the first column, then along (from there a return is never needed again).
        if let cr = ScreenWriter.present(returnCost), from != 0 {
            if to == 0 {
                consider(cr, .carriageReturn)
            } else if let rest = horizontalChoice(0, to, y, canvas) {
                consider(cr + rest.0, .carriageReturn)
            }
        }
        return best
    }

    /// The rest of a rightward motion after tabs, from the tab stop to `to` (short: under a
    /// tab's width): sent again, or cuf1, or cuf.
    private mutating func afterTabs(_ stop: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
        if stop == to { return (0, .none) }
        var best: (Int, Horizontal)?
        func consider(_ v: Int?, _ h: Horizontal) { if let v, v < (best?.0 ?? .max) { best = (v, h) } }
        consider(resendCost(stop, to, y, canvas), .resend)
        if to - stop == 1 { consider(ScreenWriter.present(rightOneCost), .rightOne) }
        consider(length(.right, to - stop), .right)
        return best
    }

    /// The cost of the cheapest motion in a row when it is short: a step or two right is
    /// answered without weighing every control (the common case of neighbouring changes).
    private mutating func quickRight(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
        guard to > from, to - from <= 2, let r = resendCost(from, to, y, canvas), r <= to - from else { return nil }
        return (r, .resend)
    }

    /// Carries out a motion along row y chosen by `horizontalChoice`.
    private mutating func perform(_ how: Horizontal, _ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas, _ out: inout [UInt8]) {
        switch how {
        case .none: break
        case .resend:
            var x = from
            while x < to {
                let cell = canvas.compactCell(x: x, y: y)
                glyph(cell, canvas, &out)
                x += max(1, cell.width)
            }
        case .rightOne: out += controls.rightOne ?? []
        case .right: controls.right?.append(to - from, to: &out)
        case .leftOnes: for _ in 0..<(from - to) { out += controls.leftOne ?? [] }
        case .left: controls.left?.append(from - to, to: &out)
        case .column: controls.columnAddress?.append(to, to: &out)
        case .carriageReturn:
            out += controls.carriageReturn ?? []
            if to > 0 { perform(horizontalChoice(0, to, y, canvas)?.1 ?? .column, 0, to, y, canvas, &out) }
        case .tabs:
            let stop = to / tabWidth * tabWidth
            for _ in 0..<(stop / tabWidth - from / tabWidth) { out += controls.tab ?? [] }
            if stop < to { perform(afterTabs(stop, to, y, canvas)?.1 ?? .column, stop, to, y, canvas, &out) }
        }
    }

    /// The bytes of sending again the unchanged cells from `from` up to `to` on row y, when
    /// they are few, plain single characters and drawn in the look in force (else nil).
    private mutating func resendCost(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> Int? {
        guard to - from <= 12, resendAllowed, let now = current else { return nil }
        var bytes = 0
        var x = from
        var style = Style.plain
        var styleLook: Look?
        while x < to {
            let cell = canvas.compactCell(x: x, y: y)
            guard !cell.isCluster, !cell.isContinuation, x + cell.width <= to else { return nil }
            if styleLook == nil || cell.style != style {
                style = cell.style
                styleLook = style == lastStyle ? lastLook : knownLook(style)
            }
            guard styleLook == now else { return nil }
            bytes += ScreenWriter.utf8Length(cell, unicode: controls.unicode)
            x += cell.width
        }
        return bytes
    }
}
