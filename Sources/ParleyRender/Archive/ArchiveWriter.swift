import Foundation
import ParleyAssets
import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleySearch

/// Writes a static archive: `index.html`, one folder per channel (`c/NAME/`, ``ChannelFolders``) with an index of its
/// pages and one page per partition (`2024-03.html`, `2024-03-p2.html`), `colors.css`, the
/// public assets (`public/`) and the icon (`favicon.ico`). Pages work from `file://` with no server
/// and no JavaScript.
///
/// Pages are rendered from an ``ArchiveSource`` a batch at a time, so memory holds the pages of
/// a few batches (``renderAhead``), not the archive. A page whose digest (``ChannelPlan``) equals the one the previous
/// archive recorded for it (`.parley-pages`, ``PageDigests``) is not rendered: the previous file
/// is kept.
///
/// Output is deterministic: the same messages and options give byte-identical files.
public struct ArchiveWriter: Sendable {
    public var options: ArchiveOptions
    private let templates: TemplateSet
    /// How many batches of pages may be rendering in the background at once, while the writer's
    /// thread reads, indexes and writes: with one, the cores went idle whenever that thread took
    /// longer than a batch's render (a page write held up by the disk, a batch of long messages);
    /// with three, the render phase of 1,000,000 generated Discord messages took 11.8 s instead
    /// of 13.2 s on 2 cores (means of 9 and 5 runs), for a few MB more peak memory.
    static let renderAhead = 3

    /// - Throws: ``RenderError/template(_:)`` when a template cannot be loaded.
    public init(options: ArchiveOptions) throws(RenderError) {
        self.options = options
        self.templates = try TemplateSet.load(overrides: options.templateOverrides)
    }

