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
        /// The category's id, or a thread's parent channel's (DiscordChatExporter's schema
        /// predates threads, so a thread's `category` is its parent channel).
        var categoryId: String?
        var category: String?
        var name: String?
        var topic: String?
    }

    var guild: Guild?
    var channel: ChannelInfo
}
