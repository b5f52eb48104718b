import ParleyModel

/// Splits a channel into the pages of a static archive as its messages stream past in display
/// order, holding only the pages: a calendar month per page, or parts of one when the month holds
/// more than `messagesPerPage` messages.
///
/// Names are stable as newer messages are appended: `2024-03`, then `2024-03-p2`, `2024-03-p3`
/// for later parts of a large month, so a permalink `2024-03.html#m-ID` stays valid.
public struct Partitioner: Sendable {
    /// One page: its name, the key of its first message, how many messages it holds and the day of
    /// its first message.
    public struct Page: Hashable, Sendable {
        /// The file name without extension, e.g. `2024-03` or `2024-03-p2`.
        public var name: String
        /// The month as `YYYY-MM`.
        public var month: String
        /// The order key of the page's first message.
        public var first: MessageOrderKey
        /// The local day of the page's first message.
        public var firstDay: LocalDate
        /// The local day of the page's last message.
        public var lastDay: LocalDate
        /// How many messages the page holds.
        public var messageCount: Int
    }

    /// One local day that has messages: how many, and the page its first message is on.
    public struct Day: Hashable, Sendable {
        public var date: LocalDate
        public var messageCount: Int
        /// The index in ``Partitioner/pages`` of the page that holds the day's first message.
        public var page: Int
    }

    /// The largest number of messages on a page.
    public let messagesPerPage: Int
    /// The zone in which days and months are cut.
    public let clock: ZoneClock
    /// The pages so far, in order.
    public private(set) var pages: [Page] = []
    /// The days that have messages so far, in order (memory O(days)).
    public private(set) var days: [Day] = []
    private var part = 0

    /// - Precondition: `messagesPerPage` > 0.
    public init(messagesPerPage: Int, clock: ZoneClock) {
        precondition(messagesPerPage > 0, "a page holds at least one message")
        self.messagesPerPage = messagesPerPage
        self.clock = clock
    }

    /// Places the next message in display order on a page.
    /// - Returns: the index of its page in ``pages``.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func place(_ key: MessageOrderKey) -> Int {
        let day = clock.localDate(Timestamp(milliseconds: key.timestamp))
        let month = day.isoMonth
        if pages.last?.month != month { part = 0 }
        if part == 0 || pages[pages.count - 1].messageCount >= messagesPerPage {
            part += 1
            pages.append(
                Page(name: part == 1 ? month : "\(month)-p\(part)", month: month, first: key, firstDay: day, lastDay: day, messageCount: 0))
        }
        pages[pages.count - 1].messageCount += 1
        pages[pages.count - 1].lastDay = day
        if days.last?.date == day {
            days[days.count - 1].messageCount += 1
        } else {
            days.append(Day(date: day, messageCount: 1, page: pages.count - 1))
        }
        return pages.count - 1
    }

    /// Whether ``append(contentsOf:)`` may join `later` after this partitioner: its first page
    /// begins another month than this one's last page (or either has none), so placing both runs
    /// of messages with one partitioner would have cut the same pages.
    public func canAppend(_ later: Partitioner) -> Bool {
        guard let last = pages.last, let first = later.pages.first else { return true }
        return last.month != first.month && messagesPerPage == later.messagesPerPage
    }

    /// Joins `later`, a partitioner that placed the messages that follow this one's in display
    /// order: afterwards this partitioner holds the pages and days one partitioner placing all of
    /// them would hold (``canAppend(_:)`` says when that is so).
    /// - Precondition: ``canAppend(_:)`` is true for `later`.
    /// - Complexity: O(pages and days of `later`).
    public mutating func append(contentsOf later: Partitioner) {
        precondition(canAppend(later), "the later pages begin in the month the earlier ones end in")
        guard !later.pages.isEmpty else { return }
        let offset = pages.count
        pages += later.pages
        days += later.days.map { day in
            var day = day
            day.page += offset
            return day
        }
        part = later.part
    }

    /// The index of the page that holds the message with `key` (a key placed earlier).
    /// - Complexity: O(log pages).
    public func page(of key: MessageOrderKey) -> Int? {
        var low = 0, high = pages.count
        while low < high {
            let middle = (low + high) / 2
            if key < pages[middle].first { high = middle } else { low = middle + 1 }
        }
        return low == 0 ? nil : low - 1
    }
}
