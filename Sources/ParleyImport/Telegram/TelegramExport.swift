/// Telegram Desktop's JSON export (`result.json`), as written by telegramdesktop/tdesktop
/// `export_output_json.cpp`: a single chat (`name`, `type`, `id`, `messages`) or a whole account
/// (`personal_information`, `chats.list`, `left_chats.list`), read from the envelope (the file
/// with its `messages` lists empty; the messages stream in, ``TelegramExportReading``). Every
/// field is optional so older and newer exports read alike; unknown fields are ignored.
struct TelegramExport: Decodable {
    struct PersonalInformation: Decodable {
        var first_name: String?
        var last_name: String?
    }

    struct ChatList: Decodable {
        var list: [TelegramChat]?
    }

    var personal_information: PersonalInformation?
    var chats: ChatList?
    var left_chats: ChatList?
    var name: String?
    var type: String?
    var id: TelegramNumber?
    var messages: [Lossy<TelegramMessage>]?
}

/// A chat's header. Its `messages` stream in one at a time; in the envelope the list is empty,
/// and whether it is there at all says whether the chat has one.
struct TelegramChat: Decodable {
    var name: String?
    var type: String?
    var id: TelegramNumber?
    var messages: [Lossy<TelegramMessage>]?
}

/// A value Telegram writes as a number in some versions and as a string in others.
struct TelegramNumber: Decodable, Hashable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}

/// One piece of a message's `text` array: a plain string, or a typed entity object.
enum TelegramTextPiece: Decodable {
    case plain(String)
    case entity(TelegramEntity)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .plain(text)
        } else {
            self = .entity(try container.decode(TelegramEntity.self))
        }
    }
}

/// A typed entity of `text` or `text_entities`: `bold`, `text_link` with `href`, `pre` with
/// `language`, `mention_name` with `user_id`, `custom_emoji` with `document_id`, …
struct TelegramEntity: Decodable {
    var type: String?
    var text: String
    var href: String?
    var user_id: TelegramNumber?
    var language: String?
    var document_id: String?
}

/// `text`: a string, or an array of strings and entities.
enum TelegramText: Decodable {
    case string(String)
    case pieces([TelegramTextPiece])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            self = .pieces(try container.decode([TelegramTextPiece].self))
        }
    }
}
