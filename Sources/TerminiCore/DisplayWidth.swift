/// How many terminal cells text takes: CJK and emoji take two, combining marks none.
/// Follows what wcwidth(3) and terminals such as xterm and tmux do: the width of a grapheme
/// cluster is the width of its first scalar (a variation selector does not widen it).
public enum DisplayWidth {
    /// Width of one scalar: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7f { return v >= 0x20 ? 1 : 0 }
        if v < 0xa0 { return 0 }  // C1 controls
        // Fast answers for what widgets draw most: Latin text, box drawing, blocks.
        if v < 0x300 || (0x2500...0x259f).contains(v) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11ff).contains(v) || v == 0x200b { return 0 }
        if isWide(v) || (scalar.properties.isEmojiPresentation && v >= 0x231a) { return 2 }
        return 1
    }

    public static func of(_ character: Character) -> Int {
        // ASCII first: a cluster that starts with an ASCII byte is one cell (or a control).
        if let b = character.utf8.first, b < 0x80 { return b >= 0x20 && b != 0x7f ? 1 : 0 }
        guard let first = character.unicodeScalars.first else { return 0 }
        return of(first)
    }

    public static func of(_ text: String) -> Int {
        // Printable ASCII, the usual case, is a cell a byte.
        var ascii = true
        for b in text.utf8 where b < 0x20 || b >= 0x7f {
            ascii = false
            break
        }
        if ascii { return text.utf8.count }
        // Stand-alone scalars only (Latin letters, middle dots, quotes, box drawing, CJK): summed
        // from the bytes as the walk would, cheaper than a look-up, and text that changes at
        // every rally (the umpire's call) is not remembered for nothing.
        if let alone = text.utf8.withContiguousStorageIfAvailable({ standaloneWidth($0) }), let w = alone { return w }
        return widths.value(TextAtWidth(text, 0)) { of(text[...]) }
    }

    /// The width of text whose every scalar is stand-alone, or nil when one is not.
    static func standaloneWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var w = 0, i = 0
        while i < bytes.count {
            let (s, n) = decode(bytes, at: i)
            guard isStandalone(s) else { return nil }
            w += of(s)
            i += n
        }
        return w
    }
    static let widths = Memo<TextAtWidth, Int>()

    public static func of(_ text: some StringProtocol) -> Int {
        var w = 0
        walk(text, scalar: { w += of($0); return true }, character: { w += of($0); return true })
        return w
    }

    /// Goes through text character by character as `for c in text` does, but breaks graphemes
    /// only where that can matter: two standalone scalars side by side are always two
    /// characters, so each standalone scalar between standalone neighbours goes to `scalar`
    /// as it is, and only the stretches around the others (marks, joiners, selectors, emoji,
    /// jamo, flags, with the neighbours they may join) are broken into the characters that go
    /// to `character`. Either returns false to stop.
    @inline(__always)
    static func walk<S: StringProtocol>(_ text: S, scalar: (Unicode.Scalar) -> Bool, character: (Character) -> Bool) {
        // Over the UTF-8 bytes: indexing the scalar view checks every index, and a stretch is
        // then a range of bytes, not a string built scalar by scalar.
        let walked: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            walk(bytes, scalar: scalar, character: character)
        }
        if walked == nil {
            for c in text {
                guard character(c) else { return }
            }
        }
    }

    /// Inlined, so each caller's closures are too: called through them, a scalar cost a
    /// hundred instructions.
    @inline(__always)
    static func walk(_ bytes: UnsafeBufferPointer<UInt8>, scalar: (Unicode.Scalar) -> Bool, character: (Character) -> Bool) {
        let n = bytes.count
        guard n > 0 else { return }
        func decode(_ i: Int) -> (Unicode.Scalar, Int) { DisplayWidth.decode(bytes, at: i) }
        var i = 0
        var (here, length) = decode(0)
        var standaloneHere = isStandalone(here)
        // Where the stretch being gathered starts, if one is.
        var stretch: Int?
        while true {
            let nextAt = i + length
            let (next, nextLength) = nextAt < n ? decode(nextAt) : (" ", 0)
            let standaloneNext = nextAt >= n || isStandalone(next)
            // Between two standalone scalars (or at the end) there is always a break.
            let breakAfter = standaloneHere && standaloneNext
            if stretch == nil && breakAfter {
                guard scalar(here) else { return }
            } else {
                let start = stretch ?? i
                stretch = start
                if breakAfter || nextAt >= n {
                    let piece = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<nextAt]), as: UTF8.self)
                    for c in piece {
                        guard character(c) else { return }
                    }
                    stretch = nil
                }
            }
            guard nextAt < n else { return }
            i = nextAt
            (here, length) = (next, nextLength)
            standaloneHere = standaloneNext
        }
    }

    /// The scalar whose UTF-8 starts at `i` (Swift strings are valid UTF-8), and its length.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let n = bytes.count
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length = b0 < 0xe0 ? 2 : (b0 < 0xf0 ? 3 : 4)
        var v = UInt32(b0) & (0x7f >> length)
        for k in 1..<length { v = v << 6 | UInt32(bytes[min(i + k, n - 1)] & 0x3f) }
        return (Unicode.Scalar(v) ?? "\u{FFFD}", length)
    }

    /// True for a scalar that is a whole character on its own whatever stands beside it
    /// (no combining mark, joiner, selector, jamo, regional indicator or Indic sign): text made
    /// only of these can be walked scalar by scalar, without grapheme breaking, the cost of
    /// which dominated drawing the box-drawing and block art of the games.
    @inline(__always)
    public static func isStandalone(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x300 { return v >= 0x20 && (v < 0x7f || v >= 0xa0) }
        switch v {
        case 0x2010...0x2027, 0x2030...0x205e,  // dashes, quotes, bullets, ellipsis
             0x2070...0x20cf,  // super- and subscripts, currency
             0x2100...0x23ff,  // letterlike, number forms, arrows, maths, technical
             0x2460...0x27bf,  // enclosed, box drawing, blocks, shapes, symbols, dingbats
             0x2800...0x28ff,  // braille
             0x3000...0x3029, 0x3030...0x303e, 0x3041...0x3096, 0x30a0...0x30ff,  // CJK, kana
             0x4e00...0x9fff, 0xac00...0xd7a3,  // CJK ideographs, Hangul syllables
             0xff01...0xff60, 0xffe0...0xffe6:  // fullwidth forms
            return true
        default:
            return false
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115f, 0x2329...0x232a, 0x2e80...0x303e, 0x3041...0x33ff, 0x3400...0x4dbf,
        0x4e00...0x9fff, 0xa000...0xa4cf, 0xa960...0xa97f, 0xac00...0xd7a3, 0xf900...0xfaff,
        0xfe10...0xfe19, 0xfe30...0xfe6f, 0xff00...0xff60, 0xffe0...0xffe6, 0x16fe0...0x16fe4,
        0x17000...0x18cff, 0x1b000...0x1b2ff, 0x1f200...0x1f2ff, 0x1f300...0x1f64f, 0x1f680...0x1f6ff,
        0x1f900...0x1f9ff, 0x1fa70...0x1faff, 0x20000...0x2fffd, 0x30000...0x3fffd,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }
}

