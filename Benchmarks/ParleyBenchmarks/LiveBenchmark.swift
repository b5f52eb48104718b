import Foundation
import ParleyImport
import ParleyLive
import ParleyModel
import ParleyRender

/// The cost of one live change as a channel grows: `LiveChannel.apply` appending one message on
/// the incremental path (the new item laid out against the one before it, the snapshot updated
/// in place, two renderings), deleting the latest message on the full path (layout of the window,
/// snapshot, diff, rendering of the changed items), and the baseline a full-replace live view
/// pays for one change: rendering the whole window again (what Turbo-style "replace the page
/// region" sends).
enum LiveBenchmark {
    static func run(sizes: [Int] = [1_000, 10_000, 100_000], window: Int = 500, updates: Int = 2_000, samples: Int = 100) {
        guard let templates = try? TemplateSet.load() else { return print("templates missing") }
        print("\n## Live update per appended message (window \(window): \(updates) appends, \(samples) deletes and re-renders)\n")
        print(
            "| messages in channel | append (incremental) | delete latest (full path) | batch bytes | re-render window (baseline) "
                + "| window bytes | baseline ÷ incremental |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for size in sizes {
            guard let result = try? TranscriptReader().read(RenderBenchmark.generateExport(count: size), file: "generated.json"),
                let channel = result.transcript.channels.first
            else { return print("import failed") }
            let live = LiveChannel(channel: channel, options: LiveOptions(window: window, templates: templates))
            let author = channel.messages[0].author
            let start = (channel.messages.last?.timestamp.milliseconds ?? 0) + 1000
            let arrivals = (0..<updates).map { index in
                Message(
                    id: MessageID("live-\(index)"), channel: channel.id, author: author,
                    timestamp: Timestamp(milliseconds: start + Int64(index) * 1000),
                    content: Content(text: "a new message number \(index) arriving while people watch"))
            }
            var batchBytes = 0
            let clock = ContinuousClock()
            let updateTime = clock.measure {
                for message in arrivals { batchBytes += (try? live.apply([.message(message)]))??.json.count ?? 0 }
            }
            let fullTime = clock.measure {
                for message in arrivals.suffix(samples).reversed() { _ = try? live.apply([.delete(channel: channel.id, id: message.id)]) }
            }
            var windowBytes = 0
            let renderTime = clock.measure {
                for _ in 0..<samples { windowBytes += live.withCurrentPage { _, sections in sections.description.utf8.count } }
            }
            let ours = RenderBenchmark.seconds(updateTime) * 1000 / Double(updates)
            let fullPath = RenderBenchmark.seconds(fullTime) * 1000 / Double(samples)
            let baseline = RenderBenchmark.seconds(renderTime) * 1000 / Double(samples)
            print(
                "| \(size) | \(String(format: "%.3f", ours)) ms | \(String(format: "%.3f", fullPath)) ms | \(batchBytes / updates) "
                    + "| \(String(format: "%.3f", baseline)) ms | \(windowBytes / samples) | \(String(format: "%.1f", baseline / ours))× |")
        }
    }
}
