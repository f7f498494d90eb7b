import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// What the scoreboard shows of the umpire's work: the band of big letters (who serves, game
/// point, match point, the result), the call line and the clocks
/// of the warm-up and of a stop in play.
extension BadmintonApp {
    /// What the band says for side `t`, the most important first: game point, match point or
    /// the result; then who serves.
    func bandPhrases(team t: Int, state s: MatchState) -> [BandPhrase] {
        var out: [BandPhrase] = []
        if let (text, role) = banner(for: t, state: s) {
            // The loser's word gives way to the winner's.
            out.append(BandPhrase(forms: [text], role: role, secondary: s.isOver && s.winner != t))
        }
        let serving = s.server == t && (s.phase == .playing || (s.phase == .choosingService && !watching))
        if serving {
            var forms = ["SERVES"]
            // In doubles the player serves: named when the block font has his letters.
            if s.isDoubles, s.phase == .playing {
                let name = TextLayout.sanitized(s.serverName()).uppercased()
                if BadmintonApp.blockLettersCanShow(name) { forms.insert("\(name) SERVES", at: 0) }
            }
            out.append(BandPhrase(forms: forms, role: .accent))
        }
        return out
    }

    /// The band across both halves: letters when it has the rows, else one row of
    /// reverse-video words in each half.
    func renderBand(state s: MatchState, halves: [Rect], band: Rect, layout: BoardLayout, on canvas: inout Canvas, theme: Theme) {
        let phrases = [bandPhrases(team: s.left, state: s), bandPhrases(team: s.right, state: s)]
        let plan = layout.bandRows > 0 ? BandPlan.make(phrases, halves: halves, band: band, maxHeight: layout.letterRows, glyphs: theme.glyphs)
            : BandPlan(lines: [], banners: phrases.map { list in list.first { $0.role != .accent }.map { ($0.forms.last ?? "", $0.role) } })
        for line in plan.lines {
            let style = BadmintonApp.bigStyle(line.role, over: theme[.background], theme: theme)
            canvas.fill(line.rect, style: style)
            line.letters.render(line.text, role: line.role, in: line.rect, alignment: line.alignment, style: style, on: &canvas, theme: theme)
        }
        // One row: game point and the result in reverse video (who serves is in words above).
        for (i, banner) in plan.banners.enumerated() {
            guard let (text, role) = banner, role != .accent else { continue }
            let row = Rect(x: halves[i].x, y: band.y + band.height / 2, width: halves[i].width, height: 1)
            let w = min(row.width, DisplayWidth.of(text) + 4)
            let box = Rect(x: row.x + (row.width - w) / 2, y: row.y, width: w, height: 1)
            canvas.fill(box, style: theme[role].with([.reverse, .bold]))
            canvas.fit(text, in: box, alignment: .center, style: theme[role].with([.reverse, .bold]), glyphs: theme.glyphs)
        }
    }

    // MARK: The call

    /// The most lines the call takes at a screen `height` rows high: the halves keep eight rows
    /// (at the smallest screen, 40x12, the longest call takes four lines of 38 columns).
    static func callLineLimit(height: Int) -> Int { max(1, height - 8) }

    /// The umpire's call of the moment, bold, in quotes, wrapped over as many lines as it needs
    /// (the whole introduction, "On my right … on my left …", too): never cut.
    func callLines(state s: MatchState, now: Double, width: Int, height: Int, glyphs g: Glyphs, speechAvailable: Bool = true) -> [String] {
        let said = TextLayout.sanitized(UmpireCall.text(s, now: now, court: court, calls: calls))
        // An ASCII terminal shows "schlaegt", never "schl?gt".
        let call = g.isUnicode ? said : CallTable.asciiFolded(said)
        guard !call.isEmpty, width > 2 else { return [] }
        // The speaker only while a call can be heard (espeak-ng there), never as a promise.
        let spoken = speech && speechAvailable && !watching && g.isUnicode ? "🔊 " : ""
        let (open, close) = g.isUnicode ? ("\u{201c}", "\u{201d}") : ("\"", "\"")
        let lines = TextLayout.wrap(spoken + open + call + close, width: width - 2)
        let limit = BadmintonApp.callLineLimit(height: height)
        // Past the limit (a tiny screen), the lines wrap at the full width and the end stays.
        if lines.count > limit {
            let wide = TextLayout.wrap(spoken + open + call + close, width: width)
            return Array(wide.suffix(limit))
        }
        return lines
    }

