import Foundation
import ParleyImport
import ParleyLive
import ParleyModel
import ParleyRender

/// The cost of one live change as a channel grows: `LiveChannel.update` appending one message
/// (layout of the window, snapshot, diff, rendering of the changed items, patch operations),
/// against the baseline a full-replace live view pays for the same change: rendering the whole
/// window again (what Turbo-style "replace the page region" sends).
enum LiveBenchmark {
    static func run(sizes: [Int] = [1_000, 10_000, 100_000], window: Int = 500, updates: Int = 200) {
        guard let templates = try? TemplateSet.load() else { return print("templates missing") }
        print("\n## Live update per appended message (window \(window), \(updates) updates each)\n")
        print("| messages in channel | update (ours) | batch bytes | re-render window (baseline) | window bytes | ratio |")
        print("|---:|---:|---:|---:|---:|---:|")
        for size in sizes {
            guard let result = try? TranscriptReader().read(RenderBenchmark.generateExport(count: size), file: "generated.json"),
                let channel = result.transcript.channels.first
            else { return print("import failed") }
            let live = LiveChannel(channel: channel, options: LiveOptions(window: window, templates: templates))
            let author = channel.messages[0].author
            var next = (channel.messages.last?.timestamp.milliseconds ?? 0) + 1000
            var batchBytes = 0
            let clock = ContinuousClock()
            let updateTime = clock.measure {
                for index in 0..<updates {
                    next += 1000
                    let message = Message(
                        id: MessageID("live-\(index)"), channel: channel.id, author: author, timestamp: Timestamp(milliseconds: next),
                        content: Content(text: "a new message number \(index) arriving while people watch"))
                    let batch = live.update { $0.append(message) }
                    batchBytes += batch?.json.count ?? 0
                }
            }
            var windowBytes = 0
            let renderTime = clock.measure {
                for _ in 0..<updates { windowBytes += live.withCurrentPage { _, sections in sections.description.utf8.count } }
            }
            let ours = RenderBenchmark.seconds(updateTime) * 1000 / Double(updates)
            let baseline = RenderBenchmark.seconds(renderTime) * 1000 / Double(updates)
            print(
                "| \(size) | \(String(format: "%.3f", ours)) ms | \(batchBytes / updates) | \(String(format: "%.3f", baseline)) ms "
                    + "| \(windowBytes / updates) | \(String(format: "%.1f", baseline / ours))× |")
        }
    }
}
