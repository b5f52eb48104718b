import Foundation
import ParleyEventCodec
import ParleyModel
import ParleyTestSupport

/// Parley JSON Lines `message` records (`docs/FORMAT.md`) written and read by
/// ``MessageRecordWriter`` and ``MessageRecordReader`` side by side with what they replace:
/// `JSONEncoder` (sorted keys) on `EventRecords.MessageRecord`, and `JSONDecoder` through
/// ``EventRecordDecoder/decodedEvent(from:)`` (validation included on both sides). 100,000 seeded
/// messages shaped like a chat's: 4–40 words, now and then a reply, an edit, reactions, an
/// attachment, an embed, a mention, quotes, line breaks and non-ASCII text.
///
/// Each run times both sides one after the other, and the table shows the median of the runs in
/// CPU time of this thread: the machine may be busy with other work, which wall-clock time would
/// count and which would fall on one side more than the other if the sides ran apart.
enum CodecBenchmark {
    static let words = [
        "picnic", "release", "tests", "coffee", "the", "a", "build", "merge", "review", "bug", "fixed", "today", "café", "\"quoted\"",
        "naïve", "👍", "https://example.org/a/b", "line\nbreak", "中文",
    ]

    /// One step timed on both sides: the median CPU seconds of each.
    struct Times {
        var baseline: Double
        var ours: Double
    }

    static func run(messages count: Int = 100_000, runs: Int = 5) {
        let messages = generate(count: count)
        let place = RecordPlace(file: "bench.jsonl", line: 1, offset: 0)
        let encoder = EventRecordEncoder.recordEncoder()
        let baselineRecords = messages.map { try! encoder.encode(EventRecords.MessageRecord($0)) }
        let records = messages.map { Data(MessageRecordWriter().bytes(of: $0)) }
        let encode = interleaved(runs: runs) {
            messages.map { try! encoder.encode(EventRecords.MessageRecord($0)) }
        } ours: {
            messages.map { MessageRecordWriter().bytes(of: $0) }
        }
        let decode = interleaved(runs: runs) {
            records.map { try! EventRecordDecoder(place: place).decodedEvent(from: $0) }
        } ours: {
            records.map { try! MessageRecordReader().message(from: $0, at: place) }
        }
        let decoded = records.map { try! MessageRecordReader().message(from: $0, at: place) }
        let bytes = records.reduce(0) { $0 + $1.count + 1 }
        print(
            "\n## Message records (\(count) generated messages, \(bytes / 1_000_000) MB of JSON Lines, median CPU time of \(runs) runs)\n")
        print("| step | Foundation (µs/record) | Parley (µs/record) | ratio | Foundation (MB/s) | Parley (MB/s) |")
        print("|---|---:|---:|---:|---:|---:|")
        for (name, times) in [
            ("encode: JSONEncoder → MessageRecordWriter", encode), ("decode + validate: JSONDecoder → MessageRecordReader", decode),
        ] {
            print(
                "| \(name) | \(DiffBenchmark.format(times.baseline / Double(count) * 1e6)) "
                    + "| \(DiffBenchmark.format(times.ours / Double(count) * 1e6)) "
                    + "| \(DiffBenchmark.format(times.baseline / times.ours, decimals: 1))× "
                    + "| \(DiffBenchmark.format(Double(bytes) / times.baseline / 1e6, decimals: 0)) "
                    + "| \(DiffBenchmark.format(Double(bytes) / times.ours / 1e6, decimals: 0)) |")
        }
        let sameMessages = decoded.indices.allSatisfy { index in
            guard case let .message(message) = try? EventRecordDecoder(place: place).decodedEvent(from: records[index]) else {
                return false
            }
            return message == decoded[index]
        }
        print("\nsame bytes as JSONEncoder: \(records == baselineRecords), same messages as JSONDecoder: \(sameMessages)")
    }

    /// The median CPU time of `runs` runs of `baseline` and of `ours`, run by turns. What a run
    /// returns is freed after it is timed.
    static func interleaved(runs: Int, baseline: () -> Any, ours: () -> Any) -> Times {
        var times: [(Double, Double)] = []
        for _ in 0..<runs { times.append((cpuSeconds(baseline), cpuSeconds(ours))) }
        return Times(baseline: DiffBenchmark.median(times.map(\.0)), ours: DiffBenchmark.median(times.map(\.1)))
    }

    /// The CPU time this thread spends in `body`, in seconds; its result is freed after.
    static func cpuSeconds(_ body: () -> Any) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        let result = body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        withExtendedLifetime(result) {}
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// Seeded messages in one channel, about 30 s apart.
    static func generate(count: Int) -> [Message] {
        var random = SeededRandom(seed: 11)
        var time: Int64 = 1_700_000_000_000
        return (0..<count).map { index in
            time += Int64(random.below(60_000))
            let user = random.below(12)
            let text = (0..<(4 + random.below(37))).map { _ in words[random.below(words.count)] }.joined(separator: " ")
            var message = Message(
                id: MessageID(String(1_000_000_000_000_000_000 + index)), channel: ChannelID("general"),
                author: Author(
                    id: AuthorID("\(9000 + user)"), name: "user\(user)", displayName: user % 2 == 0 ? "User \(user)" : nil,
                    avatarURL: "https://cdn.example.org/avatars/\(9000 + user).png", color: user % 3 == 0 ? nil : "#E67E22"),
                timestamp: Timestamp(milliseconds: time), content: Content(text: text, flavor: .discordMarkdown))
            if index % 40 == 0 { message.editedTimestamp = Timestamp(milliseconds: time + 5000) }
            if index % 25 == 0, index > 0 {
                message.kind = .reply
                message.reply = ReplyReference(messageID: MessageID(String(1_000_000_000_000_000_000 + index - 3)))
            }
            if index % 7 == 0 { message.reactions = [Reaction(emoji: "👍", count: 2), Reaction(emoji: "shipit", emojiID: "123", count: 1)] }
            if index % 20 == 0 {
                message.attachments = [
                    Attachment(
                        id: "\(index)", url: "https://cdn.example.org/files/\(index)/photo.png", fileName: "photo.png", sizeBytes: 123_456,
                        width: 640, height: 480)
                ]
            }
            if index % 30 == 0 {
                message.embeds = [
                    Embed(title: "A link", url: "https://example.org/\(index)", description: "What the page says about itself.")
                ]
            }
            if index % 50 == 0 { message.mentions = [Mention(id: AuthorID("9001"), name: "user1")] }
            return message
        }
    }
}
