import ParleyModel

/// A stored message whose record does not read back as a message (a store damaged outside
/// Parley). Its page shows ``notice(channel:id:timestamp:)`` in its place, so the page keeps its
/// messages' count, order and permalinks; the render names it in a warning, and its record stays
/// in the store as it is (the next render tries it again).
public struct UnreadableRecord: Hashable, Sendable {
    /// The message's channel and id, as the store's columns hold them.
    public var channel: ChannelID
    public var id: MessageID
    /// Why the record does not read back: the decoder's error, naming the store and what it
    /// expected where.
    public var reason: String
    /// The archive path of the page that shows the notice (``ArchiveWriter`` sets it).
    public var page = ""

    public init(channel: ChannelID, id: MessageID, reason: String) {
        self.channel = channel
        self.id = id
        self.reason = reason
    }

    /// The author of every notice: no platform's user (its id is not one a platform gives).
    static let noticeAuthor = Author(id: AuthorID(" parley"), name: "Parley", isBot: true)

    /// The message a page shows in place of message `id` of `channel`, sent at `timestamp`, whose
    /// record does not read back: a system message of Parley's saying so, with the message's id and
    /// time, so that its permalink and its place in the page stay.
    public static func notice(channel: ChannelID, id: MessageID, timestamp: Timestamp) -> Message {
        Message(
            id: id, channel: channel, author: noticeAuthor, timestamp: timestamp, kind: .system,
            content: Content(
                text: "This message could not be read from the archive's store. Its record is kept there as it is; "
                    + "parley render names it in a warning."))
    }
}
