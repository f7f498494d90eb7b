import TerminiCore
import TerminiWidgets
/// Reading the user's `config` values the same way everywhere.
public enum PreferenceValue {
    /// `yes`/`true`/`on`/`1` and `no`/`false`/`off`/`0`, any case; nil for anything else.
    public static func bool(_ value: String?) -> Bool? {
        switch value?.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: return nil
        }
    }
}

/// The `sound` preference: whether Termini rings the terminal bell.
/// `sound = yes` rings for game sounds (a punch, the ring bell) and for alerts; `sound = no`
/// never rings; left unset, only alerts ring (a refused key, an interval's last seconds), as
/// terminal programs usually do.
public struct SoundPreference: Sendable, Equatable {
    public static let key = "sound"
    public let setting: Bool?

    public init(_ value: String?) { setting = PreferenceValue.bool(value) }
    public init(store: any StateReader) { self.init(store.preference(SoundPreference.key)) }

    /// Game sounds ring only when the user turned sound on.
    public var effects: Bool { setting == true }
    /// Alerts ring unless the user turned sound off.
    public var alerts: Bool { setting != false }
    /// The bell effect for an alert, or nothing.
    public var alertBell: [AppEffect] { alerts ? [.bell] : [] }
}
