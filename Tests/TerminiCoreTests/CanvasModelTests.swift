import Testing
@testable import TerminiCore
import TerminiTestSupport

/// The compact Canvas against the reference model (the Canvas of one Character and one Style
/// per cell it replaced, kept in ReferenceCanvas.swift): random puts, fills, restyles and
/// blits of random text — ASCII, CJK, emoji, combining marks, ZWJ sequences, flags, controls —
/// must give the same cells, the same lines and the same changes on both.
@Suite struct CanvasModelTests {
    @Test func randomDrawingMatchesTheReferenceCanvas() {
        var rng = Fuzz.random("CanvasModelTests.randomDrawingMatchesTheReferenceCanvas")
        for _ in 0..<Fuzz.count(1000) {
            let w = rng.int(0...16), h = rng.int(0...5)
            var new = Canvas(width: w, height: h), ref = ReferenceCanvas(width: w, height: h)
            var previous: (Canvas, ReferenceCanvas)? = nil
            var log: [String] = []
            if rng.chance(0.5) {
                // As every screen starts: a background colour that text drawn over it inherits.
                let s = RandomDrawing.style(&rng)
                new.fill(new.bounds, style: s)
                ref.fill(ref.bounds, style: s)
            }
            for _ in 0..<rng.int(1...30) {
                log.append(RandomDrawing.draw(&new, &ref, &rng))
                let what = log.suffix(4).joined(separator: "; ")
                guard RandomDrawing.compare(new, ref, after: what) else { return }
                let (a, b) = (RandomDrawing.positions(new.changes(since: previous?.0)),
                              RandomDrawing.positions(ref.changes(since: previous?.1)))
                #expect(a == b, "changes after \(what)")
                if let (pn, pr) = previous {
                    #expect((new == pn) == (ref == pr), "equality after \(what)")
                }
                if a != b { return }
                if rng.chance(0.3) { previous = (new, ref) }
            }
        }
    }

    @Test func changesAcrossCanvasesDrawnInADifferentOrder() {
        // Each canvas keeps its graphemes of many scalars in a table of its own, in the order it
        // met them: the diff must compare the text, not the place in the table.
        var rng = Fuzz.random("CanvasModelTests.changesAcrossCanvasesDrawnInADifferentOrder")
        for _ in 0..<Fuzz.count(200) {
            let w = rng.int(1...12), h = rng.int(1...3)
            var ops: [(String, Int, Int)] = []
            for _ in 0..<rng.int(1...8) { ops.append((RandomDrawing.text(&rng), rng.int(0...w), rng.int(0...h - 1))) }
            var a = Canvas(width: w, height: h), b = Canvas(width: w, height: h)
            var ra = ReferenceCanvas(width: w, height: h), rb = ReferenceCanvas(width: w, height: h)
            // b first meets some other graphemes in a corner it then clears.
            b.put("👩‍💻e\u{301}🇫🇷", x: 0, y: 0, style: .plain)
            rb.put("👩‍💻e\u{301}🇫🇷", x: 0, y: 0, style: .plain)
            b.fill(b.bounds, with: " ")
            rb.fill(rb.bounds, with: " ")
            for (t, x, y) in ops {
                a.put(t, x: x, y: y, style: .plain)
                ra.put(t, x: x, y: y, style: .plain)
            }
            for (t, x, y) in ops.shuffled(using: &rng) where rng.chance(0.8) {
                b.put(t, x: x, y: y, style: .plain)
                rb.put(t, x: x, y: y, style: .plain)
            }
            #expect(RandomDrawing.positions(a.changes(since: b)) == RandomDrawing.positions(ra.changes(since: rb)), "\(ops)")
            #expect(RandomDrawing.positions(b.changes(since: a)) == RandomDrawing.positions(rb.changes(since: ra)), "\(ops)")
            #expect((a == b) == (ra == rb))
        }
    }
}

