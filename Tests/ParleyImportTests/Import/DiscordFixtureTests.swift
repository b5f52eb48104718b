import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Parley's own fixtures: bad input gets a clear error naming the file and the place.
@Suite struct DiscordFixtureTests {
    @Test func tinyFixtureMergesItsDuplicateKeepingTheLaterCopy() throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.fixture("tiny.json").path)
        let messages = result.transcript.channels[0].messages
        #expect(messages.count == 9)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].location == "messages[9]")
        let merged = try #require(messages.first { $0.id == MessageID("108") })
        #expect(merged.content.text.hasSuffix("(edited copy)"))
        #expect(messages[1].timestamp == Timestamp(milliseconds: 1_711_842_900_500))
    }

    @Test func brokenJSONNamesLineAndByte() {
        let file = TestPaths.fixture("broken.json").path
        #expect {
            try TranscriptReader().read(contentsOf: file)
        } throws: { error in
            guard case let ImportError.syntax(name, offset, line, expected) = error else { return false }
            return name == file && line == 3 && offset == 112 && expected.hasPrefix("a JSON value, found a parse error: ")
        }
    }

    @Test func aMessageWithAMissingFieldIsSkippedNamingThePath() throws {
        let file = TestPaths.fixture("missing-author.json").path
        let result = try TranscriptReader().read(contentsOf: file)
        #expect(result.transcript.channels[0].messages.count == 1)
        #expect(
            result.diagnostics == [
                Diagnostic.skipped(
                    file: file, location: "messages[1].author", reason: "expected a required \"author\" field",
                    cause: .schema(file: file, path: "messages[1].author", expected: "a required \"author\" field"))
            ])
    }

    @Test func badTimestampNamesTheValue() throws {
        let file = TestPaths.fixture("bad-timestamp.json").path
        #expect(
            throws: ImportError.schema(file: file, path: "messages[0].timestamp", expected: "an RFC 3339 timestamp, found \"yesterday\"")
        ) {
            try TranscriptReader().read(contentsOf: file)
        }
    }

    @Test func unknownFormatListsWhatWasTried() throws {
        let file = TestPaths.fixture("not-a-chat.txt").path
        let tried = [
            "Parley JSON Lines: first line is not a Parley header record ({\"type\":\"header\",\"format\":\"parley\",…})",
            "DiscordChatExporter JSON: not a JSON object", "Telegram Desktop JSON: not a JSON object",
            "ChatGPT conversations.json: not a JSON object or array", "Matrix (Element) JSON: not a JSON object",
            "Slack workspace export: not a zip archive (a Slack export is a folder or a zip)", "SMS Backup & Restore XML: not XML",
            "WhatsApp chat export: the first line is not a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\"",
        ]
        #expect(throws: ImportError.unknownFormat(file: file, tried: tried)) {
            try TranscriptReader().read(contentsOf: file)
        }
    }

    @Test func detectionIgnoresTheExtension() throws {
        let data = try Data(contentsOf: TestPaths.fixture("tiny.json"))
        #expect(try TranscriptReader().detectFormat(of: data, file: "export.txt") == .discordChatExporter)
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            try TranscriptReader().read(contentsOf: "/nonexistent/parley.json")
        } throws: { error in
            if case ImportError.unreadable(file: "/nonexistent/parley.json", _) = error { return true }
            return false
        }
    }

    /// Each odd record is skipped naming the member's JSON path and what was expected there; the
    /// good record after it is kept. A number with an exact integral value reads as an integer.
    @Test(arguments: [
        (
            #"{"timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1"}}"#,
            #"messages[0].id: record skipped: expected a required "id" field"#
        ),
        (
            #"{"id": 5, "timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1"}}"#,
            "messages[0].id: record skipped: expected a value of type string"
        ),
        (
            #"{"id": "5", "timestamp": "2024-01-01T00:00:00Z", "author": null}"#,
            "messages[0].author: record skipped: expected a value of type object, found null"
        ),
        (
            #"{"id": "5", "timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1", "isBot": "no"}}"#,
            "messages[0].author.isBot: record skipped: expected a value of type boolean"
        ),
        (
            #"{"id": "5", "timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1"}, "attachments": [{"url": "a"}, 7]}"#,
            "messages[0].attachments[1]: record skipped: expected a value of type object"
        ),
        (
            #"{"id": "5", "timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1"}, "attachments": [{"url": "a", "fileSizeBytes": 1.5}]}"#,
            "messages[0].attachments[0].fileSizeBytes: record skipped: expected Number 1.5 is not representable in Swift."
        ),
        (
            #"{"id": "5", "timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1"}, "reactions": [{"count": 2}]}"#,
            #"messages[0].reactions[0].emoji: record skipped: expected a required "emoji" field"#
        ),
        (
            #"{"id": "5", "timestamp": "2024-01-01T00:00:00Z", "author": {"id": "1"}, "embeds": {}}"#,
            "messages[0].embeds: record skipped: expected a value of type array"
        ),
        (
            #"{"id": "5", "timestamp": "yesterday", "author": {"id": "1"}}"#,
            #"messages[0].timestamp: record skipped: expected an RFC 3339 timestamp, found "yesterday""#
        ),
    ])
    func anOddRecordIsSkippedNamingTheMember(record: String, diagnostic: String) throws {
        let good =
            #"{"id": "6", "timestamp": "2024-01-01T00:01:00Z", "author": {"id": "1"}, "attachments": [{"url": "b", "fileSizeBytes": 2e3}]}"#
        let text = #"{"guild": {"id": "1", "name": "G"}, "channel": {"id": "9", "name": "c"}, "messages": ["# + record + ", " + good + "]}"
        let result = try TranscriptReader().read(Data(text.utf8), file: "d.json")
        #expect(result.diagnostics.map(\.description) == ["d.json: " + diagnostic])
        let messages = result.transcript.channels[0].messages
        #expect(messages.map(\.id) == [MessageID("6")])
        #expect(messages.first?.attachments.first?.sizeBytes == 2000)
    }
}
