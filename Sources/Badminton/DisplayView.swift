import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// A court's score as a card with no keys on it: the hall TV (`--watch --display`, the card
/// is the whole terminal) and each pane of `--watch --all` (a card in a box per court) are the
/// same drawing at two sizes. From the top: each side's name in its colour (the server's
/// marked), the games won; the two scores in the largest digits that fit; then what the umpire
/// would call out: the interval's countdown (or the warm-up's, a stop's clock), game point or
/// match point, who serves, the game or match won.
extension BadmintonApp {
    /// The rows a card of `height` gives each part.
    struct CardLayout: Equatable {
        var nameRows: Int
        var gamesRows: Int
        var gap: Int
        var bandRows: Int
        var digitRows: Int

        init(height: Int, glyphs: Glyphs) {
            // Half-block letters (three rows) for the words as soon as the digits keep twice
            // that; in ASCII the smallest readable letters are five rows.
            let letters = glyphs.isUnicode ? HalfBlockText.rows : BigText.Font.small.height
            nameRows = 1
            gamesRows = height >= 6 ? 1 : 0
            gap = height >= 20 ? 1 : 0
            // A tall display (a hall TV at 200×60) has the names in block letters too.
            nameRows = BadmintonApp.nameRows(height)
            bandRows = height - nameRows - gamesRows - 2 * gap - letters >= 2 * letters ? letters : (height >= 4 ? 1 : 0)
            if height >= 40 { bandRows = min(height / 6, 12) }
            digitRows = max(0, height - nameRows - gamesRows - 2 * gap - bandRows)
        }
    }

    /// One court's card in `rect`. `court` names the court in the middle of the games row (the
    /// display; a pane has it in its title).
    func renderCard(_ s: MatchState?, court: String?, in rect: Rect, on canvas: inout Canvas, theme: Theme, now: Double) {
        // A final's TV names no court (`--no-court`, `badminton.display.court = no`).
        let court = displayCourt ? court : nil
        let g = theme.glyphs
        guard let s else {
            let lines = [court.map { "Court \(TextLayout.sanitized($0))" } ?? "Badminton", "No match yet: this screen shows it as soon as it starts."]
            let box = rect.centered(Size(width: rect.width, height: min(rect.height, lines.count)))
            for (i, l) in lines.enumerated() where i < box.height {
                canvas.fit(l, in: box.row(i), alignment: .center, style: i == 0 ? theme[.accent].with(.bold) : theme[.muted], glyphs: g)
            }
            return
        }
        let layout = CardLayout(height: rect.height, glyphs: g)
        // Two halves and a column between: the left half is the side on the umpire's left.
        let split = SplitPane.layout(rect, axis: .horizontal, sizing: .ratio(0.5), divider: true)
        let halves = [split.first, split.second]
        renderCardNames(s, court: court, halves: halves, layout: layout, in: rect, on: &canvas, theme: theme)
        let top = rect.y + layout.nameRows + layout.gamesRows + layout.gap
        // Both scores in the same digits, fitted to the narrower half.
        let halfWidth = min(halves[0].width, halves[1].width)
        let variant = BigText.fit("88", in: Size(width: halfWidth - 2, height: layout.digitRows))
        for (i, half) in halves.enumerated() {
            let t = [s.left, s.right][i]
            let digits = Rect(x: half.x + 1, y: top, width: half.width - 2, height: layout.digitRows)
            if variant != nil {
                BadmintonApp.bigDigits(String(s.score[t]), role: BadmintonApp.role(t), variant: variant, in: digits, over: theme[.background],
                                       on: &canvas, theme: theme)
            } else if digits.height > 0 {
                canvas.fit(String(s.score[t]), in: digits.row(digits.height / 2), alignment: .center, style: theme[BadmintonApp.role(t)].with(.bold), glyphs: g)
            }
        }
        let band = Rect(x: rect.x, y: top + layout.digitRows + layout.gap, width: rect.width, height: layout.bandRows)
        guard band.height > 0 else { return }
        renderCardBand(s, in: band, halves: halves, on: &canvas, theme: theme, now: now)
    }

