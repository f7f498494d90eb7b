/// How a file read line by line ended.
public struct LinesRead: Equatable, Sendable {
    /// The last line has no newline (cut short, or damaged).
    public var endsMidLine: Bool
    /// Lines longer than the store's limit, skipped (each is one damaged line).
    public var overlongLines: Int
    public var bytes: Int

    public init(endsMidLine: Bool, overlongLines: Int = 0, bytes: Int) {
        self.endsMidLine = endsMidLine
        self.overlongLines = overlongLines
        self.bytes = bytes
    }

    /// The lines of bytes held in memory, as a store reads a file.
    public static func lines(of bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) -> LinesRead {
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0a {
            body(bytes[start..<i])
            start = i + 1
        }
        if start < bytes.count { body(bytes[start...]) }
        return LinesRead(endsMidLine: bytes.last.map { $0 != 0x0a } ?? false, bytes: bytes.count)
    }
}
