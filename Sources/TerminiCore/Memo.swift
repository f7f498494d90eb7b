#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The last results of a pure function of text (a width, a wrap): a frame measures and wraps
/// the same strings as the frame before, and looking them up costs a hash of the bytes where
/// working them out costs grapheme breaking and measuring every scalar. Full, it starts again
/// (the strings of one screen are far fewer than its capacity).
public final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline let table = Mutex<[Key: Value]>([:])
    @usableFromInline let capacity: Int

    public init(capacity: Int = 512) { self.capacity = capacity }

    /// The value for `key`, made by `make` (outside the lock: it may use other memos) when new.
    /// Inlinable, so it is specialised for each memo's types: run generically, every look-up
    /// asked the runtime for the metadata of the dictionary and its optionals.
    @inlinable
    public func value(_ key: Key, _ make: () -> Value) -> Value {
        if let v = table.withLock({ $0[key] }) { return v }
        let v = make()
        table.withLock { t in
            if t.count >= capacity { t.removeAll(keepingCapacity: true) }
            t[key] = v
        }
        return v
    }
}

/// A key of text and a number (a width): compared by the exact scalars, as the canvas does.
public struct TextAtWidth: Hashable, Sendable {
    public let text: String
    public let width: Int
    public let extra: String
    public init(_ text: String, _ width: Int, _ extra: String = "") {
        self.text = text
        self.width = width
        self.extra = extra
    }
    public static func == (a: TextAtWidth, b: TextAtWidth) -> Bool {
        a.width == b.width && sameBytes(a.text, b.text) && sameBytes(a.extra, b.extra)
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let fast = a.utf8.withContiguousStorageIfAvailable { pa in
            b.utf8.withContiguousStorageIfAvailable { pb in
                pa.isEmpty || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
        return (fast ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } ?? { for b in text.utf8 { hasher.combine(b) } }()
        hasher.combine(0xff as UInt8)
        extra.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } ?? { for b in extra.utf8 { hasher.combine(b) } }()
    }
}
