import Dispatch
import Glibc

extension LiveServer {
    /// Stops the server cleanly: no new connections, every stream ends after its queued bytes
    /// and a last `event: stop` (``ServerSentEvents/stop``; clients see a normal end and know
    /// the server stopped), then the event loop stops. Idempotent; returns when done.
    ///
    /// libmicrohttpd aborts the process when stopped with suspended connections, so the order
    /// is: quiesce (refuse new connections), close every broadcaster (which resumes each
    /// suspended stream so its reader returns end-of-stream), wait until no connection is
    /// suspended and the streams have ended (at most `grace` for streams whose clients stopped
    /// reading), then stop, and only then close the listening socket.
    /// - Parameter grace: How long to wait for streams to end.
    public func stop(grace: Duration = .seconds(2)) {
        let first = isStopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        core.isStopping.store(true, ordering: .releasing)
        let listenSocket = daemon.quiesce()
        for broadcaster in core.registry.broadcasters { broadcaster.close() }
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        while core.metrics.suspended.load(ordering: .acquiring) > 0 || (core.metrics.viewerCount > 0 && clock.now < deadline) {
            usleep(1000)
        }
        daemon.stop(closing: listenSocket)
        coreReference.release()
    }

    /// Queues a heartbeat on every stream every ``ServerConfiguration/heartbeatInterval``
    /// until the server stops.
    func scheduleHeartbeat() {
        let interval = core.configuration.heartbeatInterval.components
        let nanoseconds = Int(interval.seconds) * 1_000_000_000 + Int(interval.attoseconds / 1_000_000_000)
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            guard let self, !self.isStopped.withLock({ $0 }) else { return }
            self.core.heartbeat()
            self.scheduleHeartbeat()
        }
    }
}
