import Foundation
import ParleyTestSupport
import Testing

/// The warnings about a record of an input that bundles several files — a folder of
/// DiscordChatExporter exports, a Slack export's day files, a Telegram export's `result.json` in a
/// zip — name the file within the input that holds the record, and a duplicate names the file of
/// its first copy when that is another one: `parley render` (each message streamed into the
/// archive's store) and `parley convert` (the input read whole) alike.
@Suite struct BundledInputWarningTests {
    /// One DiscordChatExporter message of channel `general` (id 1000 in guild G) by Avery, with
    /// content `text`.
    static func discordMessage(_ id: String, _ text: String = "hi") -> String {
        """
        {"id": "\(id)", "type": "Default", "timestamp": "2026-03-01T09:0\(id):00.000+00:00", "timestampEdited": null,
         "isPinned": false, "content": "\(text)",
         "author": {"id": "1", "name": "avery", "nickname": "Avery", "color": null, "isBot": false, "avatarUrl": null},
         "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []}
        """
    }

    /// A DiscordChatExporter export of channel `general` whose `messages` are `records`.
    static func discordExport(_ records: [String]) -> String {
        """
        {"guild": {"id": "900", "name": "G"}, "channel": {"id": "1000", "type": "GuildTextChat", "categoryId": null,
         "category": null, "name": "general", "topic": null}, "messages": [\(records.joined(separator: ", "))]}
        """
    }

