import TerminiCore
import TerminiWidgets
import TerminiApp

/// What the umpire does beyond scoring rallies, each one a journal event recorded through
/// `record` (so undo, redo, the export and a watcher see it as any other). The keys that
/// call these live with the key handling.
extension BadmintonApp {
    /// Game 1, before the first rally: the other side serves first (in doubles the choice of
    /// server and receiver is asked again). The side is remembered for the next match, as the
    /// setup dialog's choice is.
    mutating func changeFirstServer(at now: Double) -> [AppEffect] {
        guard !watching, let s = log?.state, s.games.isEmpty, !s.hasRallies, !s.isOver else {
            message = Message("The first server can change only before the first rally (later: a correction).",
                              short: "Only before the first rally.")
            return alertBell
        }
        let team = 1 - s.server
        let effects = record(.firstServer(team: team), at: now)
        guard log?.state.server == team else { return effects }
        defaults.server = team
        message = Message("\(s.teams[team].name) \(s.teams[team].verb("serves", "serve")) first.")
        return effects + [.setPreference(key: BadmintonApp.serverKey, value: SetupDefaults.serverWords[team])]
    }
}
