/// The keys of the objects of a `message` record (`docs/FORMAT.md`) that ``MessageRecordReader``
/// reads, one enum per object: each case's raw value is its key. Cases are in the keys' sorted
/// order, the order ``MessageRecordWriter`` writes them in.
enum RecordField {
    /// The record itself.
    enum Message: String, CaseIterable, Sendable {
        case attachments, author, channel, content, edited, embeds, flavor, forwardedFrom, id, kind, mentions, outgoing, pinned
        case reactions, replyChannel, replyTo, spans, stickers, thread, timestamp, type, viaBot
    }

    /// `author`.
    enum Author: String, CaseIterable, Sendable {
        case avatarURL, bot, color, displayName, id, name
    }

    /// An `attachments` entry.
    enum Attachment: String, CaseIterable, Sendable {
        case contentType, description, fileName, height, id, omission, sizeBytes, url, width
    }

    /// An `embeds` entry.
    enum Embed: String, CaseIterable, Sendable {
        case authorName, color, description, fields, flavor, footer, imageURLs, thumbnailURL, title, url
    }

    /// An embed's `fields` entry.
    enum EmbedField: String, CaseIterable, Sendable {
        case isInline, name, value
    }

    /// A `stickers` entry.
    enum Sticker: String, CaseIterable, Sendable {
        case format, id, name, url
    }

    /// A `reactions` entry.
    enum Reaction: String, CaseIterable, Sendable {
        case count, emoji, emojiID, imageURL
    }

    /// A `mentions` entry.
    enum Mention: String, CaseIterable, Sendable {
        case id, name
    }

    /// A `spans` entry.
    enum Span: String, CaseIterable, Sendable {
        case kind, length, offset, value
    }

    /// `forwardedFrom`.
    enum Forward: String, CaseIterable, Sendable {
        case authorName, channelName, timestamp, url
    }
}
