#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore

public struct ScreenWriter {
    public let controls: TerminalControls
    var last: Canvas?
    /// Where the cursor is, when known (after the last column it is not: the wrap is pending).
    var cursor: (x: Int, y: Int)?
    /// The look in force, when known.
    var current: Look?
    var looks: [Style: Look] = [:]
    /// The styles last looked up, 64 places each found by mixing the style's words: a screen
    /// has a few dozen styles, found there without hashing (then in `looks`).
    /// Empty until the first look is kept: a writer made to stand in while the terminal's own
    /// is lent to a frame worked out ahead (one a frame) allocates nothing.
    var recentLooks: [(style: Style, look: Look)?] = []
    var lastStyle = Style.plain
    var lastLook = Look.plain

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
    var changes: [LookChange: [UInt8]] = [:]
    /// The changes last made, 64 places found by mixing the two looks: looked up there without
    /// hashing (then in `changes`).
    var recentChanges: [(change: LookChange, bytes: [UInt8])?] = []
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
    let addressForm, columnForm, rowForm, rightForm, leftForm, downForm, upForm: LengthForm
    /// The bytes of cuf1, cub1, cud1, cuu1 and cr; -1 when the terminal lacks it.
    let rightOneCost, leftOneCost, downOneCost, upOneCost, returnCost: Int
    /// sgr0 as the writer sends it after a repaint: without the designation of ASCII as the G0
    /// character set that xterm's entry starts it with (`\e(B`), since the repaint sent the
    /// whole of sgr0 and the writer never designates another set (it draws no alternate
    /// characters: without UTF-8, what is not ASCII is sent as "?"). Every time the screen is
    /// lost (start, resize, suspend, `invalidate`) the next frame is a repaint.
    let resetInFrame: [UInt8]
    /// The bytes of ht (-1 without tabs) and the columns between tab stops.
    let tabCost: Int, tabWidth: Int
    /// False while cells are being inserted or deleted: the screen is then between the last
    /// frame and this one, so no motion may send cells again.
    var resendAllowed = true
    /// For each row of the frame being worked out, the first column that differs from the
    /// screen (-1: none), found while looking for shifts and handed to the diff so that it
    /// does not look again; kept between frames so as not to allocate.
    var firstChanges: [Int32] = []

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

    /// The way along a row from its first column, kept for the motion being worked out: a
    /// motion weighs it up to three times (after line feeds, after a return, and when it is
    /// carried out), and nothing it depends on (the look in force, the canvas) changes meanwhile.
    var zeroChoice: (to: Int, y: Int, choice: (Int, Horizontal)?)?
}
