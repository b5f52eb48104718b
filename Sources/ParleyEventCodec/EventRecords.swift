import ParleyModel

/// The event records of Parley's JSON Lines format (`docs/FORMAT.md`) as they are on the wire:
/// what a JSON Lines file holds after its header, what `POST /c/{channel}/events` accepts and
/// what the event store keeps.
///
/// Message parts (attachments, embeds, stickers, reactions, mentions, spans) use the model
/// types' own field names; timestamps are RFC 3339 strings.
package enum EventRecords {
    /// The `type` and `channel` every record has; read first to pick the record's shape.
    package struct Head: Decodable {
        package var type: String
        package var channel: String?
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

    /// A `message` record: the whole message.
    package struct MessageRecord: Codable {
        var type = "message"
        /// Always written; left out in a post's record, whose address names the channel.
        var channel: String?
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
        var outgoing: Bool?
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
