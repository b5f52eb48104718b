import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Parley's JSON Lines format (docs/FORMAT.md): the reader, its errors, and the writer's round trip.
@Suite struct ParleyJSONLTests {
    static func read(_ text: String, file: String = "t.jsonl") throws(ImportError) -> ImportResult {
        try TranscriptReader().read(Data(text.utf8), file: file)
    }

    static let header = #"{"type":"header","format":"parley","version":1,"title":"Demo","channels":[{"id":"general","name":"general"}]}"#
    static let first =
        #"{"type":"message","channel":"general","id":"1","timestamp":"2024-03-08T09:15:02.123Z","author":{"id":"u1","name":"maya"},"content":"Hello!"}"#

    @Test func theFormatDocumentsExampleBuildsOneEditedMessage() throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.fixture("parley-demo.jsonl").path)
        #expect(result.format == .parleyJSONL)
        #expect(result.diagnostics.isEmpty)
        #expect(result.groupingPolicy == .discord)
        #expect(result.transcript.title == "Demo")
        let messages = result.transcript.channels[0].messages
        #expect(messages.count == 1)
        #expect(messages[0].content == Content(text: "Hello, everyone!"))
        #expect(messages[0].editedTimestamp?.description == "2024-03-08T09:16:00.000Z")
        #expect(messages[0].timestamp.description == "2024-03-08T09:15:02.123Z")
        #expect(messages[0].reactions == [Reaction(emoji: "👍", count: 1)])
        #expect(messages[0].author == Author(id: AuthorID("u1"), name: "maya"))
    }

    @Test func crlfBlankLinesByteOrderMarkAndUnknownFieldsAreAccepted() throws {
        let text = "\u{FEFF}" + Self.header + "\r\n\r\n" + Self.first.dropLast() + #","future":{"x":1}}"# + "\r\n"
        let result = try Self.read(text)
        #expect(result.transcript.channels[0].messages.map(\.content.text) == ["Hello!"])
    }

    @Test(arguments: [
        (
            header + "\n" + #"{"type":"message","channel":"general","id":"1","timestamp":"2024-03-08T09:15:02Z","content":"x"}"#,
            #"t.jsonl: line 2, byte 110: message record: at author: a required "author" field"#
        ),
        (
            header + "\n" + first + "\n" + #"{"type":"edit","channel":"general","id":"7","content":"x"}"#,
            #"t.jsonl: line 3, byte 251: no message "7" in channel "general": expected an existing message"#
        ),
        (
            header + "\n" + #"{"type":"delete","channel":"random","id":"1"}"#,
            #"t.jsonl: line 2, byte 110: no channel "random": expected a channel of the header"#
        ),
        (
            header + "\n" + #"{"type":"poke","channel":"general"}"#,
            #"t.jsonl: line 2, byte 110: an event record of type message, edit, append, delete, reaction_add, reaction_remove, found "poke""#
        ),
        (
            header + "\n" + header,
            "t.jsonl: line 2, byte 110: an event record; a header is only allowed on the first line"
        ),
        (
            header + "\n" + #"{"type":"append","id":"1","text":"x"}"#,
            #"t.jsonl: line 2, byte 110: append record: a required "channel" field"#
        ),
        (
            header + "\n" + first.replacingOccurrences(of: "2024-03-08T09:15:02.123Z", with: "yesterday"),
            #"t.jsonl: line 2, byte 110: at timestamp: an RFC 3339 timestamp such as 2024-03-08T09:15:02.123Z, found "yesterday""#
        ),
        (
            header.replacingOccurrences(of: #""version":1"#, with: #""version":2"#),
            #"t.jsonl: line 1, byte 0: header record: "version":1, found 2"#
        ),
    ])
    func badRecordsNameTheLineAndByte(text: String, message: String) {
        do {
            let result = try Self.read(text, file: "t.jsonl")
            #expect(result.diagnostics.filter(\.skipsRecord).compactMap(\.cause?.description) == [message])
            #expect(result.transcript.channels[0].messages.map(\.id.rawValue) == ["1"], "the good line before it is kept")
        } catch {
            #expect(error.description == message, "a file of which no event reads fails with the first one's error")
        }
    }

    @Test func aBadLineCostsOnlyItselfAndATruncatedLastLineIsSkipped() throws {
        let second = Self.first.replacingOccurrences(of: #""id":"1""#, with: #""id":"2""#)
        let text =
            Self.header + "\n" + Self.first + "\n" + #"{"type":"delete","channel":"general",,"id":"1"}"# + "\n" + second + "\n"
            + String(second.prefix(40))
        let result = try Self.read(text)
        #expect(result.transcript.channels[0].messages.map(\.id.rawValue) == ["1", "2"])
        #expect(
            result.diagnostics.map(\.description) == [
                "t.jsonl: line 3, byte 288: record skipped: expected valid JSON: Invalid value around character 37.",
                "t.jsonl: line 5, byte 440: record skipped: expected valid JSON: Unexpected end of file during JSON parse.",
            ])
    }

    @Test func anEmptyFileReadAsJSONLinesNeedsAHeader() {
        let error = #expect(throws: ImportError.self) { try TranscriptReader().read(Data(), file: "t.jsonl", format: .parleyJSONL) }
        #expect(error == .syntax(file: "t.jsonl", offset: 0, line: 1, expected: "a header record; the file is empty"))
    }

    @Test func brokenJSONNamesTheByteInTheFile() throws {
        let text = Self.header + "\n" + #"{"type":"delete","channel":"general",,"id":"1"}"#
        let error = try #require(throws: ImportError.self) { try Self.read(text, file: "t.jsonl") }
        guard case let .syntax(file, offset, line, expected) = error else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(file == "t.jsonl")
        #expect(line == 2)
        #expect(offset == 110 + 37)
        #expect(expected.hasPrefix("valid JSON"))
    }

    @Test func aHeaderOfManyChannelsIsDetectedWhereverItsTypeKeyIs() throws {
        let channels = (1...300).map { #"{"id":"c\#($0)","name":"channel \#($0)"}"# }.joined(separator: ",")
        let header = #"{"channels":["# + channels + #"],"format":"parley","type":"header","version":1}"#
        #expect(header.utf8.count > 8_000)
        let result = try Self.read(header + "\n")
        #expect(result.format == .parleyJSONL)
        #expect(result.transcript.channels.count == 300)
        #expect(result.transcript.title == "Parley")
    }

    @Test func detectionNeedsAHeaderOnTheFirstLine() {
        let reader = TranscriptReader()
        #expect(throws: ImportError.self) { try reader.detectFormat(of: Data(Self.first.utf8), file: "x") }
        #expect((try? reader.detectFormat(of: Data(Self.header.utf8), file: "x")) == .parleyJSONL)
        #expect(ParleyJSONLImporter().rejection(of: Data(Self.first.utf8)) != nil)
    }
}
