import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneCellEach() {
        #expect(DisplayWidth.of("Badminton") == 9)
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of(" ") == 1)
    }

    @Test func cjkTakesTwoCells() {
        #expect(DisplayWidth.of("民權創始店") == 10)
        #expect(DisplayWidth.of("民") == 2)
        #expect(DisplayWidth.of("한글") == 4)
        #expect(DisplayWidth.of("カタカナ") == 8)
        #expect(DisplayWidth.of("Ａ") == 2)  // fullwidth Latin
        #expect(DisplayWidth.of("Coffee 民權") == 11)
    }

    @Test func emojiTakeTwoCells() {
        #expect(DisplayWidth.of("😁") == 2)
        #expect(DisplayWidth.of("🐶") == 2)
        #expect(DisplayWidth.of("😁🐶") == 4)
        #expect(DisplayWidth.of("⌚") == 2)
        #expect(DisplayWidth.of("☕") == 2)
    }

    @Test func combiningMarksTakeNone() {
        let composed = "e\u{301}"
        #expect(composed.count == 1)
        #expect(DisplayWidth.of(composed) == 1)
        #expect(DisplayWidth.of("cafe\u{301}") == 4)
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of("\u{200b}") == 0)  // zero-width space
    }

    @Test func controlCharactersTakeNone() {
        #expect(DisplayWidth.of("\t") == 0)
        #expect(DisplayWidth.of("\u{1b}") == 0)
        #expect(DisplayWidth.of("\u{7f}") == 0)
        #expect(DisplayWidth.of("\u{85}") == 0)
    }

    @Test func narrowSymbolsTakeOne() {
        for s in ["●", "○", "─", "│", "▸", "…", "·", "−", "é", "ß"] {
            #expect(DisplayWidth.of(s) == 1, "\(s)")
        }
    }
}

@Suite struct TextLayoutTests {
    @Test func sanitizedStripsControlCharacters() {
        #expect(TextLayout.sanitized("Ann\u{1b}[2J\u{7}") == "Ann[2J")
        #expect(TextLayout.sanitized("a\tb\nc\rd") == "abcd")
        #expect(TextLayout.sanitized("x\u{7f}y\u{85}z\u{9b}") == "xyz")
        #expect(TextLayout.sanitized("\u{0}") == "")
    }

    @Test func sanitizedKeepsEverythingPrintable() {
        for s in ["民權創始店", "😁🐶", "cafe\u{301}", "José & Mário", "→ ← ●"] {
            #expect(TextLayout.sanitized(s) == s)
        }
        #expect(TextLayout.sanitizedKeepingNewlines("a\u{1b}\nb\tc") == "a\nbc")
    }

    @Test func sanitizedRemovesExactlyTheControlScalars() {
        // The quick look at the bytes and the scalar-by-scalar definition agree, around the
        // edges of C0, DEL and C1 (whose UTF-8 is C2 80–9F; C2 A0 is a no-break space) and of
        // the bidi controls that are removed too (U+202A–202E, U+2066–2069: E2 80 AA–AE and
        // E2 81 A6–A9; their neighbours stay).
        var rng = Fuzz.random("TextLayoutTests.sanitizedRemovesExactlyTheControlScalars")
        let edges: [UInt32] = [0, 0x1f, 0x20, 0x7e, 0x7f, 0x80, 0x85, 0x9f, 0xa0, 0xbf, 0xc2, 0x100, 0x2028, 0xfeff, 0x10ffff,
                               0x2029, 0x202a, 0x202b, 0x202e, 0x202f, 0x2065, 0x2066, 0x2069, 0x206a]
        func removed(_ s: Unicode.Scalar) -> Bool {
            s.properties.generalCategory == .control || (0x202a...0x202e).contains(s.value) || (0x2066...0x2069).contains(s.value)
        }
        for _ in 0..<Fuzz.count(2000) {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<rng.int(0...8) {
                let v = rng.chance(0.6) ? rng.pick(edges) : UInt32(rng.int(0...0x10ffff))
                if let s = Unicode.Scalar(v) { scalars.append(s) }
            }
            let text = String(scalars)
            let expected = String(String.UnicodeScalarView(text.unicodeScalars.filter { !removed($0) }))
            #expect(Array(TextLayout.sanitized(text).unicodeScalars) == Array(expected.unicodeScalars), "\(text.debugDescription)")
        }
    }

