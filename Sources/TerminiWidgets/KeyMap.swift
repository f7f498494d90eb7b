import TerminiCore

/// The keys a widget answers and what each does, as data rather than a `switch`: the
/// widget's `handle` looks the action up here, and the key table of the app or dialog that
/// holds the widget binds and names the same keys from here (`keys`), so the two cannot
/// drift apart. Order is kept: `keys` lists them as declared.
public struct KeyMap<Action: Sendable & Equatable>: Sendable {
    public let entries: [(key: Key, action: Action)]

    public init(_ entries: [(key: Key, action: Action)]) { self.entries = entries }

    /// What `key` does here; nil when the widget does not answer it.
    public func action(for key: Key) -> Action? { entries.first { $0.key == key }?.action }

    /// Every key the widget answers, in the order declared.
    public var keys: [Key] { entries.map(\.key) }

    /// The keys that do `action`.
    public func keys(for action: Action) -> [Key] { entries.filter { $0.action == action }.map(\.key) }

    /// The keys of every action but `left`, in the order declared.
    public func keys(except left: [Action]) -> [Key] { entries.filter { !left.contains($0.action) }.map(\.key) }
}
