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
        outgoing = message.isOutgoing
        pinned = message.isPinned ? true : nil
        forwardedFrom = message.forwardedFrom.map {
            EventRecords.ForwardEntry(
                authorName: $0.authorName, channelName: $0.channelName, timestamp: $0.timestamp?.description, url: $0.url)
        }
        viaBot = message.viaBot
        thread = message.thread?.rawValue
    }

    /// The message this record creates, in `channel` (the record's own, else the one its post's
    /// address names).
    /// - Throws: ``EventRecordError`` for a timestamp that is not RFC 3339.
    func message(at place: RecordPlace, channel: String) throws(EventRecordError) -> Message {
        let timestamp = try place.timestamp(timestamp, field: "timestamp")
        let edited = try edited.map { (text) throws(EventRecordError) in try place.timestamp(text, field: "edited") }
        let forwardedFrom = try forwardedFrom.map { (entry) throws(EventRecordError) in
            ForwardOrigin(
                authorName: entry.authorName, channelName: entry.channelName,
                timestamp: try entry.timestamp.map { (text) throws(EventRecordError) in
                    try place.timestamp(text, field: "forwardedFrom.timestamp")
                },
                url: entry.url)
        }
        var message = EventRecords.blankMessage
        EventRecords.fill(
            &message, id: id, channel: channel, author: author.author, timestamp: timestamp, edited: edited, kind: kind,
            content: content, flavor: flavor, spans: spans, replyTo: replyTo, replyChannel: replyChannel, attachments: attachments,
            embeds: embeds, stickers: stickers, reactions: reactions, mentions: mentions, outgoing: outgoing, pinned: pinned,
            forwardedFrom: forwardedFrom, viaBot: viaBot, thread: thread)
        return message
    }
}

extension EventRecords.AuthorEntry {
    /// The author this entry names; not a bot unless `bot` says so.
    var author: Author {
        Author(id: AuthorID(id), name: name, displayName: displayName, avatarURL: avatarURL, color: color, isBot: bot ?? false)
    }
}

extension EventRecords {
    /// An author with every field empty or nil, not a bot: ``MessageRecordReader`` sets the fields
    /// of a copy (`Author`'s initializer copies the whole value once more).
    static let blankAuthor = Author(id: AuthorID(""), name: "")

    /// A message with every field empty, nil or false: what the message of a record is made from,
    /// its fields set one by one (`Message`'s initializer copies the whole value once more).
    static let blankMessage = Message(
        id: MessageID(""), channel: ChannelID(""), author: blankAuthor, timestamp: Timestamp(milliseconds: 0), content: Content(text: ""))

    /// Sets the fields of `message` (a copy of ``blankMessage``) to those of a `message` record,
    /// its timestamps read: an absent list is empty, an absent flag false, an absent kind
    /// `default`, an absent flavor `plain`; a reply only with `replyTo`. ``EventRecordDecoder`` and
    /// ``MessageRecordReader`` both make their messages here (filling a message in place, rather
    /// than returning one, spares a copy of the whole message).
    static func fill(
        _ message: inout Message,
        id: consuming String, channel: consuming String, author: consuming Author, timestamp: Timestamp, edited: Timestamp?,
        kind: Message.Kind?, content: consuming String, flavor: Content.Flavor?, spans: consuming [FormatSpan]?,
        replyTo: consuming String?, replyChannel: consuming String?, attachments: consuming [Attachment]?,
        embeds: consuming [Embed]?, stickers: consuming [Sticker]?, reactions: consuming [Reaction]?, mentions: consuming [Mention]?,
        outgoing: Bool?, pinned: Bool?, forwardedFrom: consuming ForwardOrigin?, viaBot: consuming String?, thread: consuming String?
    ) {
        message.id = MessageID(id)
        message.channel = ChannelID(channel)
        message.author = author
        message.timestamp = timestamp
        message.editedTimestamp = edited
        message.kind = kind ?? .default
        message.content.text = content
        message.content.flavor = flavor ?? .plain
        message.content.spans = spans ?? []
        message.attachments = attachments ?? []
        message.embeds = embeds ?? []
        message.stickers = stickers ?? []
        message.reactions = reactions ?? []
        message.mentions = mentions ?? []
        message.reply = replyTo.map { ReplyReference(messageID: MessageID($0), channelID: replyChannel.map { ChannelID($0) }) }
        message.isOutgoing = outgoing
        message.isPinned = pinned ?? false
        message.forwardedFrom = forwardedFrom
        message.viaBot = viaBot
        message.thread = thread.map { ChannelID($0) }
    }
}
