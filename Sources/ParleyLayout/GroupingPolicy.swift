import ParleyModel

/// When consecutive messages of one author form a group.
///
/// A message starts a new group when its author id or shown name differs from the previous
/// message's, the gap to the previous message exceeds ``maximumGapMilliseconds``, the local day
/// changes, it is a reply, or either message is a system message. Only the previous message
/// is consulted, so appending a message changes at most the tail group.
public struct GroupingPolicy: Hashable, Sendable {
    /// The largest gap, in milliseconds, between two messages of one group.
    public var maximumGapMilliseconds: Int64

    public init(maximumGapMilliseconds: Int64) {
        self.maximumGapMilliseconds = maximumGapMilliseconds
    }

    /// DiscordChatExporter's rule: a gap of more than 7 minutes starts a new group.
    public static let discord = GroupingPolicy(maximumGapMilliseconds: 7 * 60 * 1000)

    /// Whether `message` continues the group of `previous` (both on `sameDay` or not).
    public func continues(_ message: Message, after previous: Message, sameDay: Bool) -> Bool {
        sameDay
            && !message.kind.isSystem && !previous.kind.isSystem
            && message.reply == nil && message.kind != .reply
            && message.author.id == previous.author.id
            && message.author.shownName == previous.author.shownName
            && message.timestamp.milliseconds - previous.timestamp.milliseconds <= maximumGapMilliseconds
    }
}
