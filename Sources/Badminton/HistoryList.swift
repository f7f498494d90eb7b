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
    var historyMatches: NewestFirst {
        let rows = history.rows
        guard let l = log else { return NewestFirst(base: rows) }
        return NewestFirst(base: rows, skip: rows.lastIndex { $0.startedAt == l.startedAt }, extra: l.state.isOver ? HistoryRow(l) : nil)
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

    func historyRows(width: Int, ellipsis: String) -> [[(text: String, abandoned: Bool)]] {
        historyListing.lines(width: width, ellipsis: ellipsis)
    }

    func historyPanel(width: Int, glyphs g: Glyphs) -> ScrollPanel { historyListing.filledPanel(width: width, glyphs: g) }
}

/// The history list's matches (newest first) and what the list's shape needs of them, made
/// without a string a match (the widths are the index's): the panel holds a blank item a
/// match, and only the items on view are made (`fill`), so a list of 10,000 matches opens,
/// scrolls and pages at the cost of a screenful. The blank panel made last is kept for the
/// next frame or key at the same width.
struct HistoryListing: Sendable {
    let rows: NewestFirst
    let zone: LocalZone
    let formatWidth: Int
    /// The widest match number: 1 is the oldest, as `--scoresheet N` and `--export` count.
    let numberWidth: Int
    let headWidth: Int
    /// The widest outcome.
    let outcomeWidth: Int
    let abandoned: Int
    let made = MadePanel()

    init(_ rows: NewestFirst, zone: LocalZone) {
        self.rows = rows
        self.zone = zone
        let formatWidth = rows.reduce(4) { max($0, DisplayWidth.of($1.format)) }
        self.formatWidth = formatWidth
        let numberWidth = "\(rows.count)".count
        self.numberWidth = numberWidth
        headWidth = rows.reduce(0) { w, m in
            max(w, numberWidth + 2 + HistoryListing.dateWidth(m, zone: zone) + 2 + formatWidth + 2 + max(10, HistoryListing.durationWidth(m)))
        }
        outcomeWidth = rows.reduce(0) { max($0, $1.outcomeWidth) }
        abandoned = rows.reduce(0) { $0 + ($1.over ? 0 : 1) }
    }

    /// The width of a match's date and time (`2026-11-29 14:03`: 16 from year 1000 to 9999,
    /// whatever the zone's offset, less than a day).
    static func dateWidth(_ m: HistoryRow, zone: LocalZone) -> Int {
        let t = m.startedAt
        if t >= -30_610_224_000 + 86_400 && t < 253_402_300_800 - 86_400 { return 16 }
        return DisplayWidth.of(MatchReport.shortTime(t, offset: zone.offset(at: t)))
    }

    /// The width of `m.duration` (`38 min`, `1 h 12 min`), without making it.
    static func durationWidth(_ m: HistoryRow) -> Int {
        func digits(_ n: Int) -> Int { n < 10 ? 1 : 1 + digits(n / 10) }
        let seconds = m.endedAt - m.startedAt
        guard seconds.isFinite, seconds < 1e15 else { return DisplayWidth.of(m.duration) }
        let minutes = Int((max(0, seconds) / 60).rounded())
        return minutes < 60 ? digits(minutes) + 4 : digits(minutes / 60) + 3 + digits(minutes % 60) + 4
    }

    static func head(_ m: HistoryRow, number: Int, numberWidth: Int, formatWidth: Int, zone: LocalZone) -> String {
        let when = MatchReport.shortTime(m.startedAt, offset: zone.offset(at: m.startedAt))
        let format = TextLayout.pad(m.format, to: max(formatWidth, DisplayWidth.of(m.format)))
        return "\(TextLayout.pad("\(number)", to: numberWidth, alignment: .right))  \(when)  \(format)  \(TextLayout.pad(m.duration, to: 10, alignment: .right))"
    }

    /// The number of the match listed at `i` (newest first): 1 is the oldest.
    func number(_ i: Int) -> Int { rows.count - i }

    /// Whether every outcome fits beside its date, a match a line.
    func oneLine(width: Int) -> Bool { outcomeWidth + headWidth + 3 <= width }

