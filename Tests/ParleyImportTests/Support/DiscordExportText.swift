import Foundation
import ParleyTestSupport

/// DiscordChatExporter JSON exports written as its `JsonMessageWriter` writes them (version 2.47:
/// `guild`, `channel` with `categoryId` and `category`, `dateRange`, `exportedAt`, `messages`,
/// `messageCount`; each message with its author, empty part lists and `inlineEmojis`), for tests
/// of one quirk at a time.
enum DiscordExportText {
    /// One export file: `messages` are message objects as JSON text (see ``message(id:content:extra:)``).
    static func export(
        guild: (id: String, name: String) = ("900", "Example guild"), channel: String = "1000", type: String = "GuildTextChat",
        category: (id: String, name: String)? = ("800", "Text Channels"), name: String = "general", messages: [String]
    ) -> String {
        let categoryID = category.map { "\"\($0.id)\"" } ?? "null"
        let categoryName = category.map { "\"\($0.name)\"" } ?? "null"
        return """
            {
              "guild": {"id": "\(guild.id)", "name": "\(guild.name)", "iconUrl": "https://cdn.discordapp.com/embed/avatars/0.png"},
              "channel": {"id": "\(channel)", "type": "\(type)", "categoryId": \(categoryID), "category": \(categoryName),
                "name": "\(name)", "topic": null},
              "dateRange": {"after": null, "before": null},
              "exportedAt": "2026-03-01T10:00:00.000+00:00",
              "messages": [
            \(messages.joined(separator: ",\n"))
              ],
              "messageCount": \(messages.count)
            }
            """
    }

    /// One message by Avery at 2026-03-01 09:MM (minute `id` mod 60), with `content` (JSON
    /// string text, escaped by the caller), `extra` members after `mentions` (JSON text, each with
    /// its leading comma: `reference`, `forwardedMessage`) and its `inlineEmojis` array.
    static func message(id: String, content: String = "", extra: String = "", inlineEmojis: String = "[]") -> String {
        let minute = String(format: "%02d", (Int(id) ?? 0) % 60)
        return """
                {
                  "id": "\(id)", "type": "Default", "timestamp": "2026-03-01T09:\(minute):00.000+00:00",
                  "timestampEdited": null, "callEndedTimestamp": null, "isPinned": false, "content": "\(content)",
                  "author": {"id": "100000000000000001", "name": "avery", "discriminator": "0000", "nickname": "Avery",
                    "color": null, "isBot": false, "roles": [], "avatarUrl": "https://cdn.discordapp.com/embed/avatars/1.png"},
                  "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []\(extra),
                  "inlineEmojis": \(inlineEmojis)
                }
            """
    }

    /// Writes `text` to `name` under `folder`, creating the folders between.
    static func write(_ text: String, to name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
