import TerminiKit
import Testing
@testable import TerminiTerminal

/// What the backend sends for a cell: a space never carries what cannot show on it.
@Suite struct TerminalCellTests {
    @Test func aSpaceLosesItsForegroundBoldDimAndItalic() {
        let styled = Cell(" ", style: Style(foreground: .indexed(160), attributes: [.bold, .dim, .italic]))
        #expect(Terminal.shown(styled) == Cell(" "))
        #expect(Terminal.isBlank(Terminal.shown(styled)), "a first paint skips it")
    }

    @Test func whatShowsOnASpaceStays() {
        for style in [Style(background: .indexed(22)), Style(attributes: [.reverse]), Style(attributes: [.underline]),
                      Style(foreground: .indexed(160), background: .indexed(22), attributes: [.bold])] {
            let shown = Terminal.shown(Cell(" ", style: style))
            #expect(shown.style.background == style.background)
            #expect(shown.style.attributes == style.attributes.subtracting([.bold, .dim, .italic]))
            #expect(!Terminal.isBlank(shown))
        }
        let letter = Cell("A", style: Style(foreground: .indexed(160), attributes: [.bold]))
        #expect(Terminal.shown(letter) == letter, "a character other than a space is sent as it is")
    }
}
