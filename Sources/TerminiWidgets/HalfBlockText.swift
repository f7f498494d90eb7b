import TerminiCore

/// Letters and digits of BigText's 3×5 font drawn with half blocks (`▀ ▄ █`): two pixel rows
/// a cell, so a line of capitals is three rows high and its pixels are about square. For a
/// word that must be read across a hall where five rows cannot be spared (`GAME POINT` on a
/// 24-row terminal). Half blocks need Unicode: `fits` says no in ASCII, where BigText's
/// five-row letters (`#`) are the smallest that stay readable.
public struct HalfBlockText: Widget {
    public static let rows = 3

    public var text: String
    public var role: Role
    public var alignment: Alignment
    /// Cells each pixel takes across (1 or more).
    public var scaleX: Int

    public init(_ text: String, role: Role = .text, alignment: Alignment = .center, scaleX: Int = 1) {
        self.text = text
        self.role = role
        self.alignment = alignment
        self.scaleX = max(1, scaleX)
    }

    /// Size in cells of `text`: glyphs one pixel apart, three rows.
    public static func measure(_ text: String, scaleX: Int = 1) -> Size {
        let pixels = BigText.Font.small.pixelWidth(text)
        guard pixels > 0 else { return .zero }
        return Size(width: pixels * max(1, scaleX), height: rows)
    }

    /// The widest scale (up to `maxScale`) at which `text` fits `width`; nil when none does or
    /// the glyph set has no half blocks.
    public static func fit(_ text: String, width: Int, glyphs: Glyphs, maxScale: Int = 2) -> Int? {
        guard glyphs.isUnicode else { return nil }
        return stride(from: maxScale, through: 1, by: -1).first { measure(text, scaleX: $0).width <= width }
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard !rect.isEmpty else { return }
        let style = theme[role]
        let font = BigText.Font.small
        let m = HalfBlockText.measure(text, scaleX: scaleX)
        let (x0, y0) = rect.origin(of: m, alignment: alignment)
        let g = theme.glyphs
        var px = 0
        for c in text {
            let w = font.glyphWidth(c)
            if let glyph = font.glyph(c) {
                for cellRow in 0..<HalfBlockText.rows {
                    for rx in 0..<glyph.width {
                        let top = glyph.rows[safe: 2 * cellRow]?[safe: rx] ?? false
                        let bottom = glyph.rows[safe: 2 * cellRow + 1]?[safe: rx] ?? false
                        guard top || bottom else { continue }
                        let ch = top && bottom ? g.block : top ? g.upperHalf : g.lowerHalf
                        let cell = Rect(x: x0 + (px + rx) * scaleX, y: y0 + cellRow, width: scaleX, height: 1)
                        canvas.fill(cell.intersection(rect), with: ch, style: style)
                    }
                }
            }
            px += w + 1
        }
    }
}

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
