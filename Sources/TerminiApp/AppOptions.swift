/// The names of an app's options, a case for each row of its options table and in the
/// table's order (`enum MemoryOption: String, OptionName { case size = "--size", seed = "--seed" }`).
/// The table's rows are made from the cases (`OptionSpec(MemoryOption.size, …)`) and the
/// parsed options are read only through them, so a misspelt name does not compile; each
/// app's tests check `isTheTable` (no row without its case, no case without its row).
public protocol OptionName: RawRepresentable<String>, CaseIterable, Sendable {}

extension OptionName {
    /// Whether the cases are the rows of `table`, by name and in order.
    public static func isTheTable(_ table: [OptionSpec]) -> Bool {
        allCases.map(\.rawValue) == table.map(\.name)
    }
}

extension OptionSpec {
    /// A row of an app's options table, named by its `OptionName` case.
    public init<N: OptionName>(_ name: N, value: String? = nil, optional: Bool = false, values: Values = .free, help: String) {
        self.init(name.rawValue, value: value, optional: optional, values: values, help: help)
    }
}

/// The options given for an app on the command line, as the parser found them in the app's
/// table: each name (`--court`) with its value, "" for a flag or a value left out
/// (`--scoresheet` alone). An app reads them once, into a typed struct of its own
/// (`BadmintonOptions(options)`), through its `OptionName` cases.
public struct AppOptions: Sendable, Equatable {
    public var values: [String: String]
    public init(_ values: [String: String] = [:]) { self.values = values }
    /// Whether the option was given.
    public func flag<N: OptionName>(_ name: N) -> Bool { values[name.rawValue] != nil }
    /// The option's value as given; nil when it was not.
    public func value<N: OptionName>(_ name: N) -> String? { values[name.rawValue] }
    public var isEmpty: Bool { values.isEmpty }
}
