import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The real DiscordChatExporter exports in `../shared/corpus/discord/`; values checked by hand
/// against the files.
@Suite(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent: the corpus tests are skipped"))
struct DiscordCorpusTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var messages: Int
        var diagnostics: Int
        var channelName: String
        var kind: Channel.Kind
        var edited: Int
        var attachments: Int
        var reactions: Int
        var embeds: Int
        var stickers: Int
        var replies: Int
        var system: Int
        var testDescription: String { file }
    }

    static let cases: [Expected] = [
        .init(
            file: "dcef-general.json", messages: 35, diagnostics: 0, channelName: "general", kind: .text,
            edited: 1, attachments: 7, reactions: 4, embeds: 3, stickers: 1, replies: 2, system: 4),
        .init(
            file: "dcef-chill-talk.json", messages: 6, diagnostics: 0, channelName: "chill talk", kind: .text,
            edited: 1, attachments: 0, reactions: 0, embeds: 1, stickers: 0, replies: 1, system: 0),
        .init(
            file: "dcef-chill-talk-without-deleted-message.json", messages: 5, diagnostics: 0, channelName: "chill talk",
            kind: .text, edited: 0, attachments: 0, reactions: 0, embeds: 0, stickers: 0, replies: 1, system: 0),
        .init(
            file: "dcef-thread.json", messages: 5, diagnostics: 0, channelName: "Taylor is Taylor", kind: .thread,
            edited: 0, attachments: 0, reactions: 1, embeds: 0, stickers: 0, replies: 2, system: 0),
        .init(
            file: "chat-analytics-SV_5A_5M.json", messages: 4, diagnostics: 1, channelName: "general-chiptune", kind: .text,
            edited: 1, attachments: 1, reactions: 2, embeds: 0, stickers: 1, replies: 0, system: 0),
    ]

    @Test(arguments: cases)
    func importsWithExactCounts(_ expected: Expected) throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.discord(expected.file).path)
        #expect(result.format == .discordChatExporter)
        #expect(result.transcript.channels.count == 1)
        let channel = try #require(result.transcript.channels.first)
        let messages = channel.messages
        #expect(messages.count == expected.messages)
        #expect(Set(messages.map(\.id)).count == messages.count)
        #expect(result.diagnostics.count == expected.diagnostics)
        #expect(channel.name == expected.channelName)
        #expect(channel.kind == expected.kind)
        #expect(messages.filter { $0.editedTimestamp != nil }.count == expected.edited)
        #expect(messages.reduce(0) { $0 + $1.attachments.count } == expected.attachments)
        #expect(messages.reduce(0) { $0 + $1.reactions.count } == expected.reactions)
        #expect(messages.reduce(0) { $0 + $1.embeds.count } == expected.embeds)
        #expect(messages.reduce(0) { $0 + $1.stickers.count } == expected.stickers)
        #expect(messages.filter { $0.reply != nil }.count == expected.replies)
        #expect(messages.filter { $0.kind.isSystem }.count == expected.system)
    }

    @Test func generalHasTheValuesOfItsFirstMessages() throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.discord("dcef-general.json").path)
        let messages = result.transcript.channels[0].messages
        #expect(result.transcript.title == "Example guild")
        #expect(messages[0].id == MessageID("1045178587575242772"))
        #expect(messages[0].timestamp.description == "2023-01-06T14:03:03.853Z")
        #expect(messages[0].author.shownName == "Avery")
        #expect(messages[0].content == Content(text: "Welcome to the **DiscordChatExporter-frontend** example!", flavor: .discordMarkdown))
        #expect(messages[1].kind == .memberJoined)
        let reply = try #require(messages.first { $0.id == MessageID("1060926346089476176") })
        #expect(reply.reply == ReplyReference(messageID: MessageID("1060926317920538735"), channelID: ChannelID("1012224565567721552")))
        #expect(
            reply.reactions == [
                Reaction(
                    emoji: "👀", emojiID: nil,
                    imageURL: "Example guild - Text Channels - general [1012224565567721552].json_Files\\1f440-1DC0B.svg", count: 1)
            ])
        let thread = try #require(messages.first { $0.kind == .threadCreated })
        #expect(thread.reply == nil)
        #expect(messages.last?.timestamp.description == "2023-01-06T16:05:35.860Z")
        #expect(result.transcript.directory.users["100000000000000004"] == "RICK NITRO")
    }

    @Test func olderSchemaMergesTheDuplicateAndKeepsAuthorsWithoutNickname() throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.discord("chat-analytics-SV_5A_5M.json").path)
        #expect(result.diagnostics.map(\.location) == ["messages[1]"])
        #expect(result.diagnostics[0].message.contains("duplicate message id 459136077417021488"))
        let messages = result.transcript.channels[0].messages
        #expect(messages.map(\.id.rawValue) == ["459136077417021488", "447793085255123004", "447793085255123005", "447793085255123006"])
        #expect(messages[1].author.displayName == nil)
        #expect(messages[1].author.shownName == "sampleuser")
        #expect(messages[2].stickers.map(\.format) == ["PngAnimated"])
    }
}
