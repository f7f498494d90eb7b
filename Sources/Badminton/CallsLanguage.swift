import TerminiCore
import BadmintonRules
import TerminiApp

/// The language of the umpire's calls: `badminton.calls` in the config, `L` to step through
/// the shipped tables and the user's own (`LANG.calls` in the config directory).
extension BadmintonApp {
    /// The most of the user's own tables read at a start.
    static let ownTablesLimit = 20

    /// The table `badminton.calls` names (its problems said once, as a notice), and every
    /// language `L` steps through: the shipped ones, then the user's own.
    static func callTables(_ store: any StateReader, notify: Bool = true) -> (CallTable, [CallTable]) {
        let own = store.fileNames().filter { $0.hasSuffix(".calls") }.map { String($0.dropLast(6)) }.filter(CallTable.isCode)
        let extra = own.filter { !CallTables.codes.contains($0) }.prefix(ownTablesLimit)
        var tables: [CallTable] = []
        for code in CallTables.codes + extra {
            tables.append(CallTable.resolve(code, user: own.contains(code) ? store.readBytes("\(code).calls") : nil))
        }
        let chosen = store.preference(callsKey)?.lowercased() ?? "en"
        let table = tables.first { $0.code == chosen } ?? CallTable.resolve(chosen, user: nil)
        if notify, let notice = table.notice { store.notice(notice) }
        return (table, tables)
    }

    /// F7's row: the language of the calls, every table `L` steps through.
    public static func settings(store: any StateReader) -> [AppSetting] {
        let (table, tables) = callTables(store, notify: false)
        let choices = tables.map { AppSetting.Choice($0.code, "\(TextLayout.sanitized($0.name)) (\($0.code))") }
        return [AppSetting(key: callsKey, label: "Calls", choices: choices, value: table.code)]
    }

    /// The language chosen in F7: the calls are in it at once.
    public mutating func settingChanged(_ key: String, to value: String, context: AppContext) -> [AppEffect] {
        guard key == BadmintonApp.callsKey, let table = languages.first(where: { $0.code == value }) else { return [] }
        calls = table
        spokenCall = nil
        return speechEffects(at: context.now)
    }

    static var callsBindings: [B] {
        [
            B([.char("L")], "the language of the calls: English, German, French, Dutch, your own LANG.calls (kept as badminton.calls)",
              when: { !$0.watching }) { app, _, ctx in app.nextLanguage(at: ctx.now) },
        ]
    }

    /// The next language of the calls, remembered in `config`; the call of the moment is said
    /// in it at once when the calls are spoken.
    mutating func nextLanguage(at now: Double) -> [AppEffect] {
        let i = languages.firstIndex { $0.code == calls.code } ?? -1
        calls = languages.isEmpty ? .english : languages[(i + 1) % languages.count]
        spokenCall = nil
        let name = TextLayout.sanitized(calls.name)
        message = Message("The calls are in \(name) (\(calls.code)); L for the next language." + (calls.notice.map { " " + $0 } ?? ""),
                          short: "Calls: \(name).")
        return [.setPreference(key: BadmintonApp.callsKey, value: calls.code)] + speechEffects(at: now)
    }
}
