import Foundation
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyTestSupport

/// Importer benchmarks on generated inputs, shared with `scripts/bench-importers`, which runs
/// chat-miner and slack-export-viewer on the very same files:
///
/// - a WhatsApp Android export of 100,000 messages (`whatsapp.txt`: 8 authors, 24-hour
///   `dd/mm/yyyy, HH:MM - Name: text`, one message in 20 on two lines, one in 50 `<Media omitted>`);
/// - a Slack workspace export of 100,000 messages (`slack/`: 3 channels, one day file per day,
///   threads, reactions, edits), which the script zips.
///
/// Seeded (`SeededRandom`), so every run reads the same bytes.
enum ImportBenchmark {
    static let authors = ["Ana Lima", "Ben Okafor", "Chen Wei", "Dana Cruz", "Eli Sato", "Fatima Noor", "Gus Berg", "Hana Kim"]
    static let words = [
        "picnic", "release", "tests", "coffee", "the", "a", "build", "merge", "review", "bug", "fixed", "today", "see", "you",
    ]

    /// Writes `whatsapp.txt` and the `slack/` export folder into `folder`.
    static func writeInputs(to folder: URL, messages: Int = 100_000) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try whatsAppText(messages: messages).write(to: folder.appendingPathComponent("whatsapp.txt"), atomically: true, encoding: .utf8)
        try writeSlackExport(to: folder.appendingPathComponent("slack"), messages: messages)
    }

    /// Times our WhatsApp import and our Slack import + render on the inputs in `folder`
    /// (generated into a temporary folder when nil), printing a table; with `machine`, prints
    /// `name seconds` lines for the comparison script instead.
    static func run(inputs folder: URL? = nil, machine: Bool = false) {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("parley-import-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let inputs = folder ?? temporary.appendingPathComponent("inputs")
        if folder == nil { try? writeInputs(to: inputs) }
        let zip = inputs.appendingPathComponent("slack-export.zip")
        let slack = FileManager.default.fileExists(atPath: zip.path) ? zip : inputs.appendingPathComponent("slack")
        let clock = ContinuousClock()
        var counts = (whatsApp: 0, slack: 0)
        let whatsApp = clock.measure {
            counts.whatsApp =
                (try? TranscriptReader().read(contentsOf: inputs.appendingPathComponent("whatsapp.txt").path))?.transcript.messageCount
                ?? -1
        }
        let render = clock.measure {
            guard let result = try? TranscriptReader().read(contentsOf: slack.path) else { return }
            counts.slack = result.transcript.messageCount
            _ = try? ArchiveWriter(options: ArchiveOptions()).write(result.transcript, to: temporary.appendingPathComponent("archive"))
        }
        if machine {
            print("parley_whatsapp_import \(RenderBenchmark.seconds(whatsApp))")
            print("parley_slack_render \(RenderBenchmark.seconds(render))")
            return
        }
        print("\n## Importers (generated inputs)\n")
        print("| step | messages | time | messages/s |")
        print("|---|---:|---:|---:|")
        for (name, count, time) in [
            ("WhatsApp import (.txt)", counts.whatsApp, whatsApp),
            ("Slack import + render (\(slack.lastPathComponent))", counts.slack, render),
        ] {
            print(
                "| \(name) | \(count) | \(RenderBenchmark.milliseconds(time)) ms | \(Int(Double(count) / RenderBenchmark.seconds(time))) |")
        }
        print("\nSide by side with chat-miner and slack-export-viewer: scripts/bench-importers")
    }

    /// The WhatsApp Android export text.
    static func whatsAppText(messages count: Int) -> String {
        var random = SeededRandom(seed: 8)
        var lines: [String] = []
        lines.reserveCapacity(count + count / 20)
        var minute = 0
        for index in 0..<count {
            minute += Int(random.next() % 3)
            let date = LocalDate(daysSinceEpoch: Int64(19_000 + minute / 1440))
            let time = "\(ImportBenchmark.pad(minute / 60 % 24, 2)):\(ImportBenchmark.pad(minute % 60, 2))"
            let author = authors[Int(random.next() % UInt64(authors.count))]
            let text = index % 50 == 0 ? "<Media omitted>" : sentence(&random)
            lines.append(
                "\(ImportBenchmark.pad(date.day, 2))/\(ImportBenchmark.pad(date.month, 2))/\(date.year), \(time) - \(author): \(text)")
            if index % 20 == 0 { lines.append(sentence(&random)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` zero-padded to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    static func sentence(_ random: inout SeededRandom) -> String {
        (0..<(3 + Int(random.next() % 14))).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
    }
}
