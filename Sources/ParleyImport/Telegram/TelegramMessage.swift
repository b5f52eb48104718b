/// One entry of a chat's `messages`: an ordinary message (`type: "message"`) or a service
/// message (`type: "service"`, with `actor` and `action`), read member by member from its tape
/// (``JSONRecord``) with the errors `Decodable` gave.
struct TelegramMessage {
    struct Reaction {
        var type: String?
        var count: Int?
        var emoji: String?
        var document_id: String?

        init(_ record: JSONRecord) throws(ImportError) {
            type = try record.string(ifPresent: "type")
            count = try record.integer(ifPresent: "count", as: Int.self)
            emoji = try record.string(ifPresent: "emoji")
            document_id = try record.string(ifPresent: "document_id")
        }
    }

    struct Poll {
        struct Answer {
            var text: String?
            var voters: Int?
            /// Whether the exporting user chose this answer.
            var chosen: Bool?

            init(_ record: JSONRecord) throws(ImportError) {
                text = try record.string(ifPresent: "text")
                voters = try record.integer(ifPresent: "voters", as: Int.self)
                chosen = try record.bool(ifPresent: "chosen")
            }
        }

        var question: String?
        var closed: Bool?
        var total_voters: Int?
        var answers: [Answer]?

        init(_ record: JSONRecord) throws(ImportError) {
            question = try record.string(ifPresent: "question")
            closed = try record.bool(ifPresent: "closed")
            total_voters = try record.integer(ifPresent: "total_voters", as: Int.self)
            answers = try record.records(ifPresent: "answers") { (record) throws(ImportError) in try Answer(record) }
        }
    }

    struct Location {
        var latitude: Double?
        var longitude: Double?

        init(_ record: JSONRecord) throws(ImportError) {
            latitude = try record.double(ifPresent: "latitude")
            longitude = try record.double(ifPresent: "longitude")
        }
    }

    struct Contact {
        var first_name: String?
        var last_name: String?
        var phone_number: String?

        init(_ record: JSONRecord) throws(ImportError) {
            first_name = try record.string(ifPresent: "first_name")
            last_name = try record.string(ifPresent: "last_name")
            phone_number = try record.string(ifPresent: "phone_number")
        }
    }

    var id: TelegramNumber?
    var type: String?
    var date: String?
    var date_unixtime: String?
    var edited: String?
    var edited_unixtime: String?
    var from: String?
    var from_id: TelegramNumber?
    var actor: String?
    var actor_id: TelegramNumber?
    var action: String?
    var title: String?
    var members: [String?]?
    var message_id: TelegramNumber?
    var duration_seconds: Int?
    var discard_reason: String?
    var forwarded_from: String?
    /// Whether the record has `"forwarded_from": null` (the original sender's account is gone).
    var forwardedFromNobody: Bool
    var saved_from: String?
    var via_bot: String?
    var reply_to_message_id: TelegramNumber?
    var reply_to_peer_id: TelegramNumber?
    var text: TelegramText?
    var text_entities: [TelegramEntity]?
    var photo: String?
    var photo_file_size: Int64?
    var file: String?
    var file_name: String?
    var file_size: Int64?
    var media_type: String?
    var mime_type: String?
    var sticker_emoji: String?
    var performer: String?
    var width: Int?
    var height: Int?
    var reactions: [Reaction]?
    var poll: Poll?
    var location_information: Location?
    var contact_information: Contact?

    /// The message `record`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for a member of the wrong type.
    init(_ record: JSONRecord) throws(ImportError) {
        id = try record.value(ifPresent: "id", TelegramNumber.init)
        type = try record.string(ifPresent: "type")
        date = try record.string(ifPresent: "date")
        date_unixtime = try record.string(ifPresent: "date_unixtime")
        edited = try record.string(ifPresent: "edited")
        edited_unixtime = try record.string(ifPresent: "edited_unixtime")
        from = try record.string(ifPresent: "from")
        from_id = try record.value(ifPresent: "from_id", TelegramNumber.init)
        actor = try record.string(ifPresent: "actor")
        actor_id = try record.value(ifPresent: "actor_id", TelegramNumber.init)
        action = try record.string(ifPresent: "action")
        title = try record.string(ifPresent: "title")
        members = try record.optionalStrings(ifPresent: "members")
        message_id = try record.value(ifPresent: "message_id", TelegramNumber.init)
        duration_seconds = try record.integer(ifPresent: "duration_seconds", as: Int.self)
        discard_reason = try record.string(ifPresent: "discard_reason")
        forwarded_from = try record.string(ifPresent: "forwarded_from")
        forwardedFromNobody = record.isNull("forwarded_from")
        saved_from = try record.string(ifPresent: "saved_from")
        via_bot = try record.string(ifPresent: "via_bot")
        reply_to_message_id = try record.value(ifPresent: "reply_to_message_id", TelegramNumber.init)
        reply_to_peer_id = try record.value(ifPresent: "reply_to_peer_id", TelegramNumber.init)
        text = try record.value(ifPresent: "text", TelegramText.init)
        text_entities = try record.records(ifPresent: "text_entities") { (record) throws(ImportError) in try TelegramEntity(record) }
        photo = try record.string(ifPresent: "photo")
        photo_file_size = try record.integer(ifPresent: "photo_file_size", as: Int64.self)
        file = try record.string(ifPresent: "file")
        file_name = try record.string(ifPresent: "file_name")
        file_size = try record.integer(ifPresent: "file_size", as: Int64.self)
        media_type = try record.string(ifPresent: "media_type")
        mime_type = try record.string(ifPresent: "mime_type")
        sticker_emoji = try record.string(ifPresent: "sticker_emoji")
        performer = try record.string(ifPresent: "performer")
        width = try record.integer(ifPresent: "width", as: Int.self)
        height = try record.integer(ifPresent: "height", as: Int.self)
        reactions = try record.records(ifPresent: "reactions") { (record) throws(ImportError) in try Reaction(record) }
        poll = try record.record(ifPresent: "poll").map { (record) throws(ImportError) in try Poll(record) }
        location_information = try record.record(ifPresent: "location_information").map { (record) throws(ImportError) in
            try Location(record)
        }
        contact_information = try record.record(ifPresent: "contact_information").map { (record) throws(ImportError) in
            try Contact(record)
        }
    }
}
