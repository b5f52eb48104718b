import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The real Telegram Desktop exports in `../shared/corpus/telegram/`; values checked by hand
/// against the files.
@Suite(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent: the corpus tests are skipped"))
struct TelegramCorpusTests {
    static func read(_ name: String) throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.corpus.appendingPathComponent("telegram/\(name)").path)
    }

    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var title: String
        var channels: [String]
        var messages: [Int]
        var system: Int
        var attachments: Int
        var spanned: Int
        var diagnostics: Int
        var testDescription: String { file }
    }

    static let cases: [Expected] = [
        .init(
            file: "chat-analytics-DM_2A_7M.json", title: "Bob", channels: ["Bob"], messages: [8], system: 2, attachments: 2,
            spanned: 1, diagnostics: 1),
        .init(
            file: "chat-analytics-MultiChat_2C_6M.json", title: "Telegram · Test User", channels: ["Chat One", "Chat Two"],
            messages: [2, 4], system: 1, attachments: 1, spanned: 0, diagnostics: 0),
        .init(
            file: "chat-miner-batch-export.json", title: "Telegram", channels: ["Chatname"], messages: [2], system: 0,
            attachments: 0, spanned: 1, diagnostics: 0),
        .init(
            file: "chat-miner-single-export.json", title: "Telegram chat", channels: ["Telegram chat"], messages: [2], system: 0,
            attachments: 0, spanned: 1, diagnostics: 0),
    ]

    @Test(arguments: cases)
    func importsWithExactCounts(_ expected: Expected) throws {
        let result = try Self.read(expected.file)
        #expect(result.format == .telegram)
        #expect(result.groupingPolicy == .telegram)
        #expect(result.transcript.title == expected.title)
        #expect(result.transcript.channels.map(\.name) == expected.channels)
        #expect(result.transcript.channels.map(\.messages.count) == expected.messages)
        let messages = result.transcript.channels.flatMap(\.messages)
        #expect(messages.filter(\.kind.isSystem).count == expected.system)
        #expect(messages.reduce(0) { $0 + $1.attachments.count } == expected.attachments)
        #expect(messages.filter { !$0.content.spans.isEmpty }.count == expected.spanned)
        #expect(result.diagnostics.count == expected.diagnostics)
        for channel in result.transcript.channels { #expect(Set(channel.messages.map(\.id)).count == channel.messages.count) }
    }

    @Test func personalChatPrefersUnixTimesAndReportsZonelessDates() throws {
        let result = try Self.read("chat-analytics-DM_2A_7M.json")
        let channel = result.transcript.channels[0]
        #expect(channel.id == ChannelID("700000000"))
        #expect(channel.kind == .direct)
        let messages = channel.messages
        #expect(messages.map(\.id.rawValue) == ["2675", "3644", "3645", "3662", "3663", "3672", "3673", "3674"])
        #expect(messages[0].kind == .memberJoined)
        #expect(messages[0].content.text == "joined Telegram")
        #expect(messages[0].author == Author(id: AuthorID("user700000000"), name: "Bob"))
        #expect(messages[0].timestamp.description == "2019-07-05T16:55:32.000Z")
        #expect(messages[1].content == Content(text: "https://google.com 👀", spans: [FormatSpan(kind: .url, offset: 0, length: 18)]))
        #expect(messages[3].timestamp.description == "2022-05-09T22:23:53.000Z")
        #expect(
            messages[5].attachments
                == [Attachment(id: "3672-photo", url: "", fileName: "photo.jpg", description: "not included in the export")].map {
                    var attachment = $0
                    attachment.width = 960
                    attachment.height = 1280
                    return attachment
                })
        #expect(messages[7].kind == .call)
        #expect(messages[7].content.text == "made a phone call (56 s, hangup)")
        #expect(messages[7].timestamp.description == "2023-08-11T02:11:02.000Z")
        #expect(
            result.diagnostics.map(\.description) == [
                "\(TestPaths.corpus.path)/telegram/chat-analytics-DM_2A_7M.json: messages[0]: 3 messages have only the zone-less \"date\" (no \"date_unixtime\"); read as UTC"
            ])
    }

    @Test func wholeAccountExportHasOneChannelPerChat() throws {
        let result = try Self.read("chat-analytics-MultiChat_2C_6M.json")
        let channels = result.transcript.channels
        #expect(channels.map(\.id.rawValue) == ["700000001", "700000002"])
        #expect(channels.map(\.kind) == [.direct, .group])
        #expect(channels[0].messages[0].timestamp.description == "2023-01-01T12:00:00.000Z")
        #expect(channels[1].messages[2].content.text == "made a phone call (120 s)")
        #expect(
            result.transcript.directory.users == [
                "user300000000": "Alice", "user700000000": "Bob", "user800000000": "Charlie", "user900000000": "David",
                "user101000000": "Eve",
            ])
    }

    @Test func exportsWithoutIdsGetStableSyntheticIds() throws {
        let single = try Self.read("chat-miner-single-export.json")
        let batch = try Self.read("chat-miner-batch-export.json")
        let messages = single.transcript.channels[0].messages
        #expect(messages.map(\.id) == batch.transcript.channels[0].messages.map(\.id))
        #expect(messages.map { String($0.id.rawValue.prefix(5)) } == ["0000-", "0000-"])
        #expect(messages[0].author.id == AuthorID("name:Author 1"))
        #expect(messages[0].timestamp.description == "2018-12-05T10:39:10.000Z")
        #expect(
            messages[1].content
                == Content(
                    text: "Link:https://telegram.org/",
                    spans: [FormatSpan(kind: .bold, offset: 0, length: 5), FormatSpan(kind: .url, offset: 5, length: 21)]))
        #expect(single.transcript.channels[0].id == ChannelID("chat-1"))
        #expect(batch.transcript.channels[0].id.rawValue.hasPrefix("name-"))
        #expect(try Self.read("chat-miner-single-export.json").transcript == single.transcript)
    }
}
