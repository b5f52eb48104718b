import Dispatch
import Synchronization

/// Work started on a global queue whose result is waited for later: the archive writer renders
/// batches of pages this way (up to ``ArchiveWriter/renderAhead`` at once) while it reads the
/// next batch from its source and writes the oldest rendered one, so the serial parts of a render
/// overlap the parallel one.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on a global queue.
    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { [self] in
            let value = work()
            result.withLock { $0 = value }
        }
    }

    /// Waits until the work is done and returns its result.
    func wait() -> Value {
        group.wait()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("a finished work item left no result") }
        return value
    }
}
