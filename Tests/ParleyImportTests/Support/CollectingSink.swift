import ParleyImport
import ParleyModel

/// A ``MessageSink`` that keeps what it is handed, per channel in the order received; a later
/// copy of a message id replaces the earlier one in its place, as the archive's store and the
/// whole-file importers do.
final class CollectingSink: MessageSink {
    /// The channels in the order their first message came.
    private(set) var order: [ChannelID] = []
    /// Each channel's messages.
    private(set) var messages: [ChannelID: [Message]] = [:]
    /// How many messages were handed over, copies included.
    private(set) var received = 0
    private var positions: [ChannelID: [MessageID: Int]] = [:]

    func accept(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?) {
        received += 1
        if messages[channel.id] == nil { order.append(channel.id) }
        if let index = positions[channel.id]?[message.id] {
            messages[channel.id]?[index] = message
        } else {
            positions[channel.id, default: [:]][message.id] = messages[channel.id, default: []].count
            messages[channel.id, default: []].append(message)
        }
    }
}
