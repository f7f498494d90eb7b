import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// A side's name on its bar with each card as a compact mark right after the carded player:
/// `Cat/Dan Y  R ` in doubles (Dan has a yellow and a red card), `Bob B  R ` in singles. A
/// mark is the card's letter (Y yellow, R red, B black) in normal video inside the reverse-video
/// bar, in the card's colour: readable in monochrome and in ASCII. The name always shows; it
/// is shortened, never dropped, to make room for the marks.
struct MarkedName: Equatable {
    struct Piece: Equatable {
        var text: String
        /// The mark's role; nil for the name's own pieces (the bar's style).
        var card: Role?
    }

    var pieces: [Piece]

    var width: Int { pieces.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The letter a card is marked with.
    static func letter(_ c: Misconduct) -> String {
        switch c {
        case .warning: return "Y"
        case .fault: return "R"
        case .disqualification: return "B"
        }
    }

    static func role(_ c: Misconduct) -> Role {
        c == .warning ? .warning : c == .fault ? .danger : .text
    }

    /// The name of side `t` with its marks in at most `room` cells. The marks are kept; the
    /// players' names share what is left, the longer cut first. When that would cut a name
    /// short, the marks close up (`Bob YRRRB`, each letter still in its card's colour).
    static func make(team t: Int, state s: MatchState, room: Int, ellipsis: String) -> MarkedName {
        let side = s.teams[t]
        let names = side.players.map(TextLayout.sanitized)
        let marks: [[Misconduct]] = names.indices.map { p in s.cards.filter { $0.team == t && $0.player == p }.map(\.card) }
        let full = fitted(names, marks: marks, tight: false, room: room, ellipsis: ellipsis)
        if full.cut <= 0 { return full.name }
        let tight = fitted(names, marks: marks, tight: true, room: room, ellipsis: ellipsis)
        return tight.cut < full.cut ? tight.name : full.name
    }

    /// The marks of side `t` alone, each after its player's name in doubles (`Dan  Y  R `):
    /// the row under a name in block letters.
    static func marks(team t: Int, state s: MatchState) -> MarkedName {
        let side = s.teams[t]
        var pieces: [Piece] = []
        for p in side.players.indices {
            let cards = s.cards.filter { $0.team == t && $0.player == p }.map(\.card)
            guard !cards.isEmpty else { continue }
            if !pieces.isEmpty { pieces.append(Piece(text: "   ", card: nil)) }
            if s.isDoubles { pieces.append(Piece(text: TextLayout.sanitized(side.players[p]) + " ", card: nil)) }
            pieces += markPieces(cards, tight: false)
        }
        return MarkedName(pieces: pieces)
    }

    static func markPieces(_ cards: [Misconduct], tight: Bool) -> [Piece] {
        guard tight else { return cards.map { Piece(text: " \(letter($0)) ", card: role($0)) } }
        return cards.enumerated().map { i, c in
            Piece(text: (i == 0 ? " " : "") + letter(c) + (i == cards.count - 1 ? " " : ""), card: role(c))
        }
    }

    /// The names cut to fit beside the marks, and how many cells the names lost.
    static func fitted(_ names: [String], marks: [[Misconduct]], tight: Bool, room: Int, ellipsis: String) -> (name: MarkedName, cut: Int) {
        let markWidth = marks.reduce(0) { $0 + ($1.isEmpty ? 0 : 1 + ($1.count * (tight ? 1 : 3)) + (tight ? 2 : 0)) }
        let budget = max(names.count, room - markWidth - (names.count - 1))
        var widths = names.map(DisplayWidth.of)
        let whole = widths.reduce(0, +)
        // A cell at a time off the longest name: two long names are cut alike, a short one kept;
        // each keeps a letter and the ellipsis.
        while widths.reduce(0, +) > budget, let i = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[i] > 2 {
            widths[i] -= 1
        }
        var pieces: [Piece] = []
        for (p, name) in names.enumerated() {
            if p > 0 { pieces.append(Piece(text: "/", card: nil)) }
            pieces.append(Piece(text: TextLayout.truncate(name, to: widths[p], ellipsis: ellipsis), card: nil))
            guard !marks[p].isEmpty else { continue }
            pieces.append(Piece(text: " ", card: nil))
            pieces += markPieces(marks[p], tight: tight)
        }
        return (MarkedName(pieces: pieces), whole - widths.reduce(0, +))
    }

    /// Draws the pieces from `x` on `row`, clipped to it; returns the column after the last.
    @discardableResult
    func render(x: Int, row: Rect, barStyle: Style, on canvas: inout Canvas, theme: Theme) -> Int {
        var x = x
        for piece in pieces {
            let style = piece.card.map { theme[$0].with(.bold) } ?? barStyle
            x = canvas.put(piece.text.glyphed(theme.glyphs), x: x, y: row.y, style: style, clip: row)
        }
        return x
    }
}

extension BadmintonApp {
    /// A side's bar: the service marker (or blanks in its place) and the name with its card
    /// marks, centred in `bar`.
    func renderMarkedBar(team t: Int, state s: MatchState, serving: Bool, in bar: Rect, style: Style, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let marker = g.isUnicode ? "🏸" : ">"
        let lead = DisplayWidth.of(marker) + 1
        let named = MarkedName.make(team: t, state: s, room: max(1, bar.width - 2 - lead), ellipsis: g.ellipsis)
        let w = min(bar.width, lead + named.width)
        var x = bar.x + max(0, (bar.width - w) / 2)
        x = canvas.put(serving ? marker + " " : String(repeating: " ", count: lead), x: x, y: bar.y, style: style, clip: bar)
        named.render(x: x, row: bar, barStyle: style, on: &canvas, theme: theme)
    }
}
