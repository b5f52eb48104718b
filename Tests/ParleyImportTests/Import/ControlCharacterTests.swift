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
}
