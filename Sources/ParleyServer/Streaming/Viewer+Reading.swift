import CMicroHTTPD

extension Viewer {
    /// The content reader: copies queued bytes into libmicrohttpd's buffer. Runs on the HTTP
    /// library's thread and does nothing slow: one lock, one copy.
    /// - Returns: the bytes copied; 0 after suspending the connection (nothing queued); the
    ///   end-of-stream marker when closing with nothing left; the error marker when dropped.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        state.withLock { state in
            if state.phase == .dropped || state.phase == .ended { return parley_mhd_end_with_error() }
            if !state.queue.isEmpty {
                let histogram = metrics.sendLatency
                let copied = state.queue.read(into: buffer, now: MonotonicClock.nanoseconds()) {
                    histogram.observe(nanoseconds: $0)
                }
                metrics.bytesSent.add(copied, ordering: .relaxed)
                return copied
            }
            if state.phase == .closing {
                state.phase = .ended
                return parley_mhd_end_of_stream()
            }
            guard let connection = state.connection else { return parley_mhd_end_with_error() }
            state.phase = .suspended
            metrics.suspended.add(1, ordering: .relaxed)
            connection.suspend()
            return 0
        }
    }
}
