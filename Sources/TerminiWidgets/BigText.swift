import TerminiCore
/// Big digits and letters drawn from a small block font, readable across a room (as
/// tty-clock and termdown do). Two bitmap fonts, 3×5 and 5×7, are scaled by whole cells;
/// `fit` picks the largest size that fits the space, from 3×5 cells up to glyphs tens of
/// rows tall. Characters the font lacks are drawn as blank space.
public struct BigText: Widget {
    public struct Font: Sendable, Equatable {
        public let name: String
        public let height: Int
        /// Glyphs by ASCII code (lowercase letters share the capitals'); rows of pixels.
        let table: [Glyph?]
        let defaultWidth: Int

        struct Glyph: Sendable, Equatable {
            let width: Int
            let rows: [[Bool]]
        }

        func glyph(_ c: Character) -> Glyph? {
            guard let a = c.asciiValue else { return nil }
            return glyph(ascii: a)
        }
        func glyph(ascii: UInt8) -> Glyph? {
            var a = ascii
            if a >= 97 && a <= 122 { a -= 32 }
            return a < 128 ? table[Int(a)] : nil
        }
        func glyphWidth(_ c: Character) -> Int { glyph(c)?.width ?? defaultWidth }

        /// Width in pixels of `text`, glyphs one pixel apart.
        func pixelWidth(_ text: String) -> Int {
            var w = 0, n = 0
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) {
                // Printable ASCII: one byte, one character (no grapheme breaking).
                for b in text.utf8 { w += glyph(ascii: b)?.width ?? defaultWidth }
                n = text.utf8.count
            } else {
                for c in text {
                    w += glyphWidth(c)
                    n += 1
                }
            }
            return n == 0 ? 0 : w + n - 1
        }
    }

    /// A font and the number of cells each of its pixels takes across and down.
    public struct Variant: Sendable, Equatable, CustomStringConvertible {
        public let font: Font
        public let scaleX: Int
        public let scaleY: Int
        public var description: String { "\(font.name)×\(scaleX),\(scaleY)" }
        public init(font: Font, scaleX: Int, scaleY: Int) {
            self.font = font
            self.scaleX = max(1, scaleX)
            self.scaleY = max(1, scaleY)
        }
    }

    public var text: String
    public var role: Role
    public var alignment: Alignment
    /// Pin a variant; when nil the largest that fits is used.
    public var variant: Variant?
    /// A larger variant may not exceed this height in cells (keeps digits of two halves equal).
    public var maxHeight: Int?
    /// Drawn in this style rather than the theme's for `role` (no theme copied to change one).
    public var style: Style?

    public init(_ text: String, role: Role = .text, alignment: Alignment = .center, variant: Variant? = nil, maxHeight: Int? = nil,
                style: Style? = nil) {
        self.style = style
        self.text = text
        self.role = role
        self.alignment = alignment
        self.variant = variant
        self.maxHeight = maxHeight
    }

    /// Size in cells of `text` drawn with `variant`: glyphs separated by one pixel column.
    public static func measure(_ text: String, _ v: Variant) -> Size {
        let pixels = v.font.pixelWidth(text)
        guard pixels > 0 else { return .zero }
        return Size(width: pixels * v.scaleX, height: v.font.height * v.scaleY)
    }

    /// The columns the lit pixels of `text` take at `v`, from its left edge: narrower than
    /// `measure` when the first or last glyph does not fill its cell (an I, a 1). A title
    /// centred by its ink looks centred; one centred by its cells can look a column off.
    public static func ink(_ text: String, _ v: Variant) -> Range<Int> {
        let r = runs(text, v)
        guard let lo = r.map(\.x).min(), let hi = r.map(\.maxX).max() else { return 0..<0 }
        return lo..<hi
    }

    /// Every size the widget can draw, smallest first: 3×5, 3×5 doubled across, then the 5×7
    /// font at growing scales with pixels between square and twice as wide as tall (a cell is
    /// about twice as tall as it is wide).
    public static let variants: [Variant] = {
        var list = [Variant(font: .small, scaleX: 1, scaleY: 1), Variant(font: .small, scaleX: 2, scaleY: 1)]
        for sy in 1...largestScale {
            for sx in sy...(2 * sy) { list.append(Variant(font: .large, scaleX: sx, scaleY: sy)) }
        }
        return list
    }()

    /// The largest scale down of the 5×7 font (24: 168 rows).
    static let largestScale = 24

    /// The tallest (then widest) of `variants` in which `text` fits in `size`; nil if none does.
    /// Worked out, not searched: every frame of a scoreboard asks, for its digits and names.
    public static func fit(_ text: String, in size: Size, maxHeight: Int? = nil) -> Variant? {
        let smallPixels = Font.small.pixelWidth(text)
        guard smallPixels > 0 else { return nil }
        let tallest = min(size.height, maxHeight ?? Int.max)
        // Any scale of the 5×7 font (7 rows or more) is taller than the 3×5 font: the tallest
        // scale down that leaves room for pixels between square and twice as wide.
        let large = Font.large
        let largePixels = large.pixelWidth(text)
        if largePixels > 0 {
            var sy = min(largestScale, tallest / large.height)
            while sy >= 1 {
                let sx = min(2 * sy, size.width / largePixels)
                if sx >= sy { return Variant(font: large, scaleX: sx, scaleY: sy) }
                sy -= 1
            }
        }
        guard Font.small.height <= tallest else { return nil }
        if 2 * smallPixels <= size.width { return Variant(font: .small, scaleX: 2, scaleY: 1) }
        if smallPixels <= size.width { return Variant(font: .small, scaleX: 1, scaleY: 1) }
        return nil
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard !rect.isEmpty else { return }
        let style = self.style ?? theme[role]
        guard let v = variant ?? BigText.fit(text, in: rect.size, maxHeight: maxHeight) else {
            // Too small for even the 3×5 font: plain text, still centred.
            canvas.put(TextLayout.sanitized(text), in: rect.row(rect.height / 2), alignment: alignment, style: style.with(.bold),
                       ellipsis: theme.glyphs.ellipsis)
            return
        }
        let m = BigText.measure(text, v)
        let (x0, y0) = rect.origin(of: m, alignment: alignment)
        let block = theme.glyphs.block
        // The block's cell worked out once for all the runs (a one-scalar, one-cell glyph).
        let narrow = block.unicodeScalars.count == 1 && DisplayWidth.of(block) == 1 ? block.unicodeScalars.first : nil
        for r in BigText.runs(text, v) {
            let run = Rect(x: x0 + r.x, y: y0 + r.y, width: r.width, height: r.height)
            if let narrow {
                canvas.fill(run.intersection(rect), withNarrow: narrow, style: style)
            } else {
                canvas.fill(run.intersection(rect), with: block, style: style)
            }
        }
    }

    /// The runs of lit pixels of `text` at `v`, scaled, from the text's top left corner: one
    /// fill each, not one per pixel. Worked out once for each text and size (the score's
    /// digits and the band's words come back every frame).
    static func runs(_ text: String, _ v: Variant) -> [Rect] {
        // The fonts are the two built here, each named by its own name.
        runMemo.value(TextAtWidth(text, v.scaleX << 16 | v.scaleY, v.font.name)) {
            var out: [Rect] = []
            var px = 0
            for c in text {
                let w = v.font.glyphWidth(c)
                if let g = v.font.glyph(c) {
                    for (ry, row) in g.rows.enumerated() {
                        var rx = 0
                        while rx < row.count {
                            guard row[rx] else {
                                rx += 1
                                continue
                            }
                            var end = rx + 1
                            while end < row.count && row[end] { end += 1 }
                            out.append(Rect(x: (px + rx) * v.scaleX, y: ry * v.scaleY, width: (end - rx) * v.scaleX, height: v.scaleY))
                            rx = end
                        }
                    }
                }
                px += w + 1
            }
            return out
        }
    }
    static let runMemo = Memo<TextAtWidth, [Rect]>(capacity: 128)
}

