import ParleyModel

/// Writes a ``Message`` as its Parley JSON Lines `message` record (`docs/FORMAT.md`): one line of
/// UTF-8 JSON without its `\n`, byte for byte what `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` (``EventRecordEncoder/recordEncoder()``) writes for
/// `EventRecords.MessageRecord(message)`, about ten times faster.
///
/// The record's shape: `{"attachments":[…],"author":{…},"channel":…,"content":…,…,"type":"message","viaBot":…}`,
/// keys sorted by their bytes at every level; nil values, empty lists and default values (plain
/// flavor, default kind, not pinned, not a bot) left out; an embed's `fields` and `imageURLs`
/// always written; timestamps as RFC 3339 in UTC with milliseconds. Strings escape `"`, `\` and
/// the control characters (see `JSONOutput`); `/` and non-ASCII text are written as they are.
/// `outgoing` is written when ``Message/isOutgoing`` is known, `true` or `false`. The format has
/// no field for ``Message/threadRoot`` or ``Message/threadReplies``: they are not written.
///
/// ``MessageRecordReader`` reads the record back.
/// - Complexity: O(n) in the size of the record.
package struct MessageRecordWriter: Sendable {
    /// A writer of `message` records.
    package init() {}

    /// The record of `message` as UTF-8 bytes. Never fails: every value of a message has a JSON form.
    package func bytes(of message: Message) -> [UInt8] {
        var bytes: [UInt8] = []
        append(message, to: &bytes)
        return bytes
    }

    /// The record of `message` as a string (the bytes of ``bytes(of:)``).
    package func string(of message: Message) -> String { output(message).string() }

    /// Appends the record of `message` (without a line break) to `bytes`.
    package func append(_ message: Message, to bytes: inout [UInt8]) { output(message).append(to: &bytes) }

    /// The record of `message` written into an output of its own.
    private func output(_ message: Message) -> JSONOutput {
        var output = JSONOutput(capacity: Self.estimatedSize(of: message))
        output.beginObject()
        output.nonEmptyMember("attachments", message.attachments) { $0.attachment($1) }
        output.key("author")
        output.author(message.author)
        output.member("channel", message.channel.rawValue)
        output.member("content", message.content.text)
        output.member("edited", message.editedTimestamp)
        output.nonEmptyMember("embeds", message.embeds) { $0.embed($1) }
        output.member("flavor", message.content.flavor == .plain ? nil : message.content.flavor.rawValue)
        if let origin = message.forwardedFrom {
            output.key("forwardedFrom")
            output.forwardOrigin(origin)
        }
        output.member("id", message.id.rawValue)
        output.member("kind", message.kind == .default ? nil : message.kind.rawValue)
        output.nonEmptyMember("mentions", message.mentions) { $0.mention($1) }
        if let outgoing = message.isOutgoing { output.member("outgoing", outgoing) }
        if message.isPinned { output.member("pinned", true) }
        output.nonEmptyMember("reactions", message.reactions) { $0.reaction($1) }
        output.member("replyChannel", message.reply?.channelID?.rawValue)
        output.member("replyTo", message.reply?.messageID.rawValue)
        output.nonEmptyMember("spans", message.content.spans) { $0.span($1) }
        output.nonEmptyMember("stickers", message.stickers) { $0.sticker($1) }
        output.member("thread", message.thread?.rawValue)
        output.member("timestamp", message.timestamp)
        output.member("type", "message")
        output.member("viaBot", message.viaBot)
        output.endObject()
        return output
    }

    /// A guess at the record's size that is rarely too small: its texts plus room for the keys.
    private static func estimatedSize(of message: Message) -> Int {
        let parts = message.attachments.count + message.embeds.count + message.stickers.count + message.reactions.count
        return 320 + message.content.text.utf8.count + 128 * (parts + message.mentions.count + message.content.spans.count)
    }
}

extension JSONOutput {
    /// The `author` object; `bot` only when true.
    fileprivate mutating func author(_ author: Author) {
        beginObject()
        member("avatarURL", author.avatarURL)
        if author.isBot { member("bot", true) }
        member("color", author.color)
        member("displayName", author.displayName)
        member("id", author.id.rawValue)
        member("name", author.name)
        endObject()
    }

    /// An ``Attachment`` with its own field names.
    fileprivate mutating func attachment(_ attachment: Attachment) {
        object([
            "contentType": .string(attachment.contentType), "description": .string(attachment.description),
            "fileName": .string(attachment.fileName), "height": .int(attachment.height), "id": .string(attachment.id),
            "omission": .string(attachment.omission), "sizeBytes": .int64(attachment.sizeBytes), "url": .string(attachment.url),
            "width": .int(attachment.width),
        ])
    }

    /// An ``Embed``: `fields` and `imageURLs` are written even when empty.
    fileprivate mutating func embed(_ embed: Embed) {
        beginObject()
        member("authorName", embed.authorName)
        member("color", embed.color)
        member("description", embed.description)
        member("fields", embed.fields) { output, field in
            output.object(["isInline": .bool(field.isInline), "name": .string(field.name), "value": .string(field.value)])
        }
        member("flavor", embed.flavor?.rawValue)
        member("footer", embed.footer)
        member("imageURLs", embed.imageURLs) { $0.string($1) }
        member("thumbnailURL", embed.thumbnailURL)
        member("title", embed.title)
        member("url", embed.url)
        endObject()
    }

    /// A ``Sticker``.
    fileprivate mutating func sticker(_ sticker: Sticker) {
        object(["format": .string(sticker.format), "id": .string(sticker.id), "name": .string(sticker.name), "url": .string(sticker.url)])
    }

    /// A ``Reaction``: its `count` is always written (1 too).
    fileprivate mutating func reaction(_ reaction: Reaction) {
        object([
            "count": .int(reaction.count), "emoji": .string(reaction.emoji), "emojiID": .string(reaction.emojiID),
            "imageURL": .string(reaction.imageURL),
        ])
    }

    /// A ``Mention``.
    fileprivate mutating func mention(_ mention: Mention) {
        object(["id": .string(mention.id.rawValue), "name": .string(mention.name)])
    }

    /// A ``FormatSpan``.
    fileprivate mutating func span(_ span: FormatSpan) {
        object([
            "kind": .string(span.kind.rawValue), "length": .int(span.length), "offset": .int(span.offset), "value": .string(span.value),
        ])
    }

    /// `forwardedFrom`: a ``ForwardOrigin`` with its timestamp in RFC 3339.
    fileprivate mutating func forwardOrigin(_ origin: ForwardOrigin) {
        object([
            "authorName": .string(origin.authorName), "channelName": .string(origin.channelName),
            "timestamp": .timestamp(origin.timestamp), "url": .string(origin.url),
        ])
    }
}
