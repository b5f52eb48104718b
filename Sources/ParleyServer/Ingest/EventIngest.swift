import Foundation
import ParleyEventCodec
import ParleyModel
import ParleyStore
import Synchronization

/// Commits events to the ``EventStore`` and only then applies them to their live channel with
/// the database's version: posted Parley JSON Lines bodies (``post(_:to:)``) and events made
/// in the process (``ingest(_:to:)``, the `--demo` simulation) take the same path.
///
/// All or nothing per batch: an event for another channel or one that cannot apply (an unknown
/// message) rejects the whole batch before anything is stored. Batches are serialized (one lock
/// around check, commit and apply), so they apply in version order; batches that wait for the
/// lock are committed together, in one transaction and one patch batch (group commit).
final class EventIngest: Sendable {
    let settings: IngestSettings
    let registry: ChannelRegistry
    /// Held by the one group commit at work.
    let order = Mutex<Void>(())
    /// Batches waiting for the next group commit, in arrival order.
    let waiting = Mutex<[WaitingBatch]>([])

    init(settings: IngestSettings, registry: ChannelRegistry) {
        self.settings = settings
        self.registry = registry
    }

    /// Whether a batch for `id` may go on: the channel is live, or it may be created.
    func accepts(_ id: ChannelID) -> Bool {
        registry[id]?.channel is LiveServedChannel || (settings.newChannels != nil && registry[id] == nil)
    }

    /// Commits `events` for channel `id`, each written as its JSON Lines record, then applies them.
    /// - Returns: the database's version of the last event.
    /// - Throws: as ``commit(_:records:to:)``, and ``IngestError/unencodable(index:_:)``.
    /// - Complexity: O(messages + events), plus one synchronous commit.
    func ingest(_ events: [TranscriptEvent], to id: ChannelID) throws(IngestError) -> Int {
        var records: [String] = []
        for (index, event) in events.enumerated() {
            do throws(EventRecordEncoder.Failure) {
                records.append(String(decoding: try EventRecordEncoder().encode(event), as: UTF8.self))
            } catch {
                throw .unencodable(index: index, error)
            }
        }
        return try commit(events, records: records, to: id)
    }

    /// Checks `events` (all for `id`), commits `records` (one per event) and applies the events
    /// at the database's version. Batches that arrive while another commit holds the lock are
    /// committed together (see ``commitWaiting()``). Creates the channel when
    /// ``IngestSettings/newChannels`` allows it and the events apply to an empty one.
    /// - Returns: the version at which the events became visible: the database's version of the
    ///   last event of the group commit that took them.
    /// - Throws: ``IngestError/foreignEvent(index:channel:expected:)``, ``IngestError/unknownChannel(_:)``,
    ///   ``IngestError/uncreatableChannel(_:)``, ``IngestError/rejected(index:_:)`` (nothing stored),
    ///   ``IngestError/storeFailed(_:)``, ``IngestError/notApplied(version:_:)``.
    func commit(_ events: [TranscriptEvent], records: [String], to id: ChannelID) throws(IngestError) -> Int {
        if let index = events.firstIndex(where: { $0.channel != id }) {
            throw .foreignEvent(index: index, channel: events[index].channel, expected: id)
        }
        let batch = WaitingBatch(channel: id, events: events, records: records)
        waiting.withLock { $0.append(batch) }
        order.withLock { _ in
            if !batch.isFinished { commitWaiting() }
        }
        return try batch.result()
    }

    /// The live channel `id`, or a new one when ``IngestSettings/newChannels`` allows it, `events`
    /// apply to an empty channel and the database registers it (so a rejected first batch
    /// creates nothing).
    func liveChannel(_ id: ChannelID, for events: [TranscriptEvent]) throws(IngestError) -> LiveServedChannel {
        if let live = registry[id]?.channel as? LiveServedChannel { return live }
        guard registry[id] == nil, let options = settings.newChannels else { throw .unknownChannel(id) }
        guard LiveServedChannel.isCreatable(id) else { throw .uncreatableChannel(id) }
        let created = LiveServedChannel(channel: Channel(id: id, name: id.rawValue), directory: Directory(), options: options)
        if let (index, error) = created.firstFailure(in: events) { throw .rejected(index: index, error) }
        do {
            try settings.store.createChannel(id.rawValue, header: created.storeHeader)
        } catch {
            throw .storeFailed(error.description)
        }
        guard let live = registry.add(created).entry.channel as? LiveServedChannel else { throw .unknownChannel(id) }
        return live
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