/// Random drawing on both canvases, and their comparison.
enum RandomDrawing {
    static let texts: [String] = [
        "a", "Hello", " ", "民", "權創", "😁", "🐶!", "e\u{301}", "n\u{303}o", "a\u{301}\u{302}\u{303}", "👩‍💻", "👩‍👩‍👧‍👦",
        "🇫🇷", "🇹🇼🇩🇪", "👍🏽", "❤️", "🏸", "\u{1100}\u{1161}\u{11A8}", "가", "ｱ", "×", "·", "█▌", "─│┌┐", "…",
        "\u{301}", "\u{200D}", "\u{200B}", "\u{FE0F}", "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\r\n", "ŉǅß", "Ω",
        "\u{0E33}", "﷽", "ا", "\u{10FFFF}", "\u{E0001}", "\u{1D11E}", "\u{3000}", "\u{FF01}",
        // Standalone scalars that still join what stands beside them: an emoji-like symbol
        // after a joiner, a Hangul syllable before a final jamo, a box corner before a mark.
        "♥\u{200D}♥", "©\u{FE0F}\u{200D}©", "가\u{11A8}", "┌\u{301}", "™\u{FE0F}",
    ]

    static func text(_ rng: inout FuzzRandom) -> String {
        var s = ""
        for _ in 0..<rng.int(1...5) {
            switch rng.int(0...9) {
            case 0..<6: s += rng.pick(texts)
            case 6: s += String(KeyGen.anyScalar(using: &rng))
            case 7: s += String(KeyGen.randomCharacter(using: &rng))
            case 8:
                // A letter with a random pile of combining marks: a grapheme of many scalars.
                s += "o"
                for _ in 0..<rng.int(1...4) { s.unicodeScalars.append(Unicode.Scalar(UInt32(rng.int(0x300...0x36f)))!) }
            default: s += String(repeating: "x", count: rng.int(1...30))
            }
        }
        return s
    }

    static func color(_ rng: inout FuzzRandom) -> Color {
        switch rng.int(0...4) {
        case 0: return .default
        case 1: return .inherit
        case 2: return .indexed(UInt8(rng.int(0...255)))
        case 3: return .rgb(UInt8(rng.int(0...255)), UInt8(rng.int(0...255)), UInt8(rng.int(0...255)))
        default: return rng.pick([.red, .blue, .white])
        }
    }

    static func style(_ rng: inout FuzzRandom) -> Style {
        Style(foreground: color(&rng), background: color(&rng), attributes: Attributes(rawValue: UInt8(rng.int(0...31))))
    }

    static func rect(_ rng: inout FuzzRandom, _ w: Int, _ h: Int) -> Rect {
        Rect(x: rng.int(-3...w + 1), y: rng.int(-2...h + 1), width: rng.int(-1...w + 3), height: rng.int(-1...h + 2))
    }

    static func character(_ rng: inout FuzzRandom) -> Character {
        rng.chance(0.7) ? (text(&rng).first ?? "x") : KeyGen.randomCharacter(using: &rng)
    }

    /// Where to write, and maybe a clip: often on a row of the clip, starting just before, on
    /// or just after one of its edges, where wide characters are cut.
    static func place(_ rng: inout FuzzRandom, _ bounds: Rect) -> (x: Int, y: Int, clip: Rect?) {
        let clip = rng.chance(0.4) ? rect(&rng, bounds.width, bounds.height) : nil
        guard let clip, rng.chance(0.6) else { return (rng.int(-3...bounds.width), rng.int(-1...bounds.height), clip) }
        let area = clip.intersection(bounds)
        return (rng.pick([area.x, area.maxX]) + rng.int(-2...1), area.y + rng.int(0...max(0, area.height - 1)), clip)
    }

