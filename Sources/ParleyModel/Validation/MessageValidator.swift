/// Checks that messages and events stay inside ``MessageLimits`` before anything stores, applies
/// or renders them.
///
/// Every way into Parley passes through it: ``TranscriptEvent``s read from Parley JSON Lines
/// (files, `--follow` lines, `POST /c/{channel}/events`) and every importer's messages. A value
/// it accepts cannot make the layout, the span tree, the renderer or an event's application
/// overflow or index out of range.
///
/// - Complexity: O(size of the message): each text is measured once (UTF-8 bytes, and UTF-16
///   units when it has spans).
public struct MessageValidator: Sendable {
    /// The bounds checked.
    public var limits: MessageLimits

    /// A validator of `limits` (by default ``MessageLimits/standard``).
    public init(limits: MessageLimits = .standard) { self.limits = limits }

    /// Checks every field of `message`.
    /// - Throws: ``ValidationError`` naming the first field outside the limits: an empty or too
    ///   long id, a name, URL or text over its byte length, a timestamp outside years 0001–9999,
    ///   a span outside the text, a reaction count outside 1…2^31, a negative or too large media
    ///   size, a list with too many entries.
    public func validate(_ message: Message) throws(ValidationError) {
        try identifier(message.id.rawValue, "id")
        try identifier(message.channel.rawValue, "channel")
        try author(message.author)
        try timestamp(message.timestamp, "timestamp")
        if let edited = message.editedTimestamp { try timestamp(edited, "edited") }
        try content(message.content.text, spans: message.content.spans)
        try list(message.attachments, "attachments") { (attachment) throws(ValidationError) in try self.attachment(attachment) }
        try list(message.embeds, "embeds") { (embed) throws(ValidationError) in try self.embed(embed) }
        try list(message.stickers, "stickers") { (sticker) throws(ValidationError) in try self.sticker(sticker) }
        try list(message.reactions, "reactions") { (reaction) throws(ValidationError) in try self.reaction(reaction) }
        try list(message.mentions, "mentions") { (mention) throws(ValidationError) in
            try self.identifier(mention.id.rawValue, "id", required: false)
            try self.bytes(mention.name, "name", limits.nameBytes)
        }
        if let reply = message.reply {
            try identifier(reply.messageID.rawValue, "replyTo", required: false)
            if let channel = reply.channelID { try identifier(channel.rawValue, "replyChannel", required: false) }
        }
        if let origin = message.forwardedFrom { try forwardOrigin(origin) }
        if let thread = message.thread { try identifier(thread.rawValue, "thread", required: false) }
        if let bot = message.viaBot { try bytes(bot, "viaBot", limits.nameBytes) }
        if let root = message.threadRoot { try identifier(root.rawValue, "threadRoot", required: false) }
        if let replies = message.threadReplies {
            guard replies.count <= limits.threadReplies else {
                throw ValidationError(field: "threadReplies", reason: "\(replies.count) entries; expected at most \(limits.threadReplies)")
            }
            for (index, reply) in replies.enumerated() { try identifier(reply.rawValue, "threadReplies[\(index)]", required: false) }
        }
    }

    /// Checks a message's text and its formatting spans: the text at most ``MessageLimits/textBytes``,
    /// at most ``MessageLimits/spans`` spans, each with an offset and length of 0 or more whose
    /// end lies within the text's UTF-16 length, and a value of at most ``MessageLimits/urlBytes``.
    /// - Throws: ``ValidationError`` for `content` or `spans[i].offset|length|value`.
    public func content(_ text: String, spans: [FormatSpan], field: String = "content") throws(ValidationError) {
        try bytes(text, field, limits.textBytes)
        guard !spans.isEmpty else { return }
        guard spans.count <= limits.spans else {
            throw ValidationError(field: "spans", reason: "\(spans.count) spans; expected at most \(limits.spans)")
        }
        let units = text.utf16.count
        for (index, span) in spans.enumerated() {
            let place = "spans[\(index)]"
            guard (0...units).contains(span.offset) else {
                throw ValidationError(
                    field: "\(place).offset", reason: "\(span.offset) is outside the text (0…\(units) UTF-16 units)")
            }
            guard (0...(units - span.offset)).contains(span.length) else {
                throw ValidationError(
                    field: "\(place).length",
                    reason: "\(span.length) from offset \(span.offset) reaches outside the text (\(units) UTF-16 units)")
            }
            if let value = span.value { try bytes(value, "\(place).value", limits.urlBytes) }
        }
    }

    /// Checks an instant: within ``MessageLimits/timestamps`` (years 0001–9999 by default).
    /// - Throws: ``ValidationError`` for `field`.
    public func timestamp(_ timestamp: Timestamp, _ field: String) throws(ValidationError) {
        guard limits.timestamps.contains(timestamp) else {
            throw ValidationError(
                field: field,
                reason: "\(timestamp.milliseconds) ms since 1970 is outside the years 0001–9999 "
                    + "(\(limits.timestamps.lowerBound.milliseconds)…\(limits.timestamps.upperBound.milliseconds))")
        }
    }

    /// Checks a reaction: its emoji within ``MessageLimits/nameBytes``, its emoji id
    /// and image URL within their lengths, its count within 1…``MessageLimits/reactionCount``.
    /// - Throws: ``ValidationError`` for `emoji`, `emojiID`, `imageURL` or `count`.
    public func reaction(_ reaction: Reaction) throws(ValidationError) {
        try bytes(reaction.emoji, "emoji", limits.nameBytes)
        if let id = reaction.emojiID { try identifier(id, "emojiID", required: false) }
        if let url = reaction.imageURL { try bytes(url, "imageURL", limits.urlBytes) }
        try count(reaction.count, "count")
    }

    /// Checks a reaction count: 1…``MessageLimits/reactionCount``.
    /// - Throws: ``ValidationError`` for `field`.
    public func count(_ count: Int, _ field: String) throws(ValidationError) {
        guard (1...limits.reactionCount).contains(count) else {
            throw ValidationError(field: field, reason: "\(count); expected a whole number from 1 to \(limits.reactionCount)")
        }
    }

    /// Checks an identifier: 1…``MessageLimits/identifierBytes`` bytes (0 allowed when not
    /// `required`: only the ids that key a message — its own, its channel's and its author's — must
    /// not be empty).
    /// - Throws: ``ValidationError`` for `field`.
    public func identifier(_ value: String, _ field: String, required: Bool = true) throws(ValidationError) {
        if required, value.isEmpty { throw ValidationError(field: field, reason: "empty; expected an identifier") }
        try bytes(value, field, limits.identifierBytes)
    }

    /// Checks that `value` has at most `maximum` UTF-8 bytes.
    /// - Throws: ``ValidationError`` for `field`.
    func bytes(_ value: String, _ field: String, _ maximum: Int) throws(ValidationError) {
        let count = value.utf8.count
        guard count <= maximum else { throw ValidationError(field: field, reason: "\(count) bytes; expected at most \(maximum)") }
    }

    /// Checks a list's length against ``MessageLimits/listEntries``, then each entry with `check`,
    /// naming the entry (`field[i].…`) in the error.
    func list<Element>(
        _ entries: [Element], _ field: String, check: (Element) throws(ValidationError) -> Void
    ) throws(ValidationError) {
        guard entries.count <= limits.listEntries else {
            throw ValidationError(field: field, reason: "\(entries.count) entries; expected at most \(limits.listEntries)")
        }
        for (index, entry) in entries.enumerated() {
            do throws(ValidationError) {
                try check(entry)
            } catch {
                throw error.within("\(field)[\(index)]")
            }
        }
    }
}
