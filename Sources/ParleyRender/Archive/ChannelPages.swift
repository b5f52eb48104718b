import Dispatch
import Foundation
import ParleyHTML
import ParleyLayout
import ParleyModel
import Synchronization

/// The pages of one channel in an archive: its partitions and its index of partitions.
struct ChannelPages {
    let transcript: Transcript
    let layout: ChannelLayout
    let templates: TemplateSet
    let options: ArchiveOptions
    let partitions: [Partition]
    /// `c/ID/` below the archive root.
    let folder: String
    /// Where the archive's media is.
    var media = MediaLinks()

    init(transcript: Transcript, layout: ChannelLayout, templates: TemplateSet, options: ArchiveOptions) {
        self.transcript = transcript
        self.layout = layout
        self.templates = templates
        self.options = options
        self.partitions = Partition.partitions(of: layout, messagesPerPage: options.messagesPerPage)
        self.folder = "c/\(DOMID.encode(layout.channel.id.rawValue))/"
    }

    /// Writes the channel's pages, then its index, calling `pageWritten` after each with the
    /// number of messages on it (0 for the index).
    func write(
        files: inout ArchiveFiles, renderer: PageRenderer, pageWritten: (_ messages: Int) -> Void
    ) throws(RenderError) {
        var pageOf: [MessageID: String] = [:]
        var byID: [MessageID: Message] = [:]
        pageOf.reserveCapacity(layout.messageCount)
        byID.reserveCapacity(layout.messageCount)
        for partition in partitions {
            let page = partition.name + ".html"
            for day in partition.days {
                for item in day.messages {
                    pageOf[item.message.id] = page
                    byID[item.message.id] = item.message
                }
            }
        }
        var context = RenderContext(
            templates: templates, clock: options.clock, directory: transcript.directory, messages: byID, pageOfMessage: pageOf)
        context.media = media
        context.rootPath = "../../"
        context.channelNames = Dictionary(transcript.channels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let window = WindowRenderer(templates: templates, clock: options.clock)
        let shared = context
        // Pages render on every core, a few at a time, and are written in order: the output does
        // not depend on scheduling, and memory holds one batch of pages.
        let batchSize = max(1, ProcessInfo.processInfo.activeProcessorCount) * 2
        var start = 0
        while start < partitions.count {
            let batch = start..<min(start + batchSize, partitions.count)
            let rendered = Mutex<[Int: SafeHTML]>([:])
            DispatchQueue.concurrentPerform(iterations: batch.count) { offset in
                let html = page(batch.lowerBound + offset, context: shared, renderer: renderer, window: window)
                rendered.withLock { $0[batch.lowerBound + offset] = html }
            }
            let pages = rendered.withLock { $0 }
            for index in batch {
                try files.write(pages[index] ?? .empty, to: folder + partitions[index].name + ".html")
                pageWritten(partitions[index].messageCount)
            }
            start = batch.upperBound
        }
        let index = renderer.page(
            .init(
                title: "\(layout.channel.name) · \(transcript.title)", heading: layout.channel.name, topic: layout.channel.topic ?? "",
                rootPath: "../../", breadcrumbs: breadcrumbs(current: nil), content: Pager.list(partitions: partitions),
                channelID: layout.channel.id.rawValue, footer: Wording.count(layout.messageCount, "message") + " · rendered by Parley"))
        try files.write(index, to: folder + "index.html")
        pageWritten(0)
    }

    /// The HTML of the page of the partition at `index`, rendered with `context`.
    /// - Complexity: O(size of the page).
    private func page(_ index: Int, context: RenderContext, renderer: PageRenderer, window: WindowRenderer) -> SafeHTML {
        let partition = partitions[index]
        var context = context
        context.currentPage = partition.name + ".html"
        let page = PageRenderer.Page(
            title: "\(layout.channel.name) · \(pageTitle(partition)) · \(transcript.title)", heading: layout.channel.name,
            topic: layout.channel.topic ?? "", rootPath: "../../", breadcrumbs: breadcrumbs(current: pageTitle(partition)),
            pager: Pager.links(partitions: partitions, current: index), content: .empty, channelID: layout.channel.id.rawValue,
            footer: Wording.count(partition.messageCount, "message") + " · rendered by Parley")
        var writer = HTMLWriter(capacity: 4096 + 2048 * partition.messageCount)
        renderer.writePage(page, into: &writer) { writer in window.write(partition.days, context: context, into: &writer) }
        return writer.fragment
    }

    /// The channel's line in the archive index: name, message count and date range.
    func indexEntry(clock: ZoneClock) -> SafeHTML {
        let first = layout.days.lazy.compactMap(\.messages.first).first
        let last = layout.days.reversed().lazy.compactMap(\.messages.last).first
        let range = first.map { DateText.range($0.message.timestamp, last!.message.timestamp, clock: clock) } ?? ""
        return templates[.channelEntry].render([
            "href": .text(folder + "index.html"), "name": .text(layout.channel.name),
            "count": .text(Wording.count(layout.messageCount, "message")), "range": .text(range),
        ])
    }

    private func pageTitle(_ partition: Partition) -> String {
        guard let first = partition.days.first?.date else { return partition.name }
        let part = partition.name.split(separator: "-p").dropFirst().first
        return DateText.monthLabel(first) + (part.map { " (part \($0))" } ?? "")
    }

    private func breadcrumbs(current: String?) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("a", [("href", .url("../../index.html"))])
        writer.text(transcript.title)
        writer.close("a")
        writer.text(" › ")
        if let current {
            writer.open("a", [("href", .url("index.html"))])
            writer.text(layout.channel.name)
            writer.close("a")
            writer.text(" › " + current)
        } else {
            writer.text(layout.channel.name)
        }
        return writer.fragment
    }
}
