import Foundation
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// An archive made before channel folders were checked had a hidden folder for a Matrix room
/// (`c/.21room.3Aexample.2Eorg/`); after the next render its pages send readers on to the new
/// folder, and keep doing so on every later render.
@Suite struct RedirectArchiveTests {
    static let legacy = "c/.21room.3Aexample.2Eorg/"
    static let folder = "c/~.21room.3Aexample.2Eorg/"

    /// Renders the Matrix fixture into a new archive, then moves its channel's pages to the
    /// legacy folder, as an earlier Parley wrote them.
    static func legacyArchive() throws -> URL {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(AtomicArchiveTests.transcript("matrix-element-export.json"), to: output)
        try FileManager.default.moveItem(
            at: output.appendingPathComponent(folder), to: output.appendingPathComponent(legacy))
        let manifest = output.appendingPathComponent(".parley-manifest")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: folder, with: legacy).write(to: manifest, atomically: true, encoding: .utf8)
        return output
    }

    static func redirect(to target: String) -> String {
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, "
            + "initial-scale=1\"><meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; img-src "
            + "&#39;self&#39;; style-src &#39;self&#39;; script-src &#39;self&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;\"><meta "
            + "name=\"generator\" content=\"Parley\"><meta name=\"robots\" content=\"noindex\"><meta http-equiv=\"refresh\" "
            + "content=\"0; url=\(target)\"><title>Parley Room</title><link rel=\"stylesheet\" href=\"../../public/parley.css\">"
            + "<link rel=\"icon\" href=\"../../favicon.ico\"><link rel=\"canonical\" href=\"\(target)\"></head><body><main class=\"redirect\"><h1 dir=\"auto\">Parley Room</h1>"
            + "<p>This page has moved to <a href=\"\(target)\">\(target)</a>.</p></main><script src=\"../../public/redirect.js\">"
            + "</script></body></html>\n"
    }

    @Test func theLegacyFolderKeepsRedirectPagesThroughLaterRenders() throws {
        let output = try Self.legacyArchive()
        let transcript = try AtomicArchiveTests.transcript("matrix-element-export.json")
        for _ in 0..<2 {
            let summary = try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: output)
            #expect(summary.redirectPages == 2)
            #expect(summary.pages == 3)
            #expect(
                try String(contentsOf: output.appendingPathComponent(Self.legacy + "2024-03.html"), encoding: .utf8)
                    == Self.redirect(to: "../~.21room.3Aexample.2Eorg/2024-03.html"))
            #expect(
                try String(contentsOf: output.appendingPathComponent(Self.legacy + "index.html"), encoding: .utf8)
                    == Self.redirect(to: "../~.21room.3Aexample.2Eorg/index.html"))
            let manifest = try String(contentsOf: output.appendingPathComponent(".parley-manifest"), encoding: .utf8)
            #expect(
                manifest.hasPrefix(
                    "parley-manifest 1\nc/.21room.3Aexample.2Eorg/2024-03.html\nc/.21room.3Aexample.2Eorg/index.html\n"
                        + "c/~.21room.3Aexample.2Eorg/2024-03.html\nc/~.21room.3Aexample.2Eorg/index.html\n"))
        }
    }

    @Test func aLegacyPageTheChannelNoLongerHasRedirectsToItsIndex() throws {
        let output = try Self.legacyArchive()
        let old = output.appendingPathComponent(Self.legacy + "2019-01.html")
        try Data("old page".utf8).write(to: old)
        let manifest = output.appendingPathComponent(".parley-manifest")
        try (String(contentsOf: manifest, encoding: .utf8) + Self.legacy + "2019-01.html\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        let summary = try ArchiveWriter(options: ArchiveOptions()).write(
            AtomicArchiveTests.transcript("matrix-element-export.json"), to: output)
        #expect(summary.redirectPages == 3)
        #expect(try String(contentsOf: old, encoding: .utf8) == Self.redirect(to: "../~.21room.3Aexample.2Eorg/index.html"))
    }

    @Test func anArchiveWithoutLegacyPagesGetsNoRedirects() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let transcript = try AtomicArchiveTests.transcript("matrix-element-export.json")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: output)
        let summary = try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: output)
        #expect(summary.redirectPages == 0)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(Self.legacy).path))
    }

    /// A user's own file in the legacy folder (not in the manifest) is neither replaced nor lost.
    @Test func aUsersFileInTheLegacyFolderStaysAsItWas() throws {
        let output = try Self.legacyArchive()
        let notes = output.appendingPathComponent(Self.legacy + "notes.html")
        try Data("mine".utf8).write(to: notes)
        let summary = try ArchiveWriter(options: ArchiveOptions()).write(
            AtomicArchiveTests.transcript("matrix-element-export.json"), to: output)
        #expect(summary.redirectPages == 2)
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine")
    }
}
