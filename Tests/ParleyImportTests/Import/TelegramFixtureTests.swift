import Foundation
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyTestSupport
import Testing

/// Our own Telegram export (`Fixtures/telegram-rich.json`) with what the corpus lacks: every
/// entity type, forwards, via-bot, replies, edits, stickers, voice notes, reactions, polls,
/// `from: null` and service actions.
@Suite struct TelegramFixtureTests {
    static func read() throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.fixture("telegram-rich.json").path)
    }

    @Test func countsAndServiceMessages() throws {
        let result = try Self.read()
        let messages = result.transcript.channels[0].messages
        #expect(result.transcript.channels[0].kind == .group)
        #expect(messages.count == 17)
        #expect(
            messages.filter(\.kind.isSystem).map(\.content.text) == [
                "created the group “Parley Test Group”", "added Ben, Deleted Account", "pinned a message",
                "changed the group name to “Parley Group”", "left the group", "service action: boost apply",
            ])
        #expect(
            messages.filter(\.kind.isSystem).map(\.kind) == [.system, .memberJoined, .channelPinned, .channelRenamed, .memberLeft, .system])
        #expect(messages[10].reply == ReplyReference(messageID: MessageID("9")))
        #expect(result.diagnostics.map(\.location) == ["messages[16]"])
    }

    @Test func everyEntityTypeBecomesASpanInUTF16Units() throws {
        let content = try Self.read().transcript.channels[0].messages[2].content
        #expect(content.text == "👋🏽 Hi all, see usx() let a = 1 https://example.org docs @ben Ben #tag secret quoted 😀 4242 new")
        #expect(content.flavor == .spans)
        #expect(
            content.spans == [
                FormatSpan(kind: .bold, offset: 8, length: 3), FormatSpan(kind: .italic, offset: 13, length: 3),
                FormatSpan(kind: .underline, offset: 17, length: 1), FormatSpan(kind: .strikethrough, offset: 18, length: 1),
                FormatSpan(kind: .code, offset: 19, length: 3), FormatSpan(kind: .pre, offset: 23, length: 9, value: "swift"),
                FormatSpan(kind: .url, offset: 33, length: 19),
                FormatSpan(kind: .textLink, offset: 53, length: 4, value: "https://example.org/docs"),
                FormatSpan(kind: .mention, offset: 58, length: 4), FormatSpan(kind: .mentionName, offset: 63, length: 3, value: "222"),
                FormatSpan(kind: .hashtag, offset: 67, length: 4), FormatSpan(kind: .spoiler, offset: 72, length: 6),
                FormatSpan(kind: .blockquote, offset: 79, length: 6),
                FormatSpan(kind: .customEmoji, offset: 86, length: 2, value: "stickers/emoji.webp"),
            ])
    }

    @Test func repliesEditsForwardsViaBotAndDeletedAccounts() throws {
        let messages = try Self.read().transcript.channels[0].messages
        #expect(messages[3].kind == .reply)
        #expect(messages[3].reply == ReplyReference(messageID: MessageID("3")))
        #expect(messages[3].editedTimestamp == Timestamp(seconds: 1_700_000_200))
        #expect(messages[4].forwardedFrom == ForwardOrigin(authorName: "Channel News"))
        #expect(messages[5].viaBot == "@gif")
        #expect(messages[6].author == Author(id: AuthorID("user333"), name: "Deleted Account"))
    }

    @Test func mediaKeepTheirRelativePaths() throws {
        let messages = try Self.read().transcript.channels[0].messages
        #expect(messages[5].attachments.map(\.url) == ["video_files/anim.mp4"])
        #expect(messages[5].attachments.map(\.description) == ["animation"])
        #expect(messages[7].stickers == [Sticker(id: "8-sticker", name: "👍", format: "webp", url: "stickers/sticker.webp")])
        let voice = try #require(messages[8].attachments.first)
        #expect(voice.url == "voice_messages/audio_1@15-11-2023_00-16-10.ogg")
        #expect(voice.fileName == "audio_1@15-11-2023_00-16-10.ogg")
        #expect(voice.sizeBytes == 12345)
        #expect(voice.contentType == "audio/ogg")
        #expect(voice.description == "voice message, 5 s")
        #expect(
            messages[8].reactions == [
                Reaction(emoji: "❤", count: 2), Reaction(emoji: "custom emoji", emojiID: "stickers/party.webp", count: 1),
            ])
        let photo = try #require(messages[9].attachments.first)
        #expect([photo.url, photo.fileName] == ["photos/photo_1@15-11-2023_00-16-20.jpg", "photo_1@15-11-2023_00-16-20.jpg"])
        #expect([photo.width, photo.height] == [1280, 960])
        #expect(messages[9].content.text == "Caption here")
        #expect(messages[13].attachments.map(\.fileName) == ["report.pdf"])
        #expect(messages[14].content.text == "Poll: Lunch?\n• Yes — 2 votes ✓ your vote\n• No — 1 vote\n3 voters")
    }

    /// Telegram's rule groups messages 10 minutes apart (Discord's 7 minutes would not), and a
    /// forward or a via-bot message starts its own group.
    @Test func telegramGroupingPolicy() throws {
        let channel = try Self.read().transcript.channels[0]
        let positions = { (policy: GroupingPolicy) in
            ChatLayout(policy: policy).layout(channel).messages.map { String($0.position.rawValue.prefix(1)) }.joined()
        }
        #expect(positions(.telegram) == "ooooooofmlooofloo")
        #expect(positions(.discord) == "ooooooofmlooooooo")
    }

    /// A whole-account export lists contacts before its chats: with many contacts the chats
    /// start far beyond what detection reads, so its `about` and `personal_information` decide.
    @Test func anAccountExportWithManyContactsIsDetected() throws {
        let contacts = (1...2_000).map { #"{"first_name":"Contact \#($0)","phone_number":"+1555000\#($0)","date":"2020-01-01T00:00:00"}"# }
        let json =
            #"{"about":"Here is the data you requested.","personal_information":{"user_id":1,"first_name":"Ana"},"contacts":{"list":["#
            + contacts.joined(separator: ",")
            + #"]},"chats":{"list":[{"name":"Ben","type":"personal_chat","id":2,"messages":[{"id":1,"type":"message","date_unixtime":"1700000000","from":"Ben","from_id":"user2","text":"hi"}]}]}}"#
        #expect(json.utf8.count > 100_000)
        let result = try TranscriptReader().read(Data(json.utf8), file: "result.json")
        #expect(result.format == .telegram)
        #expect(result.transcript.title == "Telegram · Ana")
        #expect(result.transcript.channels.map(\.messages.count) == [1])
    }

    @Test(arguments: [
        (
            #"{"messages":[{"id":1,"type":"message","from":"A","text":"x"}]}"#,
            "t.json: at messages[0]: a \"date_unixtime\" or \"date\" field"
        ),
        (
            #"{"messages":[{"id":1,"type":"message","date_unixtime":"soon","text":"x"}]}"#,
            "t.json: at messages[0].date_unixtime: decimal seconds since 1970 within the years 0001–9999, found \"soon\""
        ),
        (
            #"{"messages":[{"id":1,"type":"message","date_unixtime":"1","text":7}]}"#,
            "t.json: at messages[0].text: a string or an array of strings and text entities"
        ),
        (
            #"{"chats":{"list":[{"messages":[{"type":"message","date":"15 Nov","text":""}]}]}}"#,
            "t.json: at chats.list[0].messages[0].date: a date such as 2019-07-05T16:55:32, found \"15 Nov\""
        ),
    ])
    func badValuesNameTheJSONPath(json: String, message: String) {
        let error = #expect(throws: ImportError.self) { try TranscriptReader().read(Data(json.utf8), file: "t.json", format: .telegram) }
        #expect(error?.description == message)
    }
}
