#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

/// Colour arithmetic for the rules the shipped themes keep.
extension ShippedThemes {
    /// The colour as sRGB, or nil for the terminal's own (unknown here).
    static func rgb(_ c: Color) -> (Int, Int, Int)? {
        switch c {
        case .default, .inherit: return nil
        case .indexed(let i): return Palette.rgb(ofIndex: Int(i))
        case let .rgb(r, g, b): return (Int(r), Int(g), Int(b))
        }
    }

    /// WCAG contrast ratio of two sRGB colours (1 to 21).
    static func contrast(_ x: (Int, Int, Int), _ y: (Int, Int, Int)) -> Double {
        func luminance(_ c: (Int, Int, Int)) -> Double {
            func lin(_ v: Int) -> Double {
                let s = Double(v) / 255
                return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
        }
        let a = luminance(x), b = luminance(y)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

@Suite struct ShippedThemesTests {
    @Test func allSixShipAndParseCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ShippedThemes.directory).filter { $0.hasSuffix(".theme") }
        #expect(Set(files) == Set(ShippedThemes.names.map { $0 + ".theme" }))
        for name in ShippedThemes.names {
            let text = ShippedThemes.text(name)
            let (theme, diagnostics) = ShippedThemes.load(name)
            #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
            #expect(theme.name == name)
            // Every role is written out, so the file documents the whole theme.
            for role in Role.allCases {
                #expect(text.range(of: "\n\(role.rawValue) ") != nil, "\(name) leaves out \(role.rawValue)")
            }
            #expect(text.hasPrefix("# Termini theme: \(name)"), "\(name) starts with its title comment")
        }
    }

    @Test func theDefaultFileIsTheBuiltInDefault() {
        // Without any theme file the binary looks exactly like themes/default.theme.
        let (file, _) = ShippedThemes.load("default")
        for role in Role.allCases { #expect(file[role] == Theme.builtinDefault[role], "\(role)") }
        let (mono, _) = ShippedThemes.load("mono")
        for role in Role.allCases { #expect(mono[role] == Theme.mono[role], "\(role)") }
    }

    @Test func monoUsesNoColourAtAll() {
        let (mono, _) = ShippedThemes.load("mono")
        for role in Role.allCases {
            #expect(mono[role].foreground == .default, "\(role)")
            #expect(mono[role].background == .default || mono[role].background == .inherit, "\(role)")
        }
    }

    @Test func highContrastHasNoSubtleGreysAndStrongContrast() {
        let (theme, _) = ShippedThemes.load("high-contrast")
        let ground = ShippedThemes.rgb(theme[.background].background) ?? (0, 0, 0)
        #expect(ground == (0, 0, 0))
        for role in Role.allCases {
            let s = theme[role]
            for c in [s.foreground, s.background] {
                guard let (r, g, b) = ShippedThemes.rgb(c) else { continue }
                // A grey is allowed only as black or white; colours must be strong.
                let chroma = max(r, g, b) - min(r, g, b)
                #expect(chroma >= 128 || max(r, g, b) <= 16 || min(r, g, b) >= 240, "\(role): \(c) is a subtle grey or pale colour")
            }
            #expect(!s.attributes.contains(.dim), "\(role) is dim")
            var fg = ShippedThemes.rgb(s.foreground) ?? ShippedThemes.rgb(theme[.text].foreground) ?? (255, 255, 255)
            var bg = ShippedThemes.rgb(s.background) ?? ground
            if s.attributes.contains(.reverse) { swap(&fg, &bg) }
            let ratio = ShippedThemes.contrast(fg, bg)
            // Red on black cannot reach 7:1; a disabled control may recede a little.
            let needed: Double = [.team1, .danger, .disabled].contains(role) ? 4.5 : 7
            #expect(ratio >= needed, "\(role): contrast \(ratio) < \(needed)")
        }
        // Bold black reads as dark grey on many terminals: black text is #000000, which
        // the 256-colour palette draws from its cube, where bold does not brighten it.
        let text = ShippedThemes.text("high-contrast")
        #expect(!text.contains(" black on") && !text.contains("= black"), "use #000000 for black text")
    }

    @Test func statesStayApartAtEveryDepth() {
        for name in ShippedThemes.names {
            let (theme, _) = ShippedThemes.load(name)
            for depth in [ColorDepth.ansi8, .ansi16, .palette256] {
                func look(_ role: Role) -> [Int] {
                    let s = theme[role]
                    return [Palette.index(for: s.foreground, depth: depth), Palette.index(for: s.background, depth: depth), Int(s.attributes.rawValue)]
                }
                for (a, b) in [(Role.text, Role.focus), (.focus, .selected), (.text, .selected), (.hintKey, .hintLabel), (.text, .danger), (.text, .warning)] {
                    #expect(look(a) != look(b), "\(name) at \(depth): \(a) and \(b) look the same")
                }
                if name != "mono" {
                    // The two sides of a badminton match are told apart by colour.
                    #expect(Palette.index(for: theme[.team1].foreground, depth: depth) != Palette.index(for: theme[.team2].foreground, depth: depth),
                            "\(name) at \(depth): team1 and team2 share a colour")
                }
            }
            // And in monochrome, by attributes alone.
            let m = theme.monochrome
            for (a, b) in [(Role.text, Role.focus), (.focus, .selected), (.text, .selected), (.text, .disabled), (.hintKey, .hintLabel)] {
                #expect(m[a] != m[b], "\(name) in monochrome: \(a) and \(b) look the same")
            }
        }
    }

    /// The focus stands out from whatever it can sit on (issue 25: high-contrast drew
    /// Memory's cursor and a mismatched card both black on bright yellow, bold): in every
    /// shipped theme, at every colour depth and in monochrome, the focus looks unlike every
    /// role a focusable thing is drawn in, as drawn (the background a role inherits is the
    /// theme's). Not among them: the background, the hint bar's keys (never focused), and
    /// danger (problems and the border of a destructive question, never a focusable thing).
    @Test func theFocusDiffersFromEveryOtherRoleAtEveryDepth() {
        for name in ShippedThemes.names {
            let (theme, _) = ShippedThemes.load(name)
            for (look, t) in ShippedThemes.looks(theme) {
                for role in Role.allCases where ![.focus, .background, .hintKey, .danger].contains(role) {
                    #expect(ShippedThemes.drawn(t[.focus], in: t) != ShippedThemes.drawn(t[role], in: t), "\(look): the focus looks like \(role)")
                }
            }
        }
    }

    @Test func darkThemesAreReadable() {
        // Themes that paint their own background: text and accents must stand out from it.
        for name in ["high-contrast", "court", "solarized-dark"] {
            let (theme, _) = ShippedThemes.load(name)
            guard let ground = ShippedThemes.rgb(theme[.background].background) else {
                Issue.record("\(name) paints no background")
                continue
            }
            for role in [Role.text, .accent, .title, .team1, .team2, .success, .warning] {
                let s = theme[role]
                guard let fg = ShippedThemes.rgb(s.foreground) else { continue }
                let bg = ShippedThemes.rgb(s.background) ?? ground
                #expect(ShippedThemes.contrast(fg, bg) >= 3, "\(name) \(role): contrast \(ShippedThemes.contrast(fg, bg))")
            }
        }
    }
}
