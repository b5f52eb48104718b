import ParleyFormat
import ParleyLayout
import ParleyModel

/// The text of a Discord timestamp in each style, in English and the page's zone (as Discord's
/// client shows them with an en-GB locale). `R` (relative) is written as `F`: pages are static.
enum TimestampFormat {
    /// `16:20`, `16:20:30`, `20/04/2021`, `20 April 2021`, `20 April 2021 16:20`,
    /// `Tuesday, 20 April 2021 16:20`.
    static func text(_ timestamp: Timestamp, _ style: TimestampStyle, clock: ZoneClock) -> String {
        let time = clock.localTime(timestamp)
        let date = LocalDate(year: time.year, month: time.month, day: time.day)
        let hours = "\(pad(time.hour)):\(pad(time.minute))"
        let longDate = "\(time.day) \(DateText.months[time.month - 1]) \(time.year)"
        switch style {
        case .shortTime: return hours
        case .longTime: return "\(hours):\(pad(time.second))"
        case .shortDate: return "\(pad(time.day))/\(pad(time.month))/\(time.year)"
        case .longDate: return longDate
        case .shortDateTime: return "\(longDate) \(hours)"
        case .longDateTime, .relative: return "\(DateText.dayLabel(date)) \(hours)"
        }
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
