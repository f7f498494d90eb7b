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
    static func callTables(_ store: any StateReader) -> (CallTable, [CallTable]) {
        let own = store.fileNames().filter { $0.hasSuffix(".calls") }.map { String($0.dropLast(6)) }.filter(CallTable.isCode)
        let extra = own.filter { !CallTables.codes.contains($0) }.prefix(ownTablesLimit)
        var tables: [CallTable] = []
        for code in CallTables.codes + extra {
            tables.append(CallTable.resolve(code, user: own.contains(code) ? store.readBytes("\(code).calls") : nil))
        }
        let chosen = store.preference(callsKey)?.lowercased() ?? "en"
        let table = tables.first { $0.code == chosen } ?? CallTable.resolve(chosen, user: nil)
        if let notice = table.notice { store.notice(notice) }
        return (table, tables)
    }

    static var callsBindings: [B] {
        [
            B([.char("L")], "the language of the calls: English, Deutsch, Français, Nederlands, your own LANG.calls (kept as badminton.calls)",
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