    /// One random drawing operation, done the same way on both canvases.
    static func draw(_ new: inout Canvas, _ ref: inout ReferenceCanvas, _ rng: inout FuzzRandom) -> String {
        let w = new.width, h = new.height
        switch rng.int(0...9) {
        case 0, 1:
            let t = text(&rng), s = style(&rng)
            let (x, y, clip) = place(&rng, new.bounds)
            let a = new.put(t, x: x, y: y, style: s, clip: clip)
            let b = ref.put(t, x: x, y: y, style: s, clip: clip)
            #expect(a == b, "put(\(t.debugDescription)) returned \(a), the reference \(b)")
            return "put \(t.debugDescription) at \(x),\(y) clip \(String(describing: clip))"
        case 2:
            let c = character(&rng), s = style(&rng)
            let (x, y, clip) = place(&rng, new.bounds)
            let a = new.put(c, x: x, y: y, style: s, clip: clip)
            let b = ref.put(c, x: x, y: y, style: s, clip: clip)
            #expect(a == b, "put(\(c.debugDescription)) returned \(a), the reference \(b)")
            return "put character \(c.debugDescription) at \(x),\(y) clip \(String(describing: clip))"
        case 3:
            let t = text(&rng), r = rect(&rng, w, h), s = style(&rng)
            let alignment = rng.pick([Alignment.left, .center, .right]), ellipsis = rng.pick(["…", "~", "民"])
            let a = new.put(t, in: r, alignment: alignment, style: s, ellipsis: ellipsis)
            let b = ref.put(t, in: r, alignment: alignment, style: s, ellipsis: ellipsis)
            #expect(a == b)
            return "put \(t.debugDescription) in \(r) \(alignment)"
        case 4, 5:
            let r = rect(&rng, w, h), s = style(&rng)
            let c: Character = rng.chance(0.5) ? " " : character(&rng)
            new.fill(r, with: c, style: s)
            ref.fill(r, with: c, style: s)
            return "fill \(r) with \(c.debugDescription)"
        case 6:
            let r = rect(&rng, w, h), fg = color(&rng), bg = color(&rng), attrs = Attributes(rawValue: UInt8(rng.int(0...31)))
            let which = rng.int(0...3)
            let change: (inout Style) -> Void = {
                switch which {
                case 0: $0.foreground = fg
                case 1: $0.background = bg
                case 2: $0.attributes.formSymmetricDifference(attrs)
                default: $0 = Style(foreground: fg, background: bg, attributes: attrs)
                }
            }
            new.restyle(r, change)
            ref.restyle(r, change)
            return "restyle \(r)"
        default:
            // A small canvas drawn the same way on both, then copied in.
            let pw = rng.int(0...6), ph = rng.int(0...3)
            var piece = Canvas(width: pw, height: ph), refPiece = ReferenceCanvas(width: pw, height: ph)
            for _ in 0..<rng.int(0...4) { _ = draw(&piece, &refPiece, &rng) }
            let x = rng.int(-pw...w), y = rng.int(-ph...h)
            new.blit(piece, x: x, y: y)
            ref.blit(refPiece, x: x, y: y)
            return "blit \(pw)x\(ph) at \(x),\(y)"
        }
    }

    static func compare(_ new: Canvas, _ ref: ReferenceCanvas, after what: String) -> Bool {
        var same = new.lines == ref.lines
        #expect(new.lines == ref.lines, "after \(what)")
        same = same && zip(new.lines, ref.lines).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
        for y in -1...new.height {
            for x in -1...new.width {
                let a = new[x, y], b = ref[x, y]
                guard !a.character.unicodeScalars.elementsEqual(b.character.unicodeScalars) || a.style != b.style || a.isContinuation != b.isContinuation || a.width != b.width
                else { continue }
                same = false
                Issue.record("cell \(x),\(y) is \(a.character.debugDescription) \(a.style) cont \(a.isContinuation) width \(a.width); the reference \(b.character.debugDescription) \(b.style) cont \(b.isContinuation) width \(b.width), after \(what)")
            }
        }
        for y in 0..<new.height where new.row(at: y) != ref.row(at: y) {
            same = false
            Issue.record("row \(y): \(new.row(at: y).debugDescription), the reference \(ref.row(at: y).debugDescription)")
        }
        return same
    }

    static func positions(_ list: [(x: Int, y: Int)]) -> [String] { list.map { "\($0.x),\($0.y)" } }
}

