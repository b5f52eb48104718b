import Foundation
import ParleyHTML
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyRender

/// Builds live channels and full pages for the patch tests.
public enum LiveFixtures {
    public static let templates = try! TemplateSet.load()
    public static let authors = ["ana", "ben", "cy", "dee"].map { Author(id: AuthorID($0), name: $0, displayName: $0.capitalized) }
    /// 2024-03-08T09:00:00Z.
    public static let start: Int64 = 1_709_888_400_000

    public static func message(_ id: String, minute: Int64, author: Int, text: String, reply: String? = nil) -> Message {
        Message(
            id: MessageID(id), channel: ChannelID("live"), author: authors[author],
            timestamp: Timestamp(milliseconds: start + minute * 60_000), kind: reply == nil ? .default : .reply,
            content: Content(text: text), reply: reply.map { ReplyReference(messageID: MessageID($0)) })
    }

    public static func channel(_ messages: [Message], window: Int = 500) -> LiveChannel {
        LiveChannel(
            channel: Channel(id: ChannelID("live"), name: "live", messages: messages),
            options: LiveOptions(window: window, templates: templates))
    }

    /// A whole page whose container holds `sections`.
    public static func page(_ sections: SafeHTML) -> SafeHTML {
        PageRenderer(templates: templates).page(.init(title: "live", heading: "live", rootPath: "", content: sections))
    }

    /// The canonical container of the page that `channel` renders now.
    public static func canonicalPage(of channel: LiveChannel) throws -> String {
        let html = channel.withCurrentPage { _, sections in page(sections) }
        return try HTMLDocument(page: html).canonicalHTML(of: "transcript")
    }
}
