import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The history as its list shows it (`h`): every match kept, newest first, each a head line
/// and its games, abandoned ones marked.
extension BadmintonApp {
    /// Every match kept, newest first (the current one too once it is over); abandoned ones
    /// (replaced by a new match before their end) are marked as such.
    var historyMatches: [PastMatch] {
        var matches = history
        if let l = log, l.state.isOver, !matches.contains(where: { $0.startedAt == l.startedAt }) { matches.append(PastMatch(l)) }
        return matches.reversed()
    }

    /// `2026-11-29 14:03  3x21  38 min`: when (local time), the format and how long it took.
    func historyHead(_ m: PastMatch, formatWidth: Int = 4) -> String {
        let when = MatchReport.shortTime(m.startedAt, offset: zone.offset(at: m.startedAt))
        let format = TextLayout.pad(m.state.format.description, to: max(formatWidth, DisplayWidth.of(m.state.format.description)))
        return "\(when)  \(format)  \(TextLayout.pad(m.duration, to: 10, alignment: .right))"
    }

    /// One line a match when every outcome fits beside its date; else two, the outcome
    /// indented under the date, so the winner (first in it) is never cut.
    func historyRows(width: Int, ellipsis: String) -> [[(text: String, abandoned: Bool)]] {
        let matches = historyMatches
        let formatWidth = matches.map { DisplayWidth.of($0.state.format.description) }.max() ?? 4
        let heads = matches.map { historyHead($0, formatWidth: formatWidth) }
        let headWidth = heads.map { DisplayWidth.of($0) }.max() ?? 0
        let oneLine = matches.allSatisfy { DisplayWidth.of(TextLayout.sanitized(MatchReport.outcome($0.state))) + headWidth + 3 <= width }
        /// The cards and shuttles after the outcome, when they fit whole.
        func noted(_ line: String, _ s: MatchState) -> String {
            guard let n = MatchReport.notes(s).map(TextLayout.sanitized), DisplayWidth.of(line) + 3 + DisplayWidth.of(n) <= width else { return line }
            return line + " · " + n
        }
        return zip(matches, heads).map { m, head in
            let abandoned = !m.state.isOver
            if oneLine {
                return [(noted(TextLayout.pad(head, to: headWidth) + "   " + TextLayout.sanitized(MatchReport.outcome(m.state)), m.state), abandoned)]
            }
            return [(head, abandoned), (noted("  " + TextLayout.sanitized(MatchReport.outcome(m.state, width: width - 2, ellipsis: ellipsis)), m.state), abandoned)]
        }
    }

    /// The history as a scroll panel `width` cells wide inside: a match a line, or two with
    /// a blank line between matches when the outcomes need the room.
    func historyPanel(width: Int, glyphs g: Glyphs) -> ScrollPanel {
        let entries = historyRows(width: width, ellipsis: g.ellipsis)
        let abandoned = entries.filter { $0.first?.abandoned == true }.count
        var title = entries.isEmpty ? "History" : "History · \(entries.count) match\(entries.count == 1 ? "" : "es")"
        if abandoned > 0 { title += " · \(abandoned) abandoned" }
        let perMatch = entries.first?.count ?? 1
        let items = entries.map { entry in
            entry.enumerated().map { i, line in
                StyledLine(line.text.glyphed(g), line.abandoned ? .muted : i == 0 && perMatch > 1 ? .accent : .dialog)
            }
        }
        return ScrollPanel(title: title.glyphed(g), items: items, gap: perMatch > 1 ? 1 : 0, fillsArea: true,
                           emptyText: "No matches yet: finished and abandoned ones are listed here.")
    }
}
