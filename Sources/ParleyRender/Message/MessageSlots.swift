import ParleyHTML
import ParleyModel

/// Renders the named slots of a message element: reply, text, edited, attachments, embeds,
/// stickers and reactions. An empty slot renders as an empty fragment.
struct MessageSlots {
    let context: RenderContext
    private var templates: TemplateSet { context.templates }

    func render(_ message: Message) -> [String: SafeHTML] {
        [
            "reply": reply(message), "text": PlainText.render(message.content.text), "edited": edited(message),
            "attachments": SafeHTML.joined(message.attachments.map(attachment)),
            "embeds": SafeHTML.joined(message.embeds.map(embed)),
            "stickers": SafeHTML.joined(
                message.stickers.map {
                    templates[.sticker].render(["name": .text($0.name), "format": .text($0.format)])
                }),
            "reactions": SafeHTML.joined(message.reactions.map(reaction)),
        ]
    }

    private func reply(_ message: Message) -> SafeHTML {
        guard let reference = message.reply else { return .empty }
        guard let original = context.messages[reference.messageID] else { return templates[.replyMissing].render([:]) }
        return templates[.reply].render([
            "href": .text(context.permalink(original.id)), "author": .text(original.author.shownName),
            "excerpt": .text(Self.excerpt(original)),
        ])
    }

    private func edited(_ message: Message) -> SafeHTML {
        guard let edited = message.editedTimestamp else { return .empty }
        return templates[.edited].render(["title": .text("Edited " + DateText.fullTime(edited, clock: context.clock))])
    }

    private func attachment(_ attachment: Attachment) -> SafeHTML {
        let isRemote = attachment.url.hasPrefix("https://") || attachment.url.hasPrefix("http://")
        return templates[.attachment].render([
            "href": .text(isRemote ? attachment.url : ""), "name": .text(attachment.fileName),
            "size": .text(attachment.sizeBytes.map(ByteCount.text) ?? ""),
        ])
    }

    private func embed(_ embed: Embed) -> SafeHTML {
        let fields = embed.fields.map { templates[.embedField].render(["name": .text($0.name), "value": .text($0.value)]) }
        return templates[.embed].render([
            "colorClass": .text(ColorClasses.embedClassName(for: embed.color) ?? ""), "author": .text(embed.authorName ?? ""),
            "url": .text(embed.url ?? ""), "title": .text(embed.title ?? embed.url ?? ""),
            "description": .text(embed.description ?? ""), "fields": .html(SafeHTML.joined(fields)),
            "footer": .text(embed.footer ?? ""),
        ])
    }

    private func reaction(_ reaction: Reaction) -> SafeHTML {
        let shown = reaction.emojiID == nil ? reaction.emoji : ":\(reaction.emoji):"
        return templates[.reaction].render([
            "name": .text(shown), "emoji": .text(shown), "count": .text(String(reaction.count)),
        ])
    }

    /// The first line of the original's text, at most 100 characters, or a description of what it holds.
    static func excerpt(_ message: Message) -> String {
        let line = message.content.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        if line.isEmpty { return message.attachments.isEmpty ? "(no text)" : "(attachment)" }
        return line.count > 100 ? String(line.prefix(99)) + "…" : line
    }
}

/// File sizes for people: `812 B`, `168.4 KiB`, `2.0 MiB` (binary units).
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
