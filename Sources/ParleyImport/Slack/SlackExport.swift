/// The JSON documents of a Slack workspace export ("Export data", both the 2016-era schema and
/// the current one with threads, `files[]` and `user_profile`). Unknown fields are ignored;
/// every field is optional except a message's `ts`. The workspace lists decode with
/// `.convertFromSnakeCase`; a day file's messages are read member by member from their tapes
/// (``JSONRecord`` with `.convertFromSnakeCase`, the members named as Slack writes them).
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

    struct Message {
        struct Edited {
            var user: String?
            var ts: String?

            init(_ record: JSONRecord) throws(ImportError) {
                user = try record.string(ifPresent: "user")
                ts = try record.string(ifPresent: "ts")
            }
        }

        struct Reaction {
            var name: String
            /// Read leniently (``JSONRecord/lenientInteger(ifPresent:)``).
            var count: Int64?
            var users: [String]?

            init(_ record: JSONRecord) throws(ImportError) {
                name = try record.string("name")
                count = record.lenientInteger(ifPresent: "count")
                users = try record.strings(ifPresent: "users")
            }
        }

        struct Profile {
            var name: String?
            var realName: String?
            var displayName: String?
            var image72: String?

            init(_ record: JSONRecord) throws(ImportError) {
                name = try record.string(ifPresent: "name")
                realName = try record.string(ifPresent: "real_name")
                displayName = try record.string(ifPresent: "display_name")
                image72 = try record.string(ifPresent: "image_72")
            }
        }

        struct BotProfile {
            var name: String?

            init(_ record: JSONRecord) throws(ImportError) { name = try record.string(ifPresent: "name") }
        }

        struct Comment {
            var user: String?
            var comment: String?

            init(_ record: JSONRecord) throws(ImportError) {
                user = try record.string(ifPresent: "user")
                comment = try record.string(ifPresent: "comment")
            }
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

        /// The message `record`.
        /// - Throws: ``ImportError/schema(file:path:expected:)`` for a missing `ts`, or a member
        ///   of the wrong type.
        init(_ record: JSONRecord) throws(ImportError) {
            type = try record.string(ifPresent: "type")
            subtype = try record.string(ifPresent: "subtype")
            user = try record.string(ifPresent: "user")
            botId = try record.string(ifPresent: "bot_id")
            username = try record.string(ifPresent: "username")
            text = try record.string(ifPresent: "text")
            ts = try record.string("ts")
            threadTs = try record.string(ifPresent: "thread_ts")
            edited = try record.record(ifPresent: "edited").map { (record) throws(ImportError) in try Edited(record) }
            reactions = try record.records(ifPresent: "reactions") { (record) throws(ImportError) in try Reaction(record) }
            files = try record.records(ifPresent: "files") { (record) throws(ImportError) in try File(record) }
            file = try record.record(ifPresent: "file").map { (record) throws(ImportError) in try File(record) }
            attachments = try record.records(ifPresent: "attachments") { (record) throws(ImportError) in try LegacyAttachment(record) }
            userProfile = try record.record(ifPresent: "user_profile").map { (record) throws(ImportError) in try Profile(record) }
            botProfile = try record.record(ifPresent: "bot_profile").map { (record) throws(ImportError) in try BotProfile(record) }
            comment = try record.record(ifPresent: "comment").map { (record) throws(ImportError) in try Comment(record) }
            replies = try record.records(ifPresent: "replies") { (record) throws(ImportError) in try Edited(record) }
        }
    }

    struct File {
        var id: String?
        var name: String?
        var title: String?
        var mimetype: String?
        /// The integers read leniently (``JSONRecord/lenientInteger(ifPresent:)``).
        var size: Int64?
        var urlPrivate: String?
        var permalink: String?
        var originalW: Int64?
        var originalH: Int64?

        init(_ record: JSONRecord) throws(ImportError) {
            id = try record.string(ifPresent: "id")
            name = try record.string(ifPresent: "name")
            title = try record.string(ifPresent: "title")
            mimetype = try record.string(ifPresent: "mimetype")
            size = record.lenientInteger(ifPresent: "size")
            urlPrivate = try record.string(ifPresent: "url_private")
            permalink = try record.string(ifPresent: "permalink")
            originalW = record.lenientInteger(ifPresent: "original_w")
            originalH = record.lenientInteger(ifPresent: "original_h")
        }
    }

    /// A message attachment of the legacy kind (bot posts, link unfurls).
    struct LegacyAttachment {
        struct Field {
            var title: String?
            var value: String?
            var short: Bool?

            init(_ record: JSONRecord) throws(ImportError) {
                title = try record.string(ifPresent: "title")
                value = try record.string(ifPresent: "value")
                short = try record.bool(ifPresent: "short")
            }
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

        init(_ record: JSONRecord) throws(ImportError) {
            title = try record.string(ifPresent: "title")
            titleLink = try record.string(ifPresent: "title_link")
            text = try record.string(ifPresent: "text")
            fallback = try record.string(ifPresent: "fallback")
            pretext = try record.string(ifPresent: "pretext")
            color = try record.string(ifPresent: "color")
            authorName = try record.string(ifPresent: "author_name")
            thumbUrl = try record.string(ifPresent: "thumb_url")
            imageUrl = try record.string(ifPresent: "image_url")
            fields = try record.records(ifPresent: "fields") { (record) throws(ImportError) in try Field(record) }
            footer = try record.string(ifPresent: "footer")
            serviceName = try record.string(ifPresent: "service_name")
        }
    }
}
