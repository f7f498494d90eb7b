import TerminiApp
import TerminiData

/// A day of the proleptic Gregorian calendar as a plain value: no time zone, no clock.
/// The app layer works out today's date from the wall clock and the local time zone; the
/// model only compares and steps days, so daily mode can be tested on any date.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or nil (`2023-02-29`, month 13, day 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `ordinal` days after 1970-01-01 (negative: before it).
    public init(ordinal: Int) {
        // Howard Hinnant's civil_from_days: exact for every Int that fits a year.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// The local calendar day of a moment, given the local offset from UTC in seconds at
    /// that moment (`tm_gmtoff`: +28800 in Taipei, -18000 in New York in winter).
    public init(epochSeconds: Double, utcOffset: Int) {
        // A clock beyond the year 9999 (or NaN) is taken as its edge: never a trap.
        let t = epochSeconds.isNaN ? 0 : min(max(epochSeconds, -Ranges.moment.upperBound), Ranges.moment.upperBound)
        let local = (t + Double(utcOffset)) / 86_400
        self.init(ordinal: Int(local.rounded(.down)))
    }

    /// Days since 1970-01-01.
    public var ordinal: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var next: CalendarDay { adding(days: 1) }
    public var previous: CalendarDay { adding(days: -1) }
    public func adding(days n: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + n) }

    /// 0 for Sunday … 6 for Saturday.
    public var weekday: Int {
        let w = (ordinal + 4) % 7  // 1970-01-01 was a Thursday
        return w < 0 ? w + 7 : w
    }

    public static func isLeapYear(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        case 1...12: return 31
        default: return 0
        }
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// ISO 8601: `2024-02-29`.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(year)
        let year4 = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - y.count) + y : y
        return "\(year4)-\(two(month))-\(two(day))"
    }

    /// Parses `YYYY-MM-DD`, the years 0001 to 9999 (a file's date is checked: an enormous
    /// year would overflow the day arithmetic).
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              [parts[0], parts[1], parts[2]].allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), y >= 1 else { return nil }
        self.init(year: y, month: m, day: d)
    }

    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Tue 5 Mar 2024` (English short names, as the rest of the interface).
    public var long: String {
        "\(CalendarDay.weekdayNames[weekday]) \(day) \(CalendarDay.monthNames[month - 1]) \(year)"
    }

    /// `Tue 5 Mar`.
    public var short: String {
        "\(CalendarDay.weekdayNames[weekday]) \(day) \(CalendarDay.monthNames[month - 1])"
    }

    /// `3/5` (month/day), small enough for a stamp's rim.
    public var monthDay: String { "\(month)/\(day)" }

    /// The one form a date takes on screen (the footer, the history, the notices): `Tue 5 Mar`,
    /// with the year only when it is not the year of `today` (`Sun 31 Dec 2023`). The rim of
    /// a stamp has room only for `monthDay`; `--status` prints ISO dates for scripts.
    public func shown(today: CalendarDay) -> String { year == today.year ? short : long }
}

extension CalendarDay: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let d = CalendarDay(iso: text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(text)' is not a date (YYYY-MM-DD)")
        }
        self = d
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A local date and time of day, to the minute: when a stamp was given.
public struct LocalMoment: Hashable, Sendable {
    public var day: CalendarDay
    /// Minutes since local midnight, 0…1439.
    public var minute: Int

    public init(day: CalendarDay, minute: Int = 0) {
        self.day = day
        self.minute = min(1439, max(0, minute))
    }

    /// The local moment of a wall-clock time, given the local UTC offset at that time.
    public init(epochSeconds: Double, utcOffset: Int) {
        day = CalendarDay(epochSeconds: epochSeconds, utcOffset: utcOffset)
        let secondsToday = epochSeconds + Double(utcOffset) - Double(day.ordinal) * 86_400
        minute = min(1439, max(0, Int(saturating: secondsToday / 60)))
    }

    /// The one form a stamp's moment takes on screen: `Tue 5 Mar 09:41` (see
    /// `CalendarDay.shown(today:)` for the year).
    public func shown(today: CalendarDay) -> String { "\(day.shown(today: today)) \(clock)" }

    /// `09:41`.
    public var clock: String {
        let h = minute / 60, m = minute % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
