#if canImport(Glibc)
import Glibc
#endif

/// A value shared between threads, behind a lock (tests that run cases in parallel). A
/// pthread mutex, not Foundation's NSLock: termini-bench links this module statically, with
/// no Foundation in it.
public final class Locked<V>: @unchecked Sendable {
    private var value: V
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ v: V) {
        value = v
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<R>(_ body: (inout V) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
