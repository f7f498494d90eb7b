import TerminiCore

/// The scoresheet as one printable HTML page: self-contained (the CSS inline, no script,
/// nothing fetched), A4 landscape, laid out like BWF's sheet. The head carries the event,
/// the date, court, umpire and service judge, the times of begin and end, the duration, the
/// shuttles and the results; then a grid line per game (a long game takes two), and a foot
/// with the legend and the officials' signatures. Everything has a size in millimetres, so
/// the pages can be planned here (`pages`) and the browser prints exactly those.
public enum ScoresheetHTML {
    /// Grid units on a line of the page (5 mm each).
    public static let units = 48

    // The page's measures in millimetres (A4 landscape less 8 mm margins: 281 × 194).
    static let pageHeight = 194.0
    static let headHeight = 34.0
    static let continuedHeadHeight = 9.0
    static let footHeight = 13.0
    static let captionHeight = 4.0
    static let lineGap = 2.0
    static func rowHeight(_ d: Discipline) -> Double { d == .doubles ? 5 : 7 }

    /// The height a line takes on the page.
    static func height(_ line: Scoresheet.Line, _ sheet: Scoresheet) -> Double {
        Double(sheet.rows.count) * rowHeight(sheet.discipline) + lineGap + (line.isFirst ? captionHeight : 0)
    }

    /// The lines of each page: as many as fit under the head (the first page's is taller).
    /// Three games of 3x21 fit one page, singles or doubles, each game a 30-29 one too.
    public static func pages(_ sheet: Scoresheet) -> [[Scoresheet.Line]] {
        var pages: [[Scoresheet.Line]] = [[]]
        var room = pageHeight - headHeight - footHeight
        for line in sheet.lines(units: units) {
            let h = height(line, sheet)
            if h > room && !(pages[pages.count - 1].isEmpty) {
                pages.append([])
                room = pageHeight - continuedHeadHeight - footHeight
            }
            pages[pages.count - 1].append(line)
            room -= h
        }
        return pages
    }

