import ParleyModel

/// Converts Slack export messages to ``Message`` values: authors (users, bots, embedded
/// profiles), subtypes, edits, reactions, files, legacy attachments, mentions and emoji.
///
/// The text stays Slack mrkdwn as exported (`<@U…>`, `<#C…|name>`, `<url|label>`, `<!here>`,
/// `&lt;`) except for emoji shortcodes, written as their emoji (``SlackMrkdwn/emojifying(_:)``);
/// mentioned users are listed in ``Message/mentions`` and named in the transcript's
/// ``Directory`` so a renderer resolves them.
struct SlackMessageConverter {
    let channel: ChannelID

    /// The suffix of the id of a `thread_broadcast` reply's copy in its thread (`1704189600.000300-thread`).
    static let threadCopySuffix = "-thread"

    /// The messages of `raw`, or nil when `ts` is not a Slack timestamp (`seconds.micros`): one
    /// message, or for a reply also sent to the channel (`thread_broadcast`) two — the channel's
    /// copy (id `ts`, a reply to the thread's root outside the thread) and the thread's copy (id
    /// `ts` + ``threadCopySuffix``, in the thread), as Slack shows it in both places.
    ///
    /// `people` holds everyone known by id: the workspace's users, and the people and bots the
    /// messages read so far named (a guest's or deleted user's `user_profile`, a bot's
    /// `bot_profile`); a message naming someone not yet known adds them.
    func convert(_ raw: SlackExport.Message, people: inout [String: Author]) -> [Message]? {
        guard let timestamp = SlackTimestamp.parse(raw.ts) else { return nil }
        let isReply = raw.threadTs.map { $0 != raw.ts } ?? false
        let text = raw.text ?? ""
        var message = Message(
            id: MessageID(raw.ts), channel: channel, author: Self.author(raw, people: &people), timestamp: timestamp,
            editedTimestamp: raw.edited?.ts.flatMap(SlackTimestamp.parse), kind: isReply ? .reply : Self.kind(raw.subtype),
            content: Content(text: SlackMrkdwn.emojifying(text), flavor: .slackMrkdwn),
            attachments: ((raw.files ?? []) + (raw.subtype == "file_share" ? [raw.file].compactMap { $0 } : [])).map(Self.attachment),
            embeds: (raw.attachments ?? []).map(Self.embed), reactions: (raw.reactions ?? []).map(Self.reaction),
            mentions: SlackMrkdwn.mentionedUsers(text).map { Mention(id: AuthorID($0), name: people[$0]?.shownName ?? $0) })
        guard isReply, let root = raw.threadTs else { return [message] }
        message.reply = ReplyReference(messageID: MessageID(root))
        guard raw.subtype == "thread_broadcast" else {
            message.threadRoot = MessageID(root)
            return [message]
        }
        var threadCopy = message
        threadCopy.id = MessageID(raw.ts + Self.threadCopySuffix)
        threadCopy.threadRoot = MessageID(root)
        return [message, threadCopy]
    }

    /// Who wrote `raw`: a user the workspace or an earlier message named; else the names the
    /// message itself carries (`user_profile`, then `username` or `bot_profile`), "Slackbot" for
    /// `USLACKBOT`; for a message without `user` (a bot or an integration), its `username`,
    /// `bot_profile` name or a bot named by an earlier message. Only when nothing names them is
    /// the id shown. Empty names count as missing.
    private static func author(_ raw: SlackExport.Message, people: inout [String: Author]) -> Author {
        let userID = nonEmpty(raw.subtype == "file_comment" ? raw.comment?.user ?? raw.user : raw.user)
        let isBot = raw.subtype == "bot_message" || raw.botId != nil
        let username = nonEmpty(raw.username), botName = nonEmpty(raw.botProfile?.name)
        guard let userID else {
            let botID = nonEmpty(raw.botId) ?? "bot"
            if let botName, people[botID] == nil { people[botID] = Author(id: AuthorID(botID), name: botName, isBot: true) }
            return Author(id: AuthorID(botID), name: username ?? botName ?? people[botID]?.name ?? botID, isBot: true)
        }
        if let known = people[userID] { return known }
        let profile = raw.userProfile
        let display = nonEmpty(profile?.displayName) ?? nonEmpty(profile?.realName) ?? botName
        guard let handle = nonEmpty(profile?.name) ?? username ?? (userID == "USLACKBOT" ? "Slackbot" : nil) ?? display else {
            return Author(id: AuthorID(userID), name: userID, isBot: isBot)
        }
        let author = Author(
            id: AuthorID(userID), name: handle, displayName: display, avatarURL: profile?.image72,
            isBot: userID == "USLACKBOT" || isBot && profile == nil)
        if profile != nil { people[userID] = author }
        return author
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Slack message subtypes mapped to ``Message/Kind``: a `tombstone` (a deleted thread's first
    /// message, kept for its replies) is deleted; unknown subtypes are system messages.
    static func kind(_ subtype: String?) -> Message.Kind {
        switch subtype {
        case nil, "bot_message", "file_share", "file_comment", "me_message", "thread_broadcast", "file_mention": return .default
        case "channel_join", "group_join": return .memberJoined
        case "channel_leave", "group_leave": return .memberLeft
        case "channel_name", "group_name": return .channelRenamed
        case "pinned_item": return .channelPinned
        case "tombstone": return .deleted
        default: return .system
        }
    }

    static func attachment(_ file: SlackExport.File) -> Attachment {
        let name = file.name ?? file.title ?? file.id ?? "file"
        var attachment = Attachment(
            id: file.id ?? name, url: file.urlPrivate ?? file.permalink ?? "", fileName: name, sizeBytes: file.size,
            width: file.originalW.flatMap { $0 > 0 ? Int($0) : nil },
            height: file.originalH.flatMap { $0 > 0 ? Int($0) : nil },
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
        let count = raw.count.map(Int.init) ?? raw.users?.count ?? 1
        if let emoji = SlackEmoji.unicode(raw.name) { return Reaction(emoji: emoji, count: count) }
        return Reaction(emoji: raw.name, emojiID: raw.name, count: count)
    }
}
