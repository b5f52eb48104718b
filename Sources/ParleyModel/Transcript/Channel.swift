/// A channel, direct conversation or thread, with its messages.
public struct Channel: Hashable, Sendable, Codable, Identifiable {
    /// What sort of conversation a channel is.
    public enum Kind: String, Hashable, Sendable, Codable {
        case text, thread, direct, group, voice, announcement, other
    }

    public var id: ChannelID
    public var name: String
    /// The channel's topic or description, if the source has one.
    public var topic: String?
    public var kind: Kind
    /// The category or parent the channel sits under (a Discord category, a thread's channel).
    public var category: String?
    /// The server or workspace the channel belongs to (a Discord guild's name), when the source
    /// names one; channels of several servers read together keep theirs apart.
    public var guild: String?
    /// For a thread: the channel it was started in, when the source says.
    public var parent: ChannelID?
    /// Messages in source order.
    public var messages: [Message]
    /// Where this channel leaves another as an alternative branch (a ChatGPT regenerated answer
    /// or edited prompt); nil for an ordinary channel.
    public var branchPoint: BranchPoint?
    /// The ids earlier versions of Parley gave this channel, or the channel some of its messages
    /// were in (a Telegram forum topic's messages were in its group's channel), oldest first;
    /// empty for a channel that always had its id. An archive made by an earlier version moves
    /// the messages it holds under one of these ids, and the same message id, to this channel, and
    /// the pages of a former channel it retires redirect here (`docs/ARCHIVE-STORE.md`).
    public var formerIDs: [ChannelID] = []
    /// The app the channel's messages were exported from, when known (nil for a channel posted to
    /// `parley serve` or read from a Parley JSON Lines file that names none).
    public var platform: Platform?

    public init(
        id: ChannelID, name: String, topic: String? = nil, kind: Kind = .text,
        category: String? = nil, messages: [Message] = []
    ) {
        self.id = id
        self.name = name
        self.topic = topic
        self.kind = kind
        self.category = category
        self.messages = messages
    }
}
