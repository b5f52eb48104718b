import Foundation
import ParleyAssets
import ParleyHTML
import ParleyRender

/// Renders the server's HTML pages: the live page of a channel (`Templates/live-page.html`, the
/// archive page plus the live attributes and the client script) and the channel list (the
/// archive's `page.html`).
///
/// The live page's `<main id="transcript">` carries `data-version` (the version its content
/// shows), `data-stream` (`/c/ID/events`, to open with `?since=VERSION`) and `data-older`
/// (`/c/ID/before/`, to append a message id); the page loads `/public/parley.js` as a module.
public struct LivePageRenderer: Sendable {
    let livePage: Template
    let templates: TemplateSet

    /// Loads `live-page.html` and the archive templates from the resource bundle.
    /// - Throws: ``RenderError/missingResources(searched:)`` without the bundle,
    ///   ``RenderError/template(_:)`` when a template cannot be read or parsed.
    public static func load() throws(RenderError) -> LivePageRenderer {
        let templates = try TemplateSet.load()
        guard let folder = Assets.templatesDirectory else { throw .missingResources(searched: Assets.searchedLocations) }
        let url = folder.appendingPathComponent("live-page.html")
        guard let source = try? String(contentsOf: url, encoding: .utf8) else { throw .template(.unreadable(path: url.path)) }
        do {
            return LivePageRenderer(livePage: try Template.parse(source, name: "live-page.html"), templates: templates)
        } catch {
            throw .template(error)
        }
    }

    /// The live page of `channel` showing `region`.
    /// - Parameter siteTitle: The transcript's title, for the title bar and breadcrumbs.
    /// - Complexity: O(bytes of the region).
    public func page(_ channel: any ServedChannel, region: LiveRegion, siteTitle: String) -> SafeHTML {
        let path = "/c/" + Self.pathSegment(channel.id.rawValue)
        return livePage.render([
            "title": .text("\(channel.name) · \(siteTitle)"), "heading": .text(channel.name), "topic": .text(channel.topic),
            "stylesheet": "/public/parley.css", "colors": "/colors.css", "script": "/public/parley.js",
            "breadcrumbs": .html(breadcrumbs(siteTitle: siteTitle, channelName: channel.name)), "channel": .text(channel.id.rawValue),
            "version": .text(String(region.version)), "stream": .text(path + "/events"), "older": .text(path + "/before/"),
            "content": .html(region.sections), "footer": "Live view · rendered by Parley",
        ])
    }

    /// The channel list: one entry per channel linking to its live page.
    public func index(title: String, channels: [any ServedChannel]) -> SafeHTML {
        let entries = channels.map { channel in
            templates[.channelEntry].render([
                "href": .text("/c/" + Self.pathSegment(channel.id.rawValue)), "name": .text(channel.name),
                "count": "live", "range": .text(channel.topic),
            ])
        }
        var list = HTMLWriter()
        list.open("ul", [("class", .text("channel-list"))])
        list.html(SafeHTML.joined(entries))
        list.close("ul")
        return PageRenderer(templates: templates).page(
            .init(
                title: title, heading: title, topic: Wording.count(channels.count, "channel") + ", live", rootPath: "/",
                content: list.fragment, footer: "Live view · rendered by Parley"))
    }

    /// `text` percent-encoded for one URL path segment: bytes outside `A-Z a-z 0-9 - . _ ~`
    /// (RFC 3986 unreserved) become `%XX`.
    public static func pathSegment(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: result.unicodeScalars.append(Unicode.Scalar(byte))
            default: result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    private func breadcrumbs(siteTitle: String, channelName: String) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("a", [("href", .url("/"))])
        writer.text(siteTitle)
        writer.close("a")
        writer.text(" › " + channelName)
        return writer.fragment
    }
}
