@testable import TerminiKit

/// Renders a widget into a fresh canvas of `width`×`height` with the built-in theme.
func render(_ widget: some Widget, width: Int, height: Int, glyphs: Glyphs = .unicode,
            theme: Theme = .builtinDefault) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    widget.render(in: canvas.bounds, on: &canvas, theme: theme.withGlyphs(glyphs))
    return canvas
}

/// A canvas filled with dots, so tests can see which cells a drawing touched.
func dotted(width: Int, height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    canvas.fill(canvas.bounds, with: ".")
    return canvas
}

/// A pane that fills its rectangle with one letter (for layout tests).
struct Fill: Widget {
    let character: Character
    init(_ c: Character) { character = c }
    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        canvas.fill(rect, with: character)
    }
}

let plainDefault = Theme.builtinDefault
