import TerminiCore

/// Local calendar days for the stamp card: the model never sees a time zone.
extension LocalZone {
    func moment(at t: Double) -> LocalMoment {
        LocalMoment(epochSeconds: t, utcOffset: offset(at: t))
    }

    func day(at t: Double) -> CalendarDay { moment(at: t).day }

    /// The wall-clock time of local midnight starting `day`. The offset is taken near that
    /// moment, so a daylight-saving change the night before is accounted for.
    func startOfDay(_ day: CalendarDay) -> Double {
        let utcMidnight = Double(day.ordinal) * 86_400
        let guess = utcMidnight - Double(offset(at: utcMidnight))
        return utcMidnight - Double(offset(at: guess))
    }
}
