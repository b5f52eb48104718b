/// A formatting span over a message's text: how Telegram (and any source that sends plain text
/// with separate markup ranges) marks bold, links, mentions and code.
///
/// Offsets and lengths count UTF-16 code units, as Telegram's `MessageEntity` does (Bot API and
/// MTProto), so importers can copy entity ranges unchanged. Spans may nest and may overlap; a
/// renderer splits overlapping spans at the boundaries.
public struct FormatSpan: Hashable, Sendable, Codable {
    /// What a span marks, named after Telegram's entity types.
    public enum Kind: String, Hashable, Sendable, Codable {
        case bold, italic, underline, strikethrough, spoiler
        /// Inline monospace (`code`).
        case code
        /// A monospace block; ``FormatSpan/value`` holds the language, if any.
        case pre
        /// A quoted block of text.
        case blockquote
        /// A URL written in the text (`url`).
        case url
        /// Text linked to the URL in ``FormatSpan/value`` (`text_link`).
        case textLink
        /// An `@username` written in the text.
        case mention
        /// A mention of a user without a username; ``FormatSpan/value`` holds the user id (`text_mention`).
        case mentionName
        case hashtag, cashtag, botCommand, email, phone
        /// A custom emoji drawn over the text; ``FormatSpan/value`` holds its id.
        case customEmoji
    }

    /// What the span marks.
    public var kind: Kind
    /// Where the span starts, in UTF-16 code units from the start of the text.
    public var offset: Int
    /// How long the span is, in UTF-16 code units.
    public var length: Int
    /// The link target (`textLink`), user id (`mentionName`), language (`pre`) or emoji id (`customEmoji`).
    public var value: String?

    /// A span of `kind` over `length` UTF-16 code units from `offset`, with its `value` if the kind has one.
    public init(kind: Kind, offset: Int, length: Int, value: String? = nil) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.value = value
    }
}
