import TerminiKit
import TerminiStore

/// The preference keys Termini reads from `config`, with what each does (for the manual).
public enum PreferenceKey {
    public static let theme = "theme"
    public static let ascii = "ascii"
    public static let color = "color"
    public static let lastApp = "last_app"
    public static let sound = "sound"

    public static let documented: [(key: String, values: String, meaning: String)] = [
        (theme, "NAME", "the theme (t in the launcher cycles and saves it)"),
        (ascii, "yes|no", "draw with ASCII characters only"),
        (color, "yes|no", "no draws in monochrome, as NO_COLOR does"),
        (sound, "yes|no", "yes: bell for game sounds and alerts; no: never; unset: alerts only"),
        (lastApp, "APP", "the app used last, preselected in the launcher"),
    ]

    public static func bool(_ v: String?) -> Bool? { PreferenceValue.bool(v) }
}

/// Apps read through this: their own files from the store, preferences from `config`.
final class AppStateReader: StateReader {
    let store: any StateStore
    let preferences: () -> ConfigFile

    init(store: any StateStore, preferences: @escaping () -> ConfigFile) {
        self.store = store
        self.preferences = preferences
    }

    func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        store.load(type, from: file, version: version)
    }
    func readBytes(_ file: String) -> [UInt8]? { store.readBytes(file) }
    func keepAside(_ file: String, reason: String) -> String? { store.keepAside(file, reason: reason) }
    func lock(_ name: String) -> Bool { store.lock(name) }
    func unlock(_ name: String) { store.unlock(name) }
    func notice(_ text: String) { store.notice(text) }
    var canWrite: Bool { store.canWrite }
    func preference(_ key: String) -> String? { preferences().value(key) }
}
