import TerminiCore
import BadmintonRules
import TerminiApp

/// The language of the umpire's calls: `badminton.calls` in the config, `L` to step through
/// the shipped tables and the user's own (`LANG.calls` in the config directory).
extension BadmintonApp {
    /// The most of the user's own tables read at a start.
    static let ownTablesLimit = 20

    /// The languages `L` steps through — the shipped ones, then the user's own — with the
    /// user's tables as read at the start. A table is parsed when it is chosen, not before:
    /// a start parses only the one in use.
    struct Languages: Equatable, Sendable {
        var codes: [String] = CallTables.codes
        var own: [String: [UInt8]] = [:]

        init() {}

        init(_ store: any StateReader) {
            let ownCodes = store.fileNames().filter { $0.hasSuffix(".calls") }.map { String($0.dropLast(6)) }.filter(CallTable.isCode)
            codes = CallTables.codes + ownCodes.filter { !CallTables.codes.contains($0) }.prefix(BadmintonApp.ownTablesLimit)
            for code in ownCodes where codes.contains(code) { own[code] = store.readBytes("\(code).calls") }
        }

        func table(_ code: String) -> CallTable { CallTable.resolve(code, user: own[code]) }
    }

    /// The table `badminton.calls` names (its problems said once, as a notice), and the
    /// languages `L` steps through.
    static func callTable(_ store: any StateReader, notify: Bool = true) -> (CallTable, Languages) {
        let languages = Languages(store)
        let chosen = store.preference(callsKey)?.lowercased() ?? "en"
        let table = languages.codes.contains(chosen) ? languages.table(chosen) : CallTable.resolve(chosen, user: nil)
        if notify, let notice = table.notice { store.notice(notice) }
        return (table, languages)
    }

    /// A bar wide enough for the umpire's rarer keys (o, r, L) after all the others.
    static func wideBar(_ context: AppContext) -> Bool { context.size.width >= 120 }

    /// The hall's calls language as this directory chooses it (`badminton.calls`, a user's
    /// own table included), for the words the desk says beside the umpire's.
    public static func hallCalls(_ store: any StateReader) -> CallTable { callTable(store, notify: false).0 }

    /// F7's row: the language of the calls, every table `L` steps through.
    public static func settings(store: any StateReader) -> [AppSetting] {
        let (table, languages) = callTable(store, notify: false)
        let choices = languages.codes.map(languages.table).map { AppSetting.Choice($0.code, "\(TextLayout.sanitized($0.name)) (\($0.code))") }
        return [AppSetting(key: callsKey, label: "Calls", choices: choices, value: table.code)]
    }

    /// The language chosen in F7: the calls are in it at once.
    public mutating func settingChanged(_ key: String, to value: String, context: AppContext) -> [AppEffect] {
        guard key == BadmintonApp.callsKey, languages.codes.contains(value) else { return [] }
        calls = languages.table(value)
        spokenCall = nil
        sayLanguage()
        return speechEffects(at: context.now)
    }

    /// The language of the calls on the prompt line (after L, and after F7: a message of the
    /// last language chosen must not stay).
    mutating func sayLanguage() {
        let name = TextLayout.sanitized(calls.name)
        message = Message("The calls are in \(name) (\(calls.code)); L for the next language." + (calls.notice.map { " " + $0 } ?? ""),
                          short: "Calls: \(name).")
    }

    static var callsBindings: [B] {
        [
            B([.char("L")], hint: .init(priority: 2, at: { _, ctx in BadmintonApp.wideBar(ctx) ? "Calls" : nil }), "the language of the calls: English, German, French, Dutch, your own LANG.calls (kept as badminton.calls)",
              when: { !$0.watching }) { app, _, ctx in app.nextLanguage(at: ctx.now) },
        ]
    }

    /// The next language of the calls, remembered in `config`; the call of the moment is said
    /// in it at once when the calls are spoken.
    mutating func nextLanguage(at now: Double) -> [AppEffect] {
        let codes = languages.codes
        let i = codes.firstIndex(of: calls.code) ?? -1
        calls = codes.isEmpty ? .english : languages.table(codes[(i + 1) % codes.count])
        spokenCall = nil
        sayLanguage()
        return [.setPreference(key: BadmintonApp.callsKey, value: calls.code)] + speechEffects(at: now)
    }
}
