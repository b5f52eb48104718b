/// When consecutive messages of one author form a group: the rule of the source's own client.
///
/// A message starts a new group when its author id or shown name differs from the previous
/// message's, the gap to the previous message exceeds ``maximumGapMilliseconds``, the local day
/// changes, it is a reply, either message is a system message, or the two differ in forward
/// origin or in the inline bot they were sent through. Only the previous message is consulted,
/// so appending a message changes at most the tail group. Importers name the policy their
/// format implies (`ImportResult.groupingPolicy`).
public struct GroupingPolicy: Hashable, Sendable, Codable {
    /// The largest gap, in milliseconds, between two messages of one group.
    public var maximumGapMilliseconds: Int64

    /// A rule that allows gaps of up to `maximumGapMilliseconds` within a group.
    public init(maximumGapMilliseconds: Int64) {
        self.maximumGapMilliseconds = maximumGapMilliseconds
    }

    /// DiscordChatExporter's rule: a gap of more than 7 minutes starts a new group.
    public static let discord = GroupingPolicy(maximumGapMilliseconds: 7 * 60 * 1000)

    /// Telegram Desktop's rule: a gap of more than 15 minutes starts a new group
    /// (`kAttachMessageToPreviousSecondsDelta = 900` in telegramdesktop/tdesktop
    /// `history_view_element.cpp`), as does a change of forward origin or via-bot.
    public static let telegram = GroupingPolicy(maximumGapMilliseconds: 15 * 60 * 1000)

    /// Element's rule for Matrix rooms: a gap of more than 5 minutes starts a new group
    /// (`CONTINUATION_MAX_INTERVAL` in element-hq/element-web `MessagePanel.tsx`).
    public static let element = GroupingPolicy(maximumGapMilliseconds: 5 * 60 * 1000)

    /// Whether `message` continues the group of `previous` (both on `sameDay` or not).
    public func continues(_ message: Message, after previous: Message, sameDay: Bool) -> Bool {
        withUnsafePointer(to: message) { message in
            withUnsafePointer(to: previous) { continues(message, after: $0, sameDay: sameDay) }
        }
    }

    /// Whether the message at `message` continues the group of the one at `previous`, as
    /// ``continues(_:after:sameDay:)`` answers: for a caller reading messages in place (an
    /// array's buffer), which would otherwise copy each message to pass it.
    public func continues(_ message: UnsafePointer<Message>, after previous: UnsafePointer<Message>, sameDay: Bool) -> Bool {
        sameDay
            && !message.pointee.kind.isSystem && !previous.pointee.kind.isSystem
            && message.pointee.reply == nil && message.pointee.kind != .reply
            && message.pointee.author.id == previous.pointee.author.id
            && message.pointee.author.shownName == previous.pointee.author.shownName
            && message.pointee.forwardedFrom == previous.pointee.forwardedFrom && message.pointee.viaBot == previous.pointee.viaBot
            && message.pointee.timestamp.milliseconds - previous.pointee.timestamp.milliseconds <= maximumGapMilliseconds
    }
}
