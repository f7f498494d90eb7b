extension StringProtocol {
    /// Without the blanks at either end: spaces, tabs, and the CR a file saved with CRLF line
    /// ends leaves. What every `key = value` reader (config, themes) and the catalog trim.
    /// A blank is a whole Character: a space joined to a combining mark after it (or to a
    /// prepended mark before it) is not one, nor is the CR of "\r\n".
    public var trimmingBlanks: Substring {
        var s = Substring(self)
        // Byte by byte where the neighbour is ASCII, so the blank is a Character of its own
        // (only CR LF joins two ASCII scalars); otherwise Character by Character. Every theme
        // and config line at a start is trimmed, and grapheme breaking made that the most of it.
        while let f = s.utf8.first, f.isBlankByte {
            let next = s.utf8.dropFirst().first
            if let next, next >= 0x80 {
                guard let c = s.first, c.isBlank else { break }
                s = s.dropFirst()
                continue
            }
            if f == 0x0D && next == 0x0A { break }
            s = s[s.utf8.index(after: s.utf8.startIndex)...]
        }
        while let l = s.utf8.last, l.isBlankByte {
            let before = s.utf8.dropLast().last
            if let before, before >= 0x80 {
                guard let c = s.last, c.isBlank else { break }
                s = s.dropLast()
                continue
            }
            s = s[..<s.utf8.index(before: s.utf8.endIndex)]
        }
        return s
    }
}

extension UInt8 {
    fileprivate var isBlankByte: Bool { self == 0x20 || self == 0x09 || self == 0x0D }
}

extension Character {
    fileprivate var isBlank: Bool { self == " " || self == "\t" || self == "\r" }
}
