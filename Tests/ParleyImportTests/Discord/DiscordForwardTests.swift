import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// A forwarded message (DiscordChatExporter 2.47: a `reference` of type `Forward` and the
/// original's `forwardedMessage` snapshot) is a forward showing the original's content, not a
/// reply to a message the export lacks; a reply to the forward refers to it like any other.
@Suite struct DiscordForwardTests {
    static let snapshot = """
        , "reference": {"type": "Forward", "messageId": "555", "channelId": "2000", "guildId": "901"},
          "forwardedMessage": {"timestamp": "2025-12-28T22:52:42.175+00:00", "timestampEdited": null,
            "content": "¯\\\\_(ツ)_/¯ shrug",
            "attachments": [{"id": "77", "url": "https://cdn.discordapp.com/attachments/2000/77/cat.png",
              "fileName": "cat.png", "fileSizeBytes": 4096}],
            "embeds": [], "stickers": []}
        """

    /// Writes the messages to an export file and reads it whole.
    static func read(_ messages: [String]) throws -> (ImportResult, String, URL) {
        let folder = TestPaths.temporaryFolder()
        let file = folder.appendingPathComponent("export.json")
        try DiscordExportText.write(DiscordExportText.export(messages: messages), to: "export.json", in: folder)
        return (try TranscriptReader().read(contentsOf: file.path), file.path, folder)
    }

    @Test func aForwardShowsTheOriginalsContentAndOrigin() throws {
        let (result, _, folder) = try Self.read([
            DiscordExportText.message(id: "1", content: "hello"),
            DiscordExportText.message(id: "2", extra: Self.snapshot),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.diagnostics.isEmpty)
        let forward = try #require(result.transcript.channels.first?.messages.last)
        #expect(forward.id == MessageID("2"))
        #expect(forward.kind == .default)
        #expect(forward.reply == nil)
        #expect(forward.content == Content(text: #"¯\_(ツ)_/¯ shrug"#, flavor: .discordMarkdown))
        #expect(
            forward.attachments == [
                Attachment(id: "77", url: "https://cdn.discordapp.com/attachments/2000/77/cat.png", fileName: "cat.png", sizeBytes: 4096)
            ])
        #expect(
            forward.forwardedFrom
                == ForwardOrigin(
                    timestamp: Timestamp(milliseconds: 1_766_962_362_175), url: "https://discord.com/channels/901/2000/555"))
    }

    @Test func aReplyToAForwardRefersToTheForward() throws {
        let reply = #", "reference": {"type": "Default", "messageId": "2", "channelId": "1000", "guildId": "900"}"#
        let (result, _, folder) = try Self.read([
            DiscordExportText.message(id: "2", extra: Self.snapshot),
            DiscordExportText.message(id: "3", content: "so true", extra: reply).replacingOccurrences(of: #""Default""#, with: #""Reply""#),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = try #require(result.transcript.channels.first?.messages)
        #expect(messages.map(\.kind) == [.default, .reply])
        #expect(messages[1].reply == ReplyReference(messageID: MessageID("2"), channelID: ChannelID("1000")))
        #expect(messages[1].forwardedFrom == nil)
    }

    /// A direct message's forward has no guild (`@me` in the link); a snapshot without a time has
    /// DiscordChatExporter's year-1 time, which is no time; a forward without a snapshot keeps its own content.
    @Test func aForwardWithoutGuildTimeOrSnapshotKeepsWhatItHas() throws {
        let direct = """
            , "reference": {"type": "Forward", "messageId": "556", "channelId": "3000", "guildId": null},
              "forwardedMessage": {"timestamp": "0001-01-01T00:00:00+00:00", "timestampEdited": null, "content": "from a DM",
                "attachments": [], "embeds": [], "stickers": []}
            """
        let bare = #", "reference": {"type": "Forward", "messageId": null, "channelId": "3000", "guildId": null}"#
        let (result, _, folder) = try Self.read([
            DiscordExportText.message(id: "4", extra: direct), DiscordExportText.message(id: "5", content: "mine", extra: bare),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = try #require(result.transcript.channels.first?.messages)
        #expect(messages.map(\.content.text) == ["from a DM", "mine"])
        #expect(messages.map(\.forwardedFrom) == [ForwardOrigin(url: "https://discord.com/channels/@me/3000/556"), ForwardOrigin()])
        #expect(messages.map(\.reply) == [nil, nil])
    }

    @Test func aSnapshotTimeThatIsNoTimeSkipsTheMessageNamingIt() throws {
        let bad = Self.snapshot.replacingOccurrences(of: "2025-12-28T22:52:42.175+00:00", with: "yesterday")
        let (result, file, folder) = try Self.read([
            DiscordExportText.message(id: "1", content: "hello"), DiscordExportText.message(id: "2", extra: bad),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.transcript.channels.first?.messages.map(\.id) == [MessageID("1")])
        let path = "messages[1].forwardedMessage.timestamp"
        #expect(
            result.diagnostics == [
                Diagnostic.skipped(
                    file: file, location: path, reason: #"expected an RFC 3339 timestamp, found "yesterday""#,
                    cause: .schema(file: file, path: path, expected: #"an RFC 3339 timestamp, found "yesterday""#))
            ])
    }

    @Test func aForwardStreamsAsItReadsWhole() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = [DiscordExportText.message(id: "1", content: "hello"), DiscordExportText.message(id: "2", extra: Self.snapshot)]
        try DiscordExportText.write(DiscordExportText.export(messages: messages), to: "export.json", in: folder)
        #expect(try StreamedImportTests.expectSameAsWhole(folder.appendingPathComponent("export.json").path) == 2)
    }
}
