import ParleyImport
import ParleyModel

/// A sink that keeps what it is handed, in order: each message with its channel.
final class CollectingSink: MessageSink {
    private(set) var received: [(message: Message, channel: Channel)] = []

    func accept(_ message: Message, in channel: Channel, at location: String) { received.append((message, channel)) }

    /// The messages received for `channel`, in order.
    func messages(of channel: ChannelID) -> [Message] { received.filter { $0.channel.id == channel }.map(\.message) }
}
