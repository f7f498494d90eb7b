import TerminiApp
import TerminiDesk
import TerminiHall
import BadmintonRules

/// `termini desk`: the tournament desk, a command of its own beside the apps (not an app of
/// the launcher). Its options are in the one table that makes `--help`, the manual and the
/// completions, as an app's are. The command line is fixed (issue 27):
///
///     termini desk --hall URL --results csv|json           every finished match
///
/// (`--matches FILE.csv`, the desk's screen, and `--call MATCH --court N` come with the hall's
/// calls to court.)
public enum DeskCommand {
    public static let descriptor = AppDescriptor(
        id: "desk", name: "Desk",
        summary: "the tournament desk: order of play, calls, results",
        options: [
            OptionSpec(DeskOption.hall, value: "URL", help: "the hall's broker, mqtt://HOST[:PORT][/HALL] (else hall = URL in the config)"),
            OptionSpec(DeskOption.hallCredentials, value: "FILE", values: .file, help: "the desk's user and password (user = and password = lines), never on the command line"),
            OptionSpec(DeskOption.results, value: "FORMAT", values: .choices(DeskResultsWriter.Format.allCases.map(\.rawValue)),
                       help: "print every finished match (number, event, round, teams, winner, games, how it ended, times, shuttles, officials, cards) as csv or json, then exit"),
        ])

    /// Why a desk command line cannot be run; nil when it can.
    public static func validate(_ options: AppOptions) -> String? {
        let o = DeskOptions(options)
        if o.results == nil { return "termini desk needs --results csv|json" }
        if let f = o.results, DeskResultsWriter.Format(rawValue: f) == nil {
            return "--results takes csv or json, not '\(CommandLineParser.clean(f))'"
        }
        if let h = o.hall, case .failure(let e) = HallAddress.parse(h) { return "--hall: \(e)" }
        return nil
    }
}

extension DeskCommand {
    /// `--results csv|json`: every finished match the desk holds (its `desk.json`) and every one
    /// the recorded courts' copies in its directory have finished since (a call's court, the
    /// first match begun there after the call). Reads only; writes nothing.
    public static func results(_ format: DeskResultsWriter.Format, store: any StateReader) -> CommandOutput {
        var desk = DeskFile.load(from: store)
        desk.takeCourtCopies(store)
        return CommandOutput(stdout: DeskResultsWriter.write(desk.results, as: format))
    }

    /// Work without the screen; nil when the command line asks for the screen.
    public static func runCommand(_ options: AppOptions, store: any StateReader) -> CommandOutput? {
        if let f = DeskOptions(options).results.flatMap(DeskResultsWriter.Format.init(rawValue:)) { return results(f, store: store) }
        return CommandOutput(stderr: "termini: termini desk needs --results csv|json\n", status: 64)
    }
}

extension DeskState {
    /// What the recorded copies of every called court (`badminton-C-history.jsonl` and
    /// `badminton-C-match.jsonl` in the desk's directory) say of the calls (see `take`).
    public mutating func takeCourtCopies(_ store: any StateReader) {
        for court in Set(calls.map(\.court)).sorted() {
            let files = CourtFiles(court: court)
            var logs = store.readBytes(files.history).map { HistoryEntry.readAll($0).matches } ?? []
            if let bytes = store.readBytes(files.journal), let log = MatchLog(records: JournalContents.read(bytes).events) { logs.append(log) }
            _ = take(court: court, matches: logs)
        }
    }
}
