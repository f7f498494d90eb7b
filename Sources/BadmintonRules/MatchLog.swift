/// A match as its journal: the raw list of events as written (undo and redo included), the
/// effective events they leave, and the state after each. Undo moves the last effective event
/// to the redo list; redo moves it back; any new event clears the redo list. Because every
/// state is the replay of the events before it, undo is exact across game ends, changes of
/// ends, intervals and the end of the match.
public struct MatchLog: Equatable, Sendable {
    /// Every event in journal order, undo and redo included.
    public private(set) var records: [MatchEvent] = []
    /// The events in force, `start` first.
    public private(set) var effective: [MatchEvent] = []
    /// `states[i]` is the state after `effective[i]`.
    public var states: [MatchState] { stateBoxes.map(\.state) }
    /// The states, each in a box of its own: the shell keeps a copy of the app as last saved
    /// (to go back to if a save fails), so the next event's append copies this array; boxed,
    /// that is a reference per state rather than every array inside every state of the match.
    @usableFromInline private(set) var stateBoxes: [StateBox] = []
    /// Undone events, the next to redo last.
    public private(set) var redoable: [MatchEvent] = []

    /// A new match.
    public init(setup: MatchSetup, at time: Double) {
        let e = MatchEvent(.start(setup), at: time)
        records = [e]
        effective = [e]
        stateBoxes = [StateBox(MatchState(setup, at: e.time))]
    }

    /// Replays a journal. Nil when it does not begin with a start event. Events that do not
    /// fit (hand-edited journals) are kept in `records` but have no effect.
    public init?(records: [MatchEvent]) {
        guard let first = records.first, case .start(let setup) = first.action else { return nil }
        self.init(setup: setup, at: first.time)
        self.records = [first]
        for r in records.dropFirst() { _ = take(r) }
    }

    /// The state after the last event in force.
    /// Inlinable, so that `log.state.phase` in the app's module reads one field of the boxed
    /// state, as it did when the rules and the app were one module: called, the getter copied
    /// the whole state (a dozen arrays retained and released) for it, and the screen and its
    /// hints ask dozens of times a frame.
    @inlinable public var state: MatchState {
        // Never empty: both initialisers put the start state in.
        stateBoxes[stateBoxes.count - 1].state
    }
    /// What the match began with (its `start` event).
    public var setup: MatchSetup? {
        if case .start(let s) = effective.first?.action { return s }
        return nil
    }
    /// The time of the `start` event.
    public var startedAt: Double { effective.first?.time ?? 0 }
    /// Whether there is an event to undo (the `start` itself cannot be).
    public var canUndo: Bool { effective.count > 1 }
    public var canRedo: Bool { !redoable.isEmpty }
    /// The event the next undo would take back.
    public var lastEffective: MatchEvent? { canUndo ? effective.last : nil }

    /// The most events a match holds: ample for the longest match an umpire can key (a
    /// 3x21 match has at most 177 rallies), and what bounds the memory a journal of any
    /// size is replayed in (a state a kilobyte, an event less).
    public static let capacity = 10_000
    /// The match holds `capacity` events: no more is taken but a retirement.
    public var isFull: Bool { records.count >= MatchLog.capacity }

    /// Takes one journal record. Returns true when it changed the match (and was recorded).
    @discardableResult
    public mutating func take(_ event: MatchEvent) -> Bool {
        if isFull {
            // Full: only the retirement that ends it (once; then nothing applies).
            guard case .retire = event.action, records.count == MatchLog.capacity else { return false }
        }
        switch event.action {
        case .start:
            return false
        case .undo:
            guard canUndo, let last = effective.popLast() else { return false }
            stateBoxes.removeLast()
            redoable.append(last)
        case .redo:
            guard let next = redoable.last else { return false }
            var s = state
            guard s.apply(next) else { return false }
            redoable.removeLast()
            effective.append(next)
            stateBoxes.append(StateBox(s))
        default:
            var s = state
            guard s.apply(event) else { return false }
            effective.append(event)
            stateBoxes.append(StateBox(s))
            redoable.removeAll()
        }
        records.append(event)
        return true
    }
}

/// One state of a match log, shared by the copies of the log (never changed once made).
@usableFromInline final class StateBox: Equatable, Sendable {
    @usableFromInline let state: MatchState
    init(_ state: MatchState) { self.state = state }
    @usableFromInline static func == (a: StateBox, b: StateBox) -> Bool { a === b || a.state == b.state }
}