extension BigText.Font {
    private static func make(_ name: String, _ height: Int, _ glyphs: [(Character, String)]) -> BigText.Font {
        var table = [Glyph?](repeating: nil, count: 128)
        for (c, s) in glyphs {
            guard let a = c.asciiValue else { continue }
            // Rows split at "," ("#" lit), read byte by byte: the patterns are ASCII, and
            // splitting them as Characters was a sixth of a start's instructions.
            // Each row made at its size (the first row's): grown a pixel at a time, the arrays
            // were reallocated 700 times, half of the two fonts' 0.5 M instructions.
            let width = s.utf8.firstIndex(of: UInt8(ascii: ",")).map { s.utf8.distance(from: s.utf8.startIndex, to: $0) } ?? s.utf8.count
            var rows: [[Bool]] = []
            rows.reserveCapacity(height)
            var row: [Bool] = []
            row.reserveCapacity(width)
            for b in s.utf8 {
                if b == UInt8(ascii: ",") {
                    if !row.isEmpty { rows.append(row) }
                    row = []
                    row.reserveCapacity(width)
                } else {
                    row.append(b == UInt8(ascii: "#"))
                }
            }
            if !row.isEmpty { rows.append(row) }
            table[Int(a)] = Glyph(width: rows.first?.count ?? 0, rows: rows)
        }
        return BigText.Font(name: name, height: height, table: table, defaultWidth: table[Int(UInt8(ascii: "0"))]?.width ?? 3)
    }

