import TerminiCore
/// Two panes side by side (`.horizontal`) or stacked (`.vertical`), split by a ratio or a
/// fixed size, with an optional one-cell divider. Panes may be split panes themselves.
public struct SplitPane: Widget {
    public enum Axis: Sendable { case horizontal, vertical }
    public enum Sizing: Sendable, Equatable {
        /// The first pane takes this fraction (0…1) of the space left after the divider.
        case ratio(Double)
        /// The first pane takes exactly this many cells (clipped to the space).
        case first(Int)
        /// The second pane takes exactly this many cells.
        case second(Int)
    }

    public var axis: Axis
    public var sizing: Sizing
    public var divider: Bool
    public var first: any Widget
    public var second: any Widget

    public init(_ axis: Axis, _ sizing: Sizing = .ratio(0.5), divider: Bool = false, first: any Widget, second: any Widget) {
        self.axis = axis
        self.sizing = sizing
        self.divider = divider
        self.first = first
        self.second = second
    }

    /// The two pane rectangles and the divider's (when there is one), for a split of `rect`.
    public static func layout(_ rect: Rect, axis: Axis, sizing: Sizing, divider: Bool) -> (first: Rect, second: Rect, divider: Rect?) {
        let total = axis == .horizontal ? rect.width : rect.height
        let d = divider && total > 0 ? 1 : 0
        let space = max(0, total - d)
        let a: Int
        switch sizing {
        case .ratio(let r): a = Int((Double(space) * min(1, max(0, r))).rounded())
        case .first(let n): a = min(space, max(0, n))
        case .second(let n): a = space - min(space, max(0, n))
        }
        let b = space - a
        switch axis {
        case .horizontal:
            let f = Rect(x: rect.x, y: rect.y, width: a, height: rect.height)
            let dv = d == 1 ? Rect(x: rect.x + a, y: rect.y, width: 1, height: rect.height) : nil
            let s = Rect(x: rect.x + a + d, y: rect.y, width: b, height: rect.height)
            return (f, s, dv)
        case .vertical:
            let f = Rect(x: rect.x, y: rect.y, width: rect.width, height: a)
            let dv = d == 1 ? Rect(x: rect.x, y: rect.y + a, width: rect.width, height: 1) : nil
            let s = Rect(x: rect.x, y: rect.y + a + d, width: rect.width, height: b)
            return (f, s, dv)
        }
    }

    public func layout(_ rect: Rect) -> (first: Rect, second: Rect, divider: Rect?) {
        SplitPane.layout(rect, axis: axis, sizing: sizing, divider: divider)
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let (a, b, d) = layout(rect)
        first.render(in: a, on: &canvas, theme: theme)
        second.render(in: b, on: &canvas, theme: theme)
        if let d {
            canvas.fill(d, with: axis == .horizontal ? theme.glyphs.vertical : theme.glyphs.horizontal, style: theme[.border])
        }
    }
}
