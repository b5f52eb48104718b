import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// DiscordChatExporter writes a custom emoji in `content` as `:name:` and lists it in the
/// message's `inlineEmojis` (and an embed description's in the embed's) with its id and image —
/// a local file when the export was made with `--media`. The importer puts each custom one in the
/// directory, where the renderer finds a `:name:` shortcode's image; Unicode emoji stay text.
@Suite struct DiscordInlineEmojiTests {
    static let emojis = """
        [{"id": "", "name": "🙂", "code": "slight_smile", "isAnimated": false,
          "imageUrl": "https://cdn.jsdelivr.net/gh/twitter/twemoji@latest/assets/svg/1f642.svg"},
         {"id": "754441880066064584", "name": "lemon_blush", "code": "lemon_blush", "isAnimated": false,
          "imageUrl": "export.json_Files/754441880066064584-1A2B3.png"}]
        """

    static let embed = """
        , "embeds": [{"title": "", "url": null, "timestamp": null, "description": "party :blobdance:", "images": [], "fields": [],
          "inlineEmojis": [{"id": "396521773144866826", "name": "blobdance", "code": "blobdance", "isAnimated": true,
            "imageUrl": "https://cdn.discordapp.com/emojis/396521773144866826.gif"}]}]
        """

    @Test func customInlineEmojiJoinTheDirectoryWithTheirImages() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = [
            DiscordExportText.message(id: "1", content: "🙂 :lemon_blush:", inlineEmojis: Self.emojis),
            DiscordExportText.message(id: "2", content: "look", extra: Self.embed),
        ]
        try DiscordExportText.write(DiscordExportText.export(messages: messages), to: "export.json", in: folder)
        let file = folder.appendingPathComponent("export.json").path
        let result = try TranscriptReader().read(contentsOf: file)
        #expect(result.diagnostics.isEmpty)
        #expect(result.transcript.channels.first?.messages.map(\.content.text) == ["🙂 :lemon_blush:", "look"])
        #expect(
            result.transcript.directory.emoji == [
                "754441880066064584": CustomEmoji(name: "lemon_blush", imageURL: "export.json_Files/754441880066064584-1A2B3.png"),
                "396521773144866826": CustomEmoji(
                    name: "blobdance", imageURL: "https://cdn.discordapp.com/emojis/396521773144866826.gif", isAnimated: true),
            ])
        #expect(try StreamedImportTests.expectSameAsWhole(file) == 2)
    }

    @Test func anInlineEmojiListThatIsNotAListSkipsItsMessageNamingIt() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = [
            DiscordExportText.message(id: "1", content: "fine"),
            DiscordExportText.message(id: "2", content: ":x:", inlineEmojis: #"{"id": "1"}"#),
        ]
        try DiscordExportText.write(DiscordExportText.export(messages: messages), to: "export.json", in: folder)
        let file = folder.appendingPathComponent("export.json").path
        let result = try TranscriptReader().read(contentsOf: file)
        #expect(result.transcript.channels.first?.messages.map(\.id) == [MessageID("1")])
        #expect(
            result.diagnostics.map(\.description) == ["\(file): messages[1].inlineEmojis: record skipped: expected a value of type array"])
    }
}
