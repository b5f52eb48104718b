import ParleyModel

/// The objects inside a `message` record, each read as `JSONDecoder` reads it: its required keys
/// present and not `null`, its optional ones absent or `null` for nil.
extension MessageRecordReader {
    static let authorKeys = RecordMembers<RecordField.Author>.Keys()
    static let attachmentKeys = RecordMembers<RecordField.Attachment>.Keys()
    static let embedKeys = RecordMembers<RecordField.Embed>.Keys()
    static let embedFieldKeys = RecordMembers<RecordField.EmbedField>.Keys()
    static let stickerKeys = RecordMembers<RecordField.Sticker>.Keys()
    static let reactionKeys = RecordMembers<RecordField.Reaction>.Keys()
    static let mentionKeys = RecordMembers<RecordField.Mention>.Keys()
    static let spanKeys = RecordMembers<RecordField.Span>.Keys()
    static let forwardKeys = RecordMembers<RecordField.Forward>.Keys()

    /// `author`: `id` and `name` required; not a bot unless `bot` says so (as
    /// `EventRecords.AuthorEntry.author`).
    static func author(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Author {
        var author = EventRecords.blankAuthor
        try read(&author, from: &scanner)
        return author
    }

    /// ``author(_:)``, known from `memo` when it holds the object `scanner` is at, and kept in it
    /// when read; read alone when the memo keeps nothing (a capacity of 0).
    static func author(_ scanner: inout JSONScanner, memo: inout RecordAuthorMemo) throws(JSONScanner.Refusal) -> Author {
        guard memo.capacity > 0 else { return try author(&scanner) }
        let text = try scanner.rest()
        if let (author, length) = memo.author(at: text) {
            scanner.pass(length)
            return author
        }
        let author = try author(&scanner)
        memo.keep(author, length: text.count - scanner.remaining, of: text)
        return author
    }

    /// Sets the fields of `author` from the `author` object `scanner` is at.
    private static func read(_ author: inout Author, from scanner: inout JSONScanner) throws(JSONScanner.Refusal) {
        var required = (id: false, name: false)
        try scanner.object(authorKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .avatarURL: author.avatarURL = try scanner.optionalString()
            case .bot: author.isBot = try scanner.optionalBool() ?? false
            case .color: author.color = try scanner.optionalString()
            case .displayName: author.displayName = try scanner.optionalString()
            case .id:
                author.id = AuthorID(try scanner.string())
                required.id = true
            case .name:
                author.name = try scanner.string()
                required.name = true
            }
        }
        guard required == (true, true) else { throw JSONScanner.Refusal() }
    }

    /// An ``Attachment``: `id`, `url` and `fileName` required.
    static func attachment(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Attachment {
        var id: String?, url: String?, fileName: String?
        var attachment = Attachment(id: "", url: "", fileName: "")
        try scanner.object(attachmentKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .contentType: attachment.contentType = try scanner.optionalString()
            case .description: attachment.description = try scanner.optionalString()
            case .fileName: fileName = try scanner.string()
            case .height: attachment.height = try scanner.optionalInteger()
            case .id: id = try scanner.string()
            case .omission: attachment.omission = try scanner.optionalString()
            case .sizeBytes: attachment.sizeBytes = try scanner.optionalInteger().map { Int64($0) }
            case .url: url = try scanner.string()
            case .width: attachment.width = try scanner.optionalInteger()
            }
        }
        guard let id, let url, let fileName else { throw JSONScanner.Refusal() }
        attachment.id = id
        attachment.url = url
        attachment.fileName = fileName
        return attachment
    }