    /// The lines of the matches `range`: one a match when every outcome fits beside its date;
    /// else two, the outcome indented under the date, so the winner (first in it) is never cut.
    func lines(width: Int, ellipsis: String, _ range: Range<Int>? = nil) -> [[(text: String, abandoned: Bool)]] {
        let oneLine = oneLine(width: width)
        /// The cards and shuttles after the outcome, when they fit whole.
        func noted(_ line: String, lineWidth: Int, _ m: HistoryRow) -> String {
            guard let n = m.notes.map(TextLayout.sanitized), lineWidth + 3 + DisplayWidth.of(n) <= width else { return line }
            return line + " · " + n
        }
        return (range ?? rows.indices).map { i in
            let m = rows[i], abandoned = !m.over
            let head = HistoryListing.head(m, number: number(i), numberWidth: numberWidth, formatWidth: formatWidth, zone: zone)
            if oneLine {
                let line = TextLayout.pad(head, to: headWidth) + "   " + TextLayout.sanitized(m.outcome.text)
                return [(noted(line, lineWidth: headWidth + 3 + m.outcomeWidth, m), abandoned)]
            }
            let fitted = TextLayout.sanitized(m.outcome.fitted(width: width - 2, ellipsis: ellipsis))
            return [(head, abandoned), (noted("  " + fitted, lineWidth: 2 + DisplayWidth.of(fitted), m), abandoned)]
        }
    }

    /// The history as a scroll panel `width` cells wide inside: a match a line, or two with
    /// a blank line between matches when the outcomes need the room; each item blank until
    /// `fill` makes it.
    func panel(width: Int, glyphs g: Glyphs) -> ScrollPanel {
        if let p = made.panel(width: width, glyphs: g) { return p }
        var title = rows.isEmpty ? "History" : "History · \(rows.count) match\(rows.count == 1 ? "" : "es")"
        if abandoned > 0 { title += " · \(abandoned) abandoned" }
        let perMatch = oneLine(width: width) ? 1 : 2
        let blank = Array(repeating: StyledLine("", .dialog), count: perMatch)
        let panel = ScrollPanel(title: title.glyphed(g), items: Array(repeating: blank, count: rows.count), gap: perMatch > 1 ? 1 : 0,
                                fillsArea: true, emptyText: "No matches yet: finished and abandoned ones are listed here.")
        made.keep(panel, width: width, glyphs: g)
        return panel
    }

    /// The items `range` of a panel made by `panel`, made now.
    func fill(_ panel: inout ScrollPanel, _ range: Range<Int>, width: Int, glyphs g: Glyphs) {
        let range = range.clamped(to: rows.indices)
        let perMatch = oneLine(width: width) ? 1 : 2
        for (i, entry) in zip(range, lines(width: width, ellipsis: g.ellipsis, range)) {
            panel.items[i] = entry.enumerated().map { n, line in
                StyledLine(line.text.glyphed(g), line.abandoned ? .muted : n == 0 && perMatch > 1 ? .accent : .dialog)
            }
        }
    }

    /// The whole panel, every item made (for a test, or a short list).
    func filledPanel(width: Int, glyphs g: Glyphs) -> ScrollPanel {
        var p = panel(width: width, glyphs: g)
        fill(&p, rows.indices, width: width, glyphs: g)
        return p
    }
}

/// The blank panel a listing last made, and for which width and glyphs: it is made again only
/// when these change. Used by the main thread only, as the app is.
final class MadePanel: @unchecked Sendable {
    private var last: (width: Int, glyphs: Glyphs, panel: ScrollPanel)?

    func panel(width: Int, glyphs: Glyphs) -> ScrollPanel? {
        guard let l = last, l.width == width, l.glyphs == glyphs else { return nil }
        return l.panel
    }

    func keep(_ panel: ScrollPanel, width: Int, glyphs: Glyphs) { last = (width, glyphs, panel) }
}

/// The matches of the history newest first, read in place from the rows kept oldest first (a
/// list of 10,000 is not copied): `skip` the one left out (the match in the journal), `extra`
/// the match that comes after them (the one in the journal, once over).
struct NewestFirst: RandomAccessCollection, Sendable {
    let base: [HistoryRow]
    var skip: Int?
    var extra: HistoryRow?

    init(base: [HistoryRow], skip: Int? = nil, extra: HistoryRow? = nil) {
        (self.base, self.skip, self.extra) = (base, skip, extra)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { kept + (extra == nil ? 0 : 1) }
    /// The rows of `base` listed.
    var kept: Int { base.count - (skip == nil ? 0 : 1) }

    subscript(i: Int) -> HistoryRow {
        let j = endIndex - 1 - i
        if j >= kept, let e = extra { return e }
        return base[skip.map { j >= $0 ? j + 1 : j } ?? j]
    }
}
