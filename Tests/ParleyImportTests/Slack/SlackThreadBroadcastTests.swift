import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// A thread reply also sent to the channel (`subtype: thread_broadcast`) is shown in the channel
/// and in its thread, once each: the channel's copy keeps the message's id, the thread's copy has
/// the id `ts-thread`, so each has an element id of its own and keeps it in every later render.
@Suite("Slack thread broadcasts")
struct SlackThreadBroadcastTests {
    static let files = [
        "users.json": #"[{"id":"U1","name":"ana"},{"id":"U2","name":"ben"}]"#,
        "channels.json": #"[{"id":"C1","name":"general"}]"#,
        "general/2024-01-01.json": """
        [{"type":"message","user":"U1","text":"root","ts":"1704103200.000100","thread_ts":"1704103200.000100","reply_count":2,
          "replies":[{"user":"U2","ts":"1704106800.000200"},{"user":"U2","ts":"1704189600.000300"}]},
         {"type":"message","user":"U2","text":"in the thread only","ts":"1704106800.000200","thread_ts":"1704103200.000100",
          "parent_user_id":"U1"}]
        """,
        "general/2024-01-02.json": """
        [{"type":"message","user":"U1","text":"between","ts":"1704186000.000050"},
         {"type":"message","subtype":"thread_broadcast","user":"U2","text":"also sent to the channel :tada:",
          "ts":"1704189600.000300","thread_ts":"1704103200.000100","root":{"type":"message","user":"U1","text":"root",
          "ts":"1704103200.000100","thread_ts":"1704103200.000100"},"reactions":[{"name":"eyes","users":["U1"],"count":1}]}]
        """,
    ]

    @Test("the broadcast is in the channel and in its thread, the thread's copy with an id of its own, both ways alike")
    func channelAndThreadCopies() throws {
        let folder = try SlackStreamingTests.export(Self.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (streamed, whole, sink) = try SlackStreamingTests.compare(folder.path)
        #expect(whole.diagnostics.isEmpty, "the root's listed reply is read")
        let messages = try #require(whole.transcript.channels.first).messages
        #expect(
            messages.map(\.id.rawValue) == [
                "1704103200.000100", "1704106800.000200", "1704189600.000300-thread", "1704186000.000050", "1704189600.000300",
            ])
        #expect(messages[0].threadReplies == [MessageID("1704106800.000200"), MessageID("1704189600.000300-thread")])
        let channelCopy = messages[4], threadCopy = messages[2]
        #expect(channelCopy.kind == .reply)
        #expect(channelCopy.reply == ReplyReference(messageID: MessageID("1704103200.000100")))
        #expect(channelCopy.threadRoot == nil)
        #expect(threadCopy.kind == .reply)
        #expect(threadCopy.reply == ReplyReference(messageID: MessageID("1704103200.000100")))
        #expect(threadCopy.threadRoot == MessageID("1704103200.000100"))
        var same = threadCopy
        same.id = channelCopy.id
        same.threadRoot = nil
        #expect(same == channelCopy, "the copies differ only in id and thread")
        #expect(channelCopy.content.text == "also sent to the channel 🎉")
        #expect(channelCopy.reactions == [Reaction(emoji: "👀", count: 1)])
        #expect(streamed.map { $0.map(\.id.rawValue) }[0].suffix(2) == ["1704189600.000300", "1704189600.000300-thread"])
        let day2 = RecordLocation(file: "\(folder.path): general/2024-01-02.json", place: "$[1]")
        #expect(sink.locations.suffix(2) == [day2, day2])
    }
}
