import Foundation
import ParleyTestSupport
import Testing

/// Black-box: an SMS backup's MMS photos are decoded out of the backup into the archive's store
/// (`DIR/.parley/media/`) and copied into `media/` like any attachment, so the archive keeps them
/// even when a later render's inputs no longer hold them.
@Suite struct KeptMMSMediaRenderTests {
    /// A 1×1 PNG.
    static let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    static let pngHash = "497790947d4666760ce38f3c00e852c71fdb66cae849bae8e9ede352719e1581"
    /// The start of a 3GPP video: not media a browser plays.
    static let video = "AAAAGGZ0eXAzZ3A0"
    static let videoHash = "b593597a9200753a3c92ed874574104ac3dabd2cfb8d5a3db117e8104d6e1597"

    /// A backup of one MMS holding the PNG twice — once declared `image/jpeg`, as phones do — and the video.
    static func backup(in folder: URL) throws -> URL {
        func part(_ type: String, _ name: String, _ data: String) -> String {
            "<part seq=\"1\" ct=\"\(type)\" name=\"\(name)\" cl=\"\(name)\" text=\"null\" data=\"\(data)\" />"
        }
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <smses count="1">
            <mms date="1709287200000" msg_box="1" address="+14155550199" contact_name="Alex Doe">
            <parts>
            <part seq="0" ct="text/plain" name="null" text="Our walk" />
            \(part("image/png", "IMG_1.png", png))
            \(part("image/jpeg", "IMG_2.jpg", png))
            \(part("video/3gpp", "VID_1.3gp", video))
            </parts>
            <addrs><addr address="+14155550199" type="137" charset="106" /></addrs>
            </mms>
            </smses>
            """
        let url = folder.appendingPathComponent("sms-backup.xml")
        try Data(xml.utf8).write(to: url)
        return url
    }

    /// A first render that fails after the backup's parts were kept takes them away with the
    /// store and the folders it made: the update is rolled back, so no message refers to them.
    @Test func aFailedFirstRenderTakesAwayThePartsItKept() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", try Self.backup(in: folder).path, "/nonexistent/export.json", "-o", output.path])
        #expect(outcome.code == 66)
        #expect(outcome.errors == "parley: /nonexistent/export.json: cannot read: No such file or directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sms-backup.xml"])
    }

    /// A render into an archive that fails after a backup's parts were kept takes away the parts
    /// it added, and only those: the archive's folder is as it was.
    @Test func aFailedUpdateTakesAwayThePartsItAddedOnly() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let backup = try Self.backup(in: folder)
        let other = folder.appendingPathComponent("sms-backup-2.xml")
        try Data(try String(contentsOf: backup, encoding: .utf8).replacingOccurrences(of: Self.video, with: "AAAAGGZ0eXAzZ3A1").utf8)
            .write(to: other)
        #expect(try ParleyProcess.run(["render", TestPaths.fixture("tiny.json").path, "-q", "-o", output.path]).code == 0)
        func files() throws -> [String: Data] { try ConvertCommandTests.contents(of: output).filter { !$0.key.hasPrefix(".parley/") } }
        let pages = try files()
        let media = output.appendingPathComponent(".parley/media")
        let failed = try ParleyProcess.run(["render", backup.path, "/nonexistent/export.json", "-q", "-o", output.path])
        #expect(failed.code == 66)
        #expect(!FileManager.default.fileExists(atPath: media.path))
        #expect(try files() == pages)
        #expect(try ParleyProcess.run(["render", backup.path, "-q", "-o", output.path]).code == 0)
        let kept = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted()
        #expect(kept == [Self.pngHash, Self.videoHash])
        let rendered = try files()
        #expect(try ParleyProcess.run(["render", other.path, "/nonexistent/export.json", "-q", "-o", output.path]).code == 66)
        #expect(try FileManager.default.contentsOfDirectory(atPath: media.path).sorted() == kept)
        #expect(try files() == rendered)
    }

    @Test("the parts are kept in the store and copied by content hash; a PNG declared JPEG shows as the PNG it is; the video is a download")
    func partsAreCopied() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", try Self.backup(in: folder).path, "-o", output.path])
        #expect(outcome.code == 0, "\(outcome.errors)")
        #expect(outcome.errors == "")
        let stored = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".parley/media").path).sorted()
        #expect(stored == [Self.pngHash, Self.videoHash])
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted()
        #expect(media == [Self.pngHash + ".png", Self.videoHash + ".bin"])
        let page = try String(contentsOf: output.appendingPathComponent("c/sms.3A.2B14155550199/2024-03.html"), encoding: .utf8)
        let image = #"<img src="../../media/\#(Self.pngHash).png" alt="IMG_1.png" loading="lazy">"#
        #expect(page.contains(image))
        #expect(page.contains(#"<img src="../../media/\#(Self.pngHash).png" alt="IMG_2.jpg" loading="lazy">"#))
        #expect(
            page.contains(
                #"<a class="attachment" href="../../media/\#(Self.videoHash).bin" download="VID_1.3gp"><span class="attachment-name" dir="auto">VID_1.3gp</span> <span class="attachment-size">12 B</span></a>"#
            ))
        #expect(!page.contains("attachment-missing"))
    }

    @Test("a later render without the backup still shows its photos, linked from the previous archive; a part the store lost is named")
    func keptAcrossUpdates() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        #expect(try ParleyProcess.run(["render", try Self.backup(in: folder).path, "-o", output.path, "-q"]).code == 0)
        let copied = output.appendingPathComponent("media/\(Self.pngHash).png")
        let inode = try FileManager.default.attributesOfItem(atPath: copied.path)[.systemFileNumber] as? Int
        let later = folder.appendingPathComponent("later.jsonl")
        try Data(
            (#"{"type":"header","format":"parley","version":1,"title":"Later","channels":[{"id":"general","name":"general"}]}"# + "\n"
                + #"{"type":"message","channel":"general","id":"1","timestamp":"2024-03-02T10:00:00.000Z","author":{"id":"a","name":"ana"},"content":"hi"}"#
                + "\n").utf8
        ).write(to: later)
        let update = try ParleyProcess.run(["render", later.path, "-o", output.path])
        #expect(update.code == 0, "\(update.errors)")
        #expect(update.errors == "")
        #expect(try FileManager.default.attributesOfItem(atPath: copied.path)[.systemFileNumber] as? Int == inode)
        let page = try String(contentsOf: output.appendingPathComponent("c/sms.3A.2B14155550199/2024-03.html"), encoding: .utf8)
        #expect(page.contains(#"<img src="../../media/\#(Self.pngHash).png" alt="IMG_1.png" loading="lazy">"#))

        let kept = output.appendingPathComponent(".parley/media/\(Self.pngHash)")
        try FileManager.default.removeItem(at: kept)
        let lost = try ParleyProcess.run(["render", later.path, "-o", output.path])
        #expect(lost.code == 0)
        let uri = "ni:///sha-256;SXeQlH1GZnYM4488AOhSxx_bZsroSbro6e3jUnGeFYE?ct=image/"
        #expect(
            lost.errors
                == "parley: warning: media \"\(uri)png\": the archive's store does not hold it (no \(kept.path))\n"
                + "parley: warning: media \"\(uri)jpeg\": the archive's store does not hold it (no \(kept.path))\n")
        let after = try String(contentsOf: output.appendingPathComponent("c/sms.3A.2B14155550199/2024-03.html"), encoding: .utf8)
        #expect(after.contains(#"<div class="attachment-missing missing-image">"#))
        #expect(!FileManager.default.fileExists(atPath: copied.path))
    }
}
