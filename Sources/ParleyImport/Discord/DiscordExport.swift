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
