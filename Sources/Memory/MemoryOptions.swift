import TerminiApp

/// The names of Memory's options, in the order of its options table (`MemoryApp.descriptor`).
enum MemoryOption: String, OptionName {
    case size = "--size", seed = "--seed"
}

/// What the command line asked of Memory, read once from the parsed options; values as typed
/// (`MemoryApp.validate` quotes them back when they are wrong).
struct MemoryOptions: Equatable, Sendable {
    /// `4x4`, `4x5` or `6x6`.
    var size: String?
    /// The number of the deal.
    var seed: String?

    init(_ options: AppOptions = AppOptions()) {
        size = options.value(MemoryOption.size)
        seed = options.value(MemoryOption.seed)
    }
}