/// Text helpers that count display cells, not characters.
public enum TextLayout {
    /// Removes control characters (C0, C1, DEL) so user text can never carry escape sequences,
    /// and the bidi controls that reorder what follows them (U+202A–U+202E, U+2066–U+2069):
    /// a name cannot turn `exe.txt` into `txt.exe` on screen or in a report. Text without any
    /// (nearly all of it, drawn every frame) comes back as it is, after one look at its bytes.
    public static func sanitized(_ text: String) -> String {
        if !hasControl(text) { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x20 || (0x7f...0x9f).contains(v) { continue }
            if isBidiControl(v) { continue }
            if s.properties.generalCategory == .control { continue }
            out.append(s)
        }
        return String(out)
    }

    /// The longest name a person (a player, a court's umpire) may have, in characters.
    public static let maxNameLength = 40

    /// A name as typed: control characters out, spaces at the ends trimmed, at most `limit`
    /// characters (a person's 40; a pair's name, two of those and the `/`, 81).
    public static func sanitizedName(_ text: String) -> String { sanitizedName(text, limit: maxNameLength) }

    public static func sanitizedName(_ text: String, limit: Int) -> String {
        var s = Substring(sanitized(text))
        while s.first == " " { s = s.dropFirst() }
        // Cut first, then trim: a name cut at 40 must not end in the spaces inside it, or it
        // reads back shorter than it was written.
        s = s.prefix(limit)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    static func isBidiControl(_ v: UInt32) -> Bool { (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) }

    /// Text for stdout and stderr, outside the screen: C0 and C1 controls (newline and tab
    /// excepted), DEL and the bidi controls are shown as escapes (`\x1b`, `\u{202e}`), so a
    /// file's or a team's name can never set the window title, move the cursor or reverse a
    /// line. Text with none of them (nearly all) comes back as it was, cheaply.
    public static func printable(_ text: String) -> String {
        // Newlines and tabs stay: an export's many lines are no reason to rebuild it.
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0a && $0 != 0x09) || $0 == 0x7f || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            let v = s.value
            if v == 0x0a || v == 0x09 {
                out.unicodeScalars.append(s)
            } else if v < 0x20 || (0x7f...0x9f).contains(v) {
                let hex = String(v, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else if isBidiControl(v) {
                out += "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// Whether text holds a control character or a bidi control: in UTF-8 a byte below 0x20,
    /// DEL, a C1 control (U+0080–U+009F, the bytes C2 80 to C2 9F), or the three-byte forms
    /// of U+202A–U+202E (E2 80 AA–AE) and U+2066–U+2069 (E2 81 A6–A9).
    static func hasControl(_ text: String) -> Bool {
        var previous: UInt8 = 0, beforeThat: UInt8 = 0
        for b in text.utf8 {
            if b < 0x20 || b == 0x7f || (previous == 0xc2 && b < 0xa0) { return true }
            if beforeThat == 0xe2 {
                if previous == 0x80 && (0xaa...0xae).contains(b) { return true }
                if previous == 0x81 && (0xa6...0xa9).contains(b) { return true }
            }
            beforeThat = previous
            previous = b
        }
        return false
    }

    /// Cuts text to at most `width` cells, ending with `ellipsis` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        return truncations.value(TextAtWidth(text, width, ellipsis)) { truncateWorkedOut(text, to: width, ellipsis: ellipsis) }
    }
    static let truncations = Memo<TextAtWidth, String>()

    /// `truncate` and the width of what it gives, the text measured once when it fits.
    static func truncatedAndWidth(_ text: String, to width: Int, ellipsis: String) -> (String, Int) {
        guard width > 0 else { return ("", 0) }
        let w = DisplayWidth.of(text)
        if w <= width { return (text, w) }
        let t = truncations.value(TextAtWidth(text, width, ellipsis)) { truncateWorkedOut(text, to: width, ellipsis: ellipsis) }
        return (t, DisplayWidth.of(t))
    }

    static func truncateWorkedOut(_ text: String, to width: Int, ellipsis: String) -> String {
        // An ellipsis wider than the room is left out: the text is cut plainly.
        let ew = DisplayWidth.of(ellipsis)
        let mark = ew <= width ? ellipsis : ""
        let budget = width - (ew <= width ? ew : 0)
        var out = ""
        var used = 0
        for c in text {
            let w = DisplayWidth.of(c)
            if used + w > budget { break }
            out.append(c)
            used += w
        }
        return out + mark
    }

    /// Pads (or truncates) to exactly `width` cells.
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .left, ellipsis: String = "…") -> String {
        let t = truncate(text, to: width, ellipsis: ellipsis)
        let gap = max(0, width - DisplayWidth.of(t))
        switch alignment {
        case .left: return t + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + t
        case .center:
            let l = gap / 2
            return String(repeating: " ", count: l) + t + String(repeating: " ", count: gap - l)
        }
    }

    /// Word-wraps to lines of at most `width` cells; long words are broken; `\n` is kept.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        // Text the wrap would give back whole, as its one line (the umpire's call, new at
        // every rally, so never found in the memo): neither worked out nor remembered.
        if isOneLine(text, width: width) { return [text] }
        return wraps.value(TextAtWidth(text, width)) { wrapWorkedOut(text, width: width) }
    }
    static let wraps = Memo<TextAtWidth, [String]>()

    /// Whether `wrap` gives `text` back as its only line: stand-alone scalars only (so no line
    /// break and every scalar a character), one space between words and none at either end,
    /// and no wider than `width`. Read from the bytes, without making a string.
    static func isOneLine(_ text: String, width: Int) -> Bool {
        let one = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var w = 0, i = 0, afterSpace = true
            while i < bytes.count {
                let (s, n) = DisplayWidth.decode(bytes, at: i)
                if s == " " {
                    if afterSpace { return false }
                    afterSpace = true
                } else {
                    guard DisplayWidth.isStandalone(s) else { return false }
                    afterSpace = false
                }
                w += DisplayWidth.of(s)
                if w > width { return false }
                i += n
            }
            return !afterSpace || bytes.isEmpty
        }
        return one ?? false
    }

