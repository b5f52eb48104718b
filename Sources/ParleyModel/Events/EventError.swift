/// Why an event cannot be applied to a transcript. Readers of event streams add the place (a
/// file's line, a request) to the message.
public enum EventError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The event names a channel the transcript does not have.
    case unknownChannel(ChannelID)
    /// The event names a message its channel does not have.
    case unknownMessage(channel: ChannelID, id: MessageID)
    /// A `reaction_remove` names a reaction the message does not have.
    case unknownReaction(channel: ChannelID, id: MessageID, emoji: String)
    /// A reaction count that is not a positive whole number.
    case invalidCount(channel: ChannelID, id: MessageID, count: Int)
    /// Applying the event would take the message outside ``MessageLimits`` (an appended text
    /// past the longest text, a reaction's total past the largest count).
    case limitExceeded(channel: ChannelID, id: MessageID, problem: ValidationError)

    /// What went wrong and what was expected, for error messages.
    public var description: String {
        switch self {
        case let .unknownChannel(channel):
            return "no channel \"\(channel)\": expected a channel of the header"
        case let .unknownMessage(channel, id):
            return "no message \"\(id)\" in channel \"\(channel)\": expected an existing message"
        case let .unknownReaction(channel, id, emoji):
            return "message \"\(id)\" in channel \"\(channel)\" has no \(emoji) reaction to remove"
        case let .invalidCount(channel, id, count):
            return "reaction count \(count) on message \"\(id)\" in channel \"\(channel)\": expected a whole number above 0"
        case let .limitExceeded(channel, id, problem):
            return "message \"\(id)\" in channel \"\(channel)\" would leave its limits: \(problem)"
        }
    }
}
