import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct ColorParsingTests {
    @Test func hexColours() {
        #expect(Color(parsing: "#d7af00") == .rgb(0xd7, 0xaf, 0x00))
        #expect(Color(parsing: "#D7AF00") == .rgb(0xd7, 0xaf, 0x00))
        #expect(Color(parsing: "#000000") == .rgb(0, 0, 0))
        #expect(Color(parsing: "#ffffff") == .rgb(255, 255, 255))
        for bad in ["#fff", "#12345", "#1234567", "#gggggg", "d7af00", "#", "#+12345", "#-00000", "# 12345"] {
            #expect(Color(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func paletteIndexes() {
        #expect(Color(parsing: "0") == .indexed(0))
        #expect(Color(parsing: "255") == .indexed(255))
        #expect(Color(parsing: "208") == .indexed(208))
        for bad in ["256", "-1", "1000", "+5", "3.5", ""] {
            #expect(Color(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func names() {
        #expect(Color(parsing: "red") == .red)
        #expect(Color(parsing: "Cyan") == .cyan)
        #expect(Color(parsing: "bright-blue") == .indexed(12))
        #expect(Color(parsing: "bright-white") == .indexed(15))
        #expect(Color(parsing: "grey") == .indexed(8))
        #expect(Color(parsing: "gray") == .indexed(8))
        #expect(Color(parsing: "default") == .default)
        #expect(Color(parsing: "DEFAULT") == .default)
        #expect(Color(parsing: "purple") == nil)
    }

    @Test func descriptionsParseBack() {
        for c: Color in [.default, .indexed(0), .indexed(255), .rgb(0xd7, 0xaf, 0), .rgb(0, 0, 1)] {
            #expect(Color(parsing: c.description) == c, "\(c)")
        }
        #expect(Color.rgb(0, 0x0a, 0xff).description == "#000aff")
    }
}

@Suite struct StyleParsingTests {
    func parse(_ s: String) -> Style? { try? Style.parse(s).get() }
    func error(_ s: String) -> StyleParseError? {
        if case .failure(let e) = Style.parse(s) { return e }
        return nil
    }

    @Test func coloursAndAttributes() {
        #expect(parse("#d7af00 bold") == Style(foreground: .rgb(0xd7, 0xaf, 0), attributes: .bold))
        #expect(parse("black on cyan") == Style(foreground: .black, background: .cyan))
        #expect(parse("on 236") == Style(background: .indexed(236)))
        #expect(parse("reverse bold underline dim italic") == Style(attributes: [.reverse, .bold, .underline, .dim, .italic]))
        #expect(parse("BOLD Red") == Style(foreground: .red, attributes: .bold))
        #expect(parse("red, bold") == Style(foreground: .red, attributes: .bold))
        #expect(parse("bold\t#ff0000 on #000000") == Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0), attributes: .bold))
    }

    @Test func plainForms() {
        #expect(parse("default") == Style())
        #expect(parse("none") == Style())
        #expect(parse("normal") == Style())
        #expect(parse("") == Style())
        // "on default" is the terminal's own background, opaque; unset inherits.
        #expect(parse("default on default") == Style(background: .default))
        #expect(Style().background == .inherit)
    }

    @Test func errors() {
        #expect(error("on") == .missingBackground)
        #expect(error("red on") == .missingBackground)
        #expect(error("on blurple") == .badColor("blurple"))
        #expect(error("red blue") == .twoForegrounds("blue"))
        #expect(error("sparkly") == .unknownWord("sparkly"))
        #expect(error("bold #12") == .unknownWord("#12"))
        #expect(error("300") == .unknownWord("300"))
        #expect(StyleParseError.missingBackground.description == "'on' must be followed by a colour")
        #expect(StyleParseError.unknownWord("x").description.contains("'x'"))
    }

    @Test func helpers() {
        let s = Style(foreground: .red, attributes: .bold)
        #expect(s.with(.underline).attributes == [.bold, .underline])
        #expect(s.without(.bold).attributes == [])
        #expect(s.on(.blue).background == .blue)
        #expect(Style(foreground: .red, background: .blue, attributes: .reverse).monochrome == Style(attributes: .reverse))
    }
}

@Suite struct ThemeFileTests {
    let sample = """
    # My theme: a comment on its own line
    accent = #ff0000 bold   # a comment after a value
    focus = reverse
    sparkle = red
    title = blurple
    border
    team1 = #00ff00
    team1 = #0000ff
    hint_key = black on yellow
    dialog-border = 33

    """

    @Test func valuesAndComments() {
        let (theme, _) = ThemeFile.parse(sample, name: "mine")
        #expect(theme.name == "mine")
        // `#ff0000` is a colour, not the start of a comment; `# a comment` is a comment.
        #expect(theme[.accent] == Style(foreground: .rgb(255, 0, 0), attributes: .bold))
        #expect(theme[.focus] == Style(attributes: .reverse))
        #expect(theme[.team1] == Style(foreground: .rgb(0, 0, 255)))
        #expect(theme[.hintKey] == Style(foreground: .black, background: .yellow))
        #expect(theme[.dialogBorder] == Style(foreground: .indexed(33)))
    }

    @Test func diagnosticsCarryLineNumbers() {
        let (_, diags) = ThemeFile.parse(sample, name: "mine")
        #expect(diags.map(\.line) == [4, 5, 6, 8])
        #expect(diags.map(\.severity) == [.warning, .error, .error, .warning])
        #expect(diags[0].description == "line 4: unknown role 'sparkle' (ignored)")
        #expect(diags[1].description.hasPrefix("line 5: title: "))
        #expect(diags[1].message.contains("blurple"))
        #expect(diags[2].message.contains("expected 'role = value'"))
        #expect(diags[3].message.contains("set twice"))
    }

    @Test func missingAndBadRolesFallBackToTheBase() {
        let (theme, _) = ThemeFile.parse(sample, name: "mine")
        #expect(theme[.muted] == Theme.builtinDefault[.muted])
        #expect(theme[.title] == Theme.builtinDefault[.title])  // its line was an error
        let (empty, diags) = ThemeFile.parse("", name: "empty")
        #expect(diags.isEmpty)
        #expect(empty.styles == Theme.builtinDefault.styles)
        let (onMono, _) = ThemeFile.parse("accent = red", name: "m", base: .mono)
        #expect(onMono[.focus] == Theme.mono[.focus])
    }

    @Test func aHashInsideAWordIsAComment() {
        let (theme, diags) = ThemeFile.parse("# #ff0000 = red\naccent = bold #not-a-colour\n", name: "t")
        #expect(diags.isEmpty)
        #expect(theme[.accent] == Style(attributes: .bold))
    }

    @Test func windowsLineEndings() {
        let (theme, diags) = ThemeFile.parse("accent = red\r\nfocus = bold\r\n", name: "t")
        #expect(diags.isEmpty)
        #expect(theme[.accent] == Style(foreground: .red))
        #expect(theme[.focus] == Style(attributes: .bold))
    }

    @Test func renderParsesBackToTheSameTheme() {
        for t in [Theme.builtinDefault, Theme.mono] {
            let text = ThemeFile.render(t)
            let (back, diags) = ThemeFile.parse(text, name: t.name)
            #expect(diags.isEmpty, "\(diags)")
            for role in Role.allCases {
                #expect(back[role] == t[role], "\(role)")
            }
        }
        #expect(ThemeFile.render(.mono).contains("focus = bold reverse\n"))
    }
}

@Suite struct ThemeTests {
    @Test func builtinDefaultHasEveryRole() {
        for role in Role.allCases {
            #expect(Theme.builtinDefault.styles[role] != nil, "\(role)")
            #expect(Theme.mono.styles[role] != nil, "\(role)")
            #expect(!role.purpose.isEmpty)
        }
    }

    @Test func aRoleMissingFromTheDictionaryFallsBack() {
        let t = Theme(name: "sparse", styles: [.accent: Style(foreground: .red)])
        #expect(t[.accent] == Style(foreground: .red))
        #expect(t[.focus] == Theme.builtinDefault[.focus])
    }

    @Test func monochromeHasNoColourLeft() {
        let (custom, _) = ThemeFile.parse("focus = on blue\nselected = yellow\nhint-key = black on cyan", name: "c")
        for theme in [Theme.builtinDefault, Theme.mono, custom] {
            let m = theme.monochrome
            for role in Role.allCases {
                #expect(m[role].foreground == .default, "\(theme.name) \(role)")
                #expect(m[role].background == .default || m[role].background == .inherit, "\(theme.name) \(role)")
            }
        }
    }

    @Test func monochromeKeepsStatesApart() {
        let (custom, _) = ThemeFile.parse("focus = on blue\nselected = yellow\ndisabled = 240", name: "c")
        for theme in [Theme.builtinDefault, custom] {
            let m = theme.monochrome
            let distinct: [Role] = [.text, .focus, .selected, .disabled]
            for (i, a) in distinct.enumerated() {
                for b in distinct[(i + 1)...] {
                    #expect(m[a] != m[b], "\(theme.name): \(a) and \(b) look the same")
                }
            }
            #expect(m[.focus].attributes.contains(.reverse))
            #expect(m[.selected].attributes.contains(.underline))
            #expect(m[.disabled].attributes.contains(.dim))
            #expect(m[.hintKey] != m[.hintLabel])
            #expect(m[.danger] != m[.text])
            #expect(m[.warning] != m[.text])
        }
    }

    @Test func glyphSets() {
        #expect(Glyphs.unicode.isUnicode)
        #expect(!Glyphs.ascii.isUnicode)
        let a = Glyphs.ascii
        let asciiGlyphs: [Character] = [a.horizontal, a.vertical, a.topLeft, a.topRight, a.bottomLeft, a.bottomRight,
                                        a.teeDown, a.teeUp, a.teeRight, a.teeLeft, a.cross, a.dotOn, a.dotOff, a.block,
                                        a.upperHalf, a.lowerHalf, a.shade, a.pointer, a.pointerLeft, a.minus, a.check,
                                        a.bullet, a.middleDot]
        #expect(asciiGlyphs.allSatisfy { $0.isASCII })
        #expect((a.ellipsis + a.arrowUp + a.arrowDown + a.arrowLeft + a.arrowRight).allSatisfy { $0.isASCII })
        #expect(a.name(of: .left) == "Left")
        #expect(Glyphs.unicode.name(of: .left) == "←")
        #expect(a.name(of: .enter) == "Enter")
        #expect(Theme.builtinDefault.withGlyphs(.ascii).glyphs == .ascii)
    }
}

@Suite struct PaletteTests {
    @Test func depthFromColourCount() {
        #expect(ColorDepth(colors: 16_777_216) == .palette256)
        #expect(ColorDepth(colors: 256) == .palette256)
        #expect(ColorDepth(colors: 88) == .ansi16)
        #expect(ColorDepth(colors: 16) == .ansi16)
        #expect(ColorDepth(colors: 8) == .ansi8)
        #expect(ColorDepth(colors: 2) == .monochrome)
        #expect(ColorDepth(colors: -1) == .monochrome)
        #expect(ColorDepth.ansi8 < .palette256)
    }

    @Test func xtermValuesOfIndexes() {
        #expect(Palette.rgb(ofIndex: 1) == (205, 0, 0))
        #expect(Palette.rgb(ofIndex: 16) == (0, 0, 0))
        #expect(Palette.rgb(ofIndex: 178) == (215, 175, 0))
        #expect(Palette.rgb(ofIndex: 231) == (255, 255, 255))
        #expect(Palette.rgb(ofIndex: 232) == (8, 8, 8))
        #expect(Palette.rgb(ofIndex: 255) == (238, 238, 238))
    }

    @Test func hexToThe256Palette() {
        #expect(Palette.index(for: .rgb(0xd7, 0xaf, 0x00), depth: .palette256) == 178)  // cube, exact
        #expect(Palette.index(for: .rgb(0xff, 0x00, 0x00), depth: .palette256) == 196)
        #expect(Palette.index(for: .rgb(0x00, 0x00, 0x00), depth: .palette256) == 16)
        #expect(Palette.index(for: .rgb(0xff, 0xff, 0xff), depth: .palette256) == 231)
        #expect(Palette.index(for: .rgb(0x80, 0x80, 0x80), depth: .palette256) == 244)  // grey ramp beats the cube
        #expect(Palette.index(for: .rgb(0x08, 0x08, 0x08), depth: .palette256) == 232)
        #expect(Palette.index(for: .rgb(0xd8, 0xb0, 0x02), depth: .palette256) == 178)  // nearest
    }

    @Test func nearestAsTheEyeSeesIt() {
        // Plain RGB distance made these a salmon, an orange and a grey.
        #expect(Palette.index(for: .rgb(0xe0, 0x30, 0x30), depth: .palette256) == 160)  // default team1: red
        #expect(Palette.index(for: .rgb(0xdc, 0x32, 0x2f), depth: .palette256) == 160)  // solarized red
        #expect(Palette.index(for: .rgb(0x0b, 0x4a, 0x26), depth: .palette256) == 22)   // court: a green
        // Where Solarized's own xterm-256 table agrees (its red, orange, yellow, cyan).
        #expect(Palette.index(for: .rgb(0xcb, 0x4b, 0x16), depth: .palette256) == 166)
        #expect(Palette.index(for: .rgb(0xb5, 0x89, 0x00), depth: .palette256) == 136)
        #expect(Palette.index(for: .rgb(0x2a, 0xa1, 0x98), depth: .palette256) == 37)
        // Solarized's base03 background is a near-black grey, as in its own table (234).
        #expect([234, 235].contains(Palette.index(for: .rgb(0x00, 0x2b, 0x36), depth: .palette256)))
        // A colour the cube has exactly maps to itself; the 16 ANSI entries are never chosen.
        for i in 16..<256 {
            let (r, g, b) = Palette.rgb(ofIndex: i)
            let found = Palette.nearest(r, g, b, depth: .palette256)
            #expect(Palette.rgb(ofIndex: found) == (r, g, b), "index \(i) found \(found)")
        }
    }

    @Test func anExactEntryIsWhatTheSearchFinds() {
        // nearest() answers a colour the cube or grey ramp holds exactly without searching:
        // the search must agree, whatever background is avoided.
        var rng = FuzzRandom(seed: 15)
        var exact = 0
        for i in 16..<256 {
            let (r, g, b) = Palette.rgb(ofIndex: i)
            guard Palette.exactEntry(r, g, b) != nil else { continue }
            exact += 1
            #expect(Palette.exactEntry(r, g, b) == i)
            for avoiding in [nil, i, rng.next(256), rng.next(256), 0, 16] as [Int?] {
                #expect(Palette.nearest(r, g, b, depth: .palette256, avoiding: avoiding)
                        == Palette.search(r, g, b, depth: .palette256, avoiding: avoiding), "index \(i) avoiding \(String(describing: avoiding))")
            }
        }
        #expect(exact == 240)
        // Near misses are searched.
        #expect(Palette.exactEntry(0xd7, 0xaf, 0x01) == nil && Palette.exactEntry(9, 9, 9) == nil && Palette.exactEntry(248, 248, 248) == nil)
    }

    /// The table written out in PaletteLab.swift is the computation, to the bit.
    @Test func theWrittenOutLabTableIsTheComputedOne() {
        let computed = Palette.computedLabTable()
        #expect(Palette.labTable.count == 256 && computed.count == 256)
        for (i, (written, exact)) in zip(Palette.labTable, computed).enumerated() {
            #expect(written.l.bitPattern == exact.l.bitPattern && written.a.bitPattern == exact.a.bitPattern
                        && written.b.bitPattern == exact.b.bitPattern, "entry \(i): \(written) but \(exact)")
        }
    }

    @Test func theNeighbourhoodSearchFindsTheTrueNearest() {
        // nearest() looks at the cube levels around each channel only; compare with a search
        // over all 240 entries.
        var colours: [(Int, Int, Int)] = []
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) { colours.append((r, g, b)) }
            }
        }
        var rng = FuzzRandom(seed: 7)
        for _ in 0..<150 { colours.append((rng.next(256), rng.next(256), rng.next(256))) }
        for (r, g, b) in colours {
            let target = Lab(r, g, b)
            let brute = (16..<256).min { target.distance(to: Palette.labTable[$0]) < target.distance(to: Palette.labTable[$1]) } ?? -1
            let found = Palette.nearest(r, g, b, depth: .palette256)
            #expect(target.distance(to: Palette.labTable[found]) <= target.distance(to: Palette.labTable[brute]) + 1e-9,
                    "(\(r),\(g),\(b)): \(found) but \(brute) is nearer")
        }
    }

    @Test func slateGreysStayGreyAndTextNeverTakesItsBackground() {
        // Solarized's base01 is a grey by eye (low CIELAB chroma), not a magenta.
        #expect([0, 7].contains(Palette.index(for: .rgb(0x58, 0x6e, 0x75), depth: .ansi8)))
        #expect([0, 8, 7, 15].contains(Palette.index(for: .rgb(0x58, 0x6e, 0x75), depth: .ansi16)))
        // On 8 colours Solarized's background is black; its dark grey text must not be.
        let (sol, _) = ThemeFile.parse("background = #839496 on #002b36\nmuted = #586e75\nborder = #586e75\nhint-key = #002b36 on #2aa198",
                                       name: "s")
        let r8 = sol.resolved(for: .ansi8)
        #expect(r8[.background].background == .black)
        #expect(r8[.muted].foreground == .white)
        #expect(r8[.border].foreground == .white)
        #expect(r8[.hintKey].background == .cyan && r8[.hintKey].foreground == .black)
        // Exactly the background colour is left alone (a deliberate "invisible" stays so).
        #expect(Palette.index(for: .rgb(0, 0, 0), depth: .ansi8, avoiding: 0) == 0)
        #expect(Palette.index(for: .rgb(0x10, 0x10, 0x10), depth: .ansi8, avoiding: 0) == 7)
        #expect(Palette.index(for: .rgb(0x10, 0x10, 0x10), depth: .ansi8) == 0)
    }

    @Test func themesResolveOnceToWhatTheTerminalHas() {
        let (theme, _) = ThemeFile.parse("accent = #dc322f\nborder = 244\nfocus = black on bright-yellow\ndialog = on #0b4a26", name: "t")
        for depth in [ColorDepth.ansi8, .ansi16, .palette256] {
            let r = theme.resolved(for: depth)
            for role in Role.allCases {
                for c in [r[role].foreground, r[role].background] {
                    switch c {
                    case .default, .inherit: break
                    case .indexed(let i): #expect(Int(i) < depth.rawValue, "\(depth) \(role) \(c)")
                    case .rgb: Issue.record("\(depth) \(role) still #rrggbb")
                    }
                    // What the terminal gets is the same, resolved or not.
                }
                #expect(Palette.index(for: r[role].foreground, depth: depth) == Palette.index(for: theme[role].foreground, depth: depth))
                #expect(Palette.index(for: r[role].background, depth: depth) == Palette.index(for: theme[role].background, depth: depth))
                #expect(r[role].attributes == theme[role].attributes)
            }
        }
        let r8 = theme.resolved(for: .ansi8)
        #expect(r8[.accent].foreground == .red)
        #expect(r8[.focus] == Style(foreground: .black, background: .yellow))
        #expect(r8[.border].foreground == .white)
        #expect(theme.resolved(for: .palette256)[.accent].foreground == .indexed(160))
        #expect(theme.resolved(for: .palette256)[.focus].background == .indexed(11))
        #expect(Palette.resolve(.inherit, depth: .ansi8) == .inherit)
        #expect(Palette.resolve(.default, depth: .ansi8) == .default)
    }

    @Test func hexTo16And8() {
        #expect(Palette.index(for: .rgb(0xff, 0x00, 0x00), depth: .ansi16) == 9)
        #expect(Palette.index(for: .rgb(0xff, 0x00, 0x00), depth: .ansi8) == 1)
        #expect(Palette.index(for: .rgb(0xd7, 0xaf, 0x00), depth: .ansi16) == 3)
        #expect(Palette.index(for: .rgb(0xd7, 0xaf, 0x00), depth: .ansi8) == 3)
        #expect(Palette.index(for: .rgb(0x30, 0x80, 0xf0), depth: .ansi16) == 12)
        #expect(Palette.index(for: .rgb(0x30, 0xc0, 0x50), depth: .ansi8) == 2)
        #expect(Palette.index(for: .rgb(0x80, 0x80, 0x80), depth: .ansi16) == 8)
        #expect(Palette.index(for: .rgb(0xff, 0xff, 0xff), depth: .ansi16) == 15)
        #expect(Palette.index(for: .rgb(0xff, 0xff, 0xff), depth: .ansi8) == 7)
        for c: Color in [.rgb(1, 2, 3), .rgb(200, 100, 50), .rgb(0xe0, 0x30, 0x30)] {
            #expect((0..<8).contains(Palette.index(for: c, depth: .ansi8)))
            #expect((0..<16).contains(Palette.index(for: c, depth: .ansi16)))
        }
    }

    @Test func greysStayGreyOnFewColours() {
        // A grey (the muted and border roles) must not turn yellow or blue on the Linux console.
        for v in stride(from: 0, through: 255, by: 5) {
            let grey = Color.rgb(UInt8(v), UInt8(v), UInt8(v))
            #expect([0, 7].contains(Palette.index(for: grey, depth: .ansi8)), "grey \(v)")
            #expect([0, 7, 8, 15].contains(Palette.index(for: grey, depth: .ansi16)), "grey \(v)")
        }
        for i in 232...255 {
            #expect([0, 7].contains(Palette.index(for: .indexed(UInt8(i)), depth: .ansi8)), "index \(i)")
        }
    }

    @Test func indexesAboveTheDepthAreMappedDown() {
        #expect(Palette.index(for: .indexed(200), depth: .palette256) == 200)
        #expect(Palette.index(for: .indexed(5), depth: .ansi8) == 5)
        #expect(Palette.index(for: .indexed(12), depth: .ansi16) == 12)
        #expect(Palette.index(for: .indexed(9), depth: .ansi8) == 1)
        #expect(Palette.index(for: .indexed(196), depth: .ansi16) == 9)
        #expect(Palette.index(for: .indexed(196), depth: .ansi8) == 1)
        #expect(Palette.index(for: .indexed(245), depth: .ansi16) == 8)
        #expect(Palette.index(for: .indexed(245), depth: .ansi8) == 7)
        #expect(Palette.index(for: .indexed(16), depth: .ansi8) == 0)
    }

    @Test func monochromeAndDefaultAreMinusOne() {
        for c: Color in [.default, .red, .indexed(200), .rgb(0xd7, 0xaf, 0)] {
            #expect(Palette.index(for: c, depth: .monochrome) == -1)
        }
        #expect(Palette.index(for: .default, depth: .palette256) == -1)
        #expect(Palette.index(for: .default, depth: .ansi8) == -1)
        #expect(Palette.nearest(1, 2, 3, depth: .monochrome) == -1)
    }
}
