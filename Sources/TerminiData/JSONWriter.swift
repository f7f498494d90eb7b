#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodable values as JSON text, for the saves made on every key (a journal line, an app's
/// state): the same JSON Foundation's `JSONEncoder` writes with sorted keys, read back by
/// `JSONDecoder` to the same values, at a fraction of its cost (it builds a tree of boxes,
/// sorts keys by Unicode collation and formats through several layers; a Memory flip's
/// save cost 850,000 instructions). Keys are sorted by their UTF-8 bytes; `/` is not escaped;
/// a non-finite number is an error, as it is to `JSONEncoder`; `Data` is base64 and `URL` its
/// text, as `JSONEncoder` writes them by default.
public enum JSONWriter {
    public enum Layout: Sendable {
        /// One line (a journal line).
        case compact
        /// Two spaces a level, `"key" : value`, as `JSONEncoder`'s `.prettyPrinted`.
        case pretty
    }

    public static func encode<T: Encodable>(_ value: T, layout: Layout) throws -> [UInt8] {
        let root = Slot()
        try Encoding.put(value, into: root, path: [])
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(root.node, layout, indent: 0, &out)
        return out
    }

    /// A number as this writer (and JSONEncoder) writes it; nil for one JSON cannot hold.
    /// `shortest`: the value's own shortest text, when it was a narrower type (a Float).
    public static func number(_ v: Double, shortest: String? = nil) -> String? {
        guard v.isFinite else { return nil }
        // Whole numbers without a fraction, as JSONEncoder writes them ("3", not "3.0").
        if v == 0 && v.sign == .minus { return "-0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return shortest ?? v.description
    }

    // MARK: The tree

    enum Node {
        case null
        case bool(Bool)
        /// A number already in JSON form.
        case number(String)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)
    }

    final class ArrayBox { var items: [Node] = [] }
    final class ObjectBox {
        var items: [(key: String, node: Node)] = []
        func set(_ key: String, _ node: Node) {
            // Encoding a key twice keeps the last value, as JSONEncoder does.
            if let i = items.firstIndex(where: { $0.key == key }) {
                items[i].node = node
            } else {
                items.append((key, node))
            }
        }
    }

    /// Where one value goes: the top level, a key of an object, a place in an array.
    final class Slot {
        var node: Node = .object(ObjectBox())
        var filled = false
    }

    // MARK: Text

