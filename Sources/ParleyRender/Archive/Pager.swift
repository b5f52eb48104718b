import ParleyHTML
import ParleyLayout

/// Navigation between the partitions of a channel.
enum Pager {
    /// `← 1–4 Feb 2021` · `Jump to date` · `5–7 Feb 2021 →`, with `rel="prev"` / `rel="next"`;
    /// "Jump to date" opens the channel's calendar (its index).
    static func links(pages: [Partitioner.Page], current: Int) -> SafeHTML {
        var writer = HTMLWriter()
        if current > 0 {
            link(&writer, pages[current - 1], rel: "prev", label: "← " + label(pages[current - 1]))
            writer.text(" ")
        }
        writer.open("a", [("class", .text("pager-all")), ("href", .url("index.html"))])
        writer.text("Jump to date")
        writer.close("a")
        if current + 1 < pages.count {
            writer.text(" ")
            link(&writer, pages[current + 1], rel: "next", label: label(pages[current + 1]) + " →")
        }
        return writer.fragment
    }

    /// A page as the pager and the page list name it: its date range (``DateText/dayRange(_:_:)``).
    static func label(_ page: Partitioner.Page) -> String { DateText.dayRange(page.firstDay, page.lastDay) }

    /// The channel's page list: one line per page with its date range and message count.
    static func list(pages: [Partitioner.Page]) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("ul", [("class", .text("page-list"))])
        for page in pages {
            writer.open("li")
            link(&writer, page, rel: nil, label: label(page))
            writer.text(" ")
            writer.open("span", [("class", .text("page-count"))])
            writer.text(Wording.count(page.messageCount, "message"))
            writer.close("span")
            writer.close("li")
        }
        writer.close("ul")
        return writer.fragment
    }

    private static func link(_ writer: inout HTMLWriter, _ page: Partitioner.Page, rel: String?, label: String) {
        writer.open("a", [("href", .url(page.name + ".html")), ("rel", rel.map { .text($0) })])
        writer.text(label)
        writer.close("a")
    }
}