    static func wrapWorkedOut(_ text: String, width: Int) -> [String] {
        // Printable ASCII and line breaks (most text): a byte is a character and a cell.
        var simple = true
        for b in text.utf8 where (b < 0x20 && b != 0x0a) || b >= 0x7f {
            simple = false
            break
        }
        if simple, let lines = text.utf8.withContiguousStorageIfAvailable({ wrapASCII($0, width: width) }) { return lines }
        return wrapCharacters(text, width: width)
    }

    /// `wrap` for any text, character by character.
    static func wrapCharacters(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var w = String(word)
                var ww = DisplayWidth.of(w)
                if lineWidth > 0 && lineWidth + 1 + ww <= width {
                    line += " " + w
                    lineWidth += 1 + ww
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while ww > width {
                    // Break a word longer than a line.
                    var head = ""
                    var hw = 0
                    var rest = Substring(w)
                    while let c = rest.first, hw + DisplayWidth.of(c) <= width {
                        head.append(c)
                        hw += DisplayWidth.of(c)
                        rest = rest.dropFirst()
                    }
                    if head.isEmpty { break }
                    lines.append(head)
                    w = String(rest)
                    ww = DisplayWidth.of(w)
                }
                line = w
                lineWidth = ww
            }
            lines.append(line)
        }
        return lines
    }
}

extension TextLayout {
    /// `wrap` for text of printable ASCII and line breaks, over its bytes: the same lines,
    /// without splitting into substrings or measuring each word as a string.
    static func wrapASCII(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        line.reserveCapacity(width)
        let n = bytes.count
        var i = 0
        while true {
            // One paragraph, up to the next line break.
            line.removeAll(keepingCapacity: true)
            while i < n && bytes[i] != 0x0a {
                if bytes[i] == 0x20 {
                    i += 1
                    continue
                }
                var end = i
                while end < n && bytes[end] != 0x20 && bytes[end] != 0x0a { end += 1 }
                var start = i
                i = end
                if !line.isEmpty && line.count + 1 + (end - start) <= width {
                    line.append(0x20)
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    continue
                }
                if !line.isEmpty {
                    lines.append(String(decoding: line, as: UTF8.self))
                    line.removeAll(keepingCapacity: true)
                }
                // A word longer than a line is broken.
                while end - start > width {
                    lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + width]), as: UTF8.self))
                    start += width
                }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
            lines.append(String(decoding: line, as: UTF8.self))
            guard i < n else { return lines }
            i += 1
        }
    }
}

public enum Alignment: Sendable, Hashable {
    case left, center, right
}
