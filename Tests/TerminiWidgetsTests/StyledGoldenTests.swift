import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport

/// Golden lines that say the style too, where the style is the point: the focus, a disabled
/// side, a selection in monochrome.
@Suite struct StyledGoldenTests {
    let mono = Theme.builtinDefault.monochrome

    func styled(_ widget: some Widget, width: Int, theme: Theme) -> [String] {
        StyledGolden.lines(render(widget, width: width, height: 1, theme: theme), theme: theme)
    }

    @Test func aStepperShowsItsDisabledSideAndItsFocus() {
        #expect(styled(Stepper(value: 0, minimum: 0, maximum: 10), width: 12, theme: .builtinDefault) == [" [[−]](disabled)  0 [[+]](accent)"])
        #expect(styled(Stepper(value: 10, minimum: 0, maximum: 10), width: 12, theme: .builtinDefault) == [" [[−]](accent) 10 [[+]](disabled)"])
        #expect(styled(Stepper(value: 5, minimum: 0, maximum: 10, focused: true), width: 12, theme: .builtinDefault)
            == [" [[−]](focus)  5 [[+]](focus)"], "the buttons carry the focus, the digits stay plain")
        // Monochrome: dim for the side that cannot be used (the style of muted text there).
        #expect(styled(Stepper(value: 0, minimum: 0, maximum: 10), width: 12, theme: mono) == [" [[−]](muted)  0 [[+]](accent)"])
    }

    @Test func aFocusedButtonIsReverseInMonochrome() {
        #expect(styled(Button("Restart", focused: true), width: 11, theme: mono) == ["[▸ Restart ◂](focus)"])
        #expect(styled(Button("Restart"), width: 11, theme: mono) == ["[ Restart ]"])
        #expect(styled(Button("Restart", enabled: false), width: 11, theme: mono) == ["[[ Restart ]](muted)"])
    }

    @Test func theSelectionOfASegmentedControlShowsWithoutColour() {
        let control = SegmentedControl(["Sandbag", "Trash can"], selected: 1)
        #expect(styled(control, width: 29, theme: mono) == [" │[ ○ Sandbag ](muted)│[ ● Trash can ](selected)│"])
        var focused = control
        focused.isFocused = true
        #expect(styled(focused, width: 29, theme: mono) == [" │[ ○ Sandbag ](muted)│[ ● Trash can ](focus)│"])
    }

    @Test func aTextFieldShowsItsSelectionAndCursor() {
        var canvas = Canvas(width: 8, height: 1)
        let field = TextField(text: "Red")
        field.render(in: Rect(x: 0, y: 0, width: 8, height: 1), on: &canvas, theme: mono, focused: true)
        #expect(StyledGolden.lines(canvas, theme: mono) == ["[Red](bold+reverse+underline)[▏    ](focus)"])
    }
}
