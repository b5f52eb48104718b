import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// No importer's text keeps a C0 control (but tab, line feed and carriage return) or DEL: the
/// reader replaces each with U+FFFD where every message passes, in the streamed and the whole
/// read alike, and no message id changes.
@Suite struct ControlCharacterTests {
    /// The text every input below carries, and what is left of it.
    static let raw = "a\u{1}b\u{B}c\u{7F}d\te\r\nf\u{0}g\u{1F}h\u{C}"
    static let kept = "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\r\nf\u{FFFD}g\u{FFFD}h\u{FFFD}"

    /// Writes `text` to a new file named `name`.
    static func write(_ text: String, as name: String) throws -> String {
        let url = TestPaths.temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The messages of `path` read whole and streamed into a sink, which must agree.
    static func readBothWays(_ path: String) throws -> [Message] {
        let whole = try TranscriptReader().read(contentsOf: path)
        let sink = CollectingSink()
        _ = try TranscriptReader().read(contentsOf: path, into: sink)
        let messages = whole.transcript.channels.flatMap(\.messages)
        #expect(sink.order.flatMap { sink.messages[$0] ?? [] } == messages)
        return messages
    }

    @Test func discordChatExporterTextAndNamesLoseTheirControls() throws {
        let json = """
            {"guild":{"id":"g","name":"G"},"channel":{"id":"c","type":"GuildTextChat","name":"general"},"messages":[
             {"id":"1","type":"Default","timestamp":"2024-01-01T00:00:00+00:00","content":"a\\u0001b\\u000bc\\u007f",
              "author":{"id":"9","name":"ann\\u0007"},"attachments":[{"id":"5","url":"https://x.example/f","fileName":"f\\u0002.txt",
              "fileSizeBytes":1}]}]}
            """
        let messages = try Self.readBothWays(Self.write(json, as: "discord.json"))
        #expect(messages.map(\.id) == [MessageID("1")])
        #expect(Array(messages[0].content.text.utf8) == Array("a\u{FFFD}b\u{FFFD}c\u{FFFD}".utf8))
        #expect(messages[0].author.name == "ann\u{FFFD}")
        #expect(messages[0].attachments.map(\.fileName) == ["f\u{FFFD}.txt"])
    }

    /// Telegram Desktop writes the controls as `\xHH` (not JSON): they are read, then replaced.
    @Test func telegramHexEscapesAreReadThenReplaced() throws {
        let json =
            #"{"name":"G","type":"private_group","id":5,"messages":[{"id":7,"type":"message","date_unixtime":"1700000000","#
            + #""from":"A\x1B","from_id":"user1","text":"a\x01b\x0Bc\u007fd\te\r\nf\x00g\x1Fh\x0C"}]}"#
        let messages = try Self.readBothWays(Self.write(json, as: "result.json"))
        #expect(messages.map(\.id) == [MessageID("7")])
        #expect(Array(messages[0].content.text.utf8) == Array(Self.kept.utf8))
        #expect(messages[0].author.name == "A\u{FFFD}")
    }

    /// A WhatsApp message's id is a hash of its text as written: the replacement comes after it.
    @Test func aSyntheticIDIsTheOneOfTheTextAsWritten() throws {
        let text = "a\u{1}b\u{B}c\u{7F}d\te"
        let chat = "[1/2/24, 10:00:00] Ann: \(text)\n[1/2/24, 10:01:00] Ben: plain\n"
        let path = try Self.write(chat, as: "chat.txt")
        let messages = try Self.readBothWays(path)
        let original = try WhatsAppImporter().importTranscript(Data(chat.utf8), file: path).transcript.channels[0].messages
        #expect(messages.map(\.id) == original.map(\.id))
        #expect(original[0].content.text == text)
        #expect(messages.map(\.content.text) == ["a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te", "plain"])
    }

    @Test func replacingKeepsSpanOffsetsAndLeavesCleanTextAlone() {
        #expect(ControlCharacters.replaced(in: "plain\ttext\r\n") == "plain\ttext\r\n")
        #expect(ControlCharacters.replaced(in: Self.raw).utf16.count == Self.raw.utf16.count)
        #expect(ControlCharacters.replaced(in: Self.raw) == Self.kept)
        #expect(ControlCharacters.replaced(in: "é\u{80}\u{9F}👋") == "é\u{80}\u{9F}👋")
    }

    /// A message whose only control is in one field: the field that
    /// `ControlCharacters.replaced(in:)` edits, by name, and the text it holds afterwards.
    static let fields: [(name: String, edit: @Sendable (inout Message) -> Void, read: @Sendable (Message) -> String?)] = [
        ("content", { $0.content.text = raw }, { $0.content.text }),
        ("author name", { $0.author.name = raw }, { $0.author.name }),
        ("attachment file name", { $0.attachments[1].fileName = raw }, { $0.attachments[1].fileName }),
        ("attachment description", { $0.attachments[1].description = raw }, { $0.attachments[1].description }),
        ("embed title", { $0.embeds[1].title = raw }, { $0.embeds[1].title }),
        ("embed description", { $0.embeds[1].description = raw }, { $0.embeds[1].description }),
        ("embed author", { $0.embeds[1].authorName = raw }, { $0.embeds[1].authorName }),
        ("embed footer", { $0.embeds[1].footer = raw }, { $0.embeds[1].footer }),
        ("embed field name", { $0.embeds[1].fields[1].name = raw }, { $0.embeds[1].fields[1].name }),
        ("embed field value", { $0.embeds[1].fields[1].value = raw }, { $0.embeds[1].fields[1].value }),
        ("sticker name", { $0.stickers[1].name = raw }, { $0.stickers[1].name }),
        ("reaction emoji", { $0.reactions[1].emoji = raw }, { $0.reactions[1].emoji }),
        ("forward author", { $0.forwardedFrom?.authorName = raw }, { $0.forwardedFrom?.authorName }),
        ("forward channel", { $0.forwardedFrom?.channelName = raw }, { $0.forwardedFrom?.channelName }),
        ("inline bot", { $0.viaBot = raw }, { $0.viaBot }),
    ]

    /// A message with two of every part and no control anywhere.
    static var clean: Message {
        let field = Embed.Field(name: "n", value: "v")
        let embed = Embed(title: "t", description: "d", authorName: "a", fields: [field, field], footer: "f")
        var message = Message(
            id: MessageID("1"), channel: ChannelID("c"), author: Author(id: AuthorID("9"), name: "ann"),
            timestamp: Timestamp(milliseconds: 0), content: Content(text: "hi"),
            attachments: Array(repeating: Attachment(id: "5", url: "https://x.example/f", fileName: "f", description: "d"), count: 2),
            embeds: [embed, embed], stickers: Array(repeating: Sticker(id: "s", name: "s", format: "png"), count: 2),
            reactions: Array(repeating: Reaction(emoji: "👍", count: 1), count: 2))
        message.forwardedFrom = ForwardOrigin(authorName: "b", channelName: "g")
        message.viaBot = "bot"
        return message
    }

    /// Each field loses its controls when it is the only one that holds any (a message without
    /// any is returned as it is, so the check must see every field the replacement edits), and
    /// nothing else of the message changes.
    @Test(arguments: 0..<fields.count) func eachFieldLosesItsControlsWhenTheOnlyOneHoldingAny(_ number: Int) {
        let field = Self.fields[number]
        var message = Self.clean
        #expect(ControlCharacters.replaced(in: message) == message)
        field.edit(&message)
        let replaced = ControlCharacters.replaced(in: message)
        #expect(field.read(replaced) == Self.kept, "\(field.name)")
        var restored = replaced
        field.edit(&restored)
        #expect(restored == message, "\(field.name)")
    }
}