    public static let small = make("3x5", 5, [
        ("0", "###,#.#,#.#,#.#,###"), ("1", ".#.,##.,.#.,.#.,###"), ("2", "###,..#,###,#..,###"),
        ("3", "###,..#,.##,..#,###"), ("4", "#.#,#.#,###,..#,..#"), ("5", "###,#..,###,..#,###"),
        ("6", "###,#..,###,#.#,###"), ("7", "###,..#,..#,.#.,.#."), ("8", "###,#.#,###,#.#,###"),
        ("9", "###,#.#,###,..#,###"),
        ("A", ".#.,#.#,###,#.#,#.#"), ("B", "##.,#.#,##.,#.#,##."), ("C", ".##,#..,#..,#..,.##"),
        ("D", "##.,#.#,#.#,#.#,##."), ("E", "###,#..,##.,#..,###"), ("F", "###,#..,##.,#..,#.."),
        ("G", ".##,#..,#.#,#.#,.##"), ("H", "#.#,#.#,###,#.#,#.#"), ("I", "###,.#.,.#.,.#.,###"),
        ("J", "..#,..#,..#,#.#,.#."), ("K", "#.#,#.#,##.,#.#,#.#"), ("L", "#..,#..,#..,#..,###"),
        ("M", "#.#,###,###,#.#,#.#"), ("N", "##.,#.#,#.#,#.#,#.#"), ("O", ".#.,#.#,#.#,#.#,.#."),
        ("P", "##.,#.#,##.,#..,#.."), ("Q", ".#.,#.#,#.#,##.,.##"), ("R", "##.,#.#,##.,#.#,#.#"),
        ("S", ".##,#..,.#.,..#,##."), ("T", "###,.#.,.#.,.#.,.#."), ("U", "#.#,#.#,#.#,#.#,###"),
        ("V", "#.#,#.#,#.#,#.#,.#."), ("W", "#.#,#.#,###,###,#.#"), ("X", "#.#,#.#,.#.,#.#,#.#"),
        ("Y", "#.#,#.#,.#.,.#.,.#."), ("Z", "###,..#,.#.,#..,###"),
        (":", ".,#,.,#,."), ("-", "...,...,###,...,..."), ("!", "#,#,#,.,#"), (" ", "..,..,..,..,.."),
        ("+", "...,.#.,###,.#.,..."), (".", ".,.,.,.,#"), ("?", "###,..#,.##,...,.#."), ("/", "..#,..#,.#.,#..,#.."),
    ])

