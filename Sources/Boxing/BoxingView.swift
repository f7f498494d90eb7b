import TerminiCore
import TerminiWidgets
import TerminiApp

/// Where each part of the Boxing Time screen goes in a content rectangle.
struct BoxingLayout: Equatable {
    var selector: Rect
    /// The row under the selector: what its keys do while it has the focus.
    var note: Rect
    var target: Rect
    var count: Rect
    var boxer: Rect
    var footer: Rect
    /// Whether the boxer is drawn in the large form.
    var largeBoxer: Bool

    /// On a wide terminal the stage keeps together in the middle, at most this wide, rather
    /// than pushing the boxer into the far corner of the screen.
    static let maxStageWidth = 136
    /// Likewise in height: a little more than the tallest sandbag with its chain and prompt.
    static let maxStageHeight = 46

    /// The boxer's corner keeps the width of the art (it does not scale, but has a large
    /// form for large terminals); the target and the count share the rest, the target a
    /// little less than half.
    init(_ rect: Rect) {
        selector = rect.row(0)
        note = rect.row(1)
        footer = rect.row(rect.height - 1)
        var stage = Rect(x: rect.x, y: rect.y + 2, width: rect.width, height: max(0, rect.height - 3))
        if stage.width > BoxingLayout.maxStageWidth {
            stage = Rect(x: stage.x + (stage.width - BoxingLayout.maxStageWidth) / 2, y: stage.y,
                         width: BoxingLayout.maxStageWidth, height: stage.height)
        }
        if stage.height > BoxingLayout.maxStageHeight {
            stage = Rect(x: stage.x, y: stage.y + (stage.height - BoxingLayout.maxStageHeight) / 2,
                         width: stage.width, height: BoxingLayout.maxStageHeight)
        }
        let large = BoxingArt.boxerSize(large: true)
        // The large boxer wants room for itself and its caption, and a stage wide enough
        // that the target and the count do not shrink for it.
        largeBoxer = stage.width >= 110 && stage.height >= large.height + 6
        let art = BoxingArt.boxerSize(large: largeBoxer)
        let boxerW = min(max(22, art.width + 3), stage.width / 2)
        boxer = stage.right(boxerW)
        let rest = stage.left(stage.width - boxerW)
        let targetW = rest.width * 9 / 20
        target = rest.left(targetW)
        count = Rect(x: rest.x + targetW, y: rest.y, width: rest.width - targetW, height: rest.height)
    }
}

extension Style {
    /// The colour alone when the style has one: the frames of an animation then switch
    /// colours only, which costs a terminal far fewer bytes than switching attributes
    /// (bold on and off resets every attribute). Without colour (monochrome) the attributes
    /// stay, so every state is still visible.
    var colourOnly: Style {
        switch foreground {
        case .default, .inherit: return self
        default: return Style(foreground: foreground, background: background)
        }
    }
}

/// The Boxing Time screen: selector, target with its "+1"s, the count, the boxer, the footer.
struct BoxingView {
    let app: BoxingApp
    let now: Double
    /// Termini's sound setting, shown in the footer.
    let sound: SoundPreference

