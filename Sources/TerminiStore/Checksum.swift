/// CRC-32 (IEEE 802.3, as zlib computes it): tells a side file written whole from one a power
/// cut left short or full of zeros.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func of<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var r = Running()
        r.add(bytes)
        return r.value
    }

    /// A CRC-32 taken a piece at a time (a file read in chunks).
    struct Running {
        private var c: UInt32 = 0xFFFF_FFFF
        mutating func add<C: Collection>(_ bytes: C) where C.Element == UInt8 {
            for b in bytes { c = CRC32.table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        var value: UInt32 { c ^ 0xFFFF_FFFF }
    }
}

/// What a file held, in a few characters: its length and CRC-32. A side file names the
/// content it replaces this way, so a start can tell "newer than the file" from "left over".
public struct ContentIdentity: Hashable, Sendable, CustomStringConvertible {
    public var length: Int
    public var crc: UInt32

    public init<C: Collection>(of bytes: C) where C.Element == UInt8 {
        length = bytes.count
        crc = CRC32.of(bytes)
    }

    init(length: Int, crc: UInt32) {
        self.length = length
        self.crc = crc
    }

    /// `812-1a2b3c4d`
    public var description: String {
        let hex = String(crc, radix: 16)
        return "\(length)-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    init?(length: Substring, crc: Substring) {
        guard length.count <= 12, crc.count == 8, let l = Int(length), l >= 0, let c = UInt32(crc, radix: 16) else { return nil }
        self.init(length: l, crc: c)
    }
}
