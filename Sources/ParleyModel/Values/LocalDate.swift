/// A calendar date (proleptic Gregorian) with no time zone: the key of a day section.
public struct LocalDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    public init(daysSinceEpoch days: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    }

    /// The number of days in `month` (1–12) of `year` in the proleptic Gregorian calendar
    /// (February has 29 in a year divisible by 4, but not by 100 unless by 400).
    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Monday = 1 … Sunday = 7 (ISO 8601).
    public var isoWeekday: Int {
        let (_, remainder) = CivilTime.floorDivide(daysSinceEpoch + 3, 7)
        return Int(remainder) + 1
    }

    /// `YYYY-MM-DD`. A year of 0…9999 (and month and day of two digits at most) is written
    /// straight into the string's ten bytes; any other date as ``paddedISOString``.
    public var isoString: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else { return paddedISOString }
        return digits(withDay: true)
    }

    /// `YYYY-MM`, written as ``isoString`` is (any other date as ``paddedISOMonth``).
    public var isoMonth: String {
        guard (0...9999).contains(year), (0...99).contains(month) else { return paddedISOMonth }
        return digits(withDay: false)
    }

    /// `YYYY-MM-DD` with each field zero-padded to its width and never cut.
    var paddedISOString: String { "\(paddedISOMonth)-\(CivilTime.pad(day, 2))" }

    /// `YYYY-MM` with each field zero-padded to its width and never cut.
    var paddedISOMonth: String { "\(CivilTime.pad(year, 4))-\(CivilTime.pad(month, 2))" }

    /// `YYYY-MM` or `YYYY-MM-DD` of a year of four digits and a month and day of two at most.
    private func digits(withDay: Bool) -> String {
        String(unsafeUninitializedCapacity: withDay ? 10 : 7) { bytes in
            CivilTime.writeDigits(year, width: 4, into: bytes, at: 0)
            bytes[4] = UInt8(ascii: "-")
            CivilTime.writeDigits(month, width: 2, into: bytes, at: 5)
            guard withDay else { return 7 }
            bytes[7] = UInt8(ascii: "-")
            CivilTime.writeDigits(day, width: 2, into: bytes, at: 8)
            return 10
        }
    }

    public var description: String { isoString }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
