import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// What Telegram Desktop really writes (`Fixtures/telegram-desktop-forum.json`, modelled on
/// tdesktop's `export_output_json.cpp`): `\xHH` escapes, forum topics, an `unsupported` entry, a
/// closed poll with the user's choice, `forwarded_from: null`, `saved_from` and `via_bot`.
@Suite struct TelegramDesktopQuirkTests {
    static let path = TestPaths.fixture("telegram-desktop-forum.json").path

    static func read() throws -> ImportResult { try TranscriptReader().read(contentsOf: path) }

    /// Each topic is a channel of its own under the group, after it; the group keeps its id, and
    /// is each topic's former id (earlier versions kept the topics' messages in it).
    @Test func eachForumTopicIsAThreadChannelUnderTheGroup() throws {
        let channels = try Self.read().transcript.channels
        #expect(channels.map(\.id.rawValue) == ["4242", "4242-topic-3", "4242-topic-6"])
        #expect(channels.map(\.name) == ["Forum Club", "Trips", "Books"])
        #expect(channels.map(\.kind) == [.group, .thread, .thread])
        #expect(channels.map(\.category) == [nil, "Forum Club", "Forum Club"])
        #expect(channels.map(\.formerIDs) == [[], [ChannelID("4242")], [ChannelID("4242")]])
        #expect(channels.map { $0.messages.map(\.id.rawValue) } == [["1", "2", "3", "6", "8", "9", "11"], ["4", "5", "10"], ["7"]])
    }

    /// A message pointing at a topic's creation is in the topic and replies to nothing; a reply
    /// within a topic keeps its reply; the creation stays in the group and links to the topic; a
    /// reply in the group (the "General" topic) stays a reply there.
    @Test func topicMessagesAreNotRepliesToTheCreation() throws {
        let channels = try Self.read().transcript.channels
        let group = channels[0].messages, trips = channels[1].messages
        #expect(trips.map(\.reply) == [nil, ReplyReference(messageID: MessageID("4")), nil])
        #expect(trips.map(\.kind) == [.default, .reply, .default])
        #expect(group[2].kind == .threadCreated)
        #expect(group[2].thread == ChannelID("4242-topic-3"))
        #expect(group[3].thread == ChannelID("4242-topic-6"))
        #expect(group[4].reply == ReplyReference(messageID: MessageID("2")))
    }

    @Test func controlCharactersEscapedAsHexAreReadThenReplaced() throws {
        let channels = try Self.read().transcript.channels
        #expect(channels[1].messages[1].content.text == "Me!\u{FFFD}See the list")
        #expect(channels[0].messages[6].content.text == "Cheap flights\u{FFFD}")
    }

    @Test func pollsForwardsAndInlineBotsAreShownAsTheAppShowsThem() throws {
        let result = try Self.read()
        let channels = result.transcript.channels
        let poll = channels[1].messages[2]
        #expect(poll.content.text == "Poll: Where? (closed)\n• Rome — 2 votes ✓ your vote\n• Oslo — 1 vote\n3 voters")
        #expect(poll.viaBot == "@vote")
        #expect(channels[2].messages[0].forwardedFrom == ForwardOrigin(authorName: "Deleted Account"))
        #expect(channels[0].messages[6].forwardedFrom == ForwardOrigin(authorName: "Travel News"))
        #expect(channels[0].messages[5].content.text == "unsupported message (Telegram Desktop did not export it)")
        #expect(channels[0].messages[5].timestamp == channels[0].messages[4].timestamp)
        #expect(
            result.diagnostics.map(\.message) == [
                "1 \"unsupported\" message (exported without date or content) kept as a placeholder at the time of the message before"
            ])
    }

    @Test func theStreamedReadGivesTheSameChannelsAndMessages() throws {
        #expect(try StreamedImportTests.expectSameAsWhole(Self.path) == 11)
    }

    /// `saved_from` that names another chat than `forwarded_from` is shown as where it was saved from.
    @Test func savedFromAnotherChatIsKept() throws {
        let json =
            #"{"name":"Saved Messages","type":"saved_messages","messages":[{"id":1,"type":"message","date_unixtime":"1700000000","#
            + #""from":"Ana","from_id":"user1","forwarded_from":"Ben","saved_from":"Trips","text":"x"}]}"#
        let result = try TranscriptReader().read(Data(json.utf8), file: "result.json")
        #expect(result.transcript.channels[0].messages[0].forwardedFrom == ForwardOrigin(authorName: "Ben", channelName: "Trips"))
    }
}
