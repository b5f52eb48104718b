/// The `content` of the events Parley reads: messages (`msgtype`, `body`, `format`,
/// `formatted_body`, media `url`, `filename` and `info`), relations (`m.relates_to`, edits'
/// `m.new_content`), membership, room name and topic, and redaction reasons.
struct MatrixContent: Decodable {
    struct Info: Decodable {
        var mimetype: String?
        var size: Int64?
        var w: Int?
        var h: Int?
        var duration: Int?
    }

    struct EncryptedFile: Decodable {
        var url: String?
    }

    struct Relation: Decodable {
        struct InReplyTo: Decodable { var event_id: String? }

        var rel_type: String?
        var event_id: String?
        var key: String?
        var in_reply_to: InReplyTo?
        var is_falling_back: Bool?

        enum CodingKeys: String, CodingKey {
            case rel_type, event_id, key, is_falling_back
            case in_reply_to = "m.in_reply_to"
        }
    }

    /// The replacement content of an edit.
    struct NewContent: Decodable {
        var msgtype: String?
        var body: String?
        var format: String?
        var formatted_body: String?
    }

    var msgtype: String?
    var body: String?
    var format: String?
    var formatted_body: String?
    var url: String?
    var file: EncryptedFile?
    var filename: String?
    var info: Info?
    var relates_to: Relation?
    var new_content: NewContent?
    var membership: String?
    var displayname: String?
    var avatar_url: String?
    var name: String?
    var topic: String?
    var reason: String?
    var redacts: String?

    enum CodingKeys: String, CodingKey {
        case msgtype, body, format, formatted_body, url, file, filename, info, membership, displayname, avatar_url, name, topic
        case reason, redacts
        case relates_to = "m.relates_to"
        case new_content = "m.new_content"
    }
}
