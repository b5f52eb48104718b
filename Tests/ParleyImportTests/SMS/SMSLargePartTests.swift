import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// An MMS part past libxml2's 10 MB limit for one node: before, it ended the import and lost every
/// later message (with exit 0 and only a warning). Its base64 data now streams past libxml2,
/// measured and checked, never held.
@Suite("SMS large MMS parts")
struct SMSLargePartTests {
    /// 11 MiB of base64 (8.25 MiB decoded), wrapped as Android's encoder wraps it: 76 columns.
    static let video: String = {
        let line = String(repeating: "QUJD", count: 19)
        return Array(repeating: line, count: (11 << 20) / 76).joined(separator: "\n")
    }()

    static var backup: SMSBackupFile {
        var backup = SMSBackupFile()
        backup.sms("+1 415-555-0199", at: 1_709_287_200, body: "Before", contact: "Alex Doe")
        backup.mms(
            "+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_260, text: "A photo",
            parts: [
                SMSBackupFile.part("image/jpeg", name: "IMG_1.jpg", data: "/9j/4AAQ"),
                SMSBackupFile.part("image/png", name: "bad.png", data: "ab!c"),
            ])
        backup.mms(
            "+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_320, text: "The whole concert",
            parts: [SMSBackupFile.part("video/mp4", name: "VID_20240301.mp4", data: video)])
        backup.sms("+1 415-555-0199", at: 1_709_287_380, type: 2, body: "After")
        backup.sms("+1 415-555-0199", at: 1_709_287_440, body: "Last")
        return backup
    }

    @Test("an 11 MB part and every later message are imported; the part keeps its name, type and decoded size")
    func largePart() throws {
        let path = try Self.backup.write()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let result = try TranscriptReader().read(contentsOf: path)
        #expect(result.transcript.messageCount == 5)
        let messages = result.transcript.channels.flatMap(\.messages)
        #expect(messages.map(\.content.text) == ["Before", "A photo", "The whole concert", "After", "Last"])
        let attachments = messages.flatMap(\.attachments)
        #expect(attachments.map(\.fileName) == ["IMG_1.jpg", "bad.png", "VID_20240301.mp4"])
        #expect(attachments.map(\.contentType) == ["image/jpeg", "image/png", "video/mp4"])
        #expect(attachments.map(\.sizeBytes) == [6, nil, Int64((11 << 20) / 76 * 57)])
        #expect(
            result.diagnostics.map(\.description) == [
                "\(path): line 6: MMS part \"bad.png\" has invalid base64 data at character 2; kept without a size"
            ])
        try StreamedChatCorpusTests.compare(path, expectedChannels: 1)
    }

    @Test("a backup cut inside a large part keeps the messages before it and names the input's last byte")
    func cutInsidePart() throws {
        let text = Self.backup.text
        let cut = try #require(text.range(of: "QUJD\nQUJD", range: text.index(text.startIndex, offsetBy: 5 << 20)..<text.endIndex))
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sms-cut.xml").path
        try Data(text[..<cut.lowerBound].utf8).write(to: URL(fileURLWithPath: path))
        let result = try TranscriptReader().read(contentsOf: path)
        let messages = result.transcript.channels.flatMap(\.messages)
        #expect(messages.map(\.content.text) == ["Before", "A photo", "The whole concert"])
        #expect(messages.map(\.attachments.count) == [0, 2, 0])
        #expect(
            result.diagnostics.map(\.description) == [
                "\(path): line 68081, byte 5242944: the XML breaks off or is malformed (the input ends inside <parts> (truncated)); "
                    + "kept the 3 messages read before it (the last, an <mms> from line 17, is incomplete)",
                "\(path): line 6: MMS part \"bad.png\" has invalid base64 data at character 2; kept without a size",
                "\(path): <smses count>: the backup declares 5 messages; 3 were read",
            ])
    }
}
