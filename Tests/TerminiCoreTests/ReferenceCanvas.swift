@testable import TerminiCore

// The Canvas as it was before cells became compact (commit 0e3f737): one Character and one
// Style per cell. Kept as the reference model of the property test in CanvasModelTests,
// which draws the same random things on both and expects the same lines, cells and changes.
// One deliberate difference: cells compare their characters by exact scalars, as the compact
// canvas does (and ncurses, which is sent them), not by canonical equivalence as `Character`
// does — "é" as one scalar and as "e" plus U+0301 are different bytes on the wire.

/// One screen cell. A double-width character occupies its cell and the next, which is
/// marked as a continuation and holds no character of its own.
struct ReferenceCell: Equatable, Sendable {
    var character: Character
    var style: Style
    var isContinuation: Bool
    /// Whether the character takes two cells (kept, so the width is never looked up twice).
    private(set) var isWide: Bool

    init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.init(character, style: style, isContinuation: isContinuation, isWide: !isContinuation && DisplayWidth.of(character) == 2)
    }

    init(_ character: Character, style: Style, isContinuation: Bool, isWide: Bool) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
        self.isWide = isWide
    }

    static let blank = ReferenceCell(" ", style: .plain, isContinuation: false, isWide: false)
    var width: Int { isContinuation ? 0 : (isWide ? 2 : 1) }

    static func == (a: ReferenceCell, b: ReferenceCell) -> Bool {
        a.character.unicodeScalars.elementsEqual(b.character.unicodeScalars) && a.style == b.style
            && a.isContinuation == b.isContinuation && a.isWide == b.isWide
    }
}

/// A grid of cells that widgets draw into. It never talks to a terminal: the backend diffs
/// two canvases and sends only what changed; tests compare `lines` with the expected screen.
struct ReferenceCanvas: Sendable, Equatable {
    let width: Int
    let height: Int
    private(set) var cells: [ReferenceCell]

    init(width: Int, height: Int, fill: ReferenceCell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }
    init(size: Size) { self.init(width: size.width, height: size.height) }

    var size: Size { Size(width: width, height: height) }
    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    subscript(x: Int, y: Int) -> ReferenceCell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// Writes one character at (x, y) within `clip`. Returns the number of cells advanced.
    /// A wide character that would cross the clip edge is replaced by a space, so it never splits.
    @discardableResult
    mutating func put(_ character: Character, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        let w = DisplayWidth.of(character)
        var style = style
        if style.background == .inherit, x >= 0, y >= 0, x < width, y < height {
            style.background = cells[y * width + x].style.background
        }
        if w == 0 {
            // Control characters never reach the screen; stray combining marks are dropped.
            return 0
        }
        guard y >= area.y, y < area.maxY else { return w }
        if w == 2 {
            if x >= area.x && x + 1 < area.maxX {
                setCell(x, y, ReferenceCell(character, style: style, isContinuation: false, isWide: true))
                setCell(x + 1, y, ReferenceCell(" ", style: style, isContinuation: true, isWide: false))
            } else if x >= area.x && x < area.maxX {
                setCell(x, y, ReferenceCell(" ", style: style, isContinuation: false, isWide: false))  // half of it would not fit
            } else if x + 1 >= area.x && x + 1 < area.maxX {
                setCell(x + 1, y, ReferenceCell(" ", style: style, isContinuation: false, isWide: false))
            }
            return 2
        }
        if x >= area.x && x < area.maxX { setCell(x, y, ReferenceCell(character, style: style, isContinuation: false, isWide: false)) }
        return 1
    }

