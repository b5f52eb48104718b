import Foundation
import ParleyTestSupport
import Testing

/// `parley render NEWER -o DIR` on an existing archive: the archive's store keeps every message
/// it has seen, a newer copy wins, and the pages equal a fresh render of every input seen.
@Suite struct ArchiveUpdateTests {
    /// A DiscordChatExporter export of channel `c1` holding `messages` as (id, minute, text, minutes
    /// from the message to its edit), minutes counted from 2024-03-01T00:00Z.
    static func export(_ messages: [(id: Int, minute: Int, text: String, edited: Int?)]) -> String {
        let records = messages.map { message in
            let edited = message.edited.map { "\"" + Self.time(message.minute + $0) + "\"" } ?? "null"
            return """
                {"id": "\(message.id)", "type": "Default", "timestamp": "\(Self.time(message.minute))", "timestampEdited": \(edited), "content": "\(message.text)",
                 "author": {"id": "u\(message.id % 2)", "name": "person\(message.id % 2)"}}
                """
        }
        return #"{"guild": {"id": "g", "name": "Guild"}, "channel": {"id": "c1", "name": "general"}, "messages": ["#
            + records.joined(separator: ",\n") + "]}"
    }

    /// `2024-03-01T00:10:00.000Z` for 10 minutes.
    static func time(_ minutes: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: 1_709_251_200 + Double(minutes) * 60))
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Every file below `folder` but the store, with its bytes.
    static func pages(_ folder: URL) -> [String: Data] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        var files: [String: Data] = [:]
        for path in paths where !path.hasPrefix(".parley/") && path != ".parley" {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }

    @Test func aNewerExportAddsAndEditsAndNothingIsLost() throws {
        let folder = TestPaths.temporaryFolder()
        let older = try Self.write(
            Self.export([(1, 10, "first", nil), (2, 20, "second", nil), (3, 30, "third", nil)]), "older.json", in: folder)
        let newer = try Self.write(
            Self.export([(2, 20, "second, fixed", 40), (3, 30, "third", nil), (4, 50, "fourth", nil)]), "newer.json", in: folder)
        let archive = folder.appendingPathComponent("archive")
        let first = try ParleyProcess.run(["render", older, "-o", archive.path])
        #expect(first.code == 0)
        #expect(first.output == "Rendered 3 messages in 1 channel to 3 pages.\nOpen \(archive.path)/index.html\n")
        let update = try ParleyProcess.run(["render", newer, "-o", archive.path])
        #expect(update.code == 0)
        #expect(
            update.output == "Rendered 4 messages in 1 channel to 3 pages.\n"
                + "Archive update: 1 new message, 1 changed, 3 kept from earlier renders; 3 pages rewritten, 0 unchanged.\n"
                + "Merged in channel general: 2 messages already in the archive (1 replaced by a later edit, 1 identical).\n"
                + "Open \(archive.path)/index.html\n"
        )
        let page = try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
        for text in ["first", "second, fixed", "third", "fourth"] { #expect(page.contains(">\(text)<"), "\(text)") }
        #expect(!page.contains(">second<"))
        let pagePath = archive.appendingPathComponent("c/c1/2024-03.html").path
        var before = stat()
        #expect(stat(pagePath, &before) == 0)
        let again = try ParleyProcess.run(["render", older, "-o", archive.path])
        var after = stat()
        #expect(stat(pagePath, &after) == 0)
        #expect(
            after.st_ino == before.st_ino && after.st_mtim.tv_sec == before.st_mtim.tv_sec
                && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec,
            "an unchanged page keeps its file and modification time")
        #expect(
            again.output.contains("Archive update: 0 new messages, 0 changed, 4 kept from earlier renders; 0 pages rewritten, 3 unchanged.")
        )
        #expect(
            try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8) == page, "an older copy never wins"
        )
    }

    /// Updating in any order of arrival gives the pages of one render of every input at once.
    @Test func updatesEqualAFreshRenderOfEveryInputSeen() throws {
        let folder = TestPaths.temporaryFolder()
        let exports = try [
            Self.export([(1, 10, "a", nil), (2, 20, "b", nil)]), Self.export([(2, 20, "b edited", 25), (3, 3000, "next day", nil)]),
            Self.export([(4, 40, "d", nil), (1, 10, "a", nil)]),
        ].enumerated().map { try Self.write($1, "e\($0).json", in: folder) }
        let fresh = folder.appendingPathComponent("fresh")
        #expect(try ParleyProcess.run(["render"] + exports + ["-o", fresh.path]).code == 0)
        for (index, order) in [[0, 1, 2], [2, 1, 0], [1, 0, 2]].enumerated() {
            let archive = folder.appendingPathComponent("updated\(index)")
            for input in order { #expect(try ParleyProcess.run(["render", exports[input], "-o", archive.path]).code == 0) }
            #expect(Self.pages(archive) == Self.pages(fresh), "order \(order)")
        }
    }

    @Test func aStoreThisParleyCannotReadIsRefused() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: archive.appendingPathComponent(".parley"), withIntermediateDirectories: true)
        let store = archive.appendingPathComponent(".parley/archive.sqlite").path
        try Data("not a database, but it is here".utf8).write(to: URL(fileURLWithPath: store))
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", archive.path])
        #expect(outcome.code == 73)
        #expect(outcome.errors.hasPrefix("parley: \(store): "))
        #expect(try String(contentsOfFile: store, encoding: .utf8) == "not a database, but it is here")
        #expect(!FileManager.default.fileExists(atPath: archive.appendingPathComponent("index.html").path))
    }

    @Test func aStoreFolderThatIsASymbolicLinkIsRefused() throws {
        let folder = TestPaths.temporaryFolder()
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let archive = folder.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: archive.appendingPathComponent(".parley").path, withDestinationPath: elsewhere.path)
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", archive.path])
        #expect(outcome.code == 73)
        #expect(
            outcome.errors == "parley: \(archive.path)/.parley: not a folder (a symbolic link or a file); "
                + "Parley keeps its store in a folder of its own\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    }
}
