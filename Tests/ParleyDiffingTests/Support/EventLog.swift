import Synchronization

/// A thread-safe list of strings: the order in which closures and targets were called, or a model store.
final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])

    var all: [String] { entries.withLock { $0 } }

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }
}

/// The application-owned models a fragment provider reads: item identifier → text, replaced on commit.
final class ModelStore: Sendable {
    private let models = Mutex<[Int: String]>([:])

    func commit(_ new: [Int: String]) {
        models.withLock { $0 = new }
    }

    func model(_ item: Int) -> String {
        models.withLock { $0[item] ?? "missing" }
    }
}