    /// An ``Embed``: `imageURLs` and `fields` required (they may be empty).
    static func embed(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Embed {
        var imageURLs: [String]?, fields: [Embed.Field]?
        var embed = Embed()
        try scanner.object(embedKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .authorName: embed.authorName = try scanner.optionalString()
            case .color: embed.color = try scanner.optionalString()
            case .description: embed.description = try scanner.optionalString()
            case .fields: fields = try scanner.array(Self.embedField)
            case .flavor: embed.flavor = try scanner.optionalEnumeration()
            case .footer: embed.footer = try scanner.optionalString()
            case .imageURLs: imageURLs = try scanner.array { (scanner) throws(JSONScanner.Refusal) in try scanner.string() }
            case .thumbnailURL: embed.thumbnailURL = try scanner.optionalString()
            case .title: embed.title = try scanner.optionalString()
            case .url: embed.url = try scanner.optionalString()
            }
        }
        guard let imageURLs, let fields else { throw JSONScanner.Refusal() }
        embed.imageURLs = imageURLs
        embed.fields = fields
        return embed
    }

    /// An ``Embed/Field``: all three keys required.
    static func embedField(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Embed.Field {
        var name: String?, value: String?, isInline: Bool?
        try scanner.object(embedFieldKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .isInline: isInline = try scanner.bool()
            case .name: name = try scanner.string()
            case .value: value = try scanner.string()
            }
        }
        guard let name, let value, let isInline else { throw JSONScanner.Refusal() }
        return Embed.Field(name: name, value: value, isInline: isInline)
    }

    /// A ``Sticker``: `id`, `name` and `format` required.
    static func sticker(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Sticker {
        var id: String?, name: String?, format: String?, url: String?
        try scanner.object(stickerKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .format: format = try scanner.string()
            case .id: id = try scanner.string()
            case .name: name = try scanner.string()
            case .url: url = try scanner.optionalString()
            }
        }
        guard let id, let name, let format else { throw JSONScanner.Refusal() }
        return Sticker(id: id, name: name, format: format, url: url)
    }

    /// A ``Reaction``: `emoji` and `count` required.
    static func reaction(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Reaction {
        var count: Int?, emoji: String?, emojiID: String?, imageURL: String?
        try scanner.object(reactionKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .count: count = try scanner.integer()
            case .emoji: emoji = try scanner.string()
            case .emojiID: emojiID = try scanner.optionalString()
            case .imageURL: imageURL = try scanner.optionalString()
            }
        }
        guard let count, let emoji else { throw JSONScanner.Refusal() }
        return Reaction(emoji: emoji, emojiID: emojiID, imageURL: imageURL, count: count)
    }

    /// A ``Mention``: both keys required.
    static func mention(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Mention {
        var id: String?, name: String?
        try scanner.object(mentionKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .id: id = try scanner.string()
            case .name: name = try scanner.string()
            }
        }
        guard let id, let name else { throw JSONScanner.Refusal() }
        return Mention(id: AuthorID(id), name: name)
    }

    /// A ``FormatSpan``: `kind`, `offset` and `length` required.
    static func span(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> FormatSpan {
        var kind: FormatSpan.Kind?, offset: Int?, length: Int?, value: String?
        try scanner.object(spanKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .kind: kind = try scanner.enumeration()
            case .length: length = try scanner.integer()
            case .offset: offset = try scanner.integer()
            case .value: value = try scanner.optionalString()
            }
        }
        guard let kind, let offset, let length else { throw JSONScanner.Refusal() }
        return FormatSpan(kind: kind, offset: offset, length: length, value: value)
    }

    /// `forwardedFrom`: every key optional.
    static func forwardOrigin(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> ForwardOrigin {
        var origin = ForwardOrigin()
        try scanner.object(forwardKeys) { (scanner, field) throws(JSONScanner.Refusal) in
            switch field {
            case .authorName: origin.authorName = try scanner.optionalString()
            case .channelName: origin.channelName = try scanner.optionalString()
            case .timestamp: origin.timestamp = try scanner.optional(Self.timestamp)
            case .url: origin.url = try scanner.optionalString()
            }
        }
        return origin
    }

    /// A timestamp: RFC 3339 text, read in place.
    static func timestamp(_ scanner: inout JSONScanner) throws(JSONScanner.Refusal) -> Timestamp {
        try scanner.asciiString { RFC3339.parse(utf8: $0) }
    }
}
