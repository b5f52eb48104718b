import Foundation
import ParleyModel
import ParleyTestSupport

/// A transcript whose messages each attach one media reference, and an input folder laid out to
/// try every way out of it.
enum MediaFixture {
    static func transcript(_ references: [String]) -> Transcript {
        let messages = references.enumerated().map { index, reference in
            Message(
                id: MessageID(String(index + 1)), channel: ChannelID("c1"), author: Author(id: AuthorID("a"), name: "Avery"),
                timestamp: Timestamp(seconds: 1_700_000_000 + Int64(index)), content: Content(text: "file \(index + 1)"),
                attachments: [
                    Attachment(
                        id: String(index), url: reference,
                        fileName: String(reference.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "file"))
                ])
        }
        return Transcript(title: "Media", channels: [Channel(id: ChannelID("c1"), name: "media", messages: messages)])
    }

    /// The bytes of `a.png` and `dup.png`: PNG's signature, then `A`.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("A".utf8))

    /// `root/input/` with `a.png`, `dup.png` (same bytes), `sub/b.mp3`, `inner.png` (a link to
    /// `a.png`) and `evil.png` (a link to `root/secret.png`, outside the input folder).
    static func inputFolder() throws -> (root: URL, input: URL) {
        let root = URL(
            fileURLWithPath: realpath(TestPaths.temporaryFolder().path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? "/tmp")
        let input = root.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("SECRET".utf8).write(to: root.appendingPathComponent("secret.png"))
        try png.write(to: input.appendingPathComponent("a.png"))
        try png.write(to: input.appendingPathComponent("dup.png"))
        try Data("ID3-MP3".utf8).write(to: input.appendingPathComponent("sub/b.mp3"))
        try FileManager.default.createSymbolicLink(atPath: input.appendingPathComponent("inner.png").path, withDestinationPath: "a.png")
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("evil.png").path, withDestinationPath: root.appendingPathComponent("secret.png").path)
        return (root, input)
    }

    static let references = [
        "a.png", "dup.png", "sub\\b.mp3", "../secret.png", "/etc/passwd", "evil.png", "missing.png", "https://cdn.example/x.png",
        "file:///etc/passwd", "C:\\Windows\\x.png", "%2e%2e/secret.png", "inner.png",
    ]
}
