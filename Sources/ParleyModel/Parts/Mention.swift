/// A user mentioned by a message.
public struct Mention: Hashable, Sendable, Codable {
    public var id: AuthorID
    public var name: String

    public init(id: AuthorID, name: String) {
        self.id = id
        self.name = name
    }
}

/// The message a reply refers to; the referenced message may be missing from the transcript.
public struct ReplyReference: Hashable, Sendable, Codable {
    public var messageID: MessageID
    /// The channel of the referenced message, when the source names it.
    public var channelID: ChannelID?

    public init(messageID: MessageID, channelID: ChannelID? = nil) {
        self.messageID = messageID
        self.channelID = channelID
    }
}

/// A custom emoji: its name and image.
public struct CustomEmoji: Hashable, Sendable, Codable {
    public var name: String
    public var imageURL: String?
    public var isAnimated: Bool

    public init(name: String, imageURL: String? = nil, isAnimated: Bool = false) {
        self.name = name
        self.imageURL = imageURL
        self.isAnimated = isAnimated
    }
}
