import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Zipped Slack exports (small fixtures of our own), read through libarchive.
@Suite("Slack zip")
struct SlackArchiveTests {
    @Test("a zip export in a top folder: mrkdwn kept, mentions named, thread gathered across days")
    func zip() throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.fixture("slack-export.zip").path)
        #expect(result.format == .slack)
        #expect(result.transcript.title == "slack-export")
        let channel = try #require(result.transcript.channels.first)
        #expect(channel.name == "general")
        #expect(channel.topic == "Planning")
        #expect(
            channel.messages.map(\.id.rawValue) == [
                "1704103200.000100", "1704106800.000200", "1704189600.000300", "1704186000.000050", "1704193200.000400",
            ])
        let root = channel.messages[0]
        #expect(root.content.text == "Kick-off tomorrow, <@U02BEN>? See <#C01GEN|general> and <https://example.org|the plan> <!here>")
        #expect(root.mentions == [Mention(id: AuthorID("U02BEN"), name: "Ben Okafor")])
        #expect(root.reactions == [Reaction(emoji: "👍", count: 2), Reaction(emoji: "partyparrot", emojiID: "partyparrot", count: 1)])
        #expect(root.threadReplies == [MessageID("1704106800.000200"), MessageID("1704189600.000300")])
        #expect(root.author.shownName == "Ana")
        #expect(channel.messages[1].editedTimestamp == Timestamp(seconds: 1_704_106_860))
        #expect(channel.messages[3].kind == .memberJoined)
        var file = ParleyModel.Attachment(
            id: "F01", url: "https://files.slack.com/files-pri/T0-F01/plan.pdf", fileName: "plan.pdf", sizeBytes: 2048, description: "Plan")
        file.contentType = "application/pdf"
        #expect(channel.messages[4].attachments == [file])
        #expect(result.transcript.directory.users == ["U01ANA": "Ana", "U02BEN": "Ben Okafor"])
        let fromMemory = try TranscriptReader().read(Data(contentsOf: TestPaths.fixture("slack-export.zip")), file: "slack-export.zip")
        #expect(fromMemory.transcript.channels == result.transcript.channels)
    }

    @Test("a truncated zip is a syntax error at the byte where libarchive stopped")
    func truncated() {
        let path = TestPaths.fixture("slack-export-truncated.zip").path
        let error = #expect(throws: ImportError.self) { try TranscriptReader().read(contentsOf: path) }
        guard case let .syntax(file, offset, line, expected) = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        #expect(file == path)
        #expect(offset == 772)
        #expect(line == nil)
        #expect(expected.hasPrefix("a complete zip archive"))
    }
}
