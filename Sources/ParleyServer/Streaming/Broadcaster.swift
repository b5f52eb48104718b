import ParleyModel
import Synchronization

/// Sends one channel's patch batches to every open event stream of that channel, and keeps the
/// latest batches in a bounded replay ring for viewers that connect or reconnect.
///
/// Publishing frames the batch once (`id:` version, `event: patch`) and queues the shared bytes
/// on each viewer; it never waits for a viewer. A viewer whose queue passes its byte limit is
/// disconnected (its client reconnects with `Last-Event-ID` and resyncs); the others go on.
///
/// **Consistency.** The channel's ``ServedChannel/current()`` at version N plus every batch
/// published after N must equal the channel's latest state. Publish batches in version order
/// (one producer per channel), each right after the change it describes is visible to
/// `current()`.
public final class Broadcaster: Sendable {
    struct State {
        var ring: ReplayRing
        var viewers: [Viewer] = []
        var isClosed = false
    }

    /// The channel whose batches this broadcaster sends.
    public let channelID: ChannelID
    let state: Mutex<State>
    let metrics: ServerMetrics
    /// Bytes each viewer may have queued before it is dropped.
    let viewerBufferLimit: Int

    /// - Parameters:
    ///   - initialVersion: The channel's version when the server starts.
    ///   - replay: Bounds of the replay ring.
    ///   - viewerBufferLimit: Bytes a viewer may have queued (default 1 MiB).
    public init(
        channelID: ChannelID, initialVersion: Int, replay: ReplayLimits = ReplayLimits(), viewerBufferLimit: Int = 1 << 20,
        metrics: ServerMetrics = ServerMetrics()
    ) {
        self.channelID = channelID
        self.state = Mutex(State(ring: ReplayRing(initialVersion: initialVersion, limits: replay)))
        self.metrics = metrics
        self.viewerBufferLimit = viewerBufferLimit
    }

    /// The version of the last batch published (the initial version before any).
    public var latestVersion: Int { state.withLock(\.ring.latestVersion) }

    /// Event streams of this channel open now.
    public var viewerCount: Int {
        state.withLock { state in state.viewers.count { $0.phase == .streaming || $0.phase == .suspended } }
    }

    /// Sends the batch that takes the page from `base` to `version` to every viewer of the
    /// channel and keeps it for replay.
    /// - Parameters:
    ///   - json: The batch as compact JSON (`{"v":…,"base":…,"ops":[…]}`, see
    ///     docs/PATCH-PROTOCOL.md), sent as the event's data.
    ///   - publishedAt: When the change happened, in ``MonotonicClock`` nanoseconds; the send
    ///     latency histogram measures from it.
    /// - Throws: ``BroadcastError/versionNotIncreasing(version:latest:)`` when `version` is not
    ///   above ``latestVersion``; nothing is sent then. A `base` other than ``latestVersion`` is
    ///   accepted but empties the replay ring (clients see the gap and resync).
    /// - Complexity: O(v) for v viewers of the channel; no viewer can block it.
    public func publish(version: Int, base: Int, json: [UInt8], publishedAt: UInt64 = MonotonicClock.nanoseconds()) throws(BroadcastError) {
        let event = ServerSentEvents.event(id: version, type: "patch", data: json)
        let frame = Frame(event, publishedAt: publishedAt)
        var wakes: [ConnectionHandle] = []
        try state.withLock { state throws(BroadcastError) in
            let latest = state.ring.latestVersion
            guard version > latest else { throw .versionNotIncreasing(version: version, latest: latest) }
            state.ring.append(version: version, base: base, frame: Frame(event))
            wakes.reserveCapacity(state.viewers.count)
            state.viewers.removeAll { viewer in
                let delivery = viewer.deliver(frame, version: version, wakes: &wakes)
                return delivery == .dropped || delivery == .gone
            }
        }
        ConnectionHandle.resume(wakes, metrics: metrics)
        metrics.batches.add(1, ordering: .relaxed)
    }

    /// Queues `frame` (a heartbeat comment) on every viewer.
    func broadcast(_ frame: Frame) {
        var wakes: [ConnectionHandle] = []
        state.withLock { state in
            state.viewers.removeAll { viewer in
                let delivery = viewer.deliver(frame, version: nil, wakes: &wakes)
                return delivery == .dropped || delivery == .gone
            }
        }
        ConnectionHandle.resume(wakes, metrics: metrics)
    }

    /// Starts another history of the channel at `version` (its database was restored, so its
    /// versions name other content; the channel has taken a new epoch): the replay ring is
    /// emptied and every open stream ends after its queued bytes. Each browser reconnects naming
    /// its old epoch, and is sent a `reset` to the new history.
    /// - Complexity: O(v) for v viewers.
    public func restart(at version: Int) {
        var wakes: [ConnectionHandle] = []
        let end = Frame(ServerSentEvents.comment("history replaced"))
        state.withLock { state in
            state.ring = ReplayRing(initialVersion: version, limits: state.ring.limits)
            for viewer in state.viewers { viewer.close(with: end, wakes: &wakes) }
            state.viewers = []
        }
        ConnectionHandle.resume(wakes, metrics: metrics)
    }

    /// Refuses new viewers and ends every stream once its queued bytes and a last `stop` event
    /// (``ServerSentEvents/stop``: the client shows that the server stopped) are sent.
    func close() {
        var wakes: [ConnectionHandle] = []
        let stop = Frame(ServerSentEvents.stop)
        state.withLock { state in
            state.isClosed = true
            for viewer in state.viewers { viewer.close(with: stop, wakes: &wakes) }
            state.viewers = []
        }
        ConnectionHandle.resume(wakes, metrics: metrics)
    }
}
