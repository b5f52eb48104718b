import ParleyModel

/// One page of a static archive: a calendar month, or a part of one when the month holds more
/// messages than a page may.
///
/// Names are stable as newer messages are appended: `2024-03`, then `2024-03-p2`, `2024-03-p3`
/// for later parts of a large month, so a permalink `2024-03.html#m-ID` stays valid.
public struct Partition: Hashable, Sendable {
    /// The file name without extension, e.g. `2024-03` or `2024-03-p2`.
    public var name: String
    /// The month as `YYYY-MM`.
    public var month: String
    /// Day sections of this page (a day may continue on the next page of a split month).
    public var days: [DaySection]

    public init(name: String, month: String, days: [DaySection]) {
        self.name = name
        self.month = month
        self.days = days
    }

    public var messageCount: Int { days.reduce(0) { $0 + $1.messages.count } }

    /// Splits a channel layout into pages by month, then into parts of at most `messagesPerPage`.
    /// - Precondition: `messagesPerPage` > 0.
    /// - Returns: pages in chronological order; together they hold every message once.
    public static func partitions(of layout: ChannelLayout, messagesPerPage: Int) -> [Partition] {
        var pages: [Partition] = []
        var part = 1
        for day in layout.days {
            let month = day.date.isoMonth
            if pages.last?.month != month { part = 0 }
            for message in day.messages {
                if part == 0 || pages[pages.count - 1].messageCount >= messagesPerPage {
                    part += 1
                    pages.append(Partition(name: part == 1 ? month : "\(month)-p\(part)", month: month, days: []))
                }
                if pages[pages.count - 1].days.last?.date != day.date {
                    pages[pages.count - 1].days.append(DaySection(date: day.date, messages: []))
                }
                let last = pages[pages.count - 1].days.count - 1
                pages[pages.count - 1].days[last].messages.append(message)
            }
        }
        return pages
    }
}
