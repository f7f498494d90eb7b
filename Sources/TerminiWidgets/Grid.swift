import TerminiCore
/// Rows × columns of cells with a cursor. Arrow keys and h/j/k/l move the cursor, stopping
/// at the edges. The caller draws each cell (it knows what a cell holds); the grid lays the
/// cells out and tells which one has the cursor.
public struct Grid: Sendable, Equatable {
    public let rows: Int
    public let columns: Int
    public private(set) var cursor: (row: Int, column: Int)

    public init(rows: Int, columns: Int, cursor: (row: Int, column: Int) = (0, 0)) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        self.cursor = (min(max(0, cursor.row), max(1, rows) - 1), min(max(0, cursor.column), max(1, columns) - 1))
    }

    public static func == (a: Grid, b: Grid) -> Bool {
        a.rows == b.rows && a.columns == b.columns && a.cursor == b.cursor
    }

    /// The cursor as an index in row-major order.
    public var index: Int { cursor.row * columns + cursor.column }

    public mutating func move(toRow r: Int, column c: Int) {
        cursor = (min(max(0, r), rows - 1), min(max(0, c), columns - 1))
    }

    /// Where a key moves the cursor.
    public enum Move: Sendable, Equatable { case up, down, left, right, rowStart, rowEnd }

    /// The grid's keys: the arrows, `h j k l` as in vi, Home and End for the row's ends.
    public static let keyMap = KeyMap<Move>([
        (.left, .left), (.up, .up), (.down, .down), (.right, .right),
        (.char("h"), .left), (.char("j"), .down), (.char("k"), .up), (.char("l"), .right),
        (.home, .rowStart), (.end, .rowEnd),
    ])

    /// Returns true when the key moved (or tried to move) the cursor.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard let move = Grid.keyMap.action(for: key) else { return false }
        switch move {
        case .up: self.move(toRow: cursor.row - 1, column: cursor.column)
        case .down: self.move(toRow: cursor.row + 1, column: cursor.column)
        case .left: self.move(toRow: cursor.row, column: cursor.column - 1)
        case .right: self.move(toRow: cursor.row, column: cursor.column + 1)
        case .rowStart: self.move(toRow: cursor.row, column: 0)
        case .rowEnd: self.move(toRow: cursor.row, column: columns - 1)
        }
        return true
    }

    /// The largest cell size (up to `maxCell`) that fits `rows`×`columns` cells with gaps in `area`.
    public func cellSize(in area: Size, gapX: Int = 1, gapY: Int = 0, maxCell: Size? = nil) -> Size {
        var w = (area.width - gapX * (columns - 1)) / columns
        var h = (area.height - gapY * (rows - 1)) / rows
        if let m = maxCell {
            w = min(w, m.width)
            h = min(h, m.height)
        }
        return Size(width: max(0, w), height: max(0, h))
    }

    /// The rectangle of every cell, row-major, the whole grid centred in `area`.
    public func layout(in area: Rect, cell: Size, gapX: Int = 1, gapY: Int = 0) -> [Rect] {
        let totalW = cell.width * columns + gapX * (columns - 1)
        let totalH = cell.height * rows + gapY * (rows - 1)
        let origin = area.centered(Size(width: totalW, height: totalH))
        var rects: [Rect] = []
        for r in 0..<rows {
            for c in 0..<columns {
                rects.append(Rect(x: origin.x + c * (cell.width + gapX), y: origin.y + r * (cell.height + gapY),
                                  width: cell.width, height: cell.height))
            }
        }
        return rects
    }

    /// Lays the grid out in `area` and calls `drawCell(row, column, rect, hasCursor)` for each cell.
    public func render(in area: Rect, cell: Size, gapX: Int = 1, gapY: Int = 0,
                       drawCell: (_ row: Int, _ column: Int, _ rect: Rect, _ hasCursor: Bool) -> Void) {
        for (i, rect) in layout(in: area, cell: cell, gapX: gapX, gapY: gapY).enumerated() {
            let r = i / columns, c = i % columns
            drawCell(r, c, rect.intersection(area), r == cursor.row && c == cursor.column)
        }
    }
}
