/// One record of a DiscordChatExporter export's `messages` (Tyrrrz/DiscordChatExporter, `--format
/// Json`, versions 2.x: `JsonMessageWriter`), read member by member (``JSONRecord``). Members that
/// older versions omit are optional; unknown members are ignored.
struct DiscordMessage {
    struct Author {
        var id: String
        var name: String?
        var nickname: String?
        var color: String?
        var isBot: Bool?
        var avatarUrl: String?

        init(_ record: JSONRecord) throws(ImportError) {
            id = try record.string("id")
            name = try record.string(ifPresent: "name")
            nickname = try record.string(ifPresent: "nickname")
            color = try record.string(ifPresent: "color")
            isBot = try record.bool(ifPresent: "isBot")
            avatarUrl = try record.string(ifPresent: "avatarUrl")
        }
    }

    struct Attachment {
        var id: String?
        var url: String
        var fileName: String?
        var fileSizeBytes: Int64?

        init(_ record: JSONRecord) throws(ImportError) {
            id = try record.string(ifPresent: "id")
            url = try record.string("url")
            fileName = try record.string(ifPresent: "fileName")
            fileSizeBytes = try record.integer(ifPresent: "fileSizeBytes", as: Int64.self)
        }
    }

    struct Image {
        var url: String?
        var width: Int?
        var height: Int?

        init(_ record: JSONRecord) throws(ImportError) {
            url = try record.string(ifPresent: "url")
            width = try record.integer(ifPresent: "width", as: Int.self)
            height = try record.integer(ifPresent: "height", as: Int.self)
        }
    }

    struct Embed {
        struct Field {
            var name: String?
            var value: String?
            var isInline: Bool?

            init(_ record: JSONRecord) throws(ImportError) {
                name = try record.string(ifPresent: "name")
                value = try record.string(ifPresent: "value")
                isInline = try record.bool(ifPresent: "isInline")
            }
        }

        struct Named {
            var name: String?
            var text: String?

            init(_ record: JSONRecord) throws(ImportError) {
                name = try record.string(ifPresent: "name")
                text = try record.string(ifPresent: "text")
            }
        }

        var title: String?
        var url: String?
        var description: String?
        var color: String?
        var author: Named?
        var thumbnail: Image?
        var image: Image?
        var images: [Image]?
        var fields: [Field]?
        var footer: Named?
        /// The custom emoji the description names as `:name:`.
        var inlineEmojis: [Reaction.Emoji]?

        init(_ record: JSONRecord) throws(ImportError) {
            title = try record.string(ifPresent: "title")
            url = try record.string(ifPresent: "url")
            description = try record.string(ifPresent: "description")
            color = try record.string(ifPresent: "color")
            author = try record.record(ifPresent: "author").map { (record) throws(ImportError) in try Named(record) }
            thumbnail = try record.record(ifPresent: "thumbnail").map { (record) throws(ImportError) in try Image(record) }
            image = try record.record(ifPresent: "image").map { (record) throws(ImportError) in try Image(record) }
            images = try record.records(ifPresent: "images") { (record) throws(ImportError) in try Image(record) }
            fields = try record.records(ifPresent: "fields") { (record) throws(ImportError) in try Field(record) }
            footer = try record.record(ifPresent: "footer").map { (record) throws(ImportError) in try Named(record) }
            inlineEmojis = try record.records(ifPresent: "inlineEmojis") { (record) throws(ImportError) in try Reaction.Emoji(record) }
        }
    }

    struct Sticker {
        var id: String?
        var name: String?
        var format: String?
        var sourceUrl: String?

        init(_ record: JSONRecord) throws(ImportError) {
            id = try record.string(ifPresent: "id")
            name = try record.string(ifPresent: "name")
            format = try record.string(ifPresent: "format")
            sourceUrl = try record.string(ifPresent: "sourceUrl")
        }
    }

    struct Reaction {
        struct Emoji {
            var id: String?
            var name: String?
            var isAnimated: Bool?
            var imageUrl: String?

            init(_ record: JSONRecord) throws(ImportError) {
                id = try record.string(ifPresent: "id")
                name = try record.string(ifPresent: "name")
                isAnimated = try record.bool(ifPresent: "isAnimated")
                imageUrl = try record.string(ifPresent: "imageUrl")
            }
        }

