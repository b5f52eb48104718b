import ParleyModel

/// Converts Slack export messages to ``Message`` values: authors (users, bots, embedded
/// profiles), subtypes, edits, reactions, files, legacy attachments and mentions.
///
/// The text stays Slack mrkdwn as exported (`<@U…>`, `<#C…|name>`, `<url|label>`, `<!here>`,
/// `&lt;`); mentioned users are listed in ``Message/mentions`` and named in the transcript's
/// ``Directory`` so a renderer resolves them.
struct SlackMessageConverter {
    let users: [String: Author]
    let channel: ChannelID

    /// The message, or nil when `ts` is not a Slack timestamp (`seconds.micros`).
    func convert(_ raw: SlackExport.Message) -> Message? {
        guard let timestamp = SlackTimestamp.parse(raw.ts) else { return nil }
        let isReply = raw.threadTs.map { $0 != raw.ts } ?? false
        var message = Message(
            id: MessageID(raw.ts), channel: channel, author: author(raw), timestamp: timestamp,
            editedTimestamp: raw.edited?.ts.flatMap(SlackTimestamp.parse), kind: isReply ? .reply : Self.kind(raw.subtype),
            content: Content(text: raw.text ?? "", flavor: .slackMrkdwn),
            attachments: ((raw.files ?? []) + (raw.subtype == "file_share" ? [raw.file].compactMap { $0 } : [])).map(Self.attachment),
            embeds: (raw.attachments ?? []).map(Self.embed), reactions: (raw.reactions ?? []).map(Self.reaction),
            mentions: SlackMrkdwn.mentionedUsers(raw.text ?? "").map { Mention(id: AuthorID($0), name: users[$0]?.shownName ?? $0) })
        if isReply, let root = raw.threadTs {
            message.reply = ReplyReference(messageID: MessageID(root))
            message.threadRoot = MessageID(root)
        }
        return message
    }

    private func author(_ raw: SlackExport.Message) -> Author {
        let userID = raw.subtype == "file_comment" ? raw.comment?.user ?? raw.user : raw.user
        if let userID, let known = users[userID] { return known }
        let isBot = raw.subtype == "bot_message" || raw.botId != nil
        if let userID {
            let profile = raw.userProfile
            let display = [profile?.displayName, profile?.realName, raw.botProfile?.name].compactMap { $0 }.first { !$0.isEmpty }
            return Author(
                id: AuthorID(userID), name: profile?.name ?? raw.username ?? userID, displayName: display,
                avatarURL: profile?.image72, isBot: isBot && profile == nil)
        }
        let botID = raw.botId ?? "bot"
        return Author(id: AuthorID(botID), name: raw.username ?? raw.botProfile?.name ?? botID, isBot: true)
    }

    /// Slack message subtypes mapped to ``Message/Kind``; unknown subtypes are system messages.
    static func kind(_ subtype: String?) -> Message.Kind {
        switch subtype {
        case nil, "bot_message", "file_share", "file_comment", "me_message", "thread_broadcast", "file_mention": return .default
        case "channel_join", "group_join": return .memberJoined
        case "channel_leave", "group_leave": return .memberLeft
        case "channel_name", "group_name": return .channelRenamed
        case "pinned_item": return .channelPinned
        default: return .system
        }
    }

    static func attachment(_ file: SlackExport.File) -> Attachment {
        let name = file.name ?? file.title ?? file.id ?? "file"
        var attachment = Attachment(
            id: file.id ?? name, url: file.urlPrivate ?? file.permalink ?? "", fileName: name, sizeBytes: file.size?.value,
            width: file.originalW?.value.flatMap { $0 > 0 ? Int($0) : nil },
            height: file.originalH?.value.flatMap { $0 > 0 ? Int($0) : nil },
            description: file.title == name ? nil : file.title)
        attachment.contentType = file.mimetype
        return attachment
    }

    static func embed(_ raw: SlackExport.LegacyAttachment) -> Embed {
        let body = [raw.pretext, raw.text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        let color = raw.color.flatMap { $0.count == 6 && $0.allSatisfy(\.isHexDigit) ? "#" + $0.uppercased() : nil }
        return Embed(
            title: raw.title, url: raw.titleLink, description: body.isEmpty ? (raw.title == nil ? raw.fallback : nil) : body,
            color: color, authorName: raw.authorName ?? raw.serviceName, thumbnailURL: raw.thumbUrl,
            imageURLs: [raw.imageUrl].compactMap { $0 },
            fields: (raw.fields ?? []).map { Embed.Field(name: $0.title ?? "", value: $0.value ?? "", isInline: $0.short ?? false) },
            footer: raw.footer)
    }

    static func reaction(_ raw: SlackExport.Message.Reaction) -> Reaction {
        let count = raw.count?.value.map(Int.init) ?? raw.users?.count ?? 1
        if let emoji = SlackEmoji.unicode(raw.name) { return Reaction(emoji: emoji, count: count) }
        return Reaction(emoji: raw.name, emojiID: raw.name, count: count)
    }
}
