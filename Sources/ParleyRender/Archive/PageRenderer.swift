import ParleyHTML
import ParleyLayout
import ParleyModel

/// Renders day sections and whole pages through the `day` and `page` templates.
public struct PageRenderer: Sendable {
    /// The parts of a page that differ from page to page.
    public struct Page: Sendable {
        public var title: String
        public var heading: String
        public var topic: String
        /// The path from the page to the archive root, e.g. `../../` (empty at the root).
        public var rootPath: String
        public var breadcrumbs: SafeHTML
        public var pager: SafeHTML
        public var content: SafeHTML
        public var channelID: String
        public var footer: String

        public init(
            title: String, heading: String, topic: String = "", rootPath: String, breadcrumbs: SafeHTML = .empty,
            pager: SafeHTML = .empty, content: SafeHTML, channelID: String = "", footer: String = ""
        ) {
            self.title = title
            self.heading = heading
            self.topic = topic
            self.rootPath = rootPath
            self.breadcrumbs = breadcrumbs
            self.pager = pager
            self.content = content
            self.channelID = channelID
            self.footer = footer
        }
    }

    public var templates: TemplateSet
    /// Whether the page's Content-Security-Policy lets images and media load from `https:` hosts
    /// (the `remoteSources` slot: ` https:` or nothing). An archive's pages allow it only with
    /// `--allow-remote-media` (``MediaLinks/allowsRemote``); otherwise images and media come from
    /// the archive's own files and `data:` URLs only.
    public var allowsRemoteMedia: Bool
    /// The theme's stylesheet below the root (the `theme` slot, linked after `parley.css`):
    /// ``Theme/stylesheetPath`` or ``ThemeChoice/userStylesheetPath``.
    public var themeStylesheet: String

    public init(templates: TemplateSet, allowsRemoteMedia: Bool = true, themeStylesheet: String = Theme.parley.stylesheetPath) {
        self.templates = templates
        self.allowsRemoteMedia = allowsRemoteMedia
        self.themeStylesheet = themeStylesheet
    }

    /// A day section: `<section class="day" id="d-YYYY-MM-DD">`, its heading, then its messages.
    public func day(_ section: DaySection, messages: [ElementRendering]) -> SafeHTML {
        let template = templates[.day]
        var values = SlotValues(dayValues(section.date), for: template)
        values[template.slotIndex("messages")] = .html(SafeHTML.joined(messages.map(\.html)))
        return template.render(values)
    }

    /// A day section split around its messages: `opening` (the section's start tag and heading)
    /// and `closing`, for writing the section empty or filled message by message.
    public func dayContainer(_ date: LocalDate) -> (opening: SafeHTML, closing: SafeHTML) {
        let parts = templates[.day].renderSplit(dayValues(date), at: "messages")
        return (parts.before, parts.after)
    }

    private func dayValues(_ date: LocalDate) -> KeyValuePairs<String, SlotValue> {
        [
            "id": .text(DOMID.day(date.isoString)), "date": .text(date.isoString),
            "label": .text(DateText.dayLabel(date)),
        ]
    }

    /// Writes a day section at the end of `writer`, its messages written by `messages`: the bytes
    /// of ``day(_:messages:)`` without building each message's fragment.
    public func writeDay(_ date: LocalDate, into writer: inout HTMLWriter, messages: (inout HTMLWriter) -> Void) {
        let template = templates[.day]
        template.render(SlotValues(dayValues(date), for: template), into: &writer, filling: "messages", with: messages)
    }

    /// A whole HTML document.
    public func page(_ page: Page) -> SafeHTML {
        let template = templates[.page]
        var values = SlotValues(pageValues(page), for: template)
        values[template.slotIndex("content")] = .html(page.content)
        return template.render(values)
    }

    /// Writes a whole HTML document at the end of `writer`, its content written by `content`
    /// (`page.content` is not used): the bytes of ``page(_:)`` in one buffer.
    public func writePage(_ page: Page, into writer: inout HTMLWriter, content: (inout HTMLWriter) -> Void) {
        let template = templates[.page]
        template.render(SlotValues(pageValues(page), for: template), into: &writer, filling: "content", with: content)
    }

    private func pageValues(_ page: Page) -> KeyValuePairs<String, SlotValue> {
        [
            "title": .text(page.title), "heading": .text(page.heading), "topic": .text(page.topic),
            "stylesheet": .text(page.rootPath + "public/parley.css"), "theme": .text(page.rootPath + themeStylesheet),
            "colors": .text(page.rootPath + "colors.css"),
            "breadcrumbs": .html(page.breadcrumbs), "pager": .html(page.pager),
            "channel": .text(page.channelID), "footer": .text(page.footer), "root": .text(page.rootPath),
            "search": .text(page.rootPath + "public/search.js"), "icon": .text(page.rootPath + ArchiveFiles.iconPath),
            "remoteSources": .text(allowsRemoteMedia ? " https:" : ""),
        ]
    }
}

extension PageRenderer {
    /// A page that sends its reader on to `target` (a path relative to the page): the `redirect`
    /// template, whose `public/redirect.js` keeps the `#fragment`; without scripts it is a link.
    /// - Parameters:
    ///   - title: the page's title and heading (the channel's name).
    ///   - rootPath: the path from the page to the archive root, e.g. `../../`.
    public func redirect(title: String, to target: String, rootPath: String) -> SafeHTML {
        templates[.redirect].render([
            "title": .text(title), "target": .text(target), "stylesheet": .text(rootPath + "public/parley.css"),
            "script": .text(rootPath + "public/redirect.js"), "icon": .text(rootPath + ArchiveFiles.iconPath),
        ])
    }
}
