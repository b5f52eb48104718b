import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// A folder of DiscordChatExporter exports (what "export all channels" writes, flat or one folder
/// per guild) is one input: every file read in path order, each channel keeping its guild's name,
/// its category and a thread its parent; an odd file costs only itself.
@Suite struct DiscordFolderTests {
    /// Two guilds: Alpha's `general` and a thread of it in folders of their own, Beta's `general`
    /// flat beside them; a media folder's JSON, a file that is no export and one whose channel
    /// cannot be read.
    static func writeFolder() throws -> URL {
        let folder = TestPaths.temporaryFolder().appendingPathComponent("exports")
        let alpha = (id: "900", name: "Alpha")
        let files = [
            "Alpha/Text Channels/general [1000].json": DiscordExportText.export(
                guild: alpha, channel: "1000", messages: [DiscordExportText.message(id: "11", content: "alpha one")]),
            "Alpha/Text Channels/general [1000].json_Files/meta.json": #"{"guild": {}, "channel": {}, "messages": []}"#,
            "Alpha/general/Release plans [1001].json": DiscordExportText.export(
                guild: alpha, channel: "1001", type: "GuildPublicThread", category: ("1000", "general"), name: "Release plans",
                messages: [DiscordExportText.message(id: "12", content: "in the thread")]),
            "Beta - Lobby - general [2000].json": DiscordExportText.export(
                guild: ("901", "Beta"), channel: "2000", category: ("801", "Lobby"),
                messages: [
                    DiscordExportText.message(id: "21", content: "beta one"), DiscordExportText.message(id: "22", content: "beta two"),
                ]),
            "broken.json": #"{"guild": {"id": "1", "name": "X"}, "channel": {"id": 5}, "messages": []}"#,
            "notes.json": #"{"todo": ["export DMs"]}"#,
            "README.txt": "not JSON, not read",
        ]
        for (name, text) in files { try DiscordExportText.write(text, to: name, in: folder) }
        return folder
    }

    @Test func severalGuildsKeepTheirNamesCategoriesAndThreads() throws {
        let folder = try Self.writeFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let result = try TranscriptReader().read(contentsOf: folder.path)
        #expect(result.format == .discordChatExporter)
        #expect(result.transcript.title == "Alpha, Beta")
        var general = Channel(id: ChannelID("1000"), name: "general", kind: .text, category: "Text Channels")
        general.guild = "Alpha"
        var thread = Channel(id: ChannelID("1001"), name: "Release plans", kind: .thread, category: "general")
        thread.guild = "Alpha"
        thread.parent = ChannelID("1000")
        var beta = Channel(id: ChannelID("2000"), name: "general", kind: .text, category: "Lobby")
        beta.guild = "Beta"
        // The folder's files are merged: each channel names the app of its input's format.
        general.platform = .discord
        thread.platform = .discord
        beta.platform = .discord
        var headers = result.transcript.channels
        for index in headers.indices { headers[index].messages = [] }
        #expect(headers == [general, thread, beta])
        #expect(
            result.transcript.channels.map { $0.messages.map(\.content.text) } == [
                ["alpha one"], ["in the thread"], ["beta one", "beta two"],
            ])
        let broken = folder.appendingPathComponent("broken.json").path, notes = folder.appendingPathComponent("notes.json").path
        #expect(
            result.diagnostics.map(\.description) == [
                "\(broken): channel.id: record skipped: expected a value of type string; the file is left out",
                "\(notes): $: record skipped: not a DiscordChatExporter export (no \"guild\", \"channel\", \"messages\" key near the start); the file is left out",
            ])
        #expect(result.diagnostics.map(\.skipsRecord) == [true, true])
    }

    @Test func theFolderStreamsAsItReadsWhole() throws {
        let folder = try Self.writeFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(try StreamedImportTests.expectSameAsWhole(folder.path) == 4)
    }

    /// `--partition` writes one channel in several files: they are one channel, a message in two
    /// of them one message.
    @Test func aChannelInSeveralFilesIsOneChannel() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = [DiscordExportText.message(id: "1", content: "one"), DiscordExportText.message(id: "2", content: "two")]
        let second = [DiscordExportText.message(id: "2", content: "two"), DiscordExportText.message(id: "3", content: "three")]
        try DiscordExportText.write(DiscordExportText.export(messages: first), to: "G - C - general [1000].json", in: folder)
        try DiscordExportText.write(DiscordExportText.export(messages: second), to: "G - C - general [1000] [part 2].json", in: folder)
        let result = try TranscriptReader().read(contentsOf: folder.path)
        #expect(result.transcript.title == "Example guild")
        #expect(result.transcript.channels.map(\.id) == [ChannelID("1000")])
        #expect(result.transcript.channels.first?.messages.map(\.id.rawValue) == ["1", "2", "3"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aFolderOfNoExportNamesWhatWasTried() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DiscordExportText.write(#"{"todo": []}"#, to: "notes.json", in: folder)
        let tried = [
            "Slack workspace export: a folder without users.json/channels.json and day files",
            "DiscordChatExporter JSON: a folder without DiscordChatExporter .json exports",
        ]
        #expect(throws: ImportError.unknownFormat(file: folder.path, tried: tried)) { try TranscriptReader().read(contentsOf: folder.path) }
    }

    @Test func aFolderWhoseEveryExportFailsThrowsTheFirstError() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DiscordExportText.write(#"{"guild": {}, "channel": {"id": 5}, "messages": []}"#, to: "a.json", in: folder)
        try DiscordExportText.write(#"{"guild": {}, "channel": {}, "messages": []}"#, to: "b.json", in: folder)
        let file = folder.appendingPathComponent("a.json").path
        #expect(throws: ImportError.schema(file: file, path: "channel.id", expected: "a value of type string")) {
            try TranscriptReader().read(contentsOf: folder.path)
        }
    }
}
