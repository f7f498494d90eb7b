import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct BigTextTests {
    let small1 = BigText.Variant(font: .small, scaleX: 1, scaleY: 1)
    let large1 = BigText.Variant(font: .large, scaleX: 1, scaleY: 1)

    @Test func digits21At3x5() {
        #expect(render(BigText("21", variant: small1), width: 7, height: 5).lines == [
            "███  █",
            "  █ ██",
            "███  █",
            "█    █",
            "███ ███",
        ])
        #expect(render(BigText("21", variant: small1), width: 7, height: 5, glyphs: .ascii).lines == [
            "###  #",
            "  # ##",
            "###  #",
            "#    #",
            "### ###",
        ])
    }

    @Test func digits21At5x7() {
        #expect(render(BigText("21", variant: large1), width: 11, height: 7).lines == [
            " ███    █",
            "█   █  ██",
            "    █   █",
            "   █    █",
            "  █     █",
            " █      █",
            "█████  ███",
        ])
    }

    @Test func scaledPixelsAreBlocksOfCells() {
        let v = BigText.Variant(font: .small, scaleX: 2, scaleY: 2)
        #expect(render(BigText("1", variant: v), width: 6, height: 10).lines == [
            "  ██",
            "  ██",
            "████",
            "████",
            "  ██",
            "  ██",
            "  ██",
            "  ██",
            "██████",
            "██████",
        ])
    }

    @Test func measure() {
        #expect(BigText.measure("21", small1) == Size(width: 7, height: 5))
        #expect(BigText.measure("21", large1) == Size(width: 11, height: 7))
        #expect(BigText.measure("21:05", small1) == Size(width: 17, height: 5))
        #expect(BigText.measure("21", BigText.Variant(font: .large, scaleX: 4, scaleY: 3)) == Size(width: 44, height: 21))
        #expect(BigText.measure("", small1) == .zero)
        // Characters the font lacks take the width of a digit.
        #expect(BigText.measure("2@", small1) == Size(width: 7, height: 5))
    }

    @Test func smallSpacesUseThe3x5Font() {
        #expect(BigText.fit("21", in: Size(width: 7, height: 5)) == small1)
        #expect(BigText.fit("21", in: Size(width: 10, height: 6)) == small1)
        #expect(BigText.fit("21", in: Size(width: 14, height: 6)) == BigText.Variant(font: .small, scaleX: 2, scaleY: 1))
    }

    @Test func halvesOf80x24UseALargerFont() {
        // The content of an 80×24 window is 78×21; each half is about 38×21.
        let v = BigText.fit("21", in: Size(width: 38, height: 21))
        #expect(v == BigText.Variant(font: .large, scaleX: 3, scaleY: 3))
        let m = BigText.measure("21", v ?? small1)
        #expect(m.height == 21 && m.width <= 38)
        // Even a tight half of a small window beats the 3×5 font.
        #expect(BigText.fit("21", in: Size(width: 12, height: 8))?.font == .large)
    }

    @Test func fillsAboutHalfOf200x60() {
        let area = Size(width: 198, height: 57)
        guard let v = BigText.fit("21", in: area) else {
            Issue.record("nothing fits 198×57")
            return
        }
        let m = BigText.measure("21", v)
        #expect(m.height >= 30, "\(v): \(m)")
        #expect(m.width >= 100, "\(v): \(m)")
        #expect(area.contains(m))
        // A clock in one half of the screen still gets big digits.
        let clock = BigText.fit("12:34", in: Size(width: 98, height: 57))
        #expect((clock.map { BigText.measure("12:34", $0).height } ?? 0) >= 21)
    }

    @Test func theFitIsTheTallestThatFits() {
        for (w, h) in [(7, 5), (11, 7), (38, 21), (60, 30), (198, 57), (23, 15)] {
            let size = Size(width: w, height: h)
            guard let v = BigText.fit("21", in: size) else {
                Issue.record("nothing fits \(size)")
                continue
            }
            let m = BigText.measure("21", v)
            #expect(size.contains(m), "\(size) \(v)")
            for other in BigText.variants where size.contains(BigText.measure("21", other)) {
                #expect(BigText.measure("21", other).height <= m.height, "\(size): \(other) is taller than \(v)")
            }
        }
    }

    @Test func maxHeightKeepsBothHalvesEqual() {
        let v = BigText.fit("21", in: Size(width: 100, height: 100), maxHeight: 14)
        #expect(v.map { BigText.measure("21", $0).height } == 14)
    }

    @Test func fallsBackToPlainTextWhenNothingFits() {
        #expect(BigText.fit("21", in: Size(width: 6, height: 5)) == nil)
        #expect(BigText.fit("21", in: Size(width: 20, height: 4)) == nil)
        let c = render(BigText("21"), width: 6, height: 3)
        #expect(c.lines == ["", "  21", ""])
        #expect(c[2, 1].style.attributes.contains(.bold))
        #expect(render(BigText("21:05:59"), width: 5, height: 1, glyphs: .ascii).lines == ["21:0~"])
    }

    @Test func automaticSizeIsCentred() {
        #expect(render(BigText("1"), width: 9, height: 9).lines == [
            "",
            "    █",
            "   ██",
            "    █",
            "    █",
            "    █",
            "    █",
            "   ███",
            "",
        ])
    }

    @Test func lettersAndLowercase() {
        #expect(render(BigText("ok", variant: small1), width: 7, height: 5).lines == [
            " █  █ █",
            "█ █ █ █",
            "█ █ ██",
            "█ █ █ █",
            " █  █ █",
        ])
        // Unknown characters leave a blank gap the width of a digit.
        #expect(render(BigText("1@1", variant: small1), width: 11, height: 5).lines[4] == "███     ███")
    }

    @Test func usesItsRole() {
        let c = render(BigText("1", role: .team1, variant: small1), width: 3, height: 5)
        #expect(c[1, 0].style == Theme.builtinDefault[.team1])
    }
}
