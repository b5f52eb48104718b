/// One change to a transcript: what a Parley JSON Lines event record (`docs/FORMAT.md`) or a
/// bot's `POST /c/{channel}/events` body says, as a value.
///
/// Every case names its channel and message. ``Transcript/apply(_:)`` applies an event;
/// applying the events of a file in order rebuilds its transcript.
public enum TranscriptEvent: Hashable, Sendable, Codable {
    /// Creates a message in ``Message/channel``; a message with the same id is replaced (a
    /// re-sent create is idempotent).
    case message(Message)
    /// Replaces a message's text. A nil `flavor` keeps the message's flavor; `spans` replace its
    /// formatting spans. `edited` is the edit time (UTC); nil means unknown: the message's
    /// previous edit time, or its send time, is kept as the edit time (the live server fills in
    /// the time it received the event instead).
    case edit(
        channel: ChannelID, id: MessageID, text: String, flavor: Content.Flavor?, spans: [FormatSpan], edited: Timestamp?)
    /// Appends `text` to a message's text (a reply streamed token by token); not an edit.
    case append(channel: ChannelID, id: MessageID, text: String)
    /// Removes a message.
    case delete(channel: ChannelID, id: MessageID)
    /// Adds `reaction.count` to the reaction with the same emoji (and emoji id), creating it.
    case reactionAdd(channel: ChannelID, id: MessageID, reaction: Reaction)
    /// Subtracts `reaction.count` from the reaction with the same emoji (and emoji id); a
    /// reaction that reaches 0 disappears.
    case reactionRemove(channel: ChannelID, id: MessageID, reaction: Reaction)

    /// The channel the event changes.
    public var channel: ChannelID {
        switch self {
        case let .message(message): return message.channel
        case let .edit(channel, _, _, _, _, _), let .append(channel, _, _), let .delete(channel, _),
            let .reactionAdd(channel, _, _), let .reactionRemove(channel, _, _):
            return channel
        }
    }

    /// The message the event creates or changes.
    public var messageID: MessageID {
        switch self {
        case let .message(message): return message.id
        case let .edit(_, id, _, _, _, _), let .append(_, id, _), let .delete(_, id), let .reactionAdd(_, id, _),
            let .reactionRemove(_, id, _):
            return id
        }
    }
}
