import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The zip form of an export (the chat with its media) and the `render` flags.
@Suite("WhatsApp zip and command line")
struct WhatsAppArchiveTests {
    @Test("a zip export is detected by its entries; attachments get the sizes of the files beside the chat")
    func zip() throws {
        let result = try TranscriptReader().read(contentsOf: TestPaths.fixture("whatsapp-ios-with-media.zip").path)
        #expect(result.format == .whatsApp)
        let channel = result.transcript.channels[0]
        #expect(channel.name == "whatsapp-ios-with-media")
        #expect(channel.messages.count == 4)
        #expect(channel.messages.flatMap(\.attachments).map(\.sizeBytes) == [5500, 300])
        #expect(channel.messages[2].content.text == "Tomorrow at 10:00? Agenda:\n1/2/24, 10:00 - looks like a header of another layout")
        let sameFromMemory = try TranscriptReader().read(
            Data(contentsOf: TestPaths.fixture("whatsapp-ios-with-media.zip")), file: "chat.zip")
        #expect(sameFromMemory.transcript.channels[0].messages.map(\.id) == channel.messages.map(\.id))
    }

    @Test(
        "parley render reads WhatsApp, Slack and SMS inputs together", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent")
    )
    func renderAll() throws {
        let output = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let outcome = try ParleyProcess.run([
            "render", TestPaths.corpus.appendingPathComponent("whatsapp/whats_json-android-en-with-media.txt").path,
            TestPaths.corpus.appendingPathComponent("slack/slackdump-export").path,
            TestPaths.corpus.appendingPathComponent("sms-xml/sbrp-mixed.xml").path, "-o", output.path, "--me", "User A",
        ])
        #expect(outcome.code == 0)
        #expect(outcome.output.hasPrefix("Rendered 80 messages in 4 channels"))
    }

    @Test("--date-order takes dmy, mdy or ymd")
    func badDateOrder() throws {
        let outcome = try ParleyProcess.run(["render", "x.txt", "-o", "/tmp/none", "--date-order", "dym"])
        #expect(outcome.code == 64)
        #expect(outcome.errors == "parley: --date-order: expected dmy, mdy or ymd, got 'dym'\n")
    }
}
