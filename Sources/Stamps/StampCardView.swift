import TerminiCore
import TerminiWidgets

/// The card drawn with its ten slots in two rows of five: a dotted outline for an empty slot
/// (with its number), a round seal with a star and the date on its rim for a stamped one.
/// It scales with the space: slots from 7×3 up to 19×9 cells.
struct StampCardView: Widget {
    var card: StampCard
    /// The slot whose stamp is still coming down (drawn empty under the falling stamp).
    var pressing: (slot: Int, scale: Double)?
    /// The card's shift while it shakes, in cells.
    var shake: Int = 0
    /// Whether the next empty slot can be stamped now (daily mode may say no).
    var nextAllowed: Bool = true

    /// The slot sizes the card can use, smallest first, with the gaps between slots and the
    /// padding inside the card's border.
    struct Metrics: Equatable {
        var slot: Size
        var gapX: Int
        var gapY: Int
        var padX: Int
        var padY: Int

        var cardSize: Size {
            Size(width: 5 * slot.width + 4 * gapX + 2 + 2 * padX, height: 2 * slot.height + gapY + 2 + 2 * padY)
        }
    }

    static let metrics: [Metrics] = [
        Metrics(slot: Size(width: 7, height: 3), gapX: 1, gapY: 1, padX: 1, padY: 0),
        Metrics(slot: Size(width: 11, height: 5), gapX: 2, gapY: 1, padX: 2, padY: 1),
        Metrics(slot: Size(width: 15, height: 7), gapX: 3, gapY: 1, padX: 3, padY: 1),
        Metrics(slot: Size(width: 19, height: 9), gapX: 3, gapY: 1, padX: 3, padY: 1),
    ]

    /// The largest metrics whose card fits `size`.
    static func metrics(fitting size: Size) -> Metrics {
        metrics.last { size.contains($0.cardSize) } ?? metrics[0]
    }

    /// The card's rectangle centred in `area` (before any shake) and the ten slot rectangles.
    static func layout(in area: Rect, metrics m: Metrics) -> (card: Rect, slots: [Rect]) {
        let card = area.centered(m.cardSize)
        let inner = card.inset(top: 1 + m.padY, left: 1 + m.padX, bottom: 1 + m.padY, right: 1 + m.padX)
        var slots: [Rect] = []
        for i in 0..<StampCard.slots {
            let r = i / 5, c = i % 5
            slots.append(Rect(x: inner.x + c * (m.slot.width + m.gapX), y: inner.y + r * (m.slot.height + m.gapY),
                              width: m.slot.width, height: m.slot.height))
        }
        return (card, slots)
    }

    /// Where the seal goes inside a slot: inside the dotted outline when there is room.
    static func sealRect(in slot: Rect) -> Rect {
        slot.height >= 5 ? slot.inset(horizontal: 2, vertical: 1) : slot
    }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let m = StampCardView.metrics(fitting: rect.size)
        var (cardRect, slots) = StampCardView.layout(in: rect, metrics: m)
        // The shake stays inside the area: a card as wide as it shakes less, not out of it.
        let move = min(max(shake, rect.x - cardRect.x), rect.maxX - cardRect.maxX)
        cardRect.x += move
        for i in slots.indices { slots[i].x += move }

        let full = card.isFull
        let borderStyle = full ? theme[.success] : theme[.border]
        canvas.fill(cardRect.intersection(rect), style: theme[.background])
        let title = full ? "CARD COMPLETE" : "STAMP CARD"
        Box.draw(cardRect, on: &canvas, glyphs: theme.glyphs, style: borderStyle, title: title,
                 titleStyle: full ? theme[.success] : theme[.title], titleAlignment: .center)

        let nextSlot = card.count
        for (i, slot) in slots.enumerated() {
            let isPressing = pressing?.slot == i
            if i < card.count && !isPressing {
                StampCardView.drawOutline(slot, number: nil, on: &canvas, theme: theme, style: theme[.border])
                let stamp = card.stamps[i]
                StampCardView.drawSeal(in: StampCardView.sealRect(in: slot), label: stamp.day.monthDay,
                                       on: &canvas, theme: theme, style: theme[.accent], clip: rect)
            } else {
                let isNext = i == nextSlot || isPressing
                let outline = isNext && nextAllowed && !isPressing ? theme[.accent] : theme[.border]
                let number = isNext && nextAllowed && !isPressing ? theme[.accent] : theme[.muted]
                StampCardView.drawOutline(slot, number: i + 1, on: &canvas, theme: theme, style: outline, numberStyle: number)
            }
        }

