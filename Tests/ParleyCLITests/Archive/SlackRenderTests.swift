import Foundation
import ParleyTestSupport
import Testing

/// `parley render` reads a Slack export one day file at a time into the archive's store, where
/// `parley convert` imports it whole (threads gathered, duplicates merged): the archive rendered
/// from the export is byte for byte the one rendered from its conversion to Parley JSON Lines.
@Suite struct SlackRenderTests {
    static func renderBothWays(_ input: String) throws -> (streamed: [String: Data], converted: [String: Data]) {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let streamed = folder.appendingPathComponent("streamed"), converted = folder.appendingPathComponent("converted")
        let jsonl = folder.appendingPathComponent("export.jsonl").path
        let render = try ParleyProcess.run(["render", input, "-o", streamed.path, "--media", "none", "-q"])
        #expect(render.code == 0, "\(render.errors)")
        let convert = try ParleyProcess.run(["convert", input, "-o", jsonl, "-q"])
        #expect(convert.code == 0, "\(convert.errors)")
        let renderConverted = try ParleyProcess.run(["render", jsonl, "-o", converted.path, "--media", "none", "-q"])
        #expect(renderConverted.code == 0, "\(renderConverted.errors)")
        return (ArchiveUpdateTests.pages(streamed), ArchiveUpdateTests.pages(converted))
    }

    @Test("a zipped Slack export renders the pages of its whole import")
    func zip() throws {
        let (streamed, converted) = try Self.renderBothWays(TestPaths.fixture("slack-export.zip").path)
        #expect(streamed.keys.filter { $0.hasPrefix("c/") }.sorted() == ["c/C01GEN/2024-01.html", "c/C01GEN/index.html"])
        #expect(streamed == converted)
    }

    @Test(
        "the corpus's Slack export folders render the pages of their whole import",
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"),
        arguments: [("sev-testarchive", 5), ("slackdump-export", 2)])
    func corpus(folder: String, channelPages: Int) throws {
        let (streamed, converted) = try Self.renderBothWays(TestPaths.corpus.appendingPathComponent("slack/\(folder)").path)
        #expect(streamed.keys.count { $0.hasPrefix("c/") && $0.hasSuffix(".html") } == channelPages)
        #expect(streamed == converted)
    }
}
