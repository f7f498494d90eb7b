/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
    /// True when this size can hold `other` in both directions.
    public func contains(_ other: Size) -> Bool { width >= other.width && height >= other.height }
}

/// A rectangle of cells; `x`/`y` are the top-left corner. Width and height are never negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }
    public init(_ size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var description: String { "(\(x),\(y) \(width)×\(height))" }
    public var size: Size { Size(width: width, height: height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let nx = max(x, other.x), ny = max(y, other.y)
        let mx = min(maxX, other.maxX), my = min(maxY, other.maxY)
        return Rect(x: nx, y: ny, width: mx - nx, height: my - ny)
    }

    /// Shrinks by the given amounts on each side (never below zero size).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }
    public func inset(by n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }
    public func inset(horizontal h: Int, vertical v: Int) -> Rect { inset(top: v, left: h, bottom: v, right: h) }

    /// A rectangle of `size` centred in this one (clipped to it).
    public func centered(_ size: Size) -> Rect {
        let w = min(size.width, width), h = min(size.height, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    /// The row `i` (relative) of this rectangle as a one-line rectangle.
    public func row(_ i: Int) -> Rect { Rect(x: x, y: y + i, width: width, height: i < height && i >= 0 ? 1 : 0) }

    public func top(_ n: Int) -> Rect { Rect(x: x, y: y, width: width, height: min(n, height)) }
    public func bottom(_ n: Int) -> Rect { let h = min(n, height); return Rect(x: x, y: maxY - h, width: width, height: h) }
    public func left(_ n: Int) -> Rect { Rect(x: x, y: y, width: min(n, width), height: height) }
    public func right(_ n: Int) -> Rect { let w = min(n, width); return Rect(x: maxX - w, y: y, width: w, height: height) }

    /// Splits into equal-ish columns (or rows), distributing the remainder to the first parts.
    public func columns(_ count: Int, gap: Int = 0) -> [Rect] {
        guard count > 0 else { return [] }
        let usable = max(0, width - gap * (count - 1))
        var result: [Rect] = []
        var cx = x
        for i in 0..<count {
            let w = usable / count + (i < usable % count ? 1 : 0)
            result.append(Rect(x: cx, y: y, width: w, height: height))
            cx += w + gap
        }
        return result
    }

    public func rows(_ count: Int, gap: Int = 0) -> [Rect] {
        guard count > 0 else { return [] }
        let usable = max(0, height - gap * (count - 1))
        var result: [Rect] = []
        var cy = y
        for i in 0..<count {
            let h = usable / count + (i < usable % count ? 1 : 0)
            result.append(Rect(x: x, y: cy, width: width, height: h))
            cy += h + gap
        }
        return result
    }
}