        var emoji: Emoji
        var count: Int?

        init(_ record: JSONRecord) throws(ImportError) {
            emoji = try Emoji(record.record("emoji"))
            count = try record.integer(ifPresent: "count", as: Int.self)
        }
    }

    struct Mention {
        var id: String
        var name: String?
        var nickname: String?

        init(_ record: JSONRecord) throws(ImportError) {
            id = try record.string("id")
            name = try record.string(ifPresent: "name")
            nickname = try record.string(ifPresent: "nickname")
        }
    }

    /// `reference`: the message replied to (`type` `Default`, or no `type` before version 2.47),
    /// or the message forwarded (`type` `Forward`).
    struct Reference {
        var type: String?
        var messageId: String?
        var channelId: String?
        var guildId: String?

        init(_ record: JSONRecord) throws(ImportError) {
            type = try record.string(ifPresent: "type")
            messageId = try record.string(ifPresent: "messageId")
            channelId = try record.string(ifPresent: "channelId")
            guildId = try record.string(ifPresent: "guildId")
        }

        /// Whether the reference is a forward's origin rather than a reply's target.
        var isForward: Bool { type == "Forward" }
    }

    /// `forwardedMessage`: the snapshot of a forwarded message DiscordChatExporter writes beside
    /// a `reference` of type `Forward` (Discord's `message_snapshots`; no author, no channel).
    struct ForwardedMessage {
        var timestamp: String?
        var content: String?
        var attachments: [Attachment]?
        var embeds: [Embed]?
        var stickers: [Sticker]?

        init(_ record: JSONRecord) throws(ImportError) {
            timestamp = try record.string(ifPresent: "timestamp")
            content = try record.string(ifPresent: "content")
            attachments = try record.records(ifPresent: "attachments") { (record) throws(ImportError) in try Attachment(record) }
            embeds = try record.records(ifPresent: "embeds") { (record) throws(ImportError) in try Embed(record) }
            stickers = try record.records(ifPresent: "stickers") { (record) throws(ImportError) in try Sticker(record) }
        }
    }

    var id: String
    var type: String?
    var timestamp: String
    var timestampEdited: String?
    var isPinned: Bool?
    var content: String?
    var author: Author
    var attachments: [Attachment]?
    var embeds: [Embed]?
    var stickers: [Sticker]?
    var reactions: [Reaction]?
    var mentions: [Mention]?
    var reference: Reference?
    var forwardedMessage: ForwardedMessage?
    /// The emoji `content` names (custom ones as `:name:`, with their id and image), each name once.
    var inlineEmojis: [Reaction.Emoji]?

    /// The message `record`, its author found in `authors` when the same object was read before.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for a required member that is
    ///   missing, or a member of the wrong type.
    init(_ record: JSONRecord, authors: inout DiscordAuthorCache) throws(ImportError) {
        id = try record.string("id")
        type = try record.string(ifPresent: "type")
        timestamp = try record.string("timestamp")
        timestampEdited = try record.string(ifPresent: "timestampEdited")
        isPinned = try record.bool(ifPresent: "isPinned")
        content = try record.string(ifPresent: "content")
        author = try authors.author(record.record("author"))
        attachments = try record.records(ifPresent: "attachments") { (record) throws(ImportError) in try Attachment(record) }
        embeds = try record.records(ifPresent: "embeds") { (record) throws(ImportError) in try Embed(record) }
        stickers = try record.records(ifPresent: "stickers") { (record) throws(ImportError) in try Sticker(record) }
        reactions = try record.records(ifPresent: "reactions") { (record) throws(ImportError) in try Reaction(record) }
        mentions = try record.records(ifPresent: "mentions") { (record) throws(ImportError) in try Mention(record) }
        reference = try record.record(ifPresent: "reference").map { (record) throws(ImportError) in try Reference(record) }
        forwardedMessage = try record.record(ifPresent: "forwardedMessage").map { (record) throws(ImportError) in
            try ForwardedMessage(record)
        }
        inlineEmojis = try record.records(ifPresent: "inlineEmojis") { (record) throws(ImportError) in try Reaction.Emoji(record) }
    }
}
