import Dispatch
import Foundation
import ParleyHTML
import ParleyLayout
import ParleyModel
import Synchronization

/// The pages of one channel in an archive: its planned pages, each rendered from the messages the
/// source gives for it, and its index of pages.
struct ChannelPages {
    let plan: ChannelPlan
    let title: String
    let templates: TemplateSet
    let options: ArchiveOptions
    /// What every page's render context shares: the directory, channel names, the root path.
    let context: RenderContext
    /// The channel's folder below the archive root (`c/NAME/`, ``ChannelFolders``).
    let folder: String

    init(plan: ChannelPlan, title: String, context: RenderContext, templates: TemplateSet, options: ArchiveOptions) {
        self.plan = plan
        self.title = title
        self.context = context
        self.templates = templates
        self.options = options
        self.folder = context.channelFolders.folder(of: plan.channel.id)
    }

    /// The archive path of the page at `index`.
    func path(of index: Int) -> String { folder + plan.pages[index].name + ".html" }

    /// A batch of pages ready to render: their runs of messages and the context with the runs'
    /// media resolved.
    struct Batch: Sendable {
        let indices: [Int]
        let runs: [MessageRun]
        let context: RenderContext
    }

    /// Reads the pages at `indices` (the next pages in order) from `source`.
    /// - Throws: what the source throws.
    func runs(_ indices: [Int], source: some ArchiveSource) throws(RenderError) -> [MessageRun] {
        try source.runs(
            indices.map { MessageRun.Request(channel: plan.channel.id, first: plan.pages[$0].first, count: plan.pages[$0].messageCount) })
    }

    /// The pages at `indices` ready to render from their `runs`, their messages' local media
    /// resolved through `media`.
    /// - Throws: ``RenderError/cannotWrite(path:reason:)`` when a copied media file cannot be written.
    func batch(_ indices: [Int], runs: [MessageRun], media: inout MediaStore, files: inout ArchiveFiles) throws(RenderError) -> Batch {
        var seen: Set<String> = [], references: [String] = []
        for run in runs {
            MediaStore.appendLocalReferences(of: run.messages, seen: &seen, to: &references)
            MediaStore.appendLocalReferences(of: run.replyTargets, seen: &seen, to: &references)
        }
        try media.resolve(references, files: &files)
        var context = context
        context.media = media.links
        return Batch(indices: indices, runs: runs, context: context)
    }

    /// Renders the pages of `batch` on every core and returns their HTML in the order of its
    /// indices.
    /// - Complexity: O(size of the pages).
    func render(_ batch: Batch, renderer: PageRenderer) -> [SafeHTML] {
        let window = WindowRenderer(templates: templates, clock: options.clock)
        let rendered = Mutex<[Int: SafeHTML]>([:])
        DispatchQueue.concurrentPerform(iterations: batch.indices.count) { offset in
            let html = page(batch.indices[offset], run: batch.runs[offset], context: batch.context, renderer: renderer, window: window)
            rendered.withLock { $0[offset] = html }
        }
        let pages = rendered.withLock { $0 }
        return batch.indices.indices.map { pages[$0] ?? .empty }
    }

    /// The channel's index: its calendar of days and its pages by date range (``ChannelCalendar``).
    func index(renderer: PageRenderer) -> SafeHTML {
        renderer.page(
            .init(
                title: "\(plan.channel.name) · \(title)", heading: plan.channel.name, topic: plan.channel.topic ?? "",
                rootPath: "../../", breadcrumbs: breadcrumbs(current: nil),
                content: ChannelCalendar.html(pages: plan.pages, days: plan.partitioner.days),
                channelID: plan.channel.id.rawValue,
                footer: Wording.count(plan.pages.reduce(0) { $0 + $1.messageCount }, "message") + " · rendered by Parley"))
    }

    /// The HTML of the page at `index`, showing `run`.
    /// - Complexity: O(size of the page).
    private func page(_ index: Int, run: MessageRun, context: RenderContext, renderer: PageRenderer, window: WindowRenderer)
        -> SafeHTML
    {
        let planned = plan.pages[index]
        var context = context
        context.currentPage = planned.name + ".html"
        for target in run.replyTargets {
            context.messages[target.id] = target
            if let name = plan.pageName(of: MessageOrderKey(target)) { context.pageOfMessage[target.id] = name + ".html" }
        }
        var neighbours: [Message] = []
        neighbours.reserveCapacity(run.messages.count + 2)
        if let before = run.before { neighbours.append(before) }
        neighbours.append(contentsOf: run.messages)
        if let after = run.after { neighbours.append(after) }
        let first = run.before == nil ? 0 : 1
        let layout = WindowRenderer(
            templates: templates, policy: options.channelPolicies[plan.channel.id] ?? options.policy, clock: options.clock)
        let days = layout.days(of: neighbours, in: first..<(first + run.messages.count))
        let page = PageRenderer.Page(
            title: "\(plan.channel.name) · \(pageTitle(planned)) · \(title)", heading: plan.channel.name,
            topic: plan.channel.topic ?? "", rootPath: "../../", breadcrumbs: breadcrumbs(current: pageTitle(planned)),
            pager: Pager.links(pages: plan.pages, current: index), content: .empty, channelID: plan.channel.id.rawValue,
            footer: Wording.count(planned.messageCount, "message") + " · rendered by Parley")
        var writer = HTMLWriter(capacity: 4096 + 2048 * planned.messageCount)
        renderer.writePage(page, into: &writer) { writer in window.write(days, context: context, into: &writer) }
        return writer.fragment
    }

    /// The channel's line in the archive index: its name linking to its newest page, message
    /// count, date range and a link to its calendar.
    func indexEntry(clock: ZoneClock) -> SafeHTML {
        let range =
            plan.first.flatMap { first in
                plan.last.map { DateText.range(Timestamp(milliseconds: first), Timestamp(milliseconds: $0), clock: clock) }
            } ?? ""
        return templates[.channelEntry].render([
            "href": .text(folder + (plan.pages.last.map { $0.name + ".html" } ?? "index.html")), "name": .text(plan.channel.name),
            "calendar": .text(folder + "index.html"),
            "count": .text(Wording.count(plan.pages.reduce(0) { $0 + $1.messageCount }, "message")), "range": .text(range),
        ])
    }

    private func pageTitle(_ page: Partitioner.Page) -> String { Pager.label(page) }

    private func breadcrumbs(current: String?) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("a", [("href", .url("../../index.html"))])
        writer.text(title)
        writer.close("a")
        writer.text(" › ")
        if let current {
            writer.open("a", [("href", .url("index.html"))])
            writer.text(plan.channel.name)
            writer.close("a")
            writer.text(" › " + current)
        } else {
            writer.text(plan.channel.name)
        }
        return writer.fragment
    }
}
