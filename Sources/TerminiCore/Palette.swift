#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many colours a terminal has, and how a theme colour maps onto them: `#rrggbb` to the
/// nearest of the 256-colour cube and grey ramp, then to 16, then to 8.
public enum ColorDepth: Int, Sendable, Comparable, CustomStringConvertible {
    case monochrome = 0, ansi8 = 8, ansi16 = 16, palette256 = 256

    public init(colors: Int) {
        switch colors {
        case 256...: self = .palette256
        case 16...: self = .ansi16
        case 8...: self = .ansi8
        default: self = .monochrome
        }
    }
    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }
    public var description: String { self == .monochrome ? "monochrome" : "\(rawValue) colours" }
}

public enum Palette {
    /// The xterm values of the 16 ANSI colours.
    static let ansi: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The RGB value of a palette index, as xterm shows it.
    public static func rgb(ofIndex i: Int) -> (Int, Int, Int) {
        switch i {
        case 0..<16: return ansi[i]
        case 16..<232:
            let n = i - 16
            return (cubeLevels[n / 36], cubeLevels[(n / 6) % 6], cubeLevels[n % 6])
        default:
            let v = 8 + 10 * (min(255, max(232, i)) - 232)
            return (v, v, v)
        }
    }

    /// The palette index to draw `color` with on a terminal of `depth`; -1 is the terminal's
    /// default colour (also used for everything in monochrome).
    public static func index(for color: Color, depth: ColorDepth) -> Int {
        index(for: color, depth: depth, avoiding: nil)
    }

    /// As `index(for:depth:)`, but never `avoiding` (the index of the background the colour
    /// is drawn on) unless the colour is exactly that: on 8 colours a dark grey-blue text and
    /// its dark background must not both become black.
    public static func index(for color: Color, depth: ColorDepth, avoiding: Int?) -> Int {
        guard depth != .monochrome else { return -1 }
        switch color {
        case .default, .inherit: return -1
        case .indexed(let i):
            if Int(i) < depth.rawValue { return Int(i) }
            let (r, g, b) = rgb(ofIndex: Int(i))
            return nearest(r, g, b, depth: depth, avoiding: avoiding)
        case let .rgb(r, g, b):
            return nearest(Int(r), Int(g), Int(b), depth: depth, avoiding: avoiding)
        }
    }

    /// The colour as the terminal of `depth` will draw it: `#rrggbb` and palette indexes the
    /// terminal lacks become the nearest index it has. Done once per theme, so drawing a cell
    /// never searches the palette.
    public static func resolve(_ color: Color, depth: ColorDepth, avoiding: Int? = nil) -> Color {
        switch color {
        case .default, .inherit: return color
        case .indexed(let i) where Int(i) < depth.rawValue: return color
        default:
            let i = index(for: color, depth: depth, avoiding: avoiding)
            return i < 0 ? .default : .indexed(UInt8(i))
        }
    }

    /// The nearest palette entry as the eye sees it (CIEDE2000 in CIELAB): plain RGB distance
    /// turns the reds of a theme orange or dull and a dark green grey. With 256 colours the
    /// search covers the cube and grey ramp only (entries 0-15 are whatever the user's
    /// terminal makes of them); with 16 or 8, the ANSI colours.
    public static func nearest(_ r: Int, _ g: Int, _ b: Int, depth: ColorDepth, avoiding: Int? = nil) -> Int {
        // A colour the cube or the grey ramp holds exactly is its own nearest (distance 0, and
        // `avoiding` never removes the colour itself): the search below finds the same entry
        // (PaletteTests) after a hundred thousand instructions, at every start, for the default
        // theme's gold and amber.
        if depth == .palette256, let exact = exactEntry(r, g, b) { return exact }
        return search(r, g, b, depth: depth, avoiding: avoiding)
    }

    /// The entry of the cube or the grey ramp with exactly this value, if there is one.
    static func exactEntry(_ r: Int, _ g: Int, _ b: Int) -> Int? {
        if let ri = cubeLevels.firstIndex(of: r), let gi = cubeLevels.firstIndex(of: g), let bi = cubeLevels.firstIndex(of: b) {
            return 16 + 36 * ri + 6 * gi + bi
        }
        if r == g, g == b, r >= 8, r <= 238, (r - 8) % 10 == 0 { return 232 + (r - 8) / 10 }
        return nil
    }

