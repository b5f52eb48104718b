import Foundation
import ParleyDigest
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
        var hasher = SHA256.Hasher()
        for byte in Array(content.utf8) { [byte].withUnsafeBytes { hasher.update($0) } }
        #expect(hasher.hex() == digest, "fed a byte at a time")
    }

    /// Property: 2,000 seeded inputs of 0 to 300 bytes, fed in random chunks (empty ones too),
    /// digest exactly as the whole input does.
    @Test func anySplitIntoChunksGivesTheDigestOfTheWhole() {
        var random = SeededRandom(seed: 256)
        for _ in 0..<2_000 {
            let bytes = (0..<random.below(301)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var hasher = SHA256.Hasher()
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + random.below(130))
                bytes[offset..<end].withUnsafeBytes { hasher.update($0) }
                offset = end
            }
            #expect(hasher.finish() == SHA256.digest(bytes), "\(bytes.count) bytes")
        }
    }

    /// A file larger than one copy chunk (3 MiB and 17 bytes) is copied a chunk at a time under the
    /// name `sha256sum` gives it, and a second render links the previous archive's copy (same
    /// inode) instead of writing it again.
    @Test func aLargeFileIsCopiedInChunksUnderItsDigestAndKeptByTheNextRender() throws {
        let input = TestPaths.temporaryFolder()
        var random = SeededRandom(seed: 3)
        let bytes = (0..<(3 << 20) + 17).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let file = input.appendingPathComponent("f.txt")
        try Data(bytes).write(to: file)
        let sum = try ParleyProcess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
        let digest = String(sum.output.prefix(64))
        #expect(digest.count == 64)
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        var options = ArchiveOptions()
        options.media = MediaOptions(mode: .copy, inputFolders: [input])
        _ = try ArchiveWriter(options: options).write(MediaFixture.transcript(["f.txt"]), to: output)
        let copy = output.appendingPathComponent("media/\(digest).bin")
        #expect(try Data(contentsOf: copy) == Data(bytes))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path) == ["\(digest).bin"])
        let inode = try FileManager.default.attributesOfItem(atPath: copy.path)[.systemFileNumber] as? UInt64
        _ = try ArchiveWriter(options: options).write(MediaFixture.transcript(["f.txt"]), to: output)
        #expect(try FileManager.default.attributesOfItem(atPath: copy.path)[.systemFileNumber] as? UInt64 == inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path) == ["\(digest).bin"])
    }
}
