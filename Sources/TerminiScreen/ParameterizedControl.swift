#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore

/// A terminfo string with numeric parameters (`cup`, `cuf`, `setaf` ...), expanded without
/// `tparm` where its form allows: most are a prefix, a decimal number, maybe a separator and a
/// second number, and a suffix, which is worked out once by probing the expansion; any other
/// form (conditionals, characters for numbers) is expanded by the terminal library once per
/// argument and remembered.
public final class ParameterizedControl {
    private let expand: (Int, Int) -> [UInt8]
    /// The template's numbers without its bytes, for `length`: weighing a motion reads these
    /// without retaining the parts.
    private let shape: (offsets: (Int, Int), swapped: Bool, arity: Int, fixed: Int)?
    private var cache: [Int: [UInt8]] = [:]
    /// The expansions of one small parameter (a colour index), by the parameter.
    private var small: [[UInt8]?] = []

    /// The template's parts and numbers each on its own, for `append` (read from a tuple,
    /// each use retained the array of parts and the part).
    private let prefix: [UInt8], middle: [UInt8], suffix: [UInt8]
    private let offsetA: Int, offsetB: Int, swapped: Bool, two: Bool

    /// `expand(p1, p2)` gives the control with its parameters; `arity` is 1 or 2. `terminfo`,
    /// the control as its terminfo entry writes it, is read for its template when it is one of
    /// the plain forms (`\E[%i%p1%d;%p2%dH`, `\E[%p1%dC`): probing the expansion of each of a
    /// start's controls a dozen times through the terminal library cost 0.4 M instructions.
    public init(arity: Int, terminfo: [UInt8]? = nil, expand: @escaping (Int, Int) -> [UInt8]) {
        self.expand = expand
        // prefix, between, suffix; `swapped` when the second parameter is printed first.
        let template = terminfo.flatMap { ParameterizedControl.plainTemplate($0, arity: arity) } ?? ParameterizedControl.infer(arity: arity, expand)
        shape = template.map { t in (t.offsets, t.swapped, t.arity, t.parts[0].count + t.parts[1].count + t.parts[2].count) }
        prefix = template?.parts[0] ?? []
        middle = template?.parts[1] ?? []
        suffix = template?.parts[2] ?? []
        offsetA = template?.offsets.0 ?? 0
        offsetB = template?.offsets.1 ?? 0
        swapped = template?.swapped ?? false
        two = template?.arity == 2
    }

    /// The bytes of the control for these parameters.
    public func bytes(_ a: Int, _ b: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        append(a, b, to: &out)
        return out
    }

    public func append(_ a: Int, _ b: Int = 0, to out: inout [UInt8]) {
        if shape != nil {
            let (first, second) = swapped ? (b + offsetB, a + offsetA) : (a + offsetA, b + offsetB)
            // Byte by byte: the parts are a few bytes, where appending an array costs a copy call.
            for i in prefix.indices { out.append(prefix[i]) }
            ParameterizedControl.appendNumber(first, to: &out)
            if two {
                for i in middle.indices { out.append(middle[i]) }
                ParameterizedControl.appendNumber(second, to: &out)
            }
            for i in suffix.indices { out.append(suffix[i]) }
            return
        }
        out.append(contentsOf: cached(a, b))
    }

