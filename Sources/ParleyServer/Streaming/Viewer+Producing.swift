extension Viewer {
    /// What happened to a frame offered to a viewer.
    enum Delivery: Equatable {
        /// Queued.
        case queued
        /// The batch's version is not above the viewer's (it already has that change).
        case skipped
        /// The viewer passed its buffer limit: it is being disconnected.
        case dropped
        /// The stream is closing or has ended.
        case gone
    }

    /// Queues `frame`, the batch reaching `version` (nil for frames without a version, such as
    /// heartbeats).
    /// - Parameter wakes: Gets the connection if it was suspended: the caller must resume it
    ///   with ``ConnectionHandle/resume(_:metrics:)`` (outside its locks, so the event loop is not held up).
    func deliver(_ frame: Frame, version: Int?, wakes: inout [ConnectionHandle]) -> Delivery {
        state.withLock { state in
            guard state.phase == .streaming || state.phase == .suspended else { return .gone }
            if let version, version <= state.version { return .skipped }
            guard state.queue.append(frame) else {
                state.queue.removeAll()
                Self.wake(&state, phase: .dropped, wakes: &wakes)
                state.connection?.shutDown()
                metrics.droppedViewers.add(1, ordering: .relaxed)
                return .dropped
            }
            if let version { state.version = version }
            Self.wake(&state, phase: .streaming, wakes: &wakes)
            return .queued
        }
    }

    /// Ends the stream once its queued bytes and then `last` (the server's `stop` event, queued
    /// past the buffer limit) are sent (server shutdown).
    /// - Parameter wakes: Gets the connection if it was suspended (see ``deliver(_:version:wakes:)``).
    func close(with last: Frame, wakes: inout [ConnectionHandle]) {
        state.withLock { state in
            guard state.phase == .streaming || state.phase == .suspended else { return }
            _ = state.queue.append(last, bounded: false)
            Self.wake(&state, phase: .closing, wakes: &wakes)
        }
    }

    /// Forgets the connection: the request completed and libmicrohttpd frees it.
    /// - Returns: true the first time (the caller gives the viewer slot back once).
    func detach() -> Bool {
        state.withLock { state in
            guard state.connection != nil else { return false }
            state.connection = nil
            state.phase = .ended
            return true
        }
    }

    /// Queues a new stream's first frames, past the buffer limit if need be (the broadcaster
    /// sizes them), and sets the version they reach.
    func start(with frames: [Frame], version: Int) {
        state.withLock { state in
            for frame in frames { _ = state.queue.append(frame, bounded: false) }
            state.version = version
        }
    }

    /// Moves to `phase`; a suspended connection goes to `wakes`. Whoever moves a viewer out of
    /// ``Phase/suspended`` (under the lock) resumes it, exactly once; until then the connection
    /// stays suspended, so it stays valid even after the lock is released.
    private static func wake(_ state: inout State, phase: Phase, wakes: inout [ConnectionHandle]) {
        if state.phase == .suspended, let connection = state.connection { wakes.append(connection) }
        state.phase = phase
    }
}
