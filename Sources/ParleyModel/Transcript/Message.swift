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

    /// The message's fields, in one box that copies of the message share until one of them
    /// changes (copy-on-write): a copy retains one reference, not each of the twenty-odd strings
    /// and arrays, and the importers, the archive's intake and the page renderer copy every message
    /// several times (measured: 10–18 % of the WhatsApp reader's thread and 5 % of the page
    /// renderers' time went to copying and destroying the fields).
    @usableFromInline var storage: Storage

    /// The stored fields of a message: what ``Message`` encodes, compares and hashes.
    @usableFromInline struct Fields: Hashable, Sendable, Codable {
        @usableFromInline var id: MessageID
        @usableFromInline var channel: ChannelID
        @usableFromInline var author: Author
        @usableFromInline var timestamp: Timestamp
        @usableFromInline var editedTimestamp: Timestamp?
        @usableFromInline var kind: Kind
        @usableFromInline var content: Content
        @usableFromInline var attachments: [Attachment]
        @usableFromInline var embeds: [Embed]
        @usableFromInline var stickers: [Sticker]
        @usableFromInline var reactions: [Reaction]
        @usableFromInline var mentions: [Mention]
        @usableFromInline var reply: ReplyReference?
        @usableFromInline var isPinned: Bool
        @usableFromInline var forwardedFrom: ForwardOrigin?
        @usableFromInline var thread: ChannelID?
        @usableFromInline var viaBot: String?
        @usableFromInline var isOutgoing: Bool?
        @usableFromInline var threadRoot: MessageID?
        @usableFromInline var threadReplies: [MessageID]?
    }

    /// The box of a message's ``Fields``. Changed only through ``Message/uniqueStorage()``,
    /// when no other message holds it, hence `@unchecked Sendable`.
    @usableFromInline final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var fields: Fields

        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    /// The storage, copied first when another message shares it.
    @inlinable mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    @inlinable public var id: MessageID {
        get { storage.fields.id }
        _modify { yield &uniqueStorage().fields.id }
    }

    @inlinable public var channel: ChannelID {
        get { storage.fields.channel }
        _modify { yield &uniqueStorage().fields.channel }
    }

    @inlinable public var author: Author {
        get { storage.fields.author }
        _modify { yield &uniqueStorage().fields.author }
    }

    /// When the message was sent (UTC, milliseconds).
    @inlinable public var timestamp: Timestamp {
        get { storage.fields.timestamp }
        _modify { yield &uniqueStorage().fields.timestamp }
    }

    /// When the message was last edited (UTC, milliseconds), if it was.
    @inlinable public var editedTimestamp: Timestamp? {
        get { storage.fields.editedTimestamp }
        _modify { yield &uniqueStorage().fields.editedTimestamp }
    }

    @inlinable public var kind: Kind {
        get { storage.fields.kind }
        _modify { yield &uniqueStorage().fields.kind }
    }

    @inlinable public var content: Content {
        get { storage.fields.content }
        _modify { yield &uniqueStorage().fields.content }
    }

    @inlinable public var attachments: [Attachment] {
        get { storage.fields.attachments }
        _modify { yield &uniqueStorage().fields.attachments }
    }

    @inlinable public var embeds: [Embed] {
        get { storage.fields.embeds }
        _modify { yield &uniqueStorage().fields.embeds }
    }

    @inlinable public var stickers: [Sticker] {
        get { storage.fields.stickers }
        _modify { yield &uniqueStorage().fields.stickers }
    }

    @inlinable public var reactions: [Reaction] {
        get { storage.fields.reactions }
        _modify { yield &uniqueStorage().fields.reactions }
    }

    /// Users mentioned, in source order.
    @inlinable public var mentions: [Mention] {
        get { storage.fields.mentions }
        _modify { yield &uniqueStorage().fields.mentions }
    }

    /// The message this one replies to, if any.
    @inlinable public var reply: ReplyReference? {
        get { storage.fields.reply }
        _modify { yield &uniqueStorage().fields.reply }
    }

    @inlinable public var isPinned: Bool {
        get { storage.fields.isPinned }
        _modify { yield &uniqueStorage().fields.isPinned }
    }

    /// Where the message was forwarded from, if it is a forwarded copy.
    @inlinable public var forwardedFrom: ForwardOrigin? {
        get { storage.fields.forwardedFrom }
        _modify { yield &uniqueStorage().fields.forwardedFrom }
    }

    /// The thread this message started (a thread starter or `threadCreated` event), if any.
    @inlinable public var thread: ChannelID? {
        get { storage.fields.thread }
        _modify { yield &uniqueStorage().fields.thread }
    }

    /// The inline bot the message was sent through (Telegram `via_bot`, e.g. `@gif`), if any.
    @inlinable public var viaBot: String? {
        get { storage.fields.viaBot }
        _modify { yield &uniqueStorage().fields.viaBot }
    }

    /// True when the exporting user sent the message (a sent SMS, `--me` in a WhatsApp chat),
    /// false when they received it; nil when the source does not say.
    @inlinable public var isOutgoing: Bool? {
        get { storage.fields.isOutgoing }
        _modify { yield &uniqueStorage().fields.isOutgoing }
    }

    /// The first message of the thread this message replies in (Slack `thread_ts`); nil outside
    /// a thread and on the thread's first message itself.
    @inlinable public var threadRoot: MessageID? {
        get { storage.fields.threadRoot }
        _modify { yield &uniqueStorage().fields.threadRoot }
    }

    /// On a thread's first message: the replies gathered under it, in time order; nil otherwise.
    @inlinable public var threadReplies: [MessageID]? {
        get { storage.fields.threadReplies }
        _modify { yield &uniqueStorage().fields.threadReplies }
    }

    public init(
        id: MessageID, channel: ChannelID, author: Author, timestamp: Timestamp,
        editedTimestamp: Timestamp? = nil, kind: Kind = .default, content: Content,
        attachments: [Attachment] = [], embeds: [Embed] = [], stickers: [Sticker] = [],
        reactions: [Reaction] = [], mentions: [Mention] = [], reply: ReplyReference? = nil,
        isPinned: Bool = false
    ) {
        storage = Storage(
            Fields(
                id: id,
                channel: channel,
                author: author,
                timestamp: timestamp,
                editedTimestamp: editedTimestamp,
                kind: kind,
                content: content,
                attachments: attachments,
                embeds: embeds,
                stickers: stickers,
                reactions: reactions,
                mentions: mentions,
                reply: reply,
                isPinned: isPinned,
                forwardedFrom: nil,
                thread: nil,
                viaBot: nil,
                isOutgoing: nil,
                threadRoot: nil,
                threadReplies: nil))
    }

    public init(from decoder: any Decoder) throws { storage = Storage(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try storage.fields.encode(to: encoder) }

    public static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }
}
