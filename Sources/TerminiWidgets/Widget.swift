import TerminiCore
/// Anything that draws itself into a rectangle of a canvas. Widgets only write cells.
public protocol Widget {
    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme)
}

/// A widget made from a closure, for one-off drawing inside layouts such as `SplitPane`.
public struct Draw: Widget {
    let body: (Rect, inout Canvas, Theme) -> Void
    public init(_ body: @escaping (Rect, inout Canvas, Theme) -> Void) { self.body = body }
    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) { body(rect, &canvas, theme) }
}

/// Nothing at all (an empty pane).
public struct Empty: Widget {
    public init() {}
    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {}
}

/// Box drawing shared by windows, dialogs and cards.
public enum Box {
    /// Draws a border on the edge of `rect`, with an optional title in the top edge.
    public static func draw(_ rect: Rect, on canvas: inout Canvas, glyphs g: Glyphs, style: Style,
                            title: String? = nil, titleStyle: Style? = nil, titleAlignment: Alignment = .left) {
        guard rect.width >= 2, rect.height >= 2 else {
            canvas.fill(rect, with: g.horizontal, style: style)
            return
        }
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        // Each edge is one fill (the glyph looked at once), which leaves what writing it cell
        // by cell would: a wide character cut at an edge loses its other half either way.
        canvas.fill(Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), with: g.horizontal, style: style)
        canvas.fill(Rect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), with: g.horizontal, style: style)
        canvas.fill(Rect(x: left, y: top + 1, width: 1, height: rect.height - 2), with: g.vertical, style: style)
        canvas.fill(Rect(x: right, y: top + 1, width: 1, height: rect.height - 2), with: g.vertical, style: style)
        canvas.put(g.topLeft, x: left, y: top, style: style)
        canvas.put(g.topRight, x: right, y: top, style: style)
        canvas.put(g.bottomLeft, x: left, y: bottom, style: style)
        canvas.put(g.bottomRight, x: right, y: bottom, style: style)
        if let title, !title.isEmpty, rect.width > 6 {
            let room = Rect(x: left + 2, y: top, width: rect.width - 4, height: 1)
            // Cut the title itself so a long one still has a space each side.
            let t = " " + TextLayout.truncate(TextLayout.sanitized(title), to: room.width - 2, ellipsis: g.ellipsis) + " "
            canvas.put(t, in: room, alignment: titleAlignment, style: titleStyle ?? style)
        }
    }
}

extension Rect {
    /// Where a block of `size` starts in the rectangle: aligned across as asked, centred
    /// down (big letters and digits, in any of their fonts).
    public func origin(of size: Size, alignment: Alignment) -> (x: Int, y: Int) {
        let x: Int
        switch alignment {
        case .left: x = self.x
        case .center: x = self.x + (width - size.width) / 2
        case .right: x = maxX - size.width
        }
        return (x, y + (height - size.height) / 2)
    }
}
