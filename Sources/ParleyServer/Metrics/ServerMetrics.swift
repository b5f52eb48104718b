import Synchronization

/// The server's counters and gauges, updated lock-free from any thread and exported at
/// `GET /metrics` in the Prometheus text format.
public final class ServerMetrics: Sendable {
    /// Event streams open now.
    let viewers = Atomic<Int>(0)
    /// Patch batches published, all channels.
    let batches = Atomic<Int>(0)
    /// Response body bytes handed to the HTTP library: pages, assets and event streams.
    let bytesSent = Atomic<Int>(0)
    /// Viewers disconnected because their buffer passed its limit.
    let droppedViewers = Atomic<Int>(0)
    /// Event stream requests refused because `--max-viewers` streams were open.
    let rejectedViewers = Atomic<Int>(0)
    /// Stored events left out when the channels were restored at start (``SkippedEvent``).
    let restoreSkippedEvents = Atomic<Int>(0)
    /// Responses cut off because their connection closed while they were sent (a viewer closed
    /// its tab); libmicrohttpd's log message for each is left out (``LibraryLogMessage``).
    let sendsCutOff = Atomic<Int>(0)
    /// Connections suspended now (streams waiting for bytes, requests waiting for a worker).
    let suspended = Atomic<Int>(0)
    /// Delay from a batch's publication to the moment its last byte is handed to the HTTP
    /// library for a viewer, one observation per viewer and batch.
    public let sendLatency = LatencyHistogram()

    /// All counters at zero.
    public init() {}

    /// Event streams open now.
    public var viewerCount: Int { viewers.load(ordering: .relaxed) }
    /// Patch batches published since start, all channels.
    public var batchCount: Int { batches.load(ordering: .relaxed) }
    /// Response body bytes handed to the HTTP library since start.
    public var bytesSentCount: Int { bytesSent.load(ordering: .relaxed) }
    /// Viewers dropped for falling behind since start.
    public var droppedViewerCount: Int { droppedViewers.load(ordering: .relaxed) }
    /// Event stream requests refused at the viewer limit since start.
    public var rejectedViewerCount: Int { rejectedViewers.load(ordering: .relaxed) }
    /// Stored events left out when the channels were restored at start.
    public var restoreSkippedEventCount: Int { restoreSkippedEvents.load(ordering: .relaxed) }

    /// Responses cut off by a closed connection since start.
    public var sendsCutOffCount: Int { sendsCutOff.load(ordering: .relaxed) }

    /// Takes one viewer slot if fewer than `limit` are taken.
    /// - Returns: false when the limit is reached (the rejection is counted).
    func reserveViewer(limit: Int) -> Bool {
        var current = viewers.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = viewers.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        rejectedViewers.add(1, ordering: .relaxed)
        return false
    }

    /// Gives back a viewer slot taken by ``reserveViewer(limit:)``.
    func releaseViewer() { viewers.subtract(1, ordering: .relaxed) }
}
