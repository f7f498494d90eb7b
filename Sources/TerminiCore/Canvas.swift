#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One screen cell. A double-width character occupies its cell and the next, which is
/// marked as a continuation and holds no character of its own.
///
/// This is the cell as a value (what `canvas[x, y]` answers); the canvas itself keeps each
/// cell as a `CompactCell` of plain data.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool
    /// Whether the character takes two cells (kept, so the width is never looked up twice).
    public private(set) var isWide: Bool

    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.init(character, style: style, isContinuation: isContinuation, isWide: !isContinuation && DisplayWidth.of(character) == 2)
    }

    init(_ character: Character, style: Style, isContinuation: Bool, isWide: Bool) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
        self.isWide = isWide
    }

    public static let blank = Cell(" ", style: .plain, isContinuation: false, isWide: false)
    public var width: Int { isContinuation ? 0 : (isWide ? 2 : 1) }
}

/// A cell as the canvas stores it: 12 bytes of plain data (a scalar and two style words), so
/// filling, writing, copying and diffing a canvas move memory, with no reference counting and
/// no grapheme breaking per cell. A character of several scalars (a letter with combining
/// marks, a ZWJ emoji, a flag) is kept once in its canvas's table, and the cell holds its place.
public struct CompactCell: Equatable, Sendable {
    /// Bits 0–28: the character's one Unicode scalar, or with `clusterFlag` the place of its
    /// text in the canvas's table; bits 29–31: the flags.
    @usableFromInline package var code: UInt32
    public var style: Style

    @inlinable static var continuationFlag: UInt32 { 1 << 31 }
    @inlinable static var wideFlag: UInt32 { 1 << 30 }
    @inlinable static var clusterFlag: UInt32 { 1 << 29 }
    @inlinable static var valueMask: UInt32 { (1 << 29) - 1 }

    @inlinable init(code: UInt32, style: Style) {
        self.code = code
        self.style = style
    }

    /// A narrow (or, with `wide`, a double-width) character of one scalar.
    @inlinable init(_ scalar: Unicode.Scalar, wide: Bool = false, style: Style) {
        code = scalar.value | (wide ? CompactCell.wideFlag : 0)
        self.style = style
    }

    /// A space in `style`: what is left where half of a wide character was cut away.
    @inlinable package static func space(_ style: Style) -> CompactCell { CompactCell(code: 0x20, style: style) }
    /// The second cell of a wide character.
    @inlinable static func continuation(_ style: Style) -> CompactCell {
        CompactCell(code: 0x20 | continuationFlag, style: style)
    }

    // Inlinable: read for every changed cell by the screen writer, where a call each cost more
    // than the bit test.
    @inlinable public var isContinuation: Bool { code & CompactCell.continuationFlag != 0 }
    @inlinable public var isWide: Bool { code & CompactCell.wideFlag != 0 }
    @inlinable public var width: Int { isContinuation ? 0 : (isWide ? 2 : 1) }
    /// True when the character has several scalars: its text is `Canvas.text(of:)`.
    @inlinable public var isCluster: Bool { code & CompactCell.clusterFlag != 0 }
    /// The character's scalar, or nil for a character of several scalars.
    @inlinable @inline(__always) public var scalar: Unicode.Scalar? {
        isCluster ? nil : Unicode.Scalar(code & CompactCell.valueMask)
    }
    @inlinable var clusterIndex: Int { Int(code & CompactCell.valueMask) }
}

