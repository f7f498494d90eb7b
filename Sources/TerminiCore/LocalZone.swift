#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an app learns the local offset from UTC, to show times and days as the clock on the
/// wall reads them. Models and files keep UTC; tests pin a fixed offset so they pass anywhere.
public enum LocalZone: Equatable, Sendable {
    /// The system's local time zone (`TZ`, `/etc/localtime`), daylight saving included.
    case system
    /// A fixed offset from UTC in seconds.
    case fixed(Int)

    /// The local offset from UTC at `t` (seconds since the epoch), in seconds.
    public func offset(at t: Double) -> Int {
        switch self {
        case .fixed(let s): return s
        case .system:
            guard t.isFinite, abs(t) < 1e15 else { return 0 }
            var clock = time_t(t.rounded(.down))
            var parts = tm()
            guard localtime_r(&clock, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        }
    }
}
