import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Media that could run script (HTML, SVG, XHTML, XML, JavaScript, an HTML file named `.png`) is
/// never shown inline: `--media copy` stores it as `media/<sha256>.bin`, and both `copy` and
/// `link` link it with `download` and its sanitized name. Real images and plain text keep their
/// extension and inline display.
@Suite struct ActiveMediaTests {
    static func render(_ mode: MediaMode) throws -> (root: URL, output: URL, page: String) {
        let (root, input) = try ActiveMediaFixture.inputFolder()
        let output = root.appendingPathComponent("site")
        var options = ArchiveOptions()
        options.media = MediaOptions(mode: mode, inputFolders: [input])
        _ = try ArchiveWriter(options: options).write(MediaFixture.transcript(ActiveMediaFixture.files.map(\.path)), to: output)
        return (root, output, try String(contentsOf: output.appendingPathComponent("c/c1/2023-11.html"), encoding: .utf8))
    }

    static func download(_ href: String, _ name: String, shown: String? = nil) -> String {
        #"<a class="attachment" href="\#(href)" download="\#(name)"><span class="attachment-name" dir="auto">\#(shown ?? name)</span>"#
    }

    @Test func copyStoresActiveFilesAsBinAndLinksThemForDownload() throws {
        let (_, output, page) = try Self.render(.copy)
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted()
        #expect(
            media == [
                "106469388e37ad2c0aaaa7a027124d7160d82da14b9f5b0c01d97dafe0207657.bin",
                "2a7c7d7199c7cbdb643c5e80c1d480ac9d8033e7f69b1b5315fa44f1245d8142.bin",
                "3c1a659c77ac6b2e43bc00134243df437ed9535d908ed57f8846fb3f5b09123d.bin",
                "7781a74863e106b435b16732ccb5d748d520b764bf793ef558252255cc4e9d4e.bin",
                "bd602fa10b0dd9e8d3bf71c527e6ba23ab97a5c8ad96beec88bb5aa61e31d68a.bin",
                "d31008b3270ed1df3aa5e59809aeb92d7e8318e974c6aadfccf1584f60d7978b.png",
                "ed8f7d8cecd885a87c6863926af2f61e2ba33581fd623d5fed8ae0a3f17acafb.txt",
                "f16027d726643d392e0e979baa236f08693771e972486aa4dd7018ab9630ecfb.bin",
                "f7b929d4e9cc965bcd03d0bd8e05c4f5ee17f9b3eaf7f8e6ad78243eb5912293.bin",
            ])
        for file in ActiveMediaFixture.payloads {
            let name = String(file.path.split(separator: "/").last!)
            let expected = name == #"we"ird<name>.html"# ? "we_ird_name_.html" : name
            #expect(page.contains(Self.download("../../media/\(file.digest).bin", expected, shown: name.escapedForTest)))
        }
        #expect(page.components(separatedBy: " download=").count - 1 == 7)
        #expect(page.components(separatedBy: "<img ").count - 1 == 1)
        #expect(page.contains(#"<img src="../../media/d31008b3270ed1df3aa5e59809aeb92d7e8318e974c6aadfccf1584f60d7978b.png""#))
        #expect(
            page.contains(
                #"<a class="attachment" href="../../media/ed8f7d8cecd885a87c6863926af2f61e2ba33581fd623d5fed8ae0a3f17acafb.txt"><span class="attachment-name" dir="auto">notes.txt</span>"#
            ))
        #expect(page.components(separatedBy: #".bin" download=""#).count - 1 == 7)
    }

    @Test func linkNeverShowsActiveFilesInlineAndLinksThemForDownload() throws {
        let (_, output, page) = try Self.render(.link)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("media").path))
        for file in ActiveMediaFixture.payloads where !file.path.hasPrefix("sub/") {
            #expect(page.contains(Self.download("../../../active/\(file.path)", file.path)))
        }
        #expect(
            page.contains(
                Self.download("../../../active/sub/we%22ird%3Cname%3E.html", "we_ird_name_.html", shown: "we&quot;ird&lt;name&gt;.html")))
        #expect(page.components(separatedBy: " download=").count - 1 == 7)
        #expect(page.components(separatedBy: "<img ").count - 1 == 1)
        #expect(page.contains(#"<img src="../../../active/real.png""#))
        #expect(
            page.contains(
                #"<a class="attachment" href="../../../active/notes.txt"><span class="attachment-name" dir="auto">notes.txt</span>"#))
    }
    /// A file is passive only when its extension is on the allowlist and its first bytes match it.
    @Test(arguments: [
        ("a.gif", Array("GIF89a-pixels".utf8), ".gif"), ("a.gif", Array("<html>GIF89a".utf8), ".bin"),
        ("a.webp", Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), ".webp"), ("a.jpg", [0xFF, 0xD8, 0xFF, 0xE0], ".jpg"),
        ("a.mp4", [0, 0, 0, 0x18] + Array("ftypisom".utf8), ".mp4"), ("a.pdf", Array("%PDF-1.7".utf8), ".pdf"),
        ("a.txt", Array("  <script>".utf8), ".bin"), ("a.txt", [0x61, 0x00, 0x62], ".bin"), ("a.svg", Array("<svg/>".utf8), ".bin"),
        ("a.html", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], ".bin"), ("a", Array("plain".utf8), ".bin"),
    ])
    func copiedNamesKeepTheExtensionOnlyWhenBytesMatch(name: String, bytes: [UInt8], stored: String) throws {
        let input = TestPaths.temporaryFolder(), output = TestPaths.temporaryFolder()
        try Data(bytes).write(to: input.appendingPathComponent(name))
        var options = ArchiveOptions()
        options.media = MediaOptions(mode: .copy, inputFolders: [input])
        _ = try ArchiveWriter(options: options).write(MediaFixture.transcript([name]), to: output)
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path)
        #expect(media.map { String($0.dropFirst(64)) } == [stored])
    }
}

extension String {
    /// `"`, `<`, `>` and `&` as Parley escapes them in text.
    fileprivate var escapedForTest: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
        .replacingOccurrences(of: ">", with: "&gt;")
    }
}
