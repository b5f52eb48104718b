import Testing

@testable import ParleyServer

/// A viewer's bounded queue: partial reads, the byte limit and latency observations.
@Suite struct ViewerQueueTests {
    static func read(_ queue: inout ViewerQueue, max: Int, now: UInt64 = 0, observed: inout [UInt64]) -> String {
        var buffer = [UInt8](repeating: 0, count: max)
        var delays: [UInt64] = []
        let count = buffer.withUnsafeMutableBytes { queue.read(into: $0, now: now) { delays.append($0) } }
        observed += delays
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Appends frames of these sizes, returning whether each was accepted.
    static func append(_ sizes: [Int], to queue: inout ViewerQueue, bounded: Bool = true) -> [Bool] {
        sizes.map { queue.append(Frame([UInt8](repeating: 7, count: $0)), bounded: bounded) }
    }

    @Test func readsAcrossFramesInOrderAndObservesEachMeasuredFrameOnce() {
        var queue = ViewerQueue(limit: 100)
        let accepted = [
            queue.append(Frame(Array("abc".utf8), publishedAt: 10)), queue.append(Frame(Array("de".utf8))),
            queue.append(Frame(Array("fgh".utf8), publishedAt: 40)),
        ]
        #expect(accepted == [true, true, true])
        var observed: [UInt64] = []
        #expect(Self.read(&queue, max: 2, now: 100, observed: &observed) == "ab")
        #expect(observed.isEmpty, "the frame is not finished")
        #expect(Self.read(&queue, max: 4, now: 150, observed: &observed) == "cdef")
        #expect(observed == [140])
        #expect(queue.queuedBytes == 2)
        #expect(Self.read(&queue, max: 10, now: 200, observed: &observed) == "gh")
        #expect(observed == [140, 160])
        #expect(queue.isEmpty)
    }

    @Test func refusesAFramePastTheLimitButTakesOneLargeFrameWhenEmpty() {
        var queue = ViewerQueue(limit: 10)
        #expect(Self.append([25, 1], to: &queue) == [true, false], "one frame larger than the limit fits an empty queue")
        var observed: [UInt64] = []
        #expect(Self.read(&queue, max: 25, observed: &observed).utf8.count == 25)
        #expect(Self.append([6, 5], to: &queue) == [true, false], "6 + 5 bytes pass the limit of 10")
        #expect(Self.append([5], to: &queue, bounded: false) == [true])
        #expect(queue.queuedBytes == 11)
        queue.removeAll()
        #expect(queue.isEmpty)
    }
}
