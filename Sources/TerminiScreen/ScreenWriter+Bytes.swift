#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore

// The screen writer, continued: characters, attributes, cursor motion.
extension ScreenWriter {
    // MARK: Characters

    /// Inlined, and `mutating` though it changes nothing: called out of line, or inlined
    /// as a non-mutating method at every place that sends cells, the writer was copied for it
    /// at every cell.
    @inline(__always)
    mutating func glyph(_ cell: CompactCell, _ canvas: Canvas, _ out: inout [UInt8]) {
        guard controls.unicode else {
            out.append(ScreenWriter.asciiByte(cell.scalar?.value ?? 63))
            if cell.width == 2 { out.append(63) }
            return
        }
        if let s = cell.scalar {
            ScreenWriter.appendUTF8(s, to: &out)
        } else {
            out += canvas.text(of: cell).utf8
        }
    }

    /// A character as a terminal without UTF-8 gets it: ASCII as it is; a letter of Latin-1 or
    /// Latin Extended-A as its letter without the accent (`ü` u, `ß` s, `ø` o, `ł` l: one cell,
    /// one byte, so `Jürgen Groß` reads `Jurgen Gros`, not `J?rgen Gro?`); anything else `?`.
    @inline(__always)
    public static func asciiByte(_ v: UInt32) -> UInt8 {
        if v < 0x80 { return v >= 0x20 ? UInt8(v) : 63 }
        guard v >= 0xC0 && v < 0x180 else { return 63 }
        return latinBases[Int(v - 0xC0)]
    }

    /// The base letters of U+00C0 to U+017F, in order (× and ÷ as x and /).
    static let latinBases: [UInt8] = Array(
        "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuytyAaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs".utf8)

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

    mutating func look(_ style: Style) -> Look {
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
    mutating func knownLook(_ style: Style) -> Look? {
        if !recentLooks.isEmpty, let known = recentLooks[ScreenWriter.slot(style)], known.style == style { return known.look }
        return looks[style]
    }

    mutating func rememberRecent(_ style: Style, _ look: Look) {
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

    mutating func setLook(_ target: Look, _ out: inout [UInt8]) {
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

    mutating func workOutLook(_ target: Look, _ out: inout [UInt8]) {
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
    func attributesLength(_ a: Attributes) -> Int {
        var n = 0
        if a.contains(.bold) { n += controls.bold?.count ?? 0 }
        if a.contains(.dim) { n += controls.dim?.count ?? 0 }
        if a.contains(.reverse) { n += controls.reverse?.count ?? 0 }
        if a.contains(.underline) { n += controls.underline?.count ?? 0 }
        if a.contains(.italic) { n += controls.italic?.count ?? 0 }
        return n
    }

    func appendSGR(_ control: ParameterizedControl, _ value: Int, to out: inout [UInt8], since start: Int) {
        var bytes: [UInt8] = []
        control.append(value, to: &bytes)
        appendSGR(bytes, to: &out, since: start)
    }

    /// Appends an attribute or colour control; when it and the control just written (since
    /// `start`, by this change of look) are both ECMA-48 SGR sequences (ESC [ numbers m), as one
    /// sequence with both lists of parameters: `\e[1m\e[7m` is `\e[1;7m`, 2 bytes fewer a join.
    func appendSGR(_ control: [UInt8], to out: inout [UInt8], since start: Int) {
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
    mutating func move(to x: Int, _ y: Int, _ canvas: Canvas, _ out: inout [UInt8]) {
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

    enum Plan { case address, horizontal, lineFeeds, vertical, rowThenColumn }
    enum Horizontal { case none, resend, rightOne, right, leftOnes, left, column, carriageReturn, tabs }

    mutating func verticalCost(_ from: Int, _ to: Int) -> Int? {
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
    mutating func vertical(_ from: Int, _ to: Int, _ out: inout [UInt8]) {
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
    mutating func horizontalChoice(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
        guard from == 0 else { return workOutHorizontal(from, to, y, canvas) }
        if let z = zeroChoice, z.to == to, z.y == y { return z.choice }
        let choice = workOutHorizontal(0, to, y, canvas)
        zeroChoice = (to, y, choice)
        return choice
    }

    mutating func workOutHorizontal(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
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
    mutating func afterTabs(_ stop: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
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
    mutating func quickRight(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> (Int, Horizontal)? {
        guard to > from, to - from <= 2, let r = resendCost(from, to, y, canvas), r <= to - from else { return nil }
        return (r, .resend)
    }

    /// Carries out a motion along row y chosen by `horizontalChoice`.
    mutating func perform(_ how: Horizontal, _ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas, _ out: inout [UInt8]) {
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
    mutating func resendCost(_ from: Int, _ to: Int, _ y: Int, _ canvas: Canvas) -> Int? {
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
