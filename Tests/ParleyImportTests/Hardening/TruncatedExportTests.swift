import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Truncated files keep everything read before the break: every prefix of a JSON export imports
/// the whole records before the cut — exactly as the whole file has them, never a record read in
/// part — or fails with an ``ImportError`` when the cut falls before the first record list.
@Suite struct TruncatedExportTests {
    static func messages(_ data: Data, _ format: InputFormat) throws(ImportError) -> [Message] {
        try TranscriptReader().read(data, file: "cut.json", format: format).transcript.channels.flatMap(\.messages)
    }

    /// The file with only its first `count` records in `messages`, written again whole: the oracle
    /// for what a cut after `count` records must give.
    static func firstRecords(_ count: Int, of data: Data) throws -> Data {
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        root["messages"] = Array(try #require(root["messages"] as? [Any]).prefix(count))
        return try JSONSerialization.data(withJSONObject: root)
    }

    @Test(arguments: [("tiny.json", InputFormat.discordChatExporter), ("telegram-rich.json", .telegram)])
    func everyPrefixKeepsExactlyTheWholeRecordsBeforeTheBreak(name: String, format: InputFormat) throws {
        let data = try Data(contentsOf: TestPaths.fixture(name))
        let whole = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])["messages"] as? [Any]
        let oracle = try (0...(whole?.count ?? 0)).map { try Self.messages(Self.firstRecords($0, of: data), format) }
        var imported = 0, records = 0
        for cut in 1..<data.count {
            guard let messages = try? Self.messages(data.prefix(cut), format) else { continue }
            imported += 1
            let count = oracle[records...].firstIndex(of: messages)
            #expect(count != nil, "cut at \(cut): not the whole records before the break, as the whole file has them")
            records = count ?? records
        }
        #expect(records == oracle.count - 1, "a cut in the file's last bytes keeps every record")
        #expect(imported > data.count * 3 / 4, "most cuts import (\(imported) of \(data.count - 1))")
    }

    /// A ChatGPT conversation is one record: a cut inside the first (60 % of the fixture) keeps
    /// nothing and fails naming it, so there a third of the cuts, those after it, must import.
    @Test(arguments: [
        ("matrix-element-export.json", InputFormat.matrix, 2), ("chatgpt-branches.json", .chatGPT, 3),
    ])
    func everyPrefixImportsOrFailsWithAnError(name: String, format: InputFormat, share: Int) throws {
        let data = try Data(contentsOf: TestPaths.fixture(name))
        let whole = try Self.messages(data, format)
        var imported = 0
        for cut in 1..<data.count {
            if (try? Self.messages(data.prefix(cut), format)) != nil { imported += 1 }
        }
        #expect(try Self.messages(data.prefix(data.count - 1), format).count == whole.count)
        #expect(imported > data.count / share, "enough cuts import (\(imported) of \(data.count - 1))")
    }

    @Test func aChatGPTListCutShortKeepsItsWholeConversations() throws {
        let data = try Data(contentsOf: TestPaths.fixture("chatgpt-branches.json"))
        let second = try #require(data.range(of: Data(#""conversation_id": "conv-2""#.utf8))).upperBound
        let whole = try TranscriptReader().read(data, file: "cut.json", format: .chatGPT)
        let result = try TranscriptReader().read(data.prefix(second), file: "cut.json", format: .chatGPT)
        #expect(result.transcript.channels == whole.transcript.channels.filter { $0.id.rawValue.hasPrefix("conv-1") })
        #expect(
            result.diagnostics.filter(\.skipsRecord).map(\.description) == [
                "cut.json: $[1]: record skipped: the file ends at byte \(second) inside this record (truncated?); every record before it is kept"
            ])
    }

    @Test func theRecordTheFileEndsInsideIsNamedAndLeftOut() throws {
        let data = try Data(contentsOf: TestPaths.fixture("tiny.json"))
        let cut = try #require(data.range(of: Data(#""id": "103""#.utf8))).upperBound
        let result = try TranscriptReader().read(data.prefix(cut), file: "cut.json", format: .discordChatExporter)
        #expect(result.transcript.channels[0].messages.map(\.id.rawValue) == ["101", "102"])
        #expect(
            result.diagnostics.map(\.description) == [
                "cut.json: messages[2]: record skipped: the file ends at byte \(cut) inside this record (truncated?); every record before it is kept"
            ])
    }

    @Test func aSlackDayFileCutShortKeepsItsWholeMessages() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let day =
            #"[{"type":"message","user":"U1","text":"one","ts":"1704103200.000100"},"#
            + #"{"type":"message","user":"U1","text":"two","ts":"1704103260.000100"},{"type":"message","user":"U1","te"#
        try Data(#"[{"id":"U1","name":"ana"}]"#.utf8).write(to: folder.appendingPathComponent("users.json"))
        try Data(#"[{"id":"C1","name":"general"}]"#.utf8).write(to: folder.appendingPathComponent("channels.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("general"), withIntermediateDirectories: true)
        try Data(day.utf8).write(to: folder.appendingPathComponent("general/2024-01-01.json"))
        let result = try TranscriptReader().read(contentsOf: folder.path)
        #expect(result.transcript.channels[0].messages.map(\.content.text) == ["one", "two"])
        #expect(
            result.diagnostics.filter(\.skipsRecord).map(\.description) == [
                "\(folder.path): general/2024-01-01.json: $[2]: record skipped: the file ends at byte \(day.utf8.count) "
                    + "inside this record (truncated?); every record before it is kept"
            ])
    }
}
