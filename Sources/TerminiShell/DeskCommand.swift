import TerminiCore
import TerminiApp
import TerminiDesk
import TerminiHall
import BadmintonRules

/// `termini desk`: the tournament desk, a command of its own beside the apps (not an app of
/// the launcher). Its options are in the one table that makes `--help`, the manual and the
/// completions, as an app's are. The command line is fixed:
///
///     termini desk --hall URL --matches FILE.csv           the desk's screen (DeskApp)
///     termini desk --hall URL --call MATCH --court N       a call without the screen
///     termini desk --hall URL --results csv|json           every finished match
///     termini desk --scoresheet MATCH                      a finished match's scoresheet
public enum DeskCommand {
    public static let descriptor = AppDescriptor(
        id: "desk", name: "Desk",
        summary: "the tournament desk: order of play, calls, results",
        options: [
            OptionSpec(DeskOption.hall, value: "URL", help: "the hall's broker, mqtts://HOST[:PORT][/HALL] over TLS, or mqtt:// in clear (else hall = URL in the config)"),
            OptionSpec(DeskOption.hallCredentials, value: "FILE", values: .file, help: "the desk's user and password (user = and password = lines), never on the command line"),
            OptionSpec(DeskOption.hallCA, value: "FILE", values: .file, help: "with mqtts://: the CA certificate that signed the broker's (hall-ca.crt from hall init; else hall.ca = FILE)"),
            OptionSpec(DeskOption.matches, value: "FILE", values: .file,
                       help: "the order of play, a CSV file (match,event,round,team1,team2 and optional columns); read again, it is merged by match number"),
            OptionSpec(DeskOption.call, value: "MATCH", help: "call match MATCH to --court N without the screen; exit 0 once the court has it"),
            OptionSpec(DeskOption.court, value: "N", help: "the court --call calls to"),
            OptionSpec(DeskOption.wait, value: "SECONDS", help: "how long --call waits for the court's answer (default 10)"),
            OptionSpec(DeskOption.results, value: "FORMAT", values: .choices(DeskResultsWriter.Format.allCases.map(\.rawValue)),
                       help: "print every finished match (number, event, round, teams, winner, games, how it ended, times, shuttles, officials, cards) as csv or json, then exit"),
            OptionSpec(DeskOption.scoresheet, value: "MATCH", optional: true, help: "print the scoresheet (HTML) of finished match MATCH, then exit"),
        ])

    /// Why a desk command line cannot be run; nil when it can.
    public static func validate(_ options: AppOptions) -> String? {
        let o = DeskOptions(options)
        let modes = [o.results != nil, o.call != nil, o.scoresheet != nil].filter { $0 }.count
        if modes > 1 { return "--call, --results and --scoresheet go one at a time" }
        if o.call != nil, o.court == nil { return "--call MATCH needs --court N" }
        if o.court != nil, o.call == nil { return "--court goes with --call MATCH (termini desk --call 12 --court 3)" }
        if let c = o.court, !HallTopics.isValidName(c) { return "--court: '\(CommandLineParser.clean(c))' is not a court's name (1 to 24 letters, digits or -)" }
        if let m = o.call, !DeskMatch.isValidNumber(m) { return "--call: '\(CommandLineParser.clean(m))' is not a match number" }
        if o.scoresheet == "" { return "--scoresheet MATCH needs the number of a finished match (termini desk --scoresheet 12)" }
        if let m = o.scoresheet, !DeskMatch.isValidNumber(m) { return "--scoresheet: '\(CommandLineParser.clean(m))' is not a match number" }
        if let w = o.wait, Double(w).map({ !($0 > 0 && $0 <= 3600) }) ?? true { return "--wait takes seconds, 1 to 3600, not '\(CommandLineParser.clean(w))'" }
        if o.wait != nil, o.call == nil { return "--wait goes with --call" }
        if o.matches != nil, o.results != nil || o.scoresheet != nil { return "--matches goes with the screen or --call" }
        if let f = o.results, DeskResultsWriter.Format(rawValue: f) == nil {
            return "--results takes csv or json, not '\(CommandLineParser.clean(f))'"
        }
        if let h = o.hall, case .failure(let e) = HallAddress.parse(h) { return "--hall: \(e)" }
        return nil
    }
}

extension DeskCommand {
    /// `termini desk` with the screen: no --results, --call or --scoresheet.
    public static func isScreen(_ inv: Invocation) -> Bool {
        let o = DeskOptions(inv.appOptions)
        return inv.command == descriptor.id && inv.action == .run && o.results == nil && o.call == nil && o.scoresheet == nil
    }

    /// `termini desk --call MATCH --court N`.
    public static func isCall(_ inv: Invocation) -> Bool { inv.command == descriptor.id && DeskOptions(inv.appOptions).call != nil }

