import Foundation
import ParleyImport
import ParleyTestSupport
import Testing

/// Exports that wrap one JSON file: ChatGPT's zip (`conversations.json`) and Telegram Desktop's
/// export folder (`result.json`), found by the file's name.
@Suite struct BundledExportTests {
    @Test func chatGPTExportZipIsReadThroughItsConversationsFile() throws {
        let zip = TestPaths.fixture("chatgpt-export.zip").path
        let result = try TranscriptReader().read(contentsOf: zip)
        #expect(result.format == .chatGPT)
        #expect(result.transcript.channels.map(\.id.rawValue) == ["conv-1", "conv-1~a1", "conv-1~u2", "conv-2", "conv-3"])
        #expect(result.diagnostics.map(\.file) == ["\(zip)/conversations.json"])
    }

    @Test func telegramExportFolderIsReadThroughItsResultFile() throws {
        let folder = TestPaths.temporaryFolder().appendingPathComponent("ChatExport_2023-11-15")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.fixture("telegram-rich.json"), to: folder.appendingPathComponent("result.json"))
        let result = try TranscriptReader().read(contentsOf: folder.path)
        #expect(result.format == .telegram)
        #expect(result.transcript.channels[0].messages.count == 17)
        #expect(result.file == folder.path)
    }

    @Test func aForcedFormatLooksOnlyForItsOwnFile() throws {
        let zip = TestPaths.fixture("chatgpt-export.zip").path
        let error = #expect(throws: ImportError.self) { try TranscriptReader().read(contentsOf: zip, format: .telegram) }
        #expect(error?.description.hasPrefix("\(zip): ") == true)
    }
}
