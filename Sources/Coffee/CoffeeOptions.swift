import TerminiApp

/// The names of the Coffee Shop's options, in the order of its options table (`CoffeeApp.descriptor`).
enum CoffeeOption: String, OptionName {
    case receipt = "--receipt"
}

/// What the command line asked of the Coffee Shop, read once from the parsed options.
struct CoffeeOptions: Equatable, Sendable {
    /// Print the receipt of the saved cart and exit.
    var receipt = false

    init(_ options: AppOptions = AppOptions()) {
        receipt = options.flag(CoffeeOption.receipt)
    }
}
