/// A colour as a theme names it; the terminal backend maps it to what the terminal has.
public enum Color: Hashable, Sendable, CustomStringConvertible {
    /// The terminal's own foreground or background.
    case `default`
    /// Keep whatever colour the cell already has (a background left unset in a theme):
    /// text drawn over a coloured area keeps that area's colour. Resolved when drawn.
    case inherit
    /// An index into the terminal palette: 0–7 the ANSI colours, 8–15 their bright forms,
    /// 16–231 the 6×6×6 cube, 232–255 the grey ramp.
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)

    /// ANSI colour names accepted in theme files, with their palette index.
    public static let ansiNames: [(String, UInt8)] = [
        ("black", 0), ("red", 1), ("green", 2), ("yellow", 3), ("blue", 4), ("magenta", 5), ("cyan", 6), ("white", 7),
        ("bright-black", 8), ("bright-red", 9), ("bright-green", 10), ("bright-yellow", 11),
        ("bright-blue", 12), ("bright-magenta", 13), ("bright-cyan", 14), ("bright-white", 15),
        ("grey", 8), ("gray", 8),
    ]

    /// Parses `default`, an ANSI name (`red`, `bright-blue`), an index `0`–`255` or `#rrggbb`.
    /// `init(parsing:)` of a word already lowercased ASCII, by its bytes.
    init?(asciiLowercase t: [UInt8]) {
        if t.elementsEqual("default".utf8) { self = .default; return }
        if let (_, i) = Color.ansiNames.first(where: { $0.0.utf8.elementsEqual(t) }) { self = .indexed(i); return }
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        if !t.isEmpty, t.allSatisfy({ $0 >= zero && $0 <= nine }) {
            // As `Int(t)` then the range: any number past 255 (or past Int) is no index.
            var n = 0
            for d in t {
                n = n * 10 + Int(d - zero)
                if n > 255 { return nil }
            }
            self = .indexed(UInt8(n))
            return
        }
        guard t.count == 7, t[0] == UInt8(ascii: "#") else { return nil }
        var v: UInt32 = 0
        for c in t.dropFirst() {
            let h: UInt8
            switch c {
            case zero...nine: h = c - zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): h = c - UInt8(ascii: "a") + 10
            default: return nil
            }
            v = v << 4 | UInt32(h)
        }
        self = .rgb(UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff))
    }

    public init?(parsing text: String) {
        let t = text.lowercased()
        if t == "default" { self = .default; return }
        if let (_, i) = Color.ansiNames.first(where: { $0.0 == t }) { self = .indexed(i); return }
        // Digits only: Int and UInt32 would also accept a sign ("+5", "#-00000").
        let isDigits = !t.isEmpty && t.allSatisfy { $0.isASCII && $0.isNumber }
        if isDigits, let n = Int(t), (0...255).contains(n) { self = .indexed(UInt8(n)); return }
        let hex = t.dropFirst()
        if t.hasPrefix("#"), t.count == 7, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }), let v = UInt32(hex, radix: 16) {
            self = .rgb(UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff))
            return
        }
        return nil
    }

    /// The colour in 26 bits: a kind in bits 24–25 (default, inherit, an index, RGB) and its
    /// value below, so a `Style` holds two of them and its attributes in two words.
    @inlinable var packed: UInt32 {
        switch self {
        case .default: return 0
        case .inherit: return Color.inheritPacked
        case .indexed(let i): return 2 << 24 | UInt32(i)
        case let .rgb(r, g, b): return 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }
    @inlinable static var packedMask: UInt32 { 0x3ff_ffff }
    @inlinable package static var inheritPacked: UInt32 { 1 << 24 }

    @inlinable init(packed v: UInt32) {
        switch v >> 24 & 3 {
        case 0: self = .default
        case 1: self = .inherit
        case 2: self = .indexed(UInt8(truncatingIfNeeded: v))
        default: self = .rgb(UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v))
        }
    }

    public var description: String {
        switch self {
        case .default: return "default"
        case .inherit: return "inherit"
        case .indexed(let i): return "\(i)"
        case let .rgb(r, g, b):
            let hex = (Int(r) << 16 | Int(g) << 8 | Int(b))
            let s = String(hex, radix: 16)
            return "#" + String(repeating: "0", count: 6 - s.count) + s
        }
    }
}

/// Text attributes that need no colour: every state must be visible with these alone.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1)
    public static let dim = Attributes(rawValue: 2)
    public static let reverse = Attributes(rawValue: 4)
    public static let underline = Attributes(rawValue: 8)
    public static let italic = Attributes(rawValue: 16)

    public static let names: [(String, Attributes)] = [
        ("bold", .bold), ("dim", .dim), ("reverse", .reverse), ("underline", .underline), ("italic", .italic),
    ]
}

/// Colours and attributes of a cell, packed into two words so a canvas cell is plain data:
/// copying, filling and comparing cells move memory, with no enum to switch on.
public struct Style: Hashable, Sendable, CustomStringConvertible {
    /// The foreground (`Color.packed`, 26 bits) and the low six bits of the attributes.
    @usableFromInline package var front: UInt32
    /// The background (`Color.packed`) and the two high bits of the attributes.
    @usableFromInline package var back: UInt32

    public var foreground: Color {
        get { Color(packed: front & Color.packedMask) }
        set { front = (front & ~Color.packedMask) | newValue.packed }
    }
    public var background: Color {
        get { Color(packed: back & Color.packedMask) }
        set { back = (back & ~Color.packedMask) | newValue.packed }
    }
    public var attributes: Attributes {
        get { Attributes(rawValue: UInt8(truncatingIfNeeded: (front >> 26) | ((back >> 26) << 6))) }
        set {
            let a = UInt32(newValue.rawValue)
            front = (front & Color.packedMask) | (a & 0x3f) << 26
            back = (back & Color.packedMask) | (a >> 6) << 26
        }
    }

