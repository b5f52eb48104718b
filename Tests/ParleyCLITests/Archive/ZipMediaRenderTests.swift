import Foundation
import ParleyTestSupport
import Testing

/// Black-box: the media of a zip export (a WhatsApp chat with its photos) are read from the zip's
/// own entries and copied into the archive — in the default mode too, since a file inside a zip
/// cannot be linked to — and never from the folder around the zip, where a same-named file may
/// lie (a hostile chat must not pull files from the reader's Downloads folder into an archive).
@Suite struct ZipMediaRenderTests {
    static let photo = "media/06ea060926fdcfb0a686ddf26534bd1a71cbd94fd81649607fa3b484094a0170.jpg"
    static let voice = "media/b2a6f0fa1bd634e8306b43432a162a42cea518b1a2a019044b1ed22732aaa10b.opus"

    /// A folder holding the fixture zip and, beside it, a decoy under the photo's name and a file
    /// the chat names that is not in the zip.
    static func folder() throws -> URL {
        let folder = TestPaths.temporaryFolder()
        let zip = folder.appendingPathComponent("WhatsApp Chat - Ana.zip")
        try FileManager.default.copyItem(at: TestPaths.fixture("whatsapp-ios-with-media.zip"), to: zip)
        try Data("decoy".utf8).write(to: folder.appendingPathComponent("00000001-PHOTO-2024-03-05-09-15-02.jpg"))
        return folder
    }

    @Test(
        "default and --media copy: the zip's photo and voice note are copied by content hash, the decoy beside it is not read",
        arguments: [[], ["--media", "copy"], ["--media", "link"]])
    func entriesAreCopied(flags: [String]) throws {
        let folder = try Self.folder()
        let output = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(
            ["render", folder.appendingPathComponent("WhatsApp Chat - Ana.zip").path, "-o", output.path] + flags)
        #expect(outcome.code == 0, "\(outcome.errors)")
        #expect(!outcome.errors.contains("media"), "\(outcome.errors)")
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted()
        #expect(media == [Self.photo, Self.voice].map { String($0.dropFirst("media/".count)) })
        #expect(try Data(contentsOf: output.appendingPathComponent(Self.photo)).prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let page = try String(contentsOf: output.appendingPathComponent("c/whatsapp.3AAna/2024-03.html"), encoding: .utf8)
        #expect(page.contains(#"<img src="../../\#(Self.photo)" alt="00000001-PHOTO-2024-03-05-09-15-02.jpg" loading="lazy">"#))
        #expect(page.contains(#"<audio controls="" preload="none" src="../../\#(Self.voice)">"#))
        #expect(!page.contains("attachment-missing"))
    }

    @Test(
        "a ChatGPT export's asset pointers are its zip's files: an upload under its name, a generated image in its folder, one it lacks a card"
    )
    func chatGPTAssetPointers() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", TestPaths.fixture("chatgpt-with-files.zip").path, "-o", output.path])
        #expect(outcome.code == 0)
        #expect(
            outcome.errors == "parley: warning: 1 media file not found in the input: \"sediment://file_gone\"\n")
        let photo = "0ae8a378490cb9fab1038ef5c2143dd211e6bbbb10040cf01bf412ae44607a96.png"
        let drawing = "e6a4465370a3dde84fad39a2670fc547e1562a12653f1f4f414d545738ffd724.png"
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted() == [photo, drawing])
        let page = try String(contentsOf: output.appendingPathComponent("c/c1/2023-11.html"), encoding: .utf8)
        #expect(page.contains(#"<img src="../../media/\#(photo)" alt="photo.png" loading="lazy">"#))
        #expect(page.contains(#"<img src="../../media/\#(drawing)" alt="image" loading="lazy">"#))
        #expect(page.contains(#"<div class="attachment-missing missing-file"><span class="attachment-name" dir="auto">file_gone</span>"#))
    }

    @Test("a file the chat names that is not in the zip is missing, even when a file of that name lies beside the zip")
    func aFileBesideTheZipIsNotTheExports() throws {
        let folder = TestPaths.temporaryFolder()
        let chat = folder.appendingPathComponent("_chat.txt")
        try Data("[3/15/24, 09:15:02] Ana: \u{200E}<attached: 00000009-PHOTO-2024-03-05-09-15-02.jpg>\n".utf8).write(to: chat)
        let zip = folder.appendingPathComponent("WhatsApp Chat - Bo.zip")
        try BundledInputWarningTests.zip(chat, to: zip)
        try FileManager.default.removeItem(at: chat)
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: folder.appendingPathComponent("00000009-PHOTO-2024-03-05-09-15-02.jpg"))
        let output = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", zip.path, "-o", output.path, "--media", "copy"])
        #expect(outcome.code == 0, "\(outcome.errors)")
        #expect(
            outcome.errors
                == "parley: warning: 1 media file not found in the input: \"00000009-PHOTO-2024-03-05-09-15-02.jpg\"\n")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("media").path))
        let page = try String(contentsOf: output.appendingPathComponent("c/whatsapp.3ABo/2024-03.html"), encoding: .utf8)
        #expect(page.contains(#"<div class="attachment-missing missing-image">"#))
    }
}
