import Dispatch
import Glibc
import Synchronization

/// Catches the signals that ask a server to stop, `SIGINT` (Ctrl-C) and `SIGTERM`, so the
/// process can shut down cleanly instead of dying.
///
/// Create it before announcing the server (a signal that arrives earlier would still end the
/// process), then ``wait()``. The handlers are Dispatch signal sources on a private queue,
/// defined here rather than in an executable's `main.swift` (top-level code there is main-actor
/// isolated and traps when called from another thread).
public final class TerminationSignals {
    /// What the handlers share with ``wait()``.
    private final class Arrival: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let signal = Mutex<Int32>(0)
    }

    private let arrival = Arrival()
    private let sources: [any DispatchSourceSignal]

    /// Disables the default action of `SIGINT` and `SIGTERM` and starts catching them.
    public init() {
        let queue = DispatchQueue(label: "parley.signals")
        let arrival = self.arrival
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                arrival.signal.withLock { $0 = number }
                arrival.semaphore.signal()
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Blocks the calling thread until one of the signals arrives (or returns at once if one
    /// already did).
    /// - Returns: The signal's number.
    public func wait() -> Int32 {
        arrival.semaphore.wait()
        return arrival.signal.withLock { $0 }
    }
}
