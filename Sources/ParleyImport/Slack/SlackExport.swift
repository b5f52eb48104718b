/// The JSON documents of a Slack workspace export ("Export data", both the 2016-era schema and
/// the current one with threads, `files[]` and `user_profile`). Unknown fields are ignored;
/// every field is optional except a message's `ts`. Decode with `.convertFromSnakeCase`.
enum SlackExport {
    struct User: Decodable {
        struct Profile: Decodable {
            var displayName: String?
            var realName: String?
            var image72: String?
        }

        var id: String
        var name: String?
        var realName: String?
        var color: String?
        var isBot: Bool?
        var profile: Profile?
    }

    struct Conversation: Decodable {
        struct Text: Decodable { var value: String? }

        var id: String
        var name: String?
        var topic: Text?
        var purpose: Text?
        var members: [String]?
        var user: String?
    }

    struct Message: Decodable {
        struct Edited: Decodable {
            var user: String?
            var ts: String?
        }

        struct Reaction: Decodable {
            var name: String
            var count: FlexibleInt?
            var users: [String]?
        }

        struct Profile: Decodable {
            var name: String?
            var realName: String?
            var displayName: String?
            var image72: String?
        }

        struct BotProfile: Decodable { var name: String? }

        struct Comment: Decodable {
            var user: String?
            var comment: String?
        }

        var type: String?
        var subtype: String?
        var user: String?
        var botId: String?
        var username: String?
        var text: String?
        var ts: String
        var threadTs: String?
        var edited: Edited?
        var reactions: [Reaction]?
        var files: [File]?
        var file: File?
        var attachments: [LegacyAttachment]?
        var userProfile: Profile?
        var botProfile: BotProfile?
        var comment: Comment?
        var replies: [Edited]?
    }

    struct File: Decodable {
        var id: String?
        var name: String?
        var title: String?
        var mimetype: String?
        var size: FlexibleInt?
        var urlPrivate: String?
        var permalink: String?
        var originalW: FlexibleInt?
        var originalH: FlexibleInt?
    }

    /// A message attachment of the legacy kind (bot posts, link unfurls).
    struct LegacyAttachment: Decodable {
        struct Field: Decodable {
            var title: String?
            var value: String?
            var short: Bool?
        }

        var title: String?
        var titleLink: String?
        var text: String?
        var fallback: String?
        var pretext: String?
        var color: String?
        var authorName: String?
        var thumbUrl: String?
        var imageUrl: String?
        var fields: [Field]?
        var footer: String?
        var serviceName: String?
    }
}

/// An integer that some exports write as a string (`"size": "4163"`).
struct FlexibleInt: Decodable {
    var value: Int64?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Int64(text)
        } else {
            value = nil
        }
    }
}
