import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The history as its list shows it (`h`): every match kept, newest first, each a head line
/// and its games, abandoned ones marked.
extension BadmintonApp {
    /// Every match kept, newest first (the current one too once it is over); abandoned ones
    /// (replaced by a new match before their end) are marked as such. A match still in the
    /// journal (a stop between moving it to the history and writing the next match's journal)
    /// is the match in progress, not a past one, until a new match begins.
    var historyMatches: [HistoryRow] {
        var matches = history.rows
        if let l = log {
            matches.removeAll { $0.startedAt == l.startedAt }
            if l.state.isOver { matches.append(HistoryRow(l)) }
        }
        return matches.reversed()
    }

    /// The past matches as the history file holds them now (read, not kept: for a check), the
    /// match in the journal left out.
    func pastMatches() -> [HistoryRow] {
        var shelf = history
        shelf.load(files, keeping: false)
        return shelf.rows.filter { $0.startedAt != log?.startedAt }
    }

    /// The list's rows, their heads made once.
    var historyListing: HistoryListing { HistoryListing(historyMatches, zone: zone) }

    /// `2026-11-29 14:03  3x21  38 min`: when (local time), the format and how long it took.
    func historyHead(_ m: HistoryRow, formatWidth: Int = 4) -> String { HistoryListing.head(m, formatWidth: formatWidth, zone: zone) }

    func historyRows(width: Int, ellipsis: String) -> [[(text: String, abandoned: Bool)]] {
        historyListing.lines(width: width, ellipsis: ellipsis)
    }

    func historyPanel(width: Int, glyphs g: Glyphs) -> ScrollPanel { historyListing.panel(width: width, glyphs: g) }
}

/// The history list's matches (newest first) with what does not depend on the width made
/// once: each head and outcome (sanitised) with their widths; and the panel last made, kept
/// for the next frame or key at the same width (a list of 10,000 matches is made once, not
/// at every key).
struct HistoryListing: Sendable {
    let rows: [HistoryRow]
    let heads: [String]
    let headWidth: Int
    /// Each outcome whole, sanitised, and its width; the widest.
    let outcomes: [(text: String, width: Int)]
    let outcomeWidth: Int
    let abandoned: Int
    let made = MadePanel()

    init(_ rows: [HistoryRow], zone: LocalZone) {
        self.rows = rows
        let formatWidth = rows.reduce(4) { max($0, DisplayWidth.of($1.format)) }
        heads = rows.map { HistoryListing.head($0, formatWidth: formatWidth, zone: zone) }
        headWidth = heads.reduce(0) { max($0, DisplayWidth.of($1)) }
        outcomes = rows.map { r in
            let text = TextLayout.sanitized(r.outcome.text)
            return (text, DisplayWidth.of(text))
        }
        outcomeWidth = outcomes.reduce(0) { max($0, $1.width) }
        abandoned = rows.reduce(0) { $0 + ($1.over ? 0 : 1) }
    }

    static func head(_ m: HistoryRow, formatWidth: Int, zone: LocalZone) -> String {
        let when = MatchReport.shortTime(m.startedAt, offset: zone.offset(at: m.startedAt))
        let format = TextLayout.pad(m.format, to: max(formatWidth, DisplayWidth.of(m.format)))
        return "\(when)  \(format)  \(TextLayout.pad(m.duration, to: 10, alignment: .right))"
    }

    /// One line a match when every outcome fits beside its date; else two, the outcome
    /// indented under the date, so the winner (first in it) is never cut.
    func lines(width: Int, ellipsis: String) -> [[(text: String, abandoned: Bool)]] {
        let oneLine = outcomeWidth + headWidth + 3 <= width
        /// The cards and shuttles after the outcome, when they fit whole.
        func noted(_ line: String, lineWidth: Int, _ m: HistoryRow) -> String {
            guard let n = m.notes.map(TextLayout.sanitized), lineWidth + 3 + DisplayWidth.of(n) <= width else { return line }
            return line + " · " + n
        }
        return rows.indices.map { i in
            let m = rows[i], head = heads[i], abandoned = !m.over
            if oneLine {
                let line = TextLayout.pad(head, to: headWidth) + "   " + outcomes[i].text
                return [(noted(line, lineWidth: headWidth + 3 + outcomes[i].width, m), abandoned)]
            }
            let fitted = TextLayout.sanitized(m.outcome.fitted(width: width - 2, ellipsis: ellipsis))
            return [(head, abandoned), (noted("  " + fitted, lineWidth: 2 + DisplayWidth.of(fitted), m), abandoned)]
        }
    }

    /// The history as a scroll panel `width` cells wide inside: a match a line, or two with
    /// a blank line between matches when the outcomes need the room.
    func panel(width: Int, glyphs g: Glyphs) -> ScrollPanel {
        if let p = made.panel(width: width, glyphs: g) { return p }
        let entries = lines(width: width, ellipsis: g.ellipsis)
        var title = entries.isEmpty ? "History" : "History · \(entries.count) match\(entries.count == 1 ? "" : "es")"
        if abandoned > 0 { title += " · \(abandoned) abandoned" }
        let perMatch = entries.first?.count ?? 1
        let items = entries.map { entry in
            entry.enumerated().map { i, line in
                StyledLine(line.text.glyphed(g), line.abandoned ? .muted : i == 0 && perMatch > 1 ? .accent : .dialog)
            }
        }
        let panel = ScrollPanel(title: title.glyphed(g), items: items, gap: perMatch > 1 ? 1 : 0, fillsArea: true,
                                emptyText: "No matches yet: finished and abandoned ones are listed here.")
        made.keep(panel, width: width, glyphs: g)
        return panel
    }
}

/// The panel a listing last made, and for which width and glyphs: the list is made again only
/// when these change. Used by the main thread only, as the app is.
final class MadePanel: @unchecked Sendable {
    private var last: (width: Int, glyphs: Glyphs, panel: ScrollPanel)?

    func panel(width: Int, glyphs: Glyphs) -> ScrollPanel? {
        guard let l = last, l.width == width, l.glyphs == glyphs else { return nil }
        return l.panel
    }

    func keep(_ panel: ScrollPanel, width: Int, glyphs: Glyphs) { last = (width, glyphs, panel) }
}
