import TerminiKit

/// The Memory screen: a status line (flips, pairs, size and best, time), the board of
/// cards, and a message line.
struct MemoryView {
    let app: MemoryApp
    let now: Double

    /// Cards are at most this large; a face is one emoji (or letter) whatever the card size.
    static let maxCard = Size(width: 24, height: 11)
    static let minCard = Size(width: 6, height: 3)

    static func minimumSize(for size: BoardSize) -> Size {
        Size(width: max(50, size.columns * (minCard.width + 1) - 1),
             height: size.rows * minCard.height + 2)
    }

    /// The card size and gaps for a board in `area`: as large as fits, gaps of one row and
    /// two columns when there is room; a card's width follows its height (a cell is about
    /// twice as tall as wide, so 2h+2 columns make a card a little taller than wide).
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
        return (minCard, 1, 0)
    }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let game = app.game
        renderStatus(in: rect.row(0), on: &canvas, theme: theme)
        let board = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 2))
        let layout = MemoryView.cardLayout(for: game.size, in: board.size)
        app.grid.render(in: board, cell: layout.card, gapX: layout.gapX, gapY: layout.gapY) { row, column, cell, hasCursor in
            let i = row * game.size.columns + column
            drawCard(i, in: cell, cursor: hasCursor && game.phase != .won, on: &canvas, theme: theme)
        }
        renderFooter(in: rect.row(rect.height - 1), on: &canvas, theme: theme)
        if game.phase == .won { renderWin(over: board, on: &canvas, theme: theme) }
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
        var rect = cell
        if let f = app.flipping[i], now < f.start + MemoryApp.flipDuration {
            // Edge-on halfway: the old side narrows away, the new side widens in.
            let p = max(0, min(1, (now - f.start) / MemoryApp.flipDuration))
            if p < 0.5 {
                shown.faceUp = !f.toFaceUp
                if !shown.faceUp { shown.check = false }
            }
            let w = max(1, Int((Double(cell.width) * abs(1 - 2 * p)).rounded()))
            rect = Rect(x: cell.x + (cell.width - w) / 2, y: cell.y, width: w, height: cell.height)
            if w < 3 {
                for y in rect.y..<rect.maxY {
                    canvas.put(theme.glyphs.vertical, x: rect.x + rect.width / 2, y: y, style: theme[shown.border])
                }
                return
            }
        }
        drawFrame(rect, look: shown, on: &canvas, theme: theme)
        let inner = rect.inset(by: 1)
        guard !inner.isEmpty else { return }
        if shown.faceUp {
            canvas.fill(inner, style: theme[.background])
            drawFace(card.face, in: inner, role: shown.faceRole, on: &canvas, theme: theme)
        } else {
            canvas.fill(inner, with: theme.glyphs.isUnicode ? "░" : ":", style: theme[shown.faceRole])
        }
    }

    func drawFrame(_ r: Rect, look: CardLook, on canvas: inout Canvas, theme: Theme) {
        let style = theme[look.border]
        if theme.glyphs.isUnicode {
            var g = theme.glyphs
            g.topLeft = "╭"
            g.topRight = "╮"
            g.bottomLeft = "╰"
            g.bottomRight = "╯"
            Box.draw(r, on: &canvas, glyphs: g, style: style)
        } else {
            Box.draw(r, on: &canvas, glyphs: theme.glyphs, style: style)
        }
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

    // MARK: The win

    func renderWin(over board: Rect, on canvas: inout Canvas, theme: Theme) {
        let game = app.game
        let unicode = theme.glyphs.isUnicode
        let dot = theme.glyphs.middleDot
        let sizeName = game.size.name(unicode: unicode)
        var lines: [(String, Role)] = [
            ("All \(game.size.pairs) pairs in \(game.flips) flips \(dot) \(clockText(game.elapsed(at: now)))", .text),
        ]
        if let o = app.outcome, o.isNewBest {
            let what = o.newFewestFlips && o.newFastest ? "fewest flips and fastest time" : o.newFewestFlips ? "fewest flips" : "fastest time"
            lines.append(("New best for \(sizeName): \(what)!", .success))
        } else if let f = app.records.fewestFlips(game.size), let t = app.records.fastest(game.size) {
            lines.append(("Best for \(sizeName): \(f) flips \(dot) \(clockText(t))", .muted))
        }
        lines.append(("", .text))
        lines.append(("r new deal   s board size", .muted))
        let width = min(board.width, (lines.map { DisplayWidth.of($0.0) }.max() ?? 20) + 6)
        let box = board.centered(Size(width: width, height: lines.count + 2))
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: theme.glyphs, style: theme[.success], title: "You won!", titleStyle: theme[.success])
        for (i, line) in lines.enumerated() {
            canvas.put(line.0, in: box.inset(horizontal: 2, vertical: 1).row(i), alignment: .center, style: theme[line.1])
        }
    }
}
