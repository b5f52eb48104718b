/// One entry of a chat's `messages`: an ordinary message (`type: "message"`) or a service
/// message (`type: "service"`, with `actor` and `action`).
struct TelegramMessage: Decodable {
    struct Reaction: Decodable {
        var type: String?
        var count: Int?
        var emoji: String?
        var document_id: String?
    }

    struct Poll: Decodable {
        struct Answer: Decodable {
            var text: String?
            var voters: Int?
            /// Whether the exporting user chose this answer.
            var chosen: Bool?
        }

        var question: String?
        var closed: Bool?
        var total_voters: Int?
        var answers: [Answer]?
    }

    struct Location: Decodable {
        var latitude: Double?
        var longitude: Double?
    }

    struct Contact: Decodable {
        var first_name: String?
        var last_name: String?
        var phone_number: String?
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
}
