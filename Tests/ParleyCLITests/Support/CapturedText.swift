import Synchronization

/// A text stream that keeps what is written to it, for running `parley` commands in process.
final class CapturedText: TextOutputStream, Sendable {
    private let storage = Mutex("")

    /// Everything written so far.
    var text: String { storage.withLock { $0 } }

    func write(_ string: String) { storage.withLock { $0 += string } }
}
