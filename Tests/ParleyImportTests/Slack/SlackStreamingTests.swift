import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// A Slack export read one day file at a time into a sink (`parley render`'s path) gives the
/// messages of the whole import (`convert`'s): the same channels, directory and diagnostics, and per
/// channel the same messages. The streamed ones come in day file order, without the parent's
/// ``Message/threadReplies`` (the whole import's gathering; the archive's store keeps neither and
/// orders messages by time), so both sides are compared in time order with that field cleared.
@Suite("Slack streaming")
struct SlackStreamingTests {
    /// Keeps what a streamed import hands over, per channel in the order received.
    final class CollectingSink: MessageSink {
        private(set) var messages: [ChannelID: [Message]] = [:]
        private(set) var locations: [RecordLocation] = []

        func accept(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?) {
            #expect(channel.messages.isEmpty)
            messages[channel.id, default: []].append(message)
            locations.append(location)
        }
    }

    /// The messages in the archive's order: by time, then by id.
    static func byTime(_ messages: [Message]) -> [Message] {
        messages.sorted { ($0.timestamp, $0.id.rawValue) < ($1.timestamp, $1.id.rawValue) }
    }

    /// `messages` with a later copy of an id in place of the earlier one (the archive's rule).
    static func latestCopies(_ messages: [Message]) -> [Message] {
        var latest: [MessageID: Message] = [:]
        for message in messages { latest[message.id] = message }
        return Array(latest.values)
    }

