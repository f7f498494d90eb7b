import TerminiCore

/// Golden lines that state styles as well as text, for tests where the style is the point
/// (the focus, a disabled side, a selection in monochrome): ratatui's `Buffer` with styled
/// lines, in text. Each row is its runs of equal style: text drawn in the plain text style as
/// it is, any other run as `[text](name)`, the name the theme role whose style the run has
/// (`focus`, `disabled`), else its attributes (`bold+reverse`). Trailing blanks are left out.
///
///     #expect(StyledGolden.lines(canvas, theme: .mono) == ["[[−]](disabled)  0 [[+]](accent)"])
public enum StyledGolden {
    public static func lines(_ canvas: Canvas, theme: Theme) -> [String] {
        (0..<canvas.height).map { line(canvas, y: $0, theme: theme) }
    }

    /// The name of a cell's style: the first role drawn that way, else its attributes.
    static func name(_ style: Style, theme: Theme) -> String? {
        let plain = [theme[.text], theme[.background], Style.plain]
        if plain.contains(where: { same($0, style) }) { return nil }
        if let role = Role.allCases.first(where: { same(theme[$0], style) }) { return role.rawValue }
        let attrs = Attributes.names.filter { style.attributes.contains($0.1) }.map(\.0)
        return attrs.isEmpty ? "colour" : attrs.joined(separator: "+")
    }

    /// Equal as drawn: a background left to inherit matches the one it inherited.
    static func same(_ a: Style, _ b: Style) -> Bool {
        a.foreground == b.foreground && a.attributes == b.attributes
            && (a.background == b.background || a.background == .inherit || b.background == .inherit)
    }

    static func line(_ canvas: Canvas, y: Int, theme: Theme) -> String {
        var out = ""
        var run = ""
        var runName: String?
        func close() {
            guard !run.isEmpty else { return }
            out += runName.map { "[\(run)](\($0))" } ?? run
            run = ""
        }
        for x in 0..<canvas.width {
            let cell = canvas[x, y]
            if cell.isContinuation { continue }
            let n = name(cell.style, theme: theme)
            if n != runName {
                close()
                runName = n
            }
            run.append(cell.character)
        }
        if runName == nil {
            while run.last == " " { run.removeLast() }
        }
        close()
        while out.last == " " { out.removeLast() }
        return out
    }
}
