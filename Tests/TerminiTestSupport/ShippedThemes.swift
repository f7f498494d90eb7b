import Foundation
import TerminiCore

/// The theme files in the checkout's `themes/`, read as Termini reads them, for every test
/// that holds a rule against each shipped theme.
public enum ShippedThemes {
    public static let names = ["default", "light", "high-contrast", "court", "solarized-dark", "mono"]

    public static var directory: String {
        // Tests/TerminiTestSupport/ShippedThemes.swift → the checkout's themes/.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes").path
    }

    public static func text(_ name: String) -> String {
        (try? String(contentsOfFile: directory + "/\(name).theme", encoding: .utf8)) ?? ""
    }

    public static func load(_ name: String) -> (Theme, [ThemeDiagnostic]) {
        ThemeFile.parse(text(name), name: name)
    }

    public static var themes: [Theme] { names.map { load($0).0 } }

    /// A theme as terminals draw it: at 8, 16 and 256 colours, in true colour, and with
    /// attributes only (NO_COLOR), each named.
    public static func looks(_ theme: Theme) -> [(name: String, theme: Theme)] {
        [ColorDepth.ansi8, .ansi16, .palette256].map { ("\(theme.name) at \($0)", theme.resolved(for: $0)) }
            + [("\(theme.name) in true colour", theme), ("\(theme.name) in monochrome", theme.monochrome)]
    }

    /// A style's look on screen: its colours (the text's and the theme's background where it
    /// inherits them), reverse applied where both colours are known, and its attributes.
    public static func drawn(_ s: Style, in t: Theme) -> [String] {
        var fg = s.foreground == .inherit ? t[.text].foreground : s.foreground
        var bg = s.background == .inherit ? t[.background].background : s.background
        if fg == .inherit { fg = .default }
        if bg == .inherit { bg = .default }
        var attributes = s.attributes
        if attributes.contains(.reverse) && fg != .default && bg != .default {
            swap(&fg, &bg)
            attributes.remove(.reverse)
        }
        return ["\(fg)", "\(bg)", "\(attributes.rawValue)"]
    }
}
