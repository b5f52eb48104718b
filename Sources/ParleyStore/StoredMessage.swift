/// A message as an archive store keeps it: its channel and id, where it sorts (UTC milliseconds,
/// then a tie-break text that sorts by bytes), its edit time, the message it replies to, a digest
/// of its record, whether it references local media, the colours it uses, its Parley JSON
/// Lines `message` record, and a digest of the input's bytes it was read from, if known.
public struct StoredMessage: Hashable, Sendable {
    public var channel: String
    public var id: String
    /// When the message was sent, UTC milliseconds.
    public var timestamp: Int64
    /// The text that orders messages sent in the same millisecond (`MessageOrderKey`).
    public var tiebreak: String
    /// When the message was last edited, UTC milliseconds; nil when never.
    public var edited: Int64?
    /// The id of the message of the same channel this one replies to, if any.
    public var replyTo: String?
    /// A digest of `record` that is the same in every run (XXH3-64 of its UTF-8 bytes, seed 0; a
    /// row stored by an earlier Parley keeps its FNV-1a digest: see `docs/ARCHIVE-STORE.md`).
    public var digest: UInt64
    /// Whether the message references a local media file.
    public var hasLocalMedia: Bool
    /// The colours the message uses (its author's, its embeds'), as written in the record.
    public var colors: [String]
    /// The Parley JSON Lines `message` record, as its UTF-8 bytes (stored as `TEXT`).
    public var record: [UInt8]
    /// A digest of the input record the message was read from (its bytes and what its reading
    /// depended on: `docs/ARCHIVE-STORE.md`), for a later input to pass over the same record
    /// unread; nil when the importer gave none.
    public var sourceDigest: UInt64?

    public init(
        channel: String, id: String, timestamp: Int64, tiebreak: String, edited: Int64?, replyTo: String?, digest: UInt64,
        hasLocalMedia: Bool, colors: [String], record: [UInt8], sourceDigest: UInt64? = nil
    ) {
        self.channel = channel
        self.id = id
        self.timestamp = timestamp
        self.tiebreak = tiebreak
        self.edited = edited
        self.replyTo = replyTo
        self.digest = digest
        self.hasLocalMedia = hasLocalMedia
        self.colors = colors
        self.record = record
        self.sourceDigest = sourceDigest
    }
}
