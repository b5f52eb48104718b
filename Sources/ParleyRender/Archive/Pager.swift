import ParleyHTML
import ParleyLayout

/// Navigation between the partitions of a channel.
enum Pager {
    /// `← 2023-01` · `All pages` · `2023-03 →`, with `rel="prev"` / `rel="next"`.
    static func links(partitions: [Partition], current: Int) -> SafeHTML {
        var writer = HTMLWriter()
        if current > 0 {
            link(&writer, partitions[current - 1], rel: "prev", label: "← \(partitions[current - 1].name)")
            writer.text(" ")
        }
        writer.open("a", [("class", .text("pager-all")), ("href", .url("index.html"))])
        writer.text("All pages")
        writer.close("a")
        if current + 1 < partitions.count {
            writer.text(" ")
            link(&writer, partitions[current + 1], rel: "next", label: "\(partitions[current + 1].name) →")
        }
        return writer.fragment
    }

    /// The channel index: one line per page with its month, part and message count.
    static func list(partitions: [Partition]) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("ul", [("class", .text("page-list"))])
        for partition in partitions {
            writer.open("li")
            link(&writer, partition, rel: nil, label: partition.name)
            writer.text(" ")
            writer.open("span", [("class", .text("page-count"))])
            writer.text(Wording.count(partition.messageCount, "message"))
            writer.close("span")
            writer.close("li")
        }
        writer.close("ul")
        return writer.fragment
    }

    private static func link(_ writer: inout HTMLWriter, _ partition: Partition, rel: String?, label: String) {
        writer.open("a", [("href", .url(partition.name + ".html")), ("rel", rel.map { .text($0) })])
        writer.text(label)
        writer.close("a")
    }
}
