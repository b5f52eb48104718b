import ParleyJSON
import ParleyModel

/// Telegram Desktop's JSON export (`result.json`), as written by telegramdesktop/tdesktop
/// `export_output_json.cpp`: a single chat (`name`, `type`, `id`, `messages`) or a whole account
/// (`personal_information`, `chats.list`, `left_chats.list`), read from the envelope (the file
/// with its `messages` lists empty; the messages stream in, ``TelegramExportReading``). Every
/// field is optional so older and newer exports read alike; unknown fields are ignored.
struct TelegramExport: Decodable {
    /// The members written before the chats that name the account that exported them.
    struct Owner: Decodable {
        var personal_information: PersonalInformation?
    }

    /// The account's profile pictures (`profile_pictures`, written before the chats).
    struct Userpics: Decodable {
        struct Picture: Decodable {
            var date_unixtime: String?
            /// The file's path in the export, or why it is not there (`(Photo not included. …)`).
            var photo: String?
        }

        var profile_pictures: [Picture]?

        /// The path of the newest picture the export holds as a file.
        var newest: String? {
            (profile_pictures ?? []).filter { $0.photo.map { !$0.isEmpty && !$0.hasPrefix("(") } ?? false }
                .max { (Int64($0.date_unixtime ?? "") ?? .min) < (Int64($1.date_unixtime ?? "") ?? .min) }?.photo
        }
    }

    struct PersonalInformation: Decodable {
        /// The exporting account's id: its messages' `from_id` is `user` and this number.
        var user_id: TelegramNumber?
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
    var messages: [StreamedRecord]?
}

/// The account that exported a whole-account export, as the members before the chats name it
/// (`personal_information.user_id`, `profile_pictures`): its messages are outgoing and show its
/// newest profile picture.
struct TelegramAccount: Equatable {
    /// The author id of the account's messages (`user` and the account's id).
    var id: AuthorID
    /// The path of its newest profile picture in the export, when it holds one.
    var avatarURL: String?

    /// The account `envelope` (the export as read before the first chat's messages) names; nil
    /// when it names none (a single chat's export).
    init?(envelope: JSONValue, decoder: JSONValueDecoder) {
        guard let owner = try? decoder.decode(TelegramExport.Owner.self, from: envelope),
            let id = owner.personal_information?.user_id
        else { return nil }
        self.id = AuthorID("user" + id.text)
        avatarURL = (try? decoder.decode(TelegramExport.Userpics.self, from: envelope))?.newest
    }
}

/// A chat's header. Its `messages` stream in one at a time; in the envelope the list is empty,
/// and whether it is there at all says whether the chat has one.
struct TelegramChat: Decodable {
    var name: String?
    var type: String?
    var id: TelegramNumber?
    var messages: [StreamedRecord]?
}

/// An entry of a record list in the envelope, not read there: the envelope's lists are empty,
/// their records streamed to ``TelegramChatReading`` (only whether a list is present counts).
struct StreamedRecord: Decodable {
    init(from decoder: any Decoder) {}
}

/// A value Telegram writes as a number in some versions and as a string in others.
struct TelegramNumber: Decodable, Hashable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            text = String(number)
        } else if let string = try? container.decode(String.self) {
            text = string
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.expected)
        }
    }

    /// The number or string `value`, as its `Decodable` reading takes it (a number's text written
    /// again from its `Int64`: `1e3` is `1000`).
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for any other value.
    init(_ value: JSONRecord.JSONValueReading) throws(ImportError) {
        if let number = value.int64 {
            text = String(number)
        } else if value.kind == .string {
            text = value.text
        } else {
            throw value.error(expected: Self.expected)
        }
    }

    private static let expected = "a whole number or a string"
}

/// One piece of a message's `text` array: a plain string, or a typed entity object.
enum TelegramTextPiece {
    case plain(String)
    case entity(TelegramEntity)

    /// The element `value` of a `text` array.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for a value that is neither a string
    ///   nor an object, and the entity's own errors.
    init(_ value: JSONRecord.JSONValueReading) throws(ImportError) {
        switch value.kind {
        case .string: self = .plain(value.text)
        case .object: self = .entity(try TelegramEntity(value.object()))
        case .null: throw value.error(expected: "a value of type object, found null")
        default: throw value.error(expected: "a string or a text entity object")
        }
    }
}

/// A typed entity of `text` or `text_entities`: `bold`, `text_link` with `href`, `pre` with
/// `language`, `mention_name` with `user_id`, `custom_emoji` with `document_id`, …
struct TelegramEntity {
    var type: String?
    var text: String
    var href: String?
    var user_id: TelegramNumber?
    var language: String?
    var document_id: String?

    init(_ record: JSONRecord) throws(ImportError) {
        type = try record.string(ifPresent: "type")
        text = try record.string("text")
        href = try record.string(ifPresent: "href")
        user_id = try record.value(ifPresent: "user_id", TelegramNumber.init)
        language = try record.string(ifPresent: "language")
        document_id = try record.string(ifPresent: "document_id")
    }
}

/// `text`: a string, or an array of strings and entities.
enum TelegramText {
    case string(String)
    case pieces([TelegramTextPiece])

    /// The `text` `value`.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for a value that is neither a string
    ///   nor an array, and its pieces' errors.
    init(_ value: JSONRecord.JSONValueReading) throws(ImportError) {
        switch value.kind {
        case .string: self = .string(value.text)
        case .array:
            self = .pieces(try value.elements.map { (element) throws(ImportError) in try TelegramTextPiece(element) })
        default: throw value.error(expected: "a string or an array of strings and text entities")
        }
    }
}
