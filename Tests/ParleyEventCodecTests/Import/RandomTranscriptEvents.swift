import ParleyModel
import ParleyTestSupport

/// Seeded random ``TranscriptEvent``s of every kind within ``MessageLimits``, with every field
/// the event records carry set or left out at random and text drawn from pieces JSON must escape (quotes, backslashes,
/// every control character, `/`, U+007F, U+2028, emoji, combining marks, non-BMP scalars), for the event-record
/// round-trip property tests.
///
/// With `extremes`, integers are now and then the edges of their types (`Int.min`, `Int.max`, the
/// limits ± 1), timestamps any `Int64`, and identifiers may be empty: messages outside
/// ``MessageLimits`` too, for the tests that compare how records of them are written and refused.
/// Without it, the sequence of a seed is the one the round-trip test pins.
struct RandomTranscriptEvents {
    var random: SeededRandom
    /// Whether values outside ``MessageLimits`` are drawn too.
    let extremes: Bool

    init(seed: UInt64, extremes: Bool = false) {
        random = SeededRandom(seed: seed)
        self.extremes = extremes
    }

    /// Every control character U+0000–U+001F, in one piece.
    static let controls = String(String.UnicodeScalarView((0..<0x20).compactMap { Unicode.Scalar(UInt32($0)) }))

    static let pieces = [
        "", "a", "Zoë", "😀", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "<b>", "&amp;", "中文",
        controls, "\r\n", "\u{8}\u{C}\u{B}", "e\u{301}", "\u{301}", "\u{2029}", "\u{FEFF}", "𝄞", "👩‍👩‍👧", "\u{10FFFF}", "\u{FFFD}",
        "\\u0041", "\\\"", "key\":", "\u{E9}",
    ]
    /// The edges of `Int`, and of the limits on reaction counts, media sizes and pixels.
    static let edges = [Int.min, Int.min + 1, -1, 0, 1, Int(Int32.max), Int(Int32.max) + 1, 1 << 31, (1 << 31) + 1, 1 << 53, Int.max]
    static let flavors: [Content.Flavor] = [.plain, .discordMarkdown, .slackMrkdwn, .whatsapp, .spans, .commonMark, .html]
    static let kinds: [Message.Kind] = [
        .default, .reply, .deleted, .memberJoined, .memberLeft, .channelRenamed, .channelPinned, .threadCreated, .call, .system,
    ]

    /// The next event: one of the six kinds, equally often.
    mutating func next() -> TranscriptEvent {
        let channel = ChannelID(identifier()), id = MessageID(identifier())
        switch random.below(6) {
        case 0: return .message(message(channel: channel, id: id))
        case 1:
            let flavor = coin() ? pick(Self.flavors) : nil, text = text(), spans = (0..<count()).map { _ in span(in: text) }
            return .edit(channel: channel, id: id, text: text, flavor: flavor, spans: spans, edited: optionalTimestamp())
        case 2: return .append(channel: channel, id: id, text: text())
        case 3: return .delete(channel: channel, id: id)
        case 4: return .reactionAdd(channel: channel, id: id, reaction: reaction())
        default: return .reactionRemove(channel: channel, id: id, reaction: reaction())
        }
    }

