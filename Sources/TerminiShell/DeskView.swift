import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiDesk
import BadmintonRules

/// The desk's three panes: side by side from 150 columns, else one above the other (80x24:
/// the queue, the courts, the finished matches). The pane in focus has its border in the
/// focus style and its title marked; its picked row is drawn selected. Names from the
/// matches file and the network are cut and cleaned of control characters.
struct DeskView {
    let app: DeskApp
    let context: AppContext
    let theme: Theme
    /// Where each player stands, read once for the state (not once a row).
    var players: DeskPlayers { app.players }
    var g: Glyphs { theme.glyphs }
    var dot: String { g.isUnicode ? " · " : " - " }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let panes = DeskView.panes(in: rect)
        queue(in: panes[0], on: &canvas)
        courts(in: panes[1], on: &canvas)
        finished(in: panes[2], on: &canvas)
    }

    /// The queue's, the courts' and the finished pane's rectangles.
    static func panes(in rect: Rect) -> [Rect] {
        if rect.width >= 150 {
            let q = rect.width * 30 / 100, c = rect.width * 45 / 100
            return [rect.left(q), Rect(x: rect.x + q, y: rect.y, width: c, height: rect.height),
                    Rect(x: rect.x + q + c, y: rect.y, width: rect.width - q - c, height: rect.height)]
        }
        let q = max(3, rect.height * 40 / 100), c = max(3, rect.height * 35 / 100)
        return [rect.top(q), Rect(x: rect.x, y: rect.y + q, width: rect.width, height: c),
                Rect(x: rect.x, y: rect.y + q + c, width: rect.width, height: max(0, rect.height - q - c))]
    }

    func frame(_ pane: DeskApp.Pane, _ title: String, in rect: Rect, on canvas: inout Canvas) -> Rect {
        let focused = app.focus == pane
        let mark = focused ? (g.isUnicode ? "▶ " : "> ") : ""
        Box.draw(rect, on: &canvas, glyphs: g, style: focused ? theme[.focus] : theme[.border], title: mark + title,
                 titleStyle: focused ? theme[.focus].with(.bold) : theme[.accent])
        return rect.inset(horizontal: 1, vertical: 1)
    }

    /// Rows `picked` keeps in view: the first row shown.
    static func scroll(picked: Int, count: Int, rows: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        return min(max(0, picked - rows / 2), count - rows)
    }

    func line(_ text: String, _ row: Rect, style: Style, on canvas: inout Canvas) {
        canvas.fill(row, style: style)
        canvas.put(g.isUnicode ? text : text.split(separator: "·", omittingEmptySubsequences: false).joined(separator: String(g.middleDot)), in: row, style: style, ellipsis: g.ellipsis)
    }

    /// The picked row's mark, in every pane (the focused pane's is drawn selected too): the
    /// pick stays visible without colour.
    func mark(_ picked: Bool) -> String { picked ? (g.isUnicode ? "▸" : ">") : " " }

    // MARK: Queue

    func queue(in rect: Rect, on canvas: inout Canvas) {
        let q = app.queue
        let inner = frame(.queue, "Queue (\(q.count))", in: rect, on: &canvas)
        guard inner.height > 0 else { return }
        if q.isEmpty {
            line("No match waiting." + (app.desk.matches.isEmpty ? " termini desk --matches FILE.csv reads the order of play." : ""), inner.row(0),
                 style: theme[.muted], on: &canvas)
            return
        }
        // Each match's line, and what follows it (on court, its rest and time).
        let rows: [(head: String, tail: String, onCourt: Bool)] = q.map { m in
            let head = DeskView.clean("\(m.number) \(m.event) \(m.round)  \(m.teams[0].label) v \(m.teams[1].label)")
            if let (p, c) = m.players.compactMap({ p in players.openCall(of: p).map { (p, $0) } }).first {
                return ((g.isUnicode ? "●" : "*") + head, dot + "\(DeskView.clean(p)) on court \(c.court)", true)
            }
            return (" " + head, restText(m), false)
        }
        // What does not fit on one line goes on a second, when every match can have two:
        // the rest and the time are never cut to `· re…`.
        let two = inner.height >= q.count * 2 && rows.contains { DisplayWidth.of($0.head + $0.tail) + 1 > inner.width }
        let per = two ? 2 : 1
        let first = DeskView.scroll(picked: app.picked.queue, count: q.count, rows: inner.height / per)
        for (i, r) in rows.enumerated().dropFirst(first).prefix(inner.height / per) {
            let picked = i == app.picked.queue
            let style = picked ? (app.focus == .queue ? theme[.selected] : theme[.text].with(.bold)) : (r.onCourt ? theme[.warning] : theme[.text])
            let y = (i - first) * per
            if two, !r.tail.isEmpty, DisplayWidth.of(r.head + r.tail) + 1 > inner.width {
                line(mark(picked) + r.head, inner.row(y), style: style, on: &canvas)
                line("    " + String(r.tail.dropFirst(dot.count)), inner.row(y + 1), style: r.onCourt ? theme[.warning] : theme[.muted], on: &canvas)
            } else {
                line(mark(picked) + r.head + r.tail, inner.row(y), style: style, on: &canvas)
            }
        }
    }

    /// `· rest Ann 12 min` for the least rested player who has played, `· not before 14:30`.
    func restText(_ m: DeskMatch) -> String {
        var out = ""
        let rests = m.players.compactMap { p in players.rest(of: p, at: context.now).map { (p, $0) } }
        if let (p, r) = rests.min(by: { $0.1 < $1.1 }) {
            out += dot + "rest \(DeskView.clean(p)) \(DeskDuration.said(r))" + (r < app.rest ? " (under \(DeskDuration.said(app.rest)))" : "")
        }
        if let nb = m.notBefore { out += dot + "not before \(nb / 60):\(nb % 60 < 10 ? "0" : "")\(nb % 60)" }
        return out
    }

    // MARK: Courts

    func courts(in rect: Rect, on canvas: inout Canvas) {
        let cs = app.courts(context)
        let h = app.health(context)
        let inner = frame(.courts, "Courts" + (h.count > 0 ? " (\(h.count) to look at)" : ""), in: rect, on: &canvas)
        guard inner.height > 0 else { return }
        if cs.isEmpty {
            line("No court heard yet: each appears as it joins (desk.courts = N lists N).", inner.row(0), style: theme[.muted], on: &canvas)
            return
        }
        let two = inner.height >= cs.count * 2
        let per = two ? 2 : 1
        let rows = inner.height / per
        let first = DeskView.scroll(picked: app.picked.court, count: cs.count, rows: rows)
        for (i, c) in cs.enumerated().dropFirst(first).prefix(rows) {
            let (head, detail, alarm) = courtText(c, h, short: !two)
            let picked = i == app.picked.court
            let style = picked ? (app.focus == .courts ? theme[.selected] : theme[.text].with(.bold)) : (alarm ? theme[.warning] : theme[.text])
            let y = (i - first) * per
            let lead = mark(picked)
            if two {
                line(lead + head, inner.row(y), style: style, on: &canvas)
                line("    " + detail, inner.row(y + 1), style: alarm ? theme[.warning] : theme[.muted], on: &canvas)
            } else {
                line(lead + head + (detail.isEmpty ? "" : dot + detail), inner.row(y), style: style, on: &canvas)
            }
        }
    }

    /// A court's lines: its name, link and call (`head`), the live detail; whether it is one
    /// the desk highlights. On one line (`short`) the link is its dot and the call's
    /// clock comes before the names.
    func courtText(_ c: String, _ h: DeskHealth, short: Bool = false) -> (String, String, Bool) {
        let now = context.now
        let alarm = h.offline.contains(c) || h.overrun.contains(c) || h.injuries.contains(c) || h.conflicts.contains(c)
            || app.callOn(c).map { h.late.contains($0.match) } ?? false
        var head = "Court \(DeskView.clean(c))"
        if let link = context.hall?.courts[c] {
            // On one line, its presence alone (`○ not heard`, never cut to `○ not`).
            head += " [" + DeskView.clean(short ? link.presence(now: now, unicode: g.isUnicode) : link.text(now: now, unicode: g.isUnicode)) + "]"
        }
        var detail = ""
        if let call = app.callOn(c), let m = players.calledMatch(call.match) {
            let names = DeskView.clean("\(m.teams[0].label) v \(m.teams[1].label)")
            head += dot + DeskView.clean("Match \(m.number) \(m.event) \(m.round)") + (short ? "" : ": " + names)
            if call.startedAt == nil {
                let since = max(0, now - call.warmUpFrom)
                // The step the court says the call is in first, in the umpire's words.
                let answer = context.hall == nil ? "" : DeskView.step(of: call, app.desk, context.hall?.courts[c]?.call).words + dot
                detail = answer + "warm-up \(MatchReport.clock(Int(since)))" + (h.late.contains(call.match) ? dot + "not begun" : "")
                    + (short ? dot + names : dot + "called at " + DeskView.time(call.calledAt))
            } else if let s = app.logs[c]?.state {
                detail = live(s)
            }
        } else if let s = app.logs[c]?.state, !s.isOver {
            head += dot + "not called from the desk"
            detail = live(s)
        } else {
            head += dot + "free"
        }
        if let n = app.desk.next(on: c) { detail += (detail.isEmpty ? "" : dot) + "next: match \(DeskView.clean(n.match))" }
        // A conflict first where the pane is one line (its presence alone is shown there).
        if short, let conflict = context.hall?.courts[c]?.conflict { detail = DeskView.clean(conflict) + (detail.isEmpty ? "" : dot + detail) }
        if let a = context.hall?.courts[c]?.call, a.match != app.callOn(c)?.match {
            detail += (detail.isEmpty ? "" : dot) + "court: match \(DeskView.clean(a.match)) " + (CallStep(word: a.state)?.words ?? DeskView.clean(a.state))
        }
        return (head, detail, alarm)
    }

    /// The step of `call`'s life the court says it is in: `called` until the court answers
    /// for this very call (its id).
    static func step(of call: DeskCall, _ desk: DeskState, _ answer: CallAnswer?) -> CallStep {
        guard let a = answer, a.match == call.match, let id = desk.hallCall(call)?.id, a.id == id else { return .called }
        return CallStep(word: a.state) ?? .called
    }

    /// `14:05`, local time.
    static func time(_ t: Double) -> String {
        String(MatchReport.shortTime(t, offset: LocalZone.system.offset(at: t)).suffix(5))
    }

    /// The score and what the desk must see: game or match point, the interval and its
    /// overrun, an injury's clock, the cards.
    func live(_ s: MatchState) -> String {
        let now = context.now
        var scores = s.games.map { "\($0[0])-\($0[1])" }
        if let u = s.unfinishedScore { scores.append("\(u[0])-\(u[1])") }
        var parts = [([s.teams[0].name] + scores + [s.teams[1].name]).joined(separator: " ")]
        parts.append(s.isOver ? "over" : "game \(s.gameNumber)")
        for t in 0..<2 where s.hasGamePoint(t) {
            parts.append((s.hasMatchPoint(t) ? "MATCH POINT " : "game point ") + s.teams[t].name)
        }
        if let iv = s.interval?.timer, iv.isShown(at: now) {
            parts.append("interval \(iv.clockText(at: now))" + (iv.isOverrunning(at: now) ? " OVER" : ""))
        }
        if let t = s.timer(at: now), t.kind == .injury || t.kind == .suspension || t.kind == .warmUp {
            parts.append("\(t.kind.rawValue) \(t.clockText(at: now))" + (t.isOverrunning(at: now) ? " OVER" : ""))
        }
        if let notes = MatchReport.notes(s) { parts.append(notes) }
        return DeskView.clean(parts.joined(separator: dot))
    }

    // MARK: Finished

    func finished(in rect: Rect, on canvas: inout Canvas) {
        let rs = app.desk.results
        let inner = frame(.finished, "Finished (\(rs.count))", in: rect, on: &canvas)
        guard inner.height > 0 else { return }
        if rs.isEmpty {
            line("None yet: a result comes in as a court's match ends.", inner.row(0), style: theme[.muted], on: &canvas)
            return
        }
        // The latest first, and the pick counted from the top: a desk that opens shows the
        // newest results, not the oldest (the pick is a row, not a result's place in the file).
        let shown = Array(rs.reversed())
        let pickedRow = min(max(0, app.picked.finished), shown.count - 1)
        let first = DeskView.scroll(picked: pickedRow, count: shown.count, rows: inner.height)
        for (row, r) in shown.enumerated().dropFirst(first).prefix(inner.height) {
            let picked = row == pickedRow
            line(mark(picked) + DeskView.resultLine(r), inner.row(row - first), style: picked && app.focus == .finished ? theme[.selected] : theme[.text], on: &canvas)
        }
    }

    /// `12 MS R2 Lin Dan beat Lee Chong Wei 21-15 21-18 · court 3` (`walkover`, `retired`).
    static func resultLine(_ r: DeskResult) -> String {
        let w = r.teams[r.winner].name, l = r.teams[1 - r.winner].name
        let games = r.games.map { r.winner == 0 ? "\($0[0])-\($0[1])" : "\($0[1])-\($0[0])" }.joined(separator: " ")
        let how = r.ended == "played" ? "" : "(\(r.ended))"
        let words = ["\(r.number) \(r.event) \(r.round) \(w) beat \(l)", games, how].filter { !$0.isEmpty }.joined(separator: " ")
        return clean(words + (r.court.map { " · court \($0)" } ?? ""))
    }

    static func clean(_ s: String) -> String { TextLayout.sanitized(s) }
}
