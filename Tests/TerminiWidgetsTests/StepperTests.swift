import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct StepperTests {
    let theme = Theme.builtinDefault

    @Test func rendersItsValueAndBounds() {
        #expect(render(Stepper(value: 3, minimum: 0, maximum: 10), width: 14, height: 1).lines == ["  [−]  3 [+]"])
        // The `−` side is drawn disabled (dim) at the minimum, `+` at the maximum; the sign
        // stays so it never reads as an empty checkbox.
        let atMin = render(Stepper(value: 0, minimum: 0, maximum: 10), width: 14, height: 1)
        #expect(atMin.lines == ["  [−]  0 [+]"])
        #expect(atMin[3, 0].style == theme[.disabled].on(.inherit) || atMin[3, 0].style.attributes.contains(.dim))
        #expect(!atMin[10, 0].style.attributes.contains(.dim))
        let atMax = render(Stepper(value: 10, minimum: 0, maximum: 10), width: 14, height: 1)
        #expect(atMax.lines == ["  [−] 10 [+]"])
        #expect(atMax[10, 0].style.attributes.contains(.dim))
        #expect(!atMax[3, 0].style.attributes.contains(.dim))
        #expect(render(Stepper(value: 3, minimum: 0, maximum: 10), width: 14, height: 1, glyphs: .ascii).lines == ["  [-]  3 [+]"])
        #expect(render(Stepper(value: -5, minimum: -10, maximum: 5), width: 11, height: 1).lines == ["[−]  -5 [+]"])
    }

    @Test func disabledLookAtTheBounds() {
        let atMin = render(Stepper(value: 0, minimum: 0, maximum: 10), width: 10, height: 1)
        #expect(atMin[0, 0].style == theme[.disabled])
        #expect(atMin[8, 0].style == theme[.accent])
        let atMax = render(Stepper(value: 10, minimum: 0, maximum: 10), width: 10, height: 1)
        #expect(atMax[0, 0].style == theme[.accent])
        #expect(atMax[8, 0].style == theme[.disabled])
        let focused = render(Stepper(value: 5, minimum: 0, maximum: 10, focused: true), width: 10, height: 1)
        #expect(focused[1, 0].style == theme[.focus])
        #expect(focused[8, 0].style == theme[.focus])
        // The value stays in the text style: the buttons carry the focus, and a step
        // redraws the digits alone.
        #expect(focused[5, 0].style == theme[.text])
        // Monochrome: the disabled side is dim, the usable side is not.
        let mono = render(Stepper(value: 0, minimum: 0, maximum: 10), width: 10, height: 1, theme: theme.monochrome)
        #expect(mono[0, 0].style.attributes.contains(.dim))
        #expect(!mono[8, 0].style.attributes.contains(.dim))
    }

    @Test func neverLeavesItsRange() {
        var s = Stepper(value: 8, minimum: 0, maximum: 10, step: 3)
        s.increment()
        #expect(s.value == 10)
        s.increment()
        #expect(s.value == 10)
        #expect(!s.canIncrement)
        for _ in 0..<10 { s.decrement() }
        #expect(s.value == 0)
        #expect(!s.canDecrement)
        s.set(99)
        #expect(s.value == 10)
        s.set(-99)
        #expect(s.value == 0)
        #expect(Stepper(value: 50, minimum: 0, maximum: 10).value == 10)
        #expect(Stepper(value: -3, minimum: 0, maximum: 10).value == 0)
        // Swapped bounds and a zero step are made sane.
        let odd = Stepper(value: 5, minimum: 10, maximum: 0, step: 0)
        #expect(odd.minimum == 0 && odd.maximum == 10 && odd.step == 1)
    }

    @Test func width() {
        #expect(Stepper(value: 1, minimum: 0, maximum: 9).width == 9)
        #expect(Stepper(value: 1, minimum: 0, maximum: 100).width == 11)
        #expect(Stepper(value: 1, minimum: -10, maximum: 5).digits == 3)
    }
}
