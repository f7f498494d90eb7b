import TerminiCore
import TerminiWidgets

/// Reads big letters back off a screen (a canvas's rows, or a tmux capture): whether a text
/// is drawn there in BigText's fonts or in half blocks, and at what size.
public enum BigLetters {
    /// A size of letters: a BigText variant or half blocks `scaleX` wide.
    public enum Size: Equatable, Sendable, CustomStringConvertible {
        case big(BigText.Variant)
        case half(Int)
        /// Three rows of `_ | / \` capitals (ASCII).
        case ascii
        public var height: Int {
            switch self {
            case .big(let v): return v.font.height * v.scaleY
            case .half: return HalfBlockText.rows
            case .ascii: return AsciiLetters.rows
            }
        }
        public var description: String {
            switch self {
            case .big(let v): return v.description
            case .half(let sx): return "half blocks×\(sx)"
            case .ascii: return "ASCII capitals"
            }
        }
    }

    static func candidates(_ glyphs: Glyphs) -> [Size] {
        BigText.variants.filter { $0.scaleY <= 3 && $0.scaleX <= 6 }.map { Size.big($0) } + (glyphs.isUnicode ? [.half(1), .half(2)] : [.ascii])
    }

    /// `text` drawn alone at `size`, as rows of text (trailing blanks kept).
    static func pattern(_ text: String, _ size: Size, glyphs: Glyphs) -> [[Character]] {
        var rect = Rect(x: 0, y: 0, width: 0, height: size.height)
        switch size {
        case .big(let v): rect.width = BigText.measure(text, v).width
        case .half(let sx): rect.width = HalfBlockText.measure(text, scaleX: sx).width
        case .ascii: rect.width = AsciiLetters.measure(text).width
        }
        guard rect.width > 0 else { return [] }
        var c = Canvas(size: rect.size)
        let theme = Theme.builtinDefault.withGlyphs(glyphs)
        switch size {
        case .big(let v): BigText(text, alignment: .left, variant: v).render(in: rect, on: &c, theme: theme)
        case .half(let sx): HalfBlockText(text, alignment: .left, scaleX: sx).render(in: rect, on: &c, theme: theme)
        case .ascii: AsciiLetters(text, alignment: .left).render(in: rect, on: &c, theme: theme)
        }
        return (0..<rect.height).map { Array(c.row(at: $0)) }
    }

    /// The size `text` is drawn at in `lines`, or nil when it is not there.
    public static func size(of text: String, in lines: [String], glyphs: Glyphs = .unicode) -> Size? {
        // One element a column: a wide character (the service marker 🏸) is followed by a
        // stand-in for its second column, so the rows below and above it stay aligned.
        let rows = lines.map { line in
            line.flatMap { c -> [Character] in DisplayWidth.of(String(c)) == 2 ? [c, "\u{0}"] : [c] }
        }
        for size in candidates(glyphs) {
            let p = pattern(text, size, glyphs: glyphs)
            // Found by the pattern's first row with ink, without its trailing blanks (a
            // captured row ends where its last blank-free cell is).
            guard rows.count >= p.count, let k = p.firstIndex(where: { $0.contains { $0 != " " } }) else { continue }
            let anchor = Array(p[k].reversed().drop { $0 == " " }.reversed())
            for y in 0...(rows.count - p.count) {
                let line = rows[y + k]
                guard line.count >= anchor.count else { continue }
                for x in 0...(line.count - anchor.count) where line[x] == anchor[0] && Array(line[x..<(x + anchor.count)]) == anchor {
                    let all = p.indices.allSatisfy { i in
                        let r = rows[y + i]
                        // A row of the screen may be cut short where it ends in blanks.
                        let want = p[i], have = r.count > x ? Array(r[x..<min(r.count, x + want.count)]) : []
                        return have == Array(want.prefix(have.count)) && want.dropFirst(have.count).allSatisfy { $0 == " " }
                    }
                    if all { return size }
                }
            }
        }
        return nil
    }

    public static func shows(_ text: String, in lines: [String], glyphs: Glyphs = .unicode) -> Bool {
        size(of: text, in: lines, glyphs: glyphs) != nil
    }
}