    /// `appendDecimal`, the numbers of a screen (under 1000) without recursion.
    @inline(__always)
    static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        let zero = UInt8(ascii: "0")
        if n >= 0 && n < 10 {
            out.append(zero + UInt8(n))
        } else if n >= 10 && n < 100 {
            out.append(zero + UInt8(n / 10))
            out.append(zero + UInt8(n % 10))
        } else if n >= 100 && n < 1000 {
            out.append(zero + UInt8(n / 100))
            out.append(zero + UInt8(n / 10 % 10))
            out.append(zero + UInt8(n % 10))
        } else {
            appendDecimal(n, to: &out)
        }
    }

    /// How many bytes `append(a, b)` writes.
    public func length(_ a: Int, _ b: Int = 0) -> Int {
        if let t = shape {
            let (first, second) = t.swapped ? (b + t.offsets.1, a + t.offsets.0) : (a + t.offsets.0, b + t.offsets.1)
            // `fixed` counts the middle part too, which is empty for one parameter.
            var n = t.fixed + ParameterizedControl.digits(first)
            if t.arity == 2 { n += ParameterizedControl.digits(second) }
            return n
        }
        return cached(a, b).count
    }

    /// The numbers `length` adds, for a writer that weighs motions as plain arithmetic; nil
    /// when no template fits (then only `length` knows).
    var lengthForm: ScreenWriter.LengthForm? {
        guard let t = shape, let fixed = Int32(exactly: t.fixed), let a = Int8(exactly: t.offsets.0), let b = Int8(exactly: t.offsets.1) else { return nil }
        return ScreenWriter.LengthForm(fixed: fixed, offsetA: a, offsetB: b, two: t.arity == 2)
    }

    private func cached(_ a: Int, _ b: Int) -> [UInt8] {
        if b == 0, a >= 0, a < 256 {
            if small.isEmpty { small = Array(repeating: nil, count: 256) }
            if let c = small[a] { return c }
            let c = expand(a, 0)
            small[a] = c
            return c
        }
        let key = a << 16 | (b & 0xffff)
        if let c = cache[key] { return c }
        let c = expand(a, b)
        cache[key] = c
        return c
    }

    static func digits(_ n: Int) -> Int {
        var n = n, d = 1
        if n < 0 { n = -n; d += 1 }
        while n >= 10 { n /= 10; d += 1 }
        return d
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(-n, to: &out)
            return
        }
        if n >= 10 { appendDecimal(n / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    /// The template of a terminfo string made only of bytes that stand for themselves, `%%`,
    /// `%i` (both parameters one more) and each parameter printed once as a decimal
    /// (`%p1%d`, `%p2%d`): what `infer` finds by probing such a string's expansion. Anything
    /// else (padding, conditionals, arithmetic, characters for numbers, a parameter twice or
    /// not at all) is nil, and left to `infer`.
    static func plainTemplate(_ t: [UInt8], arity: Int) -> (parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int)? {
        guard arity == 1 || arity == 2 else { return nil }
        var parts: [[UInt8]] = [[]]
        var order: [Int] = []
        var offset = 0
        var i = 0
        let percent = UInt8(ascii: "%")
        while i < t.count {
            let c = t[i]
            if c == UInt8(ascii: "$"), i + 1 < t.count, t[i + 1] == UInt8(ascii: "<") { return nil }  // padding
            guard c == percent else {
                parts[parts.count - 1].append(c)
                i += 1
                continue
            }
            guard i + 1 < t.count else { return nil }
            switch t[i + 1] {
            case percent:
                parts[parts.count - 1].append(percent)
                i += 2
            case UInt8(ascii: "i"):
                // Once, before any parameter is printed (it changes the parameters from there on).
                guard offset == 0, order.isEmpty else { return nil }
                offset = 1
                i += 2
            case UInt8(ascii: "p"):
                guard i + 4 < t.count, t[i + 3] == percent, t[i + 4] == UInt8(ascii: "d") else { return nil }
                let n = Int(t[i + 2]) - Int(UInt8(ascii: "0"))
                guard n >= 1, n <= arity, !order.contains(n) else { return nil }
                order.append(n)
                parts.append([])
                i += 5
            default:
                return nil
            }
        }
        guard order.count == arity else { return nil }
        if arity == 1 { return ([parts[0], [], parts[1]], (offset, 0), false, 1) }
        return ([parts[0], parts[1], parts[2]], (offset, offset), order == [2, 1], 2)
    }

    /// The template of a control whose expansion is prefix, number(, between, number), suffix,
    /// with each number its parameter or one more (`%i`); checked against the real expansion at
    /// many values, so a form it does not fit is never guessed.
    private static func infer(arity: Int, _ expand: (Int, Int) -> [UInt8]) -> (parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int)? {
        let probe = expand(523, arity == 2 ? 617 : 0)
        func find(_ n: Int, in bytes: [UInt8]) -> (Int, Int)? {
            let d = Array(String(n).utf8)
            guard bytes.count >= d.count else { return nil }
            for i in 0...(bytes.count - d.count) where Array(bytes[i..<i + d.count]) == d { return (i, d.count) }
            return nil
        }
        var candidates: [(parts: [[UInt8]], offsets: (Int, Int), swapped: Bool, arity: Int)] = []
        for o1 in 0...1 {
            guard let (i1, l1) = find(523 + o1, in: probe) else { continue }
            if arity == 1 {
                candidates.append(([Array(probe[..<i1]), [], Array(probe[(i1 + l1)...])], (o1, 0), false, 1))
                continue
            }
            for o2 in 0...1 {
                guard let (i2, l2) = find(617 + o2, in: probe) else { continue }
                if i1 + l1 <= i2 {
                    candidates.append(([Array(probe[..<i1]), Array(probe[(i1 + l1)..<i2]), Array(probe[(i2 + l2)...])], (o1, o2), false, 2))
                } else if i2 + l2 <= i1 {
                    candidates.append(([Array(probe[..<i2]), Array(probe[(i2 + l2)..<i1]), Array(probe[(i1 + l1)...])], (o1, o2), true, 2))
                }
            }
        }
        let samples = [(0, 0), (1, 2), (7, 9), (9, 10), (10, 99), (23, 79), (99, 100), (59, 199), (100, 299), (1000, 4)]
        for c in candidates {
            let fits = samples.allSatisfy { a, b in
                var out: [UInt8] = []
                let (first, second) = c.swapped ? (b + c.offsets.1, a + c.offsets.0) : (a + c.offsets.0, b + c.offsets.1)
                out += c.parts[0]
                appendDecimal(first, to: &out)
                if c.arity == 2 {
                    out += c.parts[1]
                    appendDecimal(second, to: &out)
                }
                out += c.parts[2]
                return out == expand(a, arity == 2 ? b : 0)
            }
            if fits { return c }
        }
        return nil
    }
}

/// What a terminal can be told, read from its terminfo entry: the controls the screen writer
/// chooses between, each nil when the terminal lacks it (only `cup` is required). The writer
/// reads its fields in place (never a copy of the whole: two dozen references to retain).
