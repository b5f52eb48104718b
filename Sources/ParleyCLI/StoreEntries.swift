import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyStore

/// The entries of an archive's store as the page planner reads them: each query of
/// ``EntrySource`` answered by the store's index in display order, with the store's failures as
/// ``RenderError/cannotRead(path:reason:)``.
struct StoreEntries: EntrySource {
    let store: ArchiveStore

    func timeSpan(of channel: ChannelID) throws(RenderError) -> ClosedRange<Int64>? {
        try reading { () throws(StoreError) in try store.timeSpan(channel: channel.rawValue) }
    }

    func holdsMessages(in channel: ChannelID, moreThan count: Int) throws(RenderError) -> Bool {
        try reading { () throws(StoreError) in try store.holdsMessages(channel: channel.rawValue, moreThan: count) }
    }

    func forEachEntry(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (ArchiveEntry) -> Void) throws(RenderError) {
        try reading { () throws(StoreError) in
            try store.forEachEntry(channel: channel.rawValue, during: times) { timestamp, tiebreak, digest, localMedia in
                body(
                    ArchiveEntry(key: MessageOrderKey(timestamp: timestamp, tiebreak: tiebreak), digest: digest, hasLocalMedia: localMedia))
            }
        }
    }

    func entry(in channel: ChannelID, before time: Int64) throws(RenderError) -> ArchiveEntry? {
        try reading { () throws(StoreError) in
            try store.entry(channel: channel.rawValue, before: time).map {
                ArchiveEntry(
                    key: MessageOrderKey(timestamp: $0.timestamp, tiebreak: $0.tiebreak), digest: $0.digest, hasLocalMedia: $0.localMedia)
            }
        }
    }

    func forEachReply(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (MessageOrderKey, ArchiveEntry) -> Void)
        throws(RenderError)
    {
        try reading { () throws(StoreError) in
            try store.forEachReply(channel: channel.rawValue, during: times) { timestamp, tiebreak, target in
                body(
                    MessageOrderKey(timestamp: timestamp, tiebreak: tiebreak),
                    ArchiveEntry(
                        key: MessageOrderKey(timestamp: target.timestamp, tiebreak: target.tiebreak), digest: target.digest,
                        hasLocalMedia: target.localMedia))
            }
        }
    }

    private func reading<T>(_ body: () throws(StoreError) -> T) throws(RenderError) -> T {
        do {
            return try body()
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
        }
    }
}
