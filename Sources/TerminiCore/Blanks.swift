extension StringProtocol {
    /// Without the blanks at either end: spaces, tabs, and the CR a file saved with CRLF line
    /// ends leaves. What every `key = value` reader (config, themes) and the catalog trim.
    public var trimmingBlanks: Substring {
        var s = Substring(self)
        while let f = s.first, f.isBlank { s = s.dropFirst() }
        while let l = s.last, l.isBlank { s = s.dropLast() }
        return s
    }
}

extension Character {
    fileprivate var isBlank: Bool { self == " " || self == "\t" || self == "\r" }
}
