import ParleyModel

extension EventRecords.MessageRecord {
    /// The record of `message`; nil and empty values are left out.
    package init(_ message: Message) {
        channel = message.channel.rawValue
        id = message.id.rawValue
        timestamp = message.timestamp.description
        author = EventRecords.AuthorEntry(
            id: message.author.id.rawValue, name: message.author.name, displayName: message.author.displayName,
            avatarURL: message.author.avatarURL, color: message.author.color, bot: message.author.isBot ? true : nil)
        content = message.content.text
        flavor = message.content.flavor == .plain ? nil : message.content.flavor
        spans = message.content.spans.isEmpty ? nil : message.content.spans
        kind = message.kind == .default ? nil : message.kind
        edited = message.editedTimestamp?.description
        replyTo = message.reply?.messageID.rawValue
        replyChannel = message.reply?.channelID?.rawValue
        attachments = message.attachments.isEmpty ? nil : message.attachments
        embeds = message.embeds.isEmpty ? nil : message.embeds
        stickers = message.stickers.isEmpty ? nil : message.stickers
        reactions = message.reactions.isEmpty ? nil : message.reactions
        mentions = message.mentions.isEmpty ? nil : message.mentions
        pinned = message.isPinned ? true : nil
        forwardedFrom = message.forwardedFrom.map {
            EventRecords.ForwardEntry(
                authorName: $0.authorName, channelName: $0.channelName, timestamp: $0.timestamp?.description, url: $0.url)
        }
        viaBot = message.viaBot
        thread = message.thread?.rawValue
    }

    /// The message this record creates.
    /// - Throws: ``EventRecordError`` for a timestamp that is not RFC 3339.
    func message(at place: RecordPlace) throws(EventRecordError) -> Message {
        var message = Message(
            id: MessageID(id), channel: ChannelID(channel),
            author: Author(
                id: AuthorID(author.id), name: author.name, displayName: author.displayName, avatarURL: author.avatarURL,
                color: author.color, isBot: author.bot ?? false),
            timestamp: try place.timestamp(timestamp, field: "timestamp"),
            editedTimestamp: try edited.map { (text) throws(EventRecordError) in try place.timestamp(text, field: "edited") },
            kind: kind ?? .default, content: Content(text: content, flavor: flavor ?? .plain),
            attachments: attachments ?? [], embeds: embeds ?? [], stickers: stickers ?? [], reactions: reactions ?? [],
            mentions: mentions ?? [],
            reply: replyTo.map { ReplyReference(messageID: MessageID($0), channelID: replyChannel.map { ChannelID($0) }) },
            isPinned: pinned ?? false)
        message.content.spans = spans ?? []
        if let forwardedFrom {
            message.forwardedFrom = ForwardOrigin(
                authorName: forwardedFrom.authorName, channelName: forwardedFrom.channelName,
                timestamp: try forwardedFrom.timestamp.map { (text) throws(EventRecordError) in
                    try place.timestamp(text, field: "forwardedFrom.timestamp")
                },
                url: forwardedFrom.url)
        }
        message.viaBot = viaBot
        message.thread = thread.map { ChannelID($0) }
        return message
    }
}
