import ParleyLayout
import ParleyModel

/// English date and time labels, written without locale data so output is the same on every machine.
public enum DateText {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// `Friday, 6 January 2023`.
    public static func dayLabel(_ date: LocalDate) -> String {
        "\(weekdays[date.isoWeekday - 1]), \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// `January 2023`.
    public static func monthLabel(_ date: LocalDate) -> String { "\(months[date.month - 1]) \(date.year)" }

    /// `14:03` in the clock's zone.
    public static func shortTime(_ timestamp: Timestamp, clock: ZoneClock) -> String { shortTime(clock.localTime(timestamp)) }

    /// `14:03`: the hour and minute of a local time.
    static func shortTime(_ time: CivilTime) -> String { "\(pad(time.hour)):\(pad(time.minute))" }

    /// `Friday, 6 January 2023 14:03:03 (Europe/Berlin)`.
    public static func fullTime(_ timestamp: Timestamp, clock: ZoneClock) -> String {
        fullTime(clock.localTime(timestamp), zone: clock.name)
    }

    /// `Friday, 6 January 2023 14:03:03 (Europe/Berlin)`: a local time in the zone called `zone`.
    static func fullTime(_ time: CivilTime, zone: String) -> String {
        let date = LocalDate(year: time.year, month: time.month, day: time.day)
        return "\(dayLabel(date)) \(pad(time.hour)):\(pad(time.minute)):\(pad(time.second)) (\(zone))"
    }

    /// `6 Jan 2023 – 12 Mar 2024`, the local dates of the first and last instant.
    public static func range(_ first: Timestamp, _ last: Timestamp, clock: ZoneClock) -> String {
        let start = clock.localDate(first), end = clock.localDate(last)
        let short = { (date: LocalDate) in "\(date.day) \(months[date.month - 1].prefix(3)) \(date.year)" }
        return start == end ? short(start) : "\(short(start)) – \(short(end))"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
