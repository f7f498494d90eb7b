import TerminiKit

/// Where each part of the Boxing Time screen goes in a content rectangle.
struct BoxingLayout: Equatable {
    var selector: Rect
    var target: Rect
    var count: Rect
    var boxer: Rect
    var footer: Rect

    /// The boxer's corner keeps a fixed width (the art does not scale); the target and the
    /// count share the rest, the target a little less than half.
    init(_ rect: Rect) {
        selector = rect.row(0)
        footer = rect.row(rect.height - 1)
        let stage = Rect(x: rect.x, y: rect.y + 2, width: rect.width, height: max(0, rect.height - 3))
        let boxerW = min(22, rect.width / 2)
        boxer = stage.right(boxerW)
        let rest = stage.left(stage.width - boxerW)
        let targetW = rest.width * 9 / 20
        target = rest.left(targetW)
        count = Rect(x: rest.x + targetW, y: rest.y, width: rest.width - targetW, height: rest.height)
    }
}

/// The Boxing Time screen: selector, target with its "+1"s, the count, the boxer, the footer.
struct BoxingView {
    let app: BoxingApp
    let now: Double

    /// Room kept right of the target for the "+1"s.
    static let floatRoom = 7
    /// Where each lane's "+1" starts, from the target's right edge and its middle row.
    static let lanes: [(dx: Int, dy: Int)] = [(1, 0), (4, 1), (2, 2)]

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let layout = BoxingLayout(rect)
        let game = app.game
        let unicode = theme.glyphs.isUnicode
        app.selector.render(in: layout.selector, on: &canvas, theme: theme)

        // The target, hanging from the top (sandbag) or standing on the floor (trash can),
        // shaken sideways for a moment after each punch.
        let t = layout.target
        let artRoom = Size(width: max(0, t.width - BoxingView.floatRoom - 1), height: max(0, t.height - 1))
        let art = game.selected == .sandbag
            ? BoxingArt.sandbag(fitting: artRoom, unicode: unicode)
            : BoxingArt.trashCan(fitting: artRoom, unicode: unicode)
        let ax = t.x + max(2, (t.width - BoxingView.floatRoom - art.width) / 2) + app.effects.shakeOffset(at: now)
        let ay = game.selected == .sandbag ? t.y : t.y + max(0, (t.height - 1 - art.height) / 2)
        art.draw(at: ax, ay, on: &canvas, theme: theme, clip: t)

        // Under the target, the way to punch it; in the focus style while it has the focus.
        let focused = !app.selector.isFocused
        let promptRow = Rect(x: t.x, y: min(t.maxY - 1, ay + art.height), width: max(0, ax - t.x) * 2 + art.width, height: 1)
        let words = promptRow.width >= 16 ? "Space: punch" : "Space"
        let prompt = focused ? "\(theme.glyphs.pointer) \(words) \(theme.glyphs.pointerLeft)" : words
        canvas.put(prompt, in: promptRow.intersection(t), alignment: .center, style: focused ? theme[.focus] : theme[.muted])

        // "+1"s rise from the right side of the target, from three neighbouring lanes; they
        // may drift into the empty margin of the count's column.
        let midY = ay + min(art.height, t.height) / 2
        let floatClip = Rect(x: t.x, y: t.y, width: t.width + 3, height: t.height).intersection(rect)
        for f in app.effects.visibleFloats(at: now) {
            let lane = BoxingView.lanes[f.lane % BoxingView.lanes.count]
            let x = ax + art.width + 1 + lane.dx
            let y = midY + lane.dy - f.rise
            let style = f.fading ? theme[.accent].without(.bold) : theme[.accent].with(.bold)
            canvas.put("+1", x: x, y: y, style: style, clip: floatClip)
        }

        renderCount(in: layout.count, on: &canvas, theme: theme)
        renderBoxer(in: layout.boxer, on: &canvas, theme: theme)
        renderFooter(in: layout.footer, on: &canvas, theme: theme)
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
        let rateRow = Rect(x: c.x, y: y, width: c.width, height: 1).intersection(c)
        if let rate = app.meter.rate(at: now) {
            canvas.put("\(PunchMeter.format(rate)) punches/s", in: rateRow, alignment: .center, style: theme[.accent])
        } else if game.punches == 0 {
            canvas.put("hit it!", in: rateRow, alignment: .center, style: theme[.muted])
        }
        let best = game.bestRate > 0 ? "best \(PunchMeter.format(game.bestRate))/s" : "best \(theme.glyphs.isUnicode ? "—" : "-")"
        canvas.put(best, in: Rect(x: c.x, y: y + 1, width: c.width, height: 1).intersection(c), alignment: .center, style: theme[.muted])
    }

    func renderBoxer(in b: Rect, on canvas: inout Canvas, theme: Theme) {
        guard !b.isEmpty else { return }
        let game = app.game
        let tired = game.boxerIsTired
        let art = BoxingArt.boxer(game.selected.boxer, tired: tired, unicode: theme.glyphs.isUnicode)
        // In the top-right corner, as in the original.
        let x = b.maxX - art.width - (b.width > art.width ? 1 : 0)
        art.draw(at: x, b.y, on: &canvas, theme: theme, clip: b)
        let who = game.selected.boxer == .woman ? "She" : "He"
        let caption = tired ? ["\(who)'s tired,", "resting in the corner"] : ["\(who)'s fighting fit", "\(BoxingGame.tiredAt - game.punches) punches to go"]
        let area = Rect(x: min(x, b.maxX - 21), y: b.y, width: b.maxX - min(x, b.maxX - 21), height: b.height)
        for (i, line) in caption.enumerated() {
            let row = area.row(art.height + 1 + i)
            canvas.put(line, in: row.intersection(b), alignment: .center, style: tired ? theme[.warning] : theme[.muted])
        }
    }

    func renderFooter(in f: Rect, on canvas: inout Canvas, theme: Theme) {
        let note = theme.glyphs.isUnicode ? "♪ " : ""
        let sound = app.soundOn ? "\(note)sound on" : "\(note)sound off"
        canvas.put(sound, in: f.inset(left: 1), style: app.soundOn ? theme[.accent] : theme[.muted])
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
        canvas.put("press any key", in: rect.row(rect.height - 1), alignment: .center, style: theme[.muted])
    }
}
