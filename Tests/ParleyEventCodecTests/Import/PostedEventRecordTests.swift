import Foundation
import ParleyEventCodec
import ParleyModel
import Testing

/// ``EventRecordDecoder/postedEvent(line:channel:file:lineNumber:offset:)``: a posted record may
/// leave `channel` out, the address names it; files still name it on every event.
@Suite struct PostedEventRecordTests {
    static let general = ChannelID("general")

    /// Every example record of ``ParleyEventRecordTests`` with its `"channel":"general"` member
    /// removed reads as the same event in `general`, not naming its channel; as written, it names it.
    @Test(arguments: ParleyEventRecordTests.examples.indices)
    func eachKindMayLeaveItsChannelOut(index: Int) throws {
        let (event, record) = ParleyEventRecordTests.examples[index]
        let bare = record.replacingOccurrences(of: #""channel":"general","#, with: "")
        #expect(bare.count == record.count - #""channel":"general","#.count)
        let posted = try EventRecordDecoder.postedEvent(line: Data(bare.utf8), channel: Self.general, file: "request body", lineNumber: 1)
        #expect(posted.event == event)
        #expect(!posted.namesChannel)
        let named = try EventRecordDecoder.postedEvent(line: Data(record.utf8), channel: Self.general, file: "request body", lineNumber: 1)
        #expect(named.event == event)
        #expect(named.namesChannel)
    }

    /// A record that names another channel keeps it (the ingest refuses it); `null` counts as left out.
    @Test func aNamedChannelIsKeptAndNullIsLeftOut() throws {
        let other = try EventRecordDecoder.postedEvent(
            line: Data(#"{"type":"delete","channel":"random","id":"2"}"#.utf8), channel: Self.general, file: "request body", lineNumber: 1)
        #expect(other.event == .delete(channel: ChannelID("random"), id: MessageID("2")))
        #expect(other.namesChannel)
        let message =
            #"{"type":"message","channel":null,"id":"1","timestamp":"2024-03-08T09:15:02.123Z","author":{"id":"u1","name":"maya"},"content":"hi"}"#
        let null = try EventRecordDecoder.postedEvent(line: Data(message.utf8), channel: Self.general, file: "request body", lineNumber: 1)
        #expect(null.event.channel == Self.general)
        #expect(null.event.messageID == MessageID("1"))
        #expect(!null.namesChannel)
    }

    /// A line of a file (`--follow`, `parley convert`) must still name its channel.
    @Test func aFileLineWithoutChannelIsRefused() {
        let message =
            #"{"type":"message","id":"1","timestamp":"2024-03-08T09:15:02.123Z","author":{"id":"u1","name":"maya"},"content":"hi"}"#
        #expect(throws: EventRecordError(file: "chat.jsonl", line: 3, offset: 0, expected: #"message record: a required "channel" field"#))
        {
            try EventRecordDecoder.event(line: Data(message.utf8), file: "chat.jsonl", lineNumber: 3)
        }
        #expect(throws: EventRecordError(file: "chat.jsonl", line: 3, offset: 0, expected: #"delete record: a required "channel" field"#)) {
            try EventRecordDecoder.event(line: Data(#"{"type":"delete","id":"2"}"#.utf8), file: "chat.jsonl", lineNumber: 3)
        }
    }
}