    /// Reads `path` both ways and checks that they agree; returns the streamed messages per
    /// channel (in the whole import's channel order) and the whole import.
    static func compare(_ path: String) throws -> (streamed: [[Message]], whole: ImportResult, sink: CollectingSink) {
        let whole = try TranscriptReader().read(contentsOf: path)
        let sink = CollectingSink()
        let streamed = try TranscriptReader().read(contentsOf: path, into: sink)
        #expect(streamed.format == .slack)
        #expect(streamed.file == whole.file)
        #expect(streamed.transcript.title == whole.transcript.title)
        #expect(streamed.transcript.directory == whole.transcript.directory)
        #expect(streamed.transcript.channels.allSatisfy { $0.messages.isEmpty })
        #expect(
            streamed.transcript.channels
                == whole.transcript.channels.map { channel in
                    var header = channel
                    header.messages = []
                    return header
                })
        #expect(Set(sink.messages.keys).isSubset(of: Set(whole.transcript.channels.map(\.id))))
        var perChannel: [[Message]] = []
        for channel in whole.transcript.channels {
            let received = sink.messages[channel.id] ?? []
            let expected = channel.messages.map { message in
                var copy = message
                copy.threadReplies = nil
                return copy
            }
            #expect(byTime(latestCopies(received)) == byTime(expected), "channel \(channel.name)")
            perChannel.append(received)
        }
        return (perChannel, whole, sink)
    }

    @Test(
        "the corpus exports stream the whole import's messages, a day file at a time",
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"),
        arguments: [
            ("sev-testarchive", [37, 31], 0, "2016-01-14"),
            ("slackdump-export", [16], 3, "2025-01-10"),
        ])
    func corpus(folder: String, counts: [Int], threads: Int, firstDay: String) throws {
        let (streamed, whole, sink) = try Self.compare(TestPaths.corpus.appendingPathComponent("slack/\(folder)").path)
        #expect(streamed.map(\.count) == counts)
        #expect(whole.diagnostics.isEmpty)
        #expect(whole.transcript.channels.flatMap(\.messages).count { $0.threadReplies != nil } == threads)
        let firstLocation = try #require(sink.locations.first)
        #expect(firstLocation.file.hasSuffix("/\(firstDay).json"), "\(firstLocation)")
        #expect(firstLocation.place == "$[0]")
        for messages in streamed {
            let days = messages.map { Self.utcDay($0.timestamp) }
            #expect(days == days.sorted(), "messages come in day file order")
        }
    }

    @Test("a zipped export streams the whole import's messages; a thread's replies come after their parent")
    func zip() throws {
        let zip = TestPaths.fixture("slack-export.zip").path
        let (streamed, whole, sink) = try Self.compare(zip)
        #expect(
            streamed.map { $0.map(\.id.rawValue) } == [
                ["1704103200.000100", "1704106800.000200", "1704186000.000050", "1704189600.000300", "1704193200.000400"]
            ])
        #expect(
            sink.locations.map(\.description) == ["\(zip): general/2024-01-01.json: $[0]", "\(zip): general/2024-01-01.json: $[1]"]
                + (0..<3).map { "\(zip): general/2024-01-02.json: $[\($0)]" })
        #expect(streamed[0].allSatisfy { $0.threadReplies == nil })
        #expect(streamed[0][3].threadRoot == MessageID("1704103200.000100"))
        #expect(whole.transcript.channels[0].messages[0].threadReplies == [MessageID("1704106800.000200"), MessageID("1704189600.000300")])
    }

    @Test("odd records, a day file that is not a list, a missing reply and an unknown folder: the same diagnostics both ways")
    func diagnostics() throws {
        let folder = try Self.export([
            "users.json": #"[{"id":"U1","name":"ana"}]"#,
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-01-01.json": """
            [{"type":"message","user":"U1","text":"root","ts":"1704103200.000100","thread_ts":"1704103200.000100",
              "replies":[{"user":"U1","ts":"1704189600.000300"},{"user":"U1","ts":"1704189700.000900"}]},
             {"type":"message","user":"U1","text":"no ts"},
             {"type":"message","user":"U1","text":"odd ts","ts":"soon"}]
            """,
            "general/2024-01-02.json": """
            [{"type":"message","user":"U1","text":"reply","ts":"1704189600.000300","thread_ts":"1704103200.000100"},
             {"type":"message","user":"U1","text":"root, edited","ts":"1704103200.000100","edited":{"user":"U1","ts":"1704190000.000000"}}]
            """,
            "general/2024-01-03.json": #"{"not":"a list"}"#,
            "random/2024-01-02.json": #"[{"type":"message","user":"U1","text":"hi","ts":"1704190000.000100"}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (streamed, whole, _) = try Self.compare(folder.path)
        let day1 = "\(folder.path): general/2024-01-01.json"
        let expected = [
            Diagnostic(
                file: folder.path, location: "random/",
                message: "no conversation of this name in the export's lists; named after its folder"),
            Diagnostic.skipped(
                file: day1, location: "$[1].ts", reason: "expected a required \"ts\" field",
                cause: .schema(file: day1, path: "$[1].ts", expected: "a required \"ts\" field")),
            Diagnostic.skipped(file: day1, location: "$[2]", reason: "ts \"soon\" is not a Slack timestamp (seconds.micros)"),
            Diagnostic.skipped(
                file: "\(folder.path): general/2024-01-03.json", location: "$",
                reason: "expected a list of messages; the day file is skipped"),
            Diagnostic(
                file: folder.path, location: "general/ ts 1704103200.000100",
                message: "thread lists 1 reply not in the export (1704189700.000900)"),
        ]
        let duplicate = Diagnostic(
            file: "\(folder.path): general/2024-01-02.json", location: "$[1]",
            message: "duplicate message id 1704103200.000100 (first seen at \(day1): $[0]); merged, later copy kept")
        #expect(whole.diagnostics == expected + [duplicate])
        #expect(whole.transcript.channels.map(\.name) == ["general", "random"])
        #expect(whole.transcript.channels[0].messages.map(\.content.text) == ["root, edited", "reply"])
        #expect(streamed.map { $0.map(\.content.text) } == [["root", "reply", "root, edited"], ["hi"]])
    }

    /// The conversation keeps the ids it read as numbers when they have Slack's form; a `ts` of
    /// another form (a leading zero, fewer digits) stays a different id.
    @Test("a listed reply is missing unless a message has exactly its ts")
    func listedRepliesMatchExactly() throws {
        let folder = try Self.export(
            [
                "channels.json": #"[{"id":"C1","name":"general"}]"#,
                "general/1970-01-01.json": """
                [{"type":"message","user":"U1","text":"root","ts":"1.000001",
                  "replies":[{"ts":"5.5"},{"ts":"0123.000001"},{"ts":"123.000001"},{"ts":"99.000001"}]},
                 {"type":"message","user":"U1","text":"a","ts":"5.5","thread_ts":"1.000001"},
                 {"type":"message","user":"U1","text":"b","ts":"123.000001","thread_ts":"1.000001"}]
                """,
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (streamed, whole, _) = try Self.compare(folder.path)
        #expect(streamed.map { $0.map(\.content.text) } == [["root", "a", "b"]])
        #expect(
            whole.diagnostics == [
                Diagnostic(
                    file: folder.path, location: "general/ ts 1.000001",
                    message: "thread lists 2 replies not in the export (0123.000001, 99.000001)")
            ])
    }

    /// The fixture's second day file lacks a comma at byte 226 (after the first record): its first
    /// record is kept, the rest of that file skipped and named with its line and byte.
    @Test("a malformed day file keeps the messages before the break, both ways, and names the file, line and byte")
    func malformedDayFile() throws {
        let path = TestPaths.fixture("slack-export-broken-day.zip").path
        let (streamed, whole, _) = try Self.compare(path)
        #expect(streamed.map { $0.map(\.id.rawValue) } == [["1704103200.000100", "1704106800.000200", "1704186000.000050"]])
        let file = "\(path): general/2024-01-02.json"
        let syntax = "a JSON value, found a parse error: after key and value, inside map, I expect ',' or '}'"
        #expect(
            whole.diagnostics == [
                .skipped(
                    file: file, location: "line 13, byte 227",
                    reason: "\(syntax); the rest of the day file is skipped, the 1 message before kept",
                    cause: .syntax(file: file, offset: 227, line: 13, expected: syntax)),
                Diagnostic(
                    file: path, location: "general/ ts 1704103200.000100",
                    message: "thread lists 1 reply not in the export (1704189600.000300)"),
            ])
    }

    @Test("an export whose only day file breaks before its first message fails both ways with that syntax error")
    func nothingRead() throws {
        let folder = try Self.export(
            [
                "channels.json": #"[{"id":"C1","name":"general"}]"#,
                "general/2024-01-01.json": #"[{"type":"message","ts":"1704103200.000100" "text":"x"}]"#,
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = ImportError.syntax(
            file: "\(folder.path): general/2024-01-01.json", offset: 45, line: 1,
            expected: "a JSON value, found a parse error: after key and value, inside map, I expect ',' or '}'")
        #expect(throws: error) { try TranscriptReader().read(contentsOf: folder.path) }
        #expect(throws: error) { try TranscriptReader().read(contentsOf: folder.path, into: CollectingSink()) }
    }

    /// A new temporary folder holding `files` (relative path → text).
    static func export(_ files: [String: String]) throws -> URL {
        let folder = TestPaths.temporaryFolder()
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// `YYYY-MM-DD` of `timestamp` in UTC.
    static func utcDay(_ timestamp: Timestamp) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: Double(timestamp.milliseconds) / 1000))
    }
}
