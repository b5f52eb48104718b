import ParleyDiffing
import Synchronization

/// A target that records what it receives, replays each changeset on a mirror snapshot (so a wrong anchor
/// or a changeset diffed against the wrong base fails), and detects overlapping calls.
final class RecordingTarget: DiffableDataSourceTarget, Sendable {
    enum Event: Equatable, Sendable {
        case update(TestChangeset, fragments: [Int: String], animated: Bool)
        case reload(TestSnapshot, fragments: [[String]])
    }

    private struct State {
        var events: [Event] = []
        var mirror = TestSnapshot()
        var failures: [String] = []
        var isInside = false
    }

    private let state = Mutex(State())

    var events: [Event] { state.withLock { $0.events } }
    var mirror: TestSnapshot { state.withLock { $0.mirror } }
    var failures: [String] { state.withLock { $0.failures } }

    func performUpdates(_ changeset: TestChangeset, fragments: [Int: String], animatingDifferences: Bool) {
        record(.update(changeset, fragments: fragments, animated: animatingDifferences)) { mirror in
            mirror = try mirror.applying(changeset)
        }
    }

    func reloadData(_ snapshot: TestSnapshot, fragments: [[String]]) {
        record(.reload(snapshot, fragments: fragments)) { mirror in mirror = snapshot }
    }

    private func record(_ event: Event, update: (inout TestSnapshot) throws -> Void) {
        let (overlapping, mirror) = state.withLock { state in
            defer { state.isInside = true }
            return (state.isInside, state.mirror)
        }
        var updated = mirror
        var failure: String?
        do {
            try update(&updated)
        } catch {
            failure = "changeset does not fit the mirror: \(error)"
        }
        state.withLock { state in
            if overlapping { state.failures.append("overlapping target calls") }
            if let failure { state.failures.append(failure) }
            state.mirror = updated
            state.events.append(event)
            state.isInside = false
        }
    }
}
