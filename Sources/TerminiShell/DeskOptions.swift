import TerminiApp

/// The names of the desk's options, in the order of its options table (`DeskCommand.descriptor`).
enum DeskOption: String, OptionName {
    case hall = "--hall", hallCredentials = "--hall-credentials", results = "--results"
}

/// What the command line asked of `termini desk`, read once from the parsed options; values as
/// typed (`DeskCommand.validate` quotes them back when they are wrong).
struct DeskOptions: Equatable, Sendable {
    /// The hall's broker, `mqtt://HOST[:PORT][/HALL]`.
    var hall: String?
    /// The file with the desk's user and password.
    var hallCredentials: String?
    /// `csv` or `json`.
    var results: String?

    init(_ options: AppOptions = AppOptions()) {
        hall = options.value(DeskOption.hall)
        hallCredentials = options.value(DeskOption.hallCredentials)
        results = options.value(DeskOption.results)
    }
}
