#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore

// The screen writer, continued: rows whose cells moved sideways.
extension ScreenWriter {
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
    mutating func shiftRows(_ canvas: Canvas, _ model: inout Canvas?, _ out: inout [UInt8]) -> Bool {
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
    mutating func shiftCost(_ s: Shift) -> (perRow: Int, fixed: Int) {
        let delete = s.count == 1 ? controls.deleteOne?.count ?? controls.deleteCharacters?.length(1) ?? 0 : controls.deleteCharacters?.length(s.count) ?? 0
        let insert = controls.insertCharacters?.length(s.count) ?? 0
        let down = controls.lineFeedReturns == false ? 1 : min(4, downOneCost < 0 ? 4 : downOneCost)
        return (delete + insert + 2 * down, addressLength(s.insert, s.insert) - 2 * down)
    }

    /// Carries out the shift on these rows and in `screen`: the deletes down the column, then
    /// the inserts, with the pen of the blank the canvas wants at the first row's insert (see
    /// `insertedBlank`: a foreground at most), no cell sent in between (the screen is then
    /// neither the last frame nor this one).
    mutating func perform(_ s: Shift, rows: ClosedRange<Int>, _ canvas: Canvas, _ screen: inout Canvas, _ out: inout [UInt8]) {
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
}