    func renderCall(_ lines: [String], in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        for (i, line) in lines.enumerated() where i < rect.height {
            canvas.fit(line, in: rect.row(i), alignment: .center, style: theme[.text].with(.bold), glyphs: theme.glyphs)
        }
    }

    // MARK: Clocks

    /// A clock in words for a line: `Warm-up · 1:35 left`, `READY TO PLAY · 0:25 left`,
    /// `Injury · 0:12`; loud (`warning`) in an interval's last 20 seconds and from "Ready to play".
    func clockWords(_ t: MatchTimer, state s: MatchState, now: Double) -> (text: String, warning: Bool) {
        let secs = t.shownSeconds(at: now)
        let clock = MatchReport.clock(secs)
        if t.isOverrunning(at: now) {
            let what = t.kind == .warmUp ? "Warm-up" : t.kind == .midGame ? "Interval" : "Interval between games"
            return ("\(what) over · \(t.clockText(at: now))", true)
        }
        switch t.kind {
        case .midGame, .betweenGames:
            if secs <= Int(MatchTimer.lastCallSeconds) { return ("20 SECONDS · \(clock) left", true) }
            return ("\(t.kind == .midGame ? "Interval" : "Interval between games") · \(clock) left", false)
        case .warmUp:
            if t.elapsed(at: now) >= MatchTimer.readyToPlayAt { return ("READY TO PLAY · \(clock) left", true) }
            return ("Warm-up · \(clock) left", false)
        case .injury: return ("Injury · \(clock)", false)
        case .suspension: return ("Play suspended · \(clock)", false)
        }
    }

    /// The warm-up's countdown, or the clock of an injury or a suspension running up, in big
    /// digits in a box over the middle of the halves.
    func renderClock(_ t: MatchTimer, in area: Rect, state s: MatchState, on canvas: inout Canvas, theme: Theme, now: Double) {
        let names = s.teams.map { TextLayout.sanitized($0.name) }
        let words = clockWords(t, state: s, now: now)
        var lines: [String]
        let footer: String
        switch t.kind {
        case .warmUp:
            lines = ["Warm-up: two minutes", "\(names[s.left]) v \(names[s.right])"]
            footer = watching ? "" : t.isOverrunning(at: now) ? "Time is up · the first rally ends it" : "\"Ready to play\" at 0:30 · the first rally ends it"
        case .injury, .suspension:
            let stop = s.runningStoppage
            let who = stop.flatMap { st in st.team.flatMap { team in st.player.map { UmpireCall.player(team, $0, s) } } }
            lines = [t.kind == .injury ? "Injury" + (who.map { ": \($0)" } ?? "") : "Play suspended",
                     "\(names[s.left]) \(s.score[s.left]) - \(s.score[s.right]) \(names[s.right])"]
            footer = watching ? "" : "Enter or i: play resumes"
        case .midGame, .betweenGames:
            return
        }
        let wanted = (lines + [footer]).map { DisplayWidth.of($0) }.max() ?? 0
        let w = BadmintonApp.clockBoxWidth(wanted: wanted + 4, area: area)
        lines = lines.map { TextLayout.truncate($0, to: max(1, w - 4), ellipsis: theme.glyphs.ellipsis) }
        let title = t.kind == .warmUp ? "Warm-up" : t.kind == .injury ? "Injury" : "Suspension"
        let status = t.kind == .warmUp ? words.text : "\(MatchReport.clock(t.shownSeconds(at: now))) since the call"
        renderClockBox(title: title, lines: lines, note: nil, clock: t.clockText(at: now), warning: words.warning, status: status,
                       footer: footer, width: w, in: area, on: &canvas, theme: theme)
    }
}
