/// One message of a channel, with everything a renderer shows of it.
public struct Message: Hashable, Sendable, Codable, Identifiable {
    /// What a message is: ordinary, a reply, a message its author deleted, or an event the
    /// platform wrote.
    public enum Kind: String, Hashable, Sendable, Codable {
        case `default`, reply
        /// A message deleted on the platform that the export still lists, its text the platform's
        /// marker (WhatsApp's "This message was deleted", a Slack tombstone, a Matrix redaction).
        case deleted
        case memberJoined, memberLeft, channelRenamed, channelPinned, threadCreated, call, system

        /// True for messages the platform wrote about an event (they never join a group).
        public var isSystem: Bool { self != .default && self != .reply && self != .deleted }
    }

    public var id: MessageID
    public var channel: ChannelID
    public var author: Author
    /// When the message was sent (UTC, milliseconds).
    public var timestamp: Timestamp
    /// When the message was last edited (UTC, milliseconds), if it was.
    public var editedTimestamp: Timestamp?
    public var kind: Kind
    public var content: Content
    public var attachments: [Attachment]
    public var embeds: [Embed]
    public var stickers: [Sticker]
    public var reactions: [Reaction]
    /// Users mentioned, in source order.
    public var mentions: [Mention]
    /// The message this one replies to, if any.
    public var reply: ReplyReference?
    public var isPinned: Bool
    /// Where the message was forwarded from, if it is a forwarded copy.
    public var forwardedFrom: ForwardOrigin?
    /// The thread this message started (a thread starter or `threadCreated` event), if any.
    public var thread: ChannelID?
    /// The inline bot the message was sent through (Telegram `via_bot`, e.g. `@gif`), if any.
    public var viaBot: String?
    /// True when the exporting user sent the message (a sent SMS, `--me` in a WhatsApp chat),
    /// false when they received it; nil when the source does not say.
    public var isOutgoing: Bool?
    /// The first message of the thread this message replies in (Slack `thread_ts`); nil outside
    /// a thread and on the thread's first message itself.
    public var threadRoot: MessageID?
    /// On a thread's first message: the replies gathered under it, in time order; nil otherwise.
    public var threadReplies: [MessageID]?

    public init(
        id: MessageID, channel: ChannelID, author: Author, timestamp: Timestamp,
        editedTimestamp: Timestamp? = nil, kind: Kind = .default, content: Content,
        attachments: [Attachment] = [], embeds: [Embed] = [], stickers: [Sticker] = [],
        reactions: [Reaction] = [], mentions: [Mention] = [], reply: ReplyReference? = nil,
        isPinned: Bool = false
    ) {
        self.id = id
        self.channel = channel
        self.author = author
        self.timestamp = timestamp
        self.editedTimestamp = editedTimestamp
        self.kind = kind
        self.content = content
        self.attachments = attachments
        self.embeds = embeds
        self.stickers = stickers
        self.reactions = reactions
        self.mentions = mentions
        self.reply = reply
        self.isPinned = isPinned
    }
}
