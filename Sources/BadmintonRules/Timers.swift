import TerminiData

/// A stop in play that is not an interval: an injury (Law 16.4: the umpire may call the
/// referee; the clock runs from the call) or a suspension (Law 16.6). It ends when play
/// resumes and is kept, with its length, for the scoresheet and the export.
public struct Stoppage: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case injury, suspension
    }
    public var kind: Kind
    /// The injured player, when named.
    public var team: Int?
    public var player: Int?
    public var start: Double
    /// When play resumed; nil while it lasts.
    public var end: Double?

    public var isRunning: Bool { end == nil }
    /// Seconds from the call to the resumption (or to `now` while it lasts).
    public func duration(at now: Double) -> Double { max(0, (end ?? now) - start) }
}

/// A clock of the match: a countdown (the warm-up, the intervals) or a clock that runs up
/// from a call (an injury, a suspension). Derived from the state, never stored: its moments
/// come from the journal's times, so a restart shows the same clock.
public struct MatchTimer: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case warmUp = "warm-up"
        case injury, suspension
        case midGame = "mid-game"
        case betweenGames = "between-games"
    }

    /// ITTO 5.2.2.1: the warm-up is two minutes from the umpire's start to "Play", and
    /// "Ready to play" is called at ninety seconds.
    public static let warmUpSeconds: Double = 120
    public static let readyToPlayAt: Double = 90
    /// The umpire's "20 seconds" call in an interval (ITTO 5.4).
    public static let lastCallSeconds: Double = 20

    public var kind: Kind
    public var start: Double
    /// Seconds of a countdown; nil for a clock that runs up.
    public var duration: Double?

    public init(kind: Kind, start: Double, duration: Double?) {
        self.kind = kind
        self.start = start
        self.duration = duration
    }

    public var runsUp: Bool { duration == nil }
    public func elapsed(at now: Double) -> Double { max(0, now - start) }
    /// Seconds left of a countdown (0 once over); for a clock that runs up, the time it has run.
    public func remaining(at now: Double) -> Double {
        guard let duration else { return elapsed(at: now) }
        return max(0, start + duration - now)
    }
    public func isOver(at now: Double) -> Bool { duration.map { now >= start + $0 } ?? false }

    /// An interval or the warm-up keeps counting once its time is up, until play resumes
    /// (`+0:07`, the umpire sees how late): for an hour at most, so that a match left at an
    /// interval shows no clock the next day.
    public static let overrunLimit: Double = 3600
    /// The clocks that count their overrun: the countdowns.
    public var overruns: Bool { duration != nil }
    /// How long past its end a countdown has run: 0 before its end and for a clock that runs up.
    public func overrun(at now: Double) -> Double { duration.map { max(0, now - start - $0) } ?? 0 }
    /// Whole seconds past the end, as shown (`+0:07`): rounded down, 0 in its first second.
    public func overrunSeconds(at now: Double) -> Int { Int(saturating: overrun(at: now).rounded(.down)) }
    /// Past its end and still counting the overrun.
    public func isOverrunning(at now: Double) -> Bool { overruns && isOver(at: now) && overrun(at: now) < MatchTimer.overrunLimit }
    /// On screen at `now`: running, or counting its overrun.
    public func isShown(at now: Double) -> Bool { !isOver(at: now) || isOverrunning(at: now) }

    /// Whole seconds as shown: a countdown rounded up (0.2 s left still shows 1), a clock that
    /// runs up rounded down (it shows 0 for its first second).
    public func shownSeconds(at now: Double) -> Int {
        guard duration != nil else { return Int(saturating: elapsed(at: now).rounded(.down)) }
        // Never more than its length, for a frame drawn a moment before the clock's start.
        return MatchTimer.shown(remaining: min(remaining(at: now), duration ?? 0))
    }

    /// A countdown's seconds left as shown: rounded up (0.2 s left still shows 1).
    static func shown(remaining r: Double) -> Int { r <= 0 ? 0 : Int(saturating: r.rounded(.up)) }

    /// The moments the umpire calls something and the bell rings: in an interval "20 seconds"
    /// and its end, in the warm-up "Ready to play" at ninety seconds and its end. A stop has
    /// none: the referee decides how long it lasts.
    public var alertMoments: [Double] {
        guard let duration else { return [] }
        let end = start + duration
        switch kind {
        case .warmUp: return [start + min(duration, MatchTimer.readyToPlayAt), end]
        case .midGame, .betweenGames: return [max(start, end - MatchTimer.lastCallSeconds), end]
        case .injury, .suspension: return []
        }
    }

    /// Whether an alert moment falls in `(last, now]`: the bell for a tick at `now` when the
    /// one before was at `last` (however long ago: a laptop's lid may have been closed).
    public func alerts(after last: Double, upTo now: Double) -> Bool {
        alertMoments.contains { $0 > last && $0 <= now }
    }

    /// The next moment after `now` at which the shown seconds change (of the countdown, then
    /// of its overrun); nil once the overrun is past its limit, so a stale clock never wakes
    /// the loop.
    public func nextChange(after now: Double) -> Double? {
        guard let duration else {
            return start + (elapsed(at: now).rounded(.down) + 1)
        }
        let shown = shownSeconds(at: now)
        guard shown > 0 else {
            let next = overrun(at: now).rounded(.down) + 1
            return next < MatchTimer.overrunLimit ? start + duration + next : nil
        }
        return start + duration - Double(shown - 1)
    }
}

extension MatchTimer {
    /// The clock as shown: `1:35` left (or run, for a stop), `+0:07` past the end.
    public func clockText(at now: Double) -> String {
        isOverrunning(at: now) ? "+" + MatchReport.clock(overrunSeconds(at: now)) : MatchReport.clock(shownSeconds(at: now))
    }
}

extension Interval {
    /// The interval as a clock.
    public var timer: MatchTimer { MatchTimer(kind: kind == .midGame ? .midGame : .betweenGames, start: start, duration: duration) }
}

extension MatchState {
    /// Every clock the match has now, expired countdowns included (the bell must hear one
    /// reach its end): a stop, the interval, the warm-up.
    public var timers: [MatchTimer] {
        var out: [MatchTimer] = []
        if let s = stoppages.last, s.isRunning {
            out.append(MatchTimer(kind: s.kind == .injury ? .injury : .suspension, start: s.start, duration: nil))
        }
        if let iv = interval { out.append(iv.timer) }
        if let w = warmUpStart {
            out.append(MatchTimer(kind: .warmUp, start: w, duration: MatchTimer.warmUpSeconds))
        }
        return out
    }

    /// The clock to show at `now`: a stop that runs, else an interval or the warm-up, with
    /// time left or counting its overrun until play resumes; nil when none.
    public func timer(at now: Double) -> MatchTimer? {
        timers.first { $0.isShown(at: now) }
    }

    /// The stop that runs, if any.
    public var runningStoppage: Stoppage? { stoppages.last.flatMap { $0.isRunning ? $0 : nil } }
}
