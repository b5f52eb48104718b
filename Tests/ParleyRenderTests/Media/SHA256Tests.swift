import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// `--media copy` names files by SHA-256; the digest is checked against FIPS 180-4's examples
/// through the file names an archive writes.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func copiedFilesAreNamedByTheirDigest(content: String, digest: String) throws {
        let input = TestPaths.temporaryFolder()
        try Data(content.utf8).write(to: input.appendingPathComponent("f.txt"))
        let transcript = MediaFixture.transcript(["f.txt"])
        let output = TestPaths.temporaryFolder()
        var options = ArchiveOptions()
        options.media = MediaOptions(mode: .copy, inputFolders: [input])
        let summary = try ArchiveWriter(options: options).write(transcript, to: output)
        #expect(summary.mediaFiles == 1)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("media/\(digest).txt").path))
    }
}