    /// Renders the messages of `source` into the empty folder at `output` (the staging folder of
    /// ``write(_:holding:progress:)``), reporting each page to `progress`. A page the archive at
    /// `previous` holds with the same digest is kept from there without rendering; any other file
    /// equal to its copy there is linked from there instead of written (``ArchiveFiles``).
    /// - Returns: counts of what was written, with the time spent rendering and writing files.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` when a folder cannot be created,
    ///   ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written,
    ///   ``RenderError/cannotCopy(path:reason:)`` when a public asset cannot be read,
    ///   ``RenderError/cannotRead(path:reason:)`` when the source cannot be read.
    /// - Complexity: O(n) for n messages to plan the pages, plus rendering the pages that changed
    ///   (linear in their bytes); memory O(pages + ``renderAhead`` + 1 batches of pages).
    func writeContents(
        _ source: some ArchiveSource, to output: URL, replacing previous: URL? = nil, progress: (ArchiveProgress) -> Void
    ) throws(RenderError) -> ArchiveSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var files = ArchiveFiles(root: output, replacing: previous)
        try files.createFolder(output)
        try files.copyPublicAssets()
        if case let .file(bytes) = options.theme {
            try files.write(data: Data(bytes), to: ThemeChoice.userStylesheetPath, countsAsPage: false)
        }
        try files.writeIcon()
        let recorded = PageDigests(text: files.previousText(PageDigests.fileName, limit: PageDigests.sizeLimit))
        var written = PageDigests(text: nil)
        let directory = source.directory
        var media = MediaStore(options: options.media)
        try media.resolve(MediaStore.references(in: directory), files: &files)
        let resolvesMedia = options.media.mode != .none
        let identity = resolvesMedia && MediaStore.references(in: directory).contains { !LinkPolicy.isRemote($0) } ? nil : identity(source)
        let channels = source.channels
        var context = RenderContext(templates: templates, clock: options.clock, directory: directory)
        context.rootPath = "../../"
        context.channelNames = Dictionary(channels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        context.channelFolders = ChannelFolders(channels.map(\.id))
        let pageRenderer = PageRenderer(
            templates: templates, allowsRemoteMedia: options.media.allowsRemote,
            themeStylesheet: options.theme.stylesheet(forChannels: channels))
        let batchSize = max(1, ProcessInfo.processInfo.activeProcessorCount) * 2
        var entries: [SafeHTML] = []
        var search = SearchIndexWriter(previous: files, clock: options.clock)
        var pageFiles: [ChannelID: Set<String>] = [:]
        var pages = 0, messages = 0, pagesRendered = 0
        var unreadable: [UnreadableRecord] = []
        progress(.rendering(messages: try source.messageCount()))
        for channel in channels {
            let plan = try ChannelPlan(
                channel, entries: source.entries, openReader: source.entryReader, messagesPerPage: options.messagesPerPage,
                clock: options.clock,
                identity: identity.map {
                    Self.identity(
                        $0, policy: options.channelPolicies[channel.id] ?? options.policy,
                        theme: options.theme.stylesheet(for: channel.platform))
                },
                resolvesMedia: resolvesMedia)
            let channelPages = ChannelPages(plan: plan, title: source.title, context: context, templates: templates, options: options)
            let channelRenderer = PageRenderer(
                templates: templates, allowsRemoteMedia: options.media.allowsRemote,
                themeStylesheet: options.theme.stylesheet(for: channel.platform))
            pageFiles[channel.id] = Set(plan.pages.map { $0.name + ".html" })
            // The next pages in order: kept ones with their documents from the previous index
            // when it holds them, the others read from the source at the next flush.
            var pending: [(index: Int, kept: Bool, documents: PreviousSearchIndex.KeptPage?)] = []
            // The batches being rendered in the background, oldest first, while the next one is
            // read: up to ``renderAhead`` of them, so that the cores keep rendering while this
            // thread reads, indexes and writes; the oldest is written once that many are rendering.
            var rendering: [(indices: [Int], work: BackgroundWork<[SafeHTML]>)] = []
            func finishRendering(keeping inFlight: Int) -> [(index: Int, html: SafeHTML)] {
                var done: [(index: Int, html: SafeHTML)] = []
                while rendering.count > inFlight {
                    let (indices, work) = rendering.removeFirst()
                    done += zip(indices, work.wait()).map { (index: $0, html: $1) }
                }
                return done
            }
            func write(_ rendered: [(index: Int, html: SafeHTML)]) throws(RenderError) {
                for (index, html) in rendered {
                    try files.write(html, to: channelPages.path(of: index))
                    pages += 1
                    messages += plan.pages[index].messageCount
                    progress(.pageWritten(pages: pages, messages: messages))
                }
            }
            // Every page whose documents the previous index does not give is read for the search
            // index, in order; only those not kept are rendered.
            func flush() throws(RenderError) {
                let read = pending.filter { $0.documents == nil }
                let runs = try channelPages.runs(read.map(\.index), source: source)
                var group: [MessageRun] = []
                var next = 0
                for page in pending {
                    if let documents = page.documents {
                        try search.add(group, files: &files)
                        group = []
                        try search.add(documents, files: &files)
                    } else {
                        group.append(runs[next])
                        next += 1
                    }
                }
                try search.add(group, files: &files)
                // A page showing a notice for an unreadable record keeps no digest: the next render
                // reads it again (and warns again) instead of keeping it.
                for (page, run) in zip(read, runs) where !run.unreadable.isEmpty {
                    let path = channelPages.path(of: page.index)
                    written.digests[path] = nil
                    unreadable += run.unreadable.map { record in
                        var record = record
                        record.page = path
                        return record
                    }
                }
                let changed = zip(read, runs).filter { !$0.0.kept }
                pending = []
                guard !changed.isEmpty else { return }
                let indices = changed.map(\.0.index)
                let batch = try channelPages.batch(indices, runs: changed.map(\.1), media: &media, files: &files)
                rendering.append((indices, BackgroundWork { channelPages.render(batch, renderer: channelRenderer) }))
                pagesRendered += indices.count
                try write(finishRendering(keeping: Self.renderAhead - 1))
            }
            search.begin(plan, folder: channelPages.folder)
            for index in plan.pages.indices {
                let path = channelPages.path(of: index)
                var kept = false
                var documents: PreviousSearchIndex.KeptPage?
                if let digest = plan.digests[index] {
                    written.digests[path] = digest
                    if recorded.digests[path] == digest, files.keepPage(path) {
                        kept = true
                        documents = search.keptDocuments(
                            ofPage: plan.pages[index].name + ".html", count: plan.pages[index].messageCount, files: files)
                        pages += 1
                        messages += plan.pages[index].messageCount
                        progress(.pageWritten(pages: pages, messages: messages))
                    }
                }
                pending.append((index, kept, documents))
                if pending.count == batchSize { try flush() }
            }
            if !pending.isEmpty { try flush() }
            try write(finishRendering(keeping: 0))
            try files.write(channelPages.index(renderer: channelRenderer), to: channelPages.folder + "index.html")
            pages += 1
            progress(.pageWritten(pages: pages, messages: messages))
            entries.append(channelPages.indexEntry(clock: options.clock))
        }
        try search.finish(files: &files)
        let redirects = try writeRedirects(
            channels, folders: context.channelFolders, pageFiles: pageFiles, renderer: pageRenderer, files: &files)
        let index = pageRenderer.page(
            .init(
                title: source.title, heading: source.title,
                topic: Wording.count(channels.count, "channel") + ", " + Wording.count(messages, "message"),
                rootPath: "", content: ChannelGroups.html(channels, entries: entries), footer: "Rendered by Parley"))
        try files.write(text: ColorClasses.stylesheet(for: try source.colors()), to: "colors.css")
        try files.write(index, to: "index.html")
        pages += 1
        progress(.pageWritten(pages: pages, messages: messages))
        if !written.digests.isEmpty { try files.write(text: written.text, to: PageDigests.fileName) }
        try files.finish()
        var summary = ArchiveSummary(
            channels: channels.count, messages: messages, pages: pages, indexPath: output.appendingPathComponent("index.html").path)
        summary.mediaProblems = media.problems
        summary.mediaFiles = media.copiedFiles
        summary.linkedMediaFiles = media.linkedFiles
        summary.timings.render = clock.now - start - files.writeTime
        summary.timings.write = files.writeTime
        summary.timings.bytes = files.bytesWritten
        summary.pagesRewritten = files.pagesRewritten
        summary.pagesUnchanged = files.pagesUnchanged
        summary.pagesRendered = pagesRendered
        summary.searchDocumentsKept = search.documentsKept
        summary.redirectPages = redirects
        summary.unreadableRecords = unreadable
        return summary
    }

    /// The digest of how pages of `source` are rendered: the renderer, the templates, the options
    /// and the source's header; nil when the source keeps no digests.
    private func identity(_ source: some ArchiveSource) -> UInt64? {
        guard let header = source.headerDigest else { return nil }
        var hasher = StableHasher()
        hasher.feed(options.rendererIdentity)
        hasher.feed(templates.digest)
        hasher.feed(Int64(options.messagesPerPage))
        hasher.feed(options.clock.name)
        hasher.feed(options.clock.timeZone.identifier)
        hasher.feed(options.media.mode.rawValue)
        hasher.feed(options.media.allowsRemote ? "remote media" : "no remote media")
        hasher.feed(header)
        return hasher.digest
    }

    /// `identity` for a channel grouped by `policy` whose pages link the stylesheet `theme`.
    private static func identity(_ identity: UInt64, policy: GroupingPolicy, theme: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.feed(identity)
        hasher.feed(policy.maximumGapMilliseconds)
        hasher.feed(theme)
        return hasher.digest
    }
}
