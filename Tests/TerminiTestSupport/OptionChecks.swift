import TerminiApp

/// The options named by `N` that `build` leaves unread: each given alone (with the value "1")
/// must make a struct other than the one of no options. Empty when every option of the table
/// reaches the app's typed options.
public func optionsUnread<N: OptionName, O: Equatable>(_ names: N.Type, by build: (AppOptions) -> O) -> [String] {
    let none = build(AppOptions())
    return N.allCases.map(\.rawValue).filter { build(AppOptions([$0: "1"])) == none }
}