        // The falling stamp: large and faint, over everything else on the card.
        if let p = pressing, slots.indices.contains(p.slot) {
            let target = StampCardView.sealRect(in: slots[p.slot])
            let w = max(target.width, Int((Double(target.width) * p.scale).rounded()))
            let h = max(target.height, Int((Double(target.height) * p.scale).rounded()))
            let big = Rect(x: target.x + target.width / 2 - w / 2, y: target.y + target.height / 2 - h / 2, width: w, height: h)
            let label = card.stamps.indices.contains(p.slot) ? card.stamps[p.slot].day.monthDay : nil
            StampCardView.drawSeal(in: big, label: label, on: &canvas, theme: theme,
                                   style: theme[.muted].with(.dim), clip: rect)
        }
    }

    /// A dotted outline: the place a stamp will go.
    static func drawOutline(_ r: Rect, number: Int?, on canvas: inout Canvas, theme: Theme, style: Style, numberStyle: Style? = nil) {
        guard r.width >= 2, r.height >= 2 else { return }
        let u = theme.glyphs.isUnicode
        let h: Character = u ? "┄" : "."
        let v: Character = u ? "┆" : ":"
        for x in (r.x + 1)..<(r.maxX - 1) {
            canvas.put(h, x: x, y: r.y, style: style)
            canvas.put(h, x: x, y: r.maxY - 1, style: style)
        }
        for y in (r.y + 1)..<(r.maxY - 1) {
            canvas.put(v, x: r.x, y: y, style: style)
            canvas.put(v, x: r.maxX - 1, y: y, style: style)
        }
        canvas.put(u ? "┌" : ".", x: r.x, y: r.y, style: style)
        canvas.put(u ? "┐" : ".", x: r.maxX - 1, y: r.y, style: style)
        canvas.put(u ? "└" : "'", x: r.x, y: r.maxY - 1, style: style)
        canvas.put(u ? "┘" : "'", x: r.maxX - 1, y: r.maxY - 1, style: style)
        if let number {
            canvas.put(String(number), in: r.row(r.height / 2).inset(left: 1, right: 1), alignment: .center,
                       style: numberStyle ?? style)
        }
    }

    /// A round seal: a rounded ring with a star in the middle and `label` on its bottom rim.
    /// Cleared inside, so it covers what is behind it (the falling stamp over the card).
    static func drawSeal(in r: Rect, label: String?, on canvas: inout Canvas, theme: Theme, style: Style, clip: Rect) {
        let u = theme.glyphs.isUnicode
        let star = u ? "★" : "*"
        guard r.width >= 3, r.height >= 3 else {
            canvas.put(star, in: r.row(r.height / 2).intersection(clip), alignment: .center, style: style)
            return
        }
        let area = r.intersection(clip)
        canvas.fill(area, style: style.without([.reverse, .underline]))
        let hz: Character = u ? "─" : "-"
        let vt: Character = u ? "│" : "|"
        for x in (r.x + 1)..<(r.maxX - 1) {
            canvas.put(hz, x: x, y: r.y, style: style, clip: clip)
            canvas.put(hz, x: x, y: r.maxY - 1, style: style, clip: clip)
        }
        for y in (r.y + 1)..<(r.maxY - 1) {
            canvas.put(vt, x: r.x, y: y, style: style, clip: clip)
            canvas.put(vt, x: r.maxX - 1, y: y, style: style, clip: clip)
        }
        canvas.put(u ? "╭" : "/", x: r.x, y: r.y, style: style, clip: clip)
        canvas.put(u ? "╮" : "\\", x: r.maxX - 1, y: r.y, style: style, clip: clip)
        canvas.put(u ? "╰" : "\\", x: r.x, y: r.maxY - 1, style: style, clip: clip)
        canvas.put(u ? "╯" : "/", x: r.maxX - 1, y: r.maxY - 1, style: style, clip: clip)
        let mid = r.y + r.height / 2
        let starRow = Rect(x: r.x + 1, y: mid, width: r.width - 2, height: 1).intersection(clip)
        // A larger seal gets a larger star: three across when there is room.
        let bigStar = r.width >= 11 && r.height >= 5
        canvas.put(bigStar ? "\(star) \(star) \(star)" : star, in: starRow, alignment: .center, style: style.with(.bold))
        if let label, DisplayWidth.of(label) <= r.width - 2 {
            let rim = Rect(x: r.x + 1, y: r.maxY - 1, width: r.width - 2, height: 1).intersection(clip)
            canvas.put(label, in: rim, alignment: .center, style: style)
        }
    }
}
