import ParleyLayout
import ParleyModel

/// A channel's messages as the page planner (``ChannelPlan``) reads them: each message's order
/// key and digest (``ArchiveEntry``), and which messages reply to which, within a span of time, so
/// that two threads may each plan a part of a channel.
///
/// Times are UTC milliseconds; a span is closed, so `Int64.min ... Int64.max` is every message.
/// One value is used by one thread.
public protocol EntrySource {
    /// The times of `channel`'s first and last messages, nil when it has none.
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` when the source cannot be read.
    func timeSpan(of channel: ChannelID) throws(RenderError) -> ClosedRange<Int64>?

    /// Whether `channel` holds more than `count` messages.
    /// - Complexity: O(`count`) at most.
    /// - Throws: ``RenderError/cannotRead(path:reason:)``.
    func holdsMessages(in channel: ChannelID, moreThan count: Int) throws(RenderError) -> Bool

    /// Calls `body` with every message of `channel` whose time is within `times`, in display
    /// order (``MessageOrderKey``).
    /// - Throws: ``RenderError/cannotRead(path:reason:)``.
    func forEachEntry(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (ArchiveEntry) -> Void) throws(RenderError)

    /// The last message of `channel` in display order whose time is before `time`, if any.
    /// - Throws: ``RenderError/cannotRead(path:reason:)``.
    func entry(in channel: ChannelID, before time: Int64) throws(RenderError) -> ArchiveEntry?

    /// Calls `body` with every message of `channel` whose time is within `times` and that replies
    /// to another message of `channel` the source has: the reply's key and its target's entry, in
    /// the replies' display order.
    /// - Throws: ``RenderError/cannotRead(path:reason:)``.
    func forEachReply(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (MessageOrderKey, ArchiveEntry) -> Void)
        throws(RenderError)
}
