/// The DiscordChatExporter JSON document, as written by Tyrrrz/DiscordChatExporter
/// (`--format Json`), versions 2.x, less its `messages` (read one record at a time as
/// ``DiscordMessage``). Fields that older versions omit are optional.
struct DiscordExport: Decodable {
    struct Guild: Decodable {
        var id: String?
        var name: String?
    }

    struct ChannelInfo: Decodable {
        var id: String
        var type: String?
        var category: String?
        var name: String?
        var topic: String?
    }

    var guild: Guild?
    var channel: ChannelInfo
}

struct DiscordMessage: Decodable {
    struct Author: Decodable {
        var id: String
        var name: String?
        var nickname: String?
        var color: String?
        var isBot: Bool?
        var avatarUrl: String?
    }

    struct Attachment: Decodable {
        var id: String?
        var url: String
        var fileName: String?
        var fileSizeBytes: Int64?
    }

    struct Image: Decodable {
        var url: String?
        var width: Int?
        var height: Int?
    }

    struct Embed: Decodable {
        struct Field: Decodable {
            var name: String?
            var value: String?
            var isInline: Bool?
        }

        struct Named: Decodable { var name: String?; var text: String? }

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
    }

    struct Sticker: Decodable {
        var id: String?
        var name: String?
        var format: String?
        var sourceUrl: String?
    }

    struct Reaction: Decodable {
        struct Emoji: Decodable {
            var id: String?
            var name: String?
            var isAnimated: Bool?
            var imageUrl: String?
        }

        var emoji: Emoji
        var count: Int?
    }

    struct Mention: Decodable {
        var id: String
        var name: String?
        var nickname: String?
    }

    struct Reference: Decodable {
        var messageId: String?
        var channelId: String?
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
}
