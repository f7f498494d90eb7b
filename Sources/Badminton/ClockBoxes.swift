import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The boxes a running clock is shown in over the scoreboard: the interval's countdown with
/// the score and the change of ends, and the box every clock (warm-up, stops) is drawn in.
extension BadmintonApp {
    /// The interval's box: its countdown (a warning in its last 20 seconds), the score, and the
    /// change of ends when there is one.
    func renderInterval(_ iv: Interval, in area: Rect, state s: MatchState, on canvas: inout Canvas, theme: Theme, now: Double) {
        let timer = iv.timer
        let secs = iv.shownSeconds(at: now)
        let over = timer.isOverrunning(at: now)
        let warning = secs <= 20
        let g = theme.glyphs
        let names = s.teams.map { TextLayout.sanitized($0.name) }
        let score = "\(s.score[s.left]) - \(s.score[s.right])"
        let ends = (iv.kind == .betweenGames && s.phase != .gameOver) || s.endsChangedInGame
        func endsNote(_ name: String) -> String { "Ends changed: \(name) now on the left" }
        // As wide as the names need, up to the area less a margin; past that the names are cut.
        let wanted = max(DisplayWidth.of(names[s.left] + names[s.right] + score) + 2, ends ? DisplayWidth.of(endsNote(names[s.left])) : 0) + 4
        let w = BadmintonApp.clockBoxWidth(wanted: wanted, area: area)
        let room = w - 4
        let nameRoom = max(1, (room - DisplayWidth.of(score) - 2) / 2)
        func cut(_ n: String, _ width: Int) -> String { TextLayout.truncate(n, to: width, ellipsis: g.ellipsis) }
        let lines = [
            iv.kind == .midGame ? "Mid-game interval" : "Interval between games",
            DisplayWidth.of(names[s.left] + names[s.right] + score) + 2 <= room
                ? "\(names[s.left]) \(score) \(names[s.right])" : "\(cut(names[s.left], nameRoom)) \(score) \(cut(names[s.right], nameRoom))",
        ]
        // Narrow: shorter words first, then the name cut (at least a few letters of it).
        let templates: [(String) -> String] = [endsNote, { "Ends changed: \($0) on the left" }, { "Now on the left: \($0)" }]
        let leftName = names[s.left]
        let fitting = templates.first { DisplayWidth.of($0(leftName)) <= room }
            ?? templates.first { room - DisplayWidth.of($0("")) >= 6 }
        let endsNote: String? = !ends ? nil : fitting.map { t in t(cut(leftName, max(1, room - DisplayWidth.of(t(""))))) } ?? "Ends changed"
        let call = warning && !over ? "20 SECONDS · " : ""
        // Past its end the clock counts how late play is (`+0:07`); Enter then calls play and
        // the delay goes on the scoresheet.
        let status = over ? "Time is up · \(timer.clockText(at: now)) over" : call + "\(MatchReport.clock(secs)) left"
        let howToEnd = watching ? "" : s.phase == .gameOver ? "Enter: next game"
            : over ? "Enter: play · the delay is recorded" : "Enter or a point key ends it"
        renderClockBox(title: over ? "Interval over" : "Interval", lines: lines, note: endsNote, clock: timer.clockText(at: now), warning: warning,
                       status: status, footer: howToEnd, width: w, in: area, on: &canvas, theme: theme)
    }

    /// A clock's box: at least 44 cells wide or half the area, as wide as `wanted`, within the
    /// area less a margin.
    static func clockBoxWidth(wanted: Int, area: Rect) -> Int {
        max(1, min(area.width - 4, max(44, area.width / 2, wanted)))
    }

    /// The box of a clock over the middle of the halves: its lines, the time in big digits
    /// (a third of the area's height at most), a note in reverse video (ends changed), the
    /// time in words (loud in its last seconds) and how it ends.
    func renderClockBox(title: String, lines: [String], note: String?, clock: String, warning: Bool, status: String, footer: String,
                        width w: Int, in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let textRows = lines.count + (note == nil ? 0 : 1) + 2
        let bigMax = max(5, area.height / 3)
        let h = min(area.height, textRows + 2 + bigMax + 1)
        let box = area.centered(Size(width: w, height: h))
        let borderRole: Role = warning ? .warning : .dialogBorder
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[borderRole], title: title, titleStyle: theme[borderRole])
        let inner = box.inset(horizontal: 2, vertical: 1)
        var y = 0
        for line in lines {
            canvas.fit(line, in: inner.row(y), alignment: .center, style: theme[.accent], glyphs: g)
            y += 1
        }
        let bottomRows = (note == nil ? 0 : 1) + 2
        let bigRect = Rect(x: inner.x, y: inner.y + y, width: inner.width, height: max(0, inner.height - y - bottomRows))
        let big = BigText.fit(clock, in: bigRect.size, maxHeight: bigMax)
        BadmintonApp.bigDigits(clock, role: warning ? .warning : .text, variant: big, in: bigRect, over: theme[.dialog], on: &canvas, theme: theme)
        var by = inner.height - bottomRows
        if let note {
            canvas.fit(note, in: inner.row(by), alignment: .center, style: theme[.warning].with(.reverse), glyphs: g)
            by += 1
        }
        canvas.fit(status.glyphed(g), in: inner.row(by), alignment: .center,
                   style: warning ? theme[.warning].with(.bold) : theme[.text], glyphs: g)
        canvas.fit(footer, in: inner.row(by + 1), alignment: .center, style: theme[.muted], glyphs: g)
    }
}
