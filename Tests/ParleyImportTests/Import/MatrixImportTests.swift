import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Element's JSON export of a Matrix room. The corpus has none, so `Fixtures/matrix-element-export.json`
/// was written from the client-server specification: every msgtype, HTML bodies, edits (one by
/// the wrong sender, one of a missing event), replies, reactions (one redacted), redactions both
/// ways, membership changes, a sticker, and events Parley does not show.
@Suite struct MatrixImportTests {
    static func read() throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.fixture("matrix-element-export.json").path)
    }

    @Test func roomCountsAndSystemMessages() throws {
        let result = try Self.read()
        #expect(result.format == .matrix)
        #expect(result.groupingPolicy == .element)
        #expect(result.transcript.title == "Parley Room")
        let channel = try #require(result.transcript.channels.first)
        #expect(channel.id == ChannelID("!room:example.org"))
        #expect(channel.topic == "Testing the importer")
        #expect(channel.messages.count == 22)
        #expect(
            channel.messages.filter(\.kind.isSystem).map(\.content.text) == [
                "created the room", "joined the room", "changed the room name to “Parley Room”",
                "changed the topic to “Testing the importer”",
                "joined the room", "joined the room", "changed their display name to Robert", "left the room", "invited Dave",
            ])
        #expect(channel.messages.filter { $0.kind == .deleted }.map(\.content.text) == ["message deleted: wrong file", "message deleted"])
        #expect(result.transcript.directory.users["@bob:example.org"] == "Robert")
        #expect(
            result.diagnostics.map(\.description) == [
                "\(TestPaths.fixture("matrix-element-export.json").path): messages[23]: edit of $e10 by @bob:example.org, who did not send it; ignored",
                "\(TestPaths.fixture("matrix-element-export.json").path): messages[30]: edit of $missing, which is not in the export; shown as a message",
                "\(TestPaths.fixture("matrix-element-export.json").path): messages: 2 event(s) of types Parley does not show: m.call.invite ×1, m.room.power_levels ×1",
            ])
    }

    @Test func editsReactionsRepliesAndHTMLBodies() throws {
        let messages = try #require(Self.read().transcript.channels.first).messages
        let byID = Dictionary(uniqueKeysWithValues: messages.map { ($0.id.rawValue, $0) })
        let edited = try #require(byID["$e7"])
        #expect(edited.content == Content(text: "Hello <b>everyone</b>", flavor: .html))
        #expect(edited.editedTimestamp == Timestamp(milliseconds: 1_710_000_120_000))
        #expect(edited.reactions == [Reaction(emoji: "👍", count: 2)])
        #expect(
            edited.author
                == Author(
                    id: AuthorID("@alice:example.org"), name: "@alice:example.org", displayName: "Alice",
                    avatarURL: "mxc://example.org/alice"))
        #expect(byID["$e8"]?.reactions == [Reaction(emoji: "🎉", count: 1)])
        #expect(byID["$e9"]?.content == Content(text: "* Bob waves"))
        let reply = try #require(byID["$e14"])
        #expect(reply.content == Content(text: "Hi <em>Alice</em>!", flavor: .html))
        #expect(reply.reply == ReplyReference(messageID: MessageID("$e7")))
        #expect(reply.kind == .reply)
        #expect(byID["$e26"]?.author.shownName == "Robert")
        #expect(byID["$e25"]?.author.shownName == "Bob")
        #expect(byID["$e30"]?.content == Content(text: "Office"))
        #expect(byID["$e31"]?.content == Content(text: "fixed typo"))
    }

    @Test func mediaAndStickers() throws {
        let messages = try #require(Self.read().transcript.channels.first).messages
        let byID = Dictionary(uniqueKeysWithValues: messages.map { ($0.id.rawValue, $0) })
        var image = Attachment(id: "$e10", url: "mxc://example.org/cat", fileName: "cat.png", sizeBytes: 2048, width: 640, height: 480)
        image.contentType = "image/png"
        #expect(byID["$e10"]?.attachments == [image])
        #expect(byID["$e10"]?.content.text == "")
        #expect(byID["$e11"]?.content.text == "Here is the report")
        #expect(byID["$e11"]?.attachments.map(\.fileName) == ["report.pdf"])
        #expect(byID["$e12"]?.attachments.map(\.description) == ["5 s"])
        #expect(byID["$e32"]?.stickers == [Sticker(id: "$e32", name: "Happy", format: "png", url: "mxc://example.org/sticker")])
    }

    @Test func aPlainReplysQuotedFallbackIsRemoved() throws {
        let json = #"""
            {"room_name":"R","messages":[{"type":"m.room.message","event_id":"$r","sender":"@a:x","origin_server_ts":5,
            "content":{"msgtype":"m.text","body":"> <@b:x> quoted\n> more\n\nanswer\n> kept","m.relates_to":{"m.in_reply_to":{"event_id":"$q"}}}}]}
            """#
        let message = try #require(TranscriptReader().read(Data(json.utf8), file: "m.json").transcript.channels.first?.messages.first)
        #expect(message.content == Content(text: "answer\n> kept"))
        #expect(message.reply == ReplyReference(messageID: MessageID("$q")))
    }

    @Test(arguments: [
        (
            #"{"room_name":"R","messages":[{"type":"m.room.message","origin_server_ts":1,"content":{"body":"x"}}]}"#,
            "m.json: at messages[0].sender: a user id such as @alice:example.org"
        ),
        (
            #"{"room_name":"R","messages":[{"type":"m.room.message","sender":"@a:x","content":{"body":"x"}}]}"#,
            "m.json: at messages[0].origin_server_ts: a time in milliseconds since 1970"
        ),
        (#"{"room_name":"R","messages":{}}"#, "m.json: at messages: a value of type array"),
    ])
    func badEventsNameTheirPath(json: String, message: String) {
        let error = #expect(throws: ImportError.self) { try TranscriptReader().read(Data(json.utf8), file: "m.json", format: .matrix) }
        #expect(error?.description == message)
    }
}
