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
        guard depth != .monochrome else { return -1 }
        switch color {
        case .default, .inherit: return -1
        case .indexed(let i):
            if Int(i) < depth.rawValue { return Int(i) }
            let (r, g, b) = rgb(ofIndex: Int(i))
            return nearest(r, g, b, depth: depth)
        case let .rgb(r, g, b):
            return nearest(Int(r), Int(g), Int(b), depth: depth)
        }
    }

    /// Nearest palette entry by squared distance (weighted a little towards green, as the eye is).
    public static func nearest(_ r: Int, _ g: Int, _ b: Int, depth: ColorDepth) -> Int {
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - r, dg = c.1 - g, db = c.2 - b
            return 3 * dr * dr + 4 * dg * dg + 2 * db * db
        }
        switch depth {
        case .monochrome: return -1
        case .palette256:
            // The cube entry and the grey-ramp entry closest to the colour; the better wins.
            func level(_ v: Int) -> Int {
                var best = 0
                for (i, l) in cubeLevels.enumerated() where abs(l - v) < abs(cubeLevels[best] - v) { best = i }
                return best
            }
            let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
            let avg = (r + g + b) / 3
            let grey = 232 + min(23, max(0, (avg - 3) / 10))
            return distance(rgb(ofIndex: cube)) <= distance(rgb(ofIndex: grey)) ? cube : grey
        case .ansi16, .ansi8:
            // A grey (muted text, borders) goes to black, grey or white: by distance alone a
            // mid grey lands on yellow or blue among the eight ANSI colours.
            let isGrey = max(r, g, b) - min(r, g, b) < 24
            let candidates = isGrey ? (depth == .ansi16 ? [0, 8, 7, 15] : [0, 7]) : Array(0..<(depth == .ansi16 ? 16 : 8))
            var best = candidates[0]
            for i in candidates where distance(ansi[i]) < distance(ansi[best]) { best = i }
            return best
        }
    }
}