    /// A message with every field of a `message` record set or left out at random.
    mutating func message(channel: ChannelID, id: MessageID) -> Message {
        let author = Author(
            id: AuthorID(identifier()), name: text(), displayName: optionalText(), avatarURL: optionalText(), color: optionalText(),
            isBot: coin())
        var message = Message(
            id: id, channel: channel, author: author, timestamp: timestamp(), editedTimestamp: optionalTimestamp(),
            kind: pick(Self.kinds), content: Content(text: text(), flavor: pick(Self.flavors)), isPinned: coin())
        message.content.spans = (0..<count()).map { _ in span(in: message.content.text) }
        message.attachments = (0..<count()).map { _ in attachment() }
        message.embeds = (0..<count()).map { _ in embed() }
        message.stickers = (0..<count()).map { _ in Sticker(id: text(), name: text(), format: text(), url: optionalText()) }
        message.reactions = (0..<count()).map { _ in reaction() }
        message.mentions = (0..<count()).map { _ in Mention(id: AuthorID(text()), name: text()) }
        if coin() { message.reply = ReplyReference(messageID: MessageID(text()), channelID: coin() ? ChannelID(text()) : nil) }
        if coin() {
            message.forwardedFrom = ForwardOrigin(
                authorName: optionalText(), channelName: optionalText(), timestamp: optionalTimestamp(), url: optionalText())
        }
        message.viaBot = optionalText()
        message.thread = coin() ? ChannelID(text()) : nil
        message.isOutgoing = coin() ? coin() : nil
        return message
    }

    mutating func attachment() -> Attachment {
        var attachment = Attachment(id: text(), url: text(), fileName: text(), description: optionalText())
        attachment.sizeBytes = coin() ? Int64(integer(random.below(1 << 30))) : nil
        attachment.width = coin() ? integer(random.below(5000)) : nil
        attachment.height = coin() ? integer(random.below(5000)) : nil
        attachment.contentType = optionalText()
        attachment.omission = optionalText()
        return attachment
    }

    mutating func embed() -> Embed {
        var embed = Embed(
            title: optionalText(), url: optionalText(), description: optionalText(), color: optionalText(), authorName: optionalText(),
            thumbnailURL: optionalText(), footer: optionalText())
        embed.imageURLs = (0..<count()).map { _ in text() }
        embed.fields = (0..<count()).map { _ in Embed.Field(name: text(), value: text(), isInline: coin()) }
        embed.flavor = coin() ? pick(Self.flavors) : nil
        return embed
    }

    /// A reaction; the count is 1 (the record's default, left out) half the time, else 1…12.
    mutating func reaction() -> Reaction {
        let emoji = text(), emojiID = optionalText(), imageURL = optionalText()
        return Reaction(emoji: "e" + emoji, emojiID: emojiID, imageURL: imageURL, count: coin() ? 1 : integer(random.below(12) + 1))
    }

    /// A span inside `text` (``MessageValidator`` refuses any other).
    mutating func span(in text: String) -> FormatSpan {
        let kind = pick([FormatSpan.Kind.bold, .code, .pre, .textLink, .customEmoji])
        let units = text.utf16.count
        let offset = random.below(units + 1)
        return FormatSpan(kind: kind, offset: integer(offset), length: integer(random.below(units - offset + 1)), value: optionalText())
    }

    /// A non-empty identifier (with `extremes`, now and then an empty one).
    mutating func identifier() -> String { extremes && random.chance(2) ? "" : "i" + text() }

    /// An instant from 1970 to the end of 9999 (RFC 3339 has four year digits); with `extremes`,
    /// now and then any `Int64`.
    mutating func timestamp() -> Timestamp {
        if extremes, random.chance(5) { return Timestamp(milliseconds: Int64(bitPattern: random.next())) }
        return Timestamp(milliseconds: Int64(random.next() % 253_402_300_800_000))
    }

    /// `typical`, or with `extremes` now and then an edge of `Int` or of a limit.
    mutating func integer(_ typical: Int) -> Int { extremes && random.chance(10) ? pick(Self.edges) : typical }

    mutating func optionalTimestamp() -> Timestamp? { coin() ? timestamp() : nil }

    /// Zero to four pieces.
    mutating func text() -> String { (0..<random.below(5)).map { _ in pick(Self.pieces) }.joined() }

    mutating func optionalText() -> String? { coin() ? text() : nil }

    mutating func pick<T>(_ values: [T]) -> T { values[random.below(values.count)] }

    /// Heads or tails.
    mutating func coin() -> Bool { random.chance(50) }

    /// The length of a list: 0 half the time, else 1 or 2.
    mutating func count() -> Int { [0, 0, 1, 2][random.below(4)] }
}
