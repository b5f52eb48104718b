import Foundation
import ParleyEventCodec
import ParleyModel
import Testing

/// `EventRecordEncoder.encode(_:)` of a ``TranscriptEvent`` writes one event as the record
/// `docs/FORMAT.md` describes, and ``EventRecordDecoder/event(line:file:lineNumber:offset:)``
/// reads it back as the same event.
@Suite struct ParleyEventRecordTests {
    static let channel = ChannelID("general")
    static let maya = Author(id: AuthorID("u1"), name: "maya", displayName: "Maya", color: "#E67E22")
    static let sent = Timestamp(milliseconds: 1_709_889_302_123)

    /// One event of each kind, the first with most optional fields set, and its exact record.
    static let examples: [(TranscriptEvent, String)] = [
        (
            .message(
                Message(
                    id: MessageID("1"), channel: channel, author: maya, timestamp: sent, kind: .reply,
                    content: Content(text: "Hi \"all\" / <b>", flavor: .discordMarkdown),
                    reactions: [Reaction(emoji: "👍", count: 2)], reply: ReplyReference(messageID: MessageID("0")), isPinned: true)),
            ##"{"author":{"color":"#E67E22","displayName":"Maya","id":"u1","name":"maya"},"channel":"general","content":"Hi \"all\" / <b>","##
                + #""flavor":"discordMarkdown","id":"1","kind":"reply","pinned":true,"reactions":[{"count":2,"emoji":"👍"}],"replyTo":"0","#
                + #""timestamp":"2024-03-08T09:15:02.123Z","type":"message"}"#
        ),
        (
            .edit(
                channel: channel, id: MessageID("1"), text: "bold", flavor: .spans,
                spans: [FormatSpan(kind: .bold, offset: 0, length: 4)], edited: Timestamp(milliseconds: 1_709_889_360_000)),
            #"{"channel":"general","content":"bold","edited":"2024-03-08T09:16:00.000Z","flavor":"spans","id":"1","#
                + #""spans":[{"kind":"bold","length":4,"offset":0}],"type":"edit"}"#
        ),
        (
            .edit(channel: channel, id: MessageID("1"), text: "plain", flavor: nil, spans: [], edited: nil),
            #"{"channel":"general","content":"plain","id":"1","type":"edit"}"#
        ),
        (
            .append(channel: channel, id: MessageID("2"), text: ", how\ncan I help?"),
            #"{"channel":"general","id":"2","text":", how\ncan I help?","type":"append"}"#
        ),
        (.delete(channel: channel, id: MessageID("2")), #"{"channel":"general","id":"2","type":"delete"}"#),
        (
            .reactionAdd(channel: channel, id: MessageID("1"), reaction: Reaction(emoji: "👍", count: 1)),
            #"{"channel":"general","emoji":"👍","id":"1","type":"reaction_add"}"#
        ),
        (
            .reactionRemove(
                channel: channel, id: MessageID("1"),
                reaction: Reaction(emoji: "shipit", emojiID: "123", imageURL: "https://cdn.example/e/123.png", count: 3)),
            #"{"channel":"general","count":3,"emoji":"shipit","emojiID":"123","id":"1","imageURL":"https://cdn.example/e/123.png","#
                + #""type":"reaction_remove"}"#
        ),
    ]

    static func decode(_ record: Data) throws -> TranscriptEvent {
        try EventRecordDecoder.event(line: record, file: "record", lineNumber: 1)
    }

    @Test(arguments: examples.indices)
    func eachKindIsWrittenExactlyAndReadBack(index: Int) throws {
        let (event, expected) = Self.examples[index]
        let record = try EventRecordEncoder().encode(event)
        #expect(String(decoding: record, as: UTF8.self) == expected)
        #expect(try Self.decode(record) == event)
    }

    @Test func twelveThousandRandomEventsRoundTripExactlyAndDeterministically() throws {
        var events = RandomTranscriptEvents(seed: 6)
        var kinds: [String: Int] = [:]
        for _ in 0..<12_000 {
            let event = events.next()
            let record = try EventRecordEncoder().encode(event)
            #expect(!record.contains(0x0A), "one line: \(String(decoding: record, as: UTF8.self))")
            #expect(try Self.decode(record) == event, "\(String(decoding: record, as: UTF8.self))")
            #expect(try EventRecordEncoder().encode(event) == record)
            let type = try JSONSerialization.jsonObject(with: record) as? [String: Any]
            kinds[type?["type"] as? String ?? "?", default: 0] += 1
        }
        #expect(
            kinds == ["message": 1952, "edit": 1974, "append": 2034, "delete": 1932, "reaction_add": 2096, "reaction_remove": 2012])
    }
}
