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

    init(limit: Int) { self.limit = limit }

    mutating func feed(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        total += bytes.count
        if let l = bytes.last { lastByte = l }
        var start = bytes.startIndex
        while let nl = bytes[start...].firstIndex(of: 0x0a) {
            let piece = bytes[start..<nl]
            if overlong || partial.count + piece.count > limit {
                overlongLines += 1
            } else if partial.isEmpty {
                body(piece)
            } else {
                partial.append(contentsOf: piece)
                body(partial[...])
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
        if overlong {
            overlongLines += 1
        } else if !partial.isEmpty {
            body(partial[...])
        }
        return LinesRead(endsMidLine: lastByte.map { $0 != 0x0a } ?? false, overlongLines: overlongLines, bytes: total)
    }

    static func lines(of bytes: [UInt8], limit: Int, _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead {
        var s = LineSplitter(limit: limit)
        s.feed(bytes[...], body)
        return s.finish(body)
    }
}
