import ParleyFormat
import ParleyHTML
import ParleyModel

/// Renders the named slots of a message element: reply, text, edited, attachments, embeds,
/// stickers and reactions. An empty slot renders as an empty fragment (and its slot element is
/// left out of the message).
///
/// The `reply` slot holds the reply header and a forwarded message's origin; `embeds` holds the
/// link to a thread the message started, then the embeds.
struct MessageSlots {
    let context: RenderContext
    var templates: TemplateSet { context.templates }

    /// The slot names, in the order ``render(_:)`` returns their fragments.
    static let names = ["reply", "text", "edited", "attachments", "embeds", "stickers", "reactions"]

    /// The fragment of each slot, in ``names`` order.
    func render(_ message: Message) -> [SafeHTML] {
        [
            SafeHTML.joined([reply(message), forwarded(message)]),
            MessageText(context: context).html(message.content),
            edited(message),
            SafeHTML.joined(message.attachments.map(attachment)),
            SafeHTML.joined([threadLink(message)] + message.embeds.map { embed($0, flavor: message.content.flavor) }),
            SafeHTML.joined(message.stickers.map(sticker)),
            SafeHTML.joined(message.reactions.map(reaction)),
        ]
    }

    private func edited(_ message: Message) -> SafeHTML {
        guard let edited = message.editedTimestamp else { return .empty }
        return templates[.edited].render(["title": .text("Edited " + DateText.fullTime(edited, clock: context.clock))])
    }

    /// A link to the thread `message` started: its `thread`, or a thread channel of the archive
    /// with the message's id (Discord gives a thread started from a message that message's id).
    private func threadLink(_ message: Message) -> SafeHTML {
        let id = message.thread ?? ChannelID(message.id.rawValue)
        guard let name = context.channelNames[id], id != message.channel else { return .empty }
        return templates[.threadLink].render(["href": .text(context.channelLink(id)), "name": .text(name)])
    }

    /// The file's name and size as a link when it can be reached; a local file that is not
    /// passive media is linked with `download` and its sanitized file name.
    func fileLink(_ attachment: Attachment) -> SafeHTML {
        let href = SlotValue.text(context.media.link(attachment.url, rootPath: context.rootPath) ?? "")
        let size = SlotValue.text(attachment.sizeBytes.map(ByteCount.text) ?? "")
        guard context.media.mode != .none, context.media.isDownload(attachment.url) else {
            return templates[.attachment].render(["href": href, "name": .text(attachment.fileName), "size": size])
        }
        let name = PassiveMedia.downloadName(attachment.fileName.isEmpty ? attachment.url : attachment.fileName)
        return templates[.attachmentDownload].render([
            "href": href, "name": .text(attachment.fileName), "size": size, "download": .text(name),
        ])
    }
}
