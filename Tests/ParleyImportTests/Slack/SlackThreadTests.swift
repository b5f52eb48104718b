import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Threads in shapes Slack never writes (found while fuzzing the Slack importer): no message is lost.
@Suite("Slack threads")
struct SlackThreadTests {
    @Test("a reply to a reply and replies naming each other stay among the top-level messages")
    func oddThreadsKeepEveryMessage() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("general"), withIntermediateDirectories: true)
        try Data(#"[{"id":"C1","name":"general"}]"#.utf8).write(to: folder.appendingPathComponent("channels.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent("users.json"))
        // 1 is a root with the reply 2; 3 replies to the reply 2; 4 and 5 name each other as their root.
        let threads: [(ts: String, root: String?)] = [
            ("1.000001", nil), ("2.000001", "1.000001"), ("3.000001", "2.000001"), ("4.000001", "5.000001"), ("5.000001", "4.000001"),
        ]
        let messages = threads.map { message in
            #"{"type":"message","user":"U1","text":"m","ts":"\#(message.ts)""# + (message.root.map { #","thread_ts":"\#($0)""# } ?? "")
                + "}"
        }
        try Data("[\(messages.joined(separator: ","))]".utf8).write(to: folder.appendingPathComponent("general/1970-01-01.json"))

        let channel = try #require(TranscriptReader().read(contentsOf: folder.path).transcript.channels.first)

        #expect(channel.messages.map(\.id.rawValue) == threads.map(\.ts))
        #expect(channel.messages[0].threadReplies == [MessageID("2.000001")])
        #expect(channel.messages[1...].allSatisfy { $0.threadReplies == nil })
    }
}
