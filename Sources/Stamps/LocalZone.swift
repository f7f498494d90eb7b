#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the app layer turns wall-clock seconds into local calendar days. The model never
/// sees a time zone; tests pin a fixed offset so they pass anywhere.
enum LocalZone: Equatable, Sendable {
    /// The system's local time zone (`TZ`, `/etc/localtime`), daylight saving included.
    case system
    /// A fixed offset from UTC in seconds.
    case fixed(Int)

    /// The local offset from UTC at `t`, in seconds.
    func offset(at t: Double) -> Int {
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

    func moment(at t: Double) -> LocalMoment {
        LocalMoment(epochSeconds: t, utcOffset: offset(at: t))
    }

    func day(at t: Double) -> CalendarDay { moment(at: t).day }

    /// The wall-clock time of local midnight starting `day`. The offset is taken near that
    /// moment, so a daylight-saving change the night before is accounted for.
    func startOfDay(_ day: CalendarDay) -> Double {
        let utcMidnight = Double(day.ordinal) * 86_400
        let guess = utcMidnight - Double(offset(at: utcMidnight))
        return utcMidnight - Double(offset(at: guess))
    }
}
