import TerminiCore
import TerminiApp
import TerminiStore

/// The `config` file as the executor's preference book: a change rewrites one line of the
/// file as it is on disk then (another copy's settings kept).
final class ConfigPreferences: PreferenceBook {
    var file: ConfigFile {
        didSet { fileBytes = nil }
    }
    /// The bytes `file` was read from, when it was: the config on disk is most often what
    /// this book adopted last (an app's start sets several preferences in a row), and is then
    /// not read again.
    private var fileBytes: [UInt8]?
    /// `bytes`: what `file` was parsed from, when it was (the start's config, so the first
    /// preference an app sets does not parse it again).
    init(_ file: ConfigFile, bytes: [UInt8]? = nil) {
        self.file = file
        fileBytes = bytes
    }
    func value(_ key: String) -> String? { file.value(key) }
    func applying(_ key: String, _ value: String, to current: [UInt8]?) -> [UInt8]? {
        // Not text (damaged since the start): this copy's own lines are written instead.
        // No config on disk (removed meanwhile): this copy's settings are written back.
        var f = current.map { $0 == fileBytes ? file : String(validating: $0, as: UTF8.self).map(ConfigFile.init(text:)) ?? file } ?? file
        guard f.set(key, value) else { return nil }
        return Array(f.text.utf8)
    }
    func adopt(_ content: [UInt8]?) {
        guard let content, content != fileBytes, let text = String(validating: content, as: UTF8.self) else { return }
        file = ConfigFile(text: text)
        fileBytes = content
    }
    var content: [UInt8] { Array(file.text.utf8) }
}
