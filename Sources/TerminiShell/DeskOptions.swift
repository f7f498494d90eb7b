import TerminiApp

/// The names of the desk's options, in the order of its options table (`DeskCommand.descriptor`).
enum DeskOption: String, OptionName {
    case hall = "--hall", hallCredentials = "--hall-credentials", hallCA = "--hall-ca", matches = "--matches", call = "--call", court = "--court"
    case wait = "--wait", results = "--results", scoresheet = "--scoresheet"
}

/// What the command line asked of `termini desk`, read once from the parsed options; values as
/// typed (`DeskCommand.validate` quotes them back when they are wrong).
struct DeskOptions: Equatable, Sendable {
    /// The hall's broker, `mqtt://HOST[:PORT][/HALL]`.
    var hall: String?
    /// The file with the desk's user and password.
    var hallCredentials: String?
    /// The CA certificate that signed the broker's (mqtts://).
    var hallCA: String?
    /// The order of play, a CSV file.
    var matches: String?
    /// `--call MATCH --court N`: a call without the screen.
    var call: String?
    var court: String?
    /// Seconds `--call` waits for the court's answer.
    var wait: String?
    /// `csv` or `json`.
    var results: String?
    /// `--scoresheet MATCH`: a finished match's scoresheet.
    var scoresheet: String?

    init(_ options: AppOptions = AppOptions()) {
        hall = options.value(DeskOption.hall)
        hallCredentials = options.value(DeskOption.hallCredentials)
        hallCA = options.value(DeskOption.hallCA)
        results = options.value(DeskOption.results)
        matches = options.value(DeskOption.matches)
        call = options.value(DeskOption.call)
        court = options.value(DeskOption.court)
        wait = options.value(DeskOption.wait)
        scoresheet = options.value(DeskOption.scoresheet)
    }
}
