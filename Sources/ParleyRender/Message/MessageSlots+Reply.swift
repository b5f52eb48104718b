import ParleyFormat
import ParleyHTML
import ParleyModel

/// The reply header (the original's author and a short excerpt, linking to it on whichever page
/// of the archive it is, or a neutral "original message unavailable") and a forwarded message's
/// origin.
extension MessageSlots {
    func reply(_ message: Message) -> SafeHTML {
        guard let reference = message.reply else { return .empty }
        guard let original = context.messages[reference.messageID] else { return templates[.replyMissing].render([:]) }
        return templates[.reply].render([
            "href": .text(context.permalink(original.id)), "author": .text(original.author.shownName),
            "excerpt": .text(MessageText(context: context).excerpt(original)),
        ])
    }

    /// `Forwarded from Avery in #general · 6 January 2023 14:22`, as much as the source says; an
    /// origin that names no one but links to the original (a Discord forward) reads `original message`.
    func forwarded(_ message: Message) -> SafeHTML {
        guard let origin = message.forwardedFrom else { return .empty }
        var parts: [String] = []
        if let author = origin.authorName, !author.isEmpty { parts.append("from " + author) }
        if let channel = origin.channelName, !channel.isEmpty { parts.append("in " + channel) }
        let href = origin.url.flatMap(LinkPolicy.absolute) ?? ""
        if parts.isEmpty, !href.isEmpty { parts.append("original message") }
        let time = origin.timestamp.map { TimestampFormat.text($0, .shortDateTime, clock: context.clock) } ?? ""
        return templates[.forwarded].render([
            "origin": .text(parts.joined(separator: " ")), "time": .text(time), "href": .text(href),
        ])
    }
}
