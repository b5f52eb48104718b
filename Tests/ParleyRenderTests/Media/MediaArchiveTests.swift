import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// `--media copy|link|none`: content-hash copies, links where files are, refused paths reported
/// and never followed, remote URLs left alone.
@Suite struct MediaArchiveTests {
    static func render(_ mode: MediaMode) throws -> (root: URL, output: URL, summary: ArchiveSummary, page: String) {
        let (root, input) = try MediaFixture.inputFolder()
        let output = root.appendingPathComponent("out")
        var options = ArchiveOptions()
        options.media = MediaOptions(mode: mode, inputFolders: [input])
        let summary = try ArchiveWriter(options: options).write(MediaFixture.transcript(MediaFixture.references), to: output)
        let page = try String(contentsOf: output.appendingPathComponent("c/c1/2023-11.html"), encoding: .utf8)
        return (root, output, summary, page)
    }

    static func problems(root: URL) -> [MediaProblem] {
        [
            MediaProblem(reference: "../secret.png", reason: .leavesInputFolder),
            MediaProblem(reference: "/etc/passwd", reason: .absolutePath),
            MediaProblem(reference: "evil.png", reason: .symlinkLeavesInputFolder(target: root.appendingPathComponent("secret.png").path)),
            MediaProblem(reference: "missing.png", reason: .missing),
            MediaProblem(reference: "file:///etc/passwd", reason: .absolutePath),
            MediaProblem(reference: "C:\\Windows\\x.png", reason: .absolutePath),
            MediaProblem(reference: "%2e%2e/secret.png", reason: .leavesInputFolder),
        ]
    }

    @Test func copyStoresEachContentOnceAndRefusesPathsOutOfTheInput() throws {
        let (root, output, summary, page) = try Self.render(.copy)
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted()
        #expect(media.count == 2)
        #expect(summary.mediaFiles == 2)
        #expect(summary.mediaProblems == Self.problems(root: root))
        let png = try #require(media.first { $0.hasSuffix(".png") })
        #expect(try Data(contentsOf: output.appendingPathComponent("media/" + png)) == MediaFixture.png)
        #expect(page.components(separatedBy: #"<img src="../../media/\#(png)""#).count - 1 == 3)
        #expect(page.contains(#"<audio controls="" preload="none" src="../../media/"#))
        #expect(
            page.contains(
                #"<a class="remote-media remote-image" href="https://cdn.example/x.png"><span class="remote-media-name" dir="auto">"#))
        #expect(!page.contains(#"src="https:"#), "an archive loads nothing from elsewhere")
        #expect(
            page.contains(
                #"<div class="attachment-missing missing-image"><span class="attachment-name" dir="auto">secret.png</span> "#
                    + #"<span class="attachment-missing-note">— not in this export</span>"#))
        #expect(page.components(separatedBy: #"<div class="attachment-missing "#).count - 1 == 7, "a card for each refused or missing path")
        let copied = try media.map { try Data(contentsOf: output.appendingPathComponent("media/" + $0)) }
        #expect(!copied.contains(Data("SECRET".utf8)))
        #expect(!page.contains("etc/passwd\""))
    }

    @Test func linkPointsAtFilesWhereTheyAre() throws {
        let (root, output, summary, page) = try Self.render(.link)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("media").path))
        #expect(summary.mediaProblems == Self.problems(root: root))
        #expect(page.components(separatedBy: #"<img src="../../../input/a.png""#).count - 1 == 2)
        #expect(page.contains(#"<img src="../../../input/dup.png""#))
        #expect(page.contains(#"src="../../../input/sub/b.mp3""#))
        #expect(!page.contains("secret.png\""))
        #expect(page.components(separatedBy: #"<div class="attachment-missing "#).count - 1 == 7, "a card for each refused or missing path")
    }

    @Test func noneNamesLocalMediaAndLoadsNothing() throws {
        let (_, output, summary, page) = try Self.render(.none)
        #expect(summary.mediaProblems.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("media").path))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<audio"))
        #expect(!page.contains("attachment-missing"), "nothing is looked up, so nothing is missing")
        #expect(
            page.contains(#"<a class="attachment" href="https://cdn.example/x.png"><span class="attachment-name" dir="auto">x.png</span>"#))
    }

    @Test func theCommandLineTakesAModeAndReportsRefusals() throws {
        let output = TestPaths.temporaryFolder()
        let bad = try ParleyProcess.run(["render", "--sample", "-o", output.appendingPathComponent("a").path, "--media", "fetch"])
        #expect(bad.code == 64)
        #expect(bad.errors == "parley: --media: expected copy, link or none, got 'fetch'\n")
        let escape = try ParleyProcess.run([
            "render", TestPaths.fixture("media-escape.json").path, "-o", output.appendingPathComponent("b").path, "--media", "copy", "-q",
        ])
        #expect(escape.code == 0)
        #expect(
            escape.errors
                == "parley: warning: media \"../../../etc/passwd\": refused: \"..\" would leave the input's folder\n"
                + "parley: warning: media \"/etc/passwd\": refused: not a path relative to the input's folder\n")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("b/media").path))
    }
}
