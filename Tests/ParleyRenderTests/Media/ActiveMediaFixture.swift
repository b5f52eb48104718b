import Foundation

/// An input folder of attachments that would run script if a browser opened them as what their
/// names say (each payload sets `document.title` to `pwned` and writes `localStorage.pwned`), and
/// two passive files: a real PNG and plain text.
enum ActiveMediaFixture {
    struct File {
        var path: String
        var bytes: [UInt8]
        /// The file's SHA-256, as `--media copy` names it.
        var digest: String
    }

    static func script(_ name: String) -> String { "document.title='pwned';localStorage.setItem('pwned','\(name)')" }

    static let files: [File] = [
        File(
            path: "page.html", bytes: Array("<!DOCTYPE html><title>x</title><script>\(script("page.html"))</script>\n".utf8),
            digest: "f7b929d4e9cc965bcd03d0bd8e05c4f5ee17f9b3eaf7f8e6ad78243eb5912293"),
        File(
            path: "image.svg",
            bytes: Array(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"\(script("image.svg"))\"><script>localStorage.setItem('pwned','image.svg')</script></svg>\n"
                    .utf8),
            digest: "2a7c7d7199c7cbdb643c5e80c1d480ac9d8033e7f69b1b5315fa44f1245d8142"),
        File(
            path: "doc.xhtml",
            bytes: Array(
                "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>x</title></head><body><script>\(script("doc.xhtml"))</script></body></html>\n"
                    .utf8),
            digest: "7781a74863e106b435b16732ccb5d748d520b764bf793ef558252255cc4e9d4e"),
        File(
            path: "feed.xml",
            bytes: Array(
                "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>x</title></head><body><script>\(script("feed.xml"))</script></body></html>\n"
                    .utf8),
            digest: "3c1a659c77ac6b2e43bc00134243df437ed9535d908ed57f8846fb3f5b09123d"),
        File(
            path: "app.js", bytes: Array("\(script("app.js"));\n".utf8),
            digest: "f16027d726643d392e0e979baa236f08693771e972486aa4dd7018ab9630ecfb"),
        File(
            path: "fake.png",
            bytes: Array("<html><head><title>x</title></head><body><script>\(script("fake.png"))</script></body></html>\n".utf8),
            digest: "106469388e37ad2c0aaaa7a027124d7160d82da14b9f5b0c01d97dafe0207657"),
        File(
            path: "sub/we\"ird<name>.html", bytes: Array("<script>\(script("weird"))</script>\n".utf8),
            digest: "bd602fa10b0dd9e8d3bf71c527e6ba23ab97a5c8ad96beec88bb5aa61e31d68a"),
        File(
            path: "real.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("real".utf8),
            digest: "d31008b3270ed1df3aa5e59809aeb92d7e8318e974c6aadfccf1584f60d7978b"),
        File(
            path: "notes.txt", bytes: Array("plain notes\n".utf8),
            digest: "ed8f7d8cecd885a87c6863926af2f61e2ba33581fd623d5fed8ae0a3f17acafb"),
    ]

    /// The active payloads: every file but `real.png` and `notes.txt`.
    static var payloads: [File] { files.filter { !["real.png", "notes.txt"].contains($0.path) } }

    /// `root/input/` holding ``files``.
    static func inputFolder() throws -> (root: URL, input: URL) {
        let (root, _) = try MediaFixture.inputFolder()
        let input = root.appendingPathComponent("active")
        for file in files {
            let url = input.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        return (root, input)
    }
}
