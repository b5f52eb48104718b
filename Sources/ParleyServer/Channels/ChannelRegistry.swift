import ParleyModel
import Synchronization

/// The served channels with their broadcasters, in the channel list's order, and the channel
/// list page. Fixed at start, except that the site's ``IngestEndpoint`` may add one (a post to an
/// unknown channel with `--create-channels`).
final class ChannelRegistry: ChannelRegistrar {
    /// A channel and the broadcaster of its batches.
    struct Entry: Sendable {
        let channel: any ServedChannel
        let broadcaster: Broadcaster
    }

    private struct State {
        var order: [ChannelID] = []
        var entries: [ChannelID: Entry] = [:]
        var index: Asset
    }

    private let state: Mutex<State>
    private let makeBroadcaster: @Sendable (any ServedChannel) -> Broadcaster
    private let renderIndex: @Sendable ([any ServedChannel]) -> Asset

    /// - Parameters:
    ///   - makeBroadcaster: the broadcaster of a channel, created when it is registered.
    ///   - renderIndex: the channel list page of the channels, in order; rendered again when
    ///     one is added.
    /// - Throws: ``ServerError/duplicateChannel(_:)`` when two channels share an id.
    init(
        _ channels: [any ServedChannel], makeBroadcaster: @escaping @Sendable (any ServedChannel) -> Broadcaster,
        renderIndex: @escaping @Sendable ([any ServedChannel]) -> Asset
    ) throws(ServerError) {
        self.makeBroadcaster = makeBroadcaster
        self.renderIndex = renderIndex
        var state = State(index: renderIndex(channels))
        for channel in channels {
            guard state.entries[channel.id] == nil else { throw .duplicateChannel(channel.id) }
            let entry = Entry(channel: channel, broadcaster: makeBroadcaster(channel))
            channel.attach(entry.broadcaster)
            state.order.append(channel.id)
            state.entries[channel.id] = entry
        }
        self.state = Mutex(state)
    }

    /// The channel with this id and its broadcaster.
    subscript(id: ChannelID) -> Entry? { state.withLock { $0.entries[id] } }

    /// Every broadcaster.
    var broadcasters: [Broadcaster] { state.withLock { $0.entries.values.map(\.broadcaster) } }

    /// The channel list page.
    var index: Asset { state.withLock(\.index) }

    /// Registers `channel`, attaches it to its new broadcaster and renders the channel list
    /// again; when a channel with its id exists, nothing changes.
    /// - Returns: whether `channel` was added.
    func register(_ channel: any ServedChannel) -> Bool {
        state.withLock { state in
            guard state.entries[channel.id] == nil else { return false }
            let entry = Entry(channel: channel, broadcaster: makeBroadcaster(channel))
            channel.attach(entry.broadcaster)
            state.order.append(channel.id)
            state.entries[channel.id] = entry
            state.index = renderIndex(state.order.compactMap { state.entries[$0]?.channel })
            return true
        }
    }
}
