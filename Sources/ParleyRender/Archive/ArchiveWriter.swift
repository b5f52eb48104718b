import Foundation
import ParleyAssets
import ParleyHTML
import ParleyLayout
import ParleyModel

/// Writes a static archive: `index.html`, one folder per channel (`c/ID/`) with an index of its
/// pages and one page per partition (`2024-03.html`, `2024-03-p2.html`), `colors.css` and the
/// public assets (`public/`). Pages work from `file://` with no server and no JavaScript.
///
/// Output is deterministic: the same transcript and options give byte-identical files.
public struct ArchiveWriter: Sendable {
    public var options: ArchiveOptions
    private let templates: TemplateSet

    /// - Throws: ``RenderError/template(_:)`` when a template cannot be loaded.
    public init(options: ArchiveOptions) throws(RenderError) {
        self.options = options
        self.templates = try TemplateSet.load(overrides: options.templateOverrides)
    }

    /// Renders `transcript` into the empty folder at `output` (the staging folder of
    /// ``write(_:to:progress:)``), reporting each page to `progress`; a file equal to its copy in
    /// the archive at `previous` is linked from there instead of written (``ArchiveFiles``).
    /// - Returns: counts of what was written, with the time spent rendering and writing files.
    /// - Throws: ``RenderError/cannotCreate(path:reason:)`` when a folder cannot be created,
    ///   ``RenderError/cannotWrite(path:reason:)`` when a file cannot be written,
    ///   ``RenderError/cannotCopy(path:reason:)`` when a public asset cannot be read.
    /// - Complexity: O(n log n) for n messages (ordering); rendering is linear in output bytes.
    func writeContents(
        _ transcript: Transcript, to output: URL, replacing previous: URL? = nil, progress: (ArchiveProgress) -> Void
    ) throws(RenderError) -> ArchiveSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var files = ArchiveFiles(root: output, replacing: previous)
        try files.createFolder(output)
        try files.copyPublicAssets()
        let media = try MediaStore(options: options.media).resolve(transcript, files: &files)
        let pageRenderer = PageRenderer(templates: templates)
        var entries: [SafeHTML] = []
        var pages = 0, messages = 0
        progress(.rendering(messages: transcript.messageCount))
        for channel in transcript.channels {
            let layout = ChatLayout(policy: options.channelPolicies[channel.id] ?? options.policy, clock: options.clock)
            let channelLayout = layout.layout(channel)
            var channelPages = ChannelPages(
                transcript: transcript, layout: channelLayout, templates: templates, options: options)
            channelPages.media = media.links
            try channelPages.write(files: &files, renderer: pageRenderer) { pageMessages in
                pages += 1
                messages += pageMessages
                progress(.pageWritten(pages: pages, messages: messages))
            }
            entries.append(channelPages.indexEntry(clock: options.clock))
        }
        var list = HTMLWriter()
        list.open("ul", [("class", .text("channel-list"))])
        list.html(SafeHTML.joined(entries))
        list.close("ul")
        let index = pageRenderer.page(
            .init(
                title: transcript.title, heading: transcript.title,
                topic: Wording.count(transcript.channels.count, "channel") + ", " + Wording.count(messages, "message"),
                rootPath: "", content: list.fragment, footer: "Rendered by Parley"))
        let colors = transcript.channels.flatMap { $0.messages.flatMap { [$0.author.color] + $0.embeds.map(\.color) } }
        try files.write(text: ColorClasses.stylesheet(for: colors.compactMap { $0 }), to: "colors.css")
        try files.write(index, to: "index.html")
        pages += 1
        progress(.pageWritten(pages: pages, messages: messages))
        var summary = ArchiveSummary(
            channels: transcript.channels.count, messages: messages, pages: pages,
            indexPath: output.appendingPathComponent("index.html").path)
        summary.mediaProblems = media.problems
        summary.mediaFiles = media.copiedFiles
        summary.timings.render = clock.now - start - files.writeTime
        summary.timings.write = files.writeTime
        summary.timings.bytes = files.bytesWritten
        summary.pagesRewritten = files.pagesRewritten
        summary.pagesUnchanged = files.pagesUnchanged
        return summary
    }
}
