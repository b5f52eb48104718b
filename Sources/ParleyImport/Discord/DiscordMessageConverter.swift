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
        var reply: ReplyReference?
        if let reference = raw.reference, let messageID = reference.messageId {
            reply = ReplyReference(messageID: MessageID(messageID), channelID: reference.channelId.map { ChannelID($0) })
        }
        return Message(
            id: MessageID(raw.id), channel: channel, author: author, timestamp: timestamp,
            editedTimestamp: edited, kind: Self.kind(raw.type, hasReply: reply != nil),
            content: Content(text: raw.content ?? "", flavor: .discordMarkdown),
            attachments: (raw.attachments ?? []).map(Self.attachment), embeds: (raw.embeds ?? []).map(Self.embed),
            stickers: (raw.stickers ?? []).map(Self.sticker), reactions: reactions,
            mentions: (raw.mentions ?? []).map { Mention(id: AuthorID($0.id), name: $0.nickname ?? $0.name ?? $0.id) },
            reply: reply, isPinned: raw.isPinned ?? false)
    }

    private mutating func reaction(_ raw: DiscordMessage.Reaction) -> Reaction {
        let emojiID = raw.emoji.id.flatMap { $0.isEmpty ? nil : $0 }
        let name = raw.emoji.name ?? ""
        if let emojiID {
            directory.emoji[emojiID] = CustomEmoji(name: name, imageURL: raw.emoji.imageUrl, isAnimated: raw.emoji.isAnimated ?? false)
        }
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
