import TerminiApp

/// The names of the Stamp Card's options, in the order of its options table (`StampsApp.descriptor`).
enum StampsOption: String, OptionName {
    case status = "--status"
}

/// What the command line asked of the Stamp Card, read once from the parsed options.
struct StampsOptions: Equatable, Sendable {
    /// Print the card and exit.
    var status = false

    init(_ options: AppOptions = AppOptions()) {
        status = options.flag(StampsOption.status)
    }
}
