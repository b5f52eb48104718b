import Testing

@testable import ParleyCLI

/// The progress line's exact text for given counters and times.
@Suite("Progress line")
struct ProgressLineTests {
    @Test(
        "each phase's text",
        arguments: [
            (ProgressLine(phase: .reading, elapsed: .seconds(3)), "reading · 0 messages · 0:03"),
            (
                ProgressLine(phase: .reading, messages: 1204, done: 4_200_000, total: 12_000_000, elapsed: .seconds(3)),
                "reading · 1,204 messages · 4.2 of 12.0 MB · 1.4 MB/s · ETA 0:06"
            ),
            (
                ProgressLine(phase: .reading, done: 0, total: 56_789, elapsed: .milliseconds(400)),
                "reading · 0 messages · 0.0 of 56.8 kB · 0:00"
            ),
            (
                ProgressLine(phase: .reading, messages: 1, done: 250, total: 500, elapsed: .seconds(2)),
                "reading · 1 message · 250 of 500 B · 125 B/s · ETA 0:02"
            ),
            (
                ProgressLine(phase: .reading, messages: 9, done: 1_000_000_000, total: 2_500_000_000, elapsed: .seconds(10)),
                "reading · 9 messages · 1.0 of 2.5 GB · 100.0 MB/s · ETA 0:15"
            ),
            (
                ProgressLine(phase: .rendering, messages: 56_588, pages: 40, done: 6020, total: 56_588, elapsed: .seconds(5)),
                "rendering · 56,588 messages · 40 pages · 1,204 msg/s · ETA 0:42"
            ),
            (
                ProgressLine(phase: .rendering, messages: 7324, pages: 1, done: 1, total: 7324, elapsed: .seconds(1)),
                "rendering · 7,324 messages · 1 page · 1.0 msg/s · ETA 2:02:03"
            ),
            (
                ProgressLine(phase: .rendering, messages: 1000, pages: 3, done: 3, total: 1000, elapsed: .seconds(2)),
                "rendering · 1,000 messages · 3 pages · 1.5 msg/s · ETA 11:05"
            ),
            (
                ProgressLine(phase: .rendering, messages: 0, pages: 0, total: 0, elapsed: .seconds(1)),
                "rendering · 0 messages · 0 pages · 0:01"
            ),
            (
                ProgressLine(phase: .writing, messages: 67, pages: 3, done: 67, elapsed: .seconds(65)),
                "writing · 67 messages · 3 pages · 1:05"
            ),
        ])
    func text(line: ProgressLine, expected: String) {
        #expect(line.text == expected)
    }

    @Test("zero elapsed time shows neither a rate nor an ETA, only 0:00")
    func zeroElapsed() {
        let line = ProgressLine(phase: .rendering, messages: 100, pages: 1, done: 10, total: 100, elapsed: .zero)
        #expect(line.rate == nil)
        #expect(line.text == "rendering · 100 messages · 1 page · 0:00")
    }

    @Test("huge numbers print grouped; a rate too large to print and an ETA of 100 hours or more are left out")
    func hugeNumbers() {
        let flood = ProgressLine(
            phase: .rendering, messages: Int.max, pages: 1_000_000_000, done: Int.max, total: Int.max, elapsed: .nanoseconds(1))
        #expect(flood.rate == nil)
        #expect(flood.text == "rendering · 9,223,372,036,854,775,807 messages · 1,000,000,000 pages · 0:00")
        let crawl = ProgressLine(phase: .rendering, messages: 1_000_000_000, pages: 1, done: 1, total: 1_000_000_000, elapsed: .seconds(1))
        #expect(crawl.text == "rendering · 1,000,000,000 messages · 1 page · 1.0 msg/s · 0:01")
        let bigFile = ProgressLine(
            phase: .reading, done: 4_000_000_000_000_000_000, total: 8_000_000_000_000_000_000, elapsed: .seconds(40_000))
        #expect(bigFile.text == "reading · 0 messages · 4,000,000,000.0 of 8,000,000,000.0 GB · 100,000.0 GB/s · ETA 11:06:40")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567"), (-1_234, "-1,234")])
    func grouped(value: Int, expected: String) {
        #expect(ProgressLine.grouped(value) == expected)
    }
}
