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
        return String(unsafeUninitializedCapacity: 41) { buffer in
            var index = 0
            writeDecimal(time.hour, padded: true, into: buffer, at: &index)
            buffer[index] = UInt8(ascii: ":")
            index += 1
            writeDecimal(time.minute, padded: true, into: buffer, at: &index)
            return index
        }
    }

    /// `Friday, 6 January 2023 14:03:03 (Europe/Berlin)`.
    public static func fullTime(_ timestamp: Timestamp, clock: ZoneClock) -> String {
        fullTime(clock.localTime(timestamp), zone: clock.name)
    }

    /// `Friday, 6 January 2023 14:03:03 (Europe/Berlin)`: a local time in the zone called `zone`.
    /// - Complexity: O(1); written into the string's own bytes (one label per message on every page).
    static func fullTime(_ time: CivilTime, zone: String) -> String {
        let date = LocalDate(year: time.year, month: time.month, day: time.day)
        var weekday = weekdays[date.isoWeekday - 1], month = months[time.month - 1], zone = zone
        return weekday.withUTF8 { weekday in
            month.withUTF8 { month in
                zone.withUTF8 { zone in
                    // Weekday, ", ", day, " ", month, " ", year, " 00:00:00 (", zone, ")", each number
                    // at most 20 bytes (a year outside 0 to 9,999 is written by String).
                    let capacity = weekday.count + month.count + zone.count + 4 * 20 + 12
                    return String(unsafeUninitializedCapacity: capacity) { buffer in
                        var index = 0
                        func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                            for byte in bytes {
                                buffer[index] = byte
                                index += 1
                            }
                        }
                        func put(_ byte: UInt8) {
                            buffer[index] = byte
                            index += 1
                        }
                        func put(decimal value: Int, padded: Bool) { writeDecimal(value, padded: padded, into: buffer, at: &index) }
                        put(weekday)
                        put(UInt8(ascii: ","))
                        put(UInt8(ascii: " "))
                        put(decimal: time.day, padded: false)
                        put(UInt8(ascii: " "))
                        put(month)
                        put(UInt8(ascii: " "))
                        put(decimal: time.year, padded: false)
                        put(UInt8(ascii: " "))
                        put(decimal: time.hour, padded: true)
                        put(UInt8(ascii: ":"))
                        put(decimal: time.minute, padded: true)
                        put(UInt8(ascii: ":"))
                        put(decimal: time.second, padded: true)
                        put(UInt8(ascii: " "))
                        put(UInt8(ascii: "("))
                        put(zone)
                        put(UInt8(ascii: ")"))
                        return index
                    }
                }
            }
        }
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

    /// Writes `value` in decimal (at least two digits when `padded`; a minus sign first when
    /// negative) into `buffer` at `index`, which it moves past the digits; at most 20 bytes.
    /// - Complexity: O(digits); 0 to 9,999 (days, hours, years of dates) are written digit by
    ///   digit, without making a string.
    private static func writeDecimal(_ value: Int, padded: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
        guard (0..<10_000).contains(value) else {
            for byte in String(value).utf8 {
                buffer[index] = byte
                index += 1
            }
            return
        }
        var divisor = padded ? 10 : 1
        while divisor * 10 <= value { divisor *= 10 }
        while divisor > 0 {
            buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
            index += 1
            divisor /= 10
        }
    }
}
