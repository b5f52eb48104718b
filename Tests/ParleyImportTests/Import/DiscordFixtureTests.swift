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
            return name == file && line == 3 && offset == 112 && expected.hasPrefix("valid JSON")
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
}
