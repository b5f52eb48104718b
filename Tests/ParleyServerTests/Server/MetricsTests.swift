import Testing

@testable import ParleyServer

/// The Prometheus text of `/metrics`.
@Suite struct MetricsTests {
    @Test func histogramIsCumulativeWithSumAndCount() {
        let histogram = LatencyHistogram(bounds: [0.001, 0.01])
        histogram.observe(nanoseconds: 500_000)
        histogram.observe(nanoseconds: 1_000_000)
        histogram.observe(nanoseconds: 2_000_000)
        histogram.observe(nanoseconds: 50_000_000)
        #expect(histogram.cumulativeCounts == [2, 3, 4])
        #expect(histogram.count == 4)
        #expect(histogram.sum == 0.0535)
    }

    @Test func exportsEveryMetric() {
        let metrics = ServerMetrics()
        #expect(metrics.reserveViewer(limit: 1))
        #expect(!metrics.reserveViewer(limit: 1))
        metrics.sendLatency.observe(nanoseconds: 3_000_000)
        let lines = metrics.prometheusText().split(separator: "\n").map(String.init)
        #expect(lines.contains("parley_viewers 1"))
        #expect(lines.contains("parley_viewers_rejected_total 1"))
        #expect(lines.contains("parley_batches_published_total 0"))
        #expect(lines.contains("parley_viewers_dropped_total 0"))
        #expect(lines.contains("# TYPE parley_event_send_latency_seconds histogram"))
        #expect(lines.contains(#"parley_event_send_latency_seconds_bucket{le="0.0025"} 0"#))
        #expect(lines.contains(#"parley_event_send_latency_seconds_bucket{le="0.005"} 1"#))
        #expect(lines.contains(#"parley_event_send_latency_seconds_bucket{le="+Inf"} 1"#))
        #expect(lines.contains("parley_event_send_latency_seconds_sum 0.003"))
        #expect(lines.contains("parley_event_send_latency_seconds_count 1"))
        #expect(lines.contains("parley_restore_skipped_events_total 0"))
        #expect(lines.contains("parley_sends_cut_off_total 0"))
        #expect(lines.count == 7 * 3 + 2 + 14 + 1 + 2)
    }
}