    @Test func truncateAscii() {
        #expect(TextLayout.truncate("Badminton", to: 9) == "Badminton")
        #expect(TextLayout.truncate("Badminton", to: 20) == "Badminton")
        #expect(TextLayout.truncate("Badminton", to: 5) == "Badm…")
        #expect(TextLayout.truncate("Badminton", to: 1) == "…")
        #expect(TextLayout.truncate("Badminton", to: 0) == "")
        #expect(TextLayout.truncate("Badminton", to: -3) == "")
        #expect(TextLayout.truncate("Badminton", to: 4, ellipsis: "~") == "Bad~")
    }

    @Test func truncateAtOddWidthsAcrossWideCharacters() {
        let shop = "民權創始店"
        // Even widths: the ellipsis takes the place of half a character.
        #expect(TextLayout.truncate(shop, to: 10) == shop)
        #expect(TextLayout.truncate(shop, to: 8) == "民權創…")
        #expect(TextLayout.truncate(shop, to: 6) == "民權…")
        // Odd widths: a wide character never splits, so the result is a cell short.
        #expect(TextLayout.truncate(shop, to: 9) == "民權創始…")
        #expect(TextLayout.truncate(shop, to: 7) == "民權創…")
        #expect(TextLayout.truncate(shop, to: 5) == "民權…")
        #expect(TextLayout.truncate(shop, to: 3) == "民…")
        #expect(TextLayout.truncate(shop, to: 2) == "…")
        #expect(TextLayout.truncate(shop, to: 1) == "…")
        for w in 1...12 {
            #expect(DisplayWidth.of(TextLayout.truncate(shop, to: w)) <= w, "width \(w)")
        }
    }

    @Test func truncateEmojiAndCombiningMarks() {
        #expect(TextLayout.truncate("🐶🐶🐶", to: 4) == "🐶…")
        #expect(TextLayout.truncate("🐶🐶🐶", to: 5) == "🐶🐶…")
        #expect(TextLayout.truncate("😁 ok", to: 4) == "😁 …")
        // A combining mark stays with its letter.
        #expect(TextLayout.truncate("cafe\u{301}s", to: 5) == "cafe\u{301}s")
        #expect(TextLayout.truncate("cafe\u{301}s!", to: 5) == "cafe\u{301}…")
    }

    @Test func truncateWhenTheEllipsisItselfDoesNotFit() {
        // Cut plainly rather than return nothing.
        #expect(TextLayout.truncate("hello", to: 2, ellipsis: "...") == "he")
        #expect(TextLayout.truncate("hello", to: 3, ellipsis: "...") == "...")
        #expect(TextLayout.truncate("hello", to: 4, ellipsis: "...") == "h...")
    }

    @Test func pad() {
        #expect(TextLayout.pad("ab", to: 5) == "ab   ")
        #expect(TextLayout.pad("ab", to: 5, alignment: .right) == "   ab")
        #expect(TextLayout.pad("ab", to: 5, alignment: .center) == " ab  ")
        #expect(TextLayout.pad("ab", to: 2) == "ab")
        #expect(TextLayout.pad("Badminton", to: 5) == "Badm…")
        // Padding counts cells, not characters.
        #expect(TextLayout.pad("民權", to: 5, alignment: .center) == "民權 ")
        #expect(TextLayout.pad("民權", to: 6, alignment: .right) == "  民權")
        #expect(DisplayWidth.of(TextLayout.pad("民權創始店", to: 7)) == 7)
        #expect(TextLayout.pad("民權創始店", to: 7) == "民權創…")
        #expect(TextLayout.pad("民權創始店", to: 6) == "民權… ")
        #expect(TextLayout.pad("cafe\u{301}", to: 6) == "cafe\u{301}  ")
    }

