/// Where a forwarded message came from, as far as the source says.
public struct ForwardOrigin: Hashable, Sendable, Codable {
    /// The original author's name (Telegram `forwarded_from`, a Discord snapshot's author).
    public var authorName: String?
    /// The channel or chat the message was forwarded from.
    public var channelName: String?
    /// When the original was sent (UTC, milliseconds), if known.
    public var timestamp: Timestamp?
    /// A link to the original message, if the source has one.
    public var url: String?

    /// An origin with what the source names of it.
    public init(authorName: String? = nil, channelName: String? = nil, timestamp: Timestamp? = nil, url: String? = nil) {
        self.authorName = authorName
        self.channelName = channelName
        self.timestamp = timestamp
        self.url = url
    }
}