    static func write(_ node: Node, _ layout: Layout, indent: Int, _ out: inout [UInt8]) {
        switch node {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let n): out += n.utf8
        case .string(let s): writeString(s, &out)
        case .array(let a):
            guard !a.items.isEmpty else { empty("[", "]", layout, indent, &out); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in a.items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(layout, indent + 1, &out)
                write(item, layout, indent: indent + 1, &out)
            }
            newline(layout, indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            guard !o.items.isEmpty else { empty("{", "}", layout, indent, &out); return }
            out.append(UInt8(ascii: "{"))
            let sorted = o.items.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, item) in sorted.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(layout, indent + 1, &out)
                writeString(item.key, &out)
                out += layout == .pretty ? " : ".utf8 : ":".utf8
                write(item.node, layout, indent: indent + 1, &out)
            }
            newline(layout, indent, &out)
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
    /// its UTF-8 (a Swift string is always valid Unicode, so the bytes are too).
    static func writeString(_ s: String, _ out: inout [UInt8]) {
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

    // MARK: The Encoder

    struct Encoding: Encoder {
        let slot: Slot
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// Encodes `value` into `slot`: numbers, strings and booleans directly, anything else
        /// by its own `encode(to:)`.
        static func put<T: Encodable>(_ value: T, into slot: Slot, path: [any CodingKey]) throws {
            if let n = try primitive(value, path: path) {
                slot.node = n
                slot.filled = true
                return
            }
            try value.encode(to: Encoding(slot: slot, codingPath: path))
        }

        static func node<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> Node {
            if let n = try primitive(value, path: path) { return n }
            let s = Slot()
            try value.encode(to: Encoding(slot: s, codingPath: path))
            return s.node
        }

        /// The node of a value JSON has a form for (or Foundation's JSONEncoder gives one).
        static func primitive<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> Node? {
            // Compared by type first: a cast that fails costs more than a pointer comparison.
            if T.self == String.self, let v = value as? String { return .string(v) }
            if T.self == Int.self, let v = value as? Int { return .number(String(v)) }
            if T.self == Bool.self, let v = value as? Bool { return .bool(v) }
            if T.self == Double.self, let v = value as? Double { return try number(v, path: path) }
            if T.self == Int64.self || T.self == Int32.self || T.self == Int16.self || T.self == Int8.self
                || T.self == UInt.self || T.self == UInt64.self || T.self == UInt32.self || T.self == UInt16.self || T.self == UInt8.self,
                let v = value as? any BinaryInteger {
                return .number(String(v))
            }
            if T.self == Float.self, let v = value as? Float { return try number(Double(v), path: path, text: v.description) }
            if T.self == Data.self, let v = value as? Data { return .string(v.base64EncodedString()) }
            if T.self == URL.self, let v = value as? URL { return .string(v.absoluteString) }
            return nil
        }

        static func number(_ v: Double, path: [any CodingKey], text: String? = nil) throws -> Node {
            guard let t = JSONWriter.number(v, shortest: text) else {
                throw EncodingError.invalidValue(v, EncodingError.Context(codingPath: path, debugDescription: "\(v) cannot be written as JSON"))
            }
            return .number(t)
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let box: ObjectBox
            if slot.filled, case .object(let o) = slot.node {
                box = o
            } else {
                box = ObjectBox()
                slot.node = .object(box)
                slot.filled = true
            }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            let box: ArrayBox
            if slot.filled, case .array(let a) = slot.node {
                box = a
            } else {
                box = ArrayBox()
                slot.node = .array(box)
                slot.filled = true
            }
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: ObjectBox
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
        mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            box.set(key.stringValue, try Encoding.number(value, path: codingPath + [key]))
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(key.stringValue, try Encoding.node(value, path: codingPath + [key]))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let o = ObjectBox()
            box.set(key.stringValue, .object(o))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: o, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let a = ArrayBox()
            box.set(key.stringValue, .array(a))
            return Unkeyed(box: a, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }
        private func superEncoder(named name: String) -> any Encoder {
            let s = Slot()
            box.set(name, .null)
            return Deferred(slot: s, codingPath: codingPath) { [box] in box.set(name, s.node) }
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: ArrayBox
        var codingPath: [any CodingKey]
        var count: Int { box.items.count }

        mutating func encodeNil() throws { box.items.append(.null) }
        mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
        mutating func encode(_ value: Int) throws { box.items.append(.number(String(value))) }
        mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
        mutating func encode(_ value: Double) throws { box.items.append(try Encoding.number(value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try Encoding.node(value, path: codingPath)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let o = ObjectBox()
            box.items.append(.object(o))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: o, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let a = ArrayBox()
            box.items.append(.array(a))
            return Unkeyed(box: a, codingPath: codingPath)
        }
        mutating func superEncoder() -> any Encoder {
            let s = Slot()
            let i = box.items.count
            box.items.append(.null)
            return Deferred(slot: s, codingPath: codingPath) { [box] in box.items[i] = s.node }
        }
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        var codingPath: [any CodingKey]
        mutating func encodeNil() throws { set(.null) }
        mutating func encode(_ value: String) throws { set(.string(value)) }
        mutating func encode(_ value: Bool) throws { set(.bool(value)) }
        mutating func encode(_ value: Int) throws { set(.number(String(value))) }
        mutating func encode(_ value: Double) throws { set(try Encoding.number(value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { set(try Encoding.node(value, path: codingPath)) }
        private func set(_ n: Node) {
            slot.node = n
            slot.filled = true
        }
    }

    /// A super-encoder: what is encoded into it lands in its place when asked for, since the
    /// caller may fill it after the container that made it.
    final class Deferred: Encoder {
        let slot: Slot
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        let land: () -> Void
        init(slot: Slot, codingPath: [any CodingKey], land: @escaping () -> Void) {
            self.slot = slot
            self.codingPath = codingPath
            self.land = land
        }
        deinit { land() }
        private var inner: Encoding { Encoding(slot: slot, codingPath: codingPath) }
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
        func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
    }
}
