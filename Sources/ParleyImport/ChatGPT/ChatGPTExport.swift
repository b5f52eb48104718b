/// ChatGPT's `conversations.json` (Settings → Data controls → Export): an array of
/// conversations, each a tree of nodes in `mapping` (`id`, `message`, `parent`, `children`)
/// with `current_node` naming the leaf the user last saw. The array streams in one conversation
/// at a time (``ChatGPTImporter``); this is the other shape, read whole: a single conversation
/// object, or an object of conversations keyed by name. Unknown fields are ignored.
struct ChatGPTDocument: Decodable {
    /// The conversations with the key or path that names each in errors.
    var conversations: [(path: String, key: String?, conversation: ChatGPTConversation)]

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        if object.contains(AnyKey(stringValue: "mapping")) {
            conversations = [("$", nil, try ChatGPTConversation(from: decoder))]
            return
        }
        conversations = try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
            (key.stringValue, key.stringValue, try object.decode(ChatGPTConversation.self, forKey: key))
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

struct ChatGPTConversation: Decodable {
    enum CodingKeys: String, CodingKey {
        case title, create_time, mapping, current_node, conversation_id, id
    }

    /// The title; nil when absent or not a string (`Untitled conversation`): a cosmetic field
    /// never costs the conversation its messages.
    var title: String?
    /// The conversation's start; nil when absent or not a number (it only places untimed messages).
    var create_time: Double?
    /// The nodes; one that cannot be read is a failure here, reported and left out by the converter.
    var mapping: [String: Lossy<ChatGPTNode>]?
    /// The node the conversation was left at; nil when absent or not a string (the newest leaf is
    /// taken, as for an id no node has).
    var current_node: String?
    var conversation_id: String?
    var id: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.lenient(.title)
        create_time = try? container.decodeIfPresent(Double.self, forKey: .create_time)
        mapping = try container.decodeIfPresent([String: Lossy<ChatGPTNode>].self, forKey: .mapping)
        current_node = container.lenient(.current_node)
        conversation_id = try container.decodeIfPresent(String.self, forKey: .conversation_id)
        id = try container.decodeIfPresent(String.self, forKey: .id)
    }
}

struct ChatGPTNode: Decodable {
    var message: ChatGPTMessage?
    var parent: String?
    var children: [String]?
}

struct ChatGPTMessage: Decodable {
    struct Author: Decodable {
        var role: String?
        var name: String?
    }

    struct Metadata: Decodable {
        struct AttachmentInfo: Decodable {
            var id: String?
            var name: String?
            var mime_type: String?
            var size: Int64?
            var width: Int?
            var height: Int?
        }

        var attachments: [AttachmentInfo]?
        var is_visually_hidden_from_conversation: Bool?
        var is_user_system_message: Bool?
        /// What the markers in the text stand for (read leniently: ``ChatGPTContentReference``).
        var content_references: LenientList<ChatGPTContentReference>?
        /// The older `【N†source】` sources (read leniently: ``ChatGPTCitation``).
        var citations: LenientList<ChatGPTCitation>?
    }

    var author: Author?
    var create_time: Double?
    var content: ChatGPTContent?
    var recipient: String?
    var metadata: Metadata?
}

/// A message's `content`: `content_type` (`text`, `multimodal_text`, `code`, `execution_output`,
/// `tether_quote`, `thoughts`, …) and its `parts`, `text` or other fields.
struct ChatGPTContent: Decodable {
    var content_type: String?
    var parts: [ChatGPTPart]?
    var text: String?
    var language: String?
    var result: String?
    var title: String?
    var url: String?
}

/// One entry of `parts`: a string, or an object such as an `image_asset_pointer`.
enum ChatGPTPart: Decodable {
    case text(String)
    case object(ChatGPTPartObject)
    /// `null` or a value of another type: nothing to show.
    case empty

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let object = try? container.decode(ChatGPTPartObject.self) {
            self = .object(object)
        } else {
            self = .empty
        }
    }
}

struct ChatGPTPartObject: Decodable {
    var content_type: String?
    var text: String?
    var asset_pointer: String?
    var size_bytes: Int64?
    var width: Int?
    var height: Int?
}
