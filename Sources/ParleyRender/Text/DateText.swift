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
    static func shortTime(_ time: CivilTime) -> String {
        if (0..<100).contains(time.hour), (0..<100).contains(time.minute) {
            // Five bytes: a string stored inline, without an array or an allocation on the way.
            return String(unsafeUninitializedCapacity: 5) { buffer in
                buffer[0] = UInt8(ascii: "0") + UInt8(time.hour / 10)
                buffer[1] = UInt8(ascii: "0") + UInt8(time.hour % 10)
                buffer[2] = UInt8(ascii: ":")
                buffer[3] = UInt8(ascii: "0") + UInt8(time.minute / 10)
                buffer[4] = UInt8(ascii: "0") + UInt8(time.minute % 10)
                return 5
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5)
        appendPadded(time.hour, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(time.minute, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `Friday, 6 January 2023 14:03:03 (Europe/Berlin)`.
    public static func fullTime(_ timestamp: Timestamp, clock: ZoneClock) -> String {
        fullTime(clock.localTime(timestamp), zone: clock.name)
    }

    /// `Friday, 6 January 2023 14:03:03 (Europe/Berlin)`: a local time in the zone called `zone`.
    /// - Complexity: O(1); built as bytes (one label per message on every page).
    static func fullTime(_ time: CivilTime, zone: String) -> String {
        let date = LocalDate(year: time.year, month: time.month, day: time.day)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(48 + zone.utf8.count)
        bytes.append(contentsOf: weekdays[date.isoWeekday - 1].utf8)
        bytes.append(contentsOf: ", ".utf8)
        appendDecimal(time.day, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: months[time.month - 1].utf8)
        bytes.append(UInt8(ascii: " "))
        appendDecimal(time.year, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendPadded(time.hour, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(time.minute, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(time.second, to: &bytes)
        bytes.append(contentsOf: " (".utf8)
        bytes.append(contentsOf: zone.utf8)
        bytes.append(UInt8(ascii: ")"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `6 Jan 2023 – 12 Mar 2024`, the local dates of the first and last instant.
    public static func range(_ first: Timestamp, _ last: Timestamp, clock: ZoneClock) -> String {
        let start = clock.localDate(first), end = clock.localDate(last)
        let short = { (date: LocalDate) in "\(date.day) \(months[date.month - 1].prefix(3)) \(date.year)" }
        return start == end ? short(start) : "\(short(start)) – \(short(end))"
    }

    /// A page's days as a reader names them: `5 Feb 2021`, `5–7 Feb 2021`, `28 Feb – 3 Mar 2021`,
    /// `28 Dec 2020 – 2 Jan 2021` (`first` ≤ `last`).
    public static func dayRange(_ first: LocalDate, _ last: LocalDate) -> String {
        let month = { (date: LocalDate) in String(months[date.month - 1].prefix(3)) }
        if first == last { return "\(first.day) \(month(first)) \(first.year)" }
        if first.year != last.year { return "\(first.day) \(month(first)) \(first.year) – \(last.day) \(month(last)) \(last.year)" }
        if first.month != last.month { return "\(first.day) \(month(first)) – \(last.day) \(month(last)) \(last.year)" }
        return "\(first.day)–\(last.day) \(month(last)) \(last.year)"
    }

    /// `value` in decimal, at least two digits.
    private static func appendPadded(_ value: Int, to bytes: inout [UInt8]) {
        if (0..<10).contains(value) { bytes.append(UInt8(ascii: "0")) }
        appendDecimal(value, to: &bytes)
    }

    /// `value` in decimal (a minus sign first when negative).
    /// - Complexity: O(digits); 0 to 9,999 (days, hours, years of dates) are written digit by
    ///   digit, without making a string.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard (0..<10_000).contains(value) else { return bytes.append(contentsOf: String(value).utf8) }
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