    /// Room kept right of the target for the "+1"s.
    static let floatRoom = 7
    /// Where each lane's "+1" starts, from the target's right edge and its middle row.
    static let lanes: [(dx: Int, dy: Int)] = [(1, 0), (4, 1), (2, 2)]

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let layout = BoxingLayout(rect)
        renderSelector(layout, on: &canvas, theme: theme)
        renderTarget(in: layout.target, clip: rect, on: &canvas, theme: theme)
        renderCount(in: layout.count, on: &canvas, theme: theme)
        renderBoxer(in: layout.boxer, large: layout.largeBoxer, on: &canvas, theme: theme)
        renderFooter(in: layout.footer, on: &canvas, theme: theme)
    }

    /// The selector; with the focus it is pointed at from both sides and the row under it
    /// says what its keys do.
    func renderSelector(_ layout: BoxingLayout, on canvas: inout Canvas, theme: Theme) {
        let selector = app.selector
        selector.render(in: layout.selector, on: &canvas, theme: theme)
        guard selector.isFocused else { return }
        let g = theme.glyphs
        let w = selector.width(glyphs: g)
        let row = layout.selector
        let x = row.x + max(0, (row.width - w) / 2)
        canvas.put(g.pointer, x: x - 2, y: row.y, style: theme[.focus], clip: row)
        canvas.put(g.pointerLeft, x: x + w + 1, y: row.y, style: theme[.focus], clip: row)
        let note = "Space or \(g.hintName(of: [.left, .right])) switch the target \(g.middleDot) Tab: back to the \(app.game.selected.name.lowercased())"
        canvas.put(note, in: layout.note, alignment: .center, style: theme[.muted], ellipsis: g.ellipsis)
    }

    /// The target, hanging from the top (sandbag) or standing on the floor (trash can),
    /// shaken sideways for a moment after each punch, with the "+1"s rising beside it.
    func renderTarget(in t: Rect, clip screen: Rect, on canvas: inout Canvas, theme: Theme) {
        let game = app.game
        let unicode = theme.glyphs.isUnicode
        let artRoom = Size(width: max(0, t.width - BoxingView.floatRoom - 1), height: max(0, t.height - 1))
        let (art, still) = game.selected == .sandbag
            ? (BoxingArt.sandbag(fitting: artRoom, unicode: unicode), BoxingArt.sandbagChain(fitting: artRoom))
            : (BoxingArt.trashCan(fitting: artRoom, unicode: unicode), 0)
        // Where it rests; only the drawing moves with the shake, never the prompt or the "+1"s.
        let ax = t.x + max(2, (t.width - BoxingView.floatRoom - art.width) / 2)
        let ay = game.selected == .sandbag ? t.y : t.y + max(0, (t.height - 1 - art.height) / 2)
        let shake = app.effects.shakeOffset(at: now)
        // One style for the whole target, colour only, and the same style on the blank cells
        // around it (which it sweeps when it shakes, and where the "+1"s rise): a frame then
        // sends characters, and switches colour only for the "+1"s.
        let look = { (s: Style) in s.colourOnly }
        canvas.fill(t, style: look(theme[art.rows.last?.first?.role ?? .text]))
        art.draw(at: ax, ay, rows: 0..<still, on: &canvas, theme: theme, clip: t)
        art.draw(at: ax + shake, ay, rows: still..<art.height, on: &canvas, theme: theme, clip: t, look: look)

        // Under the target, the key that punches it, as a key cap; with the focus on the
        // selector, the key that brings it back to the target.
        // Centred under the drawing, in as much of the target's column (and the room kept
        // for the "+1"s) as the words need: the words are never cut off the key.
        let promptRow = Rect(x: t.x, y: min(t.maxY - 1, ay + art.height), width: t.width, height: 1).intersection(t)
        let onTarget = app.focus == .target
        let cap = onTarget ? " Space " : " Tab "
        let phrase = onTarget ? " punch" : " to punch"
        let words = promptRow.width >= DisplayWidth.of(cap + phrase) ? phrase : ""
        let w = DisplayWidth.of(cap + words)
        let px = min(max(promptRow.x, ax + art.width / 2 - w / 2), promptRow.maxX - w)
        let after = canvas.put(cap, x: px, y: promptRow.y, style: theme[.hintKey], clip: promptRow)
        canvas.put(words, x: after, y: promptRow.y, style: theme[.text], clip: promptRow)

        // "+1"s rise from the right side of the target, from three neighbouring lanes; they
        // may drift into the empty margin of the count's column.
        let midY = ay + min(art.height, t.height) / 2
        let floatClip = Rect(x: t.x, y: t.y, width: t.width + 3, height: t.height).intersection(screen)
        for f in app.effects.visibleFloats(at: now) {
            let lane = BoxingView.lanes[f.lane % BoxingView.lanes.count]
            let x = ax + art.width + 1 + lane.dx
            let y = midY + lane.dy - f.rise
            let style = (f.fading ? theme[.muted] : theme[.accent]).colourOnly
            canvas.put("+1", x: x, y: y, style: style, clip: floatClip)
        }
    }

    func renderCount(in c: Rect, on canvas: inout Canvas, theme: Theme) {
        guard !c.isEmpty else { return }
        let game = app.game
        let text = "\(game.punches)"
        // The size is chosen for at least three digits, so the count does not jump in size
        // as it passes 9 and 99; the digits may use up to half the stage.
        let reference = String(repeating: "0", count: max(3, text.count))
        let room = Size(width: max(0, c.width - 2), height: max(1, min(c.height - 6, max(7, c.height / 2))))
        let variant = BigText.fit(reference, in: room) ?? BigText.fit(text, in: room)
        let bigH = variant.map { BigText.measure(text, $0).height } ?? 1
        // Label, gap, digits, gap, rate, best: centred in the stage, a little above the middle.
        let block = 2 + bigH + 3
        var y = c.y + max(0, (c.height - block) / 3)
        canvas.put("Punches", in: Rect(x: c.x, y: y, width: c.width, height: 1), alignment: .center, style: theme[.accent])
        y += 2
        BigText(text, role: game.boxerIsTired ? .warning : .text, variant: variant)
            .render(in: Rect(x: c.x + 1, y: y, width: max(0, c.width - 2), height: bigH).intersection(c), on: &canvas, theme: theme)
        y += bigH + 1
        // The rate while punching, else the same invitation whatever the count.
        let rateRow = Rect(x: c.x, y: y, width: c.width, height: 1).intersection(c)
        if let rate = app.rateShown {
            // Colour only: the figure changes several times a second.
            canvas.put("\(PunchMeter.format(rate)) punches/s", in: rateRow, alignment: .center, style: theme[.accent].colourOnly)
        } else {
            canvas.put("hit it!", in: rateRow, alignment: .center, style: theme[.muted])
        }
        let dash = theme.glyphs.isUnicode ? "—" : "-"
        let best = "best rate " + (game.bestRate > 0 ? "\(PunchMeter.format(game.bestRate))/s" : dash)
        canvas.put(best, in: Rect(x: c.x, y: y + 1, width: c.width, height: 1).intersection(c), alignment: .center, style: theme[.muted])
    }

    func renderBoxer(in b: Rect, large: Bool, on canvas: inout Canvas, theme: Theme) {
        guard !b.isEmpty else { return }
        let game = app.game
        let tired = game.boxerIsTired
        let art = BoxingArt.boxer(game.selected.boxer, tired: tired, unicode: theme.glyphs.isUnicode, large: large)
        // In the top-right corner of the ring, as in the original, a cell from the edge.
        let x = b.maxX - art.width - (b.width > art.width ? 1 : 0)
        art.draw(at: x, b.y, on: &canvas, theme: theme, clip: b)
        let who = game.selected.boxer == .woman ? "She" : "He"
        let toGo = BoxingGame.tiredAt - game.punches
        let caption = tired ? ["\(who)'s tired,", "resting in the corner"] : ["\(who)'s fighting fit", "\(toGo) punch\(toGo == 1 ? "" : "es") to go"]
        // Centred under the boxer, and a cell clear of the edge.
        let w = max(art.width, caption.map(\.count).max() ?? 0)
        let right = b.maxX - (b.width > w ? 1 : 0)
        let left = max(b.x, min(x + (art.width - w) / 2, right - w))
        let area = Rect(x: left, y: b.y, width: right - left, height: b.height)
        for (i, line) in caption.enumerated() {
            let row = area.row(art.height + 1 + i)
            canvas.put(line, in: row.intersection(b), alignment: .center, style: tired ? theme[.warning] : theme[.muted])
        }
    }

    /// The sound setting (Termini's, not only this app's) and the other target's count.
    func renderFooter(in f: Rect, on canvas: inout Canvas, theme: Theme) {
        let note = theme.glyphs.isUnicode ? "♪ " : ""
        let state: String
        switch sound.setting {
        case true?: state = "on"
        case false?: state = "off"
        case nil: state = "alerts only"
        }
        canvas.put("\(note)Termini sound: \(state)", in: f.inset(left: 1), style: sound.effects ? theme[.accent] : theme[.muted])
        let other = app.game.selected.other
        canvas.put("\(other.name): \(app.game.punches(other))", in: f.inset(right: 1), alignment: .right, style: theme[.muted])
    }

    // MARK: Launch screen

    /// The ring bell, the name in big letters, and "ding ding".
    static func splash(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let bell = BoxingArt.bell(unicode: theme.glyphs.isUnicode)
        let titleH = BigText.fit("BOXING TIME", in: Size(width: rect.width - 2, height: max(5, rect.height - bell.height - 5)))
            .map { BigText.measure("BOXING TIME", $0).height } ?? 1
        let total = bell.height + 1 + titleH + 2
        var y = rect.y + max(0, (rect.height - total) / 2)
        bell.draw(at: rect.x + (rect.width - bell.width) / 2, y, on: &canvas, theme: theme, clip: rect)
        y += bell.height + 1
        BigText("BOXING TIME", role: .title).render(in: Rect(x: rect.x + 1, y: y, width: rect.width - 2, height: titleH).intersection(rect), on: &canvas, theme: theme)
        y += titleH + 1
        canvas.put("Ding! Ding!", in: Rect(x: rect.x, y: y, width: rect.width, height: 1).intersection(rect), alignment: .center, style: theme[.accent])
        canvas.put("starts by itself \(theme.glyphs.middleDot) any key skips", in: rect.row(rect.height - 1), alignment: .center, style: theme[.muted])
    }
}
