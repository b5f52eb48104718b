import Foundation
import ParleyTestSupport
import Testing

/// `parley render` of a folder of DiscordChatExporter exports: a forward shows the forwarded text
/// under its "Forwarded" header, a reply to it quotes that text, and a custom `:name:` emoji shows
/// the image the export downloaded (`--media copy`); the archive equals the one rendered from the
/// folder's conversion to Parley JSON Lines.
@Suite struct DiscordRenderTests {
    /// A PNG signature and padding, built when asked for: a 32-byte `Data` kept in a static would
    /// be reported by LeakSanitizer (its storage is allocated once and never freed).
    static var png: Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)) }

    static func message(_ id: String, _ minute: String, _ content: String, _ extra: String) -> String {
        """
        {"id": "\(id)", "type": "\(extra.contains("Default") ? "Reply" : "Default")", "timestamp": "2026-03-01T09:\(minute):00.000+00:00",
         "timestampEdited": null, "isPinned": false, "content": "\(content)",
         "author": {"id": "1", "name": "avery", "nickname": "Avery", "color": null, "isBot": false, "avatarUrl": null},
         "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []\(extra)}
        """
    }

    @Test func aFolderWithAForwardAReplyAndALocalCustomEmojiRenders() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("exports")
        let forward = """
            , "reference": {"type": "Forward", "messageId": "555", "channelId": "2000", "guildId": "900"},
              "forwardedMessage": {"timestamp": "2026-02-28T08:00:00.000+00:00", "content": "release on Friday",
                "attachments": [], "embeds": [], "stickers": []}, "inlineEmojis": []
            """
        let reply = #", "reference": {"type": "Default", "messageId": "1", "channelId": "1000", "guildId": "900"}, "inlineEmojis": []"#
        let emoji = """
            , "inlineEmojis": [{"id": "754441880066064584", "name": "lemon_blush", "code": "lemon_blush", "isAnimated": false,
              "imageUrl": "G - general [1000].json_Files/lemon_blush-1A2B3.png"}]
            """
        let export = """
            {"guild": {"id": "900", "name": "G"}, "channel": {"id": "1000", "type": "GuildTextChat", "categoryId": null,
             "category": null, "name": "general", "topic": null},
             "messages": [\(Self.message("1", "00", "", forward)), \(Self.message("2", "01", "so true", reply)),
               \(Self.message("3", "02", "nice :lemon_blush:", emoji))]}
            """
        try FileManager.default.createDirectory(
            at: input.appendingPathComponent("G - general [1000].json_Files"), withIntermediateDirectories: true)
        try Data(export.utf8).write(to: input.appendingPathComponent("G - general [1000].json"))
        try Self.png.write(to: input.appendingPathComponent("G - general [1000].json_Files/lemon_blush-1A2B3.png"))
        let archive = folder.appendingPathComponent("archive"), converted = folder.appendingPathComponent("converted")
        let jsonl = folder.appendingPathComponent("all.jsonl").path
        let render = try ParleyProcess.run(["render", input.path, "-o", archive.path, "--media", "copy", "-q"])
        #expect(render.code == 0, "\(render.errors)")
        let convert = try ParleyProcess.run(["convert", input.path, "-o", jsonl, "-q"])
        #expect(convert.code == 0, "\(convert.errors)")
        let page = String(decoding: try #require(ArchiveUpdateTests.pages(archive)["c/1000/2026-03.html"]), as: UTF8.self)
        #expect(
            page.contains(
                #"<div class="forwarded"><span class="forwarded-label">Forwarded</span> <a class="forwarded-origin" href="https://discord.com/channels/900/2000/555" dir="auto">original message</a> <span class="forwarded-time">28 February 2026 08:00</span></div>"#
            ))
        #expect(page.contains(#"<span class="reply-excerpt" dir="auto">release on Friday</span>"#))
        let media = try #require(ArchiveUpdateTests.pages(archive).keys.first { $0.hasPrefix("media/") && $0.hasSuffix(".png") })
        #expect(page.contains(#"<img class="emoji" src="../../\#(media)" alt=":lemon_blush:""#))
        #expect(!page.contains("unavailable"))
        let again = try ParleyProcess.run(["render", jsonl, "-o", converted.path, "--media", "none", "-q"])
        #expect(again.code == 0, "\(again.errors)")
        let convertedPage = String(decoding: try #require(ArchiveUpdateTests.pages(converted)["c/1000/2026-03.html"]), as: UTF8.self)
        #expect(convertedPage.contains(#"<span class="reply-excerpt" dir="auto">release on Friday</span>"#))
        #expect(convertedPage.contains(#"href="https://discord.com/channels/900/2000/555""#))
    }
}
