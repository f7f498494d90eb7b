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
/// text, as `JSONEncoder` writes them by default. The text is written by `JSON` (JSON.swift), the
/// one writer of every JSON the program makes.
public enum JSONWriter {
    public typealias Layout = JSON.Layout

    public static func encode<T: Encodable>(_ value: T, layout: Layout) throws -> [UInt8] {
        let root = Slot()
        try Encoding.put(value, into: root, path: [])
        return root.node.json.bytes(layout, sortingKeys: true)
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

    /// The encoder's tree, in boxes since a container is filled after it is handed out; once
    /// encoding is done it becomes the one JSON value type (`json`), written as every JSON
    /// the program makes is.
    enum Node {
        case null
        case bool(Bool)
        /// A number already in JSON form.
        case number(String)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)

        var json: JSON {
            switch self {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .number(let n): return .number(n)
            case .string(let s): return .string(s)
            case .array(let a): return .array(a.items.map(\.json))
            case .object(let o): return JSON(.object(o.items.map { JSON.Member(key: $0.key, node: $0.node.json) }))
            }
        }
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
