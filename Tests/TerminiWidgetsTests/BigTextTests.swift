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

    /// The search `fit` used to do over every variant: the tallest, then the widest that fits.
    static func searchedFit(_ text: String, in size: Size, maxHeight: Int?) -> BigText.Variant? {
        var best: BigText.Variant?
        var bestSize = Size.zero
        for v in BigText.variants {
            let m = BigText.measure(text, v)
            guard m.width > 0, m.width <= size.width, m.height <= size.height, m.height <= (maxHeight ?? Int.max) else { continue }
            if m.height > bestSize.height || (m.height == bestSize.height && m.width > bestSize.width) {
                best = v
                bestSize = m
            }
        }
        return best
    }

    @Test func theWorkedOutFitIsTheOneASearchFinds() {
        var rng = Fuzz.random("BigTextTests.theWorkedOutFitIsTheOneASearchFinds")
        let texts = ["21", "0", "88", "12:34", "TERMINI", "BOXING TIME", "Red", "W!", "a b", "民", "é:1", "1\r\n2", "\u{1F3F8}"]
        for _ in 0..<Fuzz.count(3000) {
            let text = rng.chance(0.8) ? rng.pick(texts) : String(KeyGen.randomCharacter(using: &rng)) + rng.pick(texts)
            let size = Size(width: rng.int(-2...260), height: rng.int(-2...200))
            let maxHeight: Int? = rng.chance(0.3) ? rng.int(0...60) : nil
            #expect(BigText.fit(text, in: size, maxHeight: maxHeight) == BigTextTests.searchedFit(text, in: size, maxHeight: maxHeight),
                    "\(text.debugDescription) in \(size) max \(String(describing: maxHeight))")
        }
    }

    @Test func aRunOfPixelsIsDrawnAsEachPixelWas() {
        // The widget fills runs of lit pixels at once; the picture is the one of pixel by pixel,
        // clipped the same way, over wide characters cut at its edges too.
        for (text, w, h) in [("21", 38, 21), ("12:34", 60, 17), ("TERMINI", 45, 7), ("W", 9, 5)] {
            guard let v = BigText.fit(text, in: Size(width: w, height: h)) else { continue }
            var canvas = Canvas(width: w + 4, height: h + 2)
            for y in 0..<canvas.height { canvas.put(String(repeating: "民", count: canvas.width / 2), x: y % 2, y: y, style: .plain) }
            var expected = canvas
            let area = Rect(x: 1, y: 1, width: w + 1, height: h)
            BigText(text, variant: v).render(in: area, on: &canvas, theme: plainDefault)
            let m = BigText.measure(text, v)
            let x0 = area.x + (area.width - m.width) / 2, y0 = area.y + (area.height - m.height) / 2
            var px = 0
            for c in text {
                if let g = v.font.glyph(c) {
                    for (ry, row) in g.rows.enumerated() {
                        for (rx, bit) in row.enumerated() where bit {
                            let cell = Rect(x: x0 + (px + rx) * v.scaleX, y: y0 + ry * v.scaleY, width: v.scaleX, height: v.scaleY)
                            expected.fill(cell.intersection(area), with: "█", style: plainDefault[.text])
                        }
                    }
                }
                px += v.font.glyphWidth(c) + 1
            }
            #expect(canvas == expected, "\(text) in \(w)x\(h)")
        }
    }
}
