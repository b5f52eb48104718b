import Foundation
import ParleyAssets
import ParleyHTML
import ParleyModel
import ParleyPatch
import ParleyRender
import ParleyServer

/// Renders the server's HTML pages: the live page of a channel (`Templates/live-page.html`, the
/// archive page plus the live attributes and the client script) and the channel list (the
/// archive's `page.html`).
///
/// The live page's `<main id="transcript">` carries `data-version` (the version its content
/// shows), `data-protocol` (the patch protocol's version, ``PatchBatch/protocolVersion``: a
/// client of another version reloads the page), `data-epoch` (the channel's ``ChannelEpoch``),
/// `data-stream` (`/c/ID/events`, to open with `?since=VERSION`) and `data-older`
/// (`/c/ID/before/`, to append a message id); the page loads `/public/parley.js` as a module.
public struct LivePageRenderer: Sendable {
    let livePage: Template
    let templates: TemplateSet
    /// The transcript's title, for the title bar, the breadcrumbs and the channel list's heading.
    public let siteTitle: String
    /// The look of the pages (`--theme`): a channel's live page takes its platform's theme by
    /// default, the channel list the theme most channels take.
    public let theme: ThemeChoice
    /// The channel list's theme stylesheet, below the root.
    let indexStylesheet: String

    /// Loads `live-page.html` and the archive templates from the resource bundle.
    /// - Parameters:
    ///   - siteTitle: The transcript's title.
    ///   - theme: The look of the pages.
    ///   - channels: The channels served at start, whose platforms pick the channel list's theme.
    /// - Throws: ``RenderError/missingResources(searched:)`` without the bundle,
    ///   ``RenderError/template(_:)`` when a template cannot be read or parsed.
    public static func load(
        siteTitle: String, theme: ThemeChoice = .perPlatform, channels: [Channel] = []
    ) throws(RenderError) -> LivePageRenderer {
        let templates = try TemplateSet.load()
        guard let folder = Assets.templatesDirectory else { throw .missingResources(searched: Assets.searchedLocations) }
        let url = folder.appendingPathComponent("live-page.html")
        guard let source = try? String(contentsOf: url, encoding: .utf8) else { throw .template(.unreadable(path: url.path)) }
        do {
            return LivePageRenderer(
                livePage: try Template.parse(source, name: "live-page.html"), templates: templates, siteTitle: siteTitle,
                theme: theme, indexStylesheet: theme.stylesheet(forChannels: channels))
        } catch {
            throw .template(error)
        }
    }

    /// The live page of channel `id`, named `name`, showing `sections` at `version` of `epoch`,
    /// in the theme of `platform`'s channels.
    /// - Complexity: O(bytes of the sections).
    public func page(
        _ id: ChannelID, name: String, topic: String, version: Int, epoch: ChannelEpoch, sections: SafeHTML, platform: Platform? = nil
    ) -> [UInt8] {
        let path = "/c/" + PathSegment.encoded(id.rawValue)
        return livePage.render([
            "title": .text("\(name) · \(siteTitle)"), "heading": .text(name), "topic": .text(topic),
            "stylesheet": "/public/parley.css", "theme": .text("/" + theme.stylesheet(for: platform)), "colors": "/colors.css",
            "script": "/public/parley.js", "icon": "/favicon.ico",
            "breadcrumbs": .html(breadcrumbs(channelName: name)), "channel": .text(id.rawValue),
            "version": .text(String(version)), "protocol": .text(String(PatchBatch.protocolVersion)),
            "epoch": .text(epoch.rawValue), "stream": .text(path + "/events"),
            "older": .text(path + "/before/"),
            "content": .html(sections), "footer": "Live view · rendered by Parley",
        ]).bytes
    }

    /// The channel list: one entry per channel linking to its live page.
    public func index(_ channels: [any ServedChannel]) -> [UInt8] {
        let title = siteTitle
        let entries = channels.map { channel in
            templates[.channelEntry].render([
                "href": .text("/c/" + PathSegment.encoded(channel.id.rawValue)), "name": .text(channel.name),
                "count": "live", "range": .text(channel.topic),
            ])
        }
        var list = HTMLWriter()
        list.open("ul", [("class", .text("channel-list"))])
        list.html(SafeHTML.joined(entries))
        list.close("ul")
        return PageRenderer(templates: templates, themeStylesheet: indexStylesheet).page(
            .init(
                title: title, heading: title, topic: Wording.count(channels.count, "channel") + ", live", rootPath: "/",
                content: list.fragment, footer: "Live view · rendered by Parley")
        ).bytes
    }

    private func breadcrumbs(channelName: String) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("a", [("href", .url("/"))])
        writer.text(siteTitle)
        writer.close("a")
        writer.text(" › " + channelName)
        return writer.fragment
    }
}
