import ParleyImport
import ParleyModel

/// A sink that records what it is handed, in order: each message with its channel (copies of one
/// id kept apart, unlike ``CollectingSink``).
final class RecordingSink: MessageSink {
    private(set) var received: [(message: Message, channel: Channel)] = []

    func accept(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?) {
        received.append((message, channel))
    }

    /// The messages received for `channel`, in order.
    func messages(of channel: ChannelID) -> [Message] { received.filter { $0.channel.id == channel }.map(\.message) }
}
