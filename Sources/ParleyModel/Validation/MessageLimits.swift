/// The bounds every message and event must keep before Parley stores, applies or renders it.
///
/// One set of limits guards every way in: the importers (a message outside them is skipped and
/// reported), the Parley JSON Lines reader, `parley serve --follow` lines and
/// `POST /c/{channel}/events` (a record outside them is refused, naming its line and field).
/// They are far above what any chat platform produces — Discord allows 4,000 characters per
/// message, Telegram 4,096 and 100 entities, Slack 40,000 characters — so real exports never meet
/// them; they exist so that no value can make arithmetic overflow, a span reach outside its text
/// or a page grow without bound.
///
/// Byte lengths count UTF-8 bytes; span offsets and lengths count UTF-16 code units (Telegram's
/// `MessageEntity` convention, see ``FormatSpan``).
public struct MessageLimits: Hashable, Sendable {
    /// The longest identifier (message, channel, author, attachment, sticker or emoji id), in bytes.
    public var identifierBytes: Int
    /// The longest name (author name and display name, emoji, file and bot names, embed titles), in bytes.
    public var nameBytes: Int
    /// The longest URL or media path, in bytes.
    public var urlBytes: Int
    /// The longest text (a message's content, an embed's description or field), in bytes.
    public var textBytes: Int
    /// The most formatting spans on one message.
    public var spans: Int
    /// The most entries in one of a message's lists (attachments, embeds and their fields and
    /// images, stickers, reactions, mentions).
    public var listEntries: Int
    /// The most thread replies one message may list.
    public var threadReplies: Int
    /// The largest reaction count (1 is the smallest).
    public var reactionCount: Int
    /// The largest media size, in bytes.
    public var mediaBytes: Int64
    /// The largest media width or height, in pixels.
    public var mediaPixels: Int
    /// The earliest and latest instant a timestamp may name: 0001-01-01T00:00:00.000Z through
    /// 9999-12-31T23:59:59.999Z, the years RFC 3339 writes with four digits.
    public var timestamps: ClosedRange<Timestamp>

    /// The limits Parley applies everywhere: identifiers 512 bytes, names 1,024, URLs 65,536,
    /// texts 8 MiB, 4,096 spans, 4,096 entries per list, 1,000,000 thread replies, reaction counts
    /// 1…2^31, media up to 2^53 bytes and 2^31 − 1 pixels a side, timestamps in years 0001–9999.
    public static let standard = MessageLimits(
        identifierBytes: 512, nameBytes: 1024, urlBytes: 65_536, textBytes: 8 << 20, spans: 4096, listEntries: 4096,
        threadReplies: 1_000_000, reactionCount: 1 << 31, mediaBytes: 1 << 53, mediaPixels: Int(Int32.max),
        timestamps: Timestamp.earliestSupported...Timestamp.latestSupported)

    /// Limits with every bound given.
    public init(
        identifierBytes: Int, nameBytes: Int, urlBytes: Int, textBytes: Int, spans: Int, listEntries: Int, threadReplies: Int,
        reactionCount: Int, mediaBytes: Int64, mediaPixels: Int, timestamps: ClosedRange<Timestamp>
    ) {
        self.identifierBytes = identifierBytes
        self.nameBytes = nameBytes
        self.urlBytes = urlBytes
        self.textBytes = textBytes
        self.spans = spans
        self.listEntries = listEntries
        self.threadReplies = threadReplies
        self.reactionCount = reactionCount
        self.mediaBytes = mediaBytes
        self.mediaPixels = mediaPixels
        self.timestamps = timestamps
    }
}