    /// An unset background inherits the colour beneath; `on default` is the terminal's own.
    public init(foreground: Color = .default, background: Color = .inherit, attributes: Attributes = []) {
        let a = UInt32(attributes.rawValue)
        front = foreground.packed | (a & 0x3f) << 26
        back = background.packed | (a >> 6) << 26
    }

    /// Whether the background is `.inherit`, without unpacking it.
    @inlinable var inheritsBackground: Bool { back & Color.packedMask == Color.inheritPacked }

    /// Whether both have the same background colour, compared packed (no colour unpacked).
    @inlinable public func hasBackground(of other: Style) -> Bool { back & Color.packedMask == other.back & Color.packedMask }

    /// This style with the background colour of `other` (the attributes stay).
    @inlinable func withBackground(of other: Style) -> Style {
        var s = self
        s.back = (back & ~Color.packedMask) | (other.back & Color.packedMask)
        return s
    }

    public static let plain = Style()

    public var description: String {
        var words = [foreground.description]
        if background != .inherit { words.append("on \(background)") }
        for (name, a) in Attributes.names where attributes.contains(a) { words.append(name) }
        let unnamed = attributes.subtracting(Attributes(rawValue: 31))
        if !unnamed.isEmpty { words.append("attributes \(unnamed.rawValue)") }
        return words.joined(separator: " ")
    }

    public func with(_ attrs: Attributes) -> Style {
        var s = self
        s.attributes.formUnion(attrs)
        return s
    }
    public func without(_ attrs: Attributes) -> Style {
        var s = self
        s.attributes.subtract(attrs)
        return s
    }
    public func on(_ background: Color) -> Style {
        var s = self
        s.background = background
        return s
    }
    /// The same attributes without any colour (monochrome terminals, `NO_COLOR`).
    public var monochrome: Style { Style(attributes: attributes) }

    /// Parses a theme value: colours (first is the foreground, `on COLOR` the background) and
    /// attribute names, separated by spaces, e.g. `#d7af00 bold`, `black on cyan`, `reverse bold`.
    public static func parse(_ text: String) -> Result<Style, StyleParseError> {
        // ASCII (every value of the shipped themes) by its bytes: splitting and lowercasing by
        // Characters cost a start's theme 13,000 instructions a line. Each ASCII byte is a
        // Character of its own here (no LF, so no CR LF): the same words, the same answers.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0A }) { return parseASCII(Array(text.utf8)) }
        return parseByCharacters(text)
    }

    /// `parse` by its definition, Character by Character.
    static func parseByCharacters(_ text: String) -> Result<Style, StyleParseError> {
        var style = Style()
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)[...]
        var sawForeground = false
        while let word = words.popFirst() {
            let w = word.lowercased()
            if w == "on" {
                guard let next = words.popFirst() else { return .failure(.missingBackground) }
                guard let c = Color(parsing: next) else { return .failure(.badColor(next)) }
                style.background = c
            } else if w == "none" || w == "normal" {
                continue
            } else if let (_, a) = Attributes.names.first(where: { $0.0 == w }) {
                style.attributes.insert(a)
            } else if let c = Color(parsing: w) {
                if sawForeground { return .failure(.twoForegrounds(word)) }
                style.foreground = c
                sawForeground = true
            } else {
                return .failure(.unknownWord(word))
            }
        }
        return .success(style)
    }

    /// `parseByCharacters` for ASCII text without LF, word by word on its bytes.
    static func parseASCII(_ text: [UInt8]) -> Result<Style, StyleParseError> {
        var words: [ArraySlice<UInt8>] = []
        var start = 0
        for i in 0...text.count where i == text.count || text[i] == 0x20 || text[i] == 0x09 || text[i] == UInt8(ascii: ",") {
            if i > start { words.append(text[start..<i]) }
            start = i + 1
        }
        func string(_ w: ArraySlice<UInt8>) -> String { String(decoding: w, as: UTF8.self) }
        func lower(_ w: ArraySlice<UInt8>) -> [UInt8] { w.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
        var style = Style()
        var sawForeground = false
        var k = 0
        while k < words.count {
            let word = words[k]
            k += 1
            let w = lower(word)
            if w == Array("on".utf8) {
                guard k < words.count else { return .failure(.missingBackground) }
                let next = words[k]
                k += 1
                guard let c = Color(asciiLowercase: lower(next)) else { return .failure(.badColor(string(next))) }
                style.background = c
            } else if w == Array("none".utf8) || w == Array("normal".utf8) {
                continue
            } else if let (_, a) = Attributes.names.first(where: { $0.0.utf8.elementsEqual(w) }) {
                style.attributes.insert(a)
            } else if let c = Color(asciiLowercase: w) {
                if sawForeground { return .failure(.twoForegrounds(string(word))) }
                style.foreground = c
                sawForeground = true
            } else {
                return .failure(.unknownWord(string(word)))
            }
        }
        return .success(style)
    }
}

public enum StyleParseError: Error, Equatable, CustomStringConvertible {
    case unknownWord(String), badColor(String), missingBackground, twoForegrounds(String)
    public var description: String {
        switch self {
        case .unknownWord(let w): return "'\(w)' is not a colour or an attribute"
        case .badColor(let w): return "'\(w)' is not a colour (use a name, 0-255, #rrggbb or default)"
        case .missingBackground: return "'on' must be followed by a colour"
        case .twoForegrounds(let w): return "a second foreground colour '\(w)' (use 'on' for the background)"
        }
    }
}
