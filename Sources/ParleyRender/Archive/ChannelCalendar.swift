import ParleyHTML
import ParleyLayout
import ParleyModel

/// A channel's index page content: its days as a calendar — years, then the months that have
/// messages, each day a cell shaded by how many messages it has (an activity heatmap that needs
/// no script: the count is in each day's accessible name and title) and linking to that day's
/// heading on the page that holds it — then the list of pages, each named by its date range.
enum ChannelCalendar {
    /// The shade of a day: 1–4 by its share of the busiest day's count (0 for none).
    static func heat(_ count: Int, busiest: Int) -> Int {
        guard count > 0, busiest > 0 else { return 0 }
        return min(4, (4 * count + busiest - 1) / busiest)
    }

    /// The calendar and the page list of a channel cut into `pages`, whose days are `days`.
    /// - Complexity: O(days + pages + months × 31).
    static func html(pages: [Partitioner.Page], days: [Partitioner.Day]) -> SafeHTML {
        var counts: [LocalDate: (count: Int, page: Int)] = [:]
        for day in days {
            let known = counts[day.date]
            counts[day.date] = ((known?.count ?? 0) + day.messageCount, known?.page ?? day.page)
        }
        let busiest = counts.values.map(\.count).max() ?? 0
        var months: [(year: Int, month: Int)] = []
        for date in counts.keys.sorted() where months.last.map({ $0 != (date.year, date.month) }) ?? true {
            months.append((date.year, date.month))
        }
        var writer = HTMLWriter()
        if !months.isEmpty {
            writer.open("section", [("class", .text("calendar")), ("aria-label", .text("Messages by day"))])
            for (index, month) in months.enumerated() {
                if index == 0 || months[index - 1].year != month.year {
                    if index > 0 { writer.close("div") }
                    writer.open("h2", [("class", .text("calendar-year"))])
                    writer.text(String(month.year))
                    writer.close("h2")
                    writer.open("div", [("class", .text("calendar-months"))])
                }
                writeMonth(month, counts: counts, busiest: busiest, pages: pages, into: &writer)
            }
            writer.close("div")
            writer.close("section")
        }
        writer.open("h2", [("class", .text("page-list-heading"))])
        writer.text("Pages")
        writer.close("h2")
        writer.html(Pager.list(pages: pages))
        return writer.fragment
    }

    private static func writeMonth(
        _ month: (year: Int, month: Int), counts: [LocalDate: (count: Int, page: Int)], busiest: Int, pages: [Partitioner.Page],
        into writer: inout HTMLWriter
    ) {
        let first = LocalDate(year: month.year, month: month.month, day: 1)
        let label = DateText.monthLabel(first)
        writer.open("div", [("class", .text("calendar-month"))])
        writer.open("h3")
        writer.text(label)
        writer.close("h3")
        writer.open("ol", [("class", .text("calendar-days")), ("aria-label", .text(label))])
        for _ in 1..<first.isoWeekday {
            writer.open("li", [("class", .text("calendar-pad")), ("aria-hidden", .text("true"))]); writer.close("li")
        }
        var date = first
        while date.month == month.month {
            writer.open("li")
            if let (count, page) = counts[date] {
                let name = DateText.dayLabel(date) + ": " + Wording.count(count, "message")
                writer.open(
                    "a",
                    [
                        ("class", .text("heat-\(heat(count, busiest: busiest))")),
                        ("href", .url(pages[page].name + ".html#" + DOMID.day(date.isoString))), ("title", .text(name)),
                        ("aria-label", .text(name)),
                    ])
                writer.text(String(date.day))
                writer.close("a")
            } else {
                writer.open("span", [("class", .text("heat-0"))])
                writer.text(String(date.day))
                writer.close("span")
            }
            writer.close("li")
            date = LocalDate(daysSinceEpoch: date.daysSinceEpoch + 1)
        }
        writer.close("ol")
        writer.close("div")
    }
}
