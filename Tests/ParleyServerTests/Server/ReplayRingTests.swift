import Testing

@testable import ParleyServer

/// The replay ring: bounds by count and bytes, the chain of versions, and what a client at a
/// given version gets back.
@Suite struct ReplayRingTests {
    /// A ring holding the batches 1…`count` (each `size` bytes), starting at version 0.
    static func ring(count: Int, limits: ReplayLimits, size: Int = 10) -> ReplayRing {
        var ring = ReplayRing(initialVersion: 0, limits: limits)
        for version in 1...count {
            ring.append(
                version: version, base: version - 1, frame: Frame([UInt8](repeating: UInt8(truncatingIfNeeded: version), count: size)))
        }
        return ring
    }

    @Test func keepsTheLatestBatchesByCount() {
        let ring = Self.ring(count: 10, limits: ReplayLimits(batches: 4, bytes: 1 << 20))
        #expect(ring.count == 4)
        #expect(ring.latestVersion == 10)
        #expect(ring.entries(after: 6)?.map(\.version) == [7, 8, 9, 10])
        #expect(ring.entries(after: 8)?.map(\.version) == [9, 10])
        #expect(ring.entries(after: 10)?.isEmpty == true)
        #expect(ring.entries(after: 5) == nil, "version 5 left the ring: batch 6 is gone")
        #expect(ring.entries(after: 11) == nil, "a version from the future is not on the chain")
    }

    @Test func keepsTheLatestBatchesByBytes() {
        let ring = Self.ring(count: 10, limits: ReplayLimits(batches: 100, bytes: 35), size: 10)
        #expect(ring.count == 3)
        #expect(ring.byteCount == 30)
        #expect(ring.entries(after: 7)?.map(\.version) == [8, 9, 10])
        #expect(ring.entries(after: 6) == nil)
    }

    @Test func aBatchOffTheChainEmptiesTheRing() {
        var ring = Self.ring(count: 5, limits: ReplayLimits())
        ring.append(version: 9, base: 7, frame: Frame([1]))
        #expect(ring.count == 1)
        #expect(ring.entries(after: 7)?.map(\.version) == [9])
        #expect(ring.entries(after: 4) == nil)
    }

    @Test func manyAppendsStayBoundedAndOrdered() {
        let ring = Self.ring(count: 5000, limits: ReplayLimits(batches: 64, bytes: 1 << 20), size: 3)
        #expect(ring.count == 64)
        #expect(ring.entries(after: 4936)?.map(\.version) == Array(4937...5000))
    }
}
