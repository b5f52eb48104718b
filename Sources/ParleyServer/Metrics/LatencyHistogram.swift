import Synchronization

/// A Prometheus-style cumulative histogram of delays, safe to update from any thread.
///
/// Observations are lock-free (one atomic add per bucket counter hit, plus count and sum), so the
/// HTTP library's thread can record them while it copies bytes.
public final class LatencyHistogram: Sendable {
    /// The upper bounds of the buckets, in seconds, ascending (Prometheus `le` labels); an
    /// implicit `+Inf` bucket follows.
    public let bounds: [Double]
    private let boundsInNanoseconds: [UInt64]
    private let buckets: [Counter]
    private let total = Atomic<Int>(0)
    private let sumNanoseconds = Atomic<UInt64>(0)

    /// The default bounds: 0.5 ms to 10 s.
    public static let defaultBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// - Parameter bounds: Bucket upper bounds in seconds, ascending.
    public init(bounds: [Double] = LatencyHistogram.defaultBounds) {
        self.bounds = bounds
        self.boundsInNanoseconds = bounds.map { UInt64($0 * 1e9) }
        self.buckets = (0...bounds.count).map { _ in Counter() }
    }

    /// Records one delay.
    /// - Parameter nanoseconds: The delay in nanoseconds.
    /// - Complexity: O(log b) for b buckets.
    public func observe(nanoseconds: UInt64) {
        var low = 0, high = boundsInNanoseconds.count
        while low < high {
            let middle = (low + high) / 2
            if boundsInNanoseconds[middle] < nanoseconds { low = middle + 1 } else { high = middle }
        }
        buckets[low].value.add(1, ordering: .relaxed)
        total.add(1, ordering: .relaxed)
        sumNanoseconds.add(nanoseconds, ordering: .relaxed)
    }

    /// The number of observations.
    public var count: Int { total.load(ordering: .relaxed) }

    /// The sum of all observations in seconds.
    public var sum: Double { Double(sumNanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// Cumulative counts: for each bound (then `+Inf`), the observations at or below it.
    public var cumulativeCounts: [Int] {
        var running = 0
        return buckets.map { bucket in
            running += bucket.value.load(ordering: .relaxed)
            return running
        }
    }
}

/// One bucket's counter (atomics cannot be array elements: they are not copyable).
final class Counter: Sendable {
    let value = Atomic<Int>(0)
}