/// A grid of cells that widgets draw into. It never talks to a terminal: the backend diffs
/// two canvases and sends only what changed; tests compare `lines` with the expected screen.
public struct Canvas: Sendable, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Row by row.
    @usableFromInline package var storage: [CompactCell]
    /// The characters of several scalars drawn on this canvas, each once, where `CompactCell`
    /// points (entries overwritten on screen stay: the table only grows by new graphemes).
    @usableFromInline var clusters: [String] = []
    /// Where each of `clusters` is, by its exact scalars.
    var clusterPlaces: [ExactText: UInt32] = [:]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        storage = []
        var cell = CompactCell(code: code(of: fill.character), style: fill.style)
        if fill.isContinuation { cell.code |= CompactCell.continuationFlag }
        if fill.isWide { cell.code |= CompactCell.wideFlag }
        storage = Array(repeating: cell, count: self.width * self.height)
    }
    public init(size: Size) { self.init(width: size.width, height: size.height) }

    public var size: Size { Size(width: width, height: height) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cell(storage[y * width + x])
    }

    /// The cell at (x, y) as stored, for a backend that copies cells to a terminal; outside
    /// the canvas, a blank.
    public func compactCell(x: Int, y: Int) -> CompactCell {
        guard x >= 0, y >= 0, x < width, y < height else { return .space(.plain) }
        return storage[y * width + x]
    }

    /// The text of a cell of this canvas: its character of several scalars (`cell.isCluster`,
    /// kept in this canvas's table), or its one scalar.
    public func text(of cell: CompactCell) -> String {
        if cell.isCluster { return clusters[cell.clusterIndex] }
        return String(Character(cell.scalar ?? " "))
    }

    /// Every cell as a value, row by row (for tests; drawing code uses the subscript).
    public var cells: [Cell] { storage.map(cell) }

    // MARK: Writing

    /// Writes one character at (x, y) within `clip`. Returns the number of cells advanced.
    /// A wide character that would cross the clip edge is replaced by a space, so it never splits.
    @discardableResult
    public mutating func put(_ character: Character, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        let (first, single) = Canvas.firstScalar(of: character)
        let w = DisplayWidth.of(first)
        // Control characters never reach the screen; stray combining marks are dropped.
        if w == 0 { return 0 }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        let code = single ? first.value : CompactCell.clusterFlag | intern(String(character))
        return place(code, width: w, x: x, y: y, style: style, area: area)
    }

    /// Writes text from (x, y) to the right, clipped to `clip`. Returns the x after the text.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        var cx = x
        let limit = (clip ?? bounds).maxX
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        // Plain ASCII needs no grapheme breaking: one byte, one cell (controls are dropped).
        var ascii = true
        for b in text.utf8 where b < 0x20 || b >= 0x7f {
            ascii = false
            break
        }
        if ascii {
            for b in text.utf8 {
                if cx >= limit { break }
                cx += place(UInt32(b), width: 1, x: cx, y: y, style: style, area: area)
            }
            return cx
        }
        // Text whose every scalar stands alone (Latin letters, middle dots, box drawing, CJK)
        // needs no grapheme breaking either: decoded from its bytes and placed scalar by
        // scalar, as the walk below would, without a closure call for each.
        let alone: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var i = 0
            while i < bytes.count {
                let (s, n) = DisplayWidth.decode(bytes, at: i)
                guard DisplayWidth.isStandalone(s) else { return nil }
                i += n
            }
            var cx = x
            i = 0
            while i < bytes.count, cx < limit {
                let (s, n) = DisplayWidth.decode(bytes, at: i)
                let w = DisplayWidth.of(s)
                if w > 0 { cx += place(s.value, width: w, x: cx, y: y, style: style, area: area) }
                i += n
            }
            return cx
        }
        if let done = alone ?? nil { return done }
        // Otherwise graphemes are broken only around scalars that may join their neighbours;
        // box drawing, blocks and CJK go scalar by scalar.
        DisplayWidth.walk(text, scalar: { s in
            guard cx < limit else { return false }
            let w = DisplayWidth.of(s)
            if w > 0 { cx += place(s.value, width: w, x: cx, y: y, style: style, area: area) }
            return true
        }, character: { c in
            guard cx < limit else { return false }
            cx += put(c, x: cx, y: y, style: style, clip: clip)
            return true
        })
        return cx
    }

    /// Writes text aligned within a one-line rectangle (the first row of `rect`), clipped to it.
    /// Text too long for it ends with `ellipsis`: pass `theme.glyphs.ellipsis`, since the
    /// default `…` cannot be drawn on an ASCII terminal.
    @discardableResult
    public mutating func put(_ text: String, in rect: Rect, alignment: Alignment = .left, style: Style,
                             ellipsis: String = "…") -> Int {
        guard !rect.isEmpty else { return rect.x }
        let (t, w) = TextLayout.truncatedAndWidth(text, to: rect.width, ellipsis: ellipsis)
        let x: Int
        switch alignment {
        case .left: x = rect.x
        case .center: x = rect.x + (rect.width - w) / 2
        case .right: x = rect.maxX - w
        }
        return put(t, x: x, y: rect.y, style: style, clip: rect)
    }

    /// Fills a rectangle with a character (a space by default).
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        // A printable ASCII character (the space of most fills) is its own code, one cell wide.
        let utf8 = character.utf8
        if utf8.count == 1, let b = utf8.first, b >= 0x20, b < 0x7f { return fill(r, code: UInt32(b), style: style) }
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
        fill(r, code: code(of: character), style: style)
    }

    /// Fills a rectangle with a character of one scalar and one cell (a block of big digits):
    /// its width is looked up once by the caller, not at every fill.
    public mutating func fill(_ rect: Rect, withNarrow scalar: Unicode.Scalar, style: Style = .plain) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        fill(r, code: scalar.value, style: style)
    }

    /// Fills `r` (within the canvas, not empty) with the code of a narrow character.
    private mutating func fill(_ r: Rect, code: UInt32, style: Style) {
        let cell = CompactCell(code: code, style: style)
        let inherits = style.inheritsBackground
        let width = self.width
        storage.withUnsafeMutableBufferPointer { cells in
            for yy in r.y..<r.maxY {
                let row = yy * width
                // A wide character cut by the rectangle's edges loses its other half.
                if r.x > 0, cells[row + r.x].isContinuation { cells[row + r.x - 1] = .space(cells[row + r.x - 1].style) }
                if r.maxX < width, cells[row + r.maxX].isContinuation { cells[row + r.maxX] = .space(cells[row + r.maxX].style) }
                if inherits {
                    for i in row + r.x..<row + r.maxX {
                        cells[i] = CompactCell(code: cell.code, style: style.withBackground(of: cells[i].style))
                    }
                } else {
                    cells[row + r.x..<row + r.maxX].update(repeating: cell)
                }
            }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for yy in r.y..<r.maxY {
            for xx in r.x..<r.maxX { change(&storage[yy * width + xx].style) }
        }
    }

    /// Copies another canvas in at (x, y), clipped to this one.
    public mutating func blit(_ other: Canvas, x: Int, y: Int) {
        let x0 = max(0, x), x1 = min(width, x + other.width)
        let y0 = max(0, y), y1 = min(height, y + other.height)
        guard y0 < y1 else { return }
        for ty in y0..<y1 {
            for tx in x0..<max(x0, x1) {
                var cell = other.storage[(ty - y) * other.width + (tx - x)]
                if cell.isCluster {
                    // Its text has a place in this canvas's table, not necessarily the same.
                    cell.code = cell.code & ~CompactCell.valueMask | intern(other.clusters[cell.clusterIndex])
                }
                setCell(ty * width + tx, x: tx, cell)
            }
        }
        // A wide character cut at the left or right edge must not leave half a glyph.
        for ty in y0..<y1 { repairRow(ty) }
    }

    // MARK: Reading

    /// Calls `body` with each cell to send to the terminal to turn `previous` into this
    /// canvas: changed cells, in row order, a wide character's lead cell standing for both of
    /// its halves (each position once). With no previous canvas of this size, every lead cell.
    /// Inlined into its caller with the closure: the screen writer's closure, called out of
    /// line, was given a copy of the writer at every cell.
    /// `firstChanges`, when given, is for each row the first column whose cells differ as
    /// bytes, or -1 for a row that does not (a caller that found them already): used when
    /// neither canvas has characters of several scalars, where equal bytes are equal cells.
    @inlinable @inline(__always)
    public func forEachChange(since previous: Canvas?, firstChanges: [Int32]? = nil, _ body: (_ x: Int, _ y: Int, _ cell: CompactCell) -> Void) {
        let width = self.width, height = self.height
        let prev = previous.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        storage.withUnsafeBufferPointer { cells in
            guard let prev else {
                for y in 0..<height {
                    for x in 0..<width where !cells[y * width + x].isContinuation { body(x, y, cells[y * width + x]) }
                }
                return
            }
            prev.storage.withUnsafeBufferPointer { old in
                // Without graphemes of several scalars in either, equal cells are equal bytes:
                // a row that did not change is skipped at the speed of memcmp, and in one that
                // did, unchanged cells are passed over by words.
                let plain = clusters.isEmpty && prev.clusters.isEmpty
                let starts = plain ? firstChanges.flatMap { $0.count == height ? $0 : nil } : nil
                let rowBytes = width * MemoryLayout<CompactCell>.stride
                let stride = MemoryLayout<CompactCell>.stride
                for y in 0..<height {
                    var lastLead = -1
                    let row = y * width
                    let words = plain ? cells.baseAddress.flatMap { a in old.baseAddress.map { b in (UnsafeRawPointer(a + row), UnsafeRawPointer(b + row)) } } : nil
                    var x = 0
                    if let starts {
                        if starts[y] < 0 { continue }
                        x = Int(starts[y])
                    } else if let (new, was) = words, memcmp(new, was, rowBytes) == 0 {
                        continue
                    }
                    while x < width {
                        if let (new, was) = words {
                            // In a row that changed, equal cells are passed over eight bytes at a
                            // time (a cell is 12): every cell wholly before `offset` is unchanged.
                            var offset = x * stride
                            while offset + 8 <= rowBytes,
                                  new.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == was.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                                offset += 8
                            }
                            x = max(x, offset / stride)
                            guard x < width else { break }
                        }
                        let i = row + x
                        let cell = cells[i]
                        x += 1
                        if cell == old[i] && !cell.isCluster { continue }
                        if (cell.isCluster || old[i].isCluster) && sameCell(i, prev) { continue }
                        let at = x - 1
                        let lead = cell.isContinuation && at > 0 ? at - 1 : at
                        if lead != lastLead && !cells[row + lead].isContinuation {
                            body(lead, y, cells[row + lead])
                            lastLead = lead
                        }
                    }
                }
            }
        }
    }

    /// The positions `forEachChange(since:)` visits.
    public func changes(since previous: Canvas?) -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        forEachChange(since: previous) { x, y, _ in out.append((x, y)) }
        return out
    }

    /// Every row as text: continuation cells skipped, trailing spaces removed. Golden tests
    /// compare this with the expected screen written out in the test.
    public var lines: [String] {
        (0..<height).map { row(at: $0, trimmed: true) }
    }

    /// One row as text; with `trimmed`, trailing spaces are removed.
    public func row(at y: Int, trimmed: Bool = false) -> String {
        var s = ""
        for x in 0..<width {
            let c = storage[y * width + x]
            if c.isContinuation { continue }
            if c.isCluster {
                s += clusters[c.clusterIndex]
            } else {
                s.unicodeScalars.append(c.scalar ?? " ")
            }
        }
        if trimmed {
            while s.last == " " { s.removeLast() }
        }
        return s
    }

    /// The whole canvas as one string, rows separated by newlines (for test failure messages).
    public var text: String { lines.joined(separator: "\n") }

    /// The size and the rows, for test failure messages (styles are not shown).
    public var description: String { "\(width)×\(height) canvas:\n" + (0..<height).map { "|" + row(at: $0) + "|" }.joined(separator: "\n") }

    /// Same size and, cell by cell, the same characters (exactly the same scalars) and styles.
    public static func == (a: Canvas, b: Canvas) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        if a.clusters.isEmpty && b.clusters.isEmpty { return a.storage == b.storage }
        return a.storage.indices.allSatisfy { a.sameCell($0, b) }
    }

    // MARK: Inside

    /// Whether cell `i` shows the same as cell `i` of `other` (whose table may differ).
    @usableFromInline func sameCell(_ i: Int, _ other: Canvas) -> Bool {
        let a = storage[i], b = other.storage[i]
        guard a.isCluster && b.isCluster else { return a == b }
        return a.style == b.style && a.code & ~CompactCell.valueMask == b.code & ~CompactCell.valueMask
            && clusters[a.clusterIndex].unicodeScalars.elementsEqual(other.clusters[b.clusterIndex].unicodeScalars)
    }

    /// Writes a character already turned into a code, of width 1 or 2, as `put` does.
    @inline(__always)
    private mutating func place(_ code: UInt32, width w: Int, x: Int, y: Int, style: Style, area: Rect) -> Int {
        guard y >= area.y, y < area.maxY else { return w }
        let row = y * width
        // The background a style leaves unset is the one of the cell written over.
        func resolved(_ i: Int) -> Style { style.inheritsBackground ? style.withBackground(of: storage[i].style) : style }
        if w == 2 {
            if x >= area.x && x + 1 < area.maxX {
                let st = resolved(row + x)
                setCell(row + x, x: x, CompactCell(code: code | CompactCell.wideFlag, style: st))
                setCell(row + x + 1, x: x + 1, .continuation(st))
            } else if x >= area.x && x < area.maxX {
                setCell(row + x, x: x, .space(resolved(row + x)))  // half of it would not fit
            } else if x + 1 >= area.x && x + 1 < area.maxX {
                // The style of the cell the character starts on (off the clip), as it always was.
                let st = x >= 0 && x < width ? resolved(row + x) : style
                setCell(row + x + 1, x: x + 1, .space(st))
            }
            return 2
        }
        if x >= area.x && x < area.maxX { setCell(row + x, x: x, CompactCell(code: code, style: resolved(row + x))) }
        return 1
    }

    /// Writes one cell; overwriting one half of a wide character blanks the other half.
    @inline(__always)
    private mutating func setCell(_ i: Int, x: Int, _ cell: CompactCell) {
        let old = storage[i]
        if old.isContinuation && !cell.isContinuation && x > 0 && storage[i - 1].isWide {
            storage[i - 1] = .space(storage[i - 1].style)
        }
        if old.isWide && x + 1 < width && !cell.isWide && storage[i + 1].isContinuation {
            storage[i + 1] = .space(storage[i + 1].style)
        }
        storage[i] = cell
    }

    private mutating func repairRow(_ y: Int) {
        for x in 0..<width {
            let i = y * width + x
            let c = storage[i]
            if c.isContinuation {
                if x == 0 || !storage[i - 1].isWide { storage[i] = .space(c.style) }
            } else if c.isWide && (x + 1 >= width || !storage[i + 1].isContinuation) {
                storage[i] = .space(c.style)
            }
        }
    }

    /// The code of a character: its scalar, or the place of its text in the table.
    private mutating func code(of character: Character) -> UInt32 {
        let (first, single) = Canvas.firstScalar(of: character)
        return single ? first.value : CompactCell.clusterFlag | intern(String(character))
    }

    /// The first scalar of a character, and whether it is the only one, from its UTF-8 bytes
    /// (cheaper than the scalar view, which checks its indices at every step).
    @inline(__always)
    static func firstScalar(of character: Character) -> (Unicode.Scalar, single: Bool) {
        let utf8 = character.utf8
        var bytes = utf8.makeIterator()
        guard let b0 = bytes.next() else { return (" ", true) }
        if b0 < 0x80 { return (Unicode.Scalar(b0), utf8.count == 1) }
        let length = b0 < 0xe0 ? 2 : (b0 < 0xf0 ? 3 : 4)
        var v = UInt32(b0) & (0x7f >> length)
        for _ in 1..<length { v = v << 6 | UInt32((bytes.next() ?? 0x80) & 0x3f) }
        return (Unicode.Scalar(v) ?? "\u{FFFD}", utf8.count == length)
    }

    /// The place of `text` in the table, added if new.
    private mutating func intern(_ text: String) -> UInt32 {
        let key = ExactText(text)
        if let i = clusterPlaces[key] { return i }
        let i = UInt32(clusters.count)
        clusters.append(text)
        clusterPlaces[key] = i
        return i
    }

    private func cell(_ c: CompactCell) -> Cell {
        let character: Character = c.isCluster ? Character(clusters[c.clusterIndex]) : Character(c.scalar ?? " ")
        return Cell(character, style: c.style, isContinuation: c.isContinuation, isWide: c.isWide)
    }
}

/// Text compared by its exact scalars, not by canonical equivalence as `String` is: the
/// canvas gives back exactly the grapheme it was given.
struct ExactText: Hashable, Sendable {
    let text: String
    init(_ text: String) { self.text = text }
    static func == (a: ExactText, b: ExactText) -> Bool { a.text.unicodeScalars.elementsEqual(b.text.unicodeScalars) }
    func hash(into hasher: inout Hasher) {
        for s in text.unicodeScalars { hasher.combine(s.value) }
    }
}