    /// The card's top: each side's name on a bar in its colour (the server's marked), the
    /// games won below it, and between them the game (and the court, on the display).
    func renderCardNames(_ s: MatchState, court: String?, halves: [Rect], layout: CardLayout, in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let teams = [s.left, s.right]
        let serving = s.phase == .playing || s.phase == .choosingService
        let marker = g.isUnicode ? "🏸" : ">"
        // The game (and the court, on the display) between the two games lines, which keep
        // clear of it.
        let middle = (court.map { "Court \(TextLayout.sanitized($0)) · " } ?? "") + "Game \(s.gameNumber)"
        let middleWidth = min(rect.width / 3, DisplayWidth.of(middle.glyphed(g)) + 2)
        let variant = layout.nameRows > 1
            ? BadmintonApp.nameVariant(s.teams.map { TextLayout.sanitized($0.name) }, width: min(halves[0].width, halves[1].width) - 8, height: rect.height)
            : nil
        for (i, half) in halves.enumerated() {
            let t = teams[i]
            let role = BadmintonApp.role(t)
            let style = theme[role].with([.reverse, .bold])
            let bar = half.row(0)
            if let v = variant {
                let band = half.top(layout.nameRows)
                canvas.fill(band, style: theme[role].with(.reverse))
                renderBlockName(team: t, state: s, variant: v, serving: serving && s.server == t, in: band, on: &canvas, theme: theme)
            } else {
            canvas.fill(bar, style: style)
            if s.cards.contains(where: { $0.team == t }) {
                renderMarkedBar(team: t, state: s, serving: serving && s.server == t, in: bar, style: style, on: &canvas, theme: theme)
            } else {
                let mark = serving && s.server == t ? marker + " " : ""
                let name = TextLayout.truncate(TextLayout.sanitized(s.teams[t].name), to: max(1, bar.width - 2 - DisplayWidth.of(mark)), ellipsis: g.ellipsis)
                canvas.fit(mark + name, in: bar, alignment: .center, style: style, glyphs: g)
            }
            }
            if layout.gamesRows > 0 {
                let room = max(1, half.width - (middleWidth + 1) / 2 - 1)
                let y = half.y + layout.nameRows
                let row = i == 0 ? Rect(x: half.x, y: y, width: room, height: 1) : Rect(x: half.maxX - room, y: y, width: room, height: 1)
                canvas.fit(BadmintonApp.gamesLine(team: t, state: s, width: room, glyphs: g), in: row,
                           alignment: i == 0 ? .left : .right, style: theme[.text], glyphs: g)
            }
        }
        if layout.gamesRows > 0 {
            canvas.fit(middle, in: Rect(x: rect.x + (rect.width - middleWidth) / 2, y: rect.y + layout.nameRows, width: middleWidth, height: 1),
                       alignment: .center, style: theme[.muted], glyphs: g)
        }
    }

    /// The card's band under the scores: one thing across both halves (a clock, the game or
    /// match won), else each half its own words (game point or match point, who serves).
    func renderCardBand(_ s: MatchState, in band: Rect, halves: [Rect], on canvas: inout Canvas, theme: Theme, now: Double) {
        let g = theme.glyphs
        if let (forms, role) = cardHeadline(s, now: now) {
            // One thing to say across both halves: the clock, or the game or match won; in
            // letters in the first form they fit, else in words.
            let style = BadmintonApp.bigStyle(role, over: theme[.background], theme: theme)
            let inLetters = band.height < HalfBlockText.rows ? nil : forms.lazy.filter(BadmintonApp.blockLettersCanShow).compactMap { text in
                Letters.fit(text, width: band.width - 2, height: band.height, glyphs: g).map { (text, $0) }
            }.first
            if let (text, l) = inLetters {
                let r = Rect(x: band.x + 1, y: band.y + (band.height - l.height) / 2, width: band.width - 2, height: l.height)
                l.render(text, role: role, in: r, alignment: .center, style: style, on: &canvas, theme: theme)
            } else if let text = forms.first {
                canvas.fit(text, in: band.row(band.height / 2), alignment: .center, style: theme[role].with(.bold), glyphs: g)
            }
            return
        }
        // Each half its own words: game point or match point, who serves.
        let phrases = [bandPhrases(team: s.left, state: s), bandPhrases(team: s.right, state: s)]
        let bandHalves = halves.map { Rect(x: $0.x, y: band.y, width: $0.width, height: band.height) }
        let plan = BandPlan.make(phrases, halves: bandHalves, band: band, maxHeight: band.height, glyphs: g)
        for line in plan.lines {
            let style = BadmintonApp.bigStyle(line.role, over: theme[.background], theme: theme)
            canvas.fill(line.rect, style: style)
            line.letters.render(line.text, role: line.role, in: line.rect, alignment: line.alignment, style: style, on: &canvas, theme: theme)
        }
        if plan.lines.isEmpty {
            for (i, list) in phrases.enumerated() {
                guard let p = list.first, let text = p.forms.last else { continue }
                canvas.fit(text, in: bandHalves[i].row(band.height / 2), alignment: .center, style: theme[p.role].with([.reverse, .bold]), glyphs: g)
            }
        }
    }

    /// What a card says across both halves, if anything, longest form first: a clock
    /// (`INTERVAL 0:42`, `WARM-UP 1:30`, `INJURY 0:12`), or the game or match won
    /// (`GAME TO LIN 21-15`).
    func cardHeadline(_ s: MatchState, now: Double) -> ([String], Role)? {
        if let t = s.timer(at: now) {
            let clock = t.clockText(at: now)
            let over = t.isOverrunning(at: now)
            switch t.kind {
            case .midGame, .betweenGames: return (["INTERVAL \(clock)", clock], over ? .danger : .warning)
            case .warmUp: return (["WARM-UP \(clock)", clock], over ? .danger : .accent)
            case .injury: return (["INJURY \(clock)", clock], .danger)
            case .suspension: return (["SUSPENDED \(clock)", clock], .danger)
            }
        }
        let names = s.teams.map { TextLayout.sanitized($0.name).uppercased() }
        switch s.phase {
        case .matchOver:
            guard let w = s.winner else { return nil }
            let won = s.gamesWon
            return (["MATCH TO \(names[w]) \(won[w])-\(won[1 - w])", "\(names[w]) WINS", "MATCH OVER"], .success)
        case .gameOver:
            guard let w = s.gameWinners.last, let last = s.games.last else { return nil }
            return (["GAME TO \(names[w]) \(last[w])-\(last[1 - w])", "GAME \(last[w])-\(last[1 - w])"], .success)
        case .playing, .choosingService:
            return nil
        }
    }
}