    public static let large = make("5x7", 7, [
        ("0", ".###.,#...#,#...#,#...#,#...#,#...#,.###."), ("1", "..#..,.##..,..#..,..#..,..#..,..#..,.###."),
        ("2", ".###.,#...#,....#,...#.,..#..,.#...,#####"), ("3", "####.,....#,....#,.###.,....#,....#,####."),
        ("4", "...#.,..##.,.#.#.,#..#.,#####,...#.,...#."), ("5", "#####,#....,####.,....#,....#,#...#,.###."),
        ("6", ".###.,#....,#....,####.,#...#,#...#,.###."), ("7", "#####,....#,...#.,..#..,.#...,.#...,.#..."),
        ("8", ".###.,#...#,#...#,.###.,#...#,#...#,.###."), ("9", ".###.,#...#,#...#,.####,....#,....#,.###."),
        ("A", ".###.,#...#,#...#,#####,#...#,#...#,#...#"), ("B", "####.,#...#,#...#,####.,#...#,#...#,####."),
        ("C", ".###.,#...#,#....,#....,#....,#...#,.###."), ("D", "####.,#...#,#...#,#...#,#...#,#...#,####."),
        ("E", "#####,#....,#....,####.,#....,#....,#####"), ("F", "#####,#....,#....,####.,#....,#....,#...."),
        ("G", ".###.,#...#,#....,#.###,#...#,#...#,.####"), ("H", "#...#,#...#,#...#,#####,#...#,#...#,#...#"),
        ("I", ".###.,..#..,..#..,..#..,..#..,..#..,.###."), ("J", "..###,...#.,...#.,...#.,...#.,#..#.,.##.."),
        ("K", "#...#,#..#.,#.#..,##...,#.#..,#..#.,#...#"), ("L", "#....,#....,#....,#....,#....,#....,#####"),
        ("M", "#...#,##.##,#.#.#,#.#.#,#...#,#...#,#...#"), ("N", "#...#,#...#,##..#,#.#.#,#..##,#...#,#...#"),
        ("O", ".###.,#...#,#...#,#...#,#...#,#...#,.###."), ("P", "####.,#...#,#...#,####.,#....,#....,#...."),
        ("Q", ".###.,#...#,#...#,#...#,#.#.#,#..#.,.##.#"), ("R", "####.,#...#,#...#,####.,#.#..,#..#.,#...#"),
        ("S", ".####,#....,#....,.###.,....#,....#,####."), ("T", "#####,..#..,..#..,..#..,..#..,..#..,..#.."),
        ("U", "#...#,#...#,#...#,#...#,#...#,#...#,.###."), ("V", "#...#,#...#,#...#,#...#,#...#,.#.#.,..#.."),
        ("W", "#...#,#...#,#...#,#.#.#,#.#.#,#.#.#,.#.#."), ("X", "#...#,#...#,.#.#.,..#..,.#.#.,#...#,#...#"),
        ("Y", "#...#,#...#,.#.#.,..#..,..#..,..#..,..#.."), ("Z", "#####,....#,...#.,..#..,.#...,#....,#####"),
        (":", ".,.,#,.,#,.,."), ("-", "....,....,....,####,....,....,...."), ("!", "#,#,#,#,#,.,#"),
        (" ", "...,...,...,...,...,...,..."), ("+", ".....,..#..,..#..,#####,..#..,..#..,....."),
        (".", ".,.,.,.,.,.,#"), ("?", ".###.,#...#,....#,...#.,..#..,.....,..#.."), ("/", "....#,...#.,...#.,..#..,.#...,.#...,#...."),
    ])
}