    /// `nearest` by its definition: the search through the candidates.
    static func search(_ r: Int, _ g: Int, _ b: Int, depth: ColorDepth, avoiding: Int? = nil) -> Int {
        let target = Lab(r, g, b)
        func best(_ all: [Int]) -> Int {
            var candidates = all
            if let avoiding, candidates.count > 1, target.distance(to: labTable[avoiding]) > 1e-6 {
                candidates.removeAll { $0 == avoiding }
            }
            var best = candidates[0]
            var bestDistance = Double.infinity
            for i in candidates {
                let d = target.distance(to: labTable[i])
                if d < bestDistance {
                    best = i
                    bestDistance = d
                }
            }
            return best
        }
        switch depth {
        case .monochrome: return -1
        case .palette256:
            // The cube levels around each channel (one more either side is plenty), and the
            // greys around the colour's mean.
            func around(_ v: Int) -> [Int] {
                let above = cubeLevels.firstIndex { $0 >= v } ?? 5
                return Array(max(0, above - 2)...min(5, above + 1))
            }
            var candidates: [Int] = []
            for ri in around(r) {
                for gi in around(g) {
                    for bi in around(b) { candidates.append(16 + 36 * ri + 6 * gi + bi) }
                }
            }
            let grey = 232 + min(23, max(0, ((r + g + b) / 3 - 8) / 10))
            candidates += (max(232, grey - 1)...min(255, grey + 2)).map { $0 }
            return best(candidates)
        case .ansi16, .ansi8:
            // A grey (muted text, borders) goes to black, grey or white: among the ANSI
            // colours a mid grey is as near to a dull yellow or blue as to anything.
            // Grey by CIELAB chroma: Solarized's slate #586e75 is a grey, not a magenta.
            let isGrey = (target.a * target.a + target.b * target.b).squareRoot() < 14
            return best(isGrey ? (depth == .ansi16 ? [0, 8, 7, 15] : [0, 7]) : Array(0..<(depth == .ansi16 ? 16 : 8)))
        }
    }

    /// Every palette entry in CIELAB by its definition; `labTable` (PaletteLab.swift) holds
    /// the same values written out.
    static func computedLabTable() -> [Lab] {
        (0..<256).map { i in
            let (r, g, b) = rgb(ofIndex: i)
            return Lab(r, g, b)
        }
    }
}

/// A colour in CIELAB (D65), where distance follows what the eye sees.
struct Lab: Sendable {
    var l: Double
    var a: Double
    var b: Double

    init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// From sRGB 0-255.
    init(_ red: Int, _ green: Int, _ blue: Int) {
        func linear(_ c: Int) -> Double {
            let v = Double(max(0, min(255, c))) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), b = linear(blue)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double {
            t > 216.0 / 24389 ? cbrt(t) : t * 841 / 108 + 4.0 / 29
        }
        l = 116 * f(y) - 16
        a = 500 * (f(x) - f(y))
        self.b = 200 * (f(y) - f(z))
    }

    /// The squared CIEDE2000 colour difference.
    func distance(to other: Lab) -> Double {
        let deg = Double.pi / 180
        let c1 = (a * a + b * b).squareRoot(), c2 = (other.a * other.a + other.b * other.b).squareRoot()
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + 6_103_515_625)).squareRoot())  // 25^7
        let a1 = (1 + g) * a, a2 = (1 + g) * other.a
        let cp1 = (a1 * a1 + b * b).squareRoot(), cp2 = (a2 * a2 + other.b * other.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / deg
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(b, a1), h2 = hue(other.b, a2)
        let dL = other.l - l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * deg)
        let lMean = (l + other.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 {
                hMean = (h1 + h2) / 2
            } else {
                hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        let t = 1 - 0.17 * cos((hMean - 30) * deg) + 0.24 * cos(2 * hMean * deg)
            + 0.32 * cos((3 * hMean + 6) * deg) - 0.20 * cos((4 * hMean - 63) * deg)
        let dTheta = 30 * exp(-((hMean - 275) / 25) * ((hMean - 275) / 25))
        let cp7 = pow(cpMean, 7)
        let rc = 2 * (cp7 / (cp7 + 6_103_515_625)).squareRoot()
        let sl = 1 + 0.015 * (lMean - 50) * (lMean - 50) / (20 + (lMean - 50) * (lMean - 50)).squareRoot()
        let sc = 1 + 0.045 * cpMean
        let sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * deg) * rc
        let tl = dL / sl, tc = dC / sc, th = dH / sh
        return tl * tl + tc * tc + th * th + rt * tc * th
    }
}
