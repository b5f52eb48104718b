import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// One odd entry of a Telegram export costs only itself: a field of the wrong type, a missing
/// date, a record that is not an object, an `unsupported` entry before any dated message are
/// skipped and named; an unknown type with a date is read as a message, an `unsupported` entry
/// after a dated one is kept as a placeholder; everything else is imported, the same way whole
/// and streamed.
@Suite struct TelegramOddRecordTests {
    static let export = """
        {"about":"x","personal_information":{"first_name":"Ana"},"chats":{"list":[
         {"name":"Group","type":"private_supergroup","id":10,"messages":[
          {"id":1,"type":"message","date_unixtime":"1700000000","from":"Ana","from_id":"user1","text":"first"},
          {"id":2,"type":"message","date_unixtime":"1700000010","from":"Ana","from_id":"user1","text":7},
          {"id":3,"type":"message","from":"Ana","from_id":"user1","text":"no date"},
          {"id":4,"type":"unsupported"},
          {"id":5,"type":"story_future","date_unixtime":"1700000020","from":"Ben","from_id":"user2","text":"a new kind"},
          {"id":6,"type":"story_future","from":"Ben","from_id":"user2"},
          42,
          {"id":8,"type":"message","date_unixtime":"1700000030","from":"Ben","from_id":"user2","text":"last"}
         ]},
         {"name":"Ben","type":"personal_chat","id":20,"messages":[
          {"id":1,"type":"unsupported"},
          {"id":2,"type":"message","date_unixtime":"1700000040","from":"Ben","from_id":"user2","text":"hi"}
         ]}
        ]}}
        """

    static let diagnostics = [
        "result.json: chats.list[0].messages[1].text: record skipped: expected a string or an array of strings and text entities",
        "result.json: chats.list[0].messages[2]: record skipped: expected a \"date_unixtime\" or \"date\" field",
        "result.json: chats.list[0].messages[5]: record skipped: expected a \"date_unixtime\" or \"date\" field",
        "result.json: chats.list[0].messages[6]: record skipped: expected a value of type object",
        "result.json: chats.list[0].messages[3]: 1 \"unsupported\" message (exported without date or content) kept as a placeholder "
            + "at the time of the message before",
        "result.json: chats.list[1].messages[0]: record skipped: expected a dated message before this \"unsupported\" one "
            + "(Telegram Desktop exports it without a date) to take its time",
    ]

    static func write() throws -> String {
        let url = TestPaths.temporaryFolder().appendingPathComponent("result.json")
        try Data(export.utf8).write(to: url)
        return url.path
    }

    @Test func oddEntriesAreSkippedAndNamedTheRestImported() throws {
        let path = try Self.write()
        let result = try TranscriptReader().read(contentsOf: path)
        let messages = result.transcript.channels.map { $0.messages.map(\.id.rawValue) }
        #expect(messages == [["1", "4", "5", "8"], ["2"]])
        #expect(result.diagnostics.map { $0.description.replacingOccurrences(of: path, with: "result.json") } == Self.diagnostics)
        #expect(result.diagnostics.filter(\.skipsRecord).count == 5)
        let placeholder = result.transcript.channels[0].messages[1]
        #expect(placeholder.kind == .system)
        #expect(placeholder.author == Author(id: AuthorID("telegram"), name: "Telegram"))
        #expect(placeholder.timestamp == Timestamp(seconds: 1_700_000_000))
        #expect(placeholder.content.text == "unsupported message (Telegram Desktop did not export it)")
        #expect(result.transcript.channels[0].messages[2].content.text == "a new kind")
    }

    @Test func theStreamedReadSkipsAndKeepsTheSame() throws {
        let path = try Self.write()
        let whole = try TranscriptReader().read(contentsOf: path)
        let sink = CollectingSink()
        let streamed = try TranscriptReader().read(contentsOf: path, into: sink)
        #expect(sink.order == [ChannelID("10"), ChannelID("20")])
        #expect(sink.messages[ChannelID("10")] == whole.transcript.channels[0].messages)
        #expect(sink.messages[ChannelID("20")] == whole.transcript.channels[1].messages)
        #expect(streamed.diagnostics == whole.diagnostics)
    }
}
