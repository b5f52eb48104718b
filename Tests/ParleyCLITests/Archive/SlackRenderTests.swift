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

    /// A thread reply also sent to the channel is on the page twice, the channel's copy and the
    /// thread's, each with an element id of its own (`m-TS` and `m-TS-thread`), both ways alike.
    @Test("a thread broadcast's two copies have element ids of their own")
    func threadBroadcast() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "users.json": #"[{"id":"U1","name":"ana"}]"#,
            "general/2024-01-01.json": """
            [{"type":"message","user":"U1","text":"root","ts":"1704103200.000100","thread_ts":"1704103200.000100"},
             {"type":"message","subtype":"thread_broadcast","user":"U1","text":"to both","ts":"1704103260.000200",
              "thread_ts":"1704103200.000100"}]
            """,
        ]
        for (name, text) in files {
            let url = folder.appendingPathComponent("export/\(name)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (streamed, converted) = try Self.renderBothWays(folder.appendingPathComponent("export").path)
        #expect(streamed == converted)
        let page = String(decoding: try #require(streamed["c/C1/2024-01.html"]), as: UTF8.self)
        let ids = page.matches(of: /<article [^>]*id="(m-[^"]*)"/).map { String($0.output.1) }
        #expect(ids == ["m-1704103200.2E000100", "m-1704103260.2E000200", "m-1704103260.2E000200-thread"])
    }
}