    /// Writes `files` (paths relative to `folder`, and their text) under `folder`.
    static func write(_ files: [String: String], in folder: URL) throws {
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Zips `source` (a file, or a folder with everything below it) into `zip`, with Python's
    /// `zipfile`: the entries are named from `source`'s last path component down.
    static func zip(_ source: URL, to zip: URL) throws {
        let outcome = try ParleyProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "zipfile", "-c", zip.path, source.path])
        #expect(outcome.code == 0, "\(outcome.errors)")
    }

    /// The warnings `parley render` and `parley convert` print for `input`, each run quietly into
    /// a new folder below `scratch`; both must succeed and print nothing on standard output.
    static func warnings(_ input: String, scratch: URL) throws -> (render: String, convert: String) {
        let archive = scratch.appendingPathComponent("archive-\(UUID().uuidString)")
        let render = try ParleyProcess.run(["render", input, "-q", "-o", archive.path])
        #expect(render.code == 0 && render.output.isEmpty, "\(render.errors)")
        let jsonl = scratch.appendingPathComponent("converted-\(UUID().uuidString).jsonl")
        let convert = try ParleyProcess.run(["convert", input, "-q", "-o", jsonl.path])
        #expect(convert.code == 0 && convert.output.isEmpty, "\(convert.errors)")
        return (render.errors, convert.errors)
    }

    /// A channel exported in two files (`--partition`): message 2 is in both, message 3 twice in
    /// the second, message 2 a third time after them, and a record that cannot be read comes
    /// before. Every warning names the second file; a duplicate names the first copy's file when
    /// it is the other one. `convert` merges the two files' copies of message 2 without a word
    /// (``TranscriptMerger``), and names each duplicate within the second file by the record
    /// of its first copy there.
    @Test func aDiscordFolderNamesTheFileOfEachCopy() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exports = folder.appendingPathComponent("exports")
        try Self.write(
            [
                "G - general [1000].json": Self.discordExport([Self.discordMessage("1"), Self.discordMessage("2")]),
                "G - general [1000] [part 2].json": Self.discordExport([
                    Self.discordMessage("2"), #"{"id": "5"}"#, Self.discordMessage("3"), Self.discordMessage("3"),
                    Self.discordMessage("2"),
                ]),
            ], in: exports)
        let first = exports.appendingPathComponent("G - general [1000].json").path
        let second = exports.appendingPathComponent("G - general [1000] [part 2].json").path
        let (render, convert) = try Self.warnings(exports.path, scratch: folder)
        let skipped = "parley: warning: \(second): messages[1].timestamp: record skipped: expected a required \"timestamp\" field\n"
        #expect(
            render == skipped
                + "parley: warning: \(second): messages[0]: duplicate message id 2 (first seen at \(first): messages[1]); merged, later copy kept\n"
                + "parley: warning: \(second): messages[3]: duplicate message id 3 (first seen at messages[2]); merged, later copy kept\n"
                + "parley: warning: \(second): messages[4]: duplicate message id 2 (first seen at \(first): messages[1]); merged, later copy kept\n"
        )
        #expect(
            convert == skipped
                + "parley: warning: \(second): messages[3]: duplicate message id 3 (first seen at messages[2]); merged, later copy kept\n"
                + "parley: warning: \(second): messages[4]: duplicate message id 2 (first seen at messages[0]); merged, later copy kept\n")
    }

    /// A message of the archive whose copy in a folder's file has the same edit time and other
    /// content: the warning names that file.
    @Test func aConflictWithTheArchiveNamesTheFileInTheFolder() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exports = folder.appendingPathComponent("exports"), archive = folder.appendingPathComponent("archive")
        let name = "G - general [1000].json"
        try Self.write([name: Self.discordExport([Self.discordMessage("1", "before")])], in: exports)
        let first = try ParleyProcess.run(["render", exports.path, "-q", "-o", archive.path])
        #expect(first.code == 0 && first.errors.isEmpty, "\(first.errors)")
        try Self.write([name: Self.discordExport([Self.discordMessage("1", "after")])], in: exports)
        let again = try ParleyProcess.run(["render", exports.path, "-q", "-o", archive.path])
        #expect(again.code == 0)
        #expect(
            again.errors
                == "parley: warning: \(exports.appendingPathComponent(name).path): channel general, message 1: differs from the archive's copy (same edit time, different content); this input's copy is kept\n"
        )
    }

    /// A Slack export whose message is in two day files (edited on the second day): the warning
    /// names the second day file and the first, the same for the folder and its zip, streamed
    /// and read whole.
    @Test func aSlackExportNamesTheDayFileOfEachCopy() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = folder.appendingPathComponent("Acme")
        try Self.write(
            [
                "users.json": #"[{"id":"U1","name":"ana"}]"#,
                "channels.json": #"[{"id":"C1","name":"general"}]"#,
                "general/2024-01-01.json": #"[{"type":"message","user":"U1","text":"root","ts":"1704103200.000100"}]"#,
                "general/2024-01-02.json": """
                [{"type":"message","user":"U1","text":"other","ts":"1704189600.000300"},
                 {"type":"message","user":"U1","text":"root, edited","ts":"1704103200.000100","edited":{"user":"U1","ts":"1704190000.000000"}}]
                """,
            ], in: export)
        let zip = folder.appendingPathComponent("acme.zip")
        try Self.zip(export, to: zip)
        for input in [export.path, zip.path] {
            let (render, convert) = try Self.warnings(input, scratch: folder)
            let expected =
                "parley: warning: \(input): general/2024-01-02.json: $[1]: duplicate message id 1704103200.000100 (first seen at \(input): general/2024-01-01.json: $[0]); merged, later copy kept\n"
            #expect(render == expected)
            #expect(convert == expected)
        }
    }

    /// A Telegram export zipped: the warnings name `result.json` in the zip, and each duplicate
    /// the record of its first copy (a record skipped before it does not shift the count).
    @Test func aTelegramZipNamesItsResultFile() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func message(_ id: Int, _ text: String) -> String {
            """
            {"id":\(id),"type":"message","date":"2023-11-15T00:1\(id):00","date_unixtime":"170000006\(id)","from":"Ana",
             "from_id":"user1","text":"\(text)","text_entities":[]}
            """
        }
        let records = [message(5, "one"), #"{"id":7,"type":"message"}"#, message(6, "two"), message(6, "two"), message(5, "one")]
        let result = folder.appendingPathComponent("result.json")
        try Self.write(
            [
                "result.json": #"{"name":"Group","type":"private_supergroup","id":1234567890,"messages":["# + records.joined(separator: ",")
                    + "]}"
            ],
            in: folder)
        let zip = folder.appendingPathComponent("telegram.zip")
        try Self.zip(result, to: zip)
        let (render, convert) = try Self.warnings(zip.path, scratch: folder)
        let file = "\(zip.path)/result.json"
        let expected =
            "parley: warning: \(file): messages[1]: record skipped: expected a \"date_unixtime\" or \"date\" field\n"
            + "parley: warning: \(file): messages[3]: duplicate message id 6 (first seen at messages[2]); merged, later copy kept\n"
            + "parley: warning: \(file): messages[4]: duplicate message id 5 (first seen at messages[0]); merged, later copy kept\n"
        #expect(render == expected)
        #expect(convert == expected)
    }
}
