import Foundation

/// A value shared between threads, behind a lock (tests that run cases in parallel).
public final class Locked<V>: @unchecked Sendable {
    private var value: V
    private let lock = NSLock()
    public init(_ v: V) { value = v }
    public func withLock<R>(_ body: (inout V) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
