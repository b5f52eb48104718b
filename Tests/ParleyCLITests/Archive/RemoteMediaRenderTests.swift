import Foundation
import ParleyTestSupport
import Testing

/// Black-box: an archive's pages load nothing from elsewhere by default — their policy allows
/// images and media from the archive's own files and `data:` only, and a remote image is a link
/// naming its host — and `--allow-remote-media` shows it inline, the policy allowing `https:`;
/// switching between the two rewrites the pages.
@Suite struct RemoteMediaRenderTests {
    static let transcript = """
        {"type":"header","format":"parley","version":1,"title":"Remote","channels":[{"id":"c1","name":"general"}]}
        {"type":"message","channel":"c1","id":"1","timestamp":"2024-03-08T09:15:02.000Z","author":{"id":"u1","name":"ann"},"content":"look","attachments":[{"id":"a1","url":"https://cdn.example.org/photos/picnic.jpg","fileName":"picnic.jpg","contentType":"image/jpeg"}]}

        """

    static let policy =
        "default-src &#39;none&#39;; img-src &#39;self&#39; data:%@; media-src &#39;self&#39;%@; style-src &#39;self&#39;; "
        + "script-src &#39;self&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;"

    static func page(_ archive: URL) throws -> String {
        try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
    }

    @Test func remoteImagesAreLinksUntilAllowed() throws {
        let folder = TestPaths.temporaryFolder()
        let input = folder.appendingPathComponent("remote.jsonl")
        try Data(Self.transcript.utf8).write(to: input)
        let archive = folder.appendingPathComponent("archive")
        let first = try ParleyProcess.run(["render", input.path, "-o", archive.path, "-q"])
        #expect(first.code == 0 && first.errors.isEmpty, "\(first.errors)")
        let withheld = try Self.page(archive)
        #expect(withheld.contains(#"content="\#(String(format: Self.policy, "", ""))""#))
        #expect(
            withheld.contains(
                #"<a class="remote-media remote-image" href="https://cdn.example.org/photos/picnic.jpg"><span class="remote-media-name" dir="auto">picnic.jpg</span> "#
                    + #"<span class="remote-media-host">cdn.example.org</span></a>"#))
        #expect(!withheld.contains(#"src="https:"#))

        let allowed = try ParleyProcess.run(["render", input.path, "-o", archive.path, "--allow-remote-media"])
        #expect(allowed.code == 0)
        #expect(allowed.output.contains("0 new messages, 0 changed, 1 kept from earlier renders; 3 pages rewritten"), "\(allowed.output)")
        let shown = try Self.page(archive)
        #expect(shown.contains(#"content="\#(String(format: Self.policy, " https:", " https:"))""#))
        #expect(shown.contains(#"<img src="https://cdn.example.org/photos/picnic.jpg" alt="picnic.jpg" loading="lazy">"#))

        let again = try ParleyProcess.run(["render", input.path, "-o", archive.path, "-q"])
        #expect(again.code == 0)
        #expect(try Self.page(archive) == withheld)
    }
}
