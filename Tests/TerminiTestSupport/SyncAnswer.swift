#if canImport(Glibc)
import Glibc
#endif

/// What a store's deferred sync answers, set by a test before the sync runs. For
/// `FileStore.deferAppendSyncs(_:)`.
public final class SyncAnswer: @unchecked Sendable {
    /// The errno the sync fails with; 0: it really syncs.
    public var error: Int32 = 0
    /// Syncs asked for so far.
    public private(set) var calls = 0

    public init() {}

    public var call: @Sendable (Int32) -> (result: Int32, error: Int32) {
        { [self] fd in
            calls += 1
            if error != 0 { return (-1, error) }
            let r = fdatasync(fd)
            return (r, r == 0 ? 0 : errno)
        }
    }
}
