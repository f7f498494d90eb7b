import TerminiCore

/// Who led and by how much, point by point: a column per point (or per few points when they
/// do not fit), a bar up from the axis while the first side leads and down while the second
/// does, in half-row steps (`█ ▄` above, `█ ▀` below; `# _` and `# "` in ASCII), each game
/// after the last beyond a vertical rule. Readable without colour: above or below the axis is
/// the side. With labels, a gutter on the left names the side at the top and at the bottom
/// with the lead the chart's height stands for.
///
/// The series are score differences (first side minus second) after every point, one array
/// per game. Squeezed into fewer columns than points, each column shows the biggest lead
/// among its points (a lead won and lost rally by rally still shows), and a game's last column
/// the difference after its last point, so every game ends on its true final difference.
public struct MomentumChart: Widget, Equatable, Sendable {
    public var games: [[Int]]
    public var up: String
    public var down: String

    public init(games: [[Int]], up: String = "", down: String = "") {
        self.games = games
        self.up = up
        self.down = down
    }

    /// The biggest lead in the series (at least 1): what the top row and the bottom row stand for.
    public var scale: Int { max(1, games.flatMap { $0 }.map { abs($0) }.max() ?? 1) }

    /// The series fitted to `width` columns (separators included): the value of each column,
    /// nil for the rule between two games.
    public func columns(width: Int) -> [Int?] {
        var games = self.games.filter { !$0.isEmpty }
        // Too narrow for a column per game and the rules between: the last games.
        while games.count > 1 && width - (games.count - 1) < games.count { games.removeFirst() }
        let points = games.reduce(0) { $0 + $1.count }
        let room = width - (games.count - 1)
        guard points > 0, room > 0 else { return [] }
        // Points to a column, the same in every game; the fewest that fit (a game's last
        // column may hold fewer).
        var perColumn = (points + room - 1) / room
        while games.reduce(0, { $0 + ($1.count + perColumn - 1) / perColumn }) > room { perColumn += 1 }
        var out: [Int?] = []
        for (i, g) in games.enumerated() {
            if i > 0 { out.append(nil) }
            var k = 0
            while k < g.count {
                let end = min(g.count, k + perColumn)
                if end == g.count {
                    out.append(g[end - 1])
                } else {
                    // The biggest lead of the column; of two as big, the later.
                    out.append(g[k..<end].reversed().max { abs($0) < abs($1) } ?? g[end - 1])
                }
                k = end
            }
        }
        return out
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard rect.width > 0, rect.height > 0 else { return }
        let g = theme.glyphs
        let m = scale
        // The gutter: the sides' names and the lead the chart's height stands for.
        var chart = rect
        if !up.isEmpty || !down.isEmpty {
            let names = [up, down].map(TextLayout.sanitized)
            let scaleTag = " +\(m)"
            let gutter = min(rect.width / 3, (names.map { DisplayWidth.of($0) }.max() ?? 0) + DisplayWidth.of(scaleTag) + 1)
            if gutter > 1 {
                // A long name is cut before the scale is.
                let cut = { (name: String) -> String in
                    guard !name.isEmpty else { return "" }
                    let room = gutter - 1 - DisplayWidth.of(scaleTag)
                    return room >= 2 ? TextLayout.truncate(name, to: room, ellipsis: g.ellipsis) + scaleTag
                        : TextLayout.truncate(name + scaleTag, to: gutter - 1, ellipsis: g.ellipsis)
                }
                canvas.put(cut(names[0]), x: rect.x, y: rect.y, style: theme[.team1], clip: rect)
                if rect.height > 1 { canvas.put(cut(names[1]), x: rect.x, y: rect.maxY - 1, style: theme[.team2], clip: rect) }
                chart = Rect(x: rect.x + gutter, y: rect.y, width: rect.width - gutter, height: rect.height)
            }
        }
        let values = columns(width: chart.width)
        // One row: the sign of the lead only.
        guard chart.height >= 3 else {
            for (i, v) in values.enumerated() {
                let x = chart.x + i
                switch v {
                case nil: canvas.put(g.vertical, x: x, y: chart.y, style: theme[.border])
                case .some(let v) where v > 0: canvas.put(g.upperHalf, x: x, y: chart.y, style: theme[.team1])
                case .some(let v) where v < 0: canvas.put(g.lowerHalf, x: x, y: chart.y, style: theme[.team2])
                default: canvas.put(g.horizontal, x: x, y: chart.y, style: theme[.border])
                }
            }
            return
        }
        let axis = chart.y + (chart.height - 1) / 2
        let above = axis - chart.y, below = chart.maxY - 1 - axis
        for (i, v) in values.enumerated() {
            let x = chart.x + i
            guard let v else {
                for y in chart.y..<chart.maxY { canvas.put(y == axis ? g.cross : g.vertical, x: x, y: y, style: theme[.border]) }
                continue
            }
            canvas.put(g.horizontal, x: x, y: axis, style: theme[.border])
            guard v != 0 else { continue }
            let rows = v > 0 ? above : below
            // Half rows, at least one for any lead.
            let halves = max(1, Int((Double(abs(v)) * Double(2 * rows) / Double(m)).rounded()))
            let style = v > 0 ? theme[.team1] : theme[.team2]
            for k in 0..<(halves / 2) {
                canvas.put(g.block, x: x, y: v > 0 ? axis - 1 - k : axis + 1 + k, style: style)
            }
            if halves % 2 == 1 {
                let k = halves / 2
                canvas.put(v > 0 ? g.lowerHalf : g.upperHalf, x: x, y: v > 0 ? axis - 1 - k : axis + 1 + k, style: style)
            }
        }
    }
}
