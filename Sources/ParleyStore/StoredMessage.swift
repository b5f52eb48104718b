/// A message as an archive store keeps it: its channel and id, where it sorts (UTC milliseconds,
/// then a tie-break text that sorts by bytes), its edit time, the message it replies to, a digest
/// of its record, whether it references local media, the colours it uses, its Parley JSON
/// Lines `message` record, and a digest of the input's bytes it was read from, if known.
public struct StoredMessage: Hashable, Sendable {
    /// The row's fields, in one box that copies share until one of them changes (copy-on-write):
    /// a copy retains one reference, not each of its six strings and arrays, and the archive's
    /// intake copies every row out of the reader's entry, into a batch and through the insert
    /// (measured: 13 % of a fill's staging thread went to copying and destroying the fields).
    @usableFromInline var storage: Storage

    /// The stored fields of a row: what ``StoredMessage`` compares and hashes.
    @usableFromInline struct Fields: Hashable, Sendable {
        @usableFromInline var channel: String
        @usableFromInline var id: String
        @usableFromInline var timestamp: Int64
        @usableFromInline var tiebreak: String
        @usableFromInline var edited: Int64?
        @usableFromInline var replyTo: String?
        @usableFromInline var digest: UInt64
        @usableFromInline var hasLocalMedia: Bool
        @usableFromInline var colors: [String]
        @usableFromInline var record: [UInt8]
        @usableFromInline var sourceDigest: UInt64?
    }

    /// The box of a row's ``Fields``. Changed only through ``StoredMessage/uniqueStorage()``,
    /// when no other row holds it, hence `@unchecked Sendable`.
    @usableFromInline final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var fields: Fields

        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    /// The storage, copied first when another row shares it.
    @inlinable mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    @inlinable public var channel: String {
        get { storage.fields.channel }
        _modify { yield &uniqueStorage().fields.channel }
    }

    @inlinable public var id: String {
        get { storage.fields.id }
        _modify { yield &uniqueStorage().fields.id }
    }

    /// When the message was sent, UTC milliseconds.
    @inlinable public var timestamp: Int64 {
        get { storage.fields.timestamp }
        _modify { yield &uniqueStorage().fields.timestamp }
    }

    /// The text that orders messages sent in the same millisecond (`MessageOrderKey`).
    @inlinable public var tiebreak: String {
        get { storage.fields.tiebreak }
        _modify { yield &uniqueStorage().fields.tiebreak }
    }

    /// When the message was last edited, UTC milliseconds; nil when never.
    @inlinable public var edited: Int64? {
        get { storage.fields.edited }
        _modify { yield &uniqueStorage().fields.edited }
    }

    /// The id of the message of the same channel this one replies to, if any.
    @inlinable public var replyTo: String? {
        get { storage.fields.replyTo }
        _modify { yield &uniqueStorage().fields.replyTo }
    }

    /// A digest of `record` that is the same in every run (XXH3-64 of its UTF-8 bytes, seed 0; a
    /// row stored by an earlier Parley keeps its FNV-1a digest: see `docs/ARCHIVE-STORE.md`).
    @inlinable public var digest: UInt64 {
        get { storage.fields.digest }
        _modify { yield &uniqueStorage().fields.digest }
    }

    /// Whether the message references a local media file.
    @inlinable public var hasLocalMedia: Bool {
        get { storage.fields.hasLocalMedia }
        _modify { yield &uniqueStorage().fields.hasLocalMedia }
    }

    /// The colours the message uses (its author's, its embeds'), as written in the record.
    @inlinable public var colors: [String] {
        get { storage.fields.colors }
        _modify { yield &uniqueStorage().fields.colors }
    }

    /// The Parley JSON Lines `message` record, as its UTF-8 bytes (stored as `TEXT`).
    @inlinable public var record: [UInt8] {
        get { storage.fields.record }
        _modify { yield &uniqueStorage().fields.record }
    }

    /// A digest of the input record the message was read from (its bytes and what its reading
    /// depended on: `docs/ARCHIVE-STORE.md`), for a later input to pass over the same record
    /// unread; nil when the importer gave none.
    @inlinable public var sourceDigest: UInt64? {
        get { storage.fields.sourceDigest }
        _modify { yield &uniqueStorage().fields.sourceDigest }
    }

    public init(
        channel: String, id: String, timestamp: Int64, tiebreak: String, edited: Int64?, replyTo: String?, digest: UInt64,
        hasLocalMedia: Bool, colors: [String], record: [UInt8], sourceDigest: UInt64? = nil
    ) {
        storage = Storage(
            Fields(
                channel: channel, id: id, timestamp: timestamp, tiebreak: tiebreak, edited: edited, replyTo: replyTo, digest: digest,
                hasLocalMedia: hasLocalMedia, colors: colors, record: record, sourceDigest: sourceDigest))
    }

    public static func == (lhs: StoredMessage, rhs: StoredMessage) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }
}
