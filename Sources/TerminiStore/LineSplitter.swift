import TerminiApp
import TerminiData

/// Splits a stream of bytes into lines, skipping (and counting) lines over a length limit.
struct LineSplitter {
    let limit: Int
    private var partial: [UInt8] = []
    private var overlong = false
    private var overlongLines = 0
    private var total = 0
    private var lastByte: UInt8?
    /// Where the bytes fed begin in their file.
    private let base: Int

    init(limit: Int, base: Int = 0) {
        self.limit = limit
        self.base = base
    }

    mutating func feed(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        feed(bytes) { line, _ in body(line) }
    }

    /// The same, each line with the offset it starts at (counted from `base`).
    mutating func feed(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>, Int) -> Void) {
        let before = base + total
        total += bytes.count
        if let l = bytes.last { lastByte = l }
        var start = bytes.startIndex
        while let nl = bytes[start...].firstIndex(of: 0x0a) {
            let piece = bytes[start..<nl]
            if overlong || partial.count + piece.count > limit {
                overlongLines += 1
            } else if partial.isEmpty {
                body(piece, before + (start - bytes.startIndex))
            } else {
                let at = before + (start - bytes.startIndex) - partial.count
                partial.append(contentsOf: piece)
                body(partial[...], at)
            }
            partial.removeAll(keepingCapacity: true)
            overlong = false
            start = nl + 1
        }
        let rest = bytes[start...]
        if overlong || partial.count + rest.count > limit {
            overlong = true
            partial.removeAll()
        } else {
            partial.append(contentsOf: rest)
        }
    }

    mutating func finish(_ body: (ArraySlice<UInt8>) -> Void) -> LinesRead {
        finish { line, _ in body(line) }
    }

    mutating func finish(_ body: (ArraySlice<UInt8>, Int) -> Void) -> LinesRead {
        if overlong {
            overlongLines += 1
        } else if !partial.isEmpty {
            body(partial[...], base + total - partial.count)
        }
        return LinesRead(endsMidLine: lastByte.map { $0 != 0x0a } ?? false, overlongLines: overlongLines, bytes: total)
    }

    static func lines(of bytes: [UInt8], limit: Int, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead {
        var s = LineSplitter(limit: limit)
        s.feed(bytes[...], body)
        return s.finish(body)
    }
}
