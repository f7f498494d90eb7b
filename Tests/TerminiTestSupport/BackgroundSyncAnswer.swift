#if canImport(Glibc)
import Glibc
#endif

/// What a store's background sync answers, set by a test before the append (the sync thread
/// reads it after the store's hand-over, under the store's lock: no race). For
/// `FileStore.syncAppendsInBackground(_:)`.
public final class SyncAnswer: @unchecked Sendable {
    /// The errno the sync fails with; 0: it really syncs.
    public var error: Int32 = 0
    /// Syncs asked for so far, and the threads they ran on.
    public private(set) var calls = 0
    public private(set) var threads: Set<UInt> = []

    public init() {}

    public var call: @Sendable (Int32) -> (result: Int32, error: Int32) {
        { [self] fd in
            calls += 1
            threads.insert(UInt(pthread_self()))
            if error != 0 { return (-1, error) }
            let r = fdatasync(fd)
            return (r, r == 0 ? 0 : errno)
        }
    }
}
