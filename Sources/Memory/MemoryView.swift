import TerminiCore
import TerminiWidgets

/// The Memory screen: a status line (flips, pairs, size and best, time), the board of
/// cards, and a message line.
struct MemoryView {
    let app: MemoryApp
    let now: Double

    /// Cards are at most this large; a face is one emoji (or letter) whatever the card size.
    static let maxCard = Size(width: 24, height: 11)
    /// The smallest framed card.
    static let minCard = Size(width: 6, height: 3)
    /// One-line cards, `[░░░░]` and `[ 😁 ]`, for a board that framed cards do not fit
    /// (a 6×6 board in 17 rows, at 80×22).
    static let lineCard = Size(width: 6, height: 1)
    static let maxLineCard = Size(width: 8, height: 1)

    /// The smallest content area: the largest board (6×6) in one-line cards, and room for
    /// the status line. The same for every board.
    static var minimumSize: Size {
        let rows = BoardSize.allCases.map(\.rows).max() ?? 6
        let columns = BoardSize.allCases.map(\.columns).max() ?? 6
        return Size(width: max(50, columns * (lineCard.width + 1) - 1), height: rows + 2)
    }

    /// The card size and gaps for a board in `area`: framed cards as large as fit, with
    /// gaps of one row and two columns when there is room; a card's width follows its
    /// height (a cell is about twice as tall as wide, so 2h+2 columns make a card a little
    /// taller than wide). When no framed card fits, one-line cards.
    static func cardLayout(for size: BoardSize, in area: Size) -> (card: Size, gapX: Int, gapY: Int) {
        for gapY in [1, 0] {
            var h = min(maxCard.height, (area.height - gapY * (size.rows - 1)) / size.rows)
            // An odd height puts the face on the middle row.
            if h % 2 == 0 { h -= 1 }
            guard h >= minCard.height else { continue }
            for gapX in [2, 1] {
                let fitW = (area.width - gapX * (size.columns - 1)) / size.columns
                let w = min(fitW, h * 2 + 2, maxCard.width)
                if w >= minCard.width { return (Size(width: w, height: h), gapX, gapY) }
            }
        }
        for gapY in [1, 0] where size.rows + gapY * (size.rows - 1) <= area.height {
            for gapX in [2, 1] {
                let fitW = (area.width - gapX * (size.columns - 1)) / size.columns
                // An even width centres a two-cell face.
                let w = min(fitW, maxLineCard.width) & ~1
                if w >= lineCard.width { return (Size(width: w, height: 1), gapX, gapY) }
            }
        }
        return (lineCard, 1, 0)
    }

