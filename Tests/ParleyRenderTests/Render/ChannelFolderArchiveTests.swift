import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Channels whose ids made folders that a file system refuses (a long Cyrillic WhatsApp group
/// name), or that a case-insensitive one confuses, render into folders of their own, and the
/// archive's links lead to them.
@Suite struct ChannelFolderArchiveTests {
    static func channel(_ id: String, _ name: String, minute: Int64) -> Channel {
        var message = LiveFixtures.message("m\(minute)", minute: minute, author: 0, text: "hello \(name)")
        message.channel = ChannelID(id)
        return Channel(id: ChannelID(id), name: name, messages: [message])
    }

    @Test func longAndCaseFoldedNamesRenderIntoFoldersOfTheirOwn() throws {
        let long = "whatsapp:" + String(repeating: "Семейный чат ", count: 12)
        let transcript = Transcript(
            title: "Chats",
            channels: [
                Self.channel(long, "Семья", minute: 0), Self.channel("whatsapp:Family", "Family", minute: 1),
                Self.channel("whatsapp:family", "family", minute: 2),
            ])
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let summary = try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: output)
        #expect(summary.channels == 3 && summary.pages == 7)
        let folders = [
            "c/whatsapp.3A.D0.A1.D0.B5.D0.BC.D0.B5.D0.B9.D0.BD.D1.8B.D0.B9.20.D1.87.D0.B0.D1.82.20.D0.A1.D0.B5.D0~c54f3926469db0d9/",
            "c/whatsapp.3AFamily/", "c/whatsapp.3Afamily~aa64d3de1e39dc12/",
        ]
        for folder in folders {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(folder + "2024-03.html").path), "\(folder)")
        }
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        for folder in folders { #expect(index.contains("href=\"\(folder)index.html\""), "\(folder)") }
    }
}
