import ParleyModel

extension EventRecords {
    /// An `edit`, `append`, `delete`, `reaction_add` or `reaction_remove` record as it is written:
    /// the fields its type does not have, and empty or default values, are nil and left out.
    struct ChangeRecord: Encodable {
        var type: String
        var channel: String
        var id: String
        var content: String?
        var flavor: Content.Flavor?
        var spans: [FormatSpan]?
        var edited: String?
        var text: String?
        var emoji: String?
        var emojiID: String?
        var imageURL: String?
        var count: Int?

        init(type: String, channel: ChannelID, id: MessageID) {
            self.type = type
            self.channel = channel.rawValue
            self.id = id.rawValue
        }

        /// A `reaction_add` or `reaction_remove` record; a count of 1 (the default) is left out.
        init(type: String, channel: ChannelID, id: MessageID, reaction: Reaction) {
            self.init(type: type, channel: channel, id: id)
            emoji = reaction.emoji
            emojiID = reaction.emojiID
            imageURL = reaction.imageURL
            count = reaction.count == 1 ? nil : reaction.count
        }

        /// An `edit` record; empty spans are left out.
        static func edit(
            channel: ChannelID, id: MessageID, text: String, flavor: Content.Flavor?, spans: [FormatSpan], edited: Timestamp?
        ) -> ChangeRecord {
            var record = ChangeRecord(type: "edit", channel: channel, id: id)
            record.content = text
            record.flavor = flavor
            record.spans = spans.isEmpty ? nil : spans
            record.edited = edited?.description
            return record
        }

        /// An `append` record.
        static func append(channel: ChannelID, id: MessageID, text: String) -> ChangeRecord {
            var record = ChangeRecord(type: "append", channel: channel, id: id)
            record.text = text
            return record
        }
    }
}
