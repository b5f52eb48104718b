import Synchronization

/// Counts the hashing and equality calls made on ``CountingID``s that share it, to fence complexity by
/// counting work rather than timing it. One counter per test keeps parallel tests apart.
final class OperationCounter: Sendable {
    private let hashes = Atomic<Int>(0)
    private let equalities = Atomic<Int>(0)

    var hashCount: Int { hashes.load(ordering: .relaxed) }
    var equalityCount: Int { equalities.load(ordering: .relaxed) }

    func countHash() { hashes.add(1, ordering: .relaxed) }
    func countEquality() { equalities.add(1, ordering: .relaxed) }

    func reset() {
        hashes.store(0, ordering: .relaxed)
        equalities.store(0, ordering: .relaxed)
    }
}

/// An item identifier whose `hash(into:)` and `==` report to an ``OperationCounter``.
struct CountingID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    let counter: OperationCounter

    static func == (lhs: CountingID, rhs: CountingID) -> Bool {
        lhs.counter.countEquality()
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        counter.countHash()
        hasher.combine(value)
    }

    var description: String { "#\(value)" }
}
