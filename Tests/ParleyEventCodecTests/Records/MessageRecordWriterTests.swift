import Foundation
import ParleyEventCodec
import ParleyModel
import Testing

/// ``MessageRecordWriter`` writes a message's record byte for byte as `JSONEncoder` with
/// ``EventRecordEncoder/recordEncoder()`` writes `EventRecords.MessageRecord(message)`.
@Suite struct MessageRecordWriterTests {
    /// The bytes `JSONEncoder` writes for `message`: what the writer must match.
    static func encoderBytes(_ message: Message) throws -> [UInt8] {
        Array(try EventRecordEncoder.recordEncoder().encode(EventRecords.MessageRecord(message)))
    }

    /// The key order the writer relies on: `JSONEncoder` on this platform sorts keys by their
    /// UTF-8 bytes (upper case before lower case, a prefix first), not by a locale's rules.
    @Test func jsonEncoderSortsKeysByTheirBytes() throws {
        struct Probe: Encodable {
            var avatarURL = 0, author = 0, displayName = 0, description = 0, imageURLs = 0, imageURL = 0, id = 0, isInline = 0
            var replyChannel = 0, replyTo = 0, emoji = 0, emojiID = 0, viaBot = 0, a_b = 0, aB = 0, ab = 0, B = 0
        }
        let text = String(decoding: try EventRecordEncoder.recordEncoder().encode(Probe()), as: UTF8.self)
        #expect(
            text == #"{"B":0,"aB":0,"a_b":0,"ab":0,"author":0,"avatarURL":0,"description":0,"displayName":0,"emoji":0,"emojiID":0,"#
                + #""id":0,"imageURL":0,"imageURLs":0,"isInline":0,"replyChannel":0,"replyTo":0,"viaBot":0}"#)
    }

    /// Each scalar of U+0000–U+00FF and a few beyond, alone in a message's text, is written as
    /// `JSONEncoder` writes it: `\b \t \n \f \r`, `\u00xx` in lower case for the other control
    /// characters, `\"` and `\\`, everything else (`/`, U+007F, U+2028) as it is.
    @Test func everyCharacterIsEscapedAsJSONEncoderEscapesIt() throws {
        let scalars = (0..<0x100).compactMap { Unicode.Scalar(UInt32($0)) } + ["\u{2028}", "\u{2029}", "\u{FEFF}", "😀", "\u{10FFFF}"]
        for scalar in scalars {
            let message = Message(
                id: MessageID("1"), channel: ChannelID("c"), author: Author(id: AuthorID("u"), name: String(scalar)),
                timestamp: Timestamp(milliseconds: 0), content: Content(text: "a\(scalar)b"))
            #expect(MessageRecordWriter().bytes(of: message) == (try Self.encoderBytes(message)), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test(arguments: [MessageRecordExamples.everyField, MessageRecordExamples.escapes, MessageRecordExamples.edges])
    func handWrittenRecordsAreWrittenExactly(message: Message, record: String) throws {
        #expect(MessageRecordWriter().string(of: message) == record)
        #expect(String(decoding: try Self.encoderBytes(message), as: UTF8.self) == record)
        #expect(Array(try EventRecordEncoder().encode(.message(message))) == Array(record.utf8))
    }

    /// `append(_:to:)` adds to what the buffer holds, so records can follow each other in one buffer.
    @Test func recordsAppendToABuffer() {
        var bytes = Array("x\n".utf8)
        MessageRecordWriter().append(MessageRecordExamples.everyField.0, to: &bytes)
        #expect(bytes == Array(("x\n" + MessageRecordExamples.everyField.1).utf8))
    }

    /// Property: 6,000 seeded messages with every optional field set or not, nasty text and
    /// integers at the edges of their types are written exactly as `JSONEncoder` writes them.
    @Test func sixThousandRandomMessagesAreWrittenAsJSONEncoderWritesThem() throws {
        var events = RandomTranscriptEvents(seed: 61, extremes: true)
        var fields: Set<String> = []
        for _ in 0..<6_000 {
            let message = events.message(channel: ChannelID(events.identifier()), id: MessageID(events.identifier()))
            let bytes = MessageRecordWriter().bytes(of: message)
            let expected = try Self.encoderBytes(message)
            #expect(bytes == expected, "\(String(decoding: expected, as: UTF8.self))")
            if let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] { fields.formUnion(object.keys) }
        }
        #expect(fields.count == 22, "every field of the record was written: \(fields.sorted())")
    }
}
