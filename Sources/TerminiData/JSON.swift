/// One JSON value, the program's one form of JSON: what it writes (`--status --json`,
/// `--export json`, the desk's results, the saves `JSONWriter` makes from `Encodable` values)
/// and what it reads where a message must name a line (a coffee catalog written by hand).
/// Every piece of JSON text the program makes goes through `write` below, so there is one
/// place that escapes a string and lays out a value.
///
/// A value read from a file knows the line (1-based) where it starts; one the program builds
/// has line 0. Objects keep their members in the order given (the order they are written),
/// unless `write` is asked to sort them, as `JSONWriter` does to write what JSONEncoder's
/// `.sortedKeys` writes.
public struct JSON: Equatable, Sendable {
    public indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        /// A number already in JSON form (as read, checked against the grammar; or as made).
        case number(String)
        case string(String)
        case array([JSON])
        case object([Member])
    }

    /// A key of an object, the line where the key is, and its value.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var line: Int
        public var node: JSON
        public init(key: String, line: Int = 0, node: JSON) {
            self.key = key
            self.line = line
            self.node = node
        }
    }

    public var value: Value
    public var line: Int

    public init(_ value: Value, line: Int = 0) {
        self.value = value
        self.line = line
    }

    public enum Layout: Sendable {
        /// One line (a journal line, a status).
        case compact
        /// Two spaces a level, `"key" : value`, as `JSONEncoder`'s `.prettyPrinted`.
        case pretty
    }

    // MARK: Building

    public static let null = JSON(.null)
    public static func bool(_ b: Bool) -> JSON { JSON(.bool(b)) }
    public static func string(_ s: String) -> JSON { JSON(.string(s)) }
    /// Text, or null for none.
    public static func string(_ s: String?) -> JSON { s.map { JSON(.string($0)) } ?? .null }
    public static func int(_ n: some BinaryInteger) -> JSON { JSON(.number(String(n))) }
    /// A whole number, or null for none.
    public static func int<N: BinaryInteger>(_ n: N?) -> JSON { n.map { JSON(.number(String($0))) } ?? .null }
    /// A number as JSONWriter writes it (`3`, `0.5`); null for one JSON cannot hold.
    public static func double(_ v: Double) -> JSON { JSONWriter.number(v).map { JSON(.number($0)) } ?? .null }
    /// A number given in JSON form (`MatchReport.decimal`'s, `JSONWriter.number`'s).
    public static func number(_ text: String) -> JSON { JSON(.number(text)) }
    public static func array(_ items: [JSON]) -> JSON { JSON(.array(items)) }
    /// An object with its members in this order.
    public static func object(_ members: KeyValuePairs<String, JSON>) -> JSON {
        JSON(.object(members.map { Member(key: $0.key, node: $0.value) }))
    }
    public static func object(_ members: [(String, JSON)]) -> JSON {
        JSON(.object(members.map { Member(key: $0.0, node: $0.1) }))
    }

    /// What the value is, for messages: "a string", "an object".
    public var kind: String {
        switch value {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "text"
        case .number: return "a number"
        case .bool: return "true/false"
        case .null: return "null"
        }
    }

    // MARK: Writing

    /// The value as JSON text. `sortingKeys`: each object's members by their keys' UTF-8 bytes.
    public func bytes(_ layout: Layout = .compact, sortingKeys: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(layout, sortingKeys: sortingKeys, indent: 0, &out)
        return out
    }

    /// The value as JSON text, in a String.
    public func text(_ layout: Layout = .compact) -> String {
        String(decoding: bytes(layout), as: UTF8.self)
    }

    public func write(_ layout: Layout, sortingKeys: Bool, indent: Int, _ out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let n): out += n.utf8
        case .string(let s): JSON.writeString(s, &out)
        case .array(let items):
            guard !items.isEmpty else { JSON.empty("[", "]", layout, indent, &out); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.newline(layout, indent + 1, &out)
                item.write(layout, sortingKeys: sortingKeys, indent: indent + 1, &out)
            }
            JSON.newline(layout, indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { JSON.empty("{", "}", layout, indent, &out); return }
            out.append(UInt8(ascii: "{"))
            let ordered = sortingKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (i, m) in ordered.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.newline(layout, indent + 1, &out)
                JSON.writeString(m.key, &out)
                out += layout == .pretty ? " : ".utf8 : ":".utf8
                m.node.write(layout, sortingKeys: sortingKeys, indent: indent + 1, &out)
            }
            JSON.newline(layout, indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// An empty array or object: `[]`, or in the pretty layout an empty line between its
    /// brackets, as JSONEncoder writes it.
    private static func empty(_ open: Unicode.Scalar, _ close: Unicode.Scalar, _ layout: Layout, _ indent: Int, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: open))
        if layout == .pretty {
            out.append(UInt8(ascii: "\n"))
            newline(layout, indent, &out)
        }
        out.append(UInt8(ascii: close))
    }

    private static func newline(_ layout: Layout, _ indent: Int, _ out: inout [UInt8]) {
        guard layout == .pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out += repeatElement(UInt8(ascii: " "), count: 2 * indent)
    }

    /// A JSON string: quotes, backslashes and the C0 controls escaped, everything else as
    /// its UTF-8 (a Swift string is always valid Unicode, so the bytes are too); `/` is not
    /// escaped.
    public static func writeString(_ s: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x0a: out += "\\n".utf8
            case 0x0d: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0x08: out += "\\b".utf8
            case 0x0c: out += "\\f".utf8
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += "\\u00".utf8
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xf)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
