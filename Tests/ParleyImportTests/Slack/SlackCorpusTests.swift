import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The two Slack exports of the shared corpus, read as folders; counts checked by hand.
@Suite("Slack corpus", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct SlackCorpusTests {
    static func read(_ folder: String) throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.corpus.appendingPathComponent("slack/\(folder)").path)
    }

    @Test("2016-era export: channels, counts, joins, bots, files, edits, reactions")
    func legacy() throws {
        let result = try Self.read("sev-testarchive")
        #expect(result.format == .slack)
        #expect(result.diagnostics.isEmpty)
        let transcript = result.transcript
        #expect(transcript.channels.map(\.name) == ["enrique", "traveling-sailor"])
        #expect(transcript.channels.map(\.messages.count) == [37, 31])
        #expect(transcript.directory.users.count == 4)
        #expect(transcript.directory.channels == ["C0JGLMMNX": "enrique", "C0JL6CGQ2": "traveling-sailor"])
        let all = transcript.channels.flatMap(\.messages)
        #expect(all.filter { $0.kind == .memberJoined }.count == 4)
        #expect(all.filter(\.author.isBot).count == 28)
        #expect(all.flatMap(\.embeds).count == 32)
        #expect(all.flatMap(\.attachments).map(\.fileName) == ["100_cities.js", "10_cities.js"])
        #expect(all.flatMap(\.attachments).map(\.sizeBytes) == [4163, 478])
        let edited = try #require(all.first { $0.id == MessageID("1458972985.000010") })
        #expect(edited.editedTimestamp == Timestamp(seconds: 1_458_981_134))
        let bot = try #require(all.first { $0.id == MessageID("1459154014.000018") })
        #expect(bot.reactions == [Reaction(emoji: "botman", emojiID: "botman", count: 1)])
        #expect(bot.embeds[0].color == "#4183C4")
        let thumbsUp = try #require(all.first { $0.id == MessageID("1458251659.000005") })
        #expect(thumbsUp.content.text == "👍 ", "the export's \":+1: \"")
        let comment = try #require(all.first { $0.id == MessageID("1459106048.000018") })
        #expect(comment.author.name == "hgranger")
        let first = transcript.channels[0].messages[4]
        #expect(
            first.content
                == Content(
                    text: "<@U0BMYT2FL>: Created an issue for a setup.py so that it can be installed to a standard place",
                    flavor: .slackMrkdwn))
        #expect(first.mentions == [Mention(id: AuthorID("U0BMYT2FL"), name: "aexample")])
        #expect(first.timestamp == Timestamp(milliseconds: 1_452_837_352_000))
    }

    @Test("current export: threads over several day files, a tombstone, files, an edit")
    func modern() throws {
        let result = try Self.read("slackdump-export")
        let channel = try #require(result.transcript.channels.first)
        #expect(result.transcript.channels.count == 1)
        #expect(channel.id == ChannelID("CO69735E8A"))
        #expect(channel.messages.count == 16)
        #expect(
            channel.messages.prefix(4).map(\.id.rawValue) == [
                "1736478514.897649", "1736478630.905399", "1736554746.482349", "1736554783.040199",
            ])
        let root = channel.messages[1]
        #expect(root.threadReplies == [MessageID("1736554746.482349"), MessageID("1736554783.040199")])
        #expect(channel.messages[2].kind == .reply)
        #expect(channel.messages[2].threadRoot == root.id)
        #expect(channel.messages[2].reply == ReplyReference(messageID: root.id))
        #expect(channel.messages.filter { $0.threadReplies != nil }.count == 3)
        #expect(channel.messages.filter { $0.kind == .reply }.count == 4)
        let tombstone = try #require(channel.messages.first { $0.id == MessageID("1736554828.343759") })
        #expect(tombstone.kind == .deleted)
        #expect(channel.messages.flatMap(\.attachments).map(\.contentType) == ["application/vnd.google-apps.document", "image/jpeg"])
        let edited = try #require(channel.messages.first { $0.id == MessageID("1737160363.583369") })
        #expect(edited.editedTimestamp == Timestamp(seconds: 1_737_160_371))
        #expect(result.diagnostics.isEmpty)
    }
}