    @Test func wrapWords() {
        #expect(TextLayout.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("the quick brown fox", width: 8) == ["the", "quick", "brown", "fox"])
        #expect(TextLayout.wrap("a   b", width: 10) == ["a b"])
        #expect(TextLayout.wrap("", width: 10) == [""])
        #expect(TextLayout.wrap("anything", width: 0) == [])
    }

    @Test func wrapBreaksLongWords() {
        #expect(TextLayout.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
        #expect(TextLayout.wrap("ab cdefghij x", width: 5) == ["ab", "cdefg", "hij x"])
        #expect(TextLayout.wrap("abcde", width: 5) == ["abcde"])
    }

    @Test func wrapKeepsNewlines() {
        #expect(TextLayout.wrap("one\ntwo three", width: 20) == ["one", "two three"])
        #expect(TextLayout.wrap("a\n\nb", width: 5) == ["a", "", "b"])
        #expect(TextLayout.wrap("a\n", width: 5) == ["a", ""])
    }

    @Test func wrapCountsCellsOfWideCharacters() {
        #expect(TextLayout.wrap("民權創始店", width: 4) == ["民權", "創始", "店"])
        // An odd width: a wide character never splits across lines.
        #expect(TextLayout.wrap("民權創始店", width: 5) == ["民權", "創始", "店"])
        #expect(TextLayout.wrap("民權 創始店", width: 6) == ["民權", "創始店"])
        #expect(TextLayout.wrap("🐶 dog 😁", width: 6) == ["🐶 dog", "😁"])
        for line in TextLayout.wrap("民權創始店 Coffee 😁🐶 cafe\u{301}", width: 7) {
            #expect(DisplayWidth.of(line) <= 7, "\(line)")
        }
    }
}

/// The fast path that walks scalar by scalar must agree with grapheme breaking everywhere it
/// is taken: every "standalone" scalar is one character, and so is it beside any other.
@Suite struct StandaloneScalarTests {
    static let standalone: [Unicode.Scalar] = (0x20...0xffff).compactMap { Unicode.Scalar(UInt32($0)) }
        .filter(DisplayWidth.isStandalone)

