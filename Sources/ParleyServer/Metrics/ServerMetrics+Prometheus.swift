extension ServerMetrics {
    /// The metrics in the Prometheus text exposition format, version 0.0.4
    /// (prometheus.io/docs/instrumenting/exposition_formats): `# HELP` and `# TYPE` lines, then
    /// samples; the histogram as `_bucket{le="…"}` (cumulative), `_sum` (seconds) and `_count`.
    public func prometheusText() -> String {
        var text = ""
        func sample(_ name: String, _ type: String, _ help: String, _ value: Int) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        sample("parley_viewers", "gauge", "Event streams open now.", viewerCount)
        sample("parley_batches_published_total", "counter", "Patch batches published, all channels.", batchCount)
        sample(
            "parley_bytes_sent_total", "counter", "Response body bytes handed to the HTTP library (pages, assets, event streams).",
            bytesSentCount)
        sample(
            "parley_viewers_dropped_total", "counter", "Viewers disconnected because they fell behind past their buffer limit.",
            droppedViewerCount)
        sample("parley_viewers_rejected_total", "counter", "Event streams refused at the --max-viewers limit.", rejectedViewerCount)
        sample(
            "parley_restore_skipped_events_total", "counter",
            "Stored events left out at start because they no longer read or apply.", restoreSkippedEventCount)
        sample(
            "parley_sends_cut_off_total", "counter",
            "Responses cut off because the connection closed while they were sent (a viewer closed its tab).", sendsCutOffCount)
        let name = "parley_event_send_latency_seconds"
        text += "# HELP \(name) Delay from publishing a batch to handing its last byte to the HTTP library, per viewer.\n"
        text += "# TYPE \(name) histogram\n"
        let counts = sendLatency.cumulativeCounts
        for (index, bound) in sendLatency.bounds.enumerated() {
            text += "\(name)_bucket{le=\"\(Self.format(bound))\"} \(counts[index])\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(counts[counts.count - 1])\n"
        text += "\(name)_sum \(Self.format(sendLatency.sum))\n\(name)_count \(sendLatency.count)\n"
        return text
    }

    /// A number as Prometheus writes it: no exponent for the bucket bounds used here.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
