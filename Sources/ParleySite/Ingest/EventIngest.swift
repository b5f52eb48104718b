import Foundation
import ParleyEventCodec
import ParleyLive
import ParleyModel
import ParleyServer
import ParleyStore
import Synchronization

/// Where every change of a live channel goes: posted Parley JSON Lines bodies (``post(_:to:)``,
/// the server's ``IngestEndpoint``) and events made in the process (``ingest(_:to:)``, the
/// `--demo` simulation) take the same path. With an ``EventStore`` the events are committed
/// first and applied at the database's version; without one they are applied at the channel's
/// version plus one. With a log that other servers share (``SharedEventLog``), each commit first
/// applies the events they committed since this server's version, and ``follow(_:)`` applies
/// the rest as they are announced.
///
/// All or nothing per batch: an event for another channel or one that cannot apply (an unknown
/// message) rejects the whole batch before anything is stored. Batches are serialized (one lock
/// around check, commit and apply), so they apply in version order; batches that wait for the
/// lock are committed together, in one transaction and one patch batch (group commit).
public final class EventIngest: IngestEndpoint {
    /// Where accepted events are committed; its per-channel versions are the batches' versions.
    let store: (any EventLog)?
    /// The options of a channel created by a post to an unknown channel id (`--create-channels`;
    /// the id is also its name); nil refuses such a post.
    let newChannels: LiveOptions?
    /// Renders the live page of a created channel.
    let pages: LivePageRenderer
    /// The live channels by id, including those created by posts.
    let channels: Mutex<[ChannelID: LiveServedChannel]>
    /// The server's registry, where created channels are added (``connect(_:)``).
    let registrar = Mutex<(any ChannelRegistrar)?>(nil)
    /// Held by the one group commit at work.
    let order = Mutex<Void>(())
    /// Batches waiting for the next group commit, in arrival order.
    let waiting = Mutex<[WaitingBatch]>([])
    /// Whether ``follow(_:)`` runs: channels created from now on are followed too.
    let isFollowing = Atomic<Bool>(false)

    /// Ingest into `channels`, committing to `store` when there is one; `newChannels` lets a
    /// post create a channel (rendered by `pages`).
    public init(channels: [LiveServedChannel], store: (any EventLog)?, newChannels: LiveOptions? = nil, pages: LivePageRenderer) {
        self.store = store
        self.newChannels = newChannels
        self.pages = pages
        self.channels = Mutex(Dictionary(channels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Adds the channels a post creates to `registrar` from now on.
    public func connect(_ registrar: any ChannelRegistrar) { self.registrar.withLock { $0 = registrar } }

    /// Whether a batch for `id` may go on: the channel is live, or it may be created.
    public func accepts(_ id: ChannelID) -> Bool {
        channels.withLock { $0[id] != nil } || newChannels != nil
    }

    /// Changes channel `id` with `events` made in this process (the `--demo` simulation) the way
    /// a post does: with a database the events are written as their JSON Lines records,
    /// committed and applied at the database's version, under the same lock as posts, so a
    /// restart rebuilds them. All or nothing. An empty batch changes nothing.
    /// - Returns: the channel's version after the batch (the database's version of its last event).
    /// - Throws: ``IngestError/foreignEvent(index:channel:expected:)``,
    ///   ``IngestError/unknownChannel(_:)``, ``IngestError/rejected(index:_:)``; with a database
    ///   also ``IngestError/unencodable(index:_:)``, ``IngestError/storeFailed(_:)``,
    ///   ``IngestError/notApplied(version:_:)``.
    /// - Complexity: O(events), plus one synchronous commit with a database.
    @discardableResult
    public func ingest(_ events: [TranscriptEvent], to id: ChannelID) throws(IngestError) -> Int {
        guard !events.isEmpty else {
            guard let live = channels.withLock({ $0[id] }) else { throw .unknownChannel(id) }
            return live.version
        }
        var records: [String] = []
        if store != nil {
            for (index, event) in events.enumerated() {
                do throws(EventRecordEncoder.Failure) {
                    records.append(String(decoding: try EventRecordEncoder().encode(event), as: UTF8.self))
                } catch {
                    throw .unencodable(index: index, error)
                }
            }
        }
        return try commit(events, records: records, to: id)
    }

    /// Checks `events` (all for `id`), commits `records` (one per event, with a database) and
    /// applies the events at the database's version. Batches that arrive while another commit
    /// holds the lock are committed together (see ``commitWaiting()``). Creates the channel when
    /// ``newChannels`` allows it and the events apply to an empty one.
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

    /// The live channel `id`, or a new one when ``newChannels`` allows it, `events` apply to an
    /// empty channel, the database registers it (so a rejected first batch creates nothing) and
    /// the server takes it. Call with ``order`` held.
    func liveChannel(_ id: ChannelID, for events: [TranscriptEvent]) throws(IngestError) -> LiveServedChannel {
        if let live = channels.withLock({ $0[id] }) { return live }
        guard let options = newChannels else { throw .unknownChannel(id) }
        guard LiveServedChannel.isCreatable(id) else { throw .uncreatableChannel(id) }
        let created = LiveServedChannel(channel: Channel(id: id, name: id.rawValue), directory: Directory(), options: options, pages: pages)
        if let (index, error) = created.firstFailure(in: events) { throw .rejected(index: index, error) }
        if let store {
            do {
                _ = try created.restore(from: store)
            } catch {
                throw .storeFailed(error.description)
            }
        }
        created.isFollowed.store(isFollowing.load(ordering: .relaxed), ordering: .relaxed)
        guard registrar.withLock({ $0?.register(created) ?? false }) else { throw .unknownChannel(id) }
        channels.withLock { $0[id] = created }
        return created
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
