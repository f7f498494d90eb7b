import TerminiApp
import TerminiData

/// One stamp on the card: the local day and time it was given.
public struct Stamp: Codable, Hashable, Sendable {
    public var day: CalendarDay
    /// Minutes since local midnight.
    public var minute: Int

    public init(day: CalendarDay, minute: Int) {
        self.day = day
        self.minute = min(1439, max(0, minute))
    }
    public init(_ moment: LocalMoment) { self.init(day: moment.day, minute: moment.minute) }

    public var moment: LocalMoment { LocalMoment(day: day, minute: minute) }

    enum CodingKeys: String, CodingKey { case day, minute }

    /// A minute outside the day is damage, never clamped into a false time.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(day: try c.decode(CalendarDay.self, forKey: .day), minute: try c.decode(Int.self, forKey: .minute, in: 0...1439))
    }
}

/// The loyalty card: ten slots filled one stamp at a time, and the cards filled before it.
/// Pure: the day comes in from the caller, so daily mode is tested with any dates.
public struct StampCard: Codable, Equatable, Sendable {
    public static let slots = 10

    /// The stamps on the current card, oldest first (at most `slots`).
    public private(set) var stamps: [Stamp]
    /// The day each earlier card was completed (its tenth stamp), oldest first.
    public private(set) var completions: [CalendarDay]
    /// The day of the most recent stamp given, on this card or before a reset, in daily mode
    /// or not. Daily mode's one rule: a day on which any stamp was given gets no other, so a
    /// reset never hands out a second stamp the same day, whichever mode gave the first.
    public private(set) var lastStampDay: CalendarDay?

    public init(stamps: [Stamp] = [], completions: [CalendarDay] = [], lastStampDay: CalendarDay? = nil) {
        self.stamps = Array(stamps.prefix(StampCard.slots))
        self.completions = completions
        self.lastStampDay = lastStampDay
    }

    public var count: Int { stamps.count }
    public var isFull: Bool { stamps.count >= StampCard.slots }
    public var isEmpty: Bool { stamps.isEmpty }
    public var completedCards: Int { completions.count }

    /// What pressing Stamp + did.
    public enum Outcome: Equatable, Sendable {
        /// A stamp went into slot `slot` (0-based); `completed` when it was the tenth.
        case stamped(slot: Int, completed: Bool)
        /// The card was already full: nothing changed.
        case full
        /// Daily mode and today already has its stamp; the next one is allowed on `next`.
        case alreadyToday(next: CalendarDay)
    }

    /// Whether a stamp may be given on `day`. Daily mode allows one per calendar day: not on
    /// the day of the last stamp given (before a reset too, in daily mode or not), nor on a
    /// day that already has a stamp on this card (the clock turned back), yet a clock that
    /// ran ahead once never locks the card.
    public func mayStamp(on day: CalendarDay, daily: Bool) -> Bool {
        guard !isFull else { return false }
        guard daily else { return true }
        return lastStampDay != day && !hasStamp(on: day)
    }

    /// Whether this card holds a stamp given on `day`. Daily mode also refuses a day whose
    /// stamp went on the card before a reset; this tells the two apart.
    public func hasStamp(on day: CalendarDay) -> Bool { stamps.contains { $0.day == day } }

    /// The first day a stamp is allowed again in daily mode, counting from `today`: today
    /// when allowed, else tomorrow.
    public func nextStampDay(from today: CalendarDay, daily: Bool) -> CalendarDay {
        daily && !mayStamp(on: today, daily: true) && !isFull ? today.next : today
    }

    /// Stamp +: adds the next stamp at `moment` unless the card is full or daily mode
    /// refuses it.
    @discardableResult
    public mutating func stamp(at moment: LocalMoment, daily: Bool) -> Outcome {
        if isFull { return .full }
        if daily && !mayStamp(on: moment.day, daily: true) { return .alreadyToday(next: moment.day.next) }
        stamps.append(Stamp(moment))
        lastStampDay = moment.day
        let completed = isFull
        if completed { completions.append(moment.day) }
        return .stamped(slot: stamps.count - 1, completed: completed)
    }

    /// Reset: clears every stamp of the current card. Completed cards and the day of the last
    /// stamp stay.
    public mutating func reset() {
        stamps.removeAll()
    }

    // Decoding accepts files that lack the optional fields; more than ten stamps on a card
    // is damage (a card never holds them), not a card cut to ten.
    enum CodingKeys: String, CodingKey { case stamps, completions, lastStampDay }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let stamps = try c.decodeIfPresent([Stamp].self, forKey: .stamps) ?? []
        guard stamps.count <= StampCard.slots else {
            throw DecodingError.dataCorruptedError(forKey: .stamps, in: c, debugDescription: "\(stamps.count) stamps on a card of \(StampCard.slots)")
        }
        let completions = try c.decodeIfPresent([CalendarDay].self, forKey: .completions) ?? []
        // Null when no stamp was ever given (or only by a version that set it for daily-mode
        // stamps alone); a file from before the field lacks it, and then its last stamp's day
        // is the careful guess.
        let last = c.contains(.lastStampDay) ? try c.decodeIfPresent(CalendarDay.self, forKey: .lastStampDay) : stamps.prefix(StampCard.slots).last?.day
        self.init(stamps: stamps, completions: completions, lastStampDay: last)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stamps, forKey: .stamps)
        try c.encode(completions, forKey: .completions)
        try c.encode(lastStampDay, forKey: .lastStampDay)
    }
}
