import ParleyModel

/// Converts DiscordChatExporter message records to ``Message`` values and collects the
/// names of users and custom emoji into a ``Directory``.
struct DiscordMessageConverter {
    let file: String
    let channel: ChannelID
    private(set) var directory = Directory()

    init(file: String, channel: ChannelID) {
        self.file = file
        self.channel = channel
    }

    mutating func convert(_ raw: DiscordMessage, path: String) throws(ImportError) -> Message {
        guard let timestamp = RFC3339.parse(raw.timestamp) else {
            throw .schema(file: file, path: "\(path).timestamp", expected: "an RFC 3339 timestamp, found \"\(raw.timestamp)\"")
        }
        var edited: Timestamp?
        if let text = raw.timestampEdited {
            guard let parsed = RFC3339.parse(text) else {
                throw .schema(file: file, path: "\(path).timestampEdited", expected: "an RFC 3339 timestamp, found \"\(text)\"")
            }
            edited = parsed
        }
        let author = Author(
            id: AuthorID(raw.author.id), name: raw.author.name ?? raw.author.id,
            displayName: raw.author.nickname, avatarURL: raw.author.avatarUrl,
            color: raw.author.color, isBot: raw.author.isBot ?? false)
        directory.users[raw.author.id] = author.shownName
        for mention in raw.mentions ?? [] {
            directory.users[mention.id] = mention.nickname ?? mention.name ?? mention.id
        }
        var reactions: [Reaction] = []
        for raw in raw.reactions ?? [] { reactions.append(reaction(raw)) }
        for emoji in (raw.inlineEmojis ?? []) + (raw.embeds ?? []).flatMap({ $0.inlineEmojis ?? [] }) { remember(emoji) }
        var reply: ReplyReference?
        if let reference = raw.reference, !reference.isForward, let messageID = reference.messageId {
            reply = ReplyReference(messageID: MessageID(messageID), channelID: reference.channelId.map { ChannelID($0) })
        }
        var message = Message(
            id: MessageID(raw.id), channel: channel, author: author, timestamp: timestamp,
            editedTimestamp: edited, kind: Self.kind(raw.type, hasReply: reply != nil),
            content: Content(text: raw.content ?? "", flavor: .discordMarkdown),
            attachments: (raw.attachments ?? []).map(Self.attachment), embeds: (raw.embeds ?? []).map(Self.embed),
            stickers: (raw.stickers ?? []).map(Self.sticker), reactions: reactions,
            mentions: (raw.mentions ?? []).map { Mention(id: AuthorID($0.id), name: $0.nickname ?? $0.name ?? $0.id) },
            reply: reply, isPinned: raw.isPinned ?? false)
        if let reference = raw.reference, reference.isForward {
            try forward(reference, raw.forwardedMessage, into: &message, path: path)
        }
        return message
    }

    /// Makes `message` the forward of `snapshot`, as Discord shows one: the snapshot's text,
    /// attachments, embeds and stickers as the message's own (after any of its own), and its
    /// origin — the original's time and a link to it — in ``Message/forwardedFrom``.
    /// DiscordChatExporter writes no author or channel name for the original, and the year-1
    /// time it writes for a snapshot without one is no time.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for a snapshot time that is not RFC 3339.
    private func forward(
        _ reference: DiscordMessage.Reference, _ snapshot: DiscordMessage.ForwardedMessage?, into message: inout Message, path: String
    ) throws(ImportError) {
        var time: Timestamp?
        if let text = snapshot?.timestamp {
            guard let parsed = RFC3339.parse(text) else {
                throw .schema(file: file, path: "\(path).forwardedMessage.timestamp", expected: "an RFC 3339 timestamp, found \"\(text)\"")
            }
            time = parsed == Self.noTime ? nil : parsed
        }
        message.forwardedFrom = ForwardOrigin(timestamp: time, url: Self.link(reference))
        guard let snapshot else { return }
        let text = snapshot.content ?? ""
        if !text.isEmpty { message.content.text += (message.content.text.isEmpty ? "" : "\n\n") + text }
        message.attachments += (snapshot.attachments ?? []).map(Self.attachment)
        message.embeds += (snapshot.embeds ?? []).map(Self.embed)
        message.stickers += (snapshot.stickers ?? []).map(Self.sticker)
    }

    /// `0001-01-01T00:00:00+00:00`, which DiscordChatExporter writes for a snapshot without a time.
    static let noTime = RFC3339.parse("0001-01-01T00:00:00+00:00")

    /// `https://discord.com/channels/GUILD/CHANNEL/MESSAGE` (`@me` for a direct message's), when
    /// the reference names the channel and the message.
    static func link(_ reference: DiscordMessage.Reference) -> String? {
        guard let channel = reference.channelId, let message = reference.messageId else { return nil }
        return "https://discord.com/channels/\(reference.guildId ?? "@me")/\(channel)/\(message)"
    }

    /// Adds a custom emoji (one with an id) to the directory, by id; a Unicode emoji (no id) is text.
    private mutating func remember(_ emoji: DiscordMessage.Reaction.Emoji) {
        guard let id = emoji.id, !id.isEmpty else { return }
        directory.emoji[id] = CustomEmoji(name: emoji.name ?? "", imageURL: emoji.imageUrl, isAnimated: emoji.isAnimated ?? false)
    }

    private mutating func reaction(_ raw: DiscordMessage.Reaction) -> Reaction {
        let emojiID = raw.emoji.id.flatMap { $0.isEmpty ? nil : $0 }
        let name = raw.emoji.name ?? ""
        remember(raw.emoji)
        return Reaction(emoji: name, emojiID: emojiID, imageURL: raw.emoji.imageUrl, count: raw.count ?? 1)
    }

    /// DiscordChatExporter's `MessageKind` names mapped to ``Message/Kind``; unknown ones are system messages.
    static func kind(_ type: String?, hasReply: Bool) -> Message.Kind {
        switch type ?? "Default" {
        case "Default": return hasReply ? .reply : .default
        case "Reply": return .reply
        case "RecipientAdd", "GuildMemberJoin": return .memberJoined
        case "RecipientRemove": return .memberLeft
        case "ChannelNameChange": return .channelRenamed
        case "ChannelPinnedMessage": return .channelPinned
        case "ThreadCreated": return .threadCreated
        case "Call": return .call
        default: return .system
        }
    }

    static func attachment(_ raw: DiscordMessage.Attachment) -> Attachment {
        Attachment(id: raw.id ?? raw.url, url: raw.url, fileName: raw.fileName ?? raw.url, sizeBytes: raw.fileSizeBytes)
    }

    static func embed(_ raw: DiscordMessage.Embed) -> Embed {
        let images = (raw.images ?? []).compactMap(\.url) + [raw.image?.url].compactMap { $0 }
        return Embed(
            title: raw.title.flatMap { $0.isEmpty ? nil : $0 }, url: raw.url,
            description: raw.description.flatMap { $0.isEmpty ? nil : $0 }, color: raw.color,
            authorName: raw.author?.name, thumbnailURL: raw.thumbnail?.url, imageURLs: images,
            fields: (raw.fields ?? []).map { Embed.Field(name: $0.name ?? "", value: $0.value ?? "", isInline: $0.isInline ?? false) },
            footer: raw.footer?.text)
    }

    static func sticker(_ raw: DiscordMessage.Sticker) -> Sticker {
        Sticker(id: raw.id ?? "", name: raw.name ?? "", format: raw.format ?? "", url: raw.sourceUrl)
    }
}
