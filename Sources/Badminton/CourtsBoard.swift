import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// `--watch --all`: every court kept in the config directory, read-only, each in a pane of a
/// grid that fits the terminal. It reads a court's journal again only when that file changed
/// (inotify names it), and looks for courts again only when a file of a court it does not
/// know appears.
struct CourtsBoard: Sendable {
    struct Court: Sendable {
        var files: CourtFiles
        /// The name in the pane's title (the default court's: `badminton.court`, if set).
        var name: String?
        var log: MatchLog?
    }

    var courts: [Court] = []

    init(store: any StateReader) {
        reload(store: store, changed: nil)
    }

    /// Re-reads the courts whose files are in `changed` (all of them when nil), and finds
    /// the courts that came or went.
    mutating func reload(store: any StateReader, changed: Set<String>?) {
        let known = Set(courts.map(\.files))
        let newCourt = changed.map { names in
            names.contains { n in
                let c = CourtFiles.court(ofFile: n).map { CourtFiles(court: $0) } ?? (CourtFiles.main.all.contains(n) ? .main : nil)
                return c.map { !known.contains($0) } ?? false
            }
        } ?? true
        if newCourt {
            let present = CourtFiles.courts(in: store.fileNames())
            let old = Dictionary(courts.map { ($0.files, $0) }, uniquingKeysWith: { a, _ in a })
            courts = present.map { files in
                old[files] ?? Court(files: files, name: CourtReader(store, files: files).courtName, log: nil)
            }
        }
        for i in courts.indices where changed == nil || newCourt || changed?.contains(courts[i].files.journal) == true {
            courts[i].log = CourtReader(store, files: courts[i].files).journal().log
        }
    }

    /// The files to hear about: every court's journal (a court yet to start makes a file of
    /// its kind, which `watches` takes too).
    var watchedFiles: [String] { courts.isEmpty ? [CourtFiles.main.journal] : courts.map(\.files.journal) }

    static func concerns(_ file: String) -> Bool {
        CourtFiles.court(ofFile: file) != nil || CourtFiles.main.all.contains(file)
    }

    /// The next moment a clock on some court shows another second.
    func nextDeadline(at now: Double) -> Double? {
        courts.compactMap { $0.log?.state.timers.compactMap { $0.nextChange(after: now) }.min() }.min()
    }

    // MARK: Layout

    /// The narrowest and lowest a pane may be: a border, the names and a score.
    static let paneMinimum = Size(width: 24, height: 5)

    /// The grid for `count` panes in `area`: the number of columns whose panes take the
    /// tallest digits (ties: the fewest rows, then the most columns), or nil when even one row
    /// of panes cannot be drawn (then a line per court).
    static func columns(count: Int, in area: Size) -> Int? {
        guard count > 0 else { return 1 }
        var best: (columns: Int, digits: Int, width: Int)?
        for c in 1...count {
            let rows = (count + c - 1) / c
            let w = (area.width - (c - 1)) / c, h = area.height / rows
            guard w >= paneMinimum.width, h >= paneMinimum.height else { continue }
            let inner = Size(width: w - 2, height: h - 2)
            let card = BadmintonApp.CardLayout(height: inner.height, glyphs: .unicode)
            let digits = BigText.fit("88", in: Size(width: inner.width / 2 - 2, height: card.digitRows)).map { $0.font.height * $0.scaleY } ?? 0
            if let b = best, digits < b.digits || (digits == b.digits && w <= b.width) { continue }
            best = (c, digits, w)
        }
        return best?.columns
    }

    /// Each pane's rectangle in `area`, row by row.
    static func panes(count: Int, columns c: Int, in area: Rect) -> [Rect] {
        let rows = max(1, (count + c - 1) / c)
        var out: [Rect] = []
        for i in 0..<count {
            let row = i / c, col = i % c
            let x0 = area.x + col * (area.width + 1) / c, x1 = area.x + (col + 1) * (area.width + 1) / c - 1
            let y0 = area.y + row * area.height / rows, y1 = area.y + (row + 1) * area.height / rows
            out.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return out
    }
}

extension BadmintonApp {
    func renderBoard(_ board: CourtsBoard, in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let g = theme.glyphs
        guard !board.courts.isEmpty else {
            renderCard(nil, court: nil, in: rect, on: &canvas, theme: theme, now: context.now)
            return
        }
        guard let columns = CourtsBoard.columns(count: board.courts.count, in: rect.size) else {
            // Too many courts for panes: a line each, as --status --all prints them.
            let width = board.courts.map { DisplayWidth.of(TextLayout.sanitized($0.name ?? "-")) }.max() ?? 1
            for (i, c) in board.courts.enumerated() where i < rect.height {
                // At the recording desk, each court's link after its name.
                let link = c.files.court.flatMap { context.hall?.courts[$0] }.map { "[" + $0.text(now: context.now, unicode: g.isUnicode) + "] " } ?? ""
                let next = c.files.court.flatMap { context.hall?.courts[$0]?.next }.map { " · next: " + $0 } ?? ""
                let line = TextLayout.pad(TextLayout.sanitized(c.name ?? "-") + ":", to: width + 1) + " " + link
                    + (c.log.map { MatchReport.statusLine($0.state, now: context.now) } ?? "no match yet") + next.glyphed(g)
                canvas.fit(line, in: rect.row(i), style: c.log == nil ? theme[.muted] : theme[.text], glyphs: g)
            }
            return
        }
        for (court, pane) in zip(board.courts, CourtsBoard.panes(count: board.courts.count, columns: columns, in: rect)) {
            let title = court.name.map { "Court \(TextLayout.sanitized($0))" } ?? "Badminton"
            Box.draw(pane, on: &canvas, glyphs: g, style: theme[.border], title: title, titleStyle: theme[.accent].with(.bold))
            // The court's link to the hall, on the pane's bottom edge (the recording desk).
            if let name = court.files.court, let link = context.hall?.courts[name], pane.width > 6 {
                let sep = g.isUnicode ? " · " : " - "
                let text = " " + link.text(now: context.now, unicode: g.isUnicode) + (link.problem.map { sep + TextLayout.sanitized($0) } ?? "") + " "
                let style = link.online == true && !link.isStale(now: context.now) && link.quarantined == 0 && link.problem == nil && link.conflict == nil ? theme[.muted] : theme[.warning]
                canvas.fit(text, in: Rect(x: pane.x + 2, y: pane.y + pane.height - 1, width: pane.width - 4, height: 1), style: style, glyphs: g)
            }
            var card = pane.inset(horizontal: 1, vertical: 1)
            // The desk's call waiting for the court, on the pane's last row (the card above it).
            if let name = court.files.court, let next = context.hall?.courts[name]?.next, card.height > 4 {
                card.height -= 1
                canvas.fit(TextLayout.sanitized("next on court \(name): \(next)").glyphed(g), in: Rect(x: card.x + 1, y: card.maxY, width: card.width - 2, height: 1),
                           alignment: .center, style: theme[.accent], glyphs: g)
            }
            renderCard(court.log?.state, court: nil, in: card, on: &canvas, theme: theme, now: context.now)
        }
    }
}
