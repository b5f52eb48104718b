import Synchronization

/// One open event stream: its queue of bytes, the version it has reached, and its connection.
///
/// Producers (publish, heartbeat, shutdown) and the HTTP library's content reader meet under
/// one lock. The reader only copies bytes from the queue; when the queue is empty it suspends
/// the connection under the lock (an idle viewer costs no CPU). The next producer moves the
/// viewer out of ``Phase/suspended`` under the lock and then resumes the connection, so a
/// resume never overtakes the suspend it undoes, and exactly one producer resumes it.
final class Viewer: Sendable {
    /// Where a stream is in its life.
    enum Phase: Equatable {
        /// Sending bytes, or about to be asked for them.
        case streaming
        /// The queue was empty: the connection is suspended until a producer adds bytes.
        case suspended
        /// The server is stopping: send what is queued, then end the stream.
        case closing
        /// Fell behind past its buffer limit: end the stream with an error at once.
        case dropped
        /// The stream ended; the connection may already be gone.
        case ended
    }

    struct State {
        var queue: ViewerQueue
        var phase: Phase = .streaming
        /// The version of the last batch queued; batches at or below it are skipped.
        var version: Int
        /// Nil once the request completed.
        var connection: ConnectionHandle?
    }

    let state: Mutex<State>
    let metrics: ServerMetrics

    /// - Parameters:
    ///   - version: The version the client will be at once the queued frames are applied.
    ///   - bufferLimit: Bytes the queue may hold (``ViewerQueue/limit``).
    init(connection: ConnectionHandle?, version: Int, bufferLimit: Int, metrics: ServerMetrics) {
        self.state = Mutex(State(queue: ViewerQueue(limit: bufferLimit), version: version, connection: connection))
        self.metrics = metrics
    }

    /// The version reached by the batches queued so far.
    var version: Int { state.withLock(\.version) }

    /// The stream's phase.
    var phase: Phase { state.withLock(\.phase) }
}