    /// Where the board goes: between the status line and the message line.
    static func boardRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 2))
    }

    /// Where the cards go: the board less a blank column each side, so no card touches the
    /// window's frame.
    static func cardsRect(_ rect: Rect) -> Rect { boardRect(rect).inset(horizontal: 1, vertical: 0) }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let game = app.game
        renderStatus(in: rect.row(0), on: &canvas, theme: theme)
        let board = MemoryView.cardsRect(rect)
        let layout = MemoryView.cardLayout(for: game.size, in: board.size)
        app.grid.render(in: board, cell: layout.card, gapX: layout.gapX, gapY: layout.gapY) { row, column, cell, hasCursor in
            let i = row * game.size.columns + column
            drawCard(i, in: cell, cursor: hasCursor && game.phase != .won, on: &canvas, theme: theme)
        }
        renderFooter(in: rect.row(rect.height - 1), on: &canvas, theme: theme)
    }

    // MARK: Status and footer

    func renderStatus(in row: Rect, on canvas: inout Canvas, theme: Theme) {
        let game = app.game
        let unicode = theme.glyphs.isUnicode
        let dot = theme.glyphs.middleDot
        var x = canvas.put(" Flips ", x: row.x, y: row.y, style: theme[.muted], clip: row)
        x = canvas.put("\(game.flips)", x: x, y: row.y, style: theme[.accent], clip: row)
        x = canvas.put("  Pairs ", x: x, y: row.y, style: theme[.muted], clip: row)
        let leftEnd = canvas.put("\(game.pairsFound)/\(game.size.pairs)", x: x, y: row.y, style: theme[.accent], clip: row)

        let time = clockText(game.elapsed(at: now))
        let paused = game.phase == .playing && !game.clockRuns
        let right = "Time " + time + (paused ? " (paused)" : "") + " "
        canvas.put(right, in: row, alignment: .right, style: game.clockRuns ? theme[.text] : theme[.muted])

        // The best of this size in the middle, in as much of it as there is room for.
        let sizeName = game.size.name(unicode: unicode)
        let middle = Rect(x: leftEnd + 2, y: row.y, width: row.maxX - DisplayWidth.of(right) - 2 - (leftEnd + 2), height: 1)
        var choices = ["\(sizeName) best: none yet", "best: none yet"]
        if let f = app.records.fewestFlips(game.size), let t = app.records.fastest(game.size) {
            choices = ["\(sizeName) best: \(f) flips \(dot) \(clockText(t))", "best \(f) \(dot) \(clockText(t))"]
        }
        if let best = choices.first(where: { DisplayWidth.of($0) <= middle.width }) {
            // Centred on the whole line when that leaves it clear of both sides.
            let w = DisplayWidth.of(best)
            let centred = row.x + (row.width - w) / 2
            let bx = centred >= middle.x && centred + w <= middle.maxX ? centred : middle.x + (middle.width - w) / 2
            canvas.put(best, x: bx, y: row.y, style: theme[.muted], clip: middle)
        }
    }

    func renderFooter(in row: Rect, on canvas: inout Canvas, theme: Theme) {
        let deal = "seed \(app.game.seed) "
        canvas.put(deal, in: row, alignment: .right, style: theme[.muted])
        if let m = app.message {
            let room = row.inset(left: 1, right: DisplayWidth.of(deal) + 1)
            canvas.put(TextLayout.truncate(m.text, to: room.width, ellipsis: theme.glyphs.ellipsis), in: room, style: theme[m.role])
        }
    }

    // MARK: Cards

    struct CardLook {
        var faceUp: Bool
        var border: Role
        var faceRole: Role
        var check: Bool
    }

    func look(of card: Card, cursor: Bool) -> CardLook {
        let game = app.game
        if !card.isFaceUp {
            return CardLook(faceUp: false, border: cursor ? .focus : .border, faceRole: cursor ? .focus : .muted, check: false)
        }
        if card.isMatched {
            return CardLook(faceUp: true, border: cursor ? .focus : .disabled, faceRole: .disabled, check: true)
        }
        if game.phase == .gaveUp {
            return CardLook(faceUp: true, border: cursor ? .focus : .muted, faceRole: .text, check: false)
        }
        let border: Role = cursor ? .focus : game.showsMismatch ? .warning : .accent
        return CardLook(faceUp: true, border: border, faceRole: .text, check: false)
    }

    func drawCard(_ i: Int, in cell: Rect, cursor: Bool, on canvas: inout Canvas, theme: Theme) {
        guard app.game.cards.indices.contains(i), !cell.isEmpty else { return }
        let card = app.game.cards[i]
        var shown = look(of: card, cursor: cursor)
        if let f = app.flipping[i], now < f.start + MemoryApp.flipDuration {
            let step = Int(((now - f.start) / MemoryApp.flipStep).rounded(.down))
            if step >= 0 {
                drawTurning(card, step: step, toFaceUp: f.toFaceUp, in: cell, on: &canvas, theme: theme)
                return
            }
            // A card of a flip-all wave that has not started yet still shows its old side.
            shown.faceUp = !f.toFaceUp
            if !shown.faceUp { shown.check = false }
        }
        if cell.height < MemoryView.minCard.height {
            drawLineCard(card.face, look: shown, in: cell, on: &canvas, theme: theme)
            return
        }
        drawFrame(cell, look: shown, on: &canvas, theme: theme)
        let inner = cell.inset(by: 1)
        guard !inner.isEmpty else { return }
        if shown.faceUp {
            canvas.fill(inner, style: theme[.background])
            drawFace(card.face, in: inner, role: shown.faceRole, on: &canvas, theme: theme)
        } else {
            canvas.fill(inner, with: theme.glyphs.shade, style: theme[shown.faceRole])
        }
    }

    /// A card turning over, at `step`: its old side at half width, edge-on, its new side at
    /// half width. It is drawn in one colour, and so is the blank it leaves in its cell: a
    /// frame of the turn then sends characters, not a style switch at every edge.
    func drawTurning(_ card: Card, step: Int, toFaceUp: Bool, in cell: Rect, on canvas: inout Canvas, theme: Theme) {
        let style = theme[.border].colourOnly
        canvas.fill(cell, style: style)
        let g = theme.glyphs
        if step == 1 {
            for y in cell.y..<cell.maxY { canvas.put(g.vertical, x: cell.x + cell.width / 2, y: y, style: style) }
            return
        }
        let faceUp = step >= 2 ? toFaceUp : !toFaceUp
        // Half as wide, and centred like the card (same parity).
        var w = max(3, cell.width / 2)
        if (cell.width - w) % 2 != 0 { w += 1 }
        let r = Rect(x: cell.x + (cell.width - w) / 2, y: cell.y, width: min(w, cell.width), height: cell.height)
        let inner: Rect
        if cell.height >= MemoryView.minCard.height {
            Box.draw(r, on: &canvas, glyphs: MemoryView.cardGlyphs(g), style: style)
            inner = r.inset(by: 1)
        } else {
            canvas.put("[", x: r.x, y: r.y, style: style)
            canvas.put("]", x: r.maxX - 1, y: r.y, style: style)
            inner = r.inset(left: 1, right: 1)
        }
        guard !inner.isEmpty else { return }
        let face = g.isUnicode ? Faces.emoji(card.face) : Faces.letter(card.face)
        if faceUp && DisplayWidth.of(face) <= inner.width {
            let fw = DisplayWidth.of(face)
            canvas.put(face, x: inner.x + (inner.width - fw) / 2, y: inner.y + (inner.height - 1) / 2, style: style, clip: inner)
        } else if !faceUp {
            canvas.fill(inner, with: g.shade, style: style)
        }
    }

    /// A one-line card: `[░░░░]` face down, `[ 😁 ]` face up, `✓ 😁 ✓` found (the checks
    /// mark it without colour).
    func drawLineCard(_ face: Int, look: CardLook, in cell: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let edge = theme[look.border]
        let (left, right): (Character, Character) = look.check ? (g.check, g.check) : ("[", "]")
        canvas.put(left, x: cell.x, y: cell.y, style: look.check ? edge.with(.bold) : edge, clip: cell)
        canvas.put(right, x: cell.maxX - 1, y: cell.y, style: look.check ? edge.with(.bold) : edge, clip: cell)
        let inner = cell.inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        if look.faceUp {
            canvas.fill(inner, style: theme[.background])
            let text = g.isUnicode ? Faces.emoji(face) : Faces.letter(face)
            let w = DisplayWidth.of(text)
            let style = g.isUnicode ? theme[look.faceRole] : theme[look.faceRole].with(.bold)
            canvas.put(text, x: inner.x + (inner.width - w) / 2, y: inner.y, style: style, clip: inner)
        } else {
            canvas.fill(inner, with: g.shade, style: theme[look.faceRole])
        }
    }

    /// The box glyphs of a card: rounded corners in Unicode.
    static func cardGlyphs(_ glyphs: Glyphs) -> Glyphs {
        guard glyphs.isUnicode else { return glyphs }
        var g = glyphs
        g.topLeft = "╭"
        g.topRight = "╮"
        g.bottomLeft = "╰"
        g.bottomRight = "╯"
        return g
    }

    func drawFrame(_ r: Rect, look: CardLook, on canvas: inout Canvas, theme: Theme) {
        let style = theme[look.border]
        Box.draw(r, on: &canvas, glyphs: MemoryView.cardGlyphs(theme.glyphs), style: style)
        if look.check && r.width >= 5 {
            // Found pairs are marked without colour: a check in the top edge.
            canvas.put(theme.glyphs.check, x: r.x + r.width / 2, y: r.y, style: theme[look.border].with(.bold))
        }
    }

    /// An emoji (two cells) or, without Unicode, a letter (big when the card has room). A
    /// large card also shows its face small in two corners, as playing cards do.
    func drawFace(_ face: Int, in inner: Rect, role: Role, on canvas: inout Canvas, theme: Theme) {
        let style = theme[role]
        let text = theme.glyphs.isUnicode ? Faces.emoji(face) : Faces.letter(face)
        let w = DisplayWidth.of(text)
        if inner.height >= 5 && inner.width >= 8 {
            canvas.put(text, x: inner.x + 1, y: inner.y, style: style, clip: inner)
            canvas.put(text, x: inner.maxX - 1 - w, y: inner.maxY - 1, style: style, clip: inner)
        }
        if !theme.glyphs.isUnicode, inner.height >= 5, inner.width >= 3 {
            let middle = inner.inset(top: 1, bottom: 1)
            let v = BigText.fit(text, in: middle.size, maxHeight: 7) ?? BigText.Variant(font: .small, scaleX: 1, scaleY: 1)
            BigText(text, role: role, variant: v).render(in: middle, on: &canvas, theme: theme)
            return
        }
        canvas.put(text, x: inner.x + (inner.width - w) / 2, y: inner.y + (inner.height - 1) / 2,
                   style: theme.glyphs.isUnicode ? style : style.with(.bold), clip: inner)
    }

}

extension Style {
    /// The colour alone when the style has one: the frames of an animation then switch
    /// colours only, which costs a terminal far fewer bytes than switching attributes
    /// (bold or reverse off resets every attribute). Without colour (monochrome) the
    /// attributes stay, so every state is still visible.
    var colourOnly: Style {
        switch foreground {
        case .default, .inherit: return self
        default: return Style(foreground: foreground, background: background)
        }
    }
}
