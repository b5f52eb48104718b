import ParleyModel

/// Joins Telegram's text pieces into one string and one ``FormatSpan`` per formatted piece.
///
/// Pieces come from `text_entities` when the export has it (every piece typed, `plain` for
/// plain text) and from `text` otherwise (strings and typed entities mixed). Offsets and lengths
/// count UTF-16 code units, as Telegram's own entities do. Types Parley does not know
/// (`bank_card`, `unknown`, future ones) stay in the text as plain text.
enum TelegramTextConverter {
    /// The content of a message's text.
    /// - Returns: plain content when no piece is formatted, else ``Content/Flavor/spans`` content.
    /// - Complexity: O(n) in the text's length.
    static func content(text: TelegramText?, entities: [TelegramEntity]?) -> Content {
        let pieces: [TelegramTextPiece]
        if let entities {
            pieces = entities.map { .entity($0) }
        } else {
            switch text {
            case nil: pieces = []
            case let .string(string)?: pieces = [.plain(string)]
            case let .pieces(list)?: pieces = list
            }
        }
        var result = ""
        var spans: [FormatSpan] = []
        var offset = 0
        for piece in pieces {
            let string: String
            var span: (FormatSpan.Kind, String?)?
            switch piece {
            case let .plain(text): string = text
            case let .entity(entity):
                string = entity.text
                span = kind(of: entity)
            }
            let length = string.utf16.count
            if let span, length > 0 {
                spans.append(FormatSpan(kind: span.0, offset: offset, length: length, value: span.1))
            }
            result += string
            offset += length
        }
        return spans.isEmpty ? Content(text: result) : Content(text: result, spans: spans)
    }

    /// The span kind and value of an entity, or nil for plain and unknown types.
    static func kind(of entity: TelegramEntity) -> (FormatSpan.Kind, String?)? {
        switch entity.type ?? "plain" {
        case "bold": return (.bold, nil)
        case "italic": return (.italic, nil)
        case "underline": return (.underline, nil)
        case "strikethrough": return (.strikethrough, nil)
        case "spoiler": return (.spoiler, nil)
        case "code": return (.code, nil)
        case "pre": return (.pre, entity.language.flatMap { $0.isEmpty ? nil : $0 })
        case "blockquote": return (.blockquote, nil)
        case "link": return (.url, nil)
        case "text_link": return (.textLink, entity.href)
        case "mention": return (.mention, nil)
        case "mention_name": return (.mentionName, entity.user_id?.text)
        case "hashtag": return (.hashtag, nil)
        case "cashtag": return (.cashtag, nil)
        case "bot_command": return (.botCommand, nil)
        case "email": return (.email, nil)
        case "phone": return (.phone, nil)
        case "custom_emoji": return (.customEmoji, entity.document_id)
        default: return nil
        }
    }
}
