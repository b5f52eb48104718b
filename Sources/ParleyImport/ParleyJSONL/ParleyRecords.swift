import ParleyModel

/// The records of Parley's JSON Lines format (`docs/FORMAT.md`) as they are on the wire.
///
/// Message parts (attachments, embeds, stickers, reactions, mentions, spans, the directory's
/// custom emoji) use the model types' own field names; timestamps are RFC 3339 strings.
enum ParleyRecords {
    /// The `type` and `channel` every record has; read first to pick the record's shape.
    struct Head: Decodable {
        var type: String
        var channel: String?
    }

    struct Header: Codable {
        var type = "header"
        var format: String
        var version: Int
        var title: String?
        var channels: [ChannelEntry]
        var directory: DirectoryEntry?
        var grouping: GroupingPolicy?
    }

    struct ChannelEntry: Codable {
        var id: String
        var name: String
        var topic: String?
        var kind: Channel.Kind?
        var category: String?
        var grouping: GroupingPolicy?
        var branchPoint: BranchPoint?
    }

    struct DirectoryEntry: Codable {
        var users: [String: String]?
        var channels: [String: String]?
        var roles: [String: String]?
        var emoji: [String: CustomEmoji]?
    }

    struct AuthorEntry: Codable {
        var id: String
        var name: String
        var displayName: String?
        var avatarURL: String?
        var color: String?
        var bot: Bool?
    }

    struct ForwardEntry: Codable {
        var authorName: String?
        var channelName: String?
        var timestamp: String?
        var url: String?
    }

    struct MessageRecord: Codable {
        var type = "message"
        var channel: String
        var id: String
        var timestamp: String
        var author: AuthorEntry
        var content: String
        var flavor: Content.Flavor?
        var spans: [FormatSpan]?
        var kind: Message.Kind?
        var edited: String?
        var replyTo: String?
        var replyChannel: String?
        var attachments: [Attachment]?
        var embeds: [Embed]?
        var stickers: [Sticker]?
        var reactions: [Reaction]?
        var mentions: [Mention]?
        var pinned: Bool?
        var forwardedFrom: ForwardEntry?
        var viaBot: String?
        var thread: String?
    }

    struct EditRecord: Decodable {
        var id: String
        var content: String
        var flavor: Content.Flavor?
        var spans: [FormatSpan]?
        var edited: String?
    }

    struct AppendRecord: Decodable {
        var id: String
        var text: String
    }

    struct DeleteRecord: Decodable {
        var id: String
    }

    struct ReactionRecord: Decodable {
        var id: String
        var emoji: String
        var emojiID: String?
        var imageURL: String?
        var count: Int?
    }
}