    /// Writes text from (x, y) to the right, clipped to `clip`. Returns the x after the text.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        var cx = x
        let limit = (clip ?? bounds).maxX
        // Plain ASCII needs no grapheme breaking: one byte, one cell (controls are dropped).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) {
            for b in text.utf8 {
                if cx >= limit { break }
                cx += put(Character(Unicode.Scalar(b)), x: cx, y: y, style: style, clip: clip)
            }
            return cx
        }
        // Nor does text whose every scalar is a character on its own (box drawing, blocks, CJK).
        if text.unicodeScalars.allSatisfy(DisplayWidth.isStandalone) {
            for s in text.unicodeScalars {
                if cx >= limit { break }
                cx += put(Character(s), x: cx, y: y, style: style, clip: clip)
            }
            return cx
        }
        for c in text {
            if cx >= limit { break }
            cx += put(c, x: cx, y: y, style: style, clip: clip)
        }
        return cx
    }

    /// Writes text aligned within a one-line rectangle (the first row of `rect`), clipped to it.
    /// Text too long for it ends with `ellipsis`: pass `theme.glyphs.ellipsis`, since the
    /// default `…` cannot be drawn on an ASCII terminal.
    @discardableResult
    mutating func put(_ text: String, in rect: Rect, alignment: Alignment = .left, style: Style,
                             ellipsis: String = "…") -> Int {
        guard !rect.isEmpty else { return rect.x }
        let t = TextLayout.truncate(text, to: rect.width, ellipsis: ellipsis)
        let w = DisplayWidth.of(t)
        let x: Int
        switch alignment {
        case .left: x = rect.x
        case .center: x = rect.x + (rect.width - w) / 2
        case .right: x = rect.maxX - w
        }
        return put(t, x: x, y: rect.y, style: style, clip: rect)
    }

    /// Fills a rectangle with a character (a space by default).
    mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = DisplayWidth.of(character)
        guard w == 1 else {
            // Wide (or zero-width) characters: the careful path, cell by cell.
            for yy in r.y..<r.maxY {
                var xx = r.x
                while xx < r.maxX {
                    xx += max(1, put(character, x: xx, y: yy, style: style, clip: r))
                    if w == 0 { break }
                }
            }
            return
        }
        let inherits = style.background == .inherit
        for yy in r.y..<r.maxY {
            let row = yy * width
            // A wide character cut by the rectangle's edges loses its other half.
            if r.x > 0, cells[row + r.x].isContinuation { cells[row + r.x - 1] = ReferenceCell(" ", style: cells[row + r.x - 1].style, isContinuation: false, isWide: false) }
            if r.maxX < width, cells[row + r.maxX].isContinuation { cells[row + r.maxX] = ReferenceCell(" ", style: cells[row + r.maxX].style, isContinuation: false, isWide: false) }
            for xx in r.x..<r.maxX {
                var st = style
                if inherits { st.background = cells[row + xx].style.background }
                cells[row + xx] = ReferenceCell(character, style: st, isContinuation: false, isWide: false)
            }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for yy in r.y..<r.maxY {
            for xx in r.x..<r.maxX { change(&cells[yy * width + xx].style) }
        }
    }

    /// Copies another canvas in at (x, y), clipped to this one.
    mutating func blit(_ other: ReferenceCanvas, x: Int, y: Int) {
        for oy in 0..<other.height {
            for ox in 0..<other.width {
                let tx = x + ox, ty = y + oy
                guard tx >= 0, ty >= 0, tx < width, ty < height else { continue }
                setCell(tx, ty, other.cells[oy * other.width + ox])
            }
        }
        // A wide character cut at the left or right edge must not leave half a glyph.
        for ty in max(0, y)..<min(height, y + other.height) {
            repairRow(ty)
        }
    }

    /// The cells to send to the terminal to turn `previous` into this canvas: the positions
    /// of changed cells, in row order, a wide character's lead cell standing for both of its
    /// halves (each position once). With no previous canvas of this size, every lead cell.
    func changes(since previous: ReferenceCanvas?) -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        let prev = previous.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        for y in 0..<height {
            var lastLead = -1
            for x in 0..<width {
                let i = y * width + x
                if let prev, prev.cells[i] == cells[i] { continue }
                let lead = cells[i].isContinuation && x > 0 ? x - 1 : x
                if lead != lastLead && !cells[y * width + lead].isContinuation {
                    out.append((lead, y))
                    lastLead = lead
                }
            }
        }
        return out
    }

    /// Every row as text: continuation cells skipped, trailing spaces removed. Golden tests
    /// compare this with the expected screen written out in the test.
    var lines: [String] {
        (0..<height).map { row(at: $0, trimmed: true) }
    }

    /// One row as text; with `trimmed`, trailing spaces are removed.
    func row(at y: Int, trimmed: Bool = false) -> String {
        var s = ""
        for x in 0..<width {
            let c = cells[y * width + x]
            if !c.isContinuation { s.append(c.character) }
        }
        if trimmed {
            while s.last == " " { s.removeLast() }
        }
        return s
    }

    /// The whole canvas as one string, rows separated by newlines (for test failure messages).
    var text: String { lines.joined(separator: "\n") }

    private mutating func setCell(_ x: Int, _ y: Int, _ cell: ReferenceCell) {
        let i = y * width + x
        // Overwriting one half of a wide character blanks the other half.
        let old = cells[i]
        if old.isContinuation && !cell.isContinuation && x > 0 {
            let lead = i - 1
            if cells[lead].isWide {
                cells[lead] = ReferenceCell(" ", style: cells[lead].style, isContinuation: false, isWide: false)
            }
        }
        if old.isWide && x + 1 < width && !cell.isWide {
            if cells[i + 1].isContinuation { cells[i + 1] = ReferenceCell(" ", style: cells[i + 1].style, isContinuation: false, isWide: false) }
        }
        cells[i] = cell
    }

    private mutating func repairRow(_ y: Int) {
        for x in 0..<width {
            let i = y * width + x
            if cells[i].isContinuation {
                if x == 0 || !cells[i - 1].isWide {
                    cells[i] = ReferenceCell(" ", style: cells[i].style, isContinuation: false, isWide: false)
                }
            } else if cells[i].isWide && (x + 1 >= width || !cells[i + 1].isContinuation) {
                cells[i] = ReferenceCell(" ", style: cells[i].style, isContinuation: false, isWide: false)
            }
        }
    }
}
