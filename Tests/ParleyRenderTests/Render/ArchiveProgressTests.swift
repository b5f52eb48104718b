import Foundation
import ParleyImport
import ParleyRender
import ParleyTestSupport
import Testing

/// What ``ArchiveWriter`` reports while it writes, and what it measures.
@Suite struct ArchiveProgressTests {
    static func render(messagesPerPage: Int) throws -> (root: URL, events: [ArchiveProgress], summary: ArchiveSummary) {
        let transcript = try TranscriptReader().read(contentsOf: TestPaths.fixture("tiny.json").path).transcript
        let root = TestPaths.temporaryFolder()
        var events: [ArchiveProgress] = []
        let summary = try ArchiveWriter(options: ArchiveOptions(messagesPerPage: messagesPerPage)).write(transcript, to: root) {
            events.append($0)
        }
        return (root, events, summary)
    }

    @Test("one event per page, the channel's pages and index first and the archive index last, then the swap")
    func eventsInOrder() throws {
        let (root, events, summary) = try Self.render(messagesPerPage: 4)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            events == [
                .rendering(messages: 9), .pageWritten(pages: 1, messages: 4), .pageWritten(pages: 2, messages: 8),
                .pageWritten(pages: 3, messages: 9), .pageWritten(pages: 4, messages: 9), .pageWritten(pages: 5, messages: 9), .swapping,
            ])
        #expect(summary.pages == 5)
        #expect(summary.messages == 9)
    }

    @Test("the bytes written are the sizes of the files the manifest lists; both phases take time")
    func timingsAndBytes() throws {
        let (root, _, summary) = try Self.render(messagesPerPage: 1000)
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try String(contentsOf: root.appendingPathComponent(".parley-manifest"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").dropFirst().map(String.init)
        // 2 channel pages, index.html, colors.css, favicon.ico, 9 public files (4 and 5 themes), and
        // the search index: its entry, one term shard and one snippet chunk.
        #expect(listed.count == 17)
        #expect(listed.filter { $0.hasPrefix("search/") }.count == 3)
        let sizes = try listed.map { try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent($0).path)[.size] as! Int }
        #expect(summary.timings.bytes == sizes.reduce(0, +))
        #expect(summary.timings.render > .zero)
        #expect(summary.timings.write > .zero)
    }
}
