/// Element's JSON room export (element-hq/element-web `src/utils/exportUtils/JSONExport.ts`):
/// `room_name`, `room_creator`, `topic`, `export_date`, `exported_by` and `messages`, the room's
/// events as the Matrix client-server API gives them (decrypted where they were encrypted).
/// Read from the envelope: the events stream in one at a time, so `messages` is empty here
/// (and required, as a list).
struct MatrixExport: Decodable {
    var room_name: String?
    var topic: String?
    var messages: [Lossy<MatrixEvent>]
}

/// A Matrix event (client-server API, "ClientEvent"): `type`, `sender`, `content`,
/// `origin_server_ts` (UTC milliseconds), `event_id`, and for state events `state_key`.
struct MatrixEvent: Decodable {
    var type: String?
    var event_id: String?
    var sender: String?
    var origin_server_ts: Int64?
    var room_id: String?
    var state_key: String?
    /// The redacted event of an `m.room.redaction` before room version 11 (later: `content.redacts`).
    var redacts: String?
    var content: MatrixContent?
    var unsigned: MatrixUnsigned?
}

struct MatrixUnsigned: Decodable {
    struct Redaction: Decodable {
        var sender: String?
        var content: MatrixContent?
    }

    /// The latest edit as the server bundles it (client-server API 1.7+, "Server-side aggregation
    /// of m.replace relationships").
    struct Replacement: Decodable {
        var event_id: String?
        var sender: String?
        var origin_server_ts: Int64?
        var content: MatrixContent?
    }

    struct Relations: Decodable {
        var replace: Replacement?

        enum CodingKeys: String, CodingKey { case replace = "m.replace" }
    }

    var redacted_because: Redaction?
    var prev_content: MatrixContent?
    var relations: Relations?

    enum CodingKeys: String, CodingKey {
        case redacted_because, prev_content
        case relations = "m.relations"
    }
}
