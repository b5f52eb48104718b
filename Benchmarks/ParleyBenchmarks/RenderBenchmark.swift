import Foundation
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport

/// The render rate of `parley render`: a generated DiscordChatExporter export of 100,000 messages
/// (seeded, so every run renders the same input), imported and written as a static archive.
enum RenderBenchmark {
    static func run(messages count: Int = 100_000) {
        let data = generateExport(count: count)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: output) }
        let clock = ContinuousClock()
        var result: ImportResult?
        var failure: ImportError?
        let importTime = clock.measure {
            do throws(ImportError) { result = try TranscriptReader().read(data, file: "generated.json") } catch { failure = error }
        }
        guard let transcript = result?.transcript else { return print("import failed: \(failure.map { "\($0)" } ?? "")") }
        var layout: ChannelLayout?
        let layoutTime = clock.measure { layout = ChatLayout().layout(transcript.channels[0]) }
        var summary: ArchiveSummary?
        let writeTime = clock.measure {
            summary = try? ArchiveWriter(options: ArchiveOptions()).write(transcript, to: output)
        }
        let total = importTime + writeTime
        print("\n## Render rate (\(count) messages, \(data.count / 1_000_000) MB of DiscordChatExporter JSON)\n")
        print("| step | time | messages/s |")
        print("|---|---:|---:|")
        for (name, time) in [
            ("import (JSON → Transcript)", importTime), ("layout (order, days, groups)", layoutTime),
            ("render + write archive", writeTime), ("import + render + write", total),
        ] {
            print("| \(name) | \(milliseconds(time)) ms | \(Int(Double(count) / seconds(time))) |")
        }
        print("\npages written: \(summary?.pages ?? 0), messages: \(layout?.messageCount ?? 0)")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> String { String(format: "%.0f", seconds(duration) * 1000) }

    /// A seeded export: 12 authors, bursts of messages, replies, edits, reactions, links, ~30 s apart.
    static func generateExport(count: Int) -> Data {
        var random = SeededRandom(seed: 42)
        var messages: [[String: Any]] = []
        messages.reserveCapacity(count)
        var time = Int64(1_700_000_000_000)
        let words = ["picnic", "release", "tests", "coffee", "the", "a", "build", "merge", "review", "bug", "fixed", "today"]
        for index in 0..<count {
            time += Int64(random.next() % 60_000)
            let author = Int(random.next() % 12)
            let text =
                (0..<(3 + Int(random.next() % 20))).map { _ in words[Int(random.next() % UInt64(words.count))] }
                .joined(separator: " ") + (index % 50 == 0 ? " https://example.org/\(index)" : "")
            var message: [String: Any] = [
                "id": String(1_000_000_000_000_000_000 + index), "type": "Default",
                "timestamp": Timestamp(milliseconds: time).description, "content": text, "isPinned": false,
                "author": [
                    "id": "\(9000 + author)", "name": "user\(author)", "nickname": "User \(author)",
                    "color": author % 3 == 0 ? NSNull() as Any : "#\(String(format: "%06X", author * 1_234_567 % 0xFFFFFF))" as Any,
                    "isBot": false,
                ],
                "attachments": [], "embeds": [], "stickers": [], "mentions": [],
                "reactions": index % 7 == 0 ? [["emoji": ["id": "", "name": "👍"], "count": 2]] : [],
            ]
            if index % 40 == 0 { message["timestampEdited"] = Timestamp(milliseconds: time + 5000).description }
            if index % 25 == 0, index > 0 {
                message["type"] = "Reply"
                message["reference"] = ["messageId": String(1_000_000_000_000_000_000 + index - 3)]
            }
            messages.append(message)
        }
        let export: [String: Any] = [
            "guild": ["id": "1", "name": "Benchmark"], "channel": ["id": "2", "type": "GuildTextChat", "name": "general"],
            "messages": messages, "messageCount": count,
        ]
        return try! JSONSerialization.data(withJSONObject: export, options: [.sortedKeys])
    }
}
