import Foundation
import ParleyTestSupport
import Testing

/// Black-box: `parley render` of an export whose media folder lacks three of its files sums them
/// up on one warning line (every one with `-v`, the count alone with `-q`), and its pages show
/// each as a card naming the file.
@Suite struct MissingMediaRenderTests {
    static let input = TestPaths.fixture("media-missing/missing-media.json").path

    static func render(_ flags: [String]) throws -> (outcome: ParleyProcess.Outcome, output: URL) {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        return (try ParleyProcess.run(["render", input, "-o", output.path] + flags), output)
    }

    @Test func oneLineCountsTheMissingFilesAndNamesTheFirst() throws {
        let (outcome, output) = try Self.render([])
        #expect(outcome.code == 0)
        #expect(
            outcome.errors
                == "parley: warning: 3 media files not found in the input; the first: \"photos/picnic.jpg\" (--verbose lists every one)\n"
        )
        #expect(outcome.output == "Rendered 3 messages in 1 channel to 3 pages.\nOpen \(output.path)/index.html\n")
    }

    @Test func copyIsTheDefaultAndLinkSaysWhatTheArchiveDependsOn() throws {
        let (copied, archive) = try Self.render(["-q"])
        #expect(copied.code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: archive.appendingPathComponent("media").path).count == 2)
        let (linked, output) = try Self.render(["--media", "link"])
        #expect(linked.code == 0)
        #expect(
            linked.output
                == "Rendered 3 messages in 1 channel to 3 pages.\n"
                + "The pages link to 2 media files outside the archive (--media link): moving or deleting them breaks those images; "
                + "--media copy keeps them inside.\nOpen \(output.path)/index.html\n")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("media").path))
    }

    @Test func verboseListsEveryMissingFile() throws {
        let (outcome, _) = try Self.render(["-v"])
        #expect(outcome.code == 0)
        #expect(
            outcome.errors
                == "parley: warning: 3 media files not found in the input:\n"
                + "parley: warning: media \"photos/picnic.jpg\": no such file in the input\n"
                + "parley: warning: media \"clips/river walk.mp4\": no such file in the input\n"
                + "parley: warning: media \"plan\": no such file in the input\n")
    }

    @Test func quietPrintsTheCountAlone() throws {
        let (outcome, _) = try Self.render(["-q", "--media", "copy"])
        #expect(outcome.code == 0)
        #expect(outcome.errors == "parley: warning: 3 media files not found in the input.\n")
        #expect(outcome.output == "")
    }

    @Test func thePageShowsACardForEachMissingFileAndCopiesTheOthers() throws {
        let (outcome, output) = try Self.render(["-q", "--media", "copy"])
        #expect(outcome.code == 0)
        let page = try String(contentsOf: output.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
        let cards = page.components(separatedBy: #"<div class="attachment-missing "#).dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(cards == [#"missing-image">"#, #"missing-video">"#, #"missing-file">"#])
        #expect(page.contains(#"<span class="attachment-missing-details">JPG image · 2.2 MiB</span>"#))
        #expect(page.contains(#"<span class="attachment-missing-details">MP4 video · 1.0 MiB</span>"#))
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path)
        #expect(media.count == 2, "the photo that is there and the emoji")
        #expect(page.components(separatedBy: #"src="../../media/"#).count - 1 == 2)
    }
}