    /// `--call`: done, its output and its exit status (`DeskCallCommand`).
    public static func call(_ options: AppOptions, hall: HallStart?, directory: String?) -> (stdout: String, stderr: String, status: Int32) {
        let r = DeskCallCommand.run(options, hall: hall, directory: directory)
        return (r.stdout, r.stderr, r.status)
    }

    /// The app a command line opens in the shell: the desk's screen for `termini desk`.
    public static func screen(_ inv: Invocation) -> String? { isScreen(inv) ? descriptor.id : nil }

    /// The matches file checked before the screen starts: one that cannot be read, or lacks
    /// the required columns, is said at once (exit 1) rather than on a screen.
    public static func matchesProblem(_ options: AppOptions) -> String? {
        guard let path = DeskOptions(options).matches else { return nil }
        if case .failure(let why) = DeskMatches.read(path) { return why.text }
        return nil
    }

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
        let o = DeskOptions(options)
        if let f = o.results.flatMap(DeskResultsWriter.Format.init(rawValue:)) { return results(f, store: store) }
        if let n = o.scoresheet { return scoresheet(n, store: store) }
        return nil
    }

    /// `--scoresheet MATCH`: the page of a finished match, from its court's recorded history
    /// (the match begun there when the result says it began).
    public static func scoresheet(_ number: String, store: any StateReader) -> CommandOutput {
        var desk = DeskFile.load(from: store)
        desk.takeCourtCopies(store)
        guard let r = desk.result(of: number) else {
            let known = desk.match(number) != nil
            return CommandOutput(stderr: "termini: match \(CommandLineParser.clean(number)) \(known ? "is not finished" : "is not on the desk's order of play")\n", status: 1)
        }
        // A walkover has a scoresheet of its own: the sides, the officials, and who did not play.
        if let absent = r.endedBy, r.ended == DeskEnding.walkover(0).word, let m = desk.match(number) {
            var log = MatchLog(setup: MatchSetup(format: m.format ?? .standard, discipline: m.discipline,
                                                 teams: m.teams.map { t in TeamInfo(name: t.name, players: t.players, countries: t.players.map { _ in t.country ?? "" }) },
                                                 officials: MatchOfficials(event: m.event, court: r.court, umpire: m.umpire, serviceJudge: m.judge,
                                                                           matchNumber: m.number, round: m.round)), at: r.end)
            _ = log.take(MatchEvent(.walkover(team: absent), at: r.end))
            return CommandOutput(stdout: ScoresheetHTML.render(Scoresheet(log, court: r.court)))
        }
        guard let court = r.court, let start = r.start else {
            return CommandOutput(stderr: "termini: match \(number) was not played on a court (\(r.ended)): it has no scoresheet\n", status: 1)
        }
        guard let log = DeskState.courtMatches(store, court: court, since: start).first(where: { $0.startedAt == start }) else {
            return CommandOutput(stderr: "termini: court \(court)'s record of match \(number) is not in this directory\n", status: 1)
        }
        return CommandOutput(stdout: ScoresheetHTML.render(Scoresheet(log, court: court)))
    }
}

extension DeskState {
    /// What the recorded copies of every called court (`badminton-C-history.jsonl` and
    /// `badminton-C-match.jsonl` in the desk's directory) say of the calls (see `take`).
    /// `courts`: only these (the courts whose files changed); nil: every called court.
    /// `memo`: the histories' matches as last read (the desk's screen reads a court's copy at
    /// each of its events; its history changes once a match).
    public mutating func takeCourtCopies(_ store: any StateReader, courts: Set<String>? = nil,
                                         memo: Memo<HistoryTail.Since, [MatchLog]>? = nil) {
        for court in Set((calls + withdrawn).map(\.court)).sorted() where courts?.contains(court) ?? true {
            // No match begun before the court's earliest call is taken for one of its calls.
            guard let since = (calls + withdrawn).filter({ $0.court == court }).map(\.calledAt).min() else { continue }
            _ = take(court: court, matches: DeskState.courtMatches(store, court: court, since: since - DeskState.startSlack, memo: memo))
        }
    }

    /// The matches begun on `court` at or after `since` in its recorded copy: its history's
    /// (read from the end back to `since` only, `HistoryTail`), then its journal's.
    static func courtMatches(_ store: any StateReader, court: String, since: Double,
                             memo: Memo<HistoryTail.Since, [MatchLog]>? = nil) -> [MatchLog] {
        let files = CourtFiles(court: court)
        var logs = memo.map { HistoryTail.matches(store, files.history, since: since, memo: $0) } ?? HistoryTail.matches(store, files.history, since: since)
        if let bytes = store.readBytes(files.journal), let log = MatchLog(records: JournalContents.read(bytes).events), log.startedAt >= since {
            logs.append(log)
        }
        return logs
    }
}