    @Test func standaloneScalarsNeverJoinTheirNeighbours() {
        let all = StandaloneScalarTests.standalone
        #expect(all.count > 30_000)
        let probes: [Unicode.Scalar] = ["a", "é", "─", "█", "●", "中", "가", "ア", "\u{3000}", "→", "⌚", "☀"]
        var failures: [String] = []
        for (i, s) in all.enumerated() {
            let next = all[(i + 1) % all.count]
            for other in probes + [next] {
                for pair in [String(s) + String(other), String(other) + String(s)] where pair.count != 2 {
                    failures.append(pair.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "+"))
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    @Test func fastAndCarefulPathsDrawTheSame() {
        let texts = ["╭──┴──╮ │░▓│ 民權創始店 NT$1,230 ● ○ …", "Ann 21-19 · G1 ▸ ◂ ↑↓", "(02)2545-9945 松山區"]
        for t in texts {
            #expect(t.unicodeScalars.allSatisfy(DisplayWidth.isStandalone), "\(t)")
            var fast = Canvas(width: 60, height: 1)
            fast.put(t, x: 0, y: 0, style: .plain)
            var careful = Canvas(width: 60, height: 1)
            var x = 0
            for c in t { x += careful.put(c, x: x, y: 0, style: .plain) }
            #expect(fast == careful, "\(t)")
            #expect(DisplayWidth.of(t) == t.reduce(0) { $0 + DisplayWidth.of($1) })
        }
    }

    @Test func theWalkMeetsTheCharactersOfTheText() {
        // Standalone scalars mixed with everything that joins: the walk must give exactly the
        // characters `for c in text` gives, stretches and all.
        var rng = Fuzz.random("StandaloneScalarTests.theWalkMeetsTheCharactersOfTheText")
        let pieces = ["a", "─", "民", " ", "™", "©", "♥", "가", "e\u{301}", "♥\u{200D}♥", "©\u{FE0F}\u{200D}©", "가\u{11A8}",
                      "\u{1100}\u{1161}", "🇫🇷🇩🇪", "🇫", "👩‍💻", "👍🏽", "\u{1F3F8}", "\u{200D}", "\u{301}", "\u{FE0F}", "\u{11A8}",
                      "\u{1100}", "\r\n", "\u{0600}", "क्ष", "\u{0E33}", "\u{1B}", "\u{85}"]
        for _ in 0..<Fuzz.count(3000) {
            var text = ""
            for _ in 0..<rng.int(0...8) { text += rng.chance(0.1) ? String(KeyGen.anyScalar(using: &rng)) : rng.pick(pieces) }
            var walked: [[UInt32]] = []
            DisplayWidth.walk(text, scalar: { walked.append([$0.value]); return true },
                              character: { walked.append($0.unicodeScalars.map(\.value)); return true })
            #expect(walked == text.map { $0.unicodeScalars.map(\.value) }, "\(text.debugDescription)")
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)")
        }
    }
}

/// `wrap` and `balancedWrap` against the plain forms they had before they were made fast
/// (every frame of the coffee shop wraps its addresses at many widths): the ASCII path against
/// the character-by-character one, which is the code `wrap` always had.
@Suite struct WrapModelTests {
    static func referenceBalancedWrap(_ text: String, width: Int) -> [String] {
        let lines = TextLayout.wrapCharacters(text, width: width)
        guard lines.count > 1 else { return lines }
        var w = width
        while w > 1, TextLayout.wrapCharacters(text, width: w - 1).count == lines.count { w -= 1 }
        return TextLayout.wrapCharacters(text, width: w)
    }

    static let pieces = ["a", "bb", "Songshan", "Dist.", "No.", "5,", "Minquan", "E.", "Rd.", "supercalifragilistic", " ", "  ", "\n",
                         "民權東路", "松山區", "😁", "e\u{301}", "\u{200B}", "\r\n", "\t", "x\u{1B}y", "ß", "ｱｲｳ", "👩‍💻"]

    static func text(_ rng: inout FuzzRandom, asciiOnly: Bool) -> String {
        let pool = asciiOnly ? pieces.filter { $0.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7f) || $0 == 0x0a } } : pieces
        var t = ""
        for _ in 0..<rng.int(0...14) { t += rng.pick(pool) + (rng.chance(0.6) ? " " : "") }
        return t
    }

    @Test func wrapCutsAsItAlwaysDid() {
        var rng = Fuzz.random("WrapModelTests.wrapCutsAsItAlwaysDid")
        for _ in 0..<Fuzz.count(3000) {
            let t = WrapModelTests.text(&rng, asciiOnly: rng.chance(0.5)), w = rng.int(-1...30)
            #expect(TextLayout.wrap(t, width: w) == TextLayout.wrapCharacters(t, width: w), "\(t.debugDescription) at \(w)")
        }
    }

    @Test func balancedWrapChoosesAsItAlwaysDid() {
        var rng = Fuzz.random("WrapModelTests.balancedWrapChoosesAsItAlwaysDid")
        for _ in 0..<Fuzz.count(1500) {
            let t = WrapModelTests.text(&rng, asciiOnly: rng.chance(0.5)), w = rng.int(-1...40)
            #expect(TextLayout.balancedWrap(t, width: w) == WrapModelTests.referenceBalancedWrap(t, width: w), "\(t.debugDescription) at \(w)")
        }
    }
}
