import TerminiCore
/// Which of n focusable widgets has the keyboard focus. Tab moves forward, Shift-Tab back,
/// both wrapping around.
public struct FocusRing: Sendable, Equatable {
    public let count: Int
    public private(set) var current: Int

    public init(count: Int, current: Int = 0) {
        self.count = max(1, count)
        self.current = min(max(0, current), max(1, count) - 1)
    }

    public func isFocused(_ i: Int) -> Bool { i == current }

    public mutating func focus(_ i: Int) { current = min(max(0, i), count - 1) }
    public mutating func next() { current = (current + 1) % count }
    public mutating func previous() { current = (current + count - 1) % count }

    /// The ring's keys, as data: the key table holding the ring binds these (`keyMap.keys`).
    public enum Step: Sendable, Equatable { case next, previous }
    public static let keyMap = KeyMap<Step>([(.tab, .next), (.backTab, .previous)])

    /// Handles Tab and Shift-Tab; returns true when the focus moved.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard let step = FocusRing.keyMap.action(for: key) else { return false }
        if step == .next { next() } else { previous() }
        return true
    }
}
