import ParleyLayout
import ParleyModel

/// Where an archive's messages come from when its pages are rendered: the archive's store (one
/// page's messages read at a time, so memory does not grow with the archive) or a transcript in
/// memory (``TranscriptSource``).
///
/// The writer plans a channel's pages from its entries (``entries``: each message's order key
/// and digest, then its replies), on two threads when the source opens a second reader
/// (``entryReader``), then reads the messages of the pages it renders (``runs(_:)``), a batch of
/// pages at a time. Calls come from one thread.
public protocol ArchiveSource {
    /// The archive's title.
    var title: String { get }
    /// The people, roles, channels and emoji messages mention.
    var directory: Directory { get }
    /// The channels in the archive's order, without their messages (id, name, topic).
    var channels: [Channel] { get }
    /// A digest of everything besides the messages that a page may show (title, directory,
    /// channels' names and topics), stable across runs; nil when the source keeps no digests
    /// (then every page is rendered).
    var headerDigest: UInt64? { get }

    /// How many messages the archive holds (for progress).
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` when the source cannot be read.
    func messageCount() throws(RenderError) -> Int

    /// The channels' entries, read on the calling thread.
    var entries: any EntrySource { get }

    /// Opens another reader of the same entries, which one other thread may read while this
    /// source is read; nil when the source has none (then each channel is planned on one thread).
    var entryReader: (@Sendable () throws(RenderError) -> any EntrySource)? { get }

    /// The messages of each requested run, with their neighbours and the messages they reply to.
    /// A message whose stored record does not read back is shown by its notice
    /// (``UnreadableRecord/notice(channel:id:timestamp:)``, listed in the run's
    /// ``MessageRun/unreadable``); a reply target that does not is left out.
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` when the source cannot be read.
    func runs(_ requests: [MessageRun.Request]) throws(RenderError) -> [MessageRun]

    /// Every colour messages use (authors' and embeds'), each at least once, in any order.
    /// - Throws: ``RenderError/cannotRead(path:reason:)``.
    func colors() throws(RenderError) -> [String]
}

/// One message as the page planner sees it: where it sorts, and a digest of its content.
public struct ArchiveEntry: Hashable, Sendable {
    /// Where the message sorts in its channel.
    public var key: MessageOrderKey
    /// A digest of everything the message shows (its stored record), stable across runs; nil when
    /// the source keeps none.
    public var digest: UInt64?
    /// Whether the message references a local media file (not an `http(s)` URL): its page is
    /// rendered on every run that resolves media, since the file may have changed.
    public var hasLocalMedia: Bool

    public init(key: MessageOrderKey, digest: UInt64?, hasLocalMedia: Bool) {
        self.key = key
        self.digest = digest
        self.hasLocalMedia = hasLocalMedia
    }
}

/// A run of consecutive messages of one channel, as a page shows them.
public struct MessageRun: Sendable {
    /// Which run to read: `count` messages of `channel` from the one whose key is `first`.
    public struct Request: Hashable, Sendable {
        public var channel: ChannelID
        public var first: MessageOrderKey
        public var count: Int
    }

    /// The message just before the run in display order, if any (it decides the first message's
    /// group position and whether its day starts on this page).
    public var before: Message?
    /// The run's messages in display order.
    public var messages: [Message]
    /// The message just after the run, if any (it decides the last message's group position).
    public var after: Message?
    /// The messages of the channel that the run's messages reply to.
    public var replyTargets: [Message]
    /// The run's messages whose records do not read back, in display order: ``messages`` holds
    /// their notices.
    public var unreadable: [UnreadableRecord]

    public init(before: Message?, messages: [Message], after: Message?, replyTargets: [Message], unreadable: [UnreadableRecord] = []) {
        self.before = before
        self.messages = messages
        self.after = after
        self.replyTargets = replyTargets
        self.unreadable = unreadable
    }
}

extension ArchiveEntry {
    /// Whether `message` references a local media file (its author's avatar, an attachment,
    /// sticker, custom emoji reaction or embed image that is not a remote URL): what
    /// ``hasLocalMedia`` says of it.
    public static func referencesLocalMedia(_ message: Message) -> Bool { MediaStore.hasLocalMedia(message) }
}
