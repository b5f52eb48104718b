import ParleyHTML
import ParleyLayout

/// Navigation between the partitions of a channel.
enum Pager {
    /// `← 2023-01` · `All pages` · `2023-03 →`, with `rel="prev"` / `rel="next"`.
    static func links(pages: [Partitioner.Page], current: Int) -> SafeHTML {
        var writer = HTMLWriter()
        if current > 0 {
            link(&writer, pages[current - 1], rel: "prev", label: "← \(pages[current - 1].name)")
            writer.text(" ")
        }
        writer.open("a", [("class", .text("pager-all")), ("href", .url("index.html"))])
        writer.text("All pages")
        writer.close("a")
        if current + 1 < pages.count {
            writer.text(" ")
            link(&writer, pages[current + 1], rel: "next", label: "\(pages[current + 1].name) →")
        }
        return writer.fragment
    }

    /// The channel index: one line per page with its month, part and message count.
    static func list(pages: [Partitioner.Page]) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("ul", [("class", .text("page-list"))])
        for page in pages {
            writer.open("li")
            link(&writer, page, rel: nil, label: page.name)
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
