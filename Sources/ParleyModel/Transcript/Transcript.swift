/// A chat history: channels, their messages and the names that message markup refers to.
///
/// Importers produce one; the chat layout and the renderers read it. Messages are kept per
/// channel in the order the source gave them; the layout orders them for display.
public struct Transcript: Hashable, Sendable, Codable {
    /// A title for the whole transcript (a server, workspace or account name).
    public var title: String
    /// Channels in source order, each with its messages.
    public var channels: [Channel]
    /// Resolves mentions and custom emoji in message content to display names.
    public var directory: Directory

    public init(title: String, channels: [Channel] = [], directory: Directory = Directory()) {
        self.title = title
        self.channels = channels
        self.directory = directory
    }

    /// The number of messages in all channels.
    public var messageCount: Int { channels.reduce(0) { $0 + $1.messages.count } }
}
