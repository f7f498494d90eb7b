import TerminiCore
import TerminiWidgets
import TerminiApp

/// Renders a widget into a fresh canvas of `width`×`height` with the built-in theme.
public func render(_ widget: some Widget, width: Int, height: Int, glyphs: Glyphs = .unicode,
            theme: Theme = .builtinDefault) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    widget.render(in: canvas.bounds, on: &canvas, theme: theme.withGlyphs(glyphs))
    return canvas
}

/// A canvas filled with dots, so tests can see which cells a drawing touched.
public func dotted(width: Int, height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    canvas.fill(canvas.bounds, with: ".")
    return canvas
}

/// A pane that fills its rectangle with one letter (for layout tests).
public struct Fill: Widget {
    public let character: Character
    public init(_ c: Character) { character = c }
    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        canvas.fill(rect, with: character)
    }
}

public let plainDefault = Theme.builtinDefault
