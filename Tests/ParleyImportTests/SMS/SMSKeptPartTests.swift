import Foundation
import ParleyDigest
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// MMS parts decoded out of the backup into a media folder as they stream (``ImportOptions/mediaFolder``):
/// the backup is often the only copy of those photos.
@Suite("SMS MMS parts kept")
struct SMSKeptPartTests {
    /// The files of `folder`, sorted.
    static func files(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("each part's bytes are decoded into the folder under their SHA-256, the attachment naming them by an ni: URI")
    func largePartDecoded() throws {
        let path = try SMSLargePartTests.backup.write()
        let folder = TestPaths.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
            try? FileManager.default.removeItem(at: folder)
        }
        var options = ImportOptions()
        options.mediaFolder = folder.appendingPathComponent("media")
        let result = try TranscriptReader().read(contentsOf: path, options: options)
        let attachments = result.transcript.channels.flatMap(\.messages).flatMap(\.attachments)
        let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]
        let video = [UInt8](repeating: 0, count: (11 << 20) / 76 * 57).enumerated().map { UInt8(ascii: "A") + UInt8($0.offset % 3) }
        let photoName = SHA256.hex(photo), videoName = SHA256.hex(video)
        #expect(photoName == "fc16d7dcee9cae83ef3923222a81ccd8fe96c9d25fdb7f504d66f1011e0cd870")
        #expect(
            attachments.map(\.url) == [
                ContentURI(digest: SHA256.digest(photo), contentType: "image/jpeg")!.description, "",
                ContentURI(digest: SHA256.digest(video), contentType: "video/mp4")!.description,
            ])
        #expect(attachments[0].url.hasPrefix("ni:///sha-256;") && attachments[0].url.hasSuffix("?ct=image/jpeg"))
        #expect(try Self.files(options.mediaFolder!) == [photoName, videoName].sorted())
        #expect(try Data(contentsOf: options.mediaFolder!.appendingPathComponent(photoName)) == Data(photo))
        #expect(try Data(contentsOf: options.mediaFolder!.appendingPathComponent(videoName)) == Data(video))
        #expect(attachments.map(\.sizeBytes) == [6, nil, Int64(video.count)])
    }

    @Test("the corpus's sample MMS: four parts, four files, named by their digests")
    func corpusSample() throws {
        try #require(TestPaths.corpusAvailable, "../shared/corpus is absent")
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = ImportOptions()
        options.mediaFolder = folder
        let result = try SMSCorpusTests.read("sbr2-sample_mms.xml", options: options)
        let attachments = result.transcript.channels.flatMap(\.messages).flatMap(\.attachments)
        #expect(attachments.map(\.fileName) == ["image.png", "video.mp4", "audio.mp3", "document.pdf"])
        let names = [
            "6b7fa434f92a8b80aab02d9bf1a12e49ffcae424e4013a1c4f68b67e3d2bbcd0",
            "ec42d5f9eb16842754f87d5631e2344e68cee031606433c9aeee7704aa1db9f8",
            "a054f160a359b7dcd19601e52d0e931d57c20b3b69025aa3f16daf84b56b7de1",
            "df8eb0d64a9eaef59470447e39a8cfbc12b0d140ad36a6ef9be2aaf898c66e79",
        ]
        #expect(attachments.map { ContentURI($0.url)?.hex } == names)
        #expect(attachments.map { ContentURI($0.url)?.contentType } == ["image/png", "video/mp4", "audio/mp3", "application/pdf"])
        #expect(try Self.files(folder) == names.sorted())
        let sizes = try names.map {
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.size] as? Int
        }
        #expect(sizes == [70, 42, 56, 139])
        #expect(attachments.map(\.sizeBytes) == [70, 42, 56, 139])
    }

    @Test("the same bytes in two messages are one file; invalid base64 leaves no file behind")
    func sharedAndInvalid() throws {
        var backup = SMSBackupFile()
        let photo = SMSBackupFile.part("image/png", name: "a.png", data: "iVBORw0KGgo=")
        backup.mms("+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_200, text: "one", parts: [photo])
        backup.mms("+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_260, text: "two", parts: [photo])
        backup.mms(
            "+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_320, text: "three",
            parts: [
                SMSBackupFile.part("image/png", name: "bad.png", data: "iVBO*w0K"),
                SMSBackupFile.part("image/png", name: "padding.png", data: "===="),
            ])
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = ImportOptions()
        options.mediaFolder = folder
        let result = try backup.read(options)
        let urls = result.transcript.channels.flatMap(\.messages).flatMap(\.attachments).map(\.url)
        let digest = SHA256.digest([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let uri = ContentURI(digest: digest, contentType: "image/png")!.description
        #expect(urls == [uri, uri, "", ""])
        #expect(try Self.files(folder) == [SHA256.hex([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8])])
    }

    @Test("a folder that cannot be written is reported per part, and the message is kept without the part's data")
    func unwritableFolder() throws {
        var backup = SMSBackupFile()
        backup.mms(
            "+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_200, text: "photo",
            parts: [SMSBackupFile.part("image/png", name: "a.png", data: "iVBORw0KGgo=")])
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("media")
        try Data("not a folder".utf8).write(to: blocker)
        var options = ImportOptions()
        options.mediaFolder = blocker
        let path = try backup.write()
        let result = try TranscriptReader().read(contentsOf: path, options: options)
        let attachment = try #require(result.transcript.channels.first?.messages.first?.attachments.first)
        #expect(attachment.url == "")
        #expect(attachment.sizeBytes == 8)
        #expect(result.diagnostics.count == 1)
        let message = try #require(result.diagnostics.first?.description)
        #expect(message.hasPrefix("\(path): line 5: MMS part \"a.png\" could not be kept (cannot create \(blocker.path)/.partial-"))
        #expect(message.hasSuffix("); kept without its data"))
    }

    @Test("any base64 text, wrapped or not, padded or not, split anywhere, decodes to its bytes (2,000 seeded cases)")
    func anySplitDecodes() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SeededRandom(seed: 0x5A5_7A27)
        for _ in 0..<2_000 {
            let bytes = (0..<random.below(3_000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var text = Data(bytes).base64EncodedString(options: random.chance(50) ? [.lineLength76Characters] : [])
            if random.chance(30) { text = text.replacingOccurrences(of: "=", with: "") }
            if random.chance(20) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
            let file = SMSPartFile(folder: folder)
            var utf8 = Array(text.utf8)[...]
            while !utf8.isEmpty {
                let take = min(utf8.count, 1 + random.below(random.chance(50) ? 8 : 200_000))
                Array(utf8.prefix(take)).withUnsafeBufferPointer { file.add($0) }
                utf8 = utf8.dropFirst(take)
            }
            let outcome = file.finish()
            #expect(outcome == .kept(digest: SHA256.digest(bytes)))
            #expect(try Data(contentsOf: folder.appendingPathComponent(SHA256.hex(bytes))) == Data(bytes))
        }
        #expect(try Self.files(folder).allSatisfy { !$0.hasPrefix(".partial-") })
    }

    @Test("a backup cut inside a part keeps the messages before it and leaves no partial file in the folder")
    func cutInsidePart() throws {
        let text = SMSLargePartTests.backup.text
        let cut = try #require(text.range(of: "QUJD\nQUJD", range: text.index(text.startIndex, offsetBy: 5 << 20)..<text.endIndex))
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sms-cut.xml").path
        try Data(text[..<cut.lowerBound].utf8).write(to: URL(fileURLWithPath: path))
        var options = ImportOptions()
        options.mediaFolder = folder.appendingPathComponent("media")
        let result = try TranscriptReader().read(contentsOf: path, options: options)
        let messages = result.transcript.channels.flatMap(\.messages)
        #expect(messages.map(\.content.text) == ["Before", "A photo", "The whole concert"])
        #expect(messages.flatMap(\.attachments).map(\.url.isEmpty) == [false, true])
        #expect(try Self.files(options.mediaFolder!) == [SHA256.hex([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] as [UInt8])])
    }
}