    /// The page. Times are shown in `zone`'s local time.
    public static func render(_ sheet: Scoresheet, zone: LocalZone = .system) -> String {
        let page = Page(sheet: sheet, zone: zone)
        return page.document()
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `'` escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    static let style = """
    @page { size: A4 landscape; margin: 8mm; }
    * { box-sizing: border-box; }
    html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    body { margin: 0; color: #000; background: #fff; font: 8pt/1.2 "Liberation Sans", "DejaVu Sans", Arial, Helvetica, sans-serif; }
    .page { width: 281mm; height: 194mm; position: relative; overflow: hidden; break-after: page; page-break-after: always; }
    .page:last-child { break-after: auto; page-break-after: auto; }
    @media screen { body { background: #ccc; } .page { background: #fff; margin: 8mm auto; outline: 8mm solid #fff; } }
    .head { min-height: 34mm; display: flex; gap: 4mm; }
    .head.more { height: 9mm; align-items: baseline; }
    .title { flex: 1 1 0; min-width: 0; }
    h1 { font-size: 13pt; line-height: 1.1; margin: 0 0 1.5mm; overflow-wrap: anywhere; }
    h1 small { font-size: 10pt; font-weight: normal; }
    table { border-collapse: collapse; }
    .fields { width: 100%; table-layout: fixed; }
    .fields td { border: 0.2mm solid #000; height: 7.5mm; padding: 0.6mm 1.2mm; vertical-align: top; overflow-wrap: anywhere; line-height: 1.05; }
    .fields i, .results i { display: block; font-style: normal; font-size: 6pt; color: #444; text-transform: uppercase; letter-spacing: 0.2mm; }
    .fields b { font-size: 9pt; }
    .results { flex: 0 0 112mm; }
    .results table { width: 100%; table-layout: fixed; }
    .results th, .results td { border: 0.2mm solid #000; height: 7mm; padding: 0 1.2mm; text-align: center; }
    .results th { height: 4.5mm; font-size: 6pt; font-weight: normal; text-transform: uppercase; color: #444; }
    .results td.side { text-align: left; overflow: hidden; white-space: normal; overflow-wrap: anywhere; font-size: 9pt; line-height: 1.0; }
    .results td.side.long { font-size: 7pt; }
    .results td.g { font-size: 11pt; font-weight: bold; }
    .results tr.won td.side span { display: inline-block; max-width: 100%; border: 0.35mm solid #000; border-radius: 3mm; padding: 0 1.2mm; }
    .results .outcome { margin-top: 1.2mm; font-size: 9pt; font-weight: bold; overflow-wrap: anywhere; }
    .line { margin-bottom: 2mm; }
    .cap { height: 4mm; font-size: 7.5pt; white-space: nowrap; overflow: hidden; }
    .cap b { font-size: 8.5pt; }
    .grid { width: 281mm; table-layout: fixed; }
    .grid col.n { width: 37mm; } .grid col.sr { width: 4mm; } .grid col.u { width: 5mm; }
    .grid td, .grid th { border: 0.15mm solid #000; padding: 0; text-align: center; vertical-align: middle; overflow: hidden; white-space: nowrap; position: relative; }
    .grid.d tr { height: 5mm; } .grid.s tr { height: 7mm; }
    .grid th { text-align: left; padding: 0 1.2mm; font-weight: normal; font-size: 8pt; }
    .grid th.long { white-space: normal; font-size: 6pt; line-height: 1.0; overflow-wrap: anywhere; }
    .grid td { font-size: 8.5pt; font-weight: bold; }
    .grid tr.t1 th, .grid tr.t1 td { background: #eee; }
    .grid tr.split th, .grid tr.split td { border-top: 0.5mm solid #000; }
    .grid td.sr { border-right: 0.5mm solid #000; font-size: 7pt; }
    .grid td.sv::before { content: ""; position: absolute; left: 0; top: 0; border-top: 1.4mm solid #000; border-right: 1.4mm solid transparent; }
    .grid td.m span { display: inline-block; width: 3.9mm; height: 3.9mm; line-height: 3.6mm; border: 0.25mm solid #000; border-radius: 50%; font-size: 6.5pt; }
    .grid td.w { font-style: italic; font-size: 7.5pt; text-align: left; padding-left: 0.8mm; }
    .grid td.band { font-weight: normal; font-size: 6pt; background: #fff; }
    .grid td.band div { writing-mode: vertical-rl; transform: rotate(180deg); margin: 0 auto; white-space: nowrap; }
    .grid td.corr, .grid tr.t1 td.corr { background: repeating-linear-gradient(135deg, #fff 0 0.7mm, #bbb 0.7mm 0.95mm); }
    .grid td.corr i.c { position: absolute; top: 0; right: 0.3mm; font-size: 5pt; font-style: normal; font-weight: normal; }
    .grid td.res { background: #fff; }
    .grid td.res div { position: relative; margin: 0 auto; width: 13mm; border: 0.35mm solid #000; border-radius: 50%;
      background: linear-gradient(to bottom right, transparent calc(50% - 0.2mm), #000 calc(50% - 0.2mm), #000 calc(50% + 0.2mm), transparent calc(50% + 0.2mm)); }
    .grid.d td.res div { height: 18mm; } .grid.s td.res div { height: 12mm; }
    .grid td.res b { position: absolute; font-size: 10pt; }
    .grid td.res b:first-child { left: 2mm; top: 18%; } .grid td.res b:last-child { right: 2mm; bottom: 18%; }
    .foot { position: absolute; left: 0; right: 0; bottom: 0; height: 13mm; border-top: 0.2mm solid #000; padding-top: 1mm; font-size: 6.5pt; display: flex; gap: 6mm; }
    .foot .legend { flex: 1 1 0; }
    .foot .sign { flex: 0 0 118mm; display: flex; gap: 4mm; align-items: flex-end; }
    .foot .sign span { flex: 1 1 0; border-top: 0.2mm solid #000; padding-top: 0.5mm; margin-bottom: 3mm; }
    .foot .pageno { position: absolute; right: 0; bottom: 0; color: #444; }
    """

    /// The page's pieces, built from the sheet.
    struct Page {
        let sheet: Scoresheet
        let zone: LocalZone

        func date(_ t: Double) -> String { String(MatchReport.shortTime(t, offset: zone.offset(at: t)).prefix(10)) }
        func time(_ t: Double) -> String { String(MatchReport.shortTime(t, offset: zone.offset(at: t)).suffix(5)) }

        var vs: String { "\(sheet.side(0)) v \(sheet.side(1))" }

        func document() -> String {
            let pages = ScoresheetHTML.pages(sheet)
            var body = ""
            for (i, lines) in pages.enumerated() {
                body += "<section class=\"page\">\n"
                body += i == 0 ? head() : "<div class=\"head more\"><h1>\(escape(vs)) <small>(continued) · scoresheet</small></h1></div>\n"
                if lines.isEmpty && i == 0 {
                    // Nothing played yet: the grids, with the names, ready to fill in.
                    let blank = Scoresheet.Line(game: 0, columns: 0..<0, isFirst: true, units: 0)
                    let fit = Int((pageHeight - headHeight - footHeight) / ScoresheetHTML.height(blank, sheet))
                    for g in 0..<min(sheet.format.games, fit) { body += blankLine(game: g + 1) }
                }
                for line in lines { body += self.line(line) }
                body += foot(page: i + 1, of: pages.count)
                body += "</section>\n"
            }
            let when = sheet.start ?? sheet.games.first?.columns.first?.time
            let title = "Scoresheet · " + vs + (when.map { " · " + date($0) } ?? "")
            return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(escape(title))</title>\n<style>\n"
                + ScoresheetHTML.style + "\n</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n"
        }

        func field(_ label: String, _ value: String?, span: Int = 1) -> String {
            "<td" + (span > 1 ? " colspan=\"\(span)\"" : "") + "><i>\(escape(label))</i><b>\(escape(value ?? ""))</b></td>"
        }

        func head() -> String {
            let o = sheet.officials
            let start = sheet.start
            let duration = sheet.end.flatMap { end in start.map { MatchReport.minutes(end - $0) } }
            var out = "<div class=\"head\">\n<div class=\"title\">\n<h1>Badminton scoresheet <small>· \(escape(vs))</small></h1>\n"
            out += "<table class=\"fields\">\n<colgroup><col style=\"width:23%\"><col style=\"width:23%\"><col style=\"width:13%\">"
                + "<col style=\"width:13%\"><col style=\"width:14%\"><col style=\"width:14%\"></colgroup>\n"
            out += "<tr>" + field("Match no.", o.matchNumber) + field("Event", o.event) + field("Round", o.round)
                + field("Date", (start ?? sheet.games.first?.columns.first?.time).map(date))
                + field("Court", o.court) + field("Format", "\(sheet.format) · \(sheet.discipline.rawValue)") + "</tr>\n"
            out += "<tr>" + field("Umpire", o.umpire) + field("Service judge", o.serviceJudge) + field("Begin", start.map(time))
                + field("End", sheet.end.map(time)) + field("Duration", duration) + field("Shuttles", sheet.shuttles > 0 ? String(sheet.shuttles) : nil)
                + "</tr>\n</table>\n</div>\n"
            // The results: each side's games, the winner circled.
            let games = max(sheet.format.games, sheet.scores.count)
            out += "<div class=\"results\">\n<table>\n<colgroup><col style=\"width:44%\">"
                + String(repeating: "<col>", count: games) + "</colgroup>\n<tr><th style=\"text-align:left\">Side</th>"
                + (1...games).map { "<th>Game \($0)</th>" }.joined() + "</tr>\n"
            for t in 0..<2 {
                // Full names with their countries, wrapped, never cut.
                let full = sheet.teams[t].players.indices.map(sheet.teams[t].fullName).joined(separator: " / ")
                let long = full.count > 48 ? " long" : ""
                out += "<tr" + (sheet.winner == t ? " class=\"won\"" : "") + "><td class=\"side\(long)\"><span>\(escape(full))</span></td>"
                for g in 0..<games {
                    out += "<td class=\"g\">" + (g < sheet.scores.count ? String(sheet.scores[g][t]) : "") + "</td>"
                }
                out += "</tr>\n"
            }
            out += "</table>\n<div class=\"outcome\">\(escape(sheet.result))</div>\n</div>\n</div>\n"
            return out
        }

        func caption(_ g: Scoresheet.Game) -> String {
            let parts = sheet.caption(g, time: time)
            return "<div class=\"cap\"><b>Game \(g.number)</b>" + parts.map { " · " + escape($0) }.joined() + "</div>\n"
        }

        func gridOpen() -> String {
            "<table class=\"grid \(sheet.discipline == .doubles ? "d" : "s")\">"
                + "<colgroup><col class=\"n\"><col class=\"sr\"><col span=\"\(units)\" class=\"u\"></colgroup>\n"
        }

        func rowOpen(_ r: Int) -> String {
            let team = sheet.rows[r].player.team
            let split = team == 1 && (r == 0 || sheet.rows[r - 1].player.team == 0)
            let classes = (team == 1 ? ["t1"] : []) + (split ? ["split"] : [])
            // A name longer than the column wraps onto two lines in smaller letters: never cut.
            let name = sheet.rows[r].name
            return "<tr" + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"") + "><th" + (name.count > 22 ? " class=\"long\"" : "")
                + ">\(escape(name))</th>"
        }

        func blankLine(game: Int) -> String {
            var out = "<div class=\"line\">\n<div class=\"cap\"><b>Game \(game)</b></div>\n" + gridOpen()
            for r in sheet.rows.indices {
                out += rowOpen(r) + "<td class=\"sr\"></td>" + String(repeating: "<td></td>", count: units) + "</tr>\n"
            }
            return out + "</table>\n</div>\n"
        }

        func line(_ line: Scoresheet.Line) -> String {
            let game = sheet.games[line.game]
            let columns = Array(game.columns[line.columns])
            let rows = sheet.rows.count
            // Each column's cells, row by row; nil where a cell above spans down over it.
            let plan: [[String?]] = columns.map { column($0, rows: rows) }
            var out = "<div class=\"line\">\n" + (line.isFirst ? caption(game) : "") + gridOpen()
            for r in 0..<rows {
                out += rowOpen(r)
                var sr = ""
                if line.isFirst, case .mark(let m) = game.serviceMarks[r] { sr = m.text }
                out += "<td class=\"sr\">\(sr)</td>"
                for c in plan.indices { if let cell = plan[c][r] { out += cell } }
                out += String(repeating: "<td></td>", count: max(0, units - line.units))
                out += "</tr>\n"
            }
            return out + "</table>\n</div>\n"
        }

        /// A column's cells as HTML, top to bottom.
        func column(_ c: Scoresheet.Column, rows: Int) -> [String?] {
            let span = c.span > 1 ? " colspan=\"\(c.span)\"" : ""
            if c.kind == .result, let s = c.score {
                return ["<td class=\"res\" rowspan=\"\(rows)\"\(span)><div><b>\(s[0])</b><b>\(s[1])</b></div></td>"]
                    + Array(repeating: nil, count: rows - 1)
            }
            var out: [String?] = []
            var classes: [String] = []
            if case .correction = c.kind { classes.append("corr") }
            for r in 0..<rows {
                var cls = classes
                if c.served == r { cls.append("sv") }
                var inner = ""
                switch c.cells[r] {
                case .score(let n): inner = String(n)
                case .mark(let m) where Scoresheet.span(of: m) > 1:
                    cls.append("w")
                    inner = escape(m.text)
                case .mark(let m):
                    cls.append("m")
                    inner = "<span>\(m.text)</span>"
                case .empty: break
                }
                if r == 0, classes.contains("corr") { inner = "<i class=\"c\">C</i>" + inner }
                out.append("<td" + (cls.isEmpty ? "" : " class=\"\(cls.joined(separator: " "))\"") + span + ">\(inner)</td>")
            }
            // A band runs down the longest stretch of empty cells.
            if let band = c.band, let run = longestEmptyRun(c.cells) {
                let full = run.count == rows
                out[run.lowerBound] = "<td class=\"band\" rowspan=\"\(run.count)\"\(span)><div>\(escape(text(band, alone: full)))</div></td>"
                for r in run.dropFirst() { out[r] = nil }
            }
            return out
        }

        func longestEmptyRun(_ cells: [Scoresheet.Cell]) -> Range<Int>? {
            var best: Range<Int>?
            var start: Int?
            for i in 0...cells.count {
                if i < cells.count, cells[i] == .empty {
                    if start == nil { start = i }
                } else if let s = start {
                    if (best?.count ?? 0) < i - s { best = s..<i }
                    start = nil
                }
            }
            return best
        }

        /// A band's words: a stop's length beside its `I`, or with its name when alone.
        func text(_ band: Scoresheet.Band, alone: Bool) -> String {
            func length(_ d: Double?) -> String { d.map { MatchReport.clock(Int($0.rounded(.down))) } ?? "…" }
            switch band {
            case .interval: return "Interval"
            case .changeOfEnds: return "Ends"
            case .injury(let d): return alone ? "Injury \(length(d))" : length(d)
            case .suspension(let d): return "Susp. \(length(d))"
            }
        }

        func foot(page: Int, of pages: Int) -> String {
            "<div class=\"foot\">\n<div class=\"legend\"><b>S</b> server, <b>R</b> receiver where play was called; a corner mark: the player who served the rally. "
                + "The score is written on the row of the player who serves next. <b>W</b> warning (yellow card), <b>F</b> fault (red card), "
                + "<b>I</b> injury (how long play stood still beside it), <b>Susp.</b> suspension, <b>O</b> overrule of a line judge, <b>R</b> in the grid the referee called, <b>C</b> (hatched) a correction by the umpire "
                + "(the score and service it left), <b>Ends</b> change of ends. Kept by Termini from the match journal.</div>\n"
                + "<div class=\"sign\"><span>Umpire</span><span>Service judge</span><span>Referee</span></div>\n"
                + "<div class=\"pageno\">\(escape(vs)) · page \(page) of \(pages)</div>\n</div>\n"
        }
    }
}
